"""Declarer-play problems for ``cardcli learn bridge --drill line``: checked, never stored.

A problem is made from its seed, every time the same way:

1. the deal is dealt from the seed and bid by the bots through cardcli's system; when the
   system's declarer is not South the same deal is turned round the table so that South declares
   (the first hand of a rubber, nobody vulnerable: the system bids it the same way, and the
   auction is checked again after the turn);
2. the defenders play by the bots' rules of thumb (:func:`~cardcli.games.bridge.cardplay.choose_card`),
   the opening lead first;
3. at every decision of declarer's side in tricks 1-3 the legal cards are grouped (cards with no
   opponent's card between them are the same card double dummy) and each group is rated: the
   share of layouts consistent with the auction and the play so far (the bots' own sampler,
   :mod:`cardcli.games.bridge.sampling`) in which the contract still makes when the rest is played
   double dummy (endplay's DDS);
4. the *naive* card is the one cardcli's rule-of-thumb player picks there (second hand low, third
   hand high, draw trumps, cash winners); the first decision where the best group beats it by at
   least :data:`MARGIN` is the problem. Otherwise declarer plays the best card and the search goes
   on; a deal with no such moment is dealt again from a derived seed;
5. once the learner has answered, play goes on the same way (the learner's card when it was as
   good as the best, else the best card) to the deal's next key moment, up to :data:`MOMENTS`
   moments and trick :data:`LAST_TRICK` (:func:`next_moment`), so one deal asks a line, not a card.

Everything the learner is shown comes from declarer's view (South with dummy, after the lead):
the layouts are only what the rating is computed over, and are never printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardcli.engine.cards import Card
from cardcli.engine.rng import Rng
from cardcli.i18n import _

SOUTH = 2
LAYOUTS = 32
"""Layouts per decision: enough that one layout is 3 points of percentage, few enough that a
decision solves in well under a second."""
MARGIN = 0.15
"""A problem is kept only when its best card makes in at least this share more layouts than the naive card."""
KEY_TRICKS = 3
"""The key moment is looked for in the first tricks: later, most of the line is already chosen."""
MOMENTS = 3
"""Key moments asked per problem at most: after each answer play goes on to the next one."""
LAST_TRICK = 6
"""Later key moments are looked for up to this trick (the first tricks settle most lines)."""
ATTEMPTS = 60
"""Deals tried (the seed, then derived seeds) before giving up on a problem number."""
RANKS = "23456789TJQKA"


class NoProblem(Exception):
    """No deal among the attempts had a key moment (never seen with the defaults)."""


@dataclass(frozen=True)
class Rating:
    """One group of equivalent cards and how often the contract makes after it."""

    cards: tuple[Card, ...]
    """Highest first; any of them may be typed."""
    makes: int
    tricks: float
    """Average tricks declarer's side takes from now on (ties between groups are broken by it)."""

    @property
    def card(self) -> Card:
        return self.cards[-1]

    def share(self, n: int) -> float:
        return self.makes / n if n else 0.0


@dataclass
class LineProblem:
    seed: str
    """The seed the deal was dealt from (the problem's seed, or one derived from it)."""
    turned: int
    """Seats the deal was turned round the table so that South declares."""
    session: Any
    """The position at the key moment (declarer's decision), for the views."""
    layouts: list[list[list[Card]]]
    """The sampled layouts the ratings are over (current cards per seat N E S W)."""
    need: int
    """Tricks declarer's side still needs from now on, the current trick included."""
    ratings: list[Rating]
    """Best first."""
    naive: Rating
    naive_why: str
    mover: int
    """The hand whose card is asked (South, or North the dummy)."""
    moves: list[str] = field(default_factory=list)
    """The play so far in notation (for the tests: the position is rebuilt from the seed)."""
    moment: int = 1
    """Which key moment of the deal this is (1 for the first)."""
    asked: tuple[int, float] = (LAYOUTS, MARGIN)
    """The layouts per decision and the margin the problem was made with (the next moment uses them too)."""

    @property
    def best(self) -> Rating:
        return self.ratings[0]

    @property
    def margin(self) -> float:
        return self.best.share(len(self.layouts)) - self.naive.share(len(self.layouts))

    def rating_of(self, card: Card) -> Rating | None:
        return next((r for r in self.ratings if card in r.cards), None)

    def view(self) -> Any:
        return self.session.game.view(self.session.state, SOUTH)


