"""The full state of a rubber (only the engine and the replay verifier see it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from cardcli.engine.cards import Card
from cardcli.engine.game import HandResult
from cardcli.games.bridge.auction import AuctionSoFar, Contract
from cardcli.games.bridge.config import BridgeConfig
from cardcli.games.bridge.held import hand_of
from cardcli.games.bridge.moves import Call
from cardcli.games.bridge.rubber import Rubber
from cardcli.games.bridge.state_base import StateBase

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
class BridgeState(StateBase):
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
        """An independent copy, field by field (the compiled build's state has no ``__dict__``; the
        tests check that every field is copied)."""
        claim = self.claim
        return BridgeState(
            self.config,
            self.players,
            self.dealer,
            self.hand_number,
            self.rubber.clone(),
            [list(m) for m in self.suits],
            list(self.original),
            self.phase,
            list(self.calls),
            self.auction.copy(),
            self.contract,
            self.turn,
            self.leader,
            list(self.trick),
            list(self.tricks),  # a completed trick is never changed: clones share them
            list(self.won),
            PendingClaim(claim.claimer, claim.tricks, list(claim.responders)) if claim else None,
            list(self.shown),
            self.rejected,
            self.claim_end,
            self.result,
            list(self.results),
        )

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
