"""The bottom toolbar: whose turn, the phase and the score, fitted to the terminal's width.

As in pgcli/litecli, the toolbar adapts to the width: parts are dropped whole, least
important first (the key reminders, the game's name, the hand number …), so a word or a
score is never cut in the middle.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.formatted_text import StyleAndTextTuples

from cardcli.engine.text import text_width
from cardcli.i18n import _
from cardcli.ui.commands import Controller

SEP = " · "


def fit(parts: list[str], width: int, keys: list[str] | None = None) -> str:
    """``parts`` (the game's status, most important ones are in the middle) and ``keys``
    (reminders) joined with `` · `` in at most ``width`` columns, dropping whole parts.

    Drop order: the key reminders from the last, then the first part (the game's name), then
    the status parts from the left, never the phase (the one naming whose turn it is) or the
    last one (the scores) while anything else is left.
    """
    keys = list(keys or [])
    parts = [p for p in parts if p]

    def text() -> str:
        return " " + SEP.join(parts + keys) + " "

    while text_width(text()) > width and keys:
        keys.pop()
    first = parts[0] if parts else ""
    keep = {parts[-1]} | {p for p in parts if _is_turn(p)} if parts else set()
    while text_width(text()) > width:
        order = sorted(
            (i for i, p in enumerate(parts) if p not in keep), key=lambda i: (0 if parts[i] is first else _rank(parts[i]), i)
        )
        if not order:
            break
        del parts[order[0]]
    line = text()
    if text_width(line) > width:  # one part longer than the terminal: cut it at a space, marked
        words = line.split(" ")
        while words and text_width(" ".join(words) + "…") > width:
            words.pop()
        line = " ".join(words) + "…"
    return line


def _rank(part: str) -> int:
    """Which parts go first (after the game's name): the hand number, the vulnerability, then the rest."""
    low = part.lower()
    if low.startswith(_("hand") + " "):
        return 1
    if low.startswith(_("vul")):
        return 2
    return 3


def _is_turn(part: str) -> bool:
    low = part.lower()
    return any(w in low for w in (_("your"), _("to play"), _("to act"), _("over"), _("turn")))


def toolbar(controller: Controller, width: Callable[[], int] | None = None) -> Callable[[], StyleAndTextTuples]:
    def columns() -> int:
        if width is not None:
            return width()
        from prompt_toolkit.application.current import get_app

        return get_app().output.get_size().columns

    def tokens() -> StyleAndTextTuples:
        parts = controller.toolbar_text().split(SEP)
        return [("class:bottom-toolbar", fit(parts, columns(), [_("Tab: moves"), _("F1: help")]))]

    return tokens
