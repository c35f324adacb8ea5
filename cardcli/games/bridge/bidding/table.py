"""The rows of the system's table: a :class:`Cand` is a call, its explanation, the shape it promises and the
test a hand must pass to make it; :func:`find` reads the row (or rows) for one call."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardcli.games.bridge.bidding.hand import SUITS, Hand, Shape
from cardcli.games.bridge.moves import Bid, Call
from cardcli.i18n import _


@dataclass(frozen=True)
class Cand:
    call: Call
    text: str
    shape: Shape
    test: Callable[[Hand], bool]
    forcing: bool = False
    """Partner must not pass (new suits, artificial asks, relays): the bid is not a place to stop."""
    unit: str = "hcp"
    """The count the row's range is in: ``"hcp"``, ``"pts"`` (opener's count, HCP plus length) or
    ``"supS"`` (points as a raiser of spades, HCP plus shortness); joined rows list theirs, comma-separated.
    The hint shows the hand's count in this unit, so the range and the count can be compared."""


def cand(
    call: Call,
    text: str,
    *,
    hcp: tuple[int, int] = (0, 37),
    pts: tuple[int, int] | None = None,
    sup: tuple[str, int, int] | None = None,
    lens: dict[str, tuple[int, int]] | None = None,
    bal: bool | None = None,
    extra: Callable[..., bool] | None = None,
    forcing: bool = False,
    unit: str | None = None,
) -> Cand:
    """Build a candidate; the shape is derived from the conditions (points give a loose HCP range).
    ``unit`` names the count the text's range is in when ``extra`` tests it (the default is the
    count the keyword conditions use)."""
    lo_h, hi_h = hcp
    if pts is not None:
        lo_h, hi_h = max(lo_h, pts[0] - 4), min(hi_h, pts[1])
    if sup is not None:
        lo_h, hi_h = max(lo_h, sup[1] - 5), min(hi_h, sup[2])
    lo = [0, 0, 0, 0]
    hi = [13, 13, 13, 13]
    for s, (a, b) in (lens or {}).items():
        lo[SUITS.index(s)] = max(lo[SUITS.index(s)], a)
        hi[SUITS.index(s)] = min(hi[SUITS.index(s)], b)
    if bal:
        lo = [max(x, 2) for x in lo]
        hi = [min(x, 5) for x in hi]
    shape = Shape((max(0, lo_h), max(0, hi_h)), tuple(lo), tuple(hi))  # type: ignore[arg-type]

    def test(h: Hand) -> bool:
        if not hcp[0] <= h.hcp <= hcp[1]:
            return False
        if pts is not None and not pts[0] <= h.pts <= pts[1]:
            return False
        if sup is not None and not sup[1] <= h.sup(sup[0]) <= sup[2]:
            return False
        for s, (a, b) in (lens or {}).items():
            if not a <= h.lens[s] <= b:
                return False
        if bal is not None and h.balanced != bal:
            return False
        return extra(h) if extra is not None else True

    if unit is None:
        unit = f"sup{sup[0]}" if sup is not None else "pts" if pts is not None else "hcp"
    return Cand(call, text, shape, test, forcing, unit)


def B(level: int, strain: str) -> Bid:
    return Bid(level, strain)


def find(cands: Sequence[Cand], call: Call) -> Cand | None:
    """The row for ``call`` here: when the system lists it more than once (a suit rebid with a
    6-card suit, or with a 5-card suit and nothing else to show), all its meanings together."""
    found = [c for c in cands if c.call == call]
    if len(found) <= 1:
        return found[0] if found else None
    shape = Shape(
        (min(c.shape.hcp[0] for c in found), max(c.shape.hcp[1] for c in found)),
        tuple(min(c.shape.lo[i] for c in found) for i in range(4)),  # type: ignore[arg-type]
        tuple(max(c.shape.hi[i] for c in found) for i in range(4)),  # type: ignore[arg-type]
    )
    tests = [c.test for c in found]
    units = ",".join(dict.fromkeys(u for c in found for u in c.unit.split(",")))
    return Cand(
        call,
        join_texts([c.text for c in found]),
        shape,
        lambda h: any(t(h) for t in tests),
        any(c.forcing for c in found),
        units,
    )


def join_texts(texts: Sequence[str]) -> str:
    """Several meanings of one call as one text; a shared "heading: " is written once
    ("rebids the suit: 6+ spades; or 5+ spades, nothing else to show")."""
    texts = list(dict.fromkeys(texts))
    out: list[str] = []
    last_head: str | None = None
    for t in texts:
        head, sep, rest = t.partition(": ")
        if sep and head == last_head:
            out.append(rest)
        else:
            out.append(t)
            last_head = head if sep else None
    return _("; or ").join(out)


def with_fallback(specific: list[Cand], fallback: list[Cand]) -> list[Cand]:
    """``specific`` then the fallback's candidates for calls ``specific`` does not mention.

    A call keeps the meanings the specific rules give it, so its explanation
    cannot be contradicted by the general placement rule.
    """
    seen = {c.call for c in specific}
    return specific + [c for c in fallback if c.call not in seen]
