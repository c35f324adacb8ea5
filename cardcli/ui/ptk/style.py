"""Prompt and toolbar styles (ANSI colour names, so the terminal's theme applies)."""

from __future__ import annotations

from prompt_toolkit.styles import Style


def style() -> Style:
    return Style.from_dict(
        {
            "prompt": "bold",
            "bottom-toolbar": "reverse",
            "completion-menu.completion": "",
            "completion-menu.meta.completion": "italic",
        }
    )
