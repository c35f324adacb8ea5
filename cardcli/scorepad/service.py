"""Scorepad matches: creating them, adding, correcting and deleting hands, computing the pad.

This joins the store (:mod:`cardcli.store.matches`, which keeps the typed
text) and the games' scorepad rules (:mod:`cardcli.scorepad.tables`). Every
change is checked by scoring the whole match with it *inside* the store's
write transaction, so a hand that does not score, or one after the match was
over, is refused and nothing is saved; what is saved is committed before the
command says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardcli.i18n import _
from cardcli.scorepad.pad import Pad
from cardcli.scorepad.tables import Table, table_for
from cardcli.store import Store
from cardcli.store import matches as db


class ScorepadError(Exception):
    """A one-line problem with a match or a typed hand."""


def _game(name: str) -> Any:
    from cardcli.engine.registry import UnknownGame, load

    try:
        return load(name)
    except UnknownGame as err:
        raise ScorepadError(str(err)) from None


def table(record: db.MatchRecord) -> Table:
    """The scorepad rules of a stored match."""
    from cardcli.engine.options import ConfigError, build_config

    game = _game(record.game)
    try:
        config = build_config(game, record.preset, record.options)
    except ConfigError as err:
        raise ScorepadError(_("match {name}: {why}").format(name=record.name, why=err)) from None
    return table_for(game, config, record.players, record.first_dealer, record.names)


def find(store: Store, name: str) -> db.MatchRecord:
    got = db.find_match(store, name)
    if got is None:
        raise ScorepadError(_("no scorepad match named {name!r} (`cardcli scorepad list` shows them)").format(name=name))
    return got


def _seat(text: str, seats: Sequence[str], names: Sequence[str]) -> int:
    t = text.strip().lower()
    if t.isdigit() and 1 <= int(t) <= len(seats):
        return int(t) - 1
    for i, (s, n) in enumerate(zip(seats, names)):
        if t in (s.lower(), n.lower()) or (len(t) == 1 and s.lower().startswith(t)):
            return i
    raise ScorepadError(_("no seat {seat!r} (seats: {seats})").format(seat=text, seats=", ".join(seats)))


NAME_LIMIT = 60
"""Longest match name; a player's name may have up to :data:`PLAYER_LIMIT` characters."""
PLAYER_LIMIT = 40


def _plain_name(text: str, what: str, limit: int) -> str:
    """A name as typed, checked: printable, and short enough for a pad (and a terminal)."""
    clean = text.strip()
    if any(not ch.isprintable() for ch in clean):
        raise ScorepadError(_("{what} {name!r} holds control characters").format(what=what, name=clean[:limit]))
    if len(clean) > limit:
        raise ScorepadError(_("{what} has {n} characters; at most {limit} are kept").format(what=what, n=len(clean), limit=limit))
    return clean


def new_match(
    name: str,
    game_name: str,
    players: int | None,
    preset: str | None,
    options: Mapping[str, str],
    names: Sequence[str],
    dealer: str | None,
) -> db.NewMatch:
    """A match's settings, checked: its players, preset, options and first dealer are fixed from then on."""
    from cardcli.engine.options import ConfigError, build_config

    if not name.strip() or len(name.strip()) > NAME_LIMIT:
        raise ScorepadError(_("a match needs a name of 1 to {n} characters").format(n=NAME_LIMIT))
    clean_name = _plain_name(name, _("the match name"), NAME_LIMIT)
    game = _game(game_name)
    try:
        config = build_config(game, preset, options)
    except ConfigError as err:
        raise ScorepadError(str(err)) from None
    n = players or (len(names) if names and len(names) in game.player_counts else game.default_players)
    problem = game.check_setup(config, n)
    if problem:
        raise ScorepadError(problem)
    if names and len(names) != n:
        raise ScorepadError(
            _("{k} names given for {n} players (one per seat, in seat order: {seats})").format(
                k=len(names), n=n, seats=", ".join(game.seat_names(n))
            )
        )
    clean = [_plain_name(x, _("a player's name"), PLAYER_LIMIT) for x in names] or [""] * n
    if len({x.lower() for x in clean if x}) != len([x for x in clean if x]):
        raise ScorepadError(_("two players have the same name"))
    seats = game.seat_names(n)
    first = _seat(dealer, seats, clean) if dealer else 0
    return db.NewMatch(clean_name, game.name, preset or game.default_preset, dict(options), n, clean, first)


