"""The ``losers`` compute: a beginner's loser count in declarer's hand, held against hands worked by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardcli.tutor import catalog
from cardcli.tutor.compute import compute
from cardcli.tutor.model import LessonError, load

LESSON = """title = "t"
summary = "t"
topics = ["technique.sure-tricks"]
dealer = "South"
prelude = [{prelude}]

[position]
hands.South = ["{south}"]
hands.North = ["{north}"]

[[steps]]
kind = "say"
text = "t"
"""


def session(tmp_path: Path, south: str, north: str, prelude: str = '"1S", "P", "4S", "P", "P", "P"') -> Any:
    p = tmp_path / "t.toml"
    p.write_text(LESSON.format(south=south, north=north, prelude=prelude))
    return catalog.build_session(load(p), "bridge", "t")


@pytest.mark.parametrize(("suit", "want"), [("S", 0), ("H", 2), ("D", 0), ("C", 3), ("", 5)])
def test_losers_per_suit(tmp_path: Path, suit: str, want: int) -> None:
    # spades A K J 10 5 with dummy's queen: none; hearts 8 6 2 with dummy's ace: two;
    # diamonds 8 4 under dummy's A K: none; clubs 7 4 3 opposite 8 6 5: three
    s = session(tmp_path, "AKJT5.862.84.743", "Q64.A73.AKQ5.J65")
    assert compute(f"losers {suit}".strip(), s, 2, []) == str(want)


def test_a_void_and_a_singleton(tmp_path: Path) -> None:
    # a void loses nothing; a singleton has one place, the ace's, which dummy's ace fills here
    s = session(tmp_path, "AKQJ5432.K.-.5432", "T9.A876.AKQJ.876")
    assert compute("losers D", s, 2, []) == "0"
    assert compute("losers H", s, 2, []) == "0"  # dummy's ace fills the singleton's one place
    assert compute("losers C", s, 2, []) == "3"


def test_losers_need_a_contract(tmp_path: Path) -> None:
    s = session(tmp_path, "AKJT5.862.84.743", "Q64.A73.AKQ5.J65", prelude="")
    with pytest.raises(LessonError):
        compute("losers", s, 2, [])
