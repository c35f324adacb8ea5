"""Typing hands into a scorepad match at a terminal, with completion of card names.

A hand is typed line by line as ``cardcli score GAME`` reads it; an empty line
ends it, and it is scored, checked and saved at once (bridge: every line is a
deal). ``show``, ``undo``, ``fix N``, ``delete N``, ``help`` and ``quit`` work
between hands. Nothing typed is lost on a crash beyond the hand being typed:
each hand is committed when it is accepted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from cardcli.i18n import _

COMMANDS = ["show", "undo", "fix", "delete", "help", "quit"]


def words(game: str, sides: list[str], seats: list[str], names: list[str]) -> list[str]:
    """What Tab completes: card names, the game's scorepad keywords (:attr:`Game.score_keywords`), sides,
    seats, players, commands."""
    from cardcli.engine.registry import load

    cards = [r + s for r in "A23456789TJQK" for s in "SHDC"] + ["JK"]
    extra = ["points", *load(game).score_keywords, *sides, *seats, *[n for n in names if n], *COMMANDS]
    return sorted(set(cards + extra), key=lambda w: (len(w) > 2, w))


def _reader(prompt_words: list[str]) -> Callable[[str], str]:
    try:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter

        session: Any = PromptSession(completer=WordCompleter(prompt_words, ignore_case=True))
        return lambda prompt: str(session.prompt(prompt))
    except Exception:  # pragma: no cover - no terminal for prompt-toolkit
        return lambda prompt: input(prompt)


def run(store: Any, record: Any, charset: str) -> int:
    from cardcli.scorepad import service
    from cardcli.scorepad.render import text_lines

    def show(pad: Any, only: set[int] | None = None, detail: bool = True) -> None:
        for line in text_lines(record, pad, detail, charset, only):
            click.echo(line)

    pad = service.pad(store, record)
    table = service.table(record)
    read = _reader(words(record.game, table.sides, table.seats, record.names))
    show(pad, detail=False)
    click.echo(
        _(
            "Type a hand as `cardcli rules {game} score` describes it (or `points SIDE N ...`); "
            "an empty line saves it. `help` lists the commands."
        ).format(game=record.game)
    )
    lines: list[str] = []
    one_line = table.game.score_one_line
    while True:
        try:
            text = read(_("hand {n}> ").format(n=len(pad.rows) + 1) if not lines else "  ... ")
        except KeyboardInterrupt:
            lines = []
            continue
        except EOFError:
            break
        word, _sep, arg = text.strip().partition(" ")
        if not lines and word.lower() in COMMANDS:
            if word.lower() == "quit":
                break
            try:
                pad = _command(store, record, word.lower(), arg.strip(), read, show) or pad
            except service.ScorepadError as err:
                click.echo(_("Not saved: {why}").format(why=err))
            continue
        if text.strip():
            lines.append(text)
            if not one_line:
                continue
        if not lines:
            continue
        try:
            numbers, pad = service.add(store, record, "\n".join(lines))
            show(pad, set(numbers))
            click.echo(_("Saved hand {n}.").format(n=", ".join(map(str, numbers))))
        except service.ScorepadError as err:
            click.echo(_("Not saved: {why}").format(why=err))
        lines = []
    return 0


def _command(store: Any, record: Any, word: str, arg: str, read: Callable[[str], str], show: Callable[..., None]) -> Any:
    from cardcli.engine.registry import load
    from cardcli.scorepad import service

    if word == "help":
        click.echo(
            _(
                "show: the whole pad · undo: delete the last hand · fix N: type hand N again · "
                "delete N: delete hand N · quit: leave (every saved hand stays)"
            )
        )
        return None
    if word == "show":
        pad = service.pad(store, record)
        show(pad)
        return pad
    if word == "undo":
        last = len(service.pad(store, record).rows)
        if not last:
            raise service.ScorepadError(_("there is no hand to take back"))
        pad = service.remove(store, record, last)
        show(pad, detail=False)
        return pad
    if not arg.isdigit():
        raise service.ScorepadError(_("`{w}` needs a hand number, e.g. `{w} 2`").format(w=word))
    if word == "delete":
        pad = service.remove(store, record, int(arg))
        show(pad, detail=False)
        return pad
    lines = []
    while True:
        text = read("  fix> ")
        if not text.strip():
            break
        lines.append(text)
        if load(record.game).score_one_line:
            break
    pad = service.fix(store, record, int(arg), "\n".join(lines))
    show(pad, {int(arg)})
    return pad
