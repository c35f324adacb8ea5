"""Helpers shared by the command bodies: option parsing and one-line errors."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from cardcli.i18n import _


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``("target=150", "ace=wrap")`` → dict; a pair without ``=`` is a usage error."""
    out: dict[str, str] = {}
    for p in pairs:
        key, sep, value = p.partition("=")
        if not sep or not key.strip():
            raise click.UsageError(f"--option takes KEY=VALUE, not {p!r}")
        out[key.strip()] = value.strip()
    return out


def parse_seat(text: str, names: Sequence[str]) -> int:
    """A seat given as a 1-based number, a name or its initial (``2``, ``P2``, ``south``, ``S``)."""
    t = text.strip()
    if t.isdigit():
        number = int(t)
        if 1 <= number <= len(names):
            return number - 1
        raise click.BadParameter(_("seat {seat} does not exist (1 to {n})").format(seat=t, n=len(names)))
    from cardcli.engine.words import SEAT_NAMES_IT, seat_labels

    low = t.lower()
    spellings = [(n.lower(), SEAT_NAMES_IT.get(n, n).lower()) for n in names]  # South or Sud, either language
    for i, both in enumerate(spellings):
        if low in both:
            return i
    initials = [i for i, both in enumerate(spellings) if any(s.startswith(low) for s in both)]
    if len(initials) == 1:
        return initials[0]
    raise click.BadParameter(_("no seat {seat} (seats: {seats})").format(seat=repr(t), seats=", ".join(seat_labels(names))))


def load_game(name: str) -> Any:
    from cardcli.engine.registry import UnknownGame, load

    try:
        return load(name)
    except UnknownGame as err:
        raise click.ClickException(str(err)) from None


def make_config(game: Any, preset: str | None, options: Sequence[str]) -> Any:
    from cardcli.engine.options import ConfigError, build_config

    try:
        return build_config(game, preset, parse_options(options))
    except ConfigError as err:
        raise click.UsageError(str(err)) from None


def players_for(game: Any, config: Any, players: int | None) -> int:
    n = players or game.default_players
    problem = game.check_setup(config, n)
    if problem:
        raise click.UsageError(problem)
    return n
