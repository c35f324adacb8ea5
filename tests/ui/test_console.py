"""Colour and charset decisions: NO_COLOR, FORCE_COLOR, TERM=dumb, explicit flags."""

from __future__ import annotations

import io

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load
from cardcli.ui.console import Console, color_enabled, pick_charset


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_precedence(monkeypatch: pytest.MonkeyPatch) -> None:
    assert color_enabled("auto", Tty()) is True
    assert color_enabled("auto", io.StringIO()) is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert color_enabled("auto", Tty()) is False
    assert color_enabled("always", Tty()) is True  # an explicit flag wins
    monkeypatch.setenv("NO_COLOR", "")
    assert color_enabled("auto", Tty()) is True  # empty NO_COLOR does not count
    monkeypatch.setenv("TERM", "dumb")
    assert color_enabled("auto", Tty()) is False
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert color_enabled("auto", io.StringIO()) is True


def test_charset(monkeypatch: pytest.MonkeyPatch) -> None:
    class Latin1(io.StringIO):
        encoding = "latin-1"

    assert pick_charset(None, Latin1()) == "ascii"
    assert pick_charset("words", Latin1()) == "words"
    monkeypatch.setenv("CARDCLI_CHARSET", "ascii")
    assert pick_charset(None) == "ascii"
    monkeypatch.delenv("CARDCLI_CHARSET")
    monkeypatch.setenv("TERM", "dumb")
    assert pick_charset(None) == "ascii"


def _table(charset: str, color: bool) -> str:
    g = load("rummy")
    st = g.new_match(g.presets["standard"], 2, 0)
    g.start_hand(st, shuffled_deck(g.deck(None, 2), 7, 1))
    out = io.StringIO()
    Console(out=out, color=color, charset=charset).print_lines(g.render(g.view(st, 0), charset))  # type: ignore[arg-type]
    return out.getvalue()


def test_colour_never_carries_meaning_alone() -> None:
    plain = _table("unicode", False)
    coloured = _table("unicode", True)
    assert "\x1b[" not in plain and "\x1b[31m" in coloured
    import re

    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain  # same text, colour only added


def test_ascii_and_words_renderings() -> None:
    ascii_ = _table("ascii", False)
    assert all(ord(ch) < 128 for ch in ascii_)
    words = _table("words", False)
    assert " of " in words and "♥" not in words
