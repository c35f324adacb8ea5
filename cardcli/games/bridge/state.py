"""The full state of a rubber (only the engine and the replay verifier see it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from cardcli.engine.cards import Card
from cardcli.engine.game import HandResult
from cardcli.games.bridge.auction import AuctionSoFar, Contract
from cardcli.games.bridge.config import BridgeConfig
from cardcli.games.bridge.held import hand_of, hand_tuple
from cardcli.games.bridge.moves import Call
from cardcli.games.bridge.rubber import Rubber
from cardcli.games.bridge.state_base import StateBase

Phase = Literal["deal", "auction", "play", "claim", "over"]


@dataclass(slots=True, init=False)
class Trick:
    """A trick played: 13 a hand, each made in the play's hot path (hence the written constructor: see
    :class:`BridgeState`)."""

    leader: int
    cards: list[Card]
    winner: int

    def __init__(self, leader: int, cards: list[Card], winner: int) -> None:
        self.leader = leader
        self.cards = cards
        self.winner = winner


@dataclass
class PendingClaim:
    claimer: int
    tricks: int
    """Total tricks the claimer's side will have."""
    responders: list[int]
    """Opponents still to answer, in order (both defenders must agree to declarer's claim)."""


@dataclass(init=False)
class BridgeState(StateBase):
    """The dataclass gives the comparison, the text and the field list; the constructor is written out
    (with every default), as the compiled build runs a generated one as slow Python: a new match cost
    2.5 us compiled against 0.6 us so."""

    config: BridgeConfig
    players: int
    dealer: int
    hand_number: int
    rubber: Rubber
    suits: list[list[int]]
    """Per seat (0 N, 1 E, 2 S, 3 W), the cards still held in each suit as a bit mask
    (:mod:`cardcli.games.bridge.held`): playing a card clears its bit. :attr:`hands` reads them."""
    dealt: list[tuple[int, int, int, int]]
    """Per seat, the suit masks as dealt (honors; :attr:`original` reads them)."""
    phase: Phase
    calls: list[Call]
    auction: AuctionSoFar = field(repr=False)
    """The calls so far in brief (last bid, doubled, passes in a row), kept up to date with ``calls``."""
    contract: Contract | None
    turn: int
    """The seat whose call or card is due; in the play this is dummy when dummy's card is due."""
    leader: int
    trick: list[Card]
    tricks: list[Trick]
    won: list[int]
    """Tricks won by NS and EW; after an accepted claim, the totals the claim gives each side."""
    claim: PendingClaim | None
    shown: list[int]
    """Seats whose hands were faced by a claim (Law 68: the claimer shows the cards)."""
    rejected: tuple[int, int] | None
    """(side, cards played) of the last rejected claim: that side waits for the next card."""
    claim_end: tuple[int, int] | None
    """(claimer, total tricks) when an accepted claim ended the play."""
    result: HandResult | None
    results: list[HandResult]

    def __init__(
        self,
        config: BridgeConfig,
        players: int,
        dealer: int,
        hand_number: int = 0,
        rubber: Rubber | None = None,
        suits: list[list[int]] | None = None,
        dealt: list[tuple[int, int, int, int]] | None = None,
        phase: Phase = "deal",
        calls: list[Call] | None = None,
        auction: AuctionSoFar | None = None,
        contract: Contract | None = None,
        turn: int = 0,
        leader: int = 0,
        trick: list[Card] | None = None,
        tricks: list[Trick] | None = None,
        won: list[int] | None = None,
        claim: PendingClaim | None = None,
        shown: list[int] | None = None,
        rejected: tuple[int, int] | None = None,
        claim_end: tuple[int, int] | None = None,
        result: HandResult | None = None,
        results: list[HandResult] | None = None,
    ) -> None:
        self.config = config
        self.players = players
        self.dealer = dealer
        self.hand_number = hand_number
        self.rubber = Rubber() if rubber is None else rubber
        self.suits = [] if suits is None else suits
        self.dealt = [] if dealt is None else dealt
        self.phase = phase
        self.calls = [] if calls is None else calls
        self.auction = AuctionSoFar(0) if auction is None else auction
        self.contract = contract
        self.turn = turn
        self.leader = leader
        self.trick = [] if trick is None else trick
        self.tricks = [] if tricks is None else tricks
        self.won = [0, 0] if won is None else won
        self.claim = claim
        self.shown = [] if shown is None else shown
        self.rejected = rejected
        self.claim_end = claim_end
        self.result = result
        self.results = [] if results is None else results

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
            list(self.dealt),
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
    def original(self) -> list[tuple[Card, ...]]:
        """The hands as dealt, in hand order (PBN, the review): made from :attr:`dealt` when asked,
        as a playout never asks."""
        return [hand_tuple(m) for m in self.dealt]

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
