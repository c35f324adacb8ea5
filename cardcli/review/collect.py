"""The review's visitor: it watches the fold and keeps what a hand's review needs.

Nothing here applies a move: the fold does (:mod:`cardcli.engine.fold`). The
collector clones the position before each move of a reviewed seat, and keeps
the hand's start, its steps and its end.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from cardcli.engine.cards import Card
from cardcli.engine.fold import LoggedMove, Step, Table, Visitor
from cardcli.engine.game import HandResult


@dataclass
class Decision:
    """A move a reviewed seat made, with the position it was made in."""

    ply: int
    """1-based number of the move within the hand."""
    seat: int
    before: Any
    """A copy of the full state before the move (only the analysers read it)."""
    move: Any
    notation: str = ""


@dataclass
class HandTape:
    """One hand as the fold made it."""

    hand: int
    pre_deal: Any
    """The position right before the deal (rollouts start their own table from it)."""
    start: Any
    """The position right after the deal."""
    deck: list[Card]
    decisions: list[Decision] = field(default_factory=list)
    steps: list[Step[Any]] = field(default_factory=list)
    moves: list[LoggedMove] = field(default_factory=list)
    end: Any = None
    result: HandResult | None = None


class Collector(Visitor):
    """Records a :class:`HandTape` per hand; ``on_hand`` is called as each hand ends."""

    def __init__(
        self,
        seats: Collection[int],
        hands: Collection[int] | None = None,
        on_hand: Callable[[HandTape], None] | None = None,
        plays_for: Callable[[Table[Any, Any], Any, int], int | None] | None = None,
    ) -> None:
        self.seats = set(seats)
        self.plays_for = plays_for
        """``plays_for(table, state, seat)``: the seat of the person who makes ``seat``'s move in
        ``state``, when it is not ``seat`` itself (bridge: a person plays partner's contract from the
        declarer's seat, both hands); their moves are that person's decisions."""
        self.wanted = set(hands) if hands is not None else None
        self.on_hand = on_hand
        self.tapes: list[HandTape] = []
        self._tape: HandTape | None = None

    def begin_hand(self, table: Table[Any, Any], hand: int) -> None:
        if self.wanted is not None and hand not in self.wanted:
            self._tape = None
            return
        self._tape = HandTape(hand, table.hand_start(hand), table.state.clone(), list(table.hands[-1].deck))

    def before_move(self, table: Table[Any, Any], seat: int, move: Any) -> None:
        tape = self._tape
        if tape is None:
            return
        mine = seat in self.seats
        if not mine and self.plays_for is not None:
            mine = self.plays_for(table, table.state, seat) in self.seats
        if mine:
            tape.decisions.append(Decision(table.ply + 1, seat, table.state.clone(), move))

    def after_move(self, table: Table[Any, Any], step: Step[Any]) -> None:
        tape = self._tape
        if tape is None:
            return
        tape.steps.append(step)
        if tape.decisions and tape.decisions[-1].ply == step.ply:
            tape.decisions[-1].notation = step.notation

    def end_hand(self, table: Table[Any, Any], hand: int, result: HandResult | None) -> None:
        tape = self._tape
        if tape is None:
            return
        tape.end = table.state.clone()
        tape.result = result
        tape.moves = list(table.hands[-1].moves)
        self.tapes.append(tape)
        self._tape = None
        if self.on_hand is not None:
            self.on_hand(tape)
