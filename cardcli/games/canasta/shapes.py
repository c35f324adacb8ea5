"""The generator's memo of meld shapes: every meld or addition one rank allows, built once.

Why a memo: random playouts and bots ask for the legal moves at every
position, and most of that work was enumerating shapes — how many naturals,
jokers and twos could go on each rank — and building the same move objects
again and again. For one rank the candidates depend only on

* how many cards of the rank the hand holds,
* how many jokers and twos may join (the hand's wildcards, capped by the
  meld rules, none of a kind the no-dirtying rule blocks),
* the shape of the side's open meld of that rank (or that there is none),
* the config (meld rules, the opening's rules),

never on the rest of the position. So they are computed once per such key
and shared: moves are frozen, and the candidates are keyed on content only
(the config is immutable), so nothing here can go stale when a state is
cloned, rewound or changed in place. What *does* depend on the whole position —
keeping a card, reaching the opening minimum — is decided by the caller
(:mod:`.legal`) on each candidate, with the sizes and values stored here so
that the usual case (plenty of cards left) keeps a whole rank at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardcli.engine.verdict import Verdict
from cardcli.games.canasta import moves as mv
from cardcli.games.canasta import wildmelds
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.opening import wild_opening_problem
from cardcli.games.canasta.state import WILD_KEY
from cardcli.games.canasta.tablemelds import by_identity, natural_table
from cardcli.games.canasta.tokens import NATURAL_RANKS, card_value

WildKey = tuple[int, int, int, int]
"""(jokers held, twos held, jokers on the open wild meld or -1 for none, its twos)."""

_LIMIT = 50_000
"""Entries per memo before it is emptied (a bound for long-running processes; the key space is small)."""


@dataclass(frozen=True, slots=True)
class Candidates:
    """The melds or additions of one key, in the generator's order, with what the callers test."""

    moves: tuple[mv.Meld | mv.Add, ...]
    sizes: tuple[int, ...]
    """Cards each move takes from the hand."""
    values: tuple[int, ...]
    """Card points each move lays down (the opening counts them)."""
    longest: int
    cheapest: int


_NONE = Candidates((), (), (), 0, 0)


Shape = tuple[int, int, int]
"""(naturals, jokers, twos) a move takes from the hand."""


def _tokens(rank: str, n: int, j: int, t: int) -> tuple[str, ...]:
    return tuple([rank] * n + ["JK"] * j + ["2"] * t)


_MOVES: dict[tuple[str, bool, int, int, int], mv.Meld | mv.Add] = {}
"""One object per distinct move — (meld key, new meld?, shape) → move — shared by every list holding it."""
_PACKS: dict[tuple[str, bool, tuple[Shape, ...]], Candidates] = {}
"""One :class:`Candidates` per distinct list: many keys (open melds of 3, 4 or 5 cards …) share one.

Sharing keeps the memo's working set small: every position touches the moves it lists (their
reference counts), and a few thousand shared objects stay in the processor's caches where tens
of thousands of copies would not. The keys are tuples of strings and small ints, which hash in C
(the moves themselves would hash through Python)."""


def _move(key: str, new: bool, n: int, j: int, t: int) -> mv.Meld | mv.Add:
    ident = (key, new, n, j, t)
    got = _MOVES.get(ident)
    if got is None:
        cards = _tokens(key, n, j, t)
        got = _MOVES[ident] = mv.Meld(cards) if new else mv.Add(cards, key)
    return got


def _pack(key: str, new: bool, shapes: tuple[Shape, ...]) -> Candidates:
    """The candidates of ``shapes`` laid on the meld ``key`` (a rank, or ``W`` with no naturals)."""
    if not shapes:
        return _NONE
    ident = (key, new, shapes)
    got = _PACKS.get(ident)
    if got is None:
        if len(_PACKS) >= _LIMIT:
            _PACKS.clear()
            _MOVES.clear()
        value = card_value(key) if key != WILD_KEY else 0
        moves = tuple(_move(key, new, n, j, t) for n, j, t in shapes)
        values = [n * value + 50 * j + 20 * t for n, j, t in shapes]
        sizes = tuple(n + j + t for n, j, t in shapes)
        got = _PACKS[ident] = Candidates(moves, sizes, tuple(values), max(sizes), min(values))
    return got


