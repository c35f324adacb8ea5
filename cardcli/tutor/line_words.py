"""The best card of a line problem in words: finesse, drop, ruff, establish, hold up, throw-in.

A deliberately simple classifier over declarer's view (never the hidden hands): it looks at what
the card does in the trick and at the holdings declarer can see, and names the technique only when
the shape of the play is the textbook one. When it is not sure it says only what the card does
(wins the trick, plays low, leads a suit), so it never teaches a reason that is not there.
"""

from __future__ import annotations

from typing import Any

from cardcli.engine.cards import Card
from cardcli.i18n import _

RANKS = "23456789TJQKA"
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _r(c: Card) -> int:
    return RANKS.index(c[0])


def _suit(s: str) -> str:
    return _(SUIT_WORDS[s])


def _winner(trick: list[Card], trump: str | None) -> Card | None:
    if not trick:
        return None
    best = trick[0]
    for c in trick[1:]:
        if (c[1] == best[1] and _r(c) > _r(best)) or (trump and c[1] == trump and best[1] != trump):
            best = c
    return best


def _beats(c: Card, w: Card | None, trump: str | None) -> bool:
    if w is None:
        return True
    if c[1] == w[1]:
        return _r(c) > _r(w)
    return bool(trump) and c[1] == trump


def explain(view: Any, card: Card, naive: Card) -> str:
    """Why ``card`` is the best card here, in one sentence a player understands."""
    from cardcli.games.bridge.play import trump_of
    from cardcli.games.bridge.sampling import knowledge

    c = view.contract
    trump = trump_of(c.strain)
    k = knowledge(view, use_auction=False)
    unseen = set(k.unseen)
    mover = view.turn
    names = view.names
    other = (mover + 2) % 4
    hands = {view.seat: list(view.hand), c.dummy: list(view.dummy_hand or ())}
    mine, partner = hands[mover], hands[other]
    suit = card[1]
    trick = list(view.trick)
    above = sorted((x for x in unseen if x[1] == suit and _r(x) > _r(card)), key=_r)
    master = not above
    ours = [x for x in mine + partner if x[1] == suit]
    missing_honours = sorted((x for x in unseen if x[1] == suit and x[0] in "AKQJT"), key=_r, reverse=True)
    lho = (mover + 1) % 4
    if trick:
        led = trick[0][1]
        w = _winner(trick, trump)
        if trump and suit == trump and led != trump:
            return _("Ruff: you have no {led} left, so {card} trumps the trick.").format(led=_suit(led), card=card)
        if suit == led:
            wins_now = _beats(card, w, trump)
            higher = [x for x in mine if x[1] == suit and _r(x) > _r(card)]
            ours_winning = w is not None and (view.leader + trick.index(w)) % 2 == mover % 2
            if not wins_now and ours_winning and higher:
                return _("{card}: {w} already wins the trick for your side; do not overtake, keep {top} for later.").format(
                    card=card, w=w, top=max(higher, key=_r)
                )
            if (
                not wins_now
                and view.leader % 2 != mover % 2
                and any(_beats(x, w, trump) for x in higher)
                and _beats(naive, w, trump)
            ):
                return _("Hold up: let this trick go and keep {top}, so the defenders lose touch in {suit}.").format(
                    top=max(higher, key=_r), suit=_suit(suit)
                )
            if wins_now and not master and higher and len(trick) == 2:
                seat = names[(view.leader + 1) % 4]
                return _("Finesse: {card} wins if {miss} is with {seat}, who has played; you keep {top}.").format(
                    card=card, miss=above[0], seat=seat, top=max(higher, key=_r)
                )
            if wins_now and master and missing_honours and len(trick) == 3:
                return _("{card} wins the trick for sure.").format(card=card)
            if wins_now:
                return _("{card} takes the trick.").format(card=card)
            return _("{card}: play low and keep your higher cards for later.").format(card=card)
        return _("{card}: a discard that keeps the cards you need.").format(card=card)
    # a lead
    thrown = throw_in(hands, unseen, mover, card, trump)
    if thrown is not None:
        return thrown
    tenace = [
        x
        for x in partner
        if x[1] == suit
        and x[0] in "AKQJT"
        and any(u[1] == suit and _r(u) > _r(x) for u in unseen)
        and any(p[1] == suit and _r(p) > _r(x) for p in partner + mine)
    ]
    lone_honour = [x for x in partner if x[1] == suit and x[0] in "KQ" and any(u[1] == suit and _r(u) > _r(x) for u in unseen)]
    honours_here = [x for x in tenace + lone_honour if _r(x) > _r(card)]
    if honours_here:
        h = max(honours_here, key=_r)
        miss = min((u for u in unseen if u[1] == suit and _r(u) > _r(h)), key=_r)
        return _("Finesse: lead {card} towards {honour}, hoping {miss} is with {seat}, who plays before it.").format(
            card=card, honour=h, miss=miss, seat=names[lho]
        )
    if trump and suit == trump and any(x[1] == trump for x in unseen):
        return _("Draw trumps: lead {card}, so the defenders cannot ruff your winners.").format(card=card)
    if trump and not master and not partner_suit(partner, suit) and any(x[1] == trump for x in partner):
        return _("Ruff: lead {card} and trump it in the other hand, where {suit} are void.").format(card=card, suit=_suit(suit))
    if not master and card[0] in "KQJT" and any(_r(x) > _r(above[0]) for x in partner if x[1] == suit):
        return _("Finesse: lead {card} and let it run if {seat} does not cover; {miss} must be with {seat}.").format(
            card=card, seat=names[lho], miss=above[0]
        )
    if master and missing_honours and _drops(missing_honours[0], ours, unseen):
        return _("Play for the drop: cash {card} and hope {miss} falls under it.").format(card=card, miss=missing_honours[0])
    if (
        not master
        and card[0] in "KQJT"
        and len(above) <= 2
        and any(
            x != card and not any(u[1] == suit and min(_r(x), _r(card)) < _r(u) < max(_r(x), _r(card)) for u in unseen)
            for x in ours
        )
    ):
        return _("Establish {suit}: lead {card} to drive out {miss}; your next cards in the suit are then winners.").format(
            suit=_suit(suit), card=card, miss=above[-1]
        )
    if not master and len(ours) >= 7:
        return _("Establish {suit}: give up a trick in the long suit while you still have the entries.").format(suit=_suit(suit))
    if master:
        return _("Cash {card}: a sure winner, taken now.").format(card=card)
    return _("{card}: lead {suit} now.").format(card=card, suit=_suit(suit))


