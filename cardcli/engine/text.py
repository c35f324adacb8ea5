"""Styled text for cards, shared by every game's renderer.

A line is a list of ``(style class, text)`` fragments (see
:data:`cardcli.engine.game.Line`); the UI maps classes such as ``card suit-H``
to colours, or ignores them. Colour is never the only signal: the text always
carries the suit as a symbol, a letter or a word.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardcli.engine.cards import JOKER, Charset, format_card
from cardcli.engine.game import Line


def card_class(card: str) -> str:
    return "card joker" if card == JOKER else f"card suit-{card[1]}"


def card_fragments(cards: Iterable[str], charset: Charset, marked: Iterable[int] = (), mark: str = "*") -> Line:
    """Cards separated by spaces (commas in ``words``); cards at ``marked`` indices get ``mark``
    appended (e.g. a wildcard standing in a meld), so the mark survives without colour."""
    marks = set(marked)
    out: Line = []
    for i, c in enumerate(cards):
        if i:
            out.append(("", ", " if charset == "words" else " "))
        out.append((card_class(c), format_card(c, charset) + (mark if i in marks else "")))
    return out
