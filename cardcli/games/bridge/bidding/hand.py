"""Hand evaluation (HCP, lengths, points as opener and as raiser) and the :class:`Shape` a call promises."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardcli.games.bridge.moves import Bid
from cardcli.i18n import _

SUITS = "SHDC"


MAJORS = "SH"


MINORS = "DC"


def sname(s: str) -> str:
    """A strain in words, translated."""
    return {"C": _("clubs"), "D": _("diamonds"), "H": _("hearts"), "S": _("spades"), "N": _("notrump")}[s]


def bname(b: Bid) -> str:
    return f"{b.level}{'NT' if b.strain == 'N' else b.strain}"


_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


_BALANCED = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}


class Hand:
    """The facts about 13 cards that the system looks at."""

    __slots__ = ("cards", "hcp", "lens", "balanced", "_suits")

    def __init__(self, cards: Sequence[str]) -> None:
        self.cards = tuple(cards)
        self.hcp = sum(_HCP.get(c[0], 0) for c in cards)
        self._suits = {s: [c[0] for c in cards if c[1] == s] for s in SUITS}
        self.lens = {s: len(v) for s, v in self._suits.items()}
        self.balanced = tuple(sorted(self.lens.values(), reverse=True)) in _BALANCED

    def ranks(self, suit: str) -> list[str]:
        return self._suits[suit]

    @property
    def pts(self) -> int:
        """HCP plus one point for each card beyond four in a suit (opener's count)."""
        return self.hcp + sum(max(0, n - 4) for n in self.lens.values())

    def sup(self, suit: str) -> int:
        """Points as a raiser of ``suit``: HCP plus shortness when there are 3+ trumps."""
        return self.hcp + self.shortness(suit)

    def shortness(self, suit: str) -> int:
        """The raiser's points for short side suits (rules digest §4.4: with 4+ trumps void 5,
        singleton 3, doubleton 1; with 3 trumps 3, 2, 1). Only the shortest side suit counts in full
        and each other short suit adds at most 1: two singletons are not worth six points, because
        the trumps cannot ruff both suits and still draw the opponents' trumps."""
        n = self.lens[suit]
        if n >= 4:
            table = {0: 5, 1: 3, 2: 1}
        elif n == 3:
            table = {0: 3, 1: 2, 2: 1}
        else:
            return 0
        values = sorted((table.get(self.lens[s], 0) for s in SUITS if s != suit), reverse=True)
        return values[0] + sum(min(1, v) for v in values[1:])

    def count(self, unit: str) -> int:
        """The hand's count in a row's unit (:attr:`~.table.Cand.unit`): HCP, points or support points."""
        if unit.startswith("sup"):
            return self.sup(unit[3:])
        return self.pts if unit == "pts" else self.hcp

    def count_words(self, unit: str) -> str:
        """The hand's count in ``unit`` as a sum a player can check ("10 HCP + 2 for length = 12 points")."""
        if unit.startswith("sup"):
            extra = self.shortness(unit[3:])
            return _("{hcp} HCP + {n} for shortness = {t} points").format(hcp=self.hcp, n=extra, t=self.hcp + extra)
        if unit == "pts":
            return _("{hcp} HCP + {n} for length = {t} points").format(hcp=self.hcp, n=self.pts - self.hcp, t=self.pts)
        return _("{n} HCP").format(n=self.hcp)

    def honors(self, suit: str, top: str = "AKQJT") -> int:
        return sum(1 for r in self._suits[suit] if r in top)

    def good(self, suit: str) -> bool:
        """A good suit: two of the top three honors, or three of the top five."""
        return self.honors(suit, "AKQ") >= 2 or self.honors(suit) >= 3

    def fair(self, suit: str) -> bool:
        """Good enough to overcall or pre-empt: two of the top five honors."""
        return self.honors(suit) >= 2

    def stopper(self, suit: str) -> bool:
        r, n = self._suits[suit], self.lens[suit]
        return "A" in r or ("K" in r and n >= 2) or ("Q" in r and n >= 3) or ("J" in r and n >= 4)

    @property
    def aces(self) -> int:
        return sum(1 for c in self.cards if c[0] == "A")

    @property
    def kings(self) -> int:
        return sum(1 for c in self.cards if c[0] == "K")

    def longest(self, among: str = SUITS) -> str:
        """The longest suit of ``among``; ties go to the higher-ranking one."""
        return max(among, key=lambda s: (self.lens[s], -SUITS.index(s)))


@dataclass(frozen=True)
class Shape:
    """What a call promises about a hand: an HCP range and suit-length ranges (S, H, D, C)."""

    hcp: tuple[int, int] = (0, 37)
    lo: tuple[int, int, int, int] = (0, 0, 0, 0)
    hi: tuple[int, int, int, int] = (13, 13, 13, 13)

    def meet(self, other: Shape) -> Shape:
        """Both shapes at once; a contradiction keeps this shape's side of the range."""
        h = (max(self.hcp[0], other.hcp[0]), min(self.hcp[1], other.hcp[1]))
        if h[0] > h[1]:
            h = other.hcp
        lo = tuple(max(a, b) for a, b in zip(self.lo, other.lo))
        hi = tuple(min(a, b) for a, b in zip(self.hi, other.hi))
        if any(a > b for a, b in zip(lo, hi)) or sum(lo) > 13:
            lo, hi = other.lo, other.hi
        return Shape(h, lo, hi)  # type: ignore[arg-type]

    def min_len(self, suit: str) -> int:
        return self.lo[SUITS.index(suit)]

    def max_len(self, suit: str) -> int:
        return self.hi[SUITS.index(suit)]

    def holds(self, hand: Hand) -> bool:
        if not self.hcp[0] <= hand.hcp <= self.hcp[1]:
            return False
        return all(self.lo[i] <= hand.lens[s] <= self.hi[i] for i, s in enumerate(SUITS))


ANY = Shape()
