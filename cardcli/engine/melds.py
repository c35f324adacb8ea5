"""Sets and runs, with wildcards and ace options: the one meld module of the project.

Rummy, burraco and canasta all meld; they differ only in parameters, which a
game passes as a :class:`MeldRules`:

* which cards are wild (jokers, twos), and whether a two of a run's own suit
  in its natural place (between ace and three) counts as natural (burraco);
* how many wilds a set or a run may hold, and whether the naturals must
  outnumber them (canasta);
* where the ace goes in a run: low only (``A-2-3``), high only (``Q-K-A``),
  either end but not both (``both``) or round the corner (``wrap``: ``K-A-2``);
* which ranks may form sets and how large a set may grow.

A meld is read from its cards alone (:func:`read_meld`); extending a meld is
reading the old cards plus the new ones as the same kind
(:func:`extend_meld`). Re-reading from scratch is sound because naturals never
move: a wild between two naturals must stay where it is, and only a wild at
an end can move, which is exactly what the burraco rules allow (a free matta
may change ends; an inner one is displaced only by its natural card).

Every refusal is a :class:`~cardcli.engine.verdict.Verdict` whose rule id is
one of :data:`MELD_RULE_IDS`; :func:`meld_rule_texts` gives default texts a
game includes in its rulebook (or replaces with its own wording).

>>> rules = MeldRules()
>>> read_meld(["5H", "3H", "4H"], rules).cards
('3H', '4H', '5H')
>>> read_meld(["QH", "KH", "AH"], rules).reason
'QH KH AH is not a run: the ace is low only (A-2-3), so Q-K-A is not allowed'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from cardcli.engine.cards import JOKER, RANKS, Card, format_cards
from cardcli.engine.rulebook import Rule
from cardcli.engine.verdict import Verdict, refuse
from cardcli.i18n import N_, _

AceMode = Literal["low", "high", "both", "wrap"]

#: rank character of each run position; position 14 is the high ace.
_POS_RANK = {i + 1: r for i, r in enumerate(RANKS)} | {14: "A"}


@dataclass(frozen=True)
class MeldRules:
    """The meld parameters of one game (or one preset of it)."""

    min_size: int = 3
    sets: bool = True
    runs: bool = True
    ace: AceMode = "low"
    wild_jokers: bool = True
    """Jokers in the deck are wild (they never occur in a rummy deck)."""
    wild_twos: bool = False
    natural_two_in_place: bool = False
    """A two of the run's suit between ace and three is a natural card (burraco)."""
    max_wilds_run: int = 0
    max_wilds_set: int = 0
    naturals_exceed_wilds: bool = False
    """Canasta: a meld needs more naturals than wilds."""
    min_naturals: int = 1
    set_ranks: str = RANKS
    """Ranks that may form a set (burraco: not 2; canasta: not 2 or 3)."""
    max_set_size: int | None = None
    two_natural_aces: bool = False
    """Whether one run may hold a low and a high natural ace (A-2-…-K-A)."""

    def is_wild(self, card: str) -> bool:
        """Wild by nature (a two may still turn out natural in its own run)."""
        return (card == JOKER and self.wild_jokers) or (self.wild_twos and card[0] == "2" and card != JOKER)


@dataclass(frozen=True)
class Meld:
    """A legal meld as laid out on the table.

    ``cards`` are in table order: a run from its low end to its high end, with
    each wild at the position it stands for; a set with its naturals first.
    ``wild_at`` lists the indices in ``cards`` that hold a wild.
    """

    kind: Literal["set", "run"]
    cards: tuple[Card, ...]
    wild_at: tuple[int, ...] = ()
    rank: str | None = None
    suit: str | None = None
    start: int = 0
    """Run only: the position of ``cards[0]`` (1 = ace low … 13 = king, 14 = ace high)."""
    wrap: bool = field(default=False, compare=False)

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def wilds(self) -> tuple[Card, ...]:
        return tuple(self.cards[i] for i in self.wild_at)

    @property
    def naturals(self) -> tuple[Card, ...]:
        wild = set(self.wild_at)
        return tuple(c for i, c in enumerate(self.cards) if i not in wild)

    @property
    def clean(self) -> bool:
        return not self.wild_at

    def stands_for(self, index: int) -> str:
        """The card a position stands for (a wild's meaning; a natural is itself)."""
        if self.kind == "set":
            return f"{self.rank}*"
        pos = (self.start + index - 1) % 13 + 1 if self.wrap else self.start + index
        return _POS_RANK[pos] + (self.suit or "")

    @property
    def end_positions(self) -> tuple[int, int]:
        return self.start, self.start + len(self.cards) - 1

    def notation(self) -> str:
        return " ".join(self.cards)

    def longest_natural_block(self) -> int:
        """Length of the longest stretch of consecutive naturals (burraco's semi-clean test)."""
        best = cur = 0
        wild = set(self.wild_at)
        for i in range(len(self.cards)):
            cur = 0 if i in wild else cur + 1
            best = max(best, cur)
        return best


