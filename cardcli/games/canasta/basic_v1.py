"""The first canasta bot, kept as ``basic-v1`` so the new one can be measured against it.

(Its play is frozen; the reasons it gives are not audited: hints use the default bot.)

The basic bot plays the way the seeds' advice and the digest's rules suggest:

* it **opens as soon as it can**, with natural melds first, keeping a pair of
  the pozzo's top card when it can take it right after;
* it **takes the pozzo whenever it may** (the Italian pozzo starts with 5 to 15
  cards and is the quickest way to canastas);
* it **builds toward clean canastas**: naturals go onto its melds, new melds
  are made from three naturals, wildcards go to a meld of wildcards (pinelle
  and jolly canastas are worth 2000-5000) and dirty a natural meld only to
  complete a canasta the side needs;
* it **discards safely**: cards of ranks the next opponent cannot take, a black
  three to **freeze** a pozzo the opponents are about to take, never a
  wildcard if it can help it;
* it **goes out when ahead** (or when the stock is running out), after asking
  its partner when it is worth asking; as a partner it answers from its own
  hand.

It sees only its view and the legal moves; randomness is not needed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardcli.engine.rng import Rng
from cardcli.games.canasta import moves as mv
from cardcli.games.canasta.tablemelds import canasta_bonus, wild_cap
from cardcli.games.canasta.tokens import NATURAL_RANKS, RANK_NAMES, card_value, is_wild, token, tokens_value
from cardcli.games.canasta.view import CanastaView, MeldView
from cardcli.i18n import _

Advice = tuple[mv.Move, str]


class BasicCanastaBot:
    """Opens early, takes the pozzo, builds clean canastas, discards safely, goes out when ahead."""

    id = "basic-v1"

    def choose(self, view: CanastaView, legal: Sequence[mv.Move], rng: Rng) -> mv.Move:
        return self.advise(view, legal, rng)[0]

    def advise(self, view: CanastaView, legal: Sequence[mv.Move], rng: Rng) -> Advice:
        if len(legal) == 1:
            return legal[0], _("the only legal move")
        if view.phase == "answer":
            return self._answer(view, legal)
        if view.phase == "start":
            return self._start(view, legal)
        return self._play(view, legal)

    # -- partner's answer --------------------------------------------------------------------
    def _answer(self, view: CanastaView, legal: Sequence[mv.Move]) -> Advice:
        mine = tokens_value((token(c) for c in view.hand), view.config.black3_value)
        if mine > 200 and view.stock_size > 30:
            return mv.Answer(False), _("answer no: you still hold {v} points you could meld").format(v=mine)
        return mv.Answer(True), _("answer yes: your hand is worth only {v} points").format(v=mine)

    # -- before drawing ----------------------------------------------------------------------
    def _start(self, view: CanastaView, legal: Sequence[mv.Move]) -> Advice:
        seat = view.seat or 0
        side = view.side_of(seat)
        take = next((m for m in legal if isinstance(m, mv.Take)), None)
        draw = next((m for m in legal if isinstance(m, mv.Draw)), None)
        end = next((m for m in legal if isinstance(m, mv.End)), None)
        if not view.opened[side]:
            need = view.minimum[side] - view.pending[side]
            if need > 0:
                lays = [m for m in legal if isinstance(m, (mv.Meld, mv.Add))]
                if lays:
                    top = token(view.top) if view.top else ""
                    hand = Counter(token(c) for c in view.hand)
                    keep = 3 if view.needs_three else 2

                    def cost(m: mv.Meld | mv.Add) -> tuple[int, int, int, int]:
                        wilds = sum(1 for c in m.cards if is_wild(c))
                        spoils = int(top in m.cards and hand[top] - m.cards.count(top) < keep <= hand[top])
                        value = sum(card_value(c) for c in m.cards)
                        return (spoils, wilds, -min(value, need), -value)

                    best = min(lays, key=cost)
                    return best, _("open with {cards}: your side needs {need} more points").format(
                        cards=" ".join(best.cards), need=need
                    )
        if take is not None:
            size = view.pozzo_size
            return take, _("take the pozzo: {n} cards, the quickest way to canastas").format(n=size)
        if draw is not None:
            return draw, _("draw two cards")
        if end is not None:
            return end, _("the stock is empty and you cannot take the pozzo: end the hand")
        return legal[0], _("the only move")

    # -- after drawing -----------------------------------------------------------------------
    def _play(self, view: CanastaView, legal: Sequence[mv.Move]) -> Advice:
        seat, side, hand, melds, (clean, dirty), lays = _after_drawing(view, legal)
        out = self._going_out(view, legal, hand, clean, dirty)
        if isinstance(out, mv.Ask):
            return out, _("ask your partner: you can go out now")
        if out is not None:
            return out, _("go out: lay down {cards}").format(cards=" ".join(out.cards))
        # 1. naturals onto the side's melds, new clean melds; a pair stays in hand to take the pozzo
        dump = view.stock_size < DUMP_STOCK or _opponents_can_go_out(view, side)
        wanted = _natural_plan(view, hand, melds, dump)
        for m in lays:
            if not any(is_wild(c) for c in m.cards) and wanted.get(_key(m)) == len(m.cards):
                if isinstance(m, mv.Add):
                    return m, _("add {cards} to your {rank}: it builds a clean canasta").format(
                        cards=" ".join(m.cards), rank=_(RANK_NAMES[m.target])
                    )
                return m, _("meld {cards}: naturals are worth putting down; a pair stays in hand for the pozzo").format(
                    cards=" ".join(m.cards)
                )
        # 2. one dirty canasta is needed to go out: complete one with wildcards first
        best = completing_add(view, lays, melds, dirty)
        if best is not None:
            return best, _("add {cards} to your {rank}: it completes a dirty canasta").format(
                cards=" ".join(best.cards), rank=_(RANK_NAMES[best.target])
            )
        # 3. wildcards onto the meld of wildcards (pinelle 2000-3000, jolly 5000)
        best = largest_wild_add(lays)
        if best is not None:
            return best, _("add {cards} to your meld of wildcards: a canasta of pinelle or jolly is worth thousands").format(
                cards=" ".join(best.cards)
            )
        wilds = hand["2"] + hand["JK"]
        near = any(not m.wild and m.shape()[0] >= 5 and m.canasta is None for m in melds.values())
        if "W" not in melds and (wilds >= 5 or (wilds >= 4 and dirty >= 1 and not near)):
            starts = [m for m in lays if isinstance(m, mv.Meld) and all(is_wild(c) for c in m.cards)]
            if starts:
                start = max(starts, key=lambda m: len(m.cards))
                return start, _("meld {cards}: start a canasta of wildcards").format(cards=" ".join(start.cards))
        return self._discard(view, legal, hand, seat)

    def _going_out(
        self, view: CanastaView, legal: Sequence[mv.Move], hand: Counter[str], clean: int, dirty: int
    ) -> mv.Ask | mv.Meld | mv.Add | None:
        """Asking partner, or the lay that goes out, when the side may and should go out now (both
        bots go out the same way; only the words they give differ)."""
        if not (clean >= 1 and dirty >= 1 and view.asked != "no" and self._should_go_out(view, hand)):
            return None
        seat = view.seat or 0
        ask = next((m for m in legal if isinstance(m, mv.Ask)), None)
        partner = view.partner(seat)
        if (
            ask is not None
            and view.asked is None
            and partner is not None
            and (view.config.ask_partner == "mandatory" or view.hand_sizes[partner] >= 8)
        ):
            return ask
        if view.config.ask_partner != "mandatory" or view.players == 2 or view.asked == "yes":
            lays: list[mv.Meld | mv.Add] = [m for m in legal if isinstance(m, (mv.Meld, mv.Add))]
            if lays:
                return max(lays, key=lambda m: (len(m.cards), -sum(1 for c in m.cards if is_wild(c))))
        return None

    def _should_go_out(self, view: CanastaView, hand: Counter[str]) -> bool:
        """Go out when ahead in this hand, or when the stock is running low; and only when the
        hand can really be emptied."""
        if not _can_empty(view, hand):
            return False
        seat = view.seat or 0
        side = view.side_of(seat)
        mine = _table_value(view.melds[side]) + 300
        theirs = _table_value(view.melds[1 - side])
        return mine >= theirs or view.stock_size < 20

    def _discard(self, view: CanastaView, legal: Sequence[mv.Move], hand: Counter[str], seat: int) -> Advice:
        discards = [m for m in legal if isinstance(m, mv.Discard)]
        if not discards:
            return legal[0], _("the only move")
        nxt = view.next_seat(seat)
        their_side = view.side_of(nxt)
        their = {m.key: m for m in view.melds[their_side]}
        seen: Counter[str] = Counter(token(c) for c in view.pozzo)
        for side_melds in view.melds:
            for m in side_melds:
                seen.update(m.tokens)
        unknown = max(1, 162 - len(view.hand) - sum(seen.values()) - sum(len(r) for r in view.red3))
        pozzo = view.pozzo_size
        opened = view.opened[their_side]
        need = 3 if view.needs_three else 2
        blocked = view.config.pozzo_blocked_by_own_canasta_or_progetto
        h = view.hand_sizes[nxt]
        prize = 40.0 + 12.0 * pozzo
        my_melds = {mm.key for mm in view.melds[view.side_of(seat)] if not mm.closed}

        def cost(m: mv.Discard) -> float:
            t = m.card
            if t == "JK":
                return 250.0 - (0.3 * prize if pozzo >= 15 else 0.0)
            if t == "2":
                return 90.0 - (0.4 * prize if pozzo >= 12 else 0.0)
            if t == "3":
                return 8.0  # kept for when every other discard would give the pozzo away
            danger = 0.0
            if not (blocked and t in their and len(their[t].cards) >= 6):
                danger = prize * _p_at_least(max(0, 12 - hand[t] - seen[t]), unknown, h, need)
                if not opened:
                    danger *= 0.5
            keep = 0.0
            if hand[t] >= 2:
                keep = 15.0 + 5.0 * hand[t]
            if t in my_melds:
                keep += 10.0
            return danger + keep - card_value(t) * 0.3

        best = min(discards, key=cost)
        assert isinstance(best, mv.Discard)
        if best.card == "3" and pozzo >= 6:
            why = _("discard the black three: it freezes the pozzo ({n} cards) for the next player").format(n=pozzo)
        elif is_wild(best.card):
            why = _("discard {card}: every other card would give the opponents the pozzo").format(card=best.card)
        else:
            why = _("discard {card}: the next player is unlikely to take the pozzo with it").format(card=best.card)
        return best, why


DUMP_STOCK = 24
"""Below this many stock cards the bot lays down all it can (the hand may end soon)."""
KEEP = 2
"""Naturals of a rank kept in hand, to take the pozzo when that rank is discarded."""


def _key(m: mv.Meld | mv.Add) -> str:
    return m.target if isinstance(m, mv.Add) else next((c for c in m.cards if not is_wild(c)), "W")


def _natural_plan(
    view: CanastaView, hand: Counter[str], melds: dict[str, MeldView], dump: bool, keep: int = KEEP, big_hand_melds: bool = True
) -> dict[str, int]:
    """How many naturals of each rank to lay down now: rank -> count.

    ``keep`` naturals of a rank stay in hand when a new meld is opened; with ``big_hand_melds`` a
    hand of 18+ cards lays small sets whole (the newer bot keeps its pairs instead)."""
    plan: dict[str, int] = {}
    big_hand = len(view.hand) >= 18 and big_hand_melds
    for r in NATURAL_RANKS:
        k = hand[r]
        if not k:
            continue
        m = melds.get(r)
        if m is not None:
            size = len(m.cards)
            if dump:
                plan[r] = k
            elif size + k >= 7:
                plan[r] = max(7 - size, k - KEEP)
            elif k > KEEP:
                plan[r] = k - KEEP
        elif k >= 3:
            if dump or (big_hand and k <= 4):
                plan[r] = k
            elif k - keep >= 3:
                plan[r] = k - keep
    return plan


def _opponents_can_go_out(view: CanastaView, side: int) -> bool:
    return all(x >= 1 for x in _counts(view.melds[1 - side]))


def _p_at_least(copies: int, unknown: int, hand: int, need: int) -> float:
    """Chance that a hand of ``hand`` unknown cards holds ``need`` or more of ``copies`` copies
    (binomial approximation of the hypergeometric draw)."""
    if copies < need or hand <= 0:
        return 0.0
    p = min(1.0, copies / unknown)
    q = 1.0 - p
    p0 = q**hand
    p1 = hand * p * q ** (hand - 1)
    p2 = hand * (hand - 1) / 2 * p * p * q ** (hand - 2) if need >= 3 else 0.0
    return max(0.0, 1.0 - p0 - p1 - p2)


def _counts(melds: Sequence[MeldView]) -> tuple[int, int]:
    clean = dirty = 0
    for m in melds:
        if m.canasta is None:
            continue
        if m.canasta in ("clean", "clean-aces", "pinelle-clean"):
            clean += 1
        else:
            dirty += 1
    return clean, dirty


def _table_value(melds: Sequence[MeldView]) -> int:
    value = 0
    for m in melds:
        value += tokens_value(m.tokens)
        if m.canasta is not None:
            value += canasta_bonus(m.canasta)  # type: ignore[arg-type]
    return value


def _can_empty(view: CanastaView, hand: Counter[str]) -> bool:
    """A quick estimate: can every card (but one allowed discard) go onto the table this turn?"""
    cfg = view.config
    seat = view.seat or 0
    rules = cfg.play_meld_rules()
    melds = {m.key: m for m in view.melds[view.side_of(seat)] if not m.closed}
    left: list[str] = []
    wilds = hand["JK"] + hand["2"]
    room = 0
    for r in NATURAL_RANKS:
        k = hand[r]
        if not k:
            continue
        m = melds.get(r)
        if m is not None:
            n0, j0, t0 = m.shape()
            room += max(0, wild_cap(n0 + k, rules) - j0 - t0)
        elif k >= 3:
            room += wild_cap(k, rules)
        elif k == 2 and wild_cap(2, rules) >= 1 and wilds:
            wilds -= 1
        else:
            left.extend([r] * k)
    left.extend(["3"] * hand["3"])
    w = melds.get("W")
    if wilds:
        if w is not None:
            wilds = max(0, wilds - (7 - len(w.cards)))
        elif wilds >= 3:
            wilds = 0
        wilds = max(0, wilds - room)
        left.extend(["2"] * wilds)
    if not left:
        return True
    if len(left) > 1:
        return False
    tok = left[0]
    rule = cfg.go_out_forbidden_discards
    return not ((tok == "3" and rule != "none") or (is_wild(tok) and rule == "wild+black3"))


def completing_add(view: CanastaView, lays: Sequence[mv.Move], melds: dict[str, MeldView], dirty: int) -> mv.Add | None:
    """The smallest add that completes a canasta, when the side still needs its dirty one (or late)."""
    completing = [m for m in lays if isinstance(m, mv.Add) and m.target != "W" and len(melds[m.target].cards) + len(m.cards) >= 7]
    if completing and (dirty == 0 or view.stock_size < 30):
        return min(completing, key=lambda m: (len(m.cards), tokens_value(m.cards)))
    return None


def largest_wild_add(lays: Sequence[mv.Move]) -> mv.Add | None:
    """The largest add onto the side's meld of wildcards (pinelle 2000-3000, jolly 5000)."""
    wild_adds = [m for m in lays if isinstance(m, mv.Add) and m.target == "W"]
    return max(wild_adds, key=lambda m: len(m.cards)) if wild_adds else None


def _after_drawing(
    view: CanastaView, legal: Sequence[mv.Move]
) -> tuple[int, int, Counter[str], dict[str, MeldView], tuple[int, int], list[mv.Meld | mv.Add]]:
    """What both bots read before choosing after the draw: seat, side, hand by token, the side's open
    melds by rank, its clean and dirty canastas, and the legal melds and adds."""
    seat = view.seat or 0
    side = view.side_of(seat)
    melds = {m.key: m for m in view.melds[side] if not m.closed}
    lays: list[mv.Meld | mv.Add] = [m for m in legal if isinstance(m, (mv.Meld, mv.Add))]
    return seat, side, Counter(token(c) for c in view.hand), melds, _counts(view.melds[side]), lays
