"""Burraco bots: the default player (``basic``), the first one (``basic-v1``), and the random baseline.

The default bot plays like the first one (see :mod:`.basic_v1`: clean melds first,
wildcards kept for a burraco, attach to the team's melds, head for the pozzetto, close
when allowed) with the changes that won in seeded matches against it
(``tests/benchmarks/test_meld_strength.py``):

* **a one-card pile that makes a meld with the hand is taken** (the first bot's greedy
  measure of a hand's melds could miss a set it makes);
* **it takes a pile that helps it even late in the hand** (the first bot asked for more
  and more as the stock ran down), unless the stock is about to run out;
* **it does not feed the opponents**: it discards a card that fits one of their melds
  only when every card it could discard does (or is a wildcard).

Every reason it gives is a :class:`Reason` whose ``kind`` names a fact about the
position that the text states, and the text is built from that fact (the tests check
each kind against the position). It sees only its view and the legal moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardcli.engine.cards import RANKS, Card
from cardcli.engine.game import RandomBot
from cardcli.engine.meld_search import candidate_melds
from cardcli.engine.rng import Rng
from cardcli.games.burraco import moves as mv
from cardcli.games.burraco.basic_v1 import BasicBurracoBot, _Context, _natural_two_only
from cardcli.games.burraco.table import card_points, is_wild
from cardcli.games.burraco.view import BurracoView
from cardcli.i18n import _


@dataclass(frozen=True)
class Reason:
    kind: str
    """Which fact the text states (the tests check each kind against the position)."""
    text: str


Explained = tuple[mv.Move, Reason]


def partners(card: Card, hand: Sequence[Card]) -> list[Card]:
    """The other natural cards in ``hand`` that ``card`` could meld with: the same rank, or the
    same suit within two ranks (an ace also next to the king)."""
    if is_wild(card):
        return []
    rest = list(hand)
    rest.remove(card)
    r, s = card[0], card[1]
    places = {RANKS.index(r)} | ({13} if r == "A" else set())
    near = {RANKS[j % 13] for p in places for j in range(p - 2, p + 3) if 0 <= j <= 13 and j != p}
    near.discard(r)
    return [c for c in rest if not is_wild(c) and (c[0] == r or (c[1] == s and c[0] in near))]


def new_melds_with(card: Card, hand: Sequence[Card], ctx: _Context) -> list[tuple[Card, ...]]:
    """Melds of natural cards that ``card`` makes with the hand (not a second set of a rank the
    team has on the table)."""
    pool = [c for c in hand if not is_wild(c) and (c[0] == card[0] or c[1] == card[1])] + [card]
    taken_sets = {next(c[0] for c in m.cards if not is_wild(c)) for m in ctx.team_melds if m.kind == "set"}
    out = []
    for m in candidate_melds(pool, ctx.rules):
        if card in m and not any(is_wild(c) for c in m):
            is_set = len({c[0] for c in m}) == 1
            if not (is_set and card[0] in taken_sets):
                out.append(m)
    return out


class BurracoBot(BasicBurracoBot):
    """The default bot; the switches exist so the benchmark can measure each change."""

    id = "basic"

    def __init__(self, single_pile: bool = True, no_feed: bool = True, eager_pile: bool = True) -> None:
        self.single_pile = single_pile
        self.no_feed = no_feed
        self.eager_pile = eager_pile

    def _draw(self, ctx: _Context, legal: Sequence[mv.Move]) -> tuple[mv.Move, str]:
        take = next((m for m in legal if isinstance(m, mv.Take)), None)
        if self.eager_pile and take is not None and ctx.view.stock_size > ctx.view.config.unplayable_stock + 3:
            gain, _useful = ctx.pile_gain(list(ctx.view.discard))
            if gain >= 1:
                return take, ""
        return super()._draw(ctx, legal)

    def choose(self, view: BurracoView, legal: Sequence[mv.Move], rng: Rng) -> mv.Move:
        return self.explain(view, legal, rng)[0]

    def advise(self, view: BurracoView, legal: Sequence[mv.Move], rng: Rng) -> tuple[mv.Move, str]:
        move, reason = self.explain(view, legal, rng)
        return move, reason.text

    def explain(self, view: BurracoView, legal: Sequence[mv.Move], rng: Rng) -> Explained:
        legal = mv.plain_moves(legal)  # several cards at once, wild=, close: the same positions, spelt otherwise
        if len(legal) == 1:
            return legal[0], Reason("only", _("the only legal move"))
        ctx = _Context(view)
        if view.phase == "draw":
            return self._draw_explained(ctx, legal)
        move, _why = self._play(ctx, legal)
        return move, self._play_reason(ctx, move)

    # -- draw or take --------------------------------------------------------------------------
    def _draw_explained(self, ctx: _Context, legal: Sequence[mv.Move]) -> Explained:
        view = ctx.view
        take = next((m for m in legal if isinstance(m, mv.Take)), None)
        draw = next((m for m in legal if isinstance(m, mv.Draw)), None)
        if take is None:
            assert draw is not None
            return draw, Reason("draw-only", _("draw from the stock"))
        if draw is None:
            return take, Reason("take-only", _("take the pile: the stock cannot be drawn"))
        pile = list(view.discard)
        hand = list(view.hand)
        if len(pile) == 1 and all(is_wild(c) for c in hand):
            return draw, Reason(
                "draw-wild-back", _("draw from the stock: taking {card} would mean discarding a wildcard").format(card=pile[0])
            )
        if len(pile) == 1 and ctx.took_at_this_stock():
            return draw, Reason("draw-stallo", _("draw from the stock: you took the pile at this stock size already"))
        if self.single_pile and len(pile) == 1 and not is_wild(pile[0]):
            room = len(hand) + 1 - (2 if ctx.team_has_pozzetto else 0)
            made = new_melds_with(pile[0], hand, ctx) if room >= 3 else []
            if made:
                return take, Reason(
                    "take-meld",
                    _("take the pile: {card} makes {meld} with your hand").format(card=pile[0], meld=" ".join(made[0])),
                )
        move, _why = self._draw(ctx, legal)
        if isinstance(move, mv.Take):
            useful = self._useful(ctx, pile, hand)
            if useful:
                return move, Reason(
                    "take-useful",
                    _("take the pile: {cards} join your melds or make melds with your hand").format(cards=" ".join(useful[:4])),
                )
            return move, Reason("take-wild", _("take the pile: it holds {n} cards, wildcards among them").format(n=len(pile)))
        useful = self._useful(ctx, pile, hand)
        if not useful:
            return move, Reason(
                "draw-useless", _("draw from the stock: no card of the pile joins your melds or makes a meld with your hand")
            )
        return move, Reason(
            "draw-little",
            _("draw from the stock: of the pile's {n} cards only {cards} would help you").format(
                n=len(pile), cards=" ".join(useful[:4])
            ),
        )

    def _useful(self, ctx: _Context, pile: list[Card], hand: list[Card]) -> list[Card]:
        """Pile cards that are wildcards, fit the team's melds, or make a natural meld with the hand."""
        return [c for c in pile if is_wild(c) or ctx.fits_own(c) or new_melds_with(c, hand, ctx)]

    # -- the discard ---------------------------------------------------------------------------
    def _discard(self, ctx: _Context, hand: list[Card], discards: Sequence[mv.Discard]) -> tuple[mv.Move, str]:
        if self.no_feed:
            safe = [d for d in discards if not ctx.fits_opponents(d.card) and not is_wild(d.card)]
            if safe:
                return super()._discard(ctx, hand, safe)
        return super()._discard(ctx, hand, discards)

    # -- reasons for melds, attachments, discards -----------------------------------------------
    def _play_reason(self, ctx: _Context, move: mv.Move) -> Reason:
        view = ctx.view
        hand = list(view.hand)
        if isinstance(move, mv.MeldMove):
            cards = " ".join(move.cards)
            if not any(is_wild(c) for c in move.cards) or _natural_two_only(move.cards):
                return Reason("meld-clean", _("meld {cards}: a clean meld").format(cards=cards))
            return Reason(
                "meld-wild",
                _("meld {cards}: it puts {p} points on the table").format(cards=cards, p=sum(card_points(c) for c in move.cards)),
            )
        if isinstance(move, mv.Attach):
            cards = " ".join(move.cards)
            if ctx.makes_burraco(move):
                return Reason(
                    "attach-burraco", _("attach {cards} to meld {n}: it makes a burraco").format(cards=cards, n=move.target)
                )
            if not any(is_wild(c) for c in move.cards) or ctx.natural_two_fit(move):
                return Reason(
                    "attach-natural",
                    _("attach {cards} to meld {n}: a natural card on your meld").format(cards=cards, n=move.target),
                )
            return Reason(
                "attach-wild",
                _("attach {cards} to meld {n}: with {k} cards in hand you are heading out").format(
                    cards=cards, n=move.target, k=len(hand)
                ),
            )
        if isinstance(move, mv.Discard):
            c = move.card
            if len(hand) == 1:
                return Reason("discard-last", _("discard {card}: your last card").format(card=c))
            if is_wild(c):
                return (
                    Reason("discard-wild", _("discard {card}: every card you hold is a wildcard").format(card=c))
                    if all(is_wild(x) for x in hand)
                    else Reason("discard-wild-kept", _("discard {card}: the other cards may not be discarded").format(card=c))
                )
            mates = partners(c, hand)
            feeds = ctx.fits_opponents(c)
            tail = _(" (it fits an opponents' meld)") if feeds else ""
            if not mates and not ctx.fits_own(c):
                return Reason(
                    "discard-nothing",
                    _("discard {card}: it goes with nothing in your hand or on your melds").format(card=c) + tail,
                )
            if mates:
                return Reason(
                    "discard-partners",
                    _("discard {card}: in your hand it goes only with {cards}").format(card=c, cards=" ".join(mates)) + tail,
                )
            return Reason("discard-own-meld", _("discard {card}: it goes only on your melds").format(card=c) + tail)
        return Reason("play", _("you must play before discarding"))


class BurracoRandomBot(RandomBot[mv.Move]):
    """The random baseline, over the plain moves (as the other bots see them)."""

    def choose(self, view: BurracoView, legal: Sequence[mv.Move], rng: Rng) -> mv.Move:
        return rng.choice(mv.plain_moves(legal))


BOTS = {"basic": BurracoBot, "basic-v1": BasicBurracoBot, "random": BurracoRandomBot}
