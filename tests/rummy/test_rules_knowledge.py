"""Who may know what at rummy, and what the game reads from a player: the cards hidden from each seat,
where every card is, the deal summary, undo after a look at the stock, the shorthands, and the legal
list's own details (a second meld, the order of the discards). Real situations."""

from __future__ import annotations

import pytest
from rummy.situations import GAME, play, situation

from cardcli.engine.cards import STANDARD_DECK
from cardcli.engine.deal import shuffled_deck


def _dealt(players: int = 2, seed: int = 5):  # type: ignore[no-untyped-def]
    st = GAME.new_match(GAME.presets["standard"], players, 0)
    GAME.start_hand(st, shuffled_deck(STANDARD_DECK, seed, 1))
    return st


def test_a_fresh_deal_has_no_taken_card_and_the_player_left_of_the_dealer_draws() -> None:
    st = _dealt()
    assert st.taken is None and GAME.to_act(st) == 1 and st.phase == "draw"
    view = GAME.view(st, 1)
    assert view.taken is None
    assert not any("took" in text for line in GAME.render(view, "ascii") for _cls, text in line)


def test_nobody_acts_once_the_hand_is_over() -> None:
    st = situation(["3H 4H 5H", "QH"])
    assert GAME.to_act(st) == 0
    play(st, "meld 3H 4H 5H")
    assert st.phase == "over" and GAME.to_act(st) is None and GAME.legal_moves(st) == []


def test_the_deal_summary_tells_what_was_dealt() -> None:
    st = _dealt()
    summary = GAME.deal_summary(st)
    assert summary == {
        "dealer": "P1",
        "first_to_play": "P2",
        "hands": {"P1": st.hands[0], "P2": st.hands[1]},
        "upcard": st.discard[-1],
        "stock": 31,
    }
    st.discard = []
    assert GAME.deal_summary(st)["upcard"] is None


def test_every_card_is_in_exactly_one_named_place() -> None:
    st = situation(["6H KS 2C", "QD 5C"], melds=[(0, "3H 4H 5H"), (1, "8C 8D 8S")], discard="9D")
    places = GAME.card_locations(st)
    assert sorted(places) == ["discard", "hand P1", "hand P2", "meld 1", "meld 2", "stock"]
    assert places["hand P1"] == ["6H", "KS", "2C"] and places["hand P2"] == ["QD", "5C"]
    assert places["meld 1"] == ["3H", "4H", "5H"] and places["meld 2"] == ["8C", "8D", "8S"]
    assert places["discard"] == ["9D"] and places["stock"] == st.stock
    every = [c for cards in places.values() for c in cards]
    assert sorted(every) == sorted(STANDARD_DECK)


@pytest.mark.parametrize("seat", [0, 1, None])
def test_each_seat_is_kept_from_the_other_hands_and_the_stock(seat: int | None) -> None:
    st = situation(["6H KS 2C", "QD 5C"], melds=[(0, "3H 4H 5H")])
    hidden = GAME.hidden_from(st, seat)
    others = [st.hands[i] for i in (0, 1) if i != seat]
    assert hidden == [*others, st.stock]
    view = GAME.view(st, seat)
    seen = set(view.hand) | set(view.discard) | {c for m in view.melds for c in m.cards}
    assert not seen & {c for cards in hidden for c in cards}


def test_when_the_hand_is_over_only_the_stock_stays_hidden() -> None:
    st = situation(["3H 4H 5H", "QD 5C"])
    play(st, "meld 3H 4H 5H")
    assert GAME.hidden_from(st, 1) == [st.stock]
    assert GAME.view(st, 1).all_hands == ((), ("5C", "QD"))


def test_the_full_view_shows_every_hand_the_seat_view_does_not() -> None:
    st = situation(["6H KS 2C", "QD 5C"])
    full = GAME.full_view(st)
    assert full.seat is None and full.all_hands == (("2C", "6H", "KS"), ("5C", "QD"))
    assert GAME.view(st, None).all_hands is None and GAME.view(st, 0).all_hands is None
    text = " ".join(t for line in GAME.render(full, "ascii") for _cls, t in line)
    assert "P1: " in text and "QD" in text and "KS" in text
    seat_text = " ".join(t for line in GAME.render(GAME.view(st, 1), "ascii") for _cls, t in line)
    assert "KS" not in seat_text and "QD" in seat_text


def test_the_status_line_says_whose_turn_it_is() -> None:
    st = situation(["6H KS 2C", "QD 5C"], phase="draw")
    assert GAME.status(GAME.view(st, 0)) == "rummy · hand 1 · your turn: draw · P1:0 P2:0 / 100"
    assert GAME.status(GAME.view(st, 1)) == "rummy · hand 1 · P1 to play · P1:0 P2:0 / 100"


