"""Melds on the table: natural melds (through the shared meld module), canastas, and the
restrictions that depend on what a side already has.

A natural meld is a set of one rank with at most ``max_wilds_per_meld``
wildcards and more naturals than wildcards (§4.2); this module never re-states
those rules, it asks :func:`cardcli.engine.melds.read_meld` with the config's
:class:`~cardcli.engine.melds.MeldRules`. What is canasta-only lives here: which
melds are canastas and of what kind (§4.4, §7.3), and the no-dirtying rule
while a meld of wildcards is open (§4.5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TypeVar

from cardcli.engine.melds import Meld, MeldRules, read_meld
from cardcli.engine.verdict import Verdict, refuse
from cardcli.games.canasta import wildmelds
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.state import TableMeld
from cardcli.games.canasta.tokens import RANK_NAMES
from cardcli.games.canasta.wildmelds import CanastaKind
from cardcli.i18n import N_, _

PROGETTO = 6
"""A meld one card short of a canasta (S0's "progetto", §4.6)."""


@lru_cache(maxsize=8192)
def natural_problem(rank: str, naturals: int, jokers: int, twos: int, rules: MeldRules) -> Verdict | None:
    """Why ``naturals`` cards of ``rank`` with the given wildcards are not a legal meld, or ``None``.

    Cached: the answer depends only on the shape, and the generator asks it often.
    """
    cards = [rank] * naturals + ["JK"] * jokers + ["2"] * twos
    got = read_meld(cards, rules, kind="set")
    return None if isinstance(got, Meld) else got


_TABLES: dict[MeldRules, dict[tuple[int, int], bool]] = {}


def natural_table(rules: MeldRules) -> Callable[[int, int], bool]:
    """A fast yes/no for the generator: is a natural meld of ``naturals`` and ``wilds`` legal?

    The shared module's answer does not depend on the rank (among the ranks that meld) nor on
    which wildcards they are, so it is memoised per (naturals, wildcards) for each rules object.
    """
    table = _TABLES.setdefault(rules, {})

    def ok(naturals: int, wilds: int) -> bool:
        got = table.get((naturals, wilds))
        if got is None:
            got = table[(naturals, wilds)] = natural_problem("K", naturals, 0, wilds, rules) is None
        return got

    return ok


def wild_cap(naturals: int, rules: MeldRules) -> int:
    """The most wildcards a natural meld of ``naturals`` cards may hold under ``rules``."""
    best = 0
    for w in range(1, rules.max_wilds_set + 1):
        if natural_problem("K", naturals, w, 0, rules) is None:
            best = w
    return best


class RulesMemo:
    """The shared meld module's yes/no answers for one rules object, memoised by shape.

    Why: :func:`natural_problem`'s cache hashes its rules argument, a frozen
    dataclass of fifteen fields, at every call — more work than the answer —
    and the opening's search (:func:`.opening.max_extra`) asks dozens of
    questions per position. The answers depend on the shape and the (immutable)
    rules only, so they cannot go stale.
    """

    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules
        self._legal: dict[tuple[str, int, int, int], bool] = {}
        self._caps: dict[int, int] = {}

    def legal(self, rank: str, naturals: int, jokers: int, twos: int) -> bool:
        """``natural_problem(rank, naturals, jokers, twos, rules) is None``."""
        key = (rank, naturals, jokers, twos)
        got = self._legal.get(key)
        if got is None:
            got = self._legal[key] = natural_problem(rank, naturals, jokers, twos, self.rules) is None
        return got

    def cap(self, naturals: int) -> int:
        """``wild_cap(naturals, rules)``."""
        got = self._caps.get(naturals)
        if got is None:
            got = self._caps[naturals] = wild_cap(naturals, self.rules)
        return got


_MEMOS: dict[int, tuple[MeldRules, RulesMemo]] = {}


K = TypeVar("K")
V = TypeVar("V")


def by_identity(store: dict[int, tuple[K, V]], key: K, make: Callable[[K], V], limit: int = 64) -> V:
    """``make(key)``, kept in ``store`` by the key's identity: hashing a rules or config object at
    every position would cost more than the memo saves. Each entry holds its key, so the id
    cannot be reused while the entry exists; past ``limit`` keys the store starts afresh."""
    got = store.get(id(key))
    if got is None or got[0] is not key:
        if len(store) >= limit:
            store.clear()
        got = store[id(key)] = (key, make(key))
    return got[1]


def rules_memo(rules: MeldRules) -> RulesMemo:
    """The memo of ``rules``, found by identity (hashing the rules is what it saves)."""
    return by_identity(_MEMOS, rules, RulesMemo)


CLEAN_KINDS = frozenset({"clean", "clean-aces", "pinelle-clean"})
"""The canasta kinds that count as clean when going out needs a clean and a dirty one; the rest are dirty."""


def canasta_kind(meld: TableMeld) -> CanastaKind | None:
    """The kind of canasta ``meld`` is, or ``None`` when it has fewer than seven cards."""
    if not meld.is_canasta():
        return None
    _n, j, t = meld.shape()
    if meld.wild:
        return wildmelds.canasta_kind(j, t)
    if j or t:
        return "dirty"
    return "clean-aces" if meld.key == "A" else "clean"


def canasta_counts(melds: Sequence[TableMeld], wild_count: bool = True) -> tuple[int, int]:
    """(clean, dirty) canastas among ``melds``; wild canastas count unless ``wild_count`` is false."""
    clean = dirty = 0
    for m in melds:
        k = canasta_kind(m)
        if k is None or (m.wild and not wild_count):
            continue
        if k in CLEAN_KINDS:
            clean += 1
        else:
            dirty += 1
    return clean, dirty


def open_wild_meld(melds: Sequence[TableMeld]) -> TableMeld | None:
    for m in melds:
        if m.wild and not m.closed:
            return m
    return None


def dirtying_blocked(melds: Sequence[TableMeld], config: CanastaConfig) -> tuple[bool, bool]:
    """(jokers blocked, twos blocked) for natural melds while a wild meld is open (§4.5)."""
    return blocked_by(open_wild_meld(melds), config)


def blocked_by(w: TableMeld | None, config: CanastaConfig) -> tuple[bool, bool]:
    """:func:`dirtying_blocked` given the side's open wild meld ``w`` (the generator has it at hand)."""
    if w is None or config.no_dirtying_while_wild_meld_open == "off":
        return False, False
    _n, j, t = w.shape()
    mode = config.no_dirtying_while_wild_meld_open
    if mode == "both":
        return True, True
    pinelle = wildmelds.blocks_pinelle(j, t)
    if mode == "pinelle_only":
        return pinelle, pinelle
    return False, pinelle  # twos_only (RG): twos may not serve as wildcards


def dirtying_problem(melds: Sequence[TableMeld], config: CanastaConfig, jokers: int, twos: int, rank: str) -> Verdict | None:
    """Refusal for putting ``jokers``/``twos`` on a natural meld of ``rank`` now, or ``None``."""
    if not jokers and not twos:
        return None
    jb, tb = dirtying_blocked(melds, config)
    if (jokers and jb) or (twos and tb):
        what = _("twos") if (tb and not jb) else _("wildcards")
        return refuse(
            "wild.no-dirtying",
            _(
                "you cannot add {what} to your {rank} while your side's meld of wildcards is incomplete: "
                "finish the pinelle or jolly canasta first"
            ).format(what=what, rank=_(RANK_NAMES[rank])),
        )
    return None


def blocks_take(melds: Sequence[TableMeld], rank: str) -> bool:
    """§5.2(e): the side owns a canasta or a progetto (6-card meld) of ``rank``."""
    return any(m.key == rank and m.size >= PROGETTO for m in melds)


def canasta_bonus(kind: CanastaKind) -> int:
    """§7.3: the bonus of one canasta (its cards are counted on top)."""
    return {"clean": 500, "clean-aces": 1000, "dirty": 300, "pinelle-clean": 3000, "pinelle-dirty": 2000, "jolly": 5000}[kind]


CANASTA_NAMES = {
    "clean": N_("clean canasta"),
    "clean-aces": N_("clean canasta of aces"),
    "dirty": N_("dirty canasta"),
    "pinelle-clean": N_("clean canasta of pinelle"),
    "pinelle-dirty": N_("dirty canasta of pinelle"),
    "jolly": N_("canasta of jolly"),
}
"""Kinds of canasta, untranslated (``_(CANASTA_NAMES[k])`` when shown)."""


def with_cards(
    melds: Sequence[TableMeld], key: str, tokens: Sequence[str], new: bool, config: CanastaConfig, pending: bool = False
) -> list[TableMeld]:
    """The side's melds as they would be after adding ``tokens`` to the open meld ``key`` (or
    laying them as a new meld). Rank tokens stand in for physical cards: only shapes matter."""
    out: list[TableMeld] = []
    changed: TableMeld | None = None
    for m in melds:
        if not new and changed is None and m.key == key and not m.closed:
            m = changed = TableMeld(key, m.cards + list(tokens), pending=m.pending)
        out.append(m)
    if new:
        changed = TableMeld(key, list(tokens), pending=pending)
        out.append(changed)
    if changed is not None and changed.size >= wildmelds.CANASTA_SIZE and (changed.wild or config.canasta_closed_at_seven):
        changed.closed = True
    return out