def create(
    store: Store,
    name: str,
    game_name: str,
    players: int | None,
    preset: str | None,
    options: Mapping[str, str],
    names: Sequence[str],
    dealer: str | None,
) -> db.MatchRecord:
    """A new match; its players, preset, options and first dealer are fixed from now on."""
    spec = new_match(name, game_name, players, preset, options, names, dealer)
    try:
        return db.create_match(
            store, spec.name, spec.game, spec.preset, spec.options, spec.players, spec.names, spec.first_dealer
        )
    except ValueError:
        raise ScorepadError(_("a match named {name!r} already exists").format(name=spec.name)) from None


def score_into(store: Store, spec: db.NewMatch, text: str, settings_given: bool) -> tuple[db.MatchRecord, bool, list[int], Pad]:
    """Add the hands in ``text`` to match ``spec.name``, creating it with ``spec`` when there is none (in
    one write: any number of processes doing this at once create it once and all add their hands).
    Joining a match whose settings differ from ones given explicitly is refused."""

    def hands_for(record: db.MatchRecord) -> tuple[list[str], db.Check]:
        if record.game != spec.game:
            raise ScorepadError(_("match {name} is a {game} match").format(name=record.name, game=record.game))
        if settings_given and not spec.same_as(record):
            raise ScorepadError(
                _(
                    "match {name} already exists: its players and rules were set when it was "
                    "created (`cardcli scorepad show {name}`)"
                ).format(name=record.name)
            )
        t = table(record)
        hands = t.split(text)
        if not hands:
            raise ScorepadError(_("no hand given (see `cardcli rules {game} score` for what to type)").format(game=record.game))
        return hands, _check(t)

    record, created, numbers = db.add_or_create(store, spec, hands_for)
    return record, created, numbers, pad(store, record)


def _check(t: Table) -> db.Check:
    def check(texts: list[str]) -> None:
        try:
            t.pad(texts, strict=True)
        except ValueError as err:
            raise ScorepadError(str(err)) from None

    return check


def add(store: Store, record: db.MatchRecord, text: str) -> tuple[list[int], Pad]:
    """Add the hands in ``text`` (several separated by ``---``; bridge: one deal per line)."""
    t = table(record)
    hands = t.split(text)
    if not hands:
        raise ScorepadError(_("no hand given (see `cardcli rules {game} score` for what to type)").format(game=record.game))
    numbers = db.add_hands(store, record.id, hands, _check(t))
    return numbers, pad(store, record)


def fix(store: Store, record: db.MatchRecord, number: int, text: str) -> Pad:
    t = table(record)
    hands = t.split(text)
    if len(hands) != 1:
        raise ScorepadError(_("a correction is one hand ({n} given)").format(n=len(hands)))
    try:
        db.replace_hand(store, record.id, number, hands[0], _check(t))
    except IndexError:
        raise ScorepadError(_("match {name} has no hand {n}").format(name=record.name, n=number)) from None
    return pad(store, record)


def remove(store: Store, record: db.MatchRecord, number: int) -> Pad:
    try:
        db.delete_hand(store, record.id, number, _check(table(record)))
    except IndexError:
        raise ScorepadError(_("match {name} has no hand {n}").format(name=record.name, n=number)) from None
    return pad(store, record)


def pad(store: Store, record: db.MatchRecord) -> Pad:
    """The pad as it stands (a stored hand that no longer scores is shown with its error)."""
    return table(record).pad([h.text for h in db.match_hands(store, record.id)])
