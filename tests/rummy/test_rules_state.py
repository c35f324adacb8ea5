"""What rummy's deal and moves leave in the state and report, field by field.

Mutation testing found these unchecked: a new hand's fresh fields (tabled, taken, turnovers, result),
the hand count, the deck check, the facts a move reports (the card taken, the card drawn in private,
going out), the meld count of a turn, the turn passing on to the left, and the hand's recorded detail.
"""

from __future__ import annotations

import pytest

from cardcli.engine.cards import STANDARD_DECK
from cardcli.games.rummy import moves as mv
from cardcli.games.rummy.state import RummyState
from tests.rummy.situations import GAME, play, situation

DECK = list(STANDARD_DECK)


def _match(players: int = 3) -> RummyState:
    config = GAME.presets["standard"]
    state = GAME.new_match(config, players, 0)
    assert state.totals == [0] * players and state.hand_number == 0
    return state


def test_each_deal_starts_the_hand_afresh_and_counts_it() -> None:
    state = _match()
    GAME.start_hand(state, DECK)
    assert state.hand_number == 1
    # leave the first hand's marks everywhere a new hand must clear them
    state.tabled = [True, True, True]
    state.taken, state.turnovers, state.laid_off_on_others = "AS", 2, True
    GAME._end_exhausted(state)  # the hand ends (a wash)
    assert state.result is not None and state.results == [state.result]
    GAME.start_hand(state, DECK[::-1])
    assert state.hand_number == 2
    assert state.tabled == [False, False, False] and state.taken is None and state.turnovers == 0
    assert state.result is None and state.laid_off_on_others is False and state.melds_this_turn == 0


@pytest.mark.parametrize("deck", [DECK[:51], DECK[:51] + DECK[:1], [*DECK, "AS"]])
def test_a_deal_needs_the_52_distinct_cards(deck: list[str]) -> None:
    state = _match()
    with pytest.raises(ValueError, match="^a rummy deal needs the 52 distinct cards of one deck$"):
        GAME.start_hand(state, deck)


def test_a_draw_reports_the_card_taken_in_public_and_the_card_drawn_in_private() -> None:
    st = situation(["2C 3C 4C", "KD KH KS", "9S 9H 5D"], discard="7H", stock="8D", phase="draw", turn=1)
    out = GAME.apply(st, mv.Draw("discard"))
    assert out.facts == {"card": "7H"} and not out.private
    st = situation(["2C 3C 4C", "KD KH KS", "9S 9H 5D"], discard="7H", stock="8D", phase="draw", turn=1)
    out = GAME.apply(st, mv.Draw("stock"))
    assert not out.facts and out.private == {1: {"card": "8D"}}
    assert out.seen_by(1) == {"card": "8D"} and out.seen_by(0) == {}


def test_melds_are_counted_and_going_out_is_reported() -> None:
    st = situation(["2C 3C 4C KD KH KS 9S", "5H 6H 7H"], turn=0)
    assert st.tabled == [False, False]
    out = GAME.apply(st, mv.Meld(("2C", "3C", "4C")))
    assert out.facts == {"out": False} and st.tabled[0] is True and st.melds_this_turn == 1
    GAME.apply(st, mv.Meld(("KD", "KH", "KS")))
    assert st.melds_this_turn == 2
    out = GAME.apply(st, mv.Discard("9S"))
    assert out.facts == {"out": True} and st.phase == "over"
    assert st.result is not None and st.result.detail["left"] == ["", "5H 6H 7H"]


def test_a_lay_off_that_empties_the_hand_reports_going_out() -> None:
    st = situation(["5C", "9H 9D"], melds=[(1, "2C 3C 4C")], turn=0)
    st.tabled = [True, True]
    out = GAME.apply(st, mv.LayOff("5C", 1))
    assert out.facts == {"out": True} and st.result is not None and st.result.detail["winner"] == 0


def test_a_discard_passes_the_turn_to_the_left() -> None:
    st = situation(["2C 3C", "KD KH", "9S 9H"], turn=1)
    play(st, "discard KD")
    assert st.turn == 2 and st.phase == "draw"
    play(st, "draw stock", "discard 9S")
    assert st.turn == 0


def test_an_unknown_move_is_a_type_error_naming_it() -> None:
    st = situation(["2C 3C", "KD KH"], turn=0)
    with pytest.raises(TypeError, match="nonsense"):
        GAME.apply(st, "nonsense")  # type: ignore[arg-type]


def test_an_exhausted_stock_records_what_each_player_held() -> None:
    st = situation(["2C 3C", "KD KH"], discard="9S", stock="", phase="draw", turn=0, exhausted="lowest")
    st.turnovers = st.config.max_turnovers
    out = GAME.apply(st, mv.Draw("stock"))
    assert out.facts == {"exhausted": True}
    assert st.result is not None and st.result.detail == {"winner": 0, "lowest": True, "left": ["2C 3C", "KD KH"]}
    st = situation(["2C 3C", "KD KH"], discard="9S", stock="", phase="draw", turn=0, exhausted="wash")
    st.turnovers = st.config.max_turnovers
    GAME.apply(st, mv.Draw("stock"))
    assert st.result is not None and st.result.detail == {"wash": True, "left": ["2C 3C", "KD KH"]}