# ---------------------------------------------------------------------------------------------
# rule ids and default texts

MELD_RULE_IDS = (
    "meld.size",
    "meld.kind",
    "meld.set.rank",
    "meld.set.size",
    "meld.set.wilds",
    "meld.run.suit",
    "meld.run.sequence",
    "meld.run.ace",
    "meld.run.wilds",
    "meld.wild-balance",
    "meld.wild-only",
    "meld.duplicate",
)


def meld_rule_texts() -> list[Rule]:
    """Default rule texts for the meld rule ids (games may reword them)."""
    return [
        Rule("meld.size", N_("Meld size"), N_("A meld has at least three cards.")),
        Rule(
            "meld.kind",
            N_("Sets and runs"),
            N_(
                "A set is three or more cards of one rank; a run is three or more cards of one suit "
                "in sequence. Which of the two this game allows is listed under its meld rules."
            ),
        ),
        Rule(
            "meld.set.rank",
            N_("Set ranks"),
            N_("All natural cards of a set have the same rank, and some ranks cannot form a set in this game."),
        ),
        Rule("meld.set.size", N_("Set size"), N_("A set cannot grow past the number of copies of its rank.")),
        Rule("meld.set.wilds", N_("Wildcards in a set"), N_("A set holds at most the number of wildcards the game allows.")),
        Rule("meld.run.suit", N_("Runs keep one suit"), N_("Every natural card of a run is of the same suit.")),
        Rule(
            "meld.run.sequence",
            N_("Runs are consecutive"),
            N_(
                "A run's cards follow each other in rank without gaps; a gap can only be filled by a "
                "wildcard where wildcards are allowed, and the same card cannot appear twice."
            ),
        ),
        Rule(
            "meld.run.ace",
            N_("The ace in runs"),
            N_(
                "Where the ace may sit in a run depends on the game: low (A-2-3), high (Q-K-A), at "
                "either end but not both, or round the corner (K-A-2)."
            ),
        ),
        Rule("meld.run.wilds", N_("Wildcards in a run"), N_("A run holds at most the number of wildcards the game allows.")),
        Rule(
            "meld.wild-balance",
            N_("More naturals than wildcards"),
            N_("A meld must have more natural cards than wildcards, and enough naturals before a wildcard is added."),
        ),
        Rule(
            "meld.wild-only", N_("No melds of wildcards alone"), N_("A meld needs natural cards; wildcards alone are not a meld.")
        ),
        Rule("meld.duplicate", N_("Cards held"), N_("You can only meld cards you hold.")),
    ]


# ---------------------------------------------------------------------------------------------
# reading melds


class _Shown:
    """The cards as a refusal names them, written out only when a refusal is worded."""

    __slots__ = ("cards",)

    def __init__(self, cards: Sequence[str]) -> None:
        self.cards = cards

    def __format__(self, spec: str) -> str:
        return format(format_cards(self.cards, "ascii"), spec)

    def __str__(self) -> str:
        return format_cards(self.cards, "ascii")


