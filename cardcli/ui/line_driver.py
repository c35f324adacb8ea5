"""The plain line driver: one line in, plain text out.

Used when stdin is not a terminal (pipes, tests, CliRunner), with
``TERM=dumb``, or with ``--plain`` (screen readers, Emacs shells). It never
redraws, so every fact is printed once, on its own line.
"""

from __future__ import annotations

from typing import IO

from cardcli.ui.commands import Controller


def run(controller: Controller, stdin: IO[str], interactive: bool) -> int:
    """Play until the match ends or input runs out; returns the exit status."""
    out = controller.console.out
    try:
        controller.start()
        while not controller.done:
            if interactive:
                out.write(controller.prompt_text())
                out.flush()
            line = stdin.readline()
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
