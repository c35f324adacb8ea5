"""Holding a replay file to its moves: what a file claims, checked against what its moves give.

A file states a game, options, seats, a seed and each hand's result; only the decks and the moves
are taken on trust. Resuming a save, ``replay verify`` and the viewer all rebuild a session with
:meth:`~cardcli.session.Session.from_replay`, which uses the checks here, so a file that says one
thing and plays another is refused the same way wherever it is opened, with one line naming the
hand and the field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import msgspec

from cardcli.engine.cards import Card
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import FoldError, HandLog, LoggedMove, Table, Visitor
from cardcli.engine.game import Game, HandResult, MatchResult
from cardcli.engine.options import ConfigError, config_from_builtins
from cardcli.engine.registry import UnknownGame, load
from cardcli.engine.text import safe
from cardcli.i18n import _, ngettext
from cardcli.replay.io import ReplayError
from cardcli.replay.model import HandRecord, Replay

DeckCheck = Callable[[int, list[Card]], str | None]


def log_of(replay: Replay) -> list[HandLog]:
    """A replay's match log: decks and ``(seat, notation)`` moves, with what the file claims.

    The moves are the file's own records: a fold only reads an entry's ``seat``, ``move`` and
    ``secret``, which a :class:`MoveRecord` has as a :class:`LoggedMove` does (copying every move
    of a long replay cost a tenth of verifying it)."""
    return [HandLog(list(h.deck), cast(list[LoggedMove], h.moves), h.dealer) for h in replay.hands]


def game_of(replay: Replay) -> tuple[Game[Any, Any, Any, Any], Any]:
    """The game and options a file names, once its header is consistent (else :class:`ReplayError`).

    Checked before any move is folded: the setup the game accepts, one seat per player, a hand
    limit the hands respect, and bots the game has."""
    try:
        game = load(replay.game)
        config = config_from_builtins(game, replay.config)
    except (UnknownGame, ConfigError) as err:
        raise ReplayError(str(err)) from None
    problem = game.check_setup(config, replay.players)
    if problem:
        raise ReplayError(problem)
    if len(replay.seats) != replay.players:
        count = len(replay.seats)
        raise ReplayError(
            ngettext(
                "the file lists {n} seat for {players} players", "the file lists {n} seats for {players} players", count
            ).format(n=count, players=replay.players)
        )
    if replay.hands_limit is not None and replay.hands_limit < 1:
        raise ReplayError(_("the file limits the match to {n} hands").format(n=replay.hands_limit))
    if replay.hands_limit is not None and len(replay.hands) > replay.hands_limit:
        raise ReplayError(
            _("the file holds {n} hands, but the match was limited to {limit}").format(
                n=len(replay.hands), limit=replay.hands_limit
            )
        )
    for bot_seat in replay.seats:
        if bot_seat.kind == "bot" and bot_seat.bot is not None and not game.has_bot(bot_seat.bot):
            raise ReplayError(
                _("seat {seat}: {game} has no bot {bot}").format(seat=bot_seat.name, game=game.name, bot=repr(bot_seat.bot))
            )
    return game, config


def seeded_deck_check(game: Game[Any, Any, Any, Any], config: Any, replay: Replay) -> DeckCheck | None:
    """A fold's ``deck_check`` for a seeded file: each hand's deck must be the one the seed deals.

    None for a file without a seed (a hand-made deal is allowed, as long as it says so)."""
    if not replay.seed:
        return None
    seed = replay.seed
    unshuffled = game.deck(config, replay.players)

    def deck_check(number: int, deck: list[Card]) -> str | None:
        if list(deck) != shuffled_deck(unshuffled, seed, number):
            return _("the deck is not the one seed {seed} deals (remove the seed to keep a hand-made deal)").format(
                seed=repr(seed)
            )
        return None

    return deck_check


def check_match_result(recorded: MatchResult | None, finished: bool, real: MatchResult) -> None:
    """Refuse a file whose recorded match result (or claim to be complete) the moves do not give."""
    if recorded is None:
        return
    if recorded.complete and not finished:
        raise ReplayError(_("the file says the match is complete, but its moves do not finish it"))
    if real != recorded and msgspec.to_builtins(real) != msgspec.to_builtins(recorded):
        raise ReplayError(
            _(
                "the recorded match result {totals} (winners {winners}) does not match the moves "
                "({real_totals}, winners {real_winners})"
            ).format(
                totals=recorded.totals,
                winners=recorded.winners,
                real_totals=real.totals,
                real_winners=real.winners,
            )
        )


class ResultCheck(Visitor):
    """Compares each hand's computed result with the one a file records, as the fold goes."""

    def __init__(self, hands: Sequence[HandRecord]) -> None:
        self.hands = hands
        self.extras: dict[int, dict[str, Any]] = {}

    def end_hand(self, table: Table[Any, Any], hand: int, result: HandResult | None) -> None:
        self.extras[hand] = table.game.hand_extra(table.state)

    def begin_hand(self, table: Table[Any, Any], hand: int) -> None:
        if hand > 1:
            self._compare(table, hand - 1)

    def _compare(self, table: Table[Any, Any], hand: int) -> None:
        recorded = self.hands[hand - 1].result
        if recorded is None:
            return
        got = table.results[hand - 1]
        if got is None:
            raise FoldError(_("hand {hand}: the file records a result but the hand is not over").format(hand=hand), hand)
        if got == recorded:  # the usual answer, without turning both into plain values first
            return
        mine, theirs = msgspec.to_builtins(got), msgspec.to_builtins(recorded)
        if mine != theirs:
            field, said, real = _first_difference(theirs, mine)
            raise FoldError(
                _(
                    "hand {hand}: the recorded result does not match the moves: {field} is {said} in the "
                    "file, but the moves give {real}"
                ).format(hand=hand, field=field, said=_short(said), real=_short(real)),
                hand,
            )

    def finish(self, table: Table[Any, Any]) -> None:
        """Compare the last hand too (no next hand begins to trigger it)."""
        if table.hand:
            self._compare(table, table.hand)


def _first_difference(said: Any, real: Any, path: str = "result") -> tuple[str, Any, Any]:
    """The first place where two decoded values differ: (dotted path, value said, real value)."""
    if isinstance(said, dict) and isinstance(real, dict):
        for key in sorted(set(said) | set(real), key=str):
            if said.get(key, _MISSING) != real.get(key, _MISSING):
                return _first_difference(said.get(key, _MISSING), real.get(key, _MISSING), f"{path}.{key}")
    elif isinstance(said, list) and isinstance(real, list):
        for i, (a, b) in enumerate(zip(said, real)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
        if len(said) != len(real):
            return f"{path} (length)", len(said), len(real)
    return path, said, real


class _Missing:
    def __repr__(self) -> str:
        return "missing"


_MISSING = _Missing()


def _short(value: Any) -> str:
    text = safe(repr(value))
    return text if len(text) <= 60 else text[:57] + "..."
