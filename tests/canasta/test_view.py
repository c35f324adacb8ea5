"""Views: what a seat may know, and how the table is drawn."""

from __future__ import annotations

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.position import position


def _dealt(game, seed: int = 5):
    cfg = CanastaConfig()
    st = game.new_match(cfg, 4, 0)
    game.start_hand(st, shuffled_deck(game.deck(cfg, 4), seed, 1))
    return st


def test_covered_pozzo_is_hidden_from_every_view(game) -> None:
    st = _dealt(game)
    views = [game.view(st, s) for s in (None, 0, 1, 2, 3)]
    other = st.clone()
    other.covered[:] = list(reversed(other.covered))
    other.covered[0], other.stock[0] = other.stock[0], other.covered[0]
    assert [game.view(other, s) for s in (None, 0, 1, 2, 3)] == views
    assert views[1].covered == len(st.covered) and views[1].top == st.pozzo[-1]
    for s in range(4):
        assert st.covered in game.hidden_from(st, s)
        assert st.stock in game.hidden_from(st, s)
        assert st.hands[s] not in game.hidden_from(st, s)


def test_other_hands_are_hidden(game) -> None:
    st = _dealt(game)
    v = game.view(st, 0)
    assert sorted(v.hand) == sorted(st.hands[0]) and v.all_hands is None
    assert v.hand_sizes == (15, 15, 15, 15)


@pytest.mark.parametrize("charset", ["unicode", "ascii", "words"])
def test_render_every_charset(game, charset: str) -> None:
    st = position(
        phase="play",
        hands={0: "K K 9 JK 2"},
        pozzo="7C 3S",
        melds={0: ["Q Q Q Q Q Q Q", "8 8 8 8 8 8", "2 2 JK"], 1: ["A A A A A A JK"]},
        red3={0: "3H", 1: "3D"},
        needs_three=True,
    )
    text = "\n".join("".join(t for _s, t in line) for line in game.render(game.view(st, 0), charset))
    assert "frozen: black three on top" in text and "three matching cards needed" in text
    assert "clean canasta" in text and "progetto" in text and "dirty canasta" in text
    assert "Your hand (5)" in text
    status = game.status(game.view(st, 0))
    assert status.startswith("canasta") and "your turn" in status


def test_pending_opening_is_shown(game) -> None:
    st = position(opened=(False, False), hands={0: "K K K 9 9 9 A A 5"}, pending={0: ["Q Q Q"]})
    text = "\n".join("".join(t for _s, t in line) for line in game.render(game.view(st, 0), "ascii"))
    assert "opening: 30 of 50" in text and "(opening)" in text


@pytest.mark.parametrize(
    "pending, said",
    [
        (["Q Q Q"], "Your opening is worth 30 of the 50 needed: lay down more melds before you draw."),
        (
            ["Q Q Q", "A A A"],
            "Your opening is worth 90 of the 50 needed: meld more if you like, then `draw` or `take` to complete it.",
        ),
        ([], "Your side has not opened: if you can, open now"),
    ],
)
def test_the_prompt_speaks_of_an_opening_under_way(game, pending: list[str], said: str) -> None:
    """An opening is complete only at the draw: a side with melds laid never reads "has not opened"."""
    st = position(opened=(False, False), hands={0: "K K K 9 9 9 A A 5"}, pending={0: pending})
    text = "\n".join("".join(t for _s, t in line) for line in game.render(game.view(st, 0), "ascii"))
    assert said in text
    assert ("has not opened" in text) == (not pending)


def test_rejected_upcards_are_drawn_in_the_charset(game) -> None:
    st = position(hands={0: "9 9 5"}, pozzo="4C", covered="AH AS 3D")
    st.rejected = ["3D"]
    lines = {
        cs: "\n".join("".join(t for _s, t in line) for line in game.render(game.view(st, 0), cs)) for cs in ("unicode", "words")
    }
    assert "turned and covered at the start: 3♦" in lines["unicode"]
    assert "turned and covered at the start: three of diamonds" in lines["words"]


def test_narration_hides_drawn_cards_from_others(game) -> None:
    st = position(hands={0: "9 9 5"}, stock="4D 5D 6D 7D")
    drew = game.apply(st, game.parse_move("draw"))
    assert "7D" in game.narrate(drew, 0) and "6D" in game.narrate(drew, 0)
    assert "7D" not in game.narrate(drew, 1) and "2 cards" in game.narrate(drew, 1)
    assert "7D" not in game.narrate(drew, None)
    st = position(hands={0: "9 9 5"}, pozzo="4C 9H", covered="AH AS")
    took = game.apply(st, game.parse_move("take"))
    assert "AH" in game.narrate(took, 0) and "AH" not in game.narrate(took, 1)