def read_meld(
    cards: Sequence[str], rules: MeldRules, kind: Literal["set", "run"] | None = None, *, explain: bool = True
) -> Meld | Verdict:
    """Read ``cards`` as a legal meld, or return the refusal that explains why not.

    When both readings are possible (e.g. three wildcards and a natural in a
    game with loose limits) the set is preferred; pass ``kind`` to force one.
    ``explain=False`` (for searches, which only keep the melds) spares the work of telling
    a misplaced ace from a gap: the refusal's rule and reason may then be less precise.
    """
    cs = tuple(Card(c) for c in cards)
    shown = _Shown(cs)
    if len(cs) < rules.min_size:
        return refuse("meld.size", _("{cards}: a meld needs at least {n} cards").format(cards=shown, n=rules.min_size))
    if kind is None and rules.runs and _looks_like_run(cs, rules):
        # naturals of two ranks are no set: the run's reading is the answer, meld or refusal (the meld
        # searches read mostly such cards, and wording why they are no set cost more than the reading)
        return read_run(cs, rules, explain=explain)
    if kind in (None, "set") and rules.sets:
        as_set = read_set(cs, rules)
        if isinstance(as_set, Meld) or kind == "set":
            return as_set
    else:
        as_set = None
    if kind in (None, "run") and rules.runs:
        as_run = read_run(cs, rules, explain=explain)
        if isinstance(as_run, Meld) or kind == "run" or as_set is None:
            return as_run
        # Neither: explain with the reading closer to the player's intent.
        return as_run if _looks_like_run(cs, rules) else as_set
    assert as_set is not None
    return as_set


def _looks_like_run(cards: Sequence[str], rules: MeldRules) -> bool:
    nat = [c for c in cards if not rules.is_wild(c)]
    return len({c[0] for c in nat}) > 1


def read_set(cards: Sequence[str], rules: MeldRules) -> Meld | Verdict:
    """Read ``cards`` as a set (same rank), with the game's wildcard limits."""
    cs = tuple(Card(c) for c in cards)
    shown = _Shown(cs)
    naturals = [c for c in cs if not rules.is_wild(c)]
    wilds = [c for c in cs if rules.is_wild(c)]
    if not rules.sets:
        return refuse("meld.kind", _("{cards}: sets are not allowed in this game, only runs").format(cards=shown))
    if not naturals:
        return refuse("meld.wild-only", _("{cards}: wildcards alone do not make a meld").format(cards=shown))
    ranks = {c[0] for c in naturals}
    if len(ranks) > 1:
        return refuse("meld.set.rank", _("{cards} is not a set: the cards are not all of one rank").format(cards=shown))
    r = naturals[0][0]
    if r not in rules.set_ranks:
        return refuse(
            "meld.set.rank", _("{cards}: sets of {rank} are not allowed in this game").format(cards=shown, rank=_rank_plural(r))
        )
    if rules.max_set_size is not None and len(cs) > rules.max_set_size:
        return refuse("meld.set.size", _("{cards}: a set has at most {n} cards").format(cards=shown, n=rules.max_set_size))
    if len(wilds) > rules.max_wilds_set:
        return refuse("meld.set.wilds", _wild_limit(shown, rules.max_wilds_set, "set"))
    bal = _balance(shown, len(naturals), len(wilds), rules)
    if bal is not None:
        return bal
    ordered = tuple(naturals) + tuple(wilds)
    return Meld("set", ordered, tuple(range(len(naturals), len(ordered))), rank=r)


def read_run(cards: Sequence[str], rules: MeldRules, *, explain: bool = True) -> Meld | Verdict:
    """Read ``cards`` as a run (one suit, consecutive), placing wilds in the gaps."""
    cs = tuple(Card(c) for c in cards)
    shown = _Shown(cs)
    if not rules.runs:
        return refuse("meld.kind", _("{cards}: runs are not allowed in this game, only sets").format(cards=shown))
    fixed = [c for c in cs if not rules.is_wild(c)]
    twos = [c for c in cs if rules.wild_twos and c != JOKER and c[0] == "2"]
    jokers = [c for c in cs if c == JOKER and rules.wild_jokers]
    suits = {c[1] for c in fixed}
    if len(suits) > 1:
        return refuse("meld.run.suit", _("{cards} is not a run: the cards are of different suits").format(cards=shown))
    if not fixed:
        # Only wilds; twos of one suit may still be natural (burraco 2-2 needs naturals anyway).
        if not (rules.natural_two_in_place and twos):
            return refuse("meld.wild-only", _("{cards}: wildcards alone do not make a meld").format(cards=shown))
    suit_ = next(iter(suits)) if suits else None
    # Which twos could be natural: those of the run's suit (at most one, it has one place).
    options: list[tuple[list[Card], list[Card]]] = []  # (naturals, wilds)
    own_twos = [t for t in twos if suit_ is None or t[1] == suit_]
    if rules.natural_two_in_place and own_twos:
        for t in dict.fromkeys(own_twos):
            rest = list(twos)
            rest.remove(t)
            options.append((fixed + [t], rest + jokers))
    options.append((fixed, twos + jokers))
    best: Meld | None = None
    first_error: Verdict | None = None
    for naturals, wilds in options:
        got = _layout_run(cs, naturals, wilds, rules, shown, explain)
        if isinstance(got, Meld):
            if best is None or len(got.wild_at) < len(best.wild_at):
                best = got
        elif first_error is None:
            first_error = got
    if best is not None:
        return best
    assert first_error is not None
    return first_error


