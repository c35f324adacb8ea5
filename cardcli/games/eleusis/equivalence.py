"""Whether two rules are the same rule: they accept the same cards in every position a game can reach.

A learner who writes ``rank(c) > rank(p1) or suit(c) == suit(p1)`` has written
the rule the lesson asked for as ``suit(c) == suit(p1) or rank(c) > rank(p1)``,
and should hear so. Rules compile to finite automata (:mod:`.language.evaluator`),
so the question is decided exactly, as the one-fifth check decides fairness
(:mod:`.fairness`): a breadth-first search over the *pairs* of states the two
rules reach along the same mainline, from every starter, comparing the cards
each accepts; along an edge a card never follows itself or the card before it.
The first pair that disagrees is the witness ("after 7♥, 8♥ is right for one
and wrong for the other").
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from cardcli.games.eleusis.language import CompiledRule, RState, RuleError, compile_text
from cardcli.games.eleusis.language import deck as D

MAX_PAIRS = 60000


@dataclass(frozen=True)
class Difference:
    """A mainline (starter first) after which the two rules judge ``card`` differently."""

    mainline: tuple[str, ...]
    card: str
    first_accepts: bool


def difference(a: CompiledRule, b: CompiledRule, max_pairs: int = MAX_PAIRS) -> Difference | None:
    """The first position where ``a`` and ``b`` disagree, or None when they are the same rule.

    Raises :class:`RuleError` (limits) when the pair of rules has more positions than ``max_pairs``."""
    parent: dict[tuple[RState, RState], tuple[tuple[RState, RState] | None, int]] = {}
    queue: deque[tuple[RState, RState]] = deque()
    for s in range(D.N):
        pair = (a.key(a.start(s)), b.key(b.start(s)))
        if pair not in parent:
            parent[pair] = (None, s)
            queue.append(pair)
    while queue:
        pair = queue.popleft()
        sa, sb = pair
        recent = {c for c in (sa[1], sa[2], sb[1], sb[2]) if c >= 0}  # the cards the rules remember
        playable = D.FULL & ~sum(1 << c for c in recent)  # a card never follows itself or the one before
        ma, mb = a.mask(sa) & playable, b.mask(sb) & playable
        if ma != mb:
            diff = ma ^ mb
            card = (diff & -diff).bit_length() - 1
            return Difference(_path(parent, pair), D.CARDS[card], bool(ma >> card & 1))
        for c in D.indices_of(ma):
            nxt = (a.key(a.step(sa, c)), b.key(b.step(sb, c)))
            if nxt not in parent:
                parent[nxt] = (pair, c)
                if len(parent) > max_pairs:
                    raise RuleError("limits", "the two rules have too many positions to compare")
                queue.append(nxt)
    return None


def _path(parent: dict, pair: tuple[RState, RState]) -> tuple[str, ...]:
    cards: list[str] = []
    node: tuple[RState, RState] | None = pair
    while node is not None:
        prev, card = parent[node]
        cards.append(D.CARDS[card])
        node = prev
    return tuple(reversed(cards))


def same_rule(text_a: str, text_b: str) -> bool:
    """True when two rule texts accept the same cards everywhere (False if either does not compile)."""
    try:
        return difference(compile_text(text_a), compile_text(text_b)) is None
    except RuleError:
        return False
