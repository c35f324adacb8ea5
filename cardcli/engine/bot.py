"""What a bot is to the engine: a player choosing from its seat's view and the legal moves, and the
advisors ``hint`` asks; with :class:`RandomBot`, the baseline every game's bots must beat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from cardcli.engine.rng import Rng

M = TypeVar("M")


class Bot(Protocol[M]):
    """A player that chooses from what its seat may know.

    A bot receives only the seat's view, the legal moves and a seeded random
    stream derived from (seed, hand, seat, ply), so a bot game replays
    identically and a bot can never cheat.
    """

    id: str

    def choose(self, view: Any, legal: Sequence[M], rng: Rng) -> M: ...


@runtime_checkable
class Advisor(Protocol[M]):
    """A bot that can also say why it would make its move (``hint`` asks it; a bot without it gives
    its move alone)."""

    def advise(self, view: Any, legal: Sequence[M], rng: Rng) -> tuple[M, str]: ...


@runtime_checkable
class LevelledAdvisor(Protocol[M]):
    """An advisor that says more each time ``hint`` is asked again at one position (eleusis: a
    nudge, then the rule's shape, then the card), up to ``hint_levels``."""

    hint_levels: int

    def advise(self, view: Any, legal: Sequence[M], rng: Rng, level: int = 1) -> tuple[M, str]: ...


class RandomBot(Generic[M]):
    """Plays a uniformly random legal move: the baseline every game bot must beat."""

    id = "random"

    def choose(self, view: Any, legal: Sequence[M], rng: Rng) -> M:
        return rng.choice(legal)