def _layout_run(
    all_cards: tuple[Card, ...], naturals: list[Card], wilds: list[Card], rules: MeldRules, shown: _Shown, explain: bool = True
) -> Meld | Verdict:
    suit_ = naturals[0][1] if naturals else None
    if not naturals:
        return refuse("meld.wild-only", _("{cards}: wildcards alone do not make a meld").format(cards=shown))
    if len(wilds) > rules.max_wilds_run:
        return refuse("meld.run.wilds", _wild_limit(shown, rules.max_wilds_run, "run"))
    bal = _balance(shown, len(naturals), len(wilds), rules)
    if bal is not None:
        return bal
    ranks = [c[0] for c in naturals]
    dup = [r for r, n in Counter(ranks).items() if n > 1 and (r != "A" or n > 2)]
    if dup:
        return refuse(
            "meld.run.sequence", _("{cards} is not a run: {card} appears twice").format(cards=shown, card=dup[0] + (suit_ or ""))
        )
    aces = ranks.count("A")
    if aces == 2 and (rules.ace != "both" or not rules.two_natural_aces):
        return refuse("meld.run.ace", _("{cards} is not a run: a run holds only one natural ace").format(cards=shown))
    if rules.ace == "wrap":
        return _layout_wrap(naturals, wilds, rules, shown)
    ace_choices: list[int] = {"low": [1], "high": [14], "both": [1, 14]}[rules.ace]
    lo_bound = 1 if rules.ace in ("low", "both") else 2
    hi_bound = 14 if rules.ace in ("high", "both") else 13
    tried: str | None = None
    for ace_pos in ace_choices:
        positions: list[int] = [ace_pos if c[0] == "A" else RANKS.index(c[0]) + 1 for c in naturals]
        if aces == 2:  # one low and one high (only reachable when two natural aces are allowed)
            idx = [i for i, c in enumerate(naturals) if c[0] == "A"]
            positions[idx[0]], positions[idx[1]] = 1, 14
        placed = _place(list(zip(positions, naturals)), wilds, lo_bound, hi_bound)
        if isinstance(placed, tuple):
            start, cards, wild_at = placed
            return Meld("run", cards, wild_at, suit=suit_, start=start)
        tried = tried or placed
    if aces and explain:
        # Say "the ace" when the cards would be a run with the ace somewhere else.
        from dataclasses import replace

        for alt in ("high", "low", "wrap"):
            other = replace(rules, ace=alt)
            if alt != rules.ace and isinstance(_layout_run(all_cards, naturals, wilds, other, shown, False), Meld):
                return refuse("meld.run.ace", _ace_reason(shown, rules, alt))
    return refuse("meld.run.sequence", _gap_reason(shown, naturals, wilds, rules))


def _place(
    items: list[tuple[int, Card]], wilds: list[Card], lo_bound: int, hi_bound: int
) -> tuple[int, tuple[Card, ...], tuple[int, ...]] | str:
    """Fill gaps with wilds, put spare wilds at the low end first (the burraco convention)."""
    items.sort()
    pos = [p for p, _c in items]
    if len(set(pos)) != len(pos):
        return "gap"
    lo, hi = pos[0], pos[-1]
    if lo < lo_bound or hi > hi_bound:
        return "ace"
    gaps = hi - lo + 1 - len(pos)
    if gaps > len(wilds):
        return "gap"
    extra = len(wilds) - gaps
    down = min(extra, lo - lo_bound)
    up = extra - down
    if hi + up > hi_bound:
        return "ace" if hi_bound - lo_bound + 1 >= len(pos) + len(wilds) else "gap"
    start = lo - down
    by_pos = dict((p, c) for p, c in items)
    pool = list(wilds)
    cards: list[Card] = []
    wild_at: list[int] = []
    for p in range(start, hi + up + 1):
        if p in by_pos:
            cards.append(by_pos[p])
        else:
            wild_at.append(len(cards))
            cards.append(pool.pop(0))
    return start, tuple(cards), tuple(wild_at)


