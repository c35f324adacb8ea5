"""The plain line driver: one line in, plain text out.

Used when stdin is not a terminal (pipes, tests, CliRunner), with
``TERM=dumb``, or with ``--plain`` (screen readers, Emacs shells). It never
redraws, so every fact is printed once, on its own line.
"""

from __future__ import annotations

import locale
import sys
from collections.abc import Callable
from typing import IO

from cardcli.i18n import _
from cardcli.ui.commands import Controller


def line_reader(stdin: IO[str]) -> Callable[[], tuple[str, bool]]:
    """A function returning the next line and whether it was valid text.

    Bytes that are not valid in the input's encoding never raise (and never lose the
    lines before them): the line is decoded with replacement and marked bad.
    """
    buffer = getattr(stdin, "buffer", None)
    if buffer is None or not hasattr(buffer, "readline"):

        def read_text() -> tuple[str, bool]:
            try:
                return stdin.readline(), True
            except UnicodeDecodeError:
                return "\n", False

        return read_text
    encoding = getattr(stdin, "encoding", None) or locale.getpreferredencoding(False)

    def read_bytes() -> tuple[str, bool]:
        raw = buffer.readline()
        try:
            return raw.decode(encoding), True
        except (UnicodeDecodeError, LookupError):
            return raw.decode("utf-8", errors="replace"), False

    return read_bytes


def run(controller: Controller, stdin: IO[str], interactive: bool) -> int:
    """Play until the match ends or input runs out; returns the exit status."""
    out = controller.console.out
    read = line_reader(stdin)
    if interactive and controller.wait_for_key is None:

        def wait(message: str) -> None:
            out.write(message)
            out.flush()
            read()

        controller.wait_for_key = wait

        def ask(message: str) -> str:
            out.write(message)
            out.flush()
            return read()[0]

        controller.read_key = ask
        if stdin.isatty():
            from cardcli.ui.console import QuietKeys, flush_terminal_input, poll_terminal_line

            controller.flush_input = flush_terminal_input
            controller.quiet_keys = QuietKeys()
            if stdin is sys.stdin:
                controller.poll_key = poll_terminal_line
    try:
        controller.start()
        while not controller.done:
            if interactive:
                out.write(controller.prompt_text())
                out.flush()
            line, ok = read()
            if not ok:
                controller.console.error(
                    _("that line is not valid text in the input's encoding ({enc}); type it again").format(
                        enc=getattr(stdin, "encoding", None) or "?"
                    )
                )
                continue
            if not line:
                if not interactive:
                    out.write("\n")
                controller.leave()
                return 0
            if not interactive:
                out.write(controller.prompt_text() + line.rstrip("\n") + "\n")
            if not controller.handle(line):
                return 0
        return 0
    except KeyboardInterrupt:
        out.write("\n")
        controller.leave()
        return 130
