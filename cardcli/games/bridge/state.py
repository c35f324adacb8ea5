"""The full state of a rubber (only the engine and the replay verifier see it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from cardcli.engine.cards import Card
from cardcli.engine.game import GameState, HandResult
from cardcli.games.bridge.auction import AuctionSoFar, Contract
from cardcli.games.bridge.config import BridgeConfig
from cardcli.games.bridge.held import hand_of
from cardcli.games.bridge.moves import Call
from cardcli.games.bridge.rubber import Rubber

Phase = Literal["deal", "auction", "play", "claim", "over"]


@dataclass(slots=True)
class Trick:
    leader: int
    cards: list[Card]
    winner: int


@dataclass
class PendingClaim:
    claimer: int
    tricks: int
    """Total tricks the claimer's side will have."""
    responders: list[int]
    """Opponents still to answer, in order (both defenders must agree to declarer's claim)."""


@dataclass
class BridgeState(GameState):
    config: BridgeConfig
    players: int
    dealer: int
    hand_number: int = 0
    rubber: Rubber = field(default_factory=Rubber)
    suits: list[list[int]] = field(default_factory=list)
    """Per seat (0 N, 1 E, 2 S, 3 W), the cards still held in each suit as a bit mask
    (:mod:`cardcli.games.bridge.held`): playing a card clears its bit. :attr:`hands` reads them."""
    original: list[tuple[Card, ...]] = field(default_factory=list)
    """The hands as dealt (honors, PBN, the final review)."""
    phase: Phase = "deal"
    calls: list[Call] = field(default_factory=list)
    auction: AuctionSoFar = field(default_factory=lambda: AuctionSoFar(0), repr=False)
    """The calls so far in brief (last bid, doubled, passes in a row), kept up to date with ``calls``."""
    contract: Contract | None = None
    turn: int = 0
    """The seat whose call or card is due; in the play this is dummy when dummy's card is due."""
    leader: int = 0
    trick: list[Card] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    won: list[int] = field(default_factory=lambda: [0, 0])
    """Tricks won by NS and EW; after an accepted claim, the totals the claim gives each side."""
    claim: PendingClaim | None = None
    shown: list[int] = field(default_factory=list)
    """Seats whose hands were faced by a claim (Law 68: the claimer shows the cards)."""
    rejected: tuple[int, int] | None = None
    """(side, cards played) of the last rejected claim: that side waits for the next card."""
    claim_end: tuple[int, int] | None = None
    """(claimer, total tricks) when an accepted claim ended the play."""
    result: HandResult | None = None
    results: list[HandResult] = field(default_factory=list)

    def clone(self) -> BridgeState:
        c = BridgeState.__new__(BridgeState)
        c.__dict__.update(self.__dict__)
        c.rubber = self.rubber.clone()
        c.suits = [list(m) for m in self.suits]
        c.original = list(self.original)
        c.calls = list(self.calls)
        c.auction = self.auction.copy()
        c.trick = list(self.trick)
        c.tricks = list(self.tricks)  # a completed trick is never changed: clones share them
        c.won = list(self.won)
        c.claim = PendingClaim(self.claim.claimer, self.claim.tricks, list(self.claim.responders)) if self.claim else None
        c.shown = list(self.shown)
        c.results = list(self.results)
        return c

    @property
    def hands(self) -> list[list[Card]]:
        """Cards still held, per seat, in hand order: a fresh copy made from :attr:`suits` (so
        changing it changes nothing; the play keeps only the masks up to date)."""
        return [hand_of(m) for m in self.suits]

    @property
    def cards_played(self) -> int:
        return 4 * len(self.tricks) + len(self.trick)

    @property
    def lead_made(self) -> bool:
        """True once the opening lead is faced: from then on dummy's hand is on the table (Law 41)."""
        return self.contract is not None and self.cards_played > 0

    @property
    def dummy(self) -> int | None:
        return self.contract.dummy if self.contract else None
