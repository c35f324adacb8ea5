"""Searching a hand for melds: every legal meld a hand can form, cached per rule set.

Split from :mod:`cardcli.engine.melds` (which reads and extends one meld) because the
search is large and keeps caches; the move generators of rummy and burraco ask it on
every turn, so it is cached by rank and by suit (see :func:`candidate_melds`).
Import its names from :mod:`cardcli.engine.melds`, which loads this module.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, islice
from typing import Generic, TypeVar

from cardcli.engine.cards import JOKER, RANKS, SUITS, Card
from cardcli.engine.melds import Meld, MeldRules, read_meld


def extends_with(meld: Meld, card: str, rules: MeldRules) -> bool:
    """Whether ``card`` alone may be added to ``meld`` (:func:`extend_meld` gives a meld), cached:
    the move generators ask it of every card of a hand on every meld of the table each turn."""
    search = _search(rules)
    key = (meld, meld.wrap, card)
    got = search.fits.get(key)
    if got is None:
        got = isinstance(read_meld([*meld.cards, card], rules, kind=meld.kind, explain=False), Meld)
        search.fits.put(key, got)
    return got


# ---------------------------------------------------------------------------------------------
# searching a hand


def candidate_melds(hand: Iterable[str], rules: MeldRules, max_size: int | None = None) -> list[tuple[Card, ...]]:
    """Every distinct legal meld that can be formed from ``hand`` (as card tuples in table order).

    Wilds are tried in every gap and at the ends within the game's limits.
    Duplicate cards (several decks) give each distinct meld once.

    The search is split by rank (sets) and by suit (runs): the melds of one rank or one suit
    depend only on the hand's cards of that rank or suit and on its wildcards, so each part is
    cached on those cards alone. A turn changes one or two cards of a hand, so the other ranks
    and suits are found in the cache; the parts are joined in the order of the whole search.
    """
    return list(_candidate_melds(tuple(sorted(hand)), rules, max_size))


_PartKey = tuple[tuple[str, ...], tuple[Card, ...], int]
"""A part of the search: the hand's cards of one rank or suit, its wildcards, the size limit."""
_Part = tuple[tuple[tuple[str, ...], tuple[Card, ...]], ...]
"""The melds a part finds, in search order: (sorted cards, the meld in table order)."""


class _Search:
    """One rule set's meld search: its caches by hand, by rank and by suit."""

    __slots__ = ("rules", "wild", "by_hand", "by_rank", "by_suit", "reads", "fits", "wild_choices")

    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules
        self.wild = frozenset(c for c in [*(r + s for r in RANKS for s in SUITS), JOKER] if rules.is_wild(c))
        """The cards that are wild by nature under these rules."""
        self.by_hand: _Cache[tuple[tuple[str, ...], int | None], tuple[tuple[Card, ...], ...]] = _Cache(4096)
        self.by_rank: _Cache[_PartKey, _Part] = _Cache(8192)
        self.by_suit: _Cache[_PartKey, _Part] = _Cache(32768)
        self.reads: _Cache[tuple[str, ...], tuple[Card, ...]] = _Cache(65536)
        """Cards (in the order tried) → the meld they make in table order, or ``()``."""
        self.fits: _Cache[tuple[Meld, bool, str], bool] = _Cache(65536)
        self.wild_choices: _Cache[tuple[Card, ...], dict[int, list[tuple[Card, ...]]]] = _Cache(1024)
        """A wild pool → its choices of wildcards by their number (:func:`_wilds_by_len`)."""


K = TypeVar("K")
V = TypeVar("V")