@pytest.mark.parametrize(
    ("source", "viewer", "barrier"),
    [
        ("stock", 0, "you have seen the card you drew from the stock"),
        ("stock", 1, None),  # the other seat saw nothing new
        ("discard", 0, None),  # the upcard was face up for everyone
    ],
)
def test_undo_stops_at_a_look_at_the_stock(source: str, viewer: int, barrier: str | None) -> None:
    st = situation(["6H KS 2C", "QD 5C"], phase="draw")
    assert GAME.undo_barrier(st, GAME.parse_move(f"draw {source}"), viewer) == barrier


def test_undo_of_a_discard_is_allowed() -> None:
    st = situation(["6H KS 2C", "QD 5C"])
    assert GAME.undo_barrier(st, GAME.parse_move("discard KS"), 0) is None


SHORTHANDS = [
    # (typed, the moves it means)
    ("KS", ["discard KS"]),  # a lone card: discard it
    ("ks", ["discard KS"]),
    ("6H 1", ["layoff 6H 1"]),  # a card and a number: lay it off there
    ("6H 2", []),  # meld 2 does not take it
    ("5H 4H 3H", ["meld 3H 4H 5H"]),  # several cards in any order: meld them
    ("3H 4H", []),  # no such meld
    ("ZZ", []),  # not a card
    ("6H 1 2", []),
]


@pytest.mark.parametrize(("typed", "means"), SHORTHANDS)
def test_the_shorthands(typed: str, means: list[str]) -> None:
    st = situation(["3H 4H 5H 6H KS", "QD 5C"], melds=[(0, "7H 8H 9H"), (1, "8C 8D 8S")])
    got = GAME.shorthand(st, typed, GAME.legal_moves(st))
    assert [GAME.format_move(m) for m in got] == means


def test_a_lone_card_that_cannot_be_discarded_lays_off_where_it_fits() -> None:
    """The card just taken cannot be discarded, so the lone card means laying it off."""
    st = situation(["6H KS 2C", "QD 5C"], melds=[(0, "7H 8H 9H"), (0, "TS JS QS")], taken="6H")
    got = GAME.shorthand(st, "6H", GAME.legal_moves(st))
    assert [GAME.format_move(m) for m in got] == ["layoff 6H 1"]


def test_a_second_meld_in_one_turn_is_listed_unless_the_preset_allows_one() -> None:
    for preset, second in (("standard", True), ("pagat", False)):
        st = situation(["3H 4H 5H 7C 8C 9C KS", "QD 5C"], preset=preset)
        melds = sorted(GAME.format_move(m) for m in GAME.legal_moves(st) if GAME.format_move(m).startswith("meld"))
        assert melds == ["meld 3H 4H 5H", "meld 7C 8C 9C"], preset
        play(st, "meld 3H 4H 5H")
        melds = [GAME.format_move(m) for m in GAME.legal_moves(st) if GAME.format_move(m).startswith("meld")]
        assert melds == (["meld 7C 8C 9C"] if second else []), preset


def test_the_discards_are_listed_in_the_order_of_the_hand() -> None:
    """The legal list (what `help` shows and what the random bot picks from) keeps the hand's order."""
    st = situation(["KS 2C QD 5H", "QH"])
    discards = [GAME.format_move(m) for m in GAME.legal_moves(st) if GAME.format_move(m).startswith("discard")]
    assert discards == ["discard KS", "discard 2C", "discard QD", "discard 5H"]


@pytest.mark.parametrize(("players", "names"), [(2, ["P1", "P2"]), (3, ["P1", "P2", "P3"])])
def test_a_score_sheet_is_for_the_number_of_players_asked(players: int, names: list[str]) -> None:
    sheet = GAME.score_sheet("closer P1\nP2 KS 5C\n", GAME.presets["standard"], players)
    assert list(sheet.points) == names and sheet.points["P1"] == 15
    assert sheet.data == {"closer": "P1", "rummy": False}


def test_a_score_sheet_says_who_closed_and_whether_it_was_a_rummy() -> None:
    sheet = GAME.score_sheet("closer P2\nrummy yes\nP1 KS\n", GAME.presets["standard"], None)
    assert sheet.points == {"P1": 0, "P2": 20} and sheet.data == {"closer": "P2", "rummy": True}
    sheet = GAME.score_sheet("closer P2\nrummy yes\nP1 KS\n", GAME.presets["pagat"], None)
    assert sheet.points == {"P1": 0, "P2": 10} and sheet.data == {"closer": "P2", "rummy": False}
