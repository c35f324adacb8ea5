"""The full state of an eleusis match (only the engine and the replay verifier see it).

It holds the compiled secret rule and the rule's automaton state; views never
do (:mod:`.view`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from cardcli.engine.cards import Card
from cardcli.engine.game import GameState, HandResult
from cardcli.games.eleusis.config import EleusisConfig
from cardcli.games.eleusis.language import CompiledRule, RState

Phase = Literal["deal", "rule", "one", "two", "over"]


@dataclass(frozen=True, slots=True, init=False)
class Attempt:
    """One card played, as everyone saw it: who, which card, right or wrong, where.

    Frozen because views share these objects with the state. One is built for every card of every
    playout, so ``__init__`` fills the slots directly: the generated frozen ``__init__`` goes through
    ``object.__setattr__`` per field and costs nearly twice as much.
    """

    seat: int
    card: Card
    accepted: bool
    pos: int
    """Length of the mainline before the play (the starter is position 0), i.e. the index the card tried."""
    phase: int

    def __init__(self, seat: int, card: Card, accepted: bool, pos: int, phase: int) -> None:
        _SET_SEAT(self, seat)
        _SET_CARD(self, card)
        _SET_ACCEPTED(self, accepted)
        _SET_POS(self, pos)
        _SET_PHASE(self, phase)


# The slot descriptors of the class ``dataclass(slots=True)`` returns (it builds a new class).
_SET_SEAT, _SET_CARD, _SET_ACCEPTED, _SET_POS, _SET_PHASE = (
    Attempt.__dict__[name].__set__ for name in ("seat", "card", "accepted", "pos", "phase")
)


@dataclass
class EleusisState(GameState):
    config: EleusisConfig
    players: int
    dealer: int
    hand_number: int = 0
    totals: list[Fraction] = field(default_factory=list)
    phase: Phase = "deal"
    removed: list[Card] = field(default_factory=list)
    """Cards trimmed from the deck so the hands are equal: face down, never shown."""
    hands: list[list[Card]] = field(default_factory=list)
    """Phase-one hands (the dealer's is empty)."""
    wrong: list[list[Card]] = field(default_factory=list)
    """Wrong cards in front of each player, in the order played; in phase two, what they play from."""
    mainline: list[Card] = field(default_factory=list)
    """The starter, then every right card."""
    attempts: list[Attempt] = field(default_factory=list)
    turn: int = 0
    rule_text: str = ""
    rule: CompiledRule | None = None
    rstate: RState | None = None
    announcements: tuple[str, ...] = ()
    wrong_counts: list[int] | None = None
    """Wrong cards per seat at the end of phase one (what the dealer scores on)."""
    phase_two_turns: int = 0
    ended: str = ""
    result: HandResult | None = None
    results: list[HandResult] = field(default_factory=list)
    match_done: bool = False

    def clone(self) -> EleusisState:
        c = EleusisState.__new__(EleusisState)
        c.__dict__.update(self.__dict__)
        c.totals = list(self.totals)
        c.removed = list(self.removed)
        c.hands = [list(h) for h in self.hands]
        c.wrong = [list(w) for w in self.wrong]
        c.mainline = list(self.mainline)
        c.attempts = list(self.attempts)
        c.wrong_counts = list(self.wrong_counts) if self.wrong_counts is not None else None
        c.results = list(self.results)
        return c

    def next_player(self, seat: int) -> int:
        """The next seat clockwise that is not the dealer."""
        nxt = (seat + 1) % self.players
        return (nxt + 1) % self.players if nxt == self.dealer else nxt
