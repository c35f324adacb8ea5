"""The one fold: a match log replayed through a game, with visitors.

A match is its decks plus its moves (``state = fold(apply, moves, start_hand(deck))``).
Everything that replays moves — live play, resume, ``replay verify``/``show``/``view``,
undo, file import and export, the tutor, the review and the playout harness — goes
through :class:`Table`, the only place in cardcli that applies a move to a state.
Callers watch the fold through :class:`Visitor` hooks (python-chess's
``Mainline.accept(visitor)``): at the start of a hand, before and after each move,
and at the end of a hand.

A *strict* fold trusts nothing it is given: each move must be the seat's turn,
canonical notation and allowed by the rules, and facts derived from moves (which
ones are secret, who deals, the results) are computed, never read. A *trusting*
fold skips the legality check (used to rebuild positions already verified).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar

from cardcli.engine.cards import Card
from cardcli.engine.foldlog import FoldError, HandLog, LegalCheck, LoggedMove, Step, Visitor, _new_step
from cardcli.engine.game import Game, GameState, HandResult
from cardcli.engine.keyed import kept_for
from cardcli.engine.verdict import MoveError
from cardcli.i18n import _

S = TypeVar("S", bound=GameState)
M = TypeVar("M")

__all__ = ["FoldError", "HandLog", "LegalCheck", "LoggedMove", "Step", "Table", "Visitor", "fold", "look_ahead"]


class Table(Generic[S, M]):
    """A match being folded: the state, the log so far, and the visitors watching.

    Live play pushes moves one at a time; :func:`fold` pushes a whole log. Both
    go through :meth:`push`, so what the REPL accepts and what ``replay verify``
    accepts cannot differ.
    """

    def __init__(
        self,
        game: Game[S, M, Any, Any],
        config: Any,
        players: int,
        first_dealer: int,
        *,
        strict: bool = True,
        visitors: Iterable[Visitor] = (),
    ) -> None:
        if not 0 <= first_dealer < players:
            raise FoldError(
                _("the first dealer is seat {seat}, but there are {players} seats").format(seat=first_dealer + 1, players=players)
            )
        self.game = game
        self.config = config
        self.players = players
        self.first_dealer = first_dealer
        self.strict = strict
        self.visitors: list[Visitor] = list(visitors)
        self.state: S = game.new_match(config, players, first_dealer)
        self.hands: list[HandLog] = []
        """The log so far, with the dealer and secret flags as the rules say."""
        self.results: list[HandResult | None] = []
        self._starts: list[S | None] = []
        """Each hand's position before its deal; None for the first when it is :meth:`Game.new_match`'s
        own (made again when asked: a one-hand table, every playout's, then copies no state)."""
        self._fresh: S | None = self.state
        """The state :meth:`Game.new_match` made, while it is the table's and not yet dealt (a caller
        may set another position before the first deal: then that one is copied)."""
        self._deck_set: frozenset[Card] | None = None
        self._deck: list[Card] | None = None
        """The game's deck, sorted (what every deal is checked against)."""
        cls = type(game)
        self._named = _names_of(game) or {}
        """id of a move of the game's canonical table → its notation (:func:`_names_of`; empty when the
        game has no such table)."""
        self._secrets = cls.is_secret_move is not Game.is_secret_move
        """False when the game never has a secret move (then :meth:`push` does not ask)."""
        self._own_end = cls.hand_over is not Game.hand_over
        """False when a hand is over at phase "over", as :meth:`Game.hand_over` says."""
        self._entries = _entries_of(game, players, self._named)
        """Per seat, per move id: the log entry of that move by that seat, made once per game and shared
        (:meth:`push_id`: two list indexings, cheaper than a dict's ``get`` on a computed key)."""
        self._play_logged = game.play_logged
        self._log: list[LoggedMove] | None = None
        """The current hand's log (``hands[-1].moves``) when :meth:`push_id` may log a move in one step
        (the game has no secret moves); None before the first deal or when it may not."""

    # -- queries -------------------------------------------------------------------------------
    @property
    def hand(self) -> int:
        """The number of the current hand (0 before the first deal)."""
        return len(self.hands)

    @property
    def ply(self) -> int:
        """Moves made so far in the current hand."""
        return len(self.hands[-1].moves) if self.hands else 0

    def needs_deal(self) -> bool:
        return self.game.needs_deal(self.state)

    def leaves_hand(self) -> bool:
        """True when the hand in progress is unfinished and the game lets it stay so while the next
        is dealt (a set of independent deals recorded in part: :meth:`Game.may_leave_hand`)."""
        game = self.game
        state = self.state
        return state.hand_number > 0 and not game.hand_over(state) and not game.match_over(state) and game.may_leave_hand(state)

    def dealer(self) -> int | None:
        return self.hands[-1].dealer if self.hands else None

    def hand_start(self, hand: int) -> S:
        """A copy of the position right before hand ``hand`` was dealt."""
        start = self._starts[hand - 1]
        return start.clone() if start is not None else self._new_match()

    def _new_match(self) -> S:
        """The position before the first deal: the match as :meth:`Game.new_match` begins it."""
        return self.game.new_match(self.config, self.players, self.first_dealer)

    # -- folding -------------------------------------------------------------------------------
    def deal(self, deck: Sequence[Card]) -> None:
        """Begin the next hand with ``deck`` (every card of the game's deck, in dealt order)."""
        hand = self.hand + 1
        if not self.needs_deal() and not self.leaves_hand():
            raise FoldError(_("hand {hand}: recorded, but the match had no hand left to deal").format(hand=hand), hand)
        game = self.game
        checks = game.checks_deck
        if not checks and not self._is_deck(deck):
            raise self._not_a_deck(hand)
        dealer = game.next_dealer(self.state)
        start = None if self.state is self._fresh and not self.hands else self.state.clone()
        try:
            game.start_hand(self.state, list(deck))
        except ValueError:
            if checks:  # the game's own check refused it, the state untouched
                raise self._not_a_deck(hand) from None
            raise
        self._starts.append(start)
        self._fresh = None
        self.hands.append(HandLog(list(deck), [], dealer))
        self._log = None if self._secrets else self.hands[-1].moves
        self.results.append(None)
        for v in self.visitors:
            v.begin_hand(self, hand)

    def _is_deck(self, deck: Sequence[Card]) -> bool:
        """Whether ``deck`` is every card of the game's deck (in any order)."""
        cards, distinct = self._game_deck()
        if len(deck) != len(cards):
            return False
        return distinct == set(deck) if distinct is not None else sorted(deck) == cards

    def _game_deck(self) -> tuple[list[Card], frozenset[Card] | None]:
        """The game's deck sorted, and its set when its cards are distinct (asked of the game once:
        a game that checks its own deals never asks)."""
        if self._deck is None:
            self._deck, self._deck_set = _sorted_deck(self.game, self.config, self.players)
        return self._deck, self._deck_set

    def _not_a_deck(self, hand: int) -> FoldError:
        """The refusal of hand ``hand``'s deck, which is not the game's."""
        n = len(self._game_deck()[0])
        return FoldError(
            _("hand {hand}: the deck is not the {n} cards of a {game} deal").format(hand=hand, n=n, game=self.game.name), hand
        )

    def parse(self, logged: LoggedMove) -> M:
        """The move a log entry names, checked for turn and (strict) canonical notation (a text of the
        game's table of canonical moves is read there, neither parsed nor formatted again)."""
        game = self.game
        hand, ply = self.hand, self.ply + 1
        actor = game.to_act(self.state)
        if actor is None:
            raise FoldError(_("hand {hand}, move {ply}: the hand was already over").format(hand=hand, ply=ply), hand, ply)
        if logged.seat != actor:
            names = game.seat_names(self.players)
            raise FoldError(
                _("hand {hand}, move {ply}: it was {name}'s turn, not seat {seat}'s").format(
                    hand=hand, ply=ply, name=names[actor], seat=logged.seat + 1
                ),
                hand,
                ply,
            )
        table = game.canonical_moves
        if table is not None:
            known = table.get(logged.move)
            if known is not None:
                return known
        try:
            move = game.parse_move(logged.move)
        except MoveError as err:
            raise FoldError(
                _("hand {hand}, move {ply}: {move} is not a {game} move ({reason})").format(
                    hand=hand, ply=ply, move=repr(logged.move), game=game.name, reason=err.message
                ),
                hand,
                ply,
            ) from None
        if self.strict and game.format_move(move) != logged.move:
            if game.is_secret_move(move):  # an error message must not tell a secret
                message = _("hand {hand}, move {ply}: a secret move is not canonical notation").format(hand=hand, ply=ply)
            else:
                message = _("hand {hand}, move {ply}: {move} is not canonical notation").format(
                    hand=hand, ply=ply, move=repr(logged.move)
                )
            raise FoldError(message, hand, ply)
        return move

    def push(self, move: M, claimed_secret: bool | None = None) -> Step[M]:
        """Make ``move`` for the seat to act. Strict tables refuse an illegal move with a FoldError.

        ``claimed_secret``: what a file says of the move (None: nothing), held to the rules."""
        game = self.game
        hands = self.hands
        hand = len(hands)
        state = self.state
        seat = game.to_act(state)
        if seat is None or not hands:
            ply = self.ply + 1
            raise FoldError(_("hand {hand}, move {ply}: nobody can move now").format(hand=hand, ply=ply), hand, ply)
        log = hands[-1].moves
        ply = len(log) + 1
        # a move of the game's canonical table is named by the table (the very object: its id)
        notation = self._named.get(id(move)) or game.format_move(move)
        secret = game.is_secret_move(move) if self._secrets else False
        if self.strict:
            self._check(move, seat, notation, secret, claimed_secret, hand, ply)
        visitors = self.visitors
        if visitors:
            for v in visitors:
                v.before_move(self, seat, move)
        outcome = game.apply(state, move)
        log.append(LoggedMove(seat, notation, secret))
        step: Step[M] = _new_step(Step, (hand, ply, seat, move, notation, secret, outcome))
        if visitors:
            for v in visitors:
                v.after_move(self, step)
        if game.hand_over(state) if self._own_end else state.phase == "over":
            self._end_hand()
        return step

    def push_id(self, move_id: int) -> None:
        """Make the move numbered ``move_id`` (:meth:`Game.play_id`) for the seat to act: the lean
        path of a playout through a table. Checked whether the table is strict or not (the number
        names a listed move, so turn and notation hold by construction), logged as :meth:`push` logs
        it, with no :class:`Step` and no outcome; a refused move raises FoldError, the state
        untouched. With visitors (they are told of each step) or secret moves, it goes through
        :meth:`push`."""
        log = self._log
        if log is None or self.visitors:
            self._push_checked(move_id)
            return
        try:
            # the move made and its entry logged in one call (one entry per seat and move, shared by
            # every log: an entry is never changed once made)
            over = self._play_logged(self.state, move_id, log, self._entries)
        except MoveError as err:
            hand, ply = len(self.hands), len(log) + 1
            raise FoldError(
                _("hand {hand}, move {ply}: {reason}").format(hand=hand, ply=ply, reason=err.message), hand, ply, err.rule
            ) from None
        if over:
            self._end_hand()

    def _push_checked(self, move_id: int) -> None:
        """:meth:`push_id` the full way: the move checked (even by a trusting table), then pushed."""
        game = self.game
        table = game.move_table
        if table is None or type(move_id) is not int or not 0 <= move_id < len(table):
            raise FoldError(_("{move} is not a {game} move id").format(move=repr(move_id), game=game.name))
        move = table[move_id]
        if not self.strict and self.hands and game.to_act(self.state) is not None:
            verdict = game.check(self.state, move)
            if not verdict.ok:
                hand, ply = self.hand, self.ply + 1
                raise FoldError(
                    _("hand {hand}, move {ply}: {reason}").format(hand=hand, ply=ply, reason=verdict.reason),
                    hand,
                    ply,
                    verdict.rule,
                )
        self.push(move)

    def _end_hand(self) -> None:
        """The current hand has just ended: record its result and tell the visitors."""
        result = self.game.hand_result(self.state)
        self.results[-1] = result
        hand = len(self.hands)
        for v in self.visitors:
            v.end_hand(self, hand, result)

    def _check(self, move: M, seat: int, notation: str, secret: bool, claimed_secret: bool | None, hand: int, ply: int) -> None:
        """A strict table's checks of a move about to be made: allowed by the rules, and marked as secret
        (or not) as the rules say."""
        game = self.game
        verdict = game.check(self.state, move)
        if verdict.ok and (claimed_secret is None or claimed_secret == secret):
            return
        # an error message must not tell a secret: a secret move is not shown
        if not verdict.ok:
            name = game.seat_names(self.players)[seat]
            if secret:
                text = _("hand {hand}, move {ply} ({name} a secret move): illegal: {reason} [rule {game} {rule}]")
            else:
                text = _("hand {hand}, move {ply} ({name} {move}): illegal: {reason} [rule {game} {rule}]")
            raise FoldError(
                text.format(
                    hand=hand, ply=ply, name=name, move=repr(notation), reason=verdict.reason, game=game.name, rule=verdict.rule
                ),
                hand,
                ply,
                verdict.rule,
            )
        # allowed, so the file's secret flag is what differs
        if secret:  # the file says public
            text = _("hand {hand}, move {ply} (a secret move): the file marks it public, but it is secret by the rules")
        else:
            text = _("hand {hand}, move {ply} ({move}): the file marks it secret, but it is public by the rules")
        raise FoldError(text.format(hand=hand, ply=ply, move=repr(notation)), hand, ply)

    def push_logged(self, logged: LoggedMove) -> Step[M]:
        return self.push(self.parse(logged), logged.secret)

    def _replay(self, moves: Iterable[LoggedMove], until: int | None = None) -> None:
        """The one loop over a hand's moves (used by :func:`fold` and :meth:`rewind`).

        When no visitor watches single moves and the game lists its canonical moves, each logged
        move is looked up, checked and applied here without a :class:`Step` (what ``replay
        verify`` and resuming a long match spend their time on); anything unusual, and every
        error, goes through :meth:`push_logged`, which names the problem."""
        game = self.game
        table = game.canonical_moves
        if table is None or any(
            type(v).before_move is not Visitor.before_move or type(v).after_move is not Visitor.after_move for v in self.visitors
        ):
            for i, logged in enumerate(moves):
                if until is not None and i >= until:
                    return
                self.push_logged(logged)
            return
        if until is not None:
            moves = list(moves)[:until]
        state, strict = self.state, self.strict
        log = self.hands[-1].moves
        replay_move, hand_over, is_secret, get = game.replay_move, game.hand_over, game.is_secret_move, table.get
        secrets = type(game).is_secret_move is not Game.is_secret_move  # else no move is ever secret
        own_end = type(game).hand_over is not Game.hand_over  # else a hand is over at phase "over"
        for logged in moves:
            move = get(logged.move)
            secret = (is_secret(move) if secrets else False) if move is not None else None
            if (
                move is None
                or logged.secret is not None
                and logged.secret is not secret
                or not replay_move(state, move, logged.seat, strict)
            ):
                self.push_logged(logged)  # names the problem, or makes an unusual move the full way
                continue
            # the entry itself when it says what the fold found (a file's record: same fields)
            log.append(logged if logged.secret is secret else LoggedMove(logged.seat, logged.move, secret))
            if hand_over(state) if own_end else state.phase == "over":
                self._end_hand()

    def rewind(self, keep: int) -> None:
        """Take the current hand back to its first ``keep`` moves by re-folding it from its deal.

        Visitors are not told of the re-folded moves: they saw them the first time.
        """
        hand = self.hands[-1]
        moves = hand.moves[:keep]
        watching, self.visitors = self.visitors, []
        strict, self.strict = self.strict, False
        try:
            start = self._starts.pop()
            self.state = start if start is not None else self._new_match()
            self._fresh = None if start is not None else self.state
            self.hands.pop()
            self.results.pop()
            self.deal(hand.deck)
            self._replay(moves)
        finally:
            self.visitors, self.strict = watching, strict

    def replay_hand(self, log: HandLog, until: int | None = None) -> None:
        """Deal ``log.deck`` and fold its moves (the first ``until`` only, when given)."""
        self.deal(log.deck)
        hand = self.hand
        if self.strict and log.dealer is not None and log.dealer != self.hands[-1].dealer:
            names = self.game.seat_names(self.players)
            dealer = names[self.hands[-1].dealer or 0]
            if 0 <= log.dealer < self.players:
                message = _("hand {hand}: the file says {said} dealt, but by the rules {dealer} deals").format(
                    hand=hand, said=names[log.dealer], dealer=dealer
                )
            else:
                message = _("hand {hand}: the file says seat {seat} dealt, but by the rules {dealer} deals").format(
                    hand=hand, seat=log.dealer + 1, dealer=dealer
                )
            raise FoldError(message, hand)
        self._replay(log.moves, until)


_NAMES: dict[int, tuple[Any, dict[int, str]]] = {}
"""id of a game's canonical table → (the table, kept alive so its id stays its own; id of each of its
moves → that move's notation)."""
_ENTRIES: dict[int, tuple[Any, list[list[LoggedMove]]]] = {}
"""id of a game's move table → (the table, kept alive so its id stays its own; per seat, per move id,
the log entries :meth:`Table.push_id` shares)."""
_DECKS: dict[tuple[int, int, int], tuple[Any, Any, list[Card], frozenset[Card] | None]] = {}
"""(id of a game, id of its config, players) → (the game and config, kept alive so their ids stay
their own; the deck's cards sorted, their set when they are distinct). Configs are frozen, so the
deck they name never changes."""


def _names_of(game: Game[Any, Any, Any, Any]) -> dict[int, str] | None:
    """The notation of each move in ``game``'s canonical table, by the move's id, where the table's text
    is what :meth:`Game.format_move` writes (so a lookup answers as formatting the move would; the
    table's moves live as long as the table, so their ids are never another object's)."""
    table = game.canonical_moves
    if table is None:
        return None
    return kept_for(_NAMES, table, lambda: {id(m): text for text, m in table.items() if game.format_move(m) == text})


def _entries_of(game: Game[Any, Any, Any, Any], players: int, named: dict[int, str]) -> list[list[LoggedMove]]:
    """The log entries :meth:`Table.push_id` shares for the moves of ``game``'s move table, per seat of
    ``players``: every one made the first time (bridge: 106 moves a seat, formatted once), so that the
    step that makes a move can log it without formatting. ``named``: :func:`_names_of`'s notations."""
    table = game.move_table
    if table is None:
        return []
    seats: list[list[LoggedMove]] = kept_for(_ENTRIES, table, list)
    while len(seats) < players:
        seat = len(seats)
        seats.append([LoggedMove(seat, named.get(id(m)) or game.format_move(m), False) for m in table])
    return seats


def _sorted_deck(game: Game[Any, Any, Any, Any], config: Any, players: int) -> tuple[list[Card], frozenset[Card] | None]:
    """The deck every deal is checked against: sorted, and as a set when its cards are distinct (a set
    compares cheaper than sorting every deal's); made once per game, config and players (asking the
    game for its deck cost a playout's table more than the check itself)."""
    key = (id(game), id(config), players)
    got = _DECKS.get(key)
    if got is None or got[0] is not game or got[1] is not config:
        cards = sorted(game.deck(config, players))
        if len(_DECKS) >= 1000:  # configs made on the fly (a file's own) must not grow it for ever
            _DECKS.clear()
        got = _DECKS[key] = (game, config, cards, frozenset(cards) if len(set(cards)) == len(cards) else None)
    return got[2], got[3]


def fold(
    game: Game[S, M, Any, Any],
    config: Any,
    players: int,
    first_dealer: int,
    hands: Sequence[HandLog],
    *,
    strict: bool = True,
    visitors: Iterable[Visitor] = (),
    until: tuple[int, int] | None = None,
    deck_check: Callable[[int, list[Card]], str | None] | None = None,
) -> Table[S, M]:
    """Fold a match log through ``game`` and return the table at its end (or at ``until``).

    ``until=(hand, ply)`` stops after move ``ply`` of hand ``hand``. ``deck_check(hand, deck)``
    may refuse a deck (e.g. one that is not what the recorded seed deals) with a reason.
    """
    table: Table[S, M] = Table(game, config, players, first_dealer, strict=strict, visitors=visitors)
    # a fold makes thousands of small objects that all stay alive (the log, each hand's start) and no
    # garbage cycles: the collector's passes over them cost about a fifth of a long replay's
    # verification, so it waits until the fold is done
    collecting = gc.isenabled()
    gc.disable()
    try:
        for number, log in enumerate(hands, 1):
            if deck_check is not None:
                problem = deck_check(number, log.deck)
                if problem:
                    raise FoldError(_("hand {hand}: {problem}").format(hand=number, problem=problem), number)
            stop = until[1] if until is not None and until[0] == number else None
            table.replay_hand(log, stop)
            if until is not None and number >= until[0]:
                break
    finally:
        if collecting:
            gc.enable()
    return table


def look_ahead(game: Game[S, M, Any, Any], state: S, move: M) -> S:
    """The position after ``move`` on a copy of ``state``: nothing is recorded and ``state`` is left as
    it was. The tutor compares the positions two moves lead to (the same move in other words), so
    this is the one place outside the games that applies a move without a table."""
    after = state.clone()
    game.apply(after, move)
    return after
