"""Judging cards by a rule: a total, vectorised evaluator and the rule's finite state.

**Vectorised.** An expression is evaluated for all 52 candidate cards at once,
in a *context* that fixes the mainline around the candidate: ``p1`` (the last
right card), ``p2`` (the one before) and the candidate's index (the starter is
0). Values are

* true/false results: a pair of 52-bit masks ``(T, U)`` — the candidates for
  which the expression is true, and those for which it dereferenced a card that
  does not exist yet;
* other values that do not depend on the candidate: a plain value, or
  :data:`UNDEF`;
* values that depend on it: a *partition* ``({value: mask}, undef_mask)``,
  e.g. ``rank(c)`` is 13 masks of 4 cards.

Every node's value is cached in the context by node id, and nodes are
interned, so thousands of hypotheses evaluated in one context share their
common parts.

**Undefined cards.** The seed says the first card is right "anyway" when the
rule needs a second card on the pile. Generalised (rules digest §A9.3): if
judging a candidate dereferences a card that does not exist, the candidate is
accepted. Evaluation is left to right with short-circuits, so ``A or B`` with a
true ``A`` never looks at ``B``. In a transition condition an undefined
reference means the transition does not fire.

**State.** A rule is a finite automaton: its state is
``(mode, p2, p1, index mod period)`` (:data:`RState`, cards as indices, -1
for none), where the period is the lcm of the ``phase(m)`` moduli. Transitions
run on every card that joins the mainline, the starter included.

Nothing here executes text: the evaluator walks interned nodes whose operators
come from a closed table.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import Any

from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.language.ast import BOOL, CARD, Node, Rule, set_values

FULL = D.FULL


class _Undef:
    __slots__ = ()

    def __repr__(self) -> str:
        return "UNDEF"


UNDEF: Any = _Undef()
"""A value that dereferenced a card not on the mainline yet."""

RState = tuple[int, int, int, int]
"""(mode index, p2, p1, candidate index mod period); cards are 0..51, -1 for none."""


class Ctx:
    """The mainline around the candidate, and the values computed in it."""

    __slots__ = ("p1", "p2", "index", "cache")

    def __init__(self, p1: int | None, p2: int | None, index: int) -> None:
        self.p1 = p1
        self.p2 = p2
        self.index = index
        self.cache: dict[int, Any] = {}


# -- functions on values --------------------------------------------------------------------

_FN: dict[str, tuple[Callable[[int], Any], Callable[[int], Any] | None]] = {
    "rank": (lambda i: D.RANK[i], None),
    "suit": (lambda i: D.SUIT[i], None),
    "color": (lambda i: D.COLOUR[i], None),
    "parity": (lambda i: D.parity_of(D.RANK[i]), D.parity_of),
    "red": (lambda i: D.COLOUR[i] == "red", None),
    "black": (lambda i: D.COLOUR[i] == "black", None),
    "even": (lambda i: D.RANK[i] % 2 == 0, lambda v: v % 2 == 0),
    "odd": (lambda i: D.RANK[i] % 2 == 1, lambda v: v % 2 == 1),
    "face": (lambda i: D.is_face(D.RANK[i]), D.is_face),
    "prime": (lambda i: D.RANK[i] in D.PRIMES, lambda v: v in D.PRIMES),
    "abs": (abs, abs),
}

# The value of f(c) for the candidate, precomputed: a partition or a (T, U) pair.
_ON_C: dict[str, Any] = {
    "rank": (D.RANK_PART, 0),
    "suit": (D.SUIT_PART, 0),
    "color": (D.COLOUR_PART, 0),
    "parity": (D.PARITY_PART, 0),
    **{f: (D.mask_of(lambda i, f=f: _FN[f][0](i)), 0) for f in ("red", "black", "even", "odd", "face", "prime")},
}


def _fn(name: str, arg_type: str) -> Callable[[Any], Any]:
    on_card, on_int = _FN[name]
    if arg_type == CARD:
        return on_card
    assert on_int is not None
    return on_int


_CMP: dict[str, Callable[[Any, Any], bool]] = {
    "eq": operator.eq,
    "ne": operator.ne,
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
    "in": lambda v, s: v in s,
}
_ARITH: dict[str, Callable[[Any, Any], Any]] = {"add": operator.add, "sub": operator.sub}


def _as_part(v: Any) -> tuple[dict[Any, int], int]:
    if v is UNDEF:
        return {}, FULL
    return {v: FULL}, 0


def _map_part(part: tuple[dict[Any, int], int], f: Callable[[Any], Any]) -> tuple[dict[Any, int], int]:
    d, u = part
    out: dict[Any, int] = {}
    for v, m in d.items():
        r = f(v)
        out[r] = out.get(r, 0) | m
    return out, u


def _truth_of(part: tuple[dict[Any, int], int], f: Callable[[Any], bool]) -> tuple[int, int]:
    d, u = part
    t = 0
    for v, m in d.items():
        if f(v):
            t |= m
    return t, u


def evaluate(n: Node, ctx: Ctx) -> Any:
    """The value of ``n`` in ``ctx`` (see the module docstring for the representation)."""
    got = ctx.cache.get(n.nid)
    if got is None:
        got = _EVAL[n.op](n, ctx)
        ctx.cache[n.nid] = got
    return got


def _ref(n: Node, ctx: Ctx) -> Any:
    if n.val == "c":
        return D.CARD_PART, 0
    v = ctx.p1 if n.val == "p1" else ctx.p2
    return UNDEF if v is None else v


def _literal(n: Node, ctx: Ctx) -> Any:
    return n.val


def _set(n: Node, ctx: Ctx) -> Any:
    return set_values(n)


def _bool(n: Node, ctx: Ctx) -> Any:
    return (FULL, 0) if n.val else (0, 0)


def _phase(n: Node, ctx: Ctx) -> Any:
    return ctx.index % n.val


def _call(n: Node, ctx: Ctx) -> Any:
    x = n.args[0]
    name = n.val
    if x.op == "ref" and x.val == "c":
        return _ON_C[name]
    f = _fn(name, x.type)
    arg = evaluate(x, ctx)
    if x.dep_c:
        return _truth_of(arg, f) if n.type == BOOL else _map_part(arg, f)
    if arg is UNDEF:
        return (0, FULL) if n.type == BOOL else UNDEF
    r = f(arg)
    if n.type == BOOL:
        return (FULL, 0) if r else (0, 0)
    return r


def _neg(n: Node, ctx: Ctx) -> Any:
    a = evaluate(n.args[0], ctx)
    if n.dep_c:
        return _map_part(a, operator.neg)
    return UNDEF if a is UNDEF else -a


def _mod(n: Node, ctx: Ctx) -> Any:
    a = evaluate(n.args[0], ctx)
    k = n.val
    if n.dep_c:
        return _map_part(a, lambda v: v % k)
    return UNDEF if a is UNDEF else a % k


def _arith(n: Node, ctx: Ctx) -> Any:
    x, y = n.args
    f = _ARITH[n.op]
    a, b = evaluate(x, ctx), evaluate(y, ctx)
    if not x.dep_c and not y.dep_c:
        return UNDEF if a is UNDEF or b is UNDEF else f(a, b)
    if not y.dep_c:
        if b is UNDEF:
            return {}, FULL
        return _map_part(a, lambda v: f(v, b))
    if not x.dep_c:
        if a is UNDEF:
            return {}, FULL
        return _map_part(b, lambda v: f(a, v))
    (da, ua), (db, ub) = a, b
    out: dict[Any, int] = {}
    for va, ma in da.items():
        for vb, mb in db.items():
            m = ma & mb
            if m:
                r = f(va, vb)
                out[r] = out.get(r, 0) | m
    return out, ua | ub


def _compare(n: Node, ctx: Ctx) -> Any:
    x, y = n.args
    a, b = evaluate(x, ctx), evaluate(y, ctx)
    if x.type == BOOL:  # equality of two conditions, e.g. face(c) == face(p1)
        (ta, ua), (tb, ub) = a, b
        u = ua | ub
        fa, fb = FULL & ~(ta | ua), FULL & ~(tb | ub)
        t = (ta & tb) | (fa & fb) if n.op == "eq" else (ta & fb) | (fa & tb)
        return t & ~u, u
    f = _CMP[n.op]
    if not x.dep_c and not y.dep_c:
        if a is UNDEF or b is UNDEF:
            return 0, FULL
        return (FULL, 0) if f(a, b) else (0, 0)
    if not y.dep_c:
        if b is UNDEF:
            return 0, FULL
        return _truth_of(a, lambda v: f(v, b))
    if not x.dep_c:
        if a is UNDEF:
            return 0, FULL
        return _truth_of(b, lambda v: f(a, v))
    (da, ua), (db, ub) = a, b
    t = 0
    for va, ma in da.items():
        for vb, mb in db.items():
            if f(va, vb):
                t |= ma & mb
    return t, ua | ub


def _and(n: Node, ctx: Ctx) -> Any:
    ta, ua = evaluate(n.args[0], ctx)
    if not ta:  # nothing true on the left: the right side is never looked at
        return 0, ua
    tb, ub = evaluate(n.args[1], ctx)
    return ta & tb, ua | (ta & ub)


def _or(n: Node, ctx: Ctx) -> Any:
    ta, ua = evaluate(n.args[0], ctx)
    fa = FULL & ~(ta | ua)
    if not fa:
        return ta, ua
    tb, ub = evaluate(n.args[1], ctx)
    return ta | (fa & tb), ua | (fa & ub)


def _not(n: Node, ctx: Ctx) -> Any:
    t, u = evaluate(n.args[0], ctx)
    return FULL & ~(t | u), u


def _if(n: Node, ctx: Ctx) -> Any:
    cond, x, y = n.args
    ta, ua = evaluate(cond, ctx)
    fa = FULL & ~(ta | ua)
    if n.type == BOOL:
        tb, ub = evaluate(x, ctx) if ta else (0, 0)
        tc, uc = evaluate(y, ctx) if fa else (0, 0)
        return (ta & tb) | (fa & tc), ua | (ta & ub) | (fa & uc)
    if not n.dep_c:
        if ua:
            return UNDEF
        return evaluate(x, ctx) if ta else evaluate(y, ctx)
    out: dict[Any, int] = {}
    u = ua
    for branch, mask in ((x, ta), (y, fa)):
        if not mask:
            continue
        v = evaluate(branch, ctx)
        d, bu = v if branch.dep_c else _as_part(v)
        u |= bu & mask
        for val, m in d.items():
            mm = m & mask
            if mm:
                out[val] = out.get(val, 0) | mm
    return out, u


_EVAL: dict[str, Callable[[Node, Ctx], Any]] = {
    "ref": _ref,
    "int": _literal,
    "letter": _literal,
    "const": _literal,
    "set": _set,
    "range": _set,
    "bool": _bool,
    "phase": _phase,
    "call": _call,
    "neg": _neg,
    "mod": _mod,
    "add": _arith,
    "sub": _arith,
    "eq": _compare,
    "ne": _compare,
    "lt": _compare,
    "le": _compare,
    "gt": _compare,
    "ge": _compare,
    "in": _compare,
    "and": _and,
    "or": _or,
    "not": _not,
    "if": _if,
}


def truth(n: Node, ctx: Ctx) -> tuple[int, int]:
    """(true mask, undefined mask) of a condition over the 52 candidates."""
    return evaluate(n, ctx)  # type: ignore[no-any-return]


class CompiledRule:
    """A parsed rule ready to judge cards: acceptance per mode, transitions, state.

    Results per state are cached (the state space is finite and small), so a
    game, the one-fifth check and ``guess`` never evaluate the same position
    twice.
    """

    __slots__ = (
        "rule",
        "modes",
        "accept_nodes",
        "trans",
        "uses_p1",
        "uses_p2",
        "period",
        "_mask_cache",
        "_trans_cache",
        "_state_masks",
        "size",
    )

    MAX_CACHE = 60000

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.modes = rule.mode_names()
        self.accept_nodes = tuple(rule.acceptance(m) for m in self.modes)
        self.trans = tuple((cond, -1 if t is None else self.modes.index(t)) for cond, t in rule.on)
        refs = rule.refs
        self.uses_p2 = "p2" in refs
        self.uses_p1 = "p1" in refs or self.uses_p2  # p2 is the next state's p1: it must be remembered
        period = 1
        for m in rule.moduli:
            period = period * m // math.gcd(period, m)
        self.period = period
        self.size = rule.size
        self._mask_cache: dict[RState, int] = {}
        self._trans_cache: dict[RState, tuple[int, ...]] = {}
        self._state_masks: dict[RState, int] = {}
        """:meth:`mask` by the whole state, so judging a card skips :meth:`key`; sound because the
        mask depends on the state only through its key."""

    # -- states --------------------------------------------------------------------------------
    def key(self, st: RState) -> RState:
        """The part of a state the rule can tell apart (cards it never looks at are dropped)."""
        mode, p2, p1, idx = st
        return (mode, p2 if self.uses_p2 else -1, p1 if self.uses_p1 else -1, idx)

    @staticmethod
    def ctx_of(st: RState) -> Ctx:
        _mode, p2, p1, idx = st
        return Ctx(None if p1 < 0 else p1, None if p2 < 0 else p2, idx)

    def start(self, starter: int) -> RState:
        """The state once the starter is on the mainline (its transitions applied)."""
        mode = 0
        if self.trans:
            mode = self.fire(self.transition_masks((0, -1, -1, 0)), 0, starter)
        return (mode, -1, starter, 1 % self.period)

    def mask(self, st: RState) -> int:
        """The cards (52-bit mask) the rule accepts in state ``st``."""
        got = self._state_masks.get(st)
        if got is None:
            if len(self._state_masks) > self.MAX_CACHE:
                self._state_masks.clear()
            got = self._state_masks[st] = self._mask_by_key(st)
        return got

    def _mask_by_key(self, st: RState) -> int:
        """The mask of the state's key, cached by key: states that differ only in cards the rule
        never looks at share one evaluation."""
        k = self.key(st)
        got = self._mask_cache.get(k)
        if got is None:
            if len(self._mask_cache) > self.MAX_CACHE:
                self._mask_cache.clear()
            t, u = truth(self.accept_nodes[k[0]], self.ctx_of(k))
            got = t | u
            self._mask_cache[k] = got
        return got

    def accepts(self, st: RState, card: int) -> bool:
        return bool(self.mask(st) >> card & 1)

    def transition_masks(self, k: RState) -> tuple[int, ...]:
        """For each `on` line, the cards that fire it in state key ``k``."""
        got = self._trans_cache.get(k)
        if got is None:
            if len(self._trans_cache) > self.MAX_CACHE:
                self._trans_cache.clear()
            ctx = self.ctx_of(k)
            got = tuple(truth(cond, ctx)[0] for cond, _t in self.trans)
            self._trans_cache[k] = got
        return got

    def fire(self, masks: tuple[int, ...], mode: int, card: int) -> int:
        """The mode after ``card`` joins the mainline: the first `on` line it fires, else unchanged."""
        bit = D.BIT[card]
        for m, (_cond, target) in zip(masks, self.trans):
            if m & bit:
                return (mode + 1) % len(self.modes) if target < 0 else target
        return mode

    def step(self, st: RState, card: int) -> RState:
        """The state after ``card`` joins the mainline in state ``st``."""
        mode = st[0]
        if self.trans:
            mode = self.fire(self.transition_masks(self.key(st)), mode, card)
        return (mode, st[2], card, (st[3] + 1) % self.period)

    def advance(self, st: RState, card: int) -> RState | None:
        """:meth:`step` if the rule accepts ``card`` in ``st``, else None: judging a card in one call
        instead of :meth:`accepts` then :meth:`step` (a game judges every card this way)."""
        got = self._state_masks.get(st)
        if got is None:
            got = self.mask(st)
        if not got >> card & 1:
            return None
        mode = st[0]
        if self.trans:
            mode = self.fire(self.transition_masks(self.key(st)), mode, card)
        return (mode, st[2], card, (st[3] + 1) % self.period)

    # -- shared contexts (the bots evaluate many rules in one context) --------------------------
    def accept_mask_in(self, ctx: Ctx, mode: int) -> int:
        t, u = truth(self.accept_nodes[mode], ctx)
        return t | u

    def start_mode(self, starter: int, ctx0: Ctx) -> int:
        if not self.trans:
            return 0
        return self.fire(tuple(truth(c, ctx0)[0] for c, _t in self.trans), 0, starter)

    def next_mode_in(self, ctx: Ctx, mode: int, card: int) -> int:
        if not self.trans:
            return mode
        return self.fire(tuple(truth(c, ctx)[0] for c, _t in self.trans), mode, card)


def compile_rule(rule: Rule) -> CompiledRule:
    return CompiledRule(rule)
