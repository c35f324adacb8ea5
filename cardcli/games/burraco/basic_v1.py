"""The first burraco bot, kept as ``basic-v1`` so the new one can be measured against it.

(Its play is frozen; the reasons it gives are not audited: hints use the default bot.)

The basic bot plays the way club players are taught (and the way the issue
asks): it keeps pairs and near-runs, takes the discard pile when the cards in
it join its melds or its hand, lays clean melds down first and holds its
wildcards for a burraco or for going out, attaches to its team's melds
(partner's included), heads for the pozzetto, and closes as soon as its team
has the pozzetto and a burraco. It avoids discarding wildcards, cards that
fit the opponents' melds (the next opponent could take the pile for them) and
cards like those the opponents picked up from the pile (the pick-ups are
public: the pile lies face up). It spends wildcards more freely when it holds
several or when the opponents are about to close, since each one left in hand
costs 20 or 30 points.

It never takes a one-card pile twice at the same stock size: two players who
swap one card back and forth would otherwise never reach the end of the stock
(the situation the FIBUR code calls *stallo*).

It sees only its view and the legal moves, so it never cheats; it is greedy
rather than searching, which keeps a turn well under the 200 ms budget even
with a 30-card hand after a big pick-up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from cardcli.engine.cards import RANKS, Card
from cardcli.engine.meld_search import candidate_melds
from cardcli.engine.melds import Meld, MeldRules, extend_meld, read_meld
from cardcli.engine.rng import Rng
from cardcli.games.burraco import moves as mv
from cardcli.games.burraco.table import card_points, is_wild
from cardcli.games.burraco.view import BurracoView, MeldView
from cardcli.i18n import _


class BasicBurracoBot:
    """Greedy club player: clean melds first, wildcards kept for burraco, close when allowed."""

    id = "basic-v1"

    def choose(self, view: BurracoView, legal: Sequence[mv.Move], rng: Rng) -> mv.Move:
        return self.advise(view, legal, rng)[0]

    def advise(self, view: BurracoView, legal: Sequence[mv.Move], rng: Rng) -> tuple[mv.Move, str]:
        legal = mv.plain_moves(legal)  # the other spellings reach the same positions
        if len(legal) == 1:
            return legal[0], _("the only legal move")
        ctx = _Context(view)
        if view.phase == "draw":
            return self._draw(ctx, legal)
        return self._play(ctx, legal)

    # -- draw or take --------------------------------------------------------------------------
    def _draw(self, ctx: _Context, legal: Sequence[mv.Move]) -> tuple[mv.Move, str]:
        take = next((m for m in legal if isinstance(m, mv.Take)), None)
        draw = next((m for m in legal if isinstance(m, mv.Draw)), None)
        if take is None:
            assert draw is not None
            return draw, _("draw from the stock")
        if draw is None:
            return take, _("take the pile: the stock cannot be drawn")
        pile = list(ctx.view.discard)
        hand = list(ctx.view.hand)
        if len(pile) == 1 and all(is_wild(c) for c in hand):
            # The card just taken cannot be discarded, so a wildcard would have to go back on the pile
            # for the opponent: two such players would swap wildcards forever (a stallo).
            return draw, _("draw from the stock: taking {card} would mean discarding a wildcard").format(card=pile[0])
        if len(pile) == 1 and ctx.took_at_this_stock():
            # Taking one card and giving one back while the stock stands still can go round forever.
            return draw, _("draw from the stock: the last pick-ups did not move the game on")
        gain, useful = ctx.pile_gain(pile)
        late = ctx.view.stock_size < 10 or ctx.opponent_close()
        threshold = 1 + (4 * len(pile) if late else 0)
        if ctx.view.stock_size <= ctx.view.config.unplayable_stock + 3:
            threshold += 20
        if gain >= threshold:
            shown = " ".join(useful[:4])
            return take, _("take the pile: {cards} join your melds or your hand").format(cards=shown)
        return draw, _("draw from the stock: the pile helps too little ({g} points of melds)").format(g=gain)

    # -- melds, attachments, discard -----------------------------------------------------------
    def _play(self, ctx: _Context, legal: Sequence[mv.Move]) -> tuple[mv.Move, str]:
        view = ctx.view
        hand = list(view.hand)
        melds = [m for m in legal if isinstance(m, mv.MeldMove)]
        attaches = [m for m in legal if isinstance(m, mv.Attach)]
        discards = [m for m in legal if isinstance(m, mv.Discard)]
        closing_mode = ctx.team_has_pozzetto and ctx.team_has_burraco
        going_out = len(hand) <= 4 or closing_mode
        # 1. Clean melds, largest first (they keep wildcards for burraco).
        clean = [m for m in melds if not any(is_wild(c) for c in m.cards) or _natural_two_only(m.cards)]
        if clean:
            best_meld = max(clean, key=lambda m: (len(m.cards), _points(m.cards)))
            return best_meld, _("meld {cards}: a clean meld").format(cards=" ".join(best_meld.cards))
        # 2. Attach natural cards; those that make a burraco first.
        natural_att = [m for m in attaches if not any(is_wild(c) for c in m.cards) or ctx.natural_two_fit(m)]
        if natural_att:
            best = max(natural_att, key=lambda m: (ctx.makes_burraco(m), ctx.meld_size(m.target), _points(m.cards)))
            return best, _("attach {cards} to meld {n}").format(cards=" ".join(best.cards), n=best.target)
        # 3. Wildcards are worth keeping for a burraco: spend one only when it pays.
        best_wild = self._best_wild_play(ctx, hand, melds, attaches, clean, natural_att, going_out, closing_mode)
        if best_wild is not None:
            return best_wild
        if not discards:
            move = (melds or attaches or list(legal))[0]
            return move, _("you must play before discarding")
        return self._discard(ctx, hand, discards)

    def _best_wild_play(
        self,
        ctx: _Context,
        hand: list[Card],
        melds: list[mv.MeldMove],
        attaches: list[mv.Attach],
        clean: list[mv.MeldMove],
        natural_att: list[mv.Attach],
        going_out: bool,
        closing_mode: bool,
    ) -> tuple[mv.Move, str] | None:
        """The wildcard meld or attachment worth making now, if any (scored; positive = worth it)."""
        options: list[tuple[float, mv.Move, str]] = []
        # Holding wildcards pays only while they may still make a burraco: with several of them, or
        # with the opponents about to close (each is 20 or 30 points against us), spend more freely.
        spare = 10.0 * max(0, sum(1 for c in hand if is_wild(c)) - 1)
        if ctx.opponent_close() or ctx.view.stock_size <= ctx.view.config.unplayable_stock + 6:
            spare += 30
        for a in attaches:
            if a in natural_att:
                continue
            m = ctx.meld(a.target)
            if m is None:
                continue
            size = len(m.cards)
            value = -20.0
            why = _("attach {cards} to meld {n}: heading out").format(cards=" ".join(a.cards), n=a.target)
            if size < 7 <= size + len(a.cards):
                value += 35 if ctx.team_has_burraco else 60
                why = _("attach {cards} to meld {n}: it makes a burraco").format(cards=" ".join(a.cards), n=a.target)
            if m.burraco in ("clean", "royal", "super"):
                value -= 80  # it would turn a clean burraco into a semi-clean or dirty one
            elif not m.wild_at and size >= 5:
                value -= 25  # it gives up a likely clean burraco
            if going_out:
                value += 35
            if closing_mode and len(hand) <= 3:
                value += 120  # a wildcard cannot be the closing discard: it has to go somewhere
            options.append((value + spare, a, why))
        for new in melds:
            if new in clean:
                continue
            value = -12.0 + 3 * (len(new.cards) - 3)
            if going_out:
                value += 30
            if not ctx.team_melds:
                value += 10
            if len(hand) >= 12:
                value += 8
            if not ctx.team_has_pozzetto and len(hand) - len(new.cards) <= 2:
                value += 25  # nearly al volo
            if closing_mode and len(hand) <= 4:
                value += 100
            options.append((value + spare, new, _("meld {cards}: it gets cards down").format(cards=" ".join(new.cards))))
        if not options:
            return None
        value, move, why = max(options, key=lambda o: o[0])
        return (move, why) if value > 0 else None

    def _discard(self, ctx: _Context, hand: list[Card], discards: Sequence[mv.Discard]) -> tuple[mv.Move, str]:
        counts = Counter(hand)
        late = ctx.view.stock_size < 12 or ctx.opponent_close()

        def keep(move: mv.Discard) -> float:
            c = move.card
            if is_wild(c):
                return 1000.0 + card_points(c)
            score = 0.0
            others = counts.copy()
            others[c] -= 1
            r, s = c[0], c[1]
            same_rank = sum(n for x, n in others.items() if x != "JK" and x[0] == r and not is_wild(x))
            score += 3.0 * min(same_rank, 2)
            if others[c]:
                score -= 1.0  # an identical twin is worth less than a different suit in a run
            idx = RANKS.index(r)
            for d in (-2, -1, 1, 2):
                j = idx + d
                if 0 <= j < 13 and others.get(RANKS[j] + s, 0):
                    score += 2.5 if abs(d) == 1 else 1.2
            if ctx.fits_own(c):
                score += 4.0
            if ctx.fits_opponents(c):
                score += 6.0
            score += ctx.opponents_want(c)
            score += card_points(c) * (0.25 if late else -0.05)
            return score

        best = min(discards, key=keep)
        if len(hand) == 1:
            return best, _("discard {card}: your last card").format(card=best.card)
        why = _("discard {card}: it fits nothing you are building").format(card=best.card)
        if ctx.fits_opponents(best.card):
            why = _("discard {card}: every other card is worth keeping").format(card=best.card)
        return best, why


def _natural_two_only(cards: Sequence[str]) -> bool:
    """A run whose only two is of its suit (natural in place): e.g. 2H 3H 4H."""
    wilds = [c for c in cards if is_wild(c)]
    if len(wilds) != 1 or wilds[0] == "JK":
        return False
    suit = wilds[0][1]
    others = [c for c in cards if not is_wild(c)]
    return all(c[1] == suit for c in others) and any(c[0] == "3" or c[0] == "A" for c in others)


def _points(cards: Sequence[str]) -> int:
    return sum(card_points(c) for c in cards)


def _wild_cost(cards: Sequence[str]) -> int:
    return sum(card_points(c) for c in cards if is_wild(c))


class _Context:
    """What the bot works out once per decision from its view."""

    def __init__(self, view: BurracoView) -> None:
        self.view = view
        self.rules: MeldRules = view.config.meld_rules()
        team = view.team if view.team is not None else 0
        self.team = team
        self.team_melds = view.team_melds(team)
        self.opp_melds = view.team_melds(1 - team)
        self.team_has_pozzetto = bool(view.pozzetto_taken[team])
        self._layouts: dict[int, Meld] = {}
        self._collected: Counter[str] | None = None
        self.team_has_burraco = any(m.burraco for m in self.team_melds if self._burraco_ok(m))

    def _burraco_ok(self, m: MeldView) -> bool:
        if self.view.config.close_requires == "any":
            return True
        return m.burraco in ("clean", "royal", "super")

    def layout(self, m: MeldView) -> Meld:
        got = self._layouts.get(m.number)
        if got is None:
            lay = read_meld(m.cards, self.rules, kind=m.kind)  # type: ignore[arg-type]
            assert isinstance(lay, Meld)
            got = self._layouts[m.number] = lay
        return got

    def _fits(self, melds: Sequence[MeldView], card: str) -> bool:
        return any(_fits_meld(m.cards, m.kind, card, self.rules) for m in melds)

    def fits_own(self, card: str) -> bool:
        return self._fits(self.team_melds, card)

    def fits_opponents(self, card: str) -> bool:
        return self._fits(self.opp_melds, card)

    def meld(self, number: int) -> MeldView | None:
        return next((m for m in self.view.melds if m.number == number), None)

    def meld_size(self, number: int) -> int:
        return next((len(m.cards) for m in self.view.melds if m.number == number), 0)

    def makes_burraco(self, move: mv.Attach) -> bool:
        return self.meld_size(move.target) < 7 <= self.meld_size(move.target) + len(move.cards)

    def natural_two_fit(self, move: mv.Attach) -> bool:
        """Whether a two attached to a run of its suit lands in its natural place (no wildcard used)."""
        m = next((x for x in self.view.melds if x.number == move.target), None)
        if m is None or m.kind != "run" or len(move.cards) != 1 or move.cards[0] == "JK":
            return False
        got = extend_meld(self.layout(m), list(move.cards), self.rules)
        return isinstance(got, Meld) and len(got.wild_at) == len(self.layout(m).wild_at)

    def opponents_want(self, card: str) -> float:
        """How much the opponents seem to collect this card: ranks and near-runs among the natural
        cards they picked up from the pile and have not melded since."""
        wanted = self._opponent_collection()
        r, s = card[0], card[1]
        score = 2.0 * min(wanted[r], 2)
        idx = RANKS.index(r)
        for d in (-2, -1, 1, 2):
            j = idx + d
            if 0 <= j < 13 and wanted[RANKS[j] + s]:
                score += 1.0 if abs(d) == 1 else 0.5
        return score

    def _opponent_collection(self) -> Counter[str]:
        got = self._collected
        if got is None:
            on_table = Counter(c for m in self.opp_melds for c in m.cards)
            cards: Counter[str] = Counter()
            for seat, taken, _stock in self.view.pile_takes:
                if seat % 2 != self.team:
                    cards.update(c for c in taken if not is_wild(c))
            cards -= on_table
            got = Counter()
            for c, n in cards.items():
                got[c[0]] += n  # by rank (sets)
                got[c] += n  # by card (runs)
            self._collected = got
        return got

    def took_at_this_stock(self) -> bool:
        """Whether this seat already took the pile this hand with the stock at its present size."""
        v = self.view
        return any(seat == v.seat and stock == v.stock_size for seat, _cards, stock in v.pile_takes)

    def opponent_close(self) -> bool:
        """Whether an opponent looks close to going out (few cards and the pozzetto taken)."""
        v = self.view
        for seat, n in enumerate(v.hand_sizes):
            if seat % 2 != self.team and n <= 3:
                return True
        return False

    def pile_gain(self, pile: list[Card]) -> tuple[int, list[Card]]:
        """Points of pile cards that would join the team's melds or melds with the hand."""
        hand = list(self.view.hand)
        gain = 0
        useful: list[Card] = []
        rest: list[Card] = []
        for c in pile:
            if not is_wild(c) and self.fits_own(c):
                gain += card_points(c) + 5
                useful.append(c)
            else:
                rest.append(c)
        wild_in_pile = [c for c in rest if is_wild(c)]
        for c in wild_in_pile:
            gain += 15
            useful.append(c)
        naturals = [c for c in rest if not is_wild(c)]
        # After the pozzetto a meld must leave a card to discard: a tiny hand cannot use the pile.
        room = len(hand) + len(pile) - (2 if self.team_has_pozzetto else 0)
        if naturals and room >= 3:
            before = _meldable(hand, self.rules)
            after = _meldable(hand + naturals, self.rules)
            extra = after - before
            if extra > 0:
                gain += extra
                useful.extend(naturals[:3])
        # A big pile is cards in hand if the opponents close; a small one is almost free.
        gain -= max(0, len(pile) - len(useful) - 3) * 2
        return gain, useful


@lru_cache(maxsize=65536)
def _fits_meld(cards: tuple[Card, ...], kind: str, card: str, rules: MeldRules) -> bool:
    """Whether ``card`` could be attached to the meld ``cards`` (cached: asked again and again)."""
    if not is_wild(card):
        naturals = [c for c in cards if not is_wild(c)]
        if kind == "set" and naturals and card[0] != naturals[0][0]:
            return False
        if kind == "run" and not any(c[1] == card[1] for c in cards if c != "JK"):
            return False
    lay = read_meld(cards, rules, kind=kind)  # type: ignore[arg-type]
    return isinstance(lay, Meld) and isinstance(extend_meld(lay, [card], rules), Meld)


def _meldable(cards: list[Card], rules: MeldRules) -> int:
    """Points that greedy clean melds take out of ``cards`` (a quick measure of a hand's shape)."""
    remaining = [c for c in cards if not is_wild(c)]
    total = 0
    while len(remaining) >= 3:
        cands = candidate_melds(remaining, rules)
        if not cands:
            break
        best = max(cands, key=lambda m: (len(m), _points(m)))
        total += _points(best)
        for c in best:
            remaining.remove(c)
    return total