def _layout_wrap(naturals: list[Card], wilds: list[Card], rules: MeldRules, shown: _Shown) -> Meld | Verdict:
    """Round-the-corner runs: try every rotation of the 13 ranks, keep the first that fits."""
    suit_ = naturals[0][1]
    base = [RANKS.index(c[0]) for c in naturals]  # 0..12
    if len(naturals) + len(wilds) > 13:
        return refuse("meld.run.sequence", _("{cards} is not a run: a run has at most 13 cards").format(cards=shown))
    for rot in range(13):
        items = [((b - rot) % 13 + 1, c) for b, c in zip(base, naturals)]
        placed = _place(items, wilds, 1, 13)
        if isinstance(placed, tuple):
            start, cards, wild_at = placed
            return Meld("run", cards, wild_at, suit=suit_, start=(start - 1 + rot) % 13 + 1, wrap=True)
    return refuse("meld.run.sequence", _gap_reason(shown, naturals, wilds, rules))


def _balance(shown: _Shown, naturals: int, wilds: int, rules: MeldRules) -> Verdict | None:
    if wilds and rules.naturals_exceed_wilds and naturals <= wilds:
        return refuse("meld.wild-balance", _("{cards}: a meld needs more natural cards than wildcards").format(cards=shown))
    if wilds and naturals < rules.min_naturals:
        return refuse(
            "meld.wild-balance",
            _("{cards}: a wildcard needs at least {n} natural cards in the meld").format(cards=shown, n=rules.min_naturals),
        )
    return None


def _wild_limit(shown: _Shown, limit: int, kind: str) -> str:
    if limit == 0:
        return _("{cards}: wildcards cannot be used in a {kind} in this game").format(cards=shown, kind=_(kind))
    if limit == 1:
        return _("{cards}: a {kind} may hold only one wildcard").format(cards=shown, kind=_(kind))
    return _("{cards}: a {kind} may hold at most {n} wildcards").format(cards=shown, kind=_(kind), n=limit)


def _gap_reason(shown: _Shown, naturals: list[Card], wilds: list[Card], rules: MeldRules) -> str:
    idx = sorted({RANKS.index(c[0]) + 1 for c in naturals})
    missing = [_POS_RANK[p] + naturals[0][1] for p in range(idx[0], idx[-1] + 1) if p not in idx]
    if wilds or not missing:
        return _("{cards} is not a run: the cards are too far apart to be joined").format(cards=shown)
    return _("{cards} is not a run: {missing} missing").format(
        cards=shown, missing=" ".join(missing) + (" is" if len(missing) == 1 else " are")
    )


def _ace_reason(shown: _Shown, rules: MeldRules, would_fit: str) -> str:
    if would_fit == "wrap":
        return _("{cards} is not a run: a run cannot turn the corner (K-A-2)").format(cards=shown)
    if rules.ace == "low":
        return _("{cards} is not a run: the ace is low only (A-2-3), so Q-K-A is not allowed").format(cards=shown)
    return _("{cards} is not a run: the ace is high only (Q-K-A), so A-2-3 is not allowed").format(cards=shown)


def _rank_plural(r: str) -> str:
    names = {
        "A": "aces",
        "2": "twos",
        "3": "threes",
        "4": "fours",
        "5": "fives",
        "6": "sixes",
        "7": "sevens",
        "8": "eights",
        "9": "nines",
        "T": "tens",
        "J": "jacks",
        "Q": "queens",
        "K": "kings",
    }
    return _(names[r])


def extend_meld(meld: Meld, cards: Sequence[str], rules: MeldRules) -> Meld | Verdict:
    """``meld`` with ``cards`` added (a lay-off / attachment), read as the same kind."""
    return read_meld(list(meld.cards) + list(cards), rules, kind=meld.kind)


def lay_off_targets(meld: Meld, cards: Iterable[str], rules: MeldRules) -> list[Card]:
    """The single cards from ``cards`` that could be added to ``meld`` on their own."""
    out: list[Card] = []
    for c in dict.fromkeys(cards):
        if isinstance(extend_meld(meld, [c], rules), Meld):
            out.append(Card(c))
    return out


# The searches over a hand (candidate melds, extensions, the best partition) live in
# :mod:`cardcli.engine.meld_search`, which builds on this module and not the other way round.
__all__ = ["Meld", "MeldRules", "extend_meld", "lay_off_targets", "meld_rule_texts", "read_meld", "read_run", "read_set"]
