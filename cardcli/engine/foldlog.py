"""What a fold records and who watches it: the log's entries and hands, the step a pushed move
makes, the fold's error, and the :class:`Visitor` hooks.

Kept apart from :mod:`cardcli.engine.fold` because that module may be compiled (see
:mod:`cardcli.native`): these classes are subclassed, built and read by ordinary Python all over
cardcli (every visitor is a subclass), and a compiled class may not be subclassed by an interpreted
one. :mod:`cardcli.engine.fold` re-exports them, so callers import them from there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from cardcli.engine.cards import Card
from cardcli.engine.game import HandResult, Outcome
from cardcli.i18n import _

if TYPE_CHECKING:
    from cardcli.engine.fold import Table

M = TypeVar("M")


class FoldError(ValueError):
    """A log that cannot be folded: the message is one line naming the hand and move."""

    def __init__(self, message: str, hand: int = 0, ply: int = 0, rule: str | None = None) -> None:
        super().__init__(message)
        self.hand = hand
        self.ply = ply
        self.rule = rule


@dataclass(slots=True)
class LoggedMove:
    """One move of the log: who made it and its canonical notation.

    ``secret`` is what a file claims; a strict fold compares it with what the
    game says and refuses a mismatch, and every fold records the game's answer.
    """

    seat: int
    move: str
    secret: bool | None = None


@dataclass
class HandLog:
    """One hand of a match log: the deck as dealt (top first) and the moves."""

    deck: list[Card]
    moves: list[LoggedMove] = field(default_factory=list)
    dealer: int | None = None
    """The dealer a file claims (checked by a strict fold); the fold records the real one."""


class Step(NamedTuple, Generic[M]):
    """A move folded into the state: where it was made, by whom, and what it did.

    A named tuple, so truly read-only and made in one step: one is built for every move pushed, and
    a frozen dataclass's slot-by-slot setting cost more than the rest of :meth:`Table.push`
    (``push`` builds it with ``tuple.__new__``, skipping even the tuple's own ``__new__``)."""

    hand: int
    ply: int
    """1-based number of the move within its hand."""
    seat: int
    move: M
    notation: str
    secret: bool
    outcome: Outcome[Any]


_new_step: Callable[[type[Step[Any]], tuple[Any, ...]], Step[Any]] = tuple.__new__  # type: ignore[assignment]


class Visitor:
    """Hooks called by the fold; override the ones you need (all do nothing by default)."""

    def begin_hand(self, table: Table[Any, Any], hand: int) -> None:
        """Hand ``hand`` (1-based) has just been dealt."""

    def before_move(self, table: Table[Any, Any], seat: int, move: Any) -> None:
        """``seat`` is about to make the checked ``move``; ``table.state`` is the position before it."""

    def after_move(self, table: Table[Any, Any], step: Step[Any]) -> None:
        """``step`` has been applied; ``table.state`` is the position after it."""

    def end_hand(self, table: Table[Any, Any], hand: int, result: HandResult | None) -> None:
        """Hand ``hand`` is over with ``result``."""


class LegalCheck(Visitor):
    """Holds every folded move to the legal list of its position, not only to the checker.

    A generator that forgets a kind of move (layoffs on sets, a second meld in a turn) passes
    every strict fold, since the checker allows the moves it forgot; this visitor refuses them
    (``replay verify --legal``, the playout harness). Open moves (eleusis' rule, free text no
    generator lists) are the checker's alone."""

    def before_move(self, table: Table[Any, Any], seat: int, move: Any) -> None:
        from cardcli.engine.notation import listed

        game = table.game
        if game.is_open_move(move) or listed(game, move, game.legal_moves(table.state)) is not None:
            return
        hand, ply = table.hand, table.ply + 1
        text = _("a secret move") if game.is_secret_move(move) else repr(game.format_move(move))
        raise FoldError(
            _(
                "hand {hand}, move {ply} ({move}): the rules allow it, but it is not among the legal "
                "moves {game} lists there (a bug in cardcli: please report it)"
            ).format(hand=hand, ply=ply, move=text, game=game.name),
            hand,
            ply,
        )
