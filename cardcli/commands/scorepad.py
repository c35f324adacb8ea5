"""`score GAME --match NAME` and `scorepad ...`: running scorepads for games played with real cards.

Thin bodies: open the store, call :mod:`cardcli.scorepad.service`, print with
:mod:`cardcli.scorepad.render`. Every problem (a hand that does not score, an
unknown match, a store that cannot be used) is one line and exit status 1.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import click

from cardcli.commands.common import parse_options
from cardcli.engine.text import safe
from cardcli.i18n import _, ngettext


@contextmanager
def _store(read_only: bool = False) -> Iterator[Any]:
    """The open store; its errors and the scorepad's become one-line click errors.

    ``read_only`` (show, list, export): a store that cannot be written is read all the same, and
    none is created when there is none yet (an empty one stands in)."""
    from cardcli.scorepad.service import ScorepadError
    from cardcli.store import StoreError, open_store
    from cardcli.store.db import Store, open_reader

    try:
        if read_only:
            found = open_reader()
            with found if found is not None else Store(Path(":memory:")) as store:
                yield store
        else:
            with open_store() as store:
                yield store
    except (StoreError, ScorepadError) as err:
        raise click.ClickException(safe(str(err))) from None


def _charset(choice: str | None) -> str:
    from cardcli.ui.console import pick_charset

    return pick_charset(choice)


def _read(file: IO[str]) -> str:
    try:
        return file.read()
    except UnicodeDecodeError:
        raise click.ClickException(_("the input is not text")) from None


def _echo_pad(record: Any, pad: Any, charset: str, detail: bool = True, only: set[int] | None = None) -> None:
    from cardcli.scorepad.render import text_lines

    for line in text_lines(record, pad, detail, charset, only):
        click.echo(line)


def _names(text: str | None) -> list[str]:
    return [n.strip() for n in text.split(",")] if text else []


def score_match(
    game: str,
    file: IO[str],
    match: str,
    players: int | None,
    preset: str | None,
    options: tuple[str, ...],
    names: str | None,
    dealer: str | None,
    as_json: bool,
    charset: str | None,
) -> int:
    """Add the hand(s) read from FILE to match NAME, creating the match on first use.

    The input is read before the store is opened (nothing waits on a typist with the store open),
    and the match is found or created and the hands added in one write: ten first uses at once
    make one match holding all ten hands."""
    from cardcli.scorepad import service

    settings_given = bool(preset or options or names or players or dealer)
    if _is_terminal(file) and not as_json:
        return _score_at_terminal(game, match, players, preset, options, names, dealer, settings_given, charset)
    text = _read(file)
    with _store() as store:
        spec = service.new_match(match, game, players, preset, parse_options(options), _names(names), dealer)
        record, created, numbers, pad = service.score_into(store, spec, text, settings_given)
    _report(record, pad, numbers, as_json, charset)
    if created:
        click.echo(
            _("New match {name}: {game}, preset {preset}, {n} players.").format(
                name=safe(record.name), game=record.game, preset=record.preset, n=record.players
            ),
            err=True,
        )
    return 0


def _score_at_terminal(
    game: str,
    match: str,
    players: int | None,
    preset: str | None,
    options: tuple[str, ...],
    names: str | None,
    dealer: str | None,
    settings_given: bool,
    charset: str | None,
) -> int:
    from cardcli.scorepad import service
    from cardcli.scorepad.interactive import run
    from cardcli.store.matches import delete_if_empty

    with _store() as store:
        record = service.find(store, match) if _exists(store, match) else None
        if record is None:
            record = service.create(store, match, game, players, preset, parse_options(options), _names(names), dealer)
            try:
                return run(store, record, _charset(charset))
            finally:
                # a match left before its first hand is not kept (unless another process added one meanwhile)
                delete_if_empty(store, record.id)
        if record.game != game:
            raise click.ClickException(_("match {name} is a {game} match").format(name=record.name, game=record.game))
        if settings_given:
            raise click.ClickException(
                _(
                    "match {name} already exists: its players and rules were set when it was "
                    "created (`cardcli scorepad show {name}`)"
                ).format(name=record.name)
            )
        return run(store, record, _charset(charset))


def _report(record: Any, pad: Any, numbers: list[int], as_json: bool, charset: str | None) -> None:
    """The pad after hands were added: JSON, or the pad with the new hands' breakdowns and a line saying so."""
    from cardcli.scorepad.render import as_json as pad_json
    from cardcli.scorepad.render import dumps

    if as_json:
        click.echo(dumps(pad_json(record, pad)))
        return
    _echo_pad(record, pad, _charset(charset), only=set(numbers))
    saved = ", ".join(map(str, numbers))
    click.echo(
        ngettext("Saved hand {n} of match {name}.", "Saved hands {n} of match {name}.", len(numbers)).format(
            n=saved, name=safe(record.name)
        ),
        err=True,
    )


def _exists(store: Any, name: str) -> bool:
    from cardcli.store.matches import find_match

    return find_match(store, name) is not None


def new(
    game: str,
    name: str,
    players: int | None,
    preset: str | None,
    options: tuple[str, ...],
    names: str | None,
    dealer: str | None,
    charset: str | None,
) -> int:
    from cardcli.scorepad import service

    with _store() as store:
        record = service.create(store, name, game, players, preset, parse_options(options), _names(names), dealer)
        _echo_pad(record, service.pad(store, record), _charset(charset))
    return 0


