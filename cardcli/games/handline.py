"""A player's hand drawn for the rummy family (rummy, burraco, canasta): sorted cards with a
line of small position numbers under them, to count and find cards by.

The numbers are for reading only: a move is always typed with the card (``discard 7H``,
``discard 7``). Typed numbers could not be told apart from card notation (``discard 3`` is the
three, ``discard 1`` the ace) nor from meld numbers (``attach 3 …``), so none is accepted.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcli.engine.cards import Card, Charset
from cardcli.engine.game import Line
from cardcli.engine.text import card_fragments, text_width
from cardcli.i18n import _

WIDTH = 78
"""The hand is packed into lines this wide (an 80-column terminal)."""
GAMES = ("rummy", "burraco", "canasta")
"""The games whose hand is drawn here (``help`` says what the numbers are for)."""


def numbers_note() -> str:
    """What ``help`` says about the numbers under the hand."""
    return _(
        "The numbers under your hand are for counting only: a move names the card (`discard 3` is a three, `discard 1` an ace)."
    )


def hand_lines(label: Line, cards: Sequence[Card], charset: Charset, after: Line | None = None, width: int = WIDTH) -> list[Line]:
    """``label`` and ``cards`` on as many lines as needed, each followed by a dim line numbering
    its cards 1, 2, 3 … (``words`` spells cards out for screen readers: one plain line, no numbers).
    ``after`` (a note about the hand) follows the last card when it fits, else has a line of its own."""
    after = after or []
    if charset == "words" or not cards:
        return [label + (card_fragments(cards, charset) if cards else [("dim", _("empty"))]) + after]
    lead = text_width("".join(t for _s, t in label))
    frags = [f for f in card_fragments(cards, charset) if f[1] != " "]
    out: list[Line] = []
    row: Line = list(label)
    numbers = " " * lead
    used = lead
    first_row = True
    for i, frag in enumerate(frags, 1):
        w = text_width(frag[1])
        gap = 1 if used > lead else 0
        if used + gap + w > width and used > lead:
            out.extend(_pair(row, numbers, first_row))
            first_row = False
            row, numbers, used, gap = [("", " " * lead)], " " * lead, lead, 0
        if gap:
            row.append(("", " "))
            numbers += " "
        row.append(frag)
        numbers += f"{i:<{w}}" if len(str(i)) <= w else str(i)[-w:]
        used += gap + w
    if after and used + text_width("".join(t for _s, t in after)) <= width:
        row = row + after
        after = []
    out.extend(_pair(row, numbers, first_row))
    if after:
        out.append([("", " " * lead)] + after)
    return out


def _pair(row: Line, numbers: str, first: bool) -> list[Line]:
    note = "  " + _("(for counting only)") if first else ""
    text = numbers.rstrip()
    if first and text_width(text + note) <= WIDTH:
        return [row, [("dim", text), ("dim", note)]]
    return [row, [("dim", text)]]
