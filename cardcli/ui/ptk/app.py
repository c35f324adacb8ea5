"""The interactive REPL: one PromptSession for the whole match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from cardcli.i18n import _
from cardcli.paths import history_file
from cardcli.ui.commands import Controller
from cardcli.ui.console import QuietKeys, flush_terminal_input, poll_terminal_line
from cardcli.ui.ptk.completer import MoveCompleter
from cardcli.ui.ptk.keys import bindings
from cardcli.ui.ptk.style import style
from cardcli.ui.ptk.toolbar import toolbar


def _history() -> History:
    path = history_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()


def _pause(input: Any, output: Any) -> Callable[[str], str]:
    """A one-line "press Enter" prompt of its own (no completion, no history); returns what was typed."""
    pause: PromptSession[str] = PromptSession(input=input, output=output)

    def wait(message: str) -> str:
        try:
            return pause.prompt([("class:prompt", message)], style=style())
        except EOFError:
            return ""

    return wait


def run(controller: Controller, input: Any = None, output: Any = None) -> int:
    """Play in the terminal; ``input``/``output`` let tests drive it with a pipe."""
    session: PromptSession[str] = PromptSession(
        history=_history(),
        completer=MoveCompleter(controller),
        bottom_toolbar=toolbar(controller),
        style=style(),
        key_bindings=bindings(),
        complete_while_typing=False,
        input=input,
        output=output,
    )
    if controller.wait_for_key is None or controller.read_key is None:
        pause = _pause(input, output)
        if controller.wait_for_key is None:
            controller.wait_for_key = pause
        if controller.read_key is None:
            controller.read_key = pause
    if input is None and controller.flush_input is None:
        controller.flush_input = flush_terminal_input
    if input is None and controller.quiet_keys is None:
        controller.quiet_keys = QuietKeys()
    if input is None and controller.poll_key is None:
        controller.poll_key = poll_terminal_line
    try:
        controller.start()
        while not controller.done:
            try:
                line = session.prompt([("class:prompt", controller.prompt_text())])
            except KeyboardInterrupt:
                controller.console.say(_("(Ctrl-C clears the line; `quit` or Ctrl-D saves and leaves)"), "dim")
                continue
            except EOFError:
                controller.leave()
                return 0
            if not controller.handle(line):
                return 0
        return 0
    except KeyboardInterrupt:
        # Ctrl-C while the bots think (outside the prompt): save and leave with the documented status.
        controller.console.say("")
        controller.leave()
        return 130
