"""Move notation: canonical round trips, friendly input, and the three kinds of failure."""

from __future__ import annotations

import pytest

from cardcli.engine.notation import resolve
from cardcli.engine.verdict import AmbiguousMove, IllegalMove, InvalidMove
from cardcli.games.canasta import moves as mv
from cardcli.games.canasta.position import position

CANONICAL = [
    "draw",
    "take",
    "end",
    "ask",
    "yes",
    "no",
    "meld K K K",
    "meld 7 7 2",
    "meld K K K K K JK 2",
    "meld JK JK 2",
    "meld 2 2 2",
    "add K to K",
    "add JK 2 to K",
    "add JK JK to W",
    "discard 9",
    "discard 3",
    "discard JK",
    "discard T",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_round_trip(game, text: str) -> None:
    move = game.parse_move(text)
    assert game.format_move(move) == text
    assert game.parse_move(game.format_move(move)) == move


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("MELD kh ks kd", "meld K K K"),
        ("meld 7-7-2", "meld 7 7 2"),
        ("meld 2 k K k joker", "meld K K K JK 2"),
        ("cala 10 10 10", "meld T T T"),
        ("meld 10♥ 10♠ T", "meld T T T"),
        ("add jolly to k", "add JK to K"),
        ("add 2 on wild", "add 2 to W"),
        ("add K K", "add K K to K"),
        ("attacca pinella a q", None),
        ("x 9h", "discard 9"),
        ("scarta 3♣", "discard 3"),
        ("d", "draw"),
        ("pesca", "draw"),
        ("prendi", "take"),
        ("take pozzo", "take"),
        ("sì", "yes"),
    ],
)
def test_friendly(game, text: str, canonical: str | None) -> None:
    if canonical is None:
        with pytest.raises(InvalidMove):
            game.parse_move(text)
        return
    assert game.format_move(game.parse_move(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("discard 3H", "red three"),
        ("meld K K K + A A A", "one meld per move"),
        ("fly", "not a canasta move"),
        ("meld", "meld which cards"),
        ("discard", "discard one card"),
        ("add 2", "add to which meld"),
        ("add K to 3", "is not a meld"),
        ("draw now", "takes nothing"),
        ("meld KX", "is not a card"),
    ],
)
def test_invalid(game, text: str, message: str) -> None:
    with pytest.raises(InvalidMove) as err:
        game.parse_move(text)
    assert message in err.value.message


def test_shorthand_and_resolution(game) -> None:
    st = position(phase="play", hands={0: "K K K 9 2 5"}, melds={0: ["Q Q Q", "8 8 8"]})
    assert game.format_move(resolve(game, st, "9")) == "discard 9"
    assert game.format_move(resolve(game, st, "KH KS KD")) == "meld K K K"
    with pytest.raises(AmbiguousMove) as amb:
        resolve(game, st, "add 2")
    assert "add 2 to Q" in amb.value.candidates and "add 2 to 8" in amb.value.candidates
    with pytest.raises(IllegalMove) as ill:
        resolve(game, st, "meld A A A")
    assert ill.value.rule == "meld.held"
    with pytest.raises(InvalidMove):
        resolve(game, st, "zzz")


def test_moves_are_hashable_values() -> None:
    assert mv.Meld(("K", "K", "K")) == mv.parse_move("meld K K K")
    assert len({mv.Draw(), mv.Draw(), mv.Take()}) == 2
