"""The one-fifth rule, checked exactly, with a witness.

The seed forbids rules that leave fewer than a fifth of the deck playable and
explains its counter-example by "at every turn only four cards would be
playable", so the measure is a *minimum over positions*: 52/5 = 10.4, so at
least 11 of the 52 card identities must be acceptable in every reachable
state. Cards are counted over the 52 identities of a full deck whatever has
been played or trimmed, so the same rule is legal at every table size (rules
digest §A4, §A9.4).

Rules are finite automata (:mod:`.language.evaluator`), so a breadth-first
search from the 52 possible starters visits every reachable state exactly;
along an edge a card never follows itself or the card before it. The first
state with the fewest playable cards is the *witness*, and the path to it
(starter first) tells the dealer why the rule is refused: "after K♣ no card is
playable", "after 7♥ 2♠ only 4 cards are playable".
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from cardcli.games.eleusis.language import CompiledRule, RuleError, compile_text
from cardcli.games.eleusis.language import deck as D
from cardcli.i18n import _, ngettext

THRESHOLD = 11
"""At least a fifth of 52 cards (10.4), rounded up."""
MAX_STATES = 30000


@dataclass(frozen=True)
class Fairness:
    minimum: int
    """Fewest cards the rule accepts in any reachable position."""
    witness: tuple[str, ...]
    """The mainline (starter first) that leads to such a position."""
    playable: tuple[str, ...]
    """The cards accepted there."""
    states: int
    maximum: int
    threshold: int = THRESHOLD

    @property
    def ok(self) -> bool:
        return self.minimum >= self.threshold

    def reason(self) -> str:
        """One line for a refused rule: the witness and what it leaves."""
        after = " ".join(self.witness)
        if self.minimum == 0:
            return _(
                "after {cards} no card is playable (a dead end); the one-fifth rule needs at least {need} of 52 in every position"
            ).format(cards=after, need=self.threshold)
        return ngettext(
            "after {cards} only {n} card is playable ({list}); the one-fifth rule needs at least {need} of 52 in every position",
            "after {cards} only {n} cards are playable ({list}); the one-fifth rule needs at least "
            "{need} of 52 in every position",
            self.minimum,
        ).format(cards=after, n=self.minimum, list=" ".join(self.playable), need=self.threshold)

    def summary(self) -> str:
        return _("at least {lo} and at most {hi} of 52 cards are playable in its {n} positions").format(
            lo=self.minimum, hi=self.maximum, n=self.states
        )


def _too_big(max_states: int) -> RuleError:
    return RuleError(
        "limits",
        _("the rule has more than {n} positions to check; simplify it (fewer modes, phases or look-back cards)").format(
            n=max_states
        ),
    )


def check_fairness(rule: CompiledRule, max_states: int = MAX_STATES) -> Fairness:
    """Search every reachable state of ``rule``; raises RuleError(limits) past ``max_states``.

    States are coded as integers for speed. A rule whose states could number more than four times
    the limit (modes x remembered cards x period) is refused before searching.
    """
    period = rule.period
    nmodes = len(rule.modes)
    uses_p1, uses_p2 = rule.uses_p1, rule.uses_p2
    if nmodes * (52 if uses_p1 else 1) * (53 if uses_p2 else 1) * period > 4 * max_states:
        raise _too_big(max_states)

    def code(k: tuple[int, int, int, int]) -> int:
        mode, p2, p1, idx = k
        return ((mode * 53 + p2 + 1) * 53 + p1 + 1) * period + idx

    parent: dict[int, tuple[int, int]] = {}
    states: dict[int, tuple[int, int, int, int]] = {}
    queue: deque[int] = deque()
    for s in range(D.N):
        k = rule.key(rule.start(s))
        c = code(k)
        if c not in parent:
            parent[c] = (-1, s)
            states[c] = k
            queue.append(c)
    best = D.N + 1
    best_code = queue[0]
    worst = -1
    has_trans = bool(rule.trans)
    targets = [t for _cond, t in rule.trans]
    while queue:
        cur = queue.popleft()
        k = states[cur]
        mask = rule.mask(k)
        count = mask.bit_count()
        if count < best:
            best, best_code = count, cur
        worst = max(worst, count)
        mode, p2, p1, idx = k
        nidx = (idx + 1) % period
        np2 = p1 if uses_p2 else -1
        fires = tuple(zip(rule.transition_masks(k), targets)) if has_trans else ()
        for c in D.indices_of(mask):
            if c == p1 or c == p2:
                continue
            nmode = mode
            if fires:
                bit = 1 << c
                for m, target in fires:
                    if m & bit:
                        nmode = (mode + 1) % nmodes if target < 0 else target
                        break
            np1 = c if uses_p1 else -1
            nc = ((nmode * 53 + np2 + 1) * 53 + np1 + 1) * period + nidx
            if nc not in parent:
                parent[nc] = (cur, c)
                states[nc] = (nmode, np2, np1, nidx)
                if len(parent) > max_states:
                    raise _too_big(max_states)
                queue.append(nc)
    path: list[str] = []
    node = best_code
    while node >= 0:
        prev, card = parent[node]
        path.append(D.CARDS[card])
        node = prev
    path.reverse()
    mask = rule.mask(states[best_code])
    return Fairness(best, tuple(path), tuple(D.cards_of(mask)), len(parent), worst)


@lru_cache(maxsize=1024)
def fairness_of(text: str) -> Fairness:
    """The one-fifth check of a rule text (cached by text; raises RuleError)."""
    return check_fairness(compile_text(text))
