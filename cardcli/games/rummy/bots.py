"""Rummy bots: a sensible player and the random baseline.

Every reason the basic bot gives is a :class:`Reason` whose ``kind`` names a fact
about the position that the text states; the text is built from that fact (the
tests check each kind against the position).

The basic bot plays the way the seed's strategy notes advise: it melds what it
can, lays off cards that fit nothing in its hand, takes the discard only when
the card joins a meld, keeps pairs and near-runs, throws away cards that fit
nothing early, and dumps high cards once an opponent is close to going out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardcli.engine.cards import RANKS, Card
from cardcli.engine.game import RandomBot
from cardcli.engine.meld_search import best_partition
from cardcli.engine.melds import Meld as Layout
from cardcli.engine.melds import MeldRules, extend_meld, read_meld
from cardcli.engine.rng import Rng
from cardcli.games.rummy import moves as mv
from cardcli.games.rummy.scoring import card_value
from cardcli.games.rummy.view import RummyView
from cardcli.i18n import _


@dataclass(frozen=True)
class Reason:
    kind: str
    """Which fact the text states (the tests check each kind against the position)."""
    text: str


def partners(card: Card, hand: Sequence[Card], ace: str = "low") -> list[Card]:
    """The other cards in ``hand`` that ``card`` could one day meld with: the same rank, or the
    same suit within two ranks (with the ace high too when the rules allow it)."""
    r, s = card[0], card[1]
    places = {RANKS.index(r)} | ({13} if r == "A" and ace != "low" else set())
    near: set[str] = set()
    for p in places:
        for j in range(p - 2, p + 3):
            if j == p:
                continue
            if 0 <= j <= 13 and (j < 13 or ace != "low"):
                near.add(RANKS[j % 13])
            elif ace == "wrap":
                near.add(RANKS[j % 13])
    near.discard(r)
    return [c for c in hand if c != card and (c[0] == r or (c[1] == s and c[0] in near))]


class BasicRummyBot:
    """Greedy melder with a deadwood-aware draw and discard."""

    id = "basic"

    def choose(self, view: RummyView, legal: Sequence[mv.Move], rng: Rng) -> mv.Move:
        return self.explain(view, legal, rng)[0]

    def advise(self, view: RummyView, legal: Sequence[mv.Move], rng: Rng) -> tuple[mv.Move, str]:
        move, reason = self.explain(view, legal, rng)
        return move, reason.text

    def explain(self, view: RummyView, legal: Sequence[mv.Move], rng: Rng) -> tuple[mv.Move, Reason]:
        rules = view.config.meld_rules()
        ace = view.config.ace_points
        hand = list(view.hand)
        table = [_layout(m.cards, rules) for m in view.melds]
        if view.phase == "draw":
            return self._draw(view, hand, table, rules, ace, legal)
        melds, _left = best_partition(hand, rules, lambda c: card_value(c, ace))
        planned = [m for m in legal if isinstance(m, mv.Meld)]
        for m in melds:
            for move in planned:
                if sorted(move.cards) == sorted(m):
                    return move, Reason(
                        "meld",
                        _("it is a {kind}; melding it lowers the points you hold").format(
                            kind=_(_layout(move.cards, rules).kind)
                        ),
                    )
        in_melds = {c for m in melds for c in m}
        layoffs = [m for m in legal if isinstance(m, mv.LayOff) and m.card not in in_melds]
        if layoffs:
            best = max(layoffs, key=lambda m: card_value(m.card, ace))
            if partners(best.card, hand, view.config.ace):
                return best, Reason(
                    "layoff", _("{card} fits meld {n} and is in no meld in your hand").format(card=best.card, n=best.target)
                )
            return best, Reason(
                "layoff-alone", _("{card} fits meld {n} but nothing in your hand").format(card=best.card, n=best.target)
            )
        discards: list[mv.Move] = [m for m in legal if isinstance(m, mv.Discard)]
        if not discards:
            return legal[0], Reason("only", _("the only move"))
        return self._discard(view, hand, melds, table, rules, ace, discards)

    def _draw(
        self, view: RummyView, hand: list[Card], table: list[Layout], rules: MeldRules, ace: int, legal: Sequence[mv.Move]
    ) -> tuple[mv.Move, Reason]:
        top = view.discard_top
        take = next((m for m in legal if isinstance(m, mv.Draw) and m.source == "discard"), None)
        stock = next(m for m in legal if isinstance(m, mv.Draw) and m.source == "stock")
        if top is None or take is None:
            return stock, Reason("draw-only", _("the discard pile cannot be taken: draw from the stock"))
        before, _l = _deadwood(hand, rules, ace)
        after_melds, after_left = best_partition(hand + [top], rules, lambda c: card_value(c, ace))
        if any(top in m for m in after_melds):
            # It joins a meld; check that the meld does not just replace an equal one.
            after = sum(card_value(c, ace) for c in after_left)
            worst = max((card_value(c, ace) for c in after_left if c != top), default=0)
            if after - worst < before - max((card_value(c, ace) for c in _l), default=0):
                return take, Reason("take-meld", _("{card} completes a meld in your hand").format(card=top))
        may_lay_off = view.owns_meld[view.seat or 0] or not view.config.lay_off_needs_meld
        if may_lay_off and any(isinstance(extend_meld(t, [top], rules), Layout) for t in table):
            return take, Reason("take-layoff", _("{card} can be laid off on the table").format(card=top))
        if any(top in m for m in after_melds):
            return stock, Reason(
                "draw-no-gain",
                _("{card} would join a meld but not lower the points you hold after your discard; draw from the stock").format(
                    card=top
                ),
            )
        mates = partners(top, hand, view.config.ace)
        if mates:
            return stock, Reason(
                "draw-partial",
                _("{card} completes no meld: in your hand it goes only with {cards}; draw from the stock").format(
                    card=top, cards=" ".join(mates)
                ),
            )
        return stock, Reason("draw-nothing", _("{card} joins nothing in your hand").format(card=top))

    def _discard(
        self,
        view: RummyView,
        hand: list[Card],
        melds: list[tuple[Card, ...]],
        table: list[Layout],
        rules: MeldRules,
        ace: int,
        discards: list[mv.Move],
    ) -> tuple[mv.Move, Reason]:
        in_melds = Counter(c for m in melds for c in m)
        seen = Counter(view.discard) + Counter(c for m in view.melds for c in m.cards)
        opponents_close = min((n for i, n in enumerate(view.hand_sizes) if i != view.seat), default=10) <= 3
        late = opponents_close or view.stock_size < 8

        def badness(move: mv.Move) -> tuple[float, str]:
            assert isinstance(move, mv.Discard)
            c = move.card
            value = card_value(c, ace)
            if in_melds[c]:
                return (-100.0 + value, "")  # breaking a meld is the last resort
            keep = _usefulness(c, hand, seen, rules)
            feeds = any(isinstance(extend_meld(t, [c], rules), Layout) for t in table)
            score = value * (2.0 if late else 0.6) - keep * (3.0 if not late else 1.5) - (6.0 if feeds else 0.0)
            return (score, "")

        best = max(discards, key=lambda m: badness(m)[0])
        assert isinstance(best, mv.Discard)
        return best, _discard_reason(view, best.card, hand, in_melds, discards, late, ace)


def _discard_reason(
    view: RummyView, card: Card, hand: list[Card], in_melds: Counter[Card], discards: list[mv.Move], late: bool, ace: int
) -> Reason:
    if in_melds[card]:
        return Reason("discard-break", _("every card is in a meld, so break the cheapest"))
    free = [m.card for m in discards if isinstance(m, mv.Discard) and not in_melds[m.card]]
    value = card_value(card, ace)
    if late and value >= HIGH and value == max(card_value(c, ace) for c in free):
        return Reason(
            "discard-high",
            _("an opponent may go out soon, so shed high cards: {card} is your highest card outside a meld").format(card=card),
        )
    mates = partners(card, hand, view.config.ace)
    if not mates:
        return Reason("discard-nothing", _("{card} fits nothing in your hand").format(card=card))
    return Reason(
        "discard-partners",
        _("{card} is worth least to you: in your hand it goes only with {cards}").format(card=card, cards=" ".join(mates)),
    )


HIGH = 8
"""Cards worth this much or more are the "high cards" to shed late in a hand."""


def _layout(cards: Sequence[Card], rules: MeldRules) -> Layout:
    got = read_meld(cards, rules)
    assert isinstance(got, Layout)
    return got


def _deadwood(hand: list[Card], rules: MeldRules, ace: int) -> tuple[int, list[Card]]:
    _melds, left = best_partition(hand, rules, lambda c: card_value(c, ace))
    return sum(card_value(c, ace) for c in left), left


def _usefulness(card: Card, hand: list[Card], seen: Counter[str], rules: MeldRules) -> float:
    """How much a card helps toward future melds: pairs and near-run partners still live."""
    r, s = card[0], card[1]
    score = 0.0
    same_rank = [c for c in hand if c[0] == r and c != card]
    if same_rank:
        live = 4 - 1 - len(same_rank) - sum(seen[x + y] for x in r for y in "CDHS")
        score += 1.0 + 0.5 * max(live, 0)
    idx = RANKS.index(r)
    for d in (-2, -1, 1, 2):
        j = idx + d
        if 0 <= j < 13 and (RANKS[j] + s) in hand:
            score += 1.0 if abs(d) == 1 else 0.5
    return score


BOTS = {"basic": BasicRummyBot, "random": RandomBot}
