"""Saves with one byte changed: resumed whole where the damaged line can be rebuilt, from the last good
move where it cannot, never refused whole and never silently altered (:mod:`fuzz.journal_damage`)."""

from __future__ import annotations

import pytest
from fuzz.journal_damage import run


def test_one_changed_byte_never_loses_a_save_nor_alters_one() -> None:
    tally = run(45)
    print(tally.line())
    assert tally.cases == 45
    assert tally.refused == 0 and tally.altered == 0, tally.samples
    assert tally.whole + tally.partial == 45
    assert tally.whole >= 40  # one byte is nearly always rebuilt: the checksum and the legal moves say what it was
    if tally.partial == 0:
        assert tally.kept == tally.intact  # every event the damage did not touch is in the resumed game


@pytest.mark.soak
def test_the_journal_fuzz_figure() -> None:
    """The figure for the notes (``pytest -m soak -s tests/fuzz/test_journal_damage.py``)."""
    tally = run(600)
    print("\n" + tally.line())
    assert tally.refused == 0 and tally.altered == 0, tally.samples