def _session(seed: str) -> Any:
    from cardcli.session import Session

    s = Session.new("bridge", seed=seed, hands_limit=1, human_seats=())
    s.deal_if_needed()
    return s


def _bid(s: Any) -> None:
    from cardcli.games.bridge.bots import bid_for

    while s.state.phase == "auction":
        seat = s.to_act()
        s.play(bid_for(s.game.view(s.state, seat), s.legal_moves())[0])


def _turn(s: Any, by: int) -> None:
    """Turn the freshly dealt hands ``by`` seats clockwise (seat ``i``'s cards go to ``i + by``)."""
    from cardcli.games.bridge.auction import AuctionSoFar

    st = s.state
    st.suits = [st.suits[(i - by) % 4] for i in range(4)]
    st.dealt = [st.dealt[(i - by) % 4] for i in range(4)]
    st.dealer = (st.dealer + by) % 4
    st.turn = st.leader = st.dealer
    st.auction = AuctionSoFar(st.dealer)


def declared_by_south(seed: str) -> tuple[Any, int] | None:
    """The seed's deal bid by the system with South as declarer, or ``None`` (passed out)."""
    s = _session(seed)
    _bid(s)
    c = s.state.contract
    if c is None:
        return None
    by = (SOUTH - c.declarer) % 4
    if by == 0:
        return s, 0
    s = _session(seed)
    if s.state.rubber.vulnerable(0) or s.state.rubber.vulnerable(1):  # pragma: no cover - first hand
        return None
    _turn(s, by)
    _bid(s)
    c = s.state.contract
    return (s, by) if c is not None and c.declarer == SOUTH else None


def groups(legal: list[Card], blockers: set[Card]) -> list[tuple[Card, ...]]:
    """The legal cards in groups of equivalent ones: same suit, and no card that an opponent may
    hold (or that lies in the current trick) ranks between them. Double dummy such cards take the
    same tricks in every layout; highest first in each group."""
    out: list[tuple[Card, ...]] = []
    for suit in "SHDC":
        mine = sorted((c for c in legal if c[1] == suit), key=lambda c: -RANKS.index(c[0]))
        run: list[Card] = []
        for c in mine:
            if run:
                lo, hi = RANKS.index(c[0]), RANKS.index(run[-1][0])
                if any(RANKS[r] + suit in blockers for r in range(lo + 1, hi)):
                    out.append(tuple(run))
                    run = []
            run.append(c)
        if run:
            out.append(tuple(run))
    return out


def rate(view: Any, legal: list[Card], layouts: list[list[list[Card]]], need: int) -> list[Rating]:
    """Each group of ``legal`` rated over ``layouts`` double dummy (endplay), best first."""
    from cardcli.games.bridge import dds
    from cardcli.games.bridge.play import trump_of
    from cardcli.games.bridge.sampling import knowledge

    assert view.contract is not None
    trump = trump_of(view.contract.strain)
    scores = dds.solve([(h, trump, view.leader, list(view.trick)) for h in layouts])
    k = knowledge(view, use_auction=False)
    blockers = set(k.unseen) | set(view.trick)
    out = []
    for cards in groups(legal, blockers):
        made = sum(1 for sc in scores if sc[cards[0]] >= need)
        avg = sum(sc[cards[0]] for sc in scores) / len(scores)
        out.append(Rating(cards, made, avg))
    out.sort(key=lambda r: (-r.makes, -r.tricks, RANKS.index(r.card[0]), r.card[1]))
    return out


def _need(view: Any) -> int:
    c = view.contract
    return c.level + 6 - view.won[c.declarer % 2]


def _naive(s: Any) -> tuple[Card, str]:
    from cardcli.games.bridge import moves as mv
    from cardcli.games.bridge.cardplay import choose_card

    seat = s.to_act()
    legal = [m.card for m in s.legal_moves() if isinstance(m, mv.Play)]
    return choose_card(s.game.view(s.state, seat), legal)


