"""What the player bots believe: a space of candidate rules and the ones the evidence allows.

**The space** (rules digest §A10.1) is built from templates over the last one
or two right cards, written as ELR nodes so every hypothesis is a real rule:
unary tests on the card (U, 14), relations between the card and the last one
(R, 21), conditionals ``if U(p1) then U(c) else U'(c)`` (IFU) and ``if U(p1)
then R else R'`` (IFR), two- and three-way ``or``/``and`` of relations, the
"two and two" periodic patterns, two-mode toggles switched by a card (TOG) and
position-parity rules (PH2): 8,453 rules, plus every library rule, so it
covers the library. The easy bots use only U and R.

**The version space.** Each play is an observation (mainline so far, card,
right or wrong); the mainline is public, so each hypothesis's own mode is
known and consistency is one evaluation. Hypotheses that disagree with an
observation are dropped. All of them are evaluated in one shared context per
position (:class:`~.language.Ctx`), so their common parts are computed once.
If none survives (a human's rule outside the space), the space falls back to
the hypotheses with the fewest disagreements.

**The vote.** A card's chance of being right is the prior mass (2^-size, so
simpler rules weigh more) of the surviving hypotheses that accept it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from cardcli.games.eleusis.language import CompiledRule, Ctx, Rule, compile_rule, parse_rule, rule_text
from cardcli.games.eleusis.language import ast as A
from cardcli.games.eleusis.language import deck as D

_c, _p1, _p2 = A.ref("c"), A.ref("p1"), A.ref("p2")


def _unary(x: A.Node) -> list[A.Node]:
    """The 14 unary tests U(x)."""
    rank = A.call("rank", x)
    return [
        A.call("red", x),
        A.call("black", x),
        A.call("even", x),
        A.call("odd", x),
        A.call("face", x),
        A.not_(A.call("face", x)),
        A.call("prime", x),
        A.not_(A.call("prime", x)),
        A.binop("le", rank, A.num(7)),
        A.binop("ge", rank, A.num(8)),
        *[A.binop("eq", A.call("suit", x), A.const(A.SUIT, s)) for s in "SHDC"],
    ]


def _conditions(x: A.Node) -> list[A.Node]:
    """The 9 conditions on the previous card (complements would only swap the branches)."""
    rank = A.call("rank", x)
    return [
        A.call("red", x),
        A.call("even", x),
        A.call("face", x),
        A.call("prime", x),
        A.binop("le", rank, A.num(7)),
        *[A.binop("eq", A.call("suit", x), A.const(A.SUIT, s)) for s in "SHDC"],
    ]


def _relations() -> list[A.Node]:
    """The 21 relations R(c, p1)."""
    out: list[A.Node] = []
    for attr in (
        lambda x: A.call("color", x),
        lambda x: A.call("parity", x),
        lambda x: A.call("suit", x),
        lambda x: A.call("face", x),
        lambda x: A.call("prime", x),
        lambda x: A.binop("ge", A.call("rank", x), A.num(8)),
    ):
        out.append(A.binop("eq", attr(_c), attr(_p1)))
        out.append(A.binop("ne", attr(_c), attr(_p1)))
    rc, rp = A.call("rank", _c), A.call("rank", _p1)
    out += [A.binop(op, rc, rp) for op in ("eq", "gt", "lt", "ge", "le")]
    out.append(A.binop("eq", A.binop("add", rc, rp), A.num(14)))
    out.append(A.binop("in", A.mod(A.binop("sub", rc, rp), 13), A.int_range(1, 3)))
    out.append(A.binop("in", A.mod(A.binop("sub", rp, rc), 13), A.int_range(1, 3)))
    out.append(A.binop("le", A.call("abs", A.binop("sub", rc, rp)), A.num(2)))
    return out


def _pairs() -> list[A.Node]:
    """ "Two and two" patterns: two cards of one kind, two of the other (seed rule 3)."""
    out = []
    for attr in (
        lambda x: A.call("color", x),
        lambda x: A.call("parity", x),
        lambda x: A.call("face", x),
        lambda x: A.call("prime", x),
    ):
        out.append(
            A.if_(A.binop("eq", attr(_p1), attr(_p2)), A.binop("ne", attr(_c), attr(_p1)), A.binop("eq", attr(_c), attr(_p1)))
        )
    return out


def _triggers() -> list[A.Node]:
    rank = A.call("rank", _c)
    return (
        [A.binop("eq", rank, A.num(k)) for k in range(1, 14)]
        + [A.call("face", _c), A.call("prime", _c)]
        + [A.binop("eq", A.call("suit", _c), A.const(A.SUIT, s)) for s in "SHDC"]
    )


def template_rules(easy: bool = False) -> list[tuple[str, Rule]]:
    """(family, rule) for every template rule; ``easy`` keeps only U and R."""
    U, R = _unary(_c), _relations()
    out: list[tuple[str, Rule]] = [("U", Rule(accept=u)) for u in U] + [("R", Rule(accept=r)) for r in R]
    if easy:
        return out
    conds = _conditions(_p1)
    out += [("IFU", Rule(accept=A.if_(k, a, b))) for k in conds for a in U for b in U if a is not b]
    out += [("IFR", Rule(accept=A.if_(k, a, b))) for k in conds for a in R for b in R if a is not b]
    n = len(R)
    out += [("OR", Rule(accept=A.binop("or", R[i], R[j]))) for i in range(n) for j in range(i + 1, n)]
    out += [("AND", Rule(accept=A.binop("and", R[i], R[j]))) for i in range(n) for j in range(i + 1, n)]
    out += [
        ("OR3", Rule(accept=A.binop("or", A.binop("or", R[i], R[j]), R[k])))
        for i in range(n)
        for j in range(i + 1, n)
        for k in range(j + 1, n)
    ]
    out += [("PAIRS", Rule(accept=p)) for p in _pairs()]
    tog = [R[1], R[0], R[3], R[2], R[4], R[5], R[11], R[10]]  # colour, parity, suit, half: != and ==
    out += [
        ("TOG", Rule(modes=("a", "b"), when=(("a", x), ("b", y)), on=((t, None),)))
        for t in _triggers()
        for x in tog
        for y in tog
        if x is not y
    ]
    ph = A.binop("eq", A.phase(2), A.num(0))
    out += [("PH2", Rule(accept=A.if_(ph, a, b))) for a in U for b in U if a is not b]
    return out


@dataclass(frozen=True)
class Hypothesis:
    family: str
    rule: CompiledRule
    weight: float

    @property
    def text(self) -> str:
        return rule_text(self.rule.rule)


def _build(easy: bool) -> tuple[Hypothesis, ...]:
    from cardcli.games.eleusis.library import LIBRARY

    seen: set[Rule] = set()
    out: list[Hypothesis] = []
    rules = template_rules(easy) + ([] if easy else [("LIB", parse_rule(r.text)) for r in LIBRARY])
    for fam, rule in rules:
        if rule in seen:
            continue
        seen.add(rule)
        out.append(Hypothesis(fam, compile_rule(rule), 2.0**-rule.size))
    return tuple(out)


@lru_cache(maxsize=2)
def space(easy: bool = False) -> tuple[Hypothesis, ...]:
    """The hypothesis space (built once per process, about a tenth of a second)."""
    return _build(easy)


@dataclass
class Observation:
    p1: int | None
    p2: int | None
    index: int
    card: int
    accepted: bool


SLACK = 2
"""In tolerant mode, hypotheses up to this many disagreements above the best are still tracked."""


@dataclass
class VersionSpace:
    """The hypotheses consistent with the plays seen so far (or, failing that, the closest).

    ``alive``, ``modes`` and ``errors`` are parallel lists: the tracked hypotheses, their current
    mode and their disagreements so far. While the truth may be in the space only hypotheses with no
    disagreement are tracked. When none is left the whole space is scanned once and the *pool* of
    hypotheses within :data:`SLACK` disagreements of the best is tracked instead; every hypothesis
    outside it has more disagreements than any inside, so the pool's best are the space's best. The
    scan is repeated only if the whole pool falls out.
    """

    hyps: Sequence[Hypothesis]
    starter: int
    alive: list[int] = field(default_factory=list)
    modes: list[int] = field(default_factory=list)
    errors: list[int] = field(default_factory=list)
    history: list[Observation] = field(default_factory=list)
    tolerance: int = 0
    """Fewest disagreements of any hypothesis: 0 while the truth may be in the space."""
    limit: int = 0
    """Most disagreements a tracked hypothesis may have."""
    scans: int = 0
    _ctx: Ctx | None = None

    def __post_init__(self) -> None:
        self.alive = list(range(len(self.hyps)))
        self.modes = self._start_modes()
        self.errors = [0] * len(self.hyps)

    def _start_modes(self) -> list[int]:
        ctx0 = Ctx(None, None, 0)
        return [h.rule.start_mode(self.starter, ctx0) if h.rule.trans else 0 for h in self.hyps]

    def context(self, p1: int | None, p2: int | None, index: int) -> Ctx:
        """A shared evaluation context for this mainline position (reused while it does not change)."""
        ctx = self._ctx
        if ctx is None or ctx.index != index or ctx.p1 != p1 or ctx.p2 != p2:
            ctx = self._ctx = Ctx(p1, p2, index)
        return ctx

    def observe(self, obs: Observation) -> None:
        self.history.append(obs)
        ctx = self.context(obs.p1, obs.p2, obs.index)
        bit = D.BIT[obs.card]
        accepted = obs.accepted
        limit = self.limit
        alive: list[int] = []
        modes: list[int] = []
        errors: list[int] = []
        hyps = self.hyps
        for i, mode, e in zip(self.alive, self.modes, self.errors):
            rule = hyps[i].rule
            if bool(rule.accept_mask_in(ctx, mode) & bit) != accepted:
                e += 1
                if e > limit:
                    continue
            if accepted and rule.trans:
                mode = rule.next_mode_in(ctx, mode, obs.card)
            alive.append(i)
            modes.append(mode)
            errors.append(e)
        if alive:
            self.alive, self.modes, self.errors = alive, modes, errors
            self.tolerance = min(errors)
        else:
            self._scan()

    def _scan(self) -> None:
        """Count every hypothesis's disagreements over the whole history; track the closest."""
        tracker = _tracker_for(self.hyps, self.starter, self.history)
        errors, modes = tracker.errors, tracker.modes
        best = min(errors)
        self.scans += 1
        self.tolerance = best
        self.limit = best + SLACK
        keep = [i for i, e in enumerate(errors) if e <= self.limit]
        self.alive = keep
        self.modes = [modes[i] for i in keep]
        self.errors = [errors[i] for i in keep]
        self._ctx = None

    def weights(self) -> list[float]:
        """Prior mass per tracked hypothesis, times 1/10 per disagreement above the best."""
        best = self.tolerance
        hyps = self.hyps
        return [hyps[i].weight * (0.1 ** (e - best) if e > best else 1.0) for i, e in zip(self.alive, self.errors)]

    def chances(self, ctx: Ctx, cards: Sequence[int]) -> dict[int, float]:
        """For each card, the share of the (weighted) tracked hypotheses that accept it (0..1)."""
        tally: dict[int, float] = {}
        hyps = self.hyps
        for i, mode, w in zip(self.alive, self.modes, self.weights()):
            m = hyps[i].rule.accept_mask_in(ctx, mode)
            tally[m] = tally.get(m, 0.0) + w
        total = sum(tally.values()) or 1.0
        out = {}
        for c in cards:
            out[c] = sum(w for m, w in tally.items() if m >> c & 1) / total
        return out

    def fitting(self) -> int:
        """How many hypotheses have the fewest disagreements."""
        return sum(1 for e in self.errors if e == self.tolerance)

    def best(self) -> Hypothesis | None:
        """The most probable tracked hypothesis (the simplest of the closest)."""
        if not self.alive:
            return None
        k = max(range(len(self.alive)), key=lambda j: (-self.errors[j], self.hyps[self.alive[j]].weight, -j))
        return self.hyps[self.alive[k]]


