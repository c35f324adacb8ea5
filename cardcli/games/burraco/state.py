"""The full state of a burraco match (only the engine and the replay verifier see it).

Seats are numbered clockwise starting from South: with 4 players South (0),
West (1), North (2), East (3), so partners are ``seat`` and ``seat + 2`` and a
team is ``seat % 2``; with 2 players South (0) and North (1), each a team of
one. Cards are canonical strings; the double deck makes hands multisets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from cardcli.engine.cards import Card
from cardcli.engine.game import GameState, HandResult
from cardcli.engine.melds import Meld
from cardcli.games.burraco.config import BurracoConfig

Phase = Literal["deal", "draw", "play", "over"]


@dataclass
class TableMeld:
    """A meld on the table: its layout, its team, and what the layout alone cannot tell."""

    team: int
    layout: Meld
    pinned_two: bool = False
    """A two of the run's suit has served as a wildcard here and, with
    ``pinella_can_renaturalize`` off, keeps counting as one even in its natural place."""

    def copy(self) -> TableMeld:
        return TableMeld(self.team, self.layout, self.pinned_two)


@dataclass
class BurracoState(GameState):
    config: BurracoConfig
    players: int
    dealer: int
    hand_number: int = 0
    totals: list[int] = field(default_factory=list)
    """Running match points per team."""
    hands: list[list[Card]] = field(default_factory=list)
    covered: list[list[Card]] = field(default_factory=list)
    """Per seat: a pozzetto taken with the discard that its owner may not look at yet."""
    stock: list[Card] = field(default_factory=list)
    """Face down; the top card is the *last* element."""
    discard: list[Card] = field(default_factory=list)
    """Face up; the top card is the last element."""
    pozzetti: list[list[Card]] = field(default_factory=list)
    """The pozzetti not yet taken; index 0 is the one on top (the first team to get there takes it)."""
    pozzetto_taken: list[int] = field(default_factory=list)
    """Per team: 0 = not taken, 1 = taken al volo, 2 = taken with the discard."""
    melds: list[TableMeld] = field(default_factory=list)
    turn: int = 0
    phase: Phase = "deal"
    single_taken: Card | None = None
    """The card taken this turn from a one-card discard pile (it may not be discarded this turn)."""
    took_pile: bool = False
    played_after_take: bool = False
    """Whether something was melded or attached since taking the pile (International rule)."""
    pile_takes: list[tuple[int, tuple[Card, ...], int]] = field(default_factory=list)
    """Public record of this hand's pile pick-ups: (seat, the cards taken, stock size then)."""
    closed_by: int | None = None
    result: HandResult | None = None
    results: list[HandResult] = field(default_factory=list)
    match_done: bool = False

    @property
    def teams(self) -> int:
        return 2

    def team_of(self, seat: int) -> int:
        return seat % 2

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    def team_seats(self, team: int) -> list[int]:
        return [s for s in range(self.players) if s % 2 == team]

    def team_melds(self, team: int) -> list[TableMeld]:
        return [m for m in self.melds if m.team == team]

    def clone(self) -> BurracoState:
        c = BurracoState.__new__(BurracoState)
        c.__dict__.update(self.__dict__)
        c.totals = list(self.totals)
        c.hands = [list(h) for h in self.hands]
        c.covered = [list(h) for h in self.covered]
        c.stock = list(self.stock)
        c.discard = list(self.discard)
        c.pozzetti = [list(p) for p in self.pozzetti]
        c.pozzetto_taken = list(self.pozzetto_taken)
        c.melds = [m.copy() for m in self.melds]
        c.pile_takes = list(self.pile_takes)
        c.results = list(self.results)
        return c
