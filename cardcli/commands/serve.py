"""`cardcli serve`: open shared tables that people join with `ssh -p PORT table@HOST`."""

from __future__ import annotations

import click


def run_serve(host: str, port: int, bot_timeout: float) -> int:
    """Start the server; a port that cannot be opened is one line, not a traceback."""
    try:
        from cardcli.serve.server import serve
    except ImportError as err:  # asyncssh is a dependency; a broken install says so plainly
        raise click.ClickException(f"the SSH server needs asyncssh: {err}") from None
    try:
        return serve(host, port, bot_timeout=bot_timeout)
    except OSError as err:
        raise click.ClickException(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