class FullTracker:
    """Disagreement counts of *every* hypothesis over a public history, kept up to date incrementally.

    Needed only when the dealer's rule is outside the space. The counts are a pure function of the
    public plays, so the bots at a table share one tracker (:func:`_tracker_for`) instead of each
    rescanning the history. Plays at one mainline position share one evaluation per hypothesis.
    """

    def __init__(self, hyps: Sequence[Hypothesis], starter: int) -> None:
        self.hyps = hyps
        self.starter = starter
        ctx0 = Ctx(None, None, 0)
        self.modes = [h.rule.start_mode(starter, ctx0) if h.rule.trans else 0 for h in hyps]
        self.errors = [0] * len(hyps)
        self.history: list[Observation] = []
        self._masks: list[int] | None = None

    def feed(self, obs: Observation) -> None:
        self.history.append(obs)
        ctx = Ctx(obs.p1, obs.p2, obs.index)
        masks = self._masks
        if masks is None:
            masks = self._masks = [h.rule.accept_mask_in(ctx, m) for h, m in zip(self.hyps, self.modes)]
        bit = D.BIT[obs.card]
        errors = self.errors
        if obs.accepted:
            for i, m in enumerate(masks):
                if not m & bit:
                    errors[i] += 1
            modes = self.modes
            for i, h in enumerate(self.hyps):
                if h.rule.trans:
                    modes[i] = h.rule.next_mode_in(ctx, modes[i], obs.card)
            self._masks = None  # the mainline moved on
        else:
            for i, m in enumerate(masks):
                if m & bit:
                    errors[i] += 1


_TRACKERS: list[FullTracker] = []


def _tracker_for(hyps: Sequence[Hypothesis], starter: int, history: Sequence[Observation]) -> FullTracker:
    """A tracker that has seen exactly ``history`` (reusing one that has seen a prefix of it)."""
    n = len(history)
    for t in _TRACKERS:
        k = len(t.history)
        if t.hyps is hyps and t.starter == starter and k <= n and t.history == list(history[:k]):
            break
    else:
        t = FullTracker(hyps, starter)
        _TRACKERS.insert(0, t)
        del _TRACKERS[8:]
    for obs in history[len(t.history) :]:
        t.feed(obs)
    return t
