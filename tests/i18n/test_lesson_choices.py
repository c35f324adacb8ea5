"""The language never changes a lesson's verdict: a bridge lesson with a `meaning` quiz that passes
its check in English passes it in Italian, where the system's meaning comes translated and the
lesson's choices are shown translated (the quiz must still find its answer among them)."""

from __future__ import annotations

import pytest

from cardcli import i18n
from cardcli.tutor import catalog
from cardcli.tutor.check import check_file
from cardcli.tutor.model import Quiz, load

MEANING_LESSONS = [
    e
    for e in catalog.lessons("bridge")
    if any(isinstance(s, Quiz) and s.compute.startswith("meaning") and s.choices for s in load(e.path).steps)
]


def test_some_lessons_ask_meanings() -> None:
    assert len(MEANING_LESSONS) >= 3


@pytest.mark.parametrize("entry", MEANING_LESSONS, ids=[e.id for e in MEANING_LESSONS])
def test_meaning_quiz_in_italian(entry: catalog.Entry) -> None:
    english, _transcript = check_file(entry.path)
    if english is not None:
        pytest.skip(f"the lesson fails its check in English already (tests/tutor): {english}")
    i18n.set_language("it")
    italian, _transcript = check_file(entry.path)
    assert italian is None, italian
