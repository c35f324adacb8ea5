"""Who sits where in canasta: sides, partners and the direction of play.

One place for the seating rules, used by the full state and by the views (a
view must answer "whose side?" without the state).
"""

from __future__ import annotations


def side_of(players: int, seat: int) -> int:
    """Partners sit opposite with 4 players (seats 0 and 2 are one side); with 2, each seat is a side."""
    return seat % 2 if players == 4 else seat


def partner(players: int, seat: int) -> int | None:
    return (seat + 2) % 4 if players == 4 else None


def next_seat(players: int, direction: str, seat: int) -> int:
    step = 1 if direction == "clockwise" else -1
    return (seat + step) % players