def _search(
    s: Any, seed: str, by: int, moves: list[str], layouts: int, margin: float, upto: int, moment: int
) -> LineProblem | None:
    """Play on from ``s`` (defenders by the rules of thumb, declarer by the best card) until a
    decision of declarer's side where the best group beats the naive card by ``margin``, before
    trick ``upto`` ends; ``None`` when there is none."""
    from cardcli.games.bridge import moves as mv

    while s.state.phase == "play" and len(s.state.tricks) < upto:
        seat = s.to_act()
        legal = [m.card for m in s.legal_moves() if isinstance(m, mv.Play)]
        if seat != SOUTH:  # a defender: the bots' rules of thumb
            card = _naive(s)[0]
        else:
            from cardcli.games.bridge.sampling import knowledge, sample_deals

            view = s.game.view(s.state, SOUTH)
            naive, why = _naive(s)
            drawn = sample_deals(knowledge(view), layouts, Rng(seed, "line", s.ply)) if len(legal) > 1 else []
            rated = rate(view, legal, drawn, _need(view)) if drawn else []
            if len(rated) > 1:
                low = next(r for r in rated if naive in r.cards)
                n = len(drawn)
                if rated[0].share(n) - low.share(n) >= margin - 1e-9:
                    return LineProblem(
                        seed, by, s, drawn, _need(view), rated, low, why, s.state.turn, moves, moment, (layouts, margin)
                    )
            card = rated[0].card if rated else naive
        s.play(mv.Play(card))
        moves.append(card)
    return None


def attempt(seed: str, layouts: int, margin: float) -> LineProblem | None:
    """The problem dealt from exactly ``seed``, or ``None`` when that deal has no key moment."""
    got = declared_by_south(seed)
    if got is None:
        return None
    s, by = got
    return _search(s, seed, by, [], layouts, margin, KEY_TRICKS, 1)


def next_moment(p: LineProblem, card: Card) -> LineProblem | None:
    """The deal's next key moment after the learner played ``card`` at ``p``: the learner's card
    goes on when it was as good as the best, else the best card; then play goes on as in the search
    (at most :data:`MOMENTS` moments, up to trick :data:`LAST_TRICK`). The position is rebuilt from
    the seed and the moves, so ``p`` is left as it was and the same answers give the same moments."""
    from cardcli.games.bridge import moves as mv

    if p.moment >= MOMENTS:
        return None
    mine = p.rating_of(card)
    played = card if mine is not None and mine.makes >= p.best.makes else p.best.card
    got = declared_by_south(p.seed)
    assert got is not None
    s, by = got
    for c in [*p.moves, played]:
        s.play(mv.Play(c))
    layouts, margin = p.asked
    return _search(s, p.seed, by, [*p.moves, played], layouts, margin, LAST_TRICK, p.moment + 1)


def problem(seed: str, layouts: int | None = None, margin: float | None = None) -> LineProblem:
    """The problem of ``seed``: its own deal if it has a key moment, else the first derived one that
    does (``layouts`` and ``margin`` default to :data:`LAYOUTS` and :data:`MARGIN`)."""
    layouts = LAYOUTS if layouts is None else layouts
    margin = MARGIN if margin is None else margin
    for k in range(ATTEMPTS):
        got = attempt(seed if k == 0 else f"{seed}/{k}", layouts, margin)
        if got is not None:
            return got
    raise NoProblem(seed)  # pragma: no cover


def percent(r: Rating, n: int) -> str:
    return f"{round(100 * r.share(n))}%"


def cards_text(r: Rating) -> str:
    return "/".join(r.cards)


def verdict_lines(p: LineProblem, card: Card) -> tuple[bool, list[str]]:
    """Whether ``card`` is as good as the best, and the lines that say so: the chosen card's rating,
    the best line in words, and every choice's rating."""
    from cardcli.tutor.line_words import explain

    n = len(p.layouts)
    mine = p.rating_of(card)
    assert mine is not None
    ok = mine.makes >= p.best.makes
    lines = [
        _("{card}: the contract makes in {k} of the {n} layouts that fit what you know ({p}).").format(
            card=card, k=mine.makes, p=percent(mine, n), n=n
        )
    ]
    lines.append(
        _("Best: {cards} ({p}). {why}").format(
            cards=cards_text(p.best), p=percent(p.best, n), why=explain(p.view(), p.best.card, p.naive.card)
        )
    )
    lines.append(
        _("The rule-of-thumb card, {card}: {p} ({why}).").format(card=p.naive.card, p=percent(p.naive, n), why=p.naive_why)
    )
    lines.append(_("Every choice: {list}").format(list=", ".join(f"{cards_text(r)} {percent(r, n)}" for r in p.ratings)))
    return ok, lines