def _drops(miss: Card, ours: list[Card], unseen: set[Card]) -> bool:
    """Whether the missing honour falling would promote one of our cards: we hold a card just below it."""
    below = [x for x in ours if _r(x) < _r(miss)]
    return any(not any(u[1] == miss[1] and _r(x) < _r(u) < _r(miss) for u in unseen) for x in below)


def partner_suit(cards: list[Card], suit: str) -> bool:
    return any(x[1] == suit for x in cards)


def _tenace(cards: list[Card], suit: str, unseen: set[Card]) -> tuple[Card, Card] | None:
    """A tenace in one hand: its top card in ``suit`` is master and a missing card lies between it
    and the next of its cards below the gap, and only one (AQ with K missing); (top, the card under the gap) or ``None``."""
    mine = sorted((x for x in cards if x[1] == suit), key=_r, reverse=True)
    if len(mine) < 2 or any(u[1] == suit and _r(u) > _r(mine[0]) for u in unseen):
        return None

    def between(x: Card) -> int:
        return sum(1 for u in unseen if u[1] == suit and _r(x) < _r(u) < _r(mine[0]))

    lo = next((x for x in mine[1:] if between(x)), None)
    if lo is None or between(lo) != 1:
        return None  # one missing card in the gap (AQ with K out): more would make the gain a guess
    return (mine[0], lo) if lo is not None else None


def throw_in(hands: dict[int, list[Card]], unseen: set[Card], mover: int, card: Card, trump: str | None) -> str | None:
    """The throw-in (endplay) sentence when leading ``card`` has its shape, else ``None``.

    Only what declarer sees is used, and the shape is the whole textbook one, so the words are
    never a guess: ``card`` is the last card of its suit in both of declarer's hands and a defender
    holds a higher one (the lead is given away); no trump is missing; and for *either* defender on
    lead every suit they may still hold is bad to lead: a suit both declarer's hands are out of
    while both still hold trumps (a ruff and discard; the exit suit too when a defender may hold
    another), or a suit where the hand that plays last to that defender's lead holds a tenace. That the line gains is the
    problem's own double-dummy rating; this only names it."""
    suit = card[1]
    ours = {seat: [x for x in cards if x != card] for seat, cards in hands.items()}
    both = list(ours.values())
    if any(x[1] == suit for h in both for x in h) or not any(u[1] == suit and _r(u) > _r(card) for u in unseen):
        return None
    if trump is not None and any(u[1] == trump for u in unseen):
        return None
    ruff_discard = trump is not None and all(any(x[1] == trump for x in h) for h in both)
    open_suits = {u[1] for u in unseen if u[1] != suit}
    if sum(1 for u in unseen if u[1] == suit) > 1:  # the winner may still hold one to lead back
        open_suits.add(suit)
    tenaces: list[str] = []
    discard = False
    for defender in ((mover + 1) % 4, (mover + 3) % 4):
        last = (defender + 3) % 4  # the hand that plays fourth to this defender's lead
        for z in sorted(open_suits):
            if ruff_discard and z != trump and all(not any(x[1] == z for x in h) for h in both):
                discard = True
                continue
            t = _tenace(ours.get(last, []), z, unseen) if z != trump else None
            if t is None:
                return None
            text = f"{t[0]}-{t[1]}"
            if text not in tenaces:
                tenaces.append(text)
    if tenaces and discard:
        return _(
            "Throw-in: {card} gives the lead away; whoever wins must lead into your {tenace} or give you a ruff and discard."
        ).format(card=card, tenace=", ".join(tenaces))
    if tenaces:
        return _("Throw-in: {card} gives the lead away; whoever wins must lead into your {tenace}.").format(
            card=card, tenace=", ".join(tenaces)
        )
    return _("Throw-in: {card} gives the lead away; whatever the defenders lead then gives you a ruff and discard.").format(
        card=card
    )
