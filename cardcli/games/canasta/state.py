"""The full state of a canasta match (only the engine and the replay verifier see it).

Seats are listed clockwise from South: with four players South, West, North,
East (partners opposite: seats 0 and 2 are North-South, 1 and 3 East-West);
with two players South and North, each a side of their own. Play goes
clockwise or counter-clockwise through these seats as the config says.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from cardcli.engine.cards import Card
from cardcli.engine.game import GameState, HandResult
from cardcli.games.canasta import seating, wildmelds
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.tokens import counts, tokens_of

Phase = Literal["deal", "start", "play", "answer", "over"]
"""``start``: before the draw (opening, or with ``meld_before_draw`` melding); ``play``: after
drawing or taking the pozzo; ``answer``: the partner is asked whether the player may go out."""

WILD_KEY = "W"


@dataclass
class TableMeld:
    """A meld on a side's part of the table.

    ``key`` is the meld's rank token (``K``) or ``W`` for the meld of wildcards.
    ``closed``: a canasta set aside (nothing more may be added). ``pending``: laid
    down this turn as part of an opening that is not yet complete.
    """

    key: str
    cards: list[Card]
    closed: bool = False
    pending: bool = False
    _shape: tuple[int, tuple[int, int, int]] = field(default=(-1, (0, 0, 0)), compare=False, repr=False)
    """(number of cards, (naturals, jokers, twos)) cached: a meld's cards only ever grow, so the count
    tells whether the cache is current; the inner tuple is returned as it is (the generator asks for
    the shape of every open meld at every position)."""

    def copy(self) -> TableMeld:
        return TableMeld(self.key, list(self.cards), self.closed, self.pending, self._shape)

    @property
    def wild(self) -> bool:
        return self.key == WILD_KEY

    @property
    def size(self) -> int:
        return len(self.cards)

    def shape(self) -> tuple[int, int, int]:
        """(naturals, jokers, twos) — for a wild meld naturals is 0."""
        size, got = self._shape
        if size == len(self.cards):
            return got
        got = _counted(self.cards, 0, 0, 0)
        self._shape = (len(self.cards), got)
        return got

    def extend(self, cards: list[Card]) -> None:
        """Add ``cards`` to the meld, keeping a current :meth:`shape` current (counting only the new
        cards: a meld grows by a few cards at a time, and the checker asks its shape at each)."""
        size, (n, j, t) = self._shape
        current = size == len(self.cards)
        self.cards.extend(cards)
        if current:
            self._shape = (len(self.cards), _counted(cards, n, j, t))

    def is_canasta(self) -> bool:
        return len(self.cards) >= wildmelds.CANASTA_SIZE

    def clean(self) -> bool:
        _n, j, t = self.shape()
        return j == 0 if self.wild else j + t == 0

    def tokens(self) -> list[str]:
        return tokens_of(self.cards)


def _counted(cards: list[Card], n: int, j: int, t: int) -> tuple[int, int, int]:
    """(naturals, jokers, twos) of ``cards`` added to the counts ``n``, ``j``, ``t``."""
    for c in cards:
        if c == "JK":
            j += 1
        elif c[0] == "2":
            t += 1
        else:
            n += 1
    return n, j, t


@dataclass
class CanastaState(GameState):
    config: CanastaConfig
    players: int
    dealer: int
    hand_number: int = 0
    totals: list[int] = field(default_factory=list)
    """Running score per side."""
    start_totals: list[int] = field(default_factory=list)
    """Each side's score when the current hand began (it sets the opening minimum, §3.2)."""
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    """Face down; the top card is the *last* element, the bottom card the first."""
    pozzo: list[Card] = field(default_factory=list)
    """The face-up part of the pozzo: the upcard and the discards; the top card is the last."""
    covered: list[Card] = field(default_factory=list)
    """The face-down block under the initial upcard (hidden from everyone until taken)."""
    rejected: list[Card] = field(default_factory=list)
    """Upcards that could not start the pozzo (seen by everyone; the cards themselves are in
    ``covered`` or at the bottom of the stock)."""
    red3: list[list[Card]] = field(default_factory=list)
    """Red threes laid face up, per seat (they score for the seat's side)."""
    melds: list[list[TableMeld]] = field(default_factory=list)
    """Per side, in the order they were laid down."""
    opened: list[bool] = field(default_factory=list)
    """Per side: has it made its opening this hand?"""
    needs_three: bool = False
    """A wildcard has been discarded since the pozzo was last taken: three matching cards are needed."""
    turn: int = 0
    phase: Phase = "deal"
    asked: Literal["asked", "yes", "no"] | None = None
    """This turn's question to partner and its answer."""
    went_out: int | None = None
    result: HandResult | None = None
    results: list[HandResult] = field(default_factory=list)
    match_done: bool = False

    # -- copying -------------------------------------------------------------------------------
    def clone(self) -> CanastaState:
        c = CanastaState.__new__(CanastaState)
        c.__dict__.update(self.__dict__)
        c.totals = list(self.totals)
        c.start_totals = list(self.start_totals)
        c.hands = [list(h) for h in self.hands]
        c.stock = list(self.stock)
        c.pozzo = list(self.pozzo)
        c.covered = list(self.covered)
        c.rejected = list(self.rejected)
        c.red3 = [list(r) for r in self.red3]
        c.melds = [[m.copy() for m in side] for side in self.melds]
        c.opened = list(self.opened)
        c.results = list(self.results)
        return c

    # -- seats and sides -------------------------------------------------------------------------
    @property
    def sides(self) -> int:
        return 2

    def side_of(self, seat: int) -> int:
        return seating.side_of(self.players, seat)

    def partner(self, seat: int) -> int | None:
        return seating.partner(self.players, seat)

    def next_seat(self, seat: int) -> int:
        return seating.next_seat(self.players, self.config.direction, seat)

    def seats_of(self, side: int) -> list[int]:
        return [s for s in range(self.players) if self.side_of(s) == side]

    def to_act(self) -> int | None:
        if self.phase in ("start", "play"):
            return self.turn
        if self.phase == "answer":
            return self.partner(self.turn)
        return None

    # -- melds -----------------------------------------------------------------------------------
    def open_meld(self, side: int, key: str) -> TableMeld | None:
        """The side's meld of ``key`` that can still take cards (not a closed canasta)."""
        for m in self.melds[side]:
            if m.key == key and not m.closed:
                return m
        return None

    def has_closed(self, side: int, key: str) -> bool:
        for m in self.melds[side]:  # a loop, not any() over a generator: asked at every new meld
            if m.closed and m.key == key:
                return True
        return False

    def pending_melds(self, side: int) -> list[TableMeld]:
        return [m for m in self.melds[side] if m.pending]

    def hand_counts(self, seat: int) -> Counter[str]:
        return counts(self.hands[seat])
