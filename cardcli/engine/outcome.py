"""What a move did, as facts: the :class:`Outcome` every game's ``apply`` returns and every narrator reads.

Its own module because it is the one record made on every move of every playout (kept lean), and
because narrators, the fold and the tutor read it without the rest of the protocol.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Generic, TypeVar, cast

F = TypeVar("F", bound=Mapping[str, object])
"""A game's outcome facts: a ``TypedDict`` naming each fact a move can report and its type."""


_NOTHING: Any = MappingProxyType({})
"""The facts of an outcome that has none: one shared, read-only empty mapping (typed ``Any`` so it
stands for any game's facts, all of which are optional or given)."""


class Outcome(Generic[F]):
    """What a move did, as facts: the move's narration is derived from these, after the move.

    Treat it as read-only. It is a plain slotted class, not a dataclass: one is built for every
    move of every playout, and a dataclass would build a fresh empty mapping for ``private`` each
    time where this shares one read-only empty mapping.

    ``facts`` are public (every seat saw them happen); ``private[seat]`` holds facts
    only that seat learnt (the card it drew, the cards of a covered pile it took).
    A narrator receives :meth:`seen_by` for one observer, so narration cannot tell
    an observer more than the outcome says that observer saw.

    Facts are typed per game (``F``, a ``TypedDict`` such as rummy's ``RummyFacts``): a game's
    ``apply`` returns ``Outcome[ItsFacts]`` and its narrator reads the same type, so a misspelt
    fact or a value of the wrong kind is a type error rather than a silent ``KeyError`` or a
    wrong narration. At run time the facts stay plain (often shared, read-only) mappings.
    """

    __slots__ = ("seat", "move", "facts", "private")

    def __init__(self, seat: int, move: Any, facts: F = _NOTHING, private: Mapping[int, F] = _NOTHING) -> None:
        self.seat = seat
        self.move = move
        self.facts = facts
        self.private = private

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return (self.seat, self.move, dict(self.facts), dict(self.private)) == (
            other.seat,
            other.move,
            dict(other.facts),
            dict(other.private),
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Outcome(seat={self.seat!r}, move={self.move!r}, facts={dict(self.facts)!r}, private={dict(self.private)!r})"

    def seen_by(self, observer: int | None) -> F:
        """The facts ``observer`` knows (``None``: a spectator, public facts only): a fresh mapping
        of the game's facts type, the public facts updated with that observer's private ones."""
        seen = dict(self.facts)
        if observer is not None and observer in self.private:
            seen.update(self.private[observer])
        return cast(F, seen)