def add(name: str, file: IO[str], as_json: bool, charset: str | None) -> int:
    from cardcli.scorepad import service

    terminal = _is_terminal(file) and not as_json
    text = "" if terminal else _read(file)  # read before the store is opened
    with _store() as store:
        record = service.find(store, name)
        if terminal:
            from cardcli.scorepad.interactive import run

            return run(store, record, _charset(charset))
        numbers, pad = service.add(store, record, text)
    _report(record, pad, numbers, as_json, charset)
    return 0


def show(name: str, brief: bool, as_json: bool, charset: str | None) -> int:
    from cardcli.scorepad import service
    from cardcli.scorepad.render import as_json as pad_json
    from cardcli.scorepad.render import dumps

    with _store(read_only=True) as store:
        record = service.find(store, name)
        pad = service.pad(store, record)
    if as_json:
        click.echo(dumps(pad_json(record, pad)))
    else:
        _echo_pad(record, pad, _charset(charset), detail=not brief)
    return 0


def list_matches(game: str | None, as_json: bool) -> int:
    from cardcli.scorepad import service
    from cardcli.scorepad.pad import fmt
    from cardcli.scorepad.render import dumps
    from cardcli.store.matches import list_matches as stored

    rows: list[dict[str, Any]] = []
    with _store(read_only=True) as store:
        for record in stored(store, game):
            pad = service.pad(store, record)
            rows.append(
                {
                    "match": record.name,
                    "game": record.game,
                    "preset": record.preset,
                    "hands": record.hands,
                    "totals": {s: fmt(t) for s, t in zip(pad.sides, pad.totals)},
                    "over": pad.over,
                    "winners": [pad.labels[w] for w in pad.winners],
                    "updated": record.updated,
                }
            )
    if as_json:
        click.echo(dumps(rows))
        return 0
    if not rows:
        click.echo(_("No scorepad matches yet: `cardcli score GAME --match NAME` starts one."))
        return 0
    for r in rows:
        totals = ", ".join(f"{s} {t}" for s, t in r["totals"].items())
        state = _("won by {who}").format(who=_(" and ").join(r["winners"])) if r["over"] else _("in progress")
        click.echo(
            safe(
                f"{r['match']:<20} {r['game']:<8} "
                + ngettext("{n} hand", "{n} hands", r["hands"]).format(n=r["hands"])
                + f" · {totals} · {state} · {r['updated'][:10]}"
            )
        )
    return 0


def _change(name: str, action: Callable[[Any, Any], Any], done: str, charset: str | None) -> int:
    from cardcli.scorepad import service

    with _store() as store:
        record = service.find(store, name)
        pad = action(store, record)
    _echo_pad(record, pad, _charset(charset), detail=False)
    click.echo(safe(done), err=True)
    return 0


def fix(name: str, hand: int, file: IO[str], charset: str | None) -> int:
    from cardcli.scorepad import service

    text = _read(file)
    return _change(
        name,
        lambda st, rec: service.fix(st, rec, hand, text),
        _("Hand {n} of match {name} corrected.").format(n=hand, name=name),
        charset,
    )


def delete(name: str, hand: int | None, yes: bool, charset: str | None) -> int:
    from cardcli.scorepad import service
    from cardcli.store.matches import delete_match

    if hand is not None:
        return _change(
            name,
            lambda st, rec: service.remove(st, rec, hand),
            _("Hand {n} of match {name} deleted; the later hands moved up.").format(n=hand, name=name),
            charset,
        )
    with _store() as store:
        record = service.find(store, name)
        if not yes:
            try:
                sure = click.confirm(
                    ngettext(
                        "Delete match {name} and its {n} hand?", "Delete match {name} and its {n} hands?", record.hands
                    ).format(name=safe(record.name), n=record.hands),
                    default=False,
                )
            except click.Abort:
                click.echo("", err=True)
                sure = False
            if not sure:
                click.echo(_("Nothing deleted (add --yes to delete without asking)."), err=True)
                return 1
        delete_match(store, record.id)
    click.echo(_("Match {name} deleted.").format(name=safe(record.name)), err=True)
    return 0


def export(name: str, fmt: str, output: str | None) -> int:
    from cardcli.scorepad import service
    from cardcli.scorepad.render import as_csv, as_json, dumps

    with _store(read_only=True) as store:
        record = service.find(store, name)
        pad = service.pad(store, record)
    text = as_csv(record, pad) if fmt == "csv" else dumps(as_json(record, pad)) + "\n"
    if output is None:
        click.echo(text, nl=False)
        return 0
    from cardcli.replay.io import atomic_write

    try:
        atomic_write(output, text.encode())
    except OSError as err:
        raise click.ClickException(_("cannot write {path}: {why}").format(path=output, why=err.strerror or err)) from None
    click.echo(_("Wrote {path}.").format(path=output), err=True)
    return 0


def _is_terminal(file: IO[str]) -> bool:
    """Stdin at a terminal (click wraps stdin, so ask the stream itself)."""
    try:
        return bool(file.isatty()) and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False