class _Cache(Generic[K, V]):
    """A small bounded cache: when full, the older half of its entries make room (first in, first
    out, which costs a lookup nothing, unlike a least-recently-used order).

    The older half goes at once because deleting the oldest entry one at a time leaves a dict's
    front full of holes that every ``next(iter(data))`` walks past again, which made each store
    into a full cache several times slower than the lookups it saves."""

    __slots__ = ("data", "size", "get")

    def __init__(self, size: int) -> None:
        self.data: dict[K, V] = {}
        self.size = size
        self.get: Callable[[K], V | None] = self.data.get

    def put(self, key: K, value: V) -> None:
        data = self.data
        data[key] = value
        if len(data) > self.size:
            newer = list(islice(data.items(), len(data) // 2, None))
            data.clear()  # the same dict, so ``get`` stays bound to it
            data.update(newer)


_SEARCHES: dict[int, _Search] = {}


def _search(rules: MeldRules) -> _Search:
    """The search of ``rules`` (found by identity first: rule sets are few and long-lived)."""
    got = _SEARCHES.get(id(rules))
    if got is not None and got.rules is rules:
        return got
    for other in _SEARCHES.values():
        if other.rules == rules:
            _SEARCHES[id(rules)] = other
            return other
    if len(_SEARCHES) > 64:
        _SEARCHES.clear()
    got = _SEARCHES[id(rules)] = _Search(rules)
    return got


def _candidate_melds(hand: tuple[str, ...], rules: MeldRules, max_size: int | None) -> tuple[tuple[Card, ...], ...]:
    search = _search(rules)
    key = (hand, max_size)
    got = search.by_hand.get(key)
    if got is not None:
        return got
    wild = search.wild
    # A meld holds at most ``most`` wildcards, and a card at most once more (a two natural in its
    # place): more copies of a wildcard than that change nothing, so they do not key the parts.
    most = max(rules.max_wilds_run, rules.max_wilds_set)
    pool: list[Card] = []
    by_rank: dict[str, list[str]] = {}
    by_suit: dict[str, list[str]] = {}  # twos included: they may be natural in place
    for c in hand:  # sorted, so the ranks come in the order of the whole search
        if c in wild:
            if pool.count(c) <= most:
                pool.append(c)
        elif c != JOKER:
            by_rank.setdefault(c[0], []).append(c)
        if c != JOKER:
            by_suit.setdefault(c[1], []).append(c)
    wild_pool = tuple(pool)
    spare = len(wild_pool)
    # Each part is keyed on the wildcards it can use and on the longest meld it can make, which
    # a hand's other cards do not change: see _part_pool.
    plain = most > 0 and len(set(wild_pool)) == spare  # no copy to drop: every part has the pool
    limit = max_size or len(hand)
    min_size = rules.min_size
    found: dict[tuple[str, ...], tuple[Card, ...]] = {}
    if rules.sets:
        set_ranks = rules.set_ranks
        part_pool = wild_pool if plain else _part_pool(wild_pool, most, None)
        longest = min(len(part_pool), rules.max_wilds_set)
        for r, cs in by_rank.items():
            if r not in set_ranks or len(cs) + spare < min_size:
                continue
            _gather(found, search, search.by_rank, _set_part, cs, part_pool, min(limit, len(cs) + longest))
    if rules.runs:
        for s in SUITS:
            suited = by_suit.get(s)
            if not suited or len(suited) + spare < min_size:
                continue
            part_pool = wild_pool if plain else _part_pool(wild_pool, most, s)
            _gather(
                found,
                search,
                search.by_suit,
                _run_part,
                suited,
                part_pool,
                min(limit, len(suited) + min(len(part_pool), rules.max_wilds_run)),
            )
    got = tuple(found.values())
    search.by_hand.put(key, got)
    return got


def _part_pool(pool: tuple[Card, ...], most: int, suit: str | None) -> tuple[Card, ...]:
    """The wildcards of ``pool`` that a part can use: each as many times as a meld may hold
    wildcards (``most``), and a two of the part's suit once more (it is also held in the suit,
    and may be natural in its place).

    The part's melds are the same with the whole pool (a meld takes no more copies than that),
    and keying the part on these rather than on the hand's wildcards finds it in the cache
    when the hand holds another copy of a wildcard. For the same reason a part is keyed on
    the longest meld it can make (its cards and as many wildcards as a meld takes) rather
    than on the hand's size.
    """
    kept: list[Card] = []
    for c in pool:
        if kept.count(c) < (most + 1 if c[1:] == suit else most):
            kept.append(c)
    return tuple(kept)


def _adder(
    search: _Search, cards_held: Sequence[str], wild_pool: Sequence[Card], limit: int, twice: bool = False
) -> tuple[Callable[[Sequence[str]], None], dict[tuple[str, ...], tuple[Card, ...]]]:
    """``add(cards)``: keep the meld ``cards`` make, once per distinct meld, if the cards are held.

    ``twice``: the caller may offer one held card twice (a run's ace, low and high).
    """
    found: dict[tuple[str, ...], tuple[Card, ...]] = {}
    # Only a card held both in the part and in the pool, or offered twice, can be used too often:
    # the callers take every other card from the part's cards or from the pool at most as often
    # as it is there.
    shared = twice or (bool(wild_pool) and not set(cards_held).isdisjoint(wild_pool))
    counted: list[Counter[str]] = []  # the cards held, counted when first needed (rarely)

    def held(cards: Sequence[str]) -> bool:
        if not counted:
            counts = Counter(cards_held)
            for c, n in Counter(wild_pool).items():
                counts[c] = n  # a two of the suit is both held in the suit and in the pool: the same count
            counted.append(counts)
        counts = counted[0]
        return all(n <= counts[c] for c, n in Counter(cards).items())

    def add(cards: Sequence[str]) -> None:
        if len(cards) > limit:
            return
        key = tuple(sorted(cards))
        if key in found:
            return
        # A two of the run's suit can be both a natural (in place) and a wild choice: use it once.
        if shared and len(set(cards)) != len(cards) and not held(cards):
            return
        read = tuple(cards)
        got = reads.get(read)
        if got is None:
            got = _read(read, rules)
            reads.put(read, got)
        if got:
            found[key] = got

    rules = search.rules
    reads = search.reads
    return add, found


def _read(cards: tuple[str, ...], rules: MeldRules) -> tuple[Card, ...]:
    """The meld ``cards`` make, in table order, or ``()``."""
    m = read_meld(cards, rules, explain=False)
    return m.cards if isinstance(m, Meld) else ()


def _gather(
    found: dict[tuple[str, ...], tuple[Card, ...]],
    search: _Search,
    cache: _Cache[_PartKey, _Part],
    make: Callable[[_Search, list[str], tuple[Card, ...], int], _Part],
    cs: list[str],
    wild_pool: tuple[Card, ...],
    limit: int,
) -> None:
    """Add to ``found`` the melds of one rank or suit (``cs``) with ``wild_pool``, from ``cache``
    or made by ``make`` and kept there: they depend on nothing else."""
    key = (tuple(cs), wild_pool, limit)
    part = cache.get(key)
    if part is None:
        part = make(search, cs, wild_pool, limit)
        cache.put(key, part)
    for k, cards in part:
        if k not in found:
            found[k] = cards


def _set_part(search: _Search, cs: list[str], wild_pool: tuple[Card, ...], limit: int) -> _Part:
    """The sets of one rank: ``cs`` (that rank's naturals held) with wildcards from ``wild_pool``."""
    rules = search.rules
    add, found = _adder(search, cs, wild_pool, limit)
    wild_choices = _wild_multisets(list(wild_pool), max(rules.max_wilds_run, rules.max_wilds_set))
    naturals = [Card(c) for c in cs]
    for n in range(1, len(naturals) + 1):
        for nat in sorted(set(combinations(naturals, n))):
            for w in wild_choices:
                if len(w) <= rules.max_wilds_set and n + len(w) >= rules.min_size:
                    add(list(nat) + list(w))
    return tuple(found.items())


def _run_part(search: _Search, cs: list[str], wild_pool: tuple[Card, ...], limit: int) -> _Part:
    """The runs of one suit: ``cs`` (that suit's cards held, twos included: they may be natural in
    place) with wildcards from ``wild_pool``."""
    rules = search.rules
    by_len = _wilds_by_len(search, wild_pool)
    s = cs[0][1]
    min_size = rules.min_size
    # cells[p]: the card held at run position p (1 = low ace … 14 = high ace), None past the ends;
    # bit p of ``placed`` says the same, to count a window's cards at a glance
    cells: list[Card | None] = [None] * (16 + min_size)
    placed = 0
    for c in cs:
        p = _RUN_POSITION[c[0]]
        cells[p] = Card(c)
        placed |= 1 << p
    if "A" + s in cs and rules.ace in ("high", "both", "wrap"):
        cells[14] = Card("A" + s)
        placed |= 1 << 14
    add, found = _adder(search, cs, wild_pool, limit, twice=cells[14] is not None)
    max_wilds = rules.max_wilds_run
    wrap = rules.ace == "wrap"
    # The windows from ``lo`` on all hold the first one, so when it has too many gaps there are none:
    # only the other ``lo`` need the search below.
    first_window = (1 << min_size) - 1
    need = min_size - max_wilds
    starts = [lo for lo in range(1, 16 - min_size) if ((placed >> lo) & first_window).bit_count() >= need]
    for lo in starts if limit >= min_size else ():
        first = lo + min_size - 1  # the first window's high end
        held = [cell for cell in cells[lo:first] if cell is not None]  # the window's cards, low to high
        gaps = min_size - 1 - len(held)
        for hi in range(first, min(lo + limit, 15)):
            cell = cells[hi]
            if cell is None:
                gaps += 1
            else:
                held.append(cell)
            if wrap and hi == 14:
                continue
            if gaps > max_wilds:
                break  # a longer window only has more gaps
            if not held:
                continue
            if gaps == 0:
                add(held)
            else:
                for w in by_len.get(gaps, ()):
                    add(held + list(w))
            if gaps < max_wilds:
                # A wild may also stand in for a natural the hand holds (which stays in hand).
                for k in range(len(held)):
                    rest = held[:k] + held[k + 1 :]
                    for w in by_len.get(gaps + 1, ()):
                        add(rest + list(w))
    if wrap:
        for lo in range(1, 14):
            for length in range(min_size, 14):
                if lo + length - 1 <= 13:
                    continue
                wcells = [cells[(lo + k - 1) % 13 + 1] for k in range(length)]
                gaps = wcells.count(None)
                wheld = [c for c in wcells if c is not None]
                if gaps == 0:
                    add(wheld)
                elif gaps <= max_wilds:
                    for w in by_len.get(gaps, ()):
                        add(wheld + list(w))
    return tuple(found.items())


_RUN_POSITION = {r: i + 1 for i, r in enumerate(RANKS)}
"""A rank's place in a run with the ace low (the high ace is place 14)."""


def _wilds_by_len(search: _Search, wild_pool: tuple[Card, ...]) -> dict[int, list[tuple[Card, ...]]]:
    """The distinct choices of wildcards from ``wild_pool`` by how many they are (cached: a rule
    set sees few pools)."""
    got = search.wild_choices.get(wild_pool)
    if got is None:
        got = {}
        rules = search.rules
        for w in _wild_multisets(list(wild_pool), max(rules.max_wilds_run, rules.max_wilds_set)):
            got.setdefault(len(w), []).append(w)
        search.wild_choices.put(wild_pool, got)
    return got


def _wild_multisets(pool: list[Card], most: int) -> list[tuple[Card, ...]]:
    """Distinct multisets of at most ``most`` wilds from ``pool`` (including the empty one)."""
    out: set[tuple[Card, ...]] = {()}
    for n in range(1, min(most, len(pool)) + 1):
        for combo in combinations(sorted(pool), n):
            out.add(combo)
    return sorted(out, key=lambda t: (len(t), t))


def best_partition(
    hand: Sequence[str], rules: MeldRules, value: Callable[[str], int]
) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """Melds covering ``hand`` that leave the least value unmelded (exact search).

    Used by bots to measure deadwood. It searches over the candidate melds that
    contain the lowest remaining card, with memoisation; hands of up to about
    fifteen cards are fast in pure Python.
    """
    cands = candidate_melds(hand, rules)
    by_card: dict[str, list[tuple[Card, ...]]] = {}
    for m in cands:
        for c in set(m):
            by_card.setdefault(c, []).append(m)

    memo: dict[tuple[str, ...], tuple[int, tuple[tuple[Card, ...], ...]]] = {}

    def solve(rest: tuple[str, ...]) -> tuple[int, tuple[tuple[Card, ...], ...]]:
        if not rest:
            return 0, ()
        if rest in memo:
            return memo[rest]
        first = rest[0]
        tail = rest[1:]
        # Option 1: the first card stays unmelded.
        sub_cost, sub_melds = solve(tail)
        best = (sub_cost + value(first), sub_melds)
        pool = Counter(rest)
        for m in by_card.get(first, ()):
            need = Counter(m)
            if all(pool[c] >= n for c, n in need.items()):
                left = list(rest)
                for c in m:
                    left.remove(c)
                cost, melds = solve(tuple(left))
                if cost < best[0]:
                    best = (cost, (m,) + melds)
        memo[rest] = best
        return best

    _cost, melds = solve(tuple(sorted(hand)))
    leftover = list(hand)
    for m in melds:
        for c in m:
            leftover.remove(c)
    return list(melds), [Card(c) for c in leftover]
