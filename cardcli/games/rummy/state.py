"""The full state of a rummy match (only the engine and the verifier see it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from cardcli.engine.cards import Card
from cardcli.engine.game import GameState, HandResult
from cardcli.engine.melds import Meld
from cardcli.games.rummy.config import RummyConfig

Phase = Literal["deal", "draw", "play", "over"]


@dataclass
class TableMeld:
    owner: int
    meld: Meld


@dataclass
class RummyState(GameState):
    config: RummyConfig
    players: int
    dealer: int
    hand_number: int = 0
    totals: list[int] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    """Face down; the top card is the *last* element."""
    discard: list[Card] = field(default_factory=list)
    """Face up; the top card is the last element."""
    melds: list[TableMeld] = field(default_factory=list)
    turn: int = 0
    phase: Phase = "deal"
    taken: Card | None = None
    """The card taken from the discard pile this turn (it may not be discarded again)."""
    tabled: list[bool] = field(default_factory=list)
    """Per seat: has put cards on the table this hand (a meld or a lay-off). Going out is a rummy
    only for a player who had put nothing down before the turn (the seed: "senza aver calato prima")."""
    tabled_before_turn: bool = False
    melds_this_turn: int = 0
    laid_off_on_others: bool = False
    turnovers: int = 0
    result: HandResult | None = None
    results: list[HandResult] = field(default_factory=list)
    match_done: bool = False

    def clone(self) -> RummyState:
        c = RummyState.__new__(RummyState)
        c.__dict__.update(self.__dict__)
        c.totals = list(self.totals)
        c.hands = [list(h) for h in self.hands]
        c.tabled = list(self.tabled)
        c.stock = list(self.stock)
        c.discard = list(self.discard)
        c.melds = [TableMeld(m.owner, m.meld) for m in self.melds]
        c.results = list(self.results)
        return c

    def owns_meld(self, seat: int) -> bool:
        return any(m.owner == seat for m in self.melds)
