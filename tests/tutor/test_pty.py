"""A lesson in a real pseudo-terminal (prompt-toolkit): a mistake, a hint, quit, and resuming at the step."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from terminal import Terminal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def prompt_after(term: Terminal, needle: str, prompt: str) -> None:
    """Wait for ``prompt`` drawn after the last ``needle``: prompt-toolkit reads the next line only then."""
    since = term.buf.rfind(needle.encode())
    assert since >= 0, term.text
    assert term.expect(prompt, since=since), term.text[since:]


def test_bridge_lesson_in_a_real_terminal(tmp_path: Path) -> None:
    with Terminal("learn", "bridge", "1", home=tmp_path) as term:
        assert term.expect("[3/9] South>"), term.text  # the prompt is drawn: input is read now
        assert term.expect("mistakes 0")  # the bottom toolbar
        term.line("play 7H", "(cardcli rules bridge play.follow-suit)")
        out = term.text
        assert "illegal: you must follow suit" in out  # the refusal ...
        assert "You hold spades, so a heart is not allowed here." in out  # ... the lesson's explanation ...
        assert "Each player must follow suit" in out  # ... and the rule's text
        assert term.expect("mistakes 1")
        prompt_after(term, "(cardcli rules bridge play.follow-suit)", "[3/9] South>")
        term.line("hint", "hint 1/3: Look at the suit of the first card of the trick.")  # the hint's level
        assert term.expect("hints 1")
        prompt_after(term, "hint 1/3", "[3/9] South>")
        term.line("hint", "hint 2/3: Spades were led and you have the 10, 9 and 8 of spades.")
        prompt_after(term, "hint 2/3", "[3/9] South>")
        term.line("play 9S", "Who won the trick?")
        assert term.expect("[5/9] answer>")
        term.line("quit", "continues at step 5 of 9")
        assert term.wait() == 0
    assert "Traceback" not in term.text

    with Terminal("learn", "bridge", "1", home=tmp_path) as term:
        assert term.expect("(continuing at step 5 of 9)"), term.text
        assert term.expect("Who won the trick?")
        assert term.expect("[5/9] answer>")
        assert term.expect("hints 2 · mistakes 1")  # what was counted before comes back too
        term.line("a", "Right.")
        prompt_after(term, "Right.", "[7/9] South>")
        term.line("play TS", "Lesson complete: 1 of 3 stars (2 hints, 1 mistake).")
        assert term.wait() == 0
    assert "Traceback" not in term.text
