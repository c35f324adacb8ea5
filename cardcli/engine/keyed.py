"""Facts worked out once per game table (its moves, their notation, their log entries).

A game's tables of moves are class-level objects that live as long as the program; what the engine
derives from one is kept in a dict by the table's ``id``, with the table itself beside it so the id is
never reused by another object while the entry stands (and a replaced table is noticed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def kept_for(cache: dict[int, tuple[Any, T]], table: Any, make: Callable[[], T]) -> T:
    """What ``make`` derives from ``table``, made at the first request and kept in ``cache``."""
    kept = cache.get(id(table))
    if kept is None or kept[0] is not table:
        kept = cache[id(table)] = (table, make())
    return kept[1]
