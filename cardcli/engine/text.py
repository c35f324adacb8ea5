"""Styled text for cards, shared by every game's renderer.

A line is a list of ``(style class, text)`` fragments (see
:data:`cardcli.engine.game.Line`); the UI maps classes such as ``card suit-H``
to colours, or ignores them. Colour is never the only signal: the text always
carries the suit as a symbol, a letter or a word.
"""

from __future__ import annotations

import re
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


_CONTROL = {i: "?" for i in [*range(0, 32), 127, *range(0x80, 0xA0)]}


def safe(text: str) -> str:
    """Text from a file or the command line made safe for a terminal: control characters
    (escape sequences that could set the title, clear the screen or fake output) become ``?``."""
    return text.translate(_CONTROL)


_CARD_TOKEN = re.compile(r"(?<![\w♠♥♦♣])([2-9TJQKA][CDHS]|JK)(?![\w♠♥♦♣])")


def cards_in_text(text: str, charset: Charset) -> str:
    """``text`` with every card written in notation (``TH``, ``JK``) spelt for ``charset``."""
    if charset == "ascii":
        return text
    return _CARD_TOKEN.sub(lambda m: format_card(m.group(1), charset), text)


def cards_after(words: Iterable[str], text: str, charset: Charset) -> str:
    """Like :func:`cards_in_text`, but only cards right after one of ``words`` (``plays QS``, ``play QS``,
    ``you hold JH TH 9H``: the run of cards that follows): for games whose other notation looks like
    cards (bridge's ``2S`` is a bid)."""
    if charset == "ascii":
        return text
    alts = "|".join(re.escape(w) for w in words if w)
    if not alts:
        return text
    card = r"[2-9TJQKA][CDHS]"
    pattern = re.compile(r"(?<![\w])((?:" + alts + r") )(" + card + r"(?: " + card + r")*)(?![\w♠♥♦♣])")
    # the whole run after the word: "you hold JH TH 9H" is three cards, not one
    return pattern.sub(lambda m: m.group(1) + " ".join(format_card(c, charset) for c in m.group(2).split(" ")), text)


def text_width(text: str) -> int:
    """Columns ``text`` takes in a terminal (suit symbols count as one, wide characters as two)."""
    try:
        from wcwidth import wcswidth
    except ImportError:  # pragma: no cover - prompt-toolkit brings wcwidth
        return len(text)
    w = wcswidth(text)
    return w if w >= 0 else len(text)
