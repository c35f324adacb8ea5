"""The bottom toolbar: whose turn, the phase and the score, refreshed on every redraw."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.formatted_text import StyleAndTextTuples

from cardcli.ui.commands import Controller


def toolbar(controller: Controller) -> Callable[[], StyleAndTextTuples]:
    def tokens() -> StyleAndTextTuples:
        return [("class:bottom-toolbar", " " + controller.toolbar_text() + " · Tab: moves · F1: help ")]
    return tokens
