"""Burraco notation (canonical and friendly), the rulebook behind every refusal, and the views."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from burraco.situations import GAME, situation

from cardcli.engine.melds import MELD_RULE_IDS
from cardcli.engine.notation import resolve
from cardcli.engine.verdict import AmbiguousMove, IllegalMove, InvalidMove

PACKAGE = Path(__file__).resolve().parents[2] / "cardcli" / "games" / "burraco"


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("draw", "draw"),
        ("d", "draw"),
        ("draw stock", "draw"),
        ("pesca", "draw"),
        ("take", "take"),
        ("t", "take"),
        ("draw pile", "take"),
        ("raccogli", "take"),
        ("meld 5h 6h jolly", "meld 5H 6H JK"),
        ("meld 5♥ 6♥ 7♥", "meld 5H 6H 7H"),
        ("m 10h jh qh", "meld TH JH QH"),
        ("meld 5H 6H JK wild=7h", "meld 5H 6H JK wild=7H"),
        ("attach 7h 3", "attach 7H 3"),
        ("attach 7h to 3", "attach 7H 3"),
        ("attach 7H 8H #3", "attach 7H 8H 3"),
        ("attacca 7h 3", "attach 7H 3"),
        ("discard ks", "discard KS"),
        ("x KS", "discard KS"),
        ("scarta re di picche", "discard KS"),
        ("close ks", "close KS"),
        ("chiudi 10♦", "close TD"),
    ],
)
def test_friendly_and_canonical_notation(typed: str, canonical: str) -> None:
    move = GAME.parse_move(typed)
    assert GAME.format_move(move) == canonical
    assert GAME.parse_move(canonical) == move


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "fly",
        "meld",
        "attach 7H",
        "attach 7H three",
        "discard",
        "discard KS QS",
        "meld 5H ZZ",
        "meld 5H 6H JK wild=JK",
        "meld 5H 6H JK colour=red",
    ],
)
def test_invalid_notation_is_an_invalid_move(bad: str) -> None:
    with pytest.raises(InvalidMove):
        GAME.parse_move(bad)


def test_shorthand_resolves_against_the_legal_moves() -> None:
    st = situation(["5H 6H 7H 8C 8D 8S KS", "9D"], melds=[(0, "8H 9H TH")])
    assert GAME.format_move(resolve(GAME, st, "ks")) == "discard KS"
    assert GAME.format_move(resolve(GAME, st, "7h 6h 5h")) == "meld 5H 6H 7H"
    with pytest.raises(IllegalMove) as err:
        resolve(GAME, st, "attach 8C 1")
    assert err.value.rule == "meld.run.suit"
    with pytest.raises(IllegalMove) as err:
        resolve(GAME, st, "meld 8C 8D 8S 8H")
    assert err.value.rule == "meld.held"
    with pytest.raises(AmbiguousMove):
        resolve(GAME, st, "meld")  # every meld matches


def test_every_rule_a_refusal_can_name_is_in_the_rulebook() -> None:
    used = set(MELD_RULE_IDS)
    for path in PACKAGE.glob("*.py"):
        used |= set(re.findall(r'refuse\(\s*"([a-z0-9.-]+)"', path.read_text()))
    assert len(used) > 30
    missing = sorted(r for r in used if GAME.rulebook.get(r) is None)
    assert not missing, missing
    for rule in GAME.rulebook.rules.values():
        assert rule.text.strip() and rule.title.strip()


def test_views_hide_hands_stock_and_pozzetti() -> None:
    st = situation(["5H 6H 7H KS", "9D 9C", "4D 4H", "5C 5D"], covered={1: " ".join(["3C"] * 2)})
    v = GAME.view(st, 0)
    assert v.hand == ("5H", "6H", "7H", "KS") and v.all_hands is None
    assert v.hand_sizes == (4, 4, 2, 2) and v.covered_sizes == (0, 2, 0, 0)
    assert v.pozzetti_left == 2
    text = repr(v)
    for hidden in ("9D", "4D", "5C"):
        assert hidden not in text
    spectator = GAME.view(st, None)
    assert spectator.hand == ()
    hidden_lists = GAME.hidden_from(st, 0)
    assert st.hands[0] not in hidden_lists and st.stock in hidden_lists and st.pozzetti[0] in hidden_lists


def test_render_marks_wildcards_without_colour() -> None:
    st = situation(["5H KS", "9D", "3C", "4C"], melds=[(0, "6H 7H JK 9H"), (1, "QS QD 2C")])
    lines = GAME.render(GAME.view(st, 0), "ascii")
    text = "\n".join("".join(t for _s, t in line) for line in lines)
    assert "[1] 6H 7H JK* 9H" in text and "[2] QS QD 2C*" in text
    assert "N-S (you)" in text and "JK=8H" in text
    words = "\n".join("".join(t for _s, t in line) for line in GAME.render(GAME.view(st, 0), "words"))
    assert "five of hearts" in words
