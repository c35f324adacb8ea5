"""Card play by rules of thumb: what a bot does without a double-dummy solver.

The heuristics are the ones taught to beginners (rules digest §7):

* **opening leads**: partner's suit; top of a sequence; fourth best from the
  longest and strongest suit at notrump; a singleton or a safe lead against a
  suit contract, never away from an ace;
* **second hand low**, except to cover an honour with an honour;
* **third hand high**: the cheapest card that can win, or a finesse when the
  card we fear has already played;
* **fourth hand** wins as cheaply as possible, and nobody overtakes partner;
* **declarer** draws trumps when the opponents still hold some, cashes winners
  when they are enough, and otherwise sets up the longest suit, leading towards
  honours so that finesses work;
* **discards** come from the weakest, longest suit; masters are kept.

Every decision returns a reason, which is what ``hint`` shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardcli.engine.cards import Card
from cardcli.games.bridge.auction import side_of
from cardcli.games.bridge.moves import Bid
from cardcli.games.bridge.play import RANK_VALUE, trump_of, winning_index
from cardcli.games.bridge.view import BridgeView
from cardcli.i18n import _

ALL_CARDS = [r + s for s in "SHDC" for r in "23456789TJQKA"]
SUITS = "SHDC"


def rv(c: str) -> int:
    return RANK_VALUE[c[0]]


@dataclass
class Table:
    """The facts a player uses to choose a card, computed once per decision."""

    view: BridgeView
    me: int
    """The hand to play (dummy's seat when declarer plays from dummy)."""
    hand: list[Card]
    trump: str | None
    declarer: int
    dummy: int
    played: set[str]
    visible: dict[int, list[Card]]
    """Hands this player can see (own, dummy, hands faced by a claim)."""

    @classmethod
    def of(cls, view: BridgeView) -> Table:
        c = view.contract
        assert c is not None and view.seat is not None
        visible: dict[int, list[Card]] = {view.seat: list(view.hand)}
        if view.dummy_hand is not None:
            visible[c.dummy] = list(view.dummy_hand)
        for s, cards in view.shown:
            visible[s] = list(cards)
        played = {card for _l, cards, _w in view.tricks for card in cards} | set(view.trick)
        me = view.turn
        return cls(view, me, list(visible.get(me, view.hand)), trump_of(c.strain), c.declarer, c.dummy, played, visible)

    @property
    def declaring(self) -> bool:
        return side_of(self.me) == side_of(self.declarer)

    @property
    def partner(self) -> int:
        return (self.me + 2) % 4

    def ours(self) -> list[Card]:
        """Cards of our side this player can see."""
        out = list(self.hand)
        if self.partner in self.visible:
            out += self.visible[self.partner]
        return out

    def unseen(self) -> list[Card]:
        """Cards not played and not visible to this player."""
        seen = set(self.played)
        for cards in self.visible.values():
            seen.update(cards)
        return [c for c in ALL_CARDS if c not in seen]

    def outstanding(self, suit: str) -> list[Card]:
        """Unplayed cards of ``suit`` held by the opponents (or unknown to us), high first."""
        ours = set(self.ours())
        return sorted((c for c in ALL_CARDS if c[1] == suit and c not in self.played and c not in ours), key=rv, reverse=True)

    def is_master(self, card: str) -> bool:
        """No card that could be the opponents' beats it in its suit."""
        return all(rv(o) < rv(card) for o in self.outstanding(card[1]))

    def opp_trumps(self) -> int:
        return len(self.outstanding(self.trump)) if self.trump else 0

    def need(self) -> int:
        """Tricks our side still needs: to make the contract (declarer) or to beat it (defenders)."""
        c = self.view.contract
        assert c is not None
        side = side_of(self.me)
        if self.declaring:
            return c.level + 6 - self.view.won[side]
        return 14 - (c.level + 6) - self.view.won[side]

    def seats_after_me(self) -> list[int]:
        n = len(self.view.trick)
        return [(self.me + k) % 4 for k in range(1, 4 - n)]


def choose_card(view: BridgeView, legal: Sequence[Card]) -> tuple[Card, str]:
    t = Table.of(view)
    legal = list(legal)
    if len(legal) == 1:
        return legal[0], _("the only legal card")
    if not view.trick:
        if not view.tricks:
            return opening_lead(t, legal)
        return declarer_lead(t, legal) if t.declaring else defender_lead(t, legal)
    return follow(t, legal)


# -- leads -----------------------------------------------------------------------------------------


def _sequence_top(cards: list[Card]) -> Card | None:
    """The top of a 3-card sequence (or near-sequence like KQT) headed by an honour, if any."""
    ranks = sorted((rv(c) for c in cards), reverse=True)
    if len(ranks) >= 3 and ranks[0] >= 11:
        if ranks[0] - ranks[1] == 1 and ranks[1] - ranks[2] <= 2:
            return next(c for c in cards if rv(c) == ranks[0])
    if len(ranks) >= 2 and ranks[0] == 14 and ranks[1] == 13:
        return next(c for c in cards if rv(c) == 14)
    return None


def _fourth_best(cards: list[Card]) -> Card:
    s = sorted(cards, key=rv, reverse=True)
    return s[3] if len(s) >= 4 else s[-1]


def _partner_suits(t: Table) -> list[str]:
    v = t.view
    out = []
    for i, call in enumerate(v.calls):
        seat = (v.dealer + i) % 4
        if seat == t.partner and isinstance(call, Bid) and call.strain != "N" and call.strain not in out:
            out.append(call.strain)
    return out


def _their_suits(t: Table) -> set[str]:
    v = t.view
    return {
        c.strain
        for i, c in enumerate(v.calls)
        if isinstance(c, Bid) and side_of((v.dealer + i) % 4) != side_of(t.me) and c.strain != "N"
    }


def opening_lead(t: Table, legal: list[Card]) -> tuple[Card, str]:
    by_suit = {s: [c for c in legal if c[1] == s] for s in SUITS}
    for s in _partner_suits(t):
        cards = by_suit[s]
        if cards:
            top = _sequence_top(cards)
            if top or len(cards) <= 2:
                card = top or max(cards, key=rv)
            else:
                card = min(cards, key=rv)
            return card, _("lead partner's suit ({s})").format(s=_suit(s))
    their = _their_suits(t)
    cands = [s for s in SUITS if by_suit[s] and s != t.trump]
    # sequences are the safest leads
    seqs: list[tuple[str, Card]] = []
    for s in cands:
        top = _sequence_top(by_suit[s])
        if top is not None and s not in their:
            seqs.append((s, top))
    if seqs:
        s, c = max(seqs, key=lambda x: (len(by_suit[x[0]]) if t.trump is None else 0, rv(x[1])))
        return c, _("top of a sequence in {s}").format(s=_suit(s))
    if t.trump is None:
        pool = [s for s in cands if s not in their] or cands or [s for s in SUITS if by_suit[s]]
        s = max(pool, key=lambda s: (len(by_suit[s]), sum(max(0, rv(c) - 10) for c in by_suit[s])))
        return _fourth_best(by_suit[s]), _("fourth best from the longest suit ({s}) against notrump").format(s=_suit(s))
    trumps = [c for c in t.hand if c[1] == t.trump]
    singles = [s for s in cands if len(by_suit[s]) == 1 and rv(by_suit[s][0]) < 11 and s not in their]
    if singles and 1 <= len(trumps) <= 3:
        s = singles[0]
        return by_suit[s][0], _("singleton {s}: hoping to ruff").format(s=_suit(s))

    # avoid leading away from an ace or a lone king; prefer a suit with no honours (top of nothing)
    def risk(s: str) -> tuple[int, int]:
        cards = by_suit[s]
        ranks = {c[0] for c in cards}
        bad = 0
        if "A" in ranks:
            bad += 3
        if "K" in ranks and "Q" not in ranks:
            bad += 2
        if "Q" in ranks and "J" not in ranks:
            bad += 1
        if s in their:
            bad += 2
        return (bad, -len(cards))

    safe = sorted((s for s in cands), key=risk)
    if safe:
        s = safe[0]
        cards = sorted(by_suit[s], key=rv, reverse=True)
        honours = [c for c in cards if rv(c) >= 11]
        if not honours:
            card = cards[0] if len(cards) <= 3 else cards[1]
            return card, _("a safe lead from {s}: top of nothing").format(s=_suit(s))
        return _fourth_best(cards), _("fourth best in {s}").format(s=_suit(s))
    card = min(legal, key=rv)
    return card, _("a trump lead: nothing safer")


def declarer_lead(t: Table, legal: list[Card]) -> tuple[Card, str]:
    other = t.partner
    other_hand = t.visible.get(other, [])
    need = t.need()
    # draw trumps
    if t.trump and t.opp_trumps() > 0:
        mine_t = [c for c in legal if c[1] == t.trump]
        ours_t = [c for c in t.ours() if c[1] == t.trump]
        masters = [c for c in mine_t if t.is_master(c)]
        if masters and len(ours_t) >= t.opp_trumps():
            return max(masters, key=rv), _("draw trumps: the opponents still hold {n}").format(n=t.opp_trumps())
        if mine_t and len(ours_t) >= 7 and any(t.is_master(c) for c in other_hand if c[1] == t.trump):
            return min(mine_t, key=rv), _("draw trumps: lead towards the top trump in the other hand")
    winners = _top_tricks(t)
    if winners >= need:
        card = _cash(t, legal)
        if card is not None:
            won = t.view.won[side_of(t.me)]
            return card, _("cash the winners: {w} tricks won and {n} sure to come; the contract needs {k}").format(
                w=won, n=winners, k=won + need
            )
    # ruff a loser in the short trump hand
    if t.trump:
        short_trumps = [c for c in other_hand if c[1] == t.trump]
        for s in SUITS:
            if s == t.trump:
                continue
            mine_s = [c for c in legal if c[1] == s]
            theirs = [c for c in other_hand if c[1] == s]
            if mine_s and not theirs and short_trumps and not any(t.is_master(c) for c in mine_s) and t.opp_trumps() == 0:
                return min(mine_s, key=rv), _("ruff a loser in the other hand")
    # develop: lead towards honours / set up the longest suit
    best: tuple[int, Card, str] | None = None
    for s in SUITS:
        mine_s = sorted((c for c in legal if c[1] == s), key=rv)
        if not mine_s or (s == t.trump and t.opp_trumps() == 0 and len(mine_s) < len(legal)):
            continue
        theirs = sorted((c for c in other_hand if c[1] == s), key=rv)
        out = t.outstanding(s)
        length = len(mine_s) + len(theirs)
        score = length * 2
        card = mine_s[0]
        why = _("set up {s}, the longest suit").format(s=_suit(s))
        # a tenace in the other hand: lead low towards it
        if theirs and out and len(theirs) >= 2:
            top = out[0]
            over = [c for c in theirs if rv(c) > rv(top)]
            under = [c for c in theirs if rv(c) < rv(top) and rv(c) >= 10]
            if over and under or (not over and any(rv(c) == rv(top) - 1 for c in theirs)):
                score += 6
                why = _("lead towards the honours in {s} (a finesse)").format(s=_suit(s))
        seq = _sequence_top(mine_s)
        if seq is not None and not t.is_master(seq):
            card, score = seq, score + 4
            why = _("knock out the opponents' stopper in {s}").format(s=_suit(s))
        masters_here = [c for c in mine_s + theirs if t.is_master(c)]
        if masters_here and len(theirs) < len(mine_s) and not theirs:
            score -= 2
        if s in _their_suits(t):
            score -= 3
        if best is None or score > best[0]:
            best = (score, card, why)
    if best is not None:
        return best[1], best[2]
    return min(legal, key=rv), _("the cheapest card")


def _top_tricks(t: Table) -> int:
    """Sure tricks for declarer's side: top cards in each suit, up to the longer holding."""
    hands = [t.hand, t.visible.get(t.partner, [])]
    total = 0
    for s in SUITS:
        out = t.outstanding(s)
        mine = sorted((c for h in hands for c in h if c[1] == s), key=rv, reverse=True)
        top = 0
        for c in mine:
            if not out or rv(c) > rv(out[0]):
                top += 1
            else:
                break
        longest = max(sum(1 for c in h if c[1] == s) for h in hands)
        if s != t.trump and t.trump and t.opp_trumps() > 0:
            top = min(top, 1)
        total += min(top, longest) if out else longest
    return total


def _cash(t: Table, legal: list[Card]) -> Card | None:
    """A master to cash, from the short side first (unblocking)."""
    other = t.visible.get(t.partner, [])
    masters = [c for c in legal if t.is_master(c)]
    if not masters:
        return None

    def key(c: str) -> tuple[int, int]:
        mine_len = sum(1 for x in legal if x[1] == c[1])
        other_len = sum(1 for x in other if x[1] == c[1])
        return (0 if mine_len <= other_len else 1, -rv(c))

    trumps_first = [c for c in masters if c[1] == t.trump and t.opp_trumps() > 0]
    if trumps_first:
        return max(trumps_first, key=rv)
    return min(masters, key=key)


def defender_lead(t: Table, legal: list[Card]) -> tuple[Card, str]:
    v = t.view
    need = t.need()
    masters = [c for c in legal if t.is_master(c)]
    sure = [c for c in masters if not t.trump or c[1] == t.trump or _declarer_can_follow(t, c[1])]
    if sure and len(sure) >= need:
        c = max(sure, key=rv)
        return c, _("cash the setting tricks")
    # return partner's suit
    first_leads = [cards[0] for leader, cards, _w in v.tricks if leader == t.partner]
    for card in first_leads:
        s = card[1]
        mine = sorted((c for c in legal if c[1] == s), key=rv)
        if mine and s != t.trump and _dummy_not_void(t, s):
            pick = mine[-1] if len(mine) <= 2 else mine[0]
            return pick, _("return partner's suit ({s})").format(s=_suit(s))
    if sure:
        return max(sure, key=rv), _("cash a sure winner")
    # lead through dummy's strength or up to its weakness
    dummy = t.visible.get(t.dummy, [])
    dummy_left = (t.me + 1) % 4 == t.dummy
    best: tuple[int, Card, str] | None = None
    for s in SUITS:
        mine = sorted((c for c in legal if c[1] == s), key=rv)
        if not mine:
            continue
        d = [c for c in dummy if c[1] == s]
        score = 0
        if t.trump and s == t.trump:
            score -= 2
        if t.trump and not d and any(c[1] == t.trump for c in dummy):
            score -= 6  # a ruff and discard for declarer
        honours_d = sum(1 for c in d if rv(c) >= 11)
        if dummy_left and honours_d:
            score += 3
            why = _("lead through dummy's honours in {s}").format(s=_suit(s))
        elif not dummy_left and not honours_d:
            score += 2
            why = _("lead up to dummy's weakness in {s}").format(s=_suit(s))
        else:
            why = _("a safe exit in {s}").format(s=_suit(s))
        ranks = {c[0] for c in mine}
        if "A" in ranks and "K" not in ranks:
            score -= 2
        if "K" in ranks and "A" not in ranks and "Q" not in ranks:
            score -= 2
        score += len(mine) // 2 if not t.trump else 0
        card = _sequence_top(mine) or (mine[0] if len(mine) > 2 or not any(rv(c) >= 11 for c in mine) else mine[-1])
        if best is None or score > best[0]:
            best = (score, card, why)
    assert best is not None
    return best[1], best[2]


def _declarer_can_follow(t: Table, suit: str) -> bool:
    """False when declarer or dummy has shown out of ``suit`` (they could ruff)."""
    v = t.view
    for leader, cards, _w in v.tricks:
        led = cards[0][1]
        for i, c in enumerate(cards):
            seat = (leader + i) % 4
            if led == suit and c[1] != suit and side_of(seat) == side_of(t.declarer):
                return False
    dummy = t.visible.get(t.dummy, [])
    return bool([c for c in dummy if c[1] == suit]) or not any(c[1] == t.trump for c in dummy)


def _dummy_not_void(t: Table, suit: str) -> bool:
    dummy = t.visible.get(t.dummy, [])
    if not t.trump:
        return True
    return any(c[1] == suit for c in dummy) or not any(c[1] == t.trump for c in dummy)


# -- following -------------------------------------------------------------------------------------


def follow(t: Table, legal: list[Card]) -> tuple[Card, str]:
    v = t.view
    trick = list(v.trick)
    pos = len(trick)  # 1 = second hand, 2 = third, 3 = fourth
    led = trick[0][1]
    widx = winning_index(trick, t.trump)
    winner_seat = (v.leader + widx) % 4
    winning_card = trick[widx]
    partner_winning = side_of(winner_seat) == side_of(t.me)
    following = legal[0][1] == led
    later = t.seats_after_me()

    def beats(c: str, w: str) -> bool:
        if c[1] == w[1]:
            return rv(c) > rv(w)
        return t.trump is not None and c[1] == t.trump

    def danger(c: str) -> list[str]:
        """Cards of opponents still to play that could beat ``c``."""
        out: list[str] = []
        for seat in later:
            if side_of(seat) == side_of(t.me):
                continue
            cards = t.visible.get(seat)
            if cards is not None:
                playable = [o for o in cards if o[1] == led] or cards
                out += [o for o in playable if beats(o, c)]
            elif c[1] == led:
                out += [o for o in t.unseen() if o[1] == led and rv(o) > rv(c)]
        return out

    winners = [c for c in legal if beats(c, winning_card)]
    sure = [c for c in winners if not danger(c)]
    lowest = _discard(t, legal) if not following else min(legal, key=rv)

    if partner_winning:
        if pos == 3 or not danger(winning_card):
            return lowest, _("partner is winning the trick: play low")
    if pos == 1:
        # second hand low, but cover an honour with an honour
        if following and rv(winning_card) >= 11 and winning_card[1] == led and not partner_winning:
            cover = [c for c in winners if rv(c) >= 12]
            leader_cards = t.visible.get(v.leader, [])
            touching = any(c[1] == led and rv(c) == rv(winning_card) - 1 for c in leader_cards)
            if cover and not touching:
                return min(cover, key=rv), _("cover an honour with an honour")
        if not following and t.trump and winners and not t.declaring and (rv(winning_card) >= 12 or t.is_master(winning_card)):
            return min(winners, key=rv), _("ruff the opponents' winner")
        if not following and t.trump and winners and t.declaring and t.need() > 0 and sure:
            return min(sure, key=rv), _("ruff: the trick is ours")
        return lowest, _("second hand low")
    if sure:
        c = min(sure, key=rv)
        return c, (_("win the trick as cheaply as possible") if pos == 3 else _("third hand high: the cheapest card that wins"))
    if winners and pos == 2 and following:
        # third hand: finesse or force out a high card (at most one card above ours among those to play)
        for c in sorted(winners, key=rv):
            if len(danger(c)) <= 1:
                return c, _("third hand high (the finesse: only one card can beat it)")
        return max(winners, key=rv), _("third hand high")
    if winners and not following:
        return min(winners, key=rv), _("ruff")
    return lowest, _("cannot win the trick: play the cheapest card") if following else _("discard from the weakest suit")


def _discard(t: Table, legal: list[Card]) -> Card:
    """The least useful card: not a master, not a trump, from a long weak suit, low."""

    def value(c: str) -> tuple[int, int, int]:
        master = 1 if t.is_master(c) else 0
        trump = 1 if c[1] == t.trump else 0
        suit_len = sum(1 for x in t.hand if x[1] == c[1])
        guard = 1 if (suit_len <= 2 and any(rv(x) >= 12 for x in t.hand if x[1] == c[1])) else 0
        return (trump * 4 + master * 2 + guard, -suit_len, rv(c))

    return min(legal, key=value)


def _suit(s: str) -> str:
    return {"C": _("clubs"), "D": _("diamonds"), "H": _("hearts"), "S": _("spades")}[s]