class Slots:
    """The candidates of one shape key, one slot per rank of ``NATURAL_RANKS``.

    Which shapes are legal does not depend on the rank, only the moves do, so
    the shapes are worked out once and a rank's slot is filled the first time
    that rank meets the key.
    """

    __slots__ = ("by_rank", "new", "shapes")

    def __init__(self, shapes: tuple[Shape, ...], new: bool) -> None:
        self.shapes = shapes
        self.new = new
        self.by_rank: list[Candidates | None] = [None] * len(NATURAL_RANKS)

    def fill(self, index: int) -> Candidates:
        got = self.by_rank[index] = _pack(NATURAL_RANKS[index], self.new, self.shapes)
        return got


def code(k: int, n0: int, w0: int) -> int:
    """One int for (cards of the rank held, naturals on the open meld or -1 for none, its wildcards):
    the generator looks a key up per rank per position, and an int hashes and compares cheapest.
    Distinct for every position: no count can reach 1024 with 162 cards."""
    return k * 1048576 + (n0 + 1) * 1024 + w0


class Mode:
    """The memo for one kind of laying down: play (opened sides) or the opening.

    ``most`` is the meld rules' cap on wildcards in a natural meld; ``natural_ok(naturals,
    wildcards)`` and ``wild_bad(jokers, twos)`` judge the *resulting* meld. :attr:`natural`
    is keyed by the usable (jokers, twos), looked up once per position, then by :func:`code`.
    """

    def __init__(self, most: int, natural_ok: Callable[[int, int], bool], wild_bad: Callable[[int, int], Verdict | None]) -> None:
        self.most = most
        self.natural_ok = natural_ok
        self.wild_bad = wild_bad
        self.natural: dict[tuple[int, int], dict[int, Slots]] = {}
        self.wild: dict[WildKey, Candidates] = {}

    def with_wilds(self, jx: int, tx: int) -> dict[int, Slots]:
        """The memo for ``jx`` jokers and ``tx`` twos usable on natural melds."""
        got = self.natural.get((jx, tx))
        if got is None:
            got = self.natural[(jx, tx)] = {}
        return got

    def slots(self, memo: dict[int, Slots], jx: int, tx: int, k: int, n0: int, w0: int) -> Slots:
        """The (empty) slots of a key not met before, kept in ``memo`` (from :meth:`with_wilds`)."""
        if len(memo) >= _LIMIT:
            memo.clear()
        got = memo[code(k, n0, w0)] = Slots(self._natural_shapes(k, jx, tx, n0, w0), n0 < 0)
        return got

    def _natural_shapes(self, k: int, jx: int, tx: int, n0: int, w0: int) -> tuple[Shape, ...]:
        """Shape by shape, as the generator always has: naturals outer, then jokers, then twos."""
        new = n0 < 0
        base_n, base_w = (0, 0) if new else (n0, w0)
        most, ok = self.most, self.natural_ok
        splits = [(j, t) for j in range(jx + 1) for t in range(min(tx, most - j) + 1)]
        out: list[Shape] = []
        for n in range(2 if new else 0, k + 1):
            for j, t in splits:
                size = n + j + t
                if size == 0 or (new and size < 3) or not ok(base_n + n, base_w + j + t):
                    continue
                out.append((n, j, t))
        return tuple(out)

    def build_wild(self, key: WildKey) -> Candidates:
        jokers, twos, j0, t0 = key
        new = j0 < 0
        if new:
            j0 = t0 = 0
        shapes: list[Shape] = []
        for j in range(jokers + 1):
            for t in range(twos + 1):
                if j + t == 0 or (new and j + t < 3) or self.wild_bad(j0 + j, t0 + t) is not None:
                    continue
                shapes.append((0, j, t))
        if len(self.wild) >= _LIMIT:
            self.wild.clear()
        got = self.wild[key] = _pack(WILD_KEY, new, tuple(shapes))
        return got


class Tables:
    """Both memos of one config: laying down in play, and in the opening (its own meld rules)."""

    def __init__(self, config: CanastaConfig) -> None:
        play = config.play_meld_rules()
        opening = config.opening_meld_rules()
        self.play = Mode(play.max_wilds_set, natural_table(play), wildmelds.shape_problem)
        self.opening = Mode(opening.max_wilds_set, natural_table(opening), lambda j, t: wild_opening_problem(j, t, config))


_BY_CONFIG: dict[int, tuple[CanastaConfig, Tables]] = {}


def tables(config: CanastaConfig) -> Tables:
    """The memo of ``config``.

    Keyed by the config's identity rather than its value because hashing a
    35-field config at every position would cost more than the memo saves; the
    entry holds the config, so its id cannot be reused while the entry exists.
    """
    return by_identity(_BY_CONFIG, config, Tables)


def clear() -> None:
    """Forget every memo (tests compare a cold generator with a warm one)."""
    _BY_CONFIG.clear()
    _PACKS.clear()
    _MOVES.clear()
