"""cardcli's bidding system: a simplified Standard American (SAYC-lite) where every call explains itself.

The system is a table of *candidates* (rules digest §4.4). For a position in
the auction, :func:`candidates` lists the calls the system knows there, in
priority order, each with

* an explanation for people ("15-17 HCP, balanced"),
* a :class:`Shape` (HCP range, suit lengths) that the call promises, and
* a test on a hand.

The same list does every job, so the bots, ``hint``, ``explain`` and the
card-play sampler can never disagree about what a call means:

* a bot bids the first legal candidate whose test its hand passes;
* ``explain 1NT`` reads the candidate for 1NT at the current position;
* the meaning of each call already made (partner's, the opponents') is the
  candidate the caller must have used, and its shape narrows what is known
  about that hand (:func:`interpret`), which feeds later decisions and the
  double-dummy sampling in :mod:`cardcli.games.bridge.sampling`.

Beyond the first rounds a general *placement* rule takes over: with what
partner has shown, find a fit and count the points together, then bid game
(25+ points, 29 for a minor), slam (33+, via Blackwood), or stop in a part
score. Game is judged against the rubber score: with a part score below the
line, a lower contract completes the game and the bots stop there
(:meth:`Ctx.game_level`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardcli.games.bridge.auction import auction_over, caller, doubling_state, side_of
from cardcli.games.bridge.moves import DOUBLE, PASS, REDOUBLE, STRAINS, Bid, Call, Double, Pass, Redouble
from cardcli.games.bridge.scoring import trick_points
from cardcli.i18n import _

SUITS = "SHDC"
MAJORS = "SH"
MINORS = "DC"
_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "N": "notrump"}


def sname(s: str) -> str:
    """A strain in words, translated."""
    return {"C": _("clubs"), "D": _("diamonds"), "H": _("hearts"), "S": _("spades"), "N": _("notrump")}[s]


def bname(b: Bid) -> str:
    return f"{b.level}{'NT' if b.strain == 'N' else b.strain}"


# -- hand evaluation -------------------------------------------------------------------------------

_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
_BALANCED = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}


class Hand:
    """The facts about 13 cards that the system looks at."""

    __slots__ = ("cards", "hcp", "lens", "balanced", "_suits")

    def __init__(self, cards: Sequence[str]) -> None:
        self.cards = tuple(cards)
        self.hcp = sum(_HCP.get(c[0], 0) for c in cards)
        self._suits = {s: [c[0] for c in cards if c[1] == s] for s in SUITS}
        self.lens = {s: len(v) for s, v in self._suits.items()}
        self.balanced = tuple(sorted(self.lens.values(), reverse=True)) in _BALANCED

    def ranks(self, suit: str) -> list[str]:
        return self._suits[suit]

    @property
    def pts(self) -> int:
        """HCP plus one point for each card beyond four in a suit (opener's count)."""
        return self.hcp + sum(max(0, n - 4) for n in self.lens.values())

    def sup(self, suit: str) -> int:
        """Points as a raiser of ``suit``: HCP plus shortness when there are 3+ trumps."""
        n = self.lens[suit]
        if n >= 4:
            table = {0: 5, 1: 3, 2: 1}
        elif n == 3:
            table = {0: 3, 1: 2, 2: 1}
        else:
            return self.hcp
        return self.hcp + sum(table.get(self.lens[s], 0) for s in SUITS if s != suit)

    def honors(self, suit: str, top: str = "AKQJT") -> int:
        return sum(1 for r in self._suits[suit] if r in top)

    def good(self, suit: str) -> bool:
        """A good suit: two of the top three honors, or three of the top five."""
        return self.honors(suit, "AKQ") >= 2 or self.honors(suit) >= 3

    def fair(self, suit: str) -> bool:
        """Good enough to overcall or pre-empt: two of the top five honors."""
        return self.honors(suit) >= 2

    def stopper(self, suit: str) -> bool:
        r, n = self._suits[suit], self.lens[suit]
        return "A" in r or ("K" in r and n >= 2) or ("Q" in r and n >= 3) or ("J" in r and n >= 4)

    @property
    def aces(self) -> int:
        return sum(1 for c in self.cards if c[0] == "A")

    def longest(self, among: str = SUITS) -> str:
        """The longest suit of ``among``; ties go to the higher-ranking one."""
        return max(among, key=lambda s: (self.lens[s], -SUITS.index(s)))


# -- meanings --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Shape:
    """What a call promises about a hand: an HCP range and suit-length ranges (S, H, D, C)."""

    hcp: tuple[int, int] = (0, 37)
    lo: tuple[int, int, int, int] = (0, 0, 0, 0)
    hi: tuple[int, int, int, int] = (13, 13, 13, 13)

    def meet(self, other: Shape) -> Shape:
        """Both shapes at once; a contradiction keeps this shape's side of the range."""
        h = (max(self.hcp[0], other.hcp[0]), min(self.hcp[1], other.hcp[1]))
        if h[0] > h[1]:
            h = other.hcp
        lo = tuple(max(a, b) for a, b in zip(self.lo, other.lo))
        hi = tuple(min(a, b) for a, b in zip(self.hi, other.hi))
        if any(a > b for a, b in zip(lo, hi)) or sum(lo) > 13:
            lo, hi = other.lo, other.hi
        return Shape(h, lo, hi)  # type: ignore[arg-type]

    def min_len(self, suit: str) -> int:
        return self.lo[SUITS.index(suit)]

    def max_len(self, suit: str) -> int:
        return self.hi[SUITS.index(suit)]

    def holds(self, hand: Hand) -> bool:
        if not self.hcp[0] <= hand.hcp <= self.hcp[1]:
            return False
        return all(self.lo[i] <= hand.lens[s] <= self.hi[i] for i, s in enumerate(SUITS))


ANY = Shape()


@dataclass(frozen=True)
class Cand:
    call: Call
    text: str
    shape: Shape
    test: Callable[[Hand], bool]
    forcing: bool = False
    """Partner must not pass (new suits, artificial asks, relays): the bid is not a place to stop."""


def cand(call: Call, text: str, *, hcp: tuple[int, int] = (0, 37), pts: tuple[int, int] | None = None,
         sup: tuple[str, int, int] | None = None, lens: dict[str, tuple[int, int]] | None = None,
         bal: bool | None = None, extra: Callable[..., bool] | None = None, forcing: bool = False) -> Cand:
    """Build a candidate; the shape is derived from the conditions (points give a loose HCP range)."""
    lo_h, hi_h = hcp
    if pts is not None:
        lo_h, hi_h = max(lo_h, pts[0] - 4), min(hi_h, pts[1])
    if sup is not None:
        lo_h, hi_h = max(lo_h, sup[1] - 5), min(hi_h, sup[2])
    lo = [0, 0, 0, 0]
    hi = [13, 13, 13, 13]
    for s, (a, b) in (lens or {}).items():
        lo[SUITS.index(s)] = max(lo[SUITS.index(s)], a)
        hi[SUITS.index(s)] = min(hi[SUITS.index(s)], b)
    if bal:
        lo = [max(x, 2) for x in lo]
        hi = [min(x, 5) for x in hi]
    shape = Shape((max(0, lo_h), max(0, hi_h)), tuple(lo), tuple(hi))  # type: ignore[arg-type]

    def test(h: Hand) -> bool:
        if not hcp[0] <= h.hcp <= hcp[1]:
            return False
        if pts is not None and not pts[0] <= h.pts <= pts[1]:
            return False
        if sup is not None and not sup[1] <= h.sup(sup[0]) <= sup[2]:
            return False
        for s, (a, b) in (lens or {}).items():
            if not a <= h.lens[s] <= b:
                return False
        if bal is not None and h.balanced != bal:
            return False
        return extra(h) if extra is not None else True

    return Cand(call, text, shape, test, forcing)


def B(level: int, strain: str) -> Bid:
    return Bid(level, strain)


# -- the auction from one seat's chair -------------------------------------------------------------

@dataclass
class Score:
    """What the bidder knows about the rubber: vulnerability and part scores (us, them)."""

    vul: tuple[bool, bool] = (False, False)
    leg: tuple[int, int] = (0, 0)


@dataclass
class Ctx:
    """One position in the auction, seen by the player about to call."""

    dealer: int
    calls: list[Call]
    score: Score
    know: list[Shape] = field(default_factory=lambda: [ANY] * 4)
    """What earlier calls showed about each seat (by seat number)."""
    forcing: list[bool] = field(default_factory=list)
    """For each call made: whether the system meant it as forcing (not a place to stop)."""

    @property
    def me(self) -> int:
        return caller(self.dealer, len(self.calls))

    @property
    def partner(self) -> int:
        return (self.me + 2) % 4

    @property
    def lho(self) -> int:
        return (self.me + 1) % 4

    @property
    def rho(self) -> int:
        return (self.me + 3) % 4

    def seat_calls(self, seat: int) -> list[Call]:
        return [c for i, c in enumerate(self.calls) if caller(self.dealer, i) == seat]

    def bids_of(self, seat: int) -> list[Bid]:
        return [c for c in self.seat_calls(seat) if isinstance(c, Bid)]

    @property
    def history(self) -> list[tuple[int, Call]]:
        return [(caller(self.dealer, i), c) for i, c in enumerate(self.calls)]

    @property
    def opening(self) -> tuple[int, Bid] | None:
        for seat, c in self.history:
            if isinstance(c, Bid):
                return seat, c
        return None

    @property
    def last_bid(self) -> tuple[int, Bid] | None:
        for seat, c in reversed(self.history):
            if isinstance(c, Bid):
                return seat, c
        return None

    def ours(self, seat: int) -> bool:
        return side_of(seat) == side_of(self.me)

    def ok(self, b: Bid) -> bool:
        lb = self.last_bid
        return lb is None or b.index > lb[1].index

    def cheapest(self, strain: str) -> Bid | None:
        for level in range(1, 8):
            b = Bid(level, strain)
            if self.ok(b):
                return b
        return None

    def jump(self, b: Bid) -> int:
        """How many levels above the cheapest bid in its strain ``b`` is (0 = not a jump)."""
        c = self.cheapest(b.strain)
        return b.level - c.level if c else 0

    def game_level(self, strain: str) -> int:
        """The lowest level that completes a game in ``strain`` with our part score (rubber)."""
        leg = self.score.leg[0]
        for level in range(1, 8):
            if leg + trick_points(level, strain, 0) >= 100:
                return level
        return 7

    def their_bids(self) -> list[tuple[int, Bid]]:
        return [(s, c) for s, c in self.history if isinstance(c, Bid) and not self.ours(s)]

    def our_bids(self) -> list[tuple[int, Bid]]:
        return [(s, c) for s, c in self.history if isinstance(c, Bid) and self.ours(s)]

    def their_suits(self) -> set[str]:
        return {b.strain for _s, b in self.their_bids() if b.strain != "N"}

    def partner_shape(self) -> Shape:
        return self.know[self.partner]

    def rho_passed_only(self) -> bool:
        return all(isinstance(c, Pass) for c in self.seat_calls(self.rho))


def interpret(dealer: int, calls: Sequence[Call], score_for: Callable[[int], Score]) -> tuple[list[str], list[Shape]]:
    """The meaning of every call made, and what they show about each seat.

    ``score_for(seat)`` gives the rubber score from that seat's side, so each
    call is read as its caller's system would have meant it.
    """
    texts, know, _forcing = _interpret(dealer, tuple(calls), score_for)
    return texts, know


def _interpret(dealer: int, calls: Sequence[Call], score_for: Callable[[int], Score]
               ) -> tuple[list[str], list[Shape], list[bool]]:
    know = [ANY] * 4
    texts: list[str] = []
    flags: list[bool] = []
    for i, call in enumerate(calls):
        seat = caller(dealer, i)
        ctx = Ctx(dealer, list(calls[:i]), score_for(seat), list(know), list(flags))
        c = find(candidates(ctx), call)
        if c is None:
            text, shape = natural(ctx, call)
        else:
            text, shape = c.text, c.shape
        texts.append(text)
        flags.append(bool(c and c.forcing))
        know[seat] = know[seat].meet(shape)
    return texts, know, flags


def find(cands: Sequence[Cand], call: Call) -> Cand | None:
    """The meaning of ``call`` here: when the system lists it more than once (a suit rebid with a
    6-card suit, or with a 5-card suit and nothing else to show), all its meanings together."""
    found = [c for c in cands if c.call == call]
    if len(found) <= 1:
        return found[0] if found else None
    texts = list(dict.fromkeys(c.text for c in found))
    shape = Shape((min(c.shape.hcp[0] for c in found), max(c.shape.hcp[1] for c in found)),
                  tuple(min(c.shape.lo[i] for c in found) for i in range(4)),  # type: ignore[arg-type]
                  tuple(max(c.shape.hi[i] for c in found) for i in range(4)))  # type: ignore[arg-type]
    tests = [c.test for c in found]
    return Cand(call, _("; or ").join(texts), shape, lambda h: any(t(h) for t in tests), any(c.forcing for c in found))


def with_fallback(specific: list[Cand], fallback: list[Cand]) -> list[Cand]:
    """``specific`` then the fallback's candidates for calls ``specific`` does not mention.

    A call keeps the meanings the specific rules give it, so its explanation
    cannot be contradicted by the general placement rule.
    """
    seen = {c.call for c in specific}
    return specific + [c for c in fallback if c.call not in seen]


def natural(ctx: Ctx, call: Call) -> tuple[str, Shape]:
    """A call the system does not list here: read it as natural."""
    if isinstance(call, Bid):
        if call.strain == "N":
            return _("natural, not in cardcli's system here: notrump, probably balanced"), ANY
        lens = {call.strain: (4, 13)}
        return (_("natural, not in cardcli's system here: shows {s}").format(s=sname(call.strain)),
                cand(call, "", lens=lens).shape)
    if isinstance(call, Double):
        return _("double, not in cardcli's system here: probably for penalties"), ANY
    if isinstance(call, Redouble):
        return _("redouble: confident the contract makes"), ANY
    return _("pass: nothing to add"), ANY


def choose(hand: Sequence[str], dealer: int, calls: Sequence[Call], score_for: Callable[[int], Score],
           legal: Sequence[Call] | None = None) -> tuple[Call, str]:
    """The system's call for ``hand`` now, with its explanation."""
    _texts, know, flags = _interpret(dealer, calls, score_for)
    ctx = Ctx(dealer, list(calls), score_for(caller(dealer, len(calls))), know, flags)
    h = Hand(hand)
    allowed = set(legal) if legal is not None else None
    for c in candidates(ctx):
        if allowed is not None and c.call not in allowed:
            continue
        if isinstance(c.call, Bid) and not ctx.ok(c.call):
            continue
        if c.test(h):
            return c.call, c.text
    return PASS, _("pass: nothing in the system fits this hand here")


def explain(dealer: int, calls: Sequence[Call], score_for: Callable[[int], Score], call: Call) -> str:
    """What ``call`` would mean if the player to call made it now."""
    _texts, know, flags = _interpret(dealer, calls, score_for)
    ctx = Ctx(dealer, list(calls), score_for(caller(dealer, len(calls))), know, flags)
    c = find(candidates(ctx), call)
    return c.text if c is not None else natural(ctx, call)[0]


# -- the system ------------------------------------------------------------------------------------

def candidates(ctx: Ctx) -> list[Cand]:
    """Every call the system knows at this position, in priority order (Pass last)."""
    if auction_over(ctx.calls):
        return []
    op = ctx.opening
    if op is None:
        return openings(ctx)
    opener, _opening = op
    if opener == ctx.me:
        out = opener_rebids(ctx)
    elif opener == ctx.partner:
        out = responses(ctx)
    else:
        out = defence(ctx)
    return _to_the_score(ctx, _no_pass_when_forced(ctx, out))


def _no_pass_when_forced(ctx: Ctx, out: list[Cand]) -> list[Cand]:
    """Partner's forcing bid (a new suit, a cue bid, an artificial ask) must not be passed when the
    opponents passed over it: drop Pass, and make sure some bid is always possible."""
    hist = ctx.history
    if len(hist) < 2 or not isinstance(hist[-1][1], Pass):
        return out
    idx = len(hist) - 2
    seat, call = hist[idx]
    if seat != ctx.partner or not isinstance(call, Bid) or idx >= len(ctx.forcing) or not ctx.forcing[idx]:
        return out
    kept = [c for c in out if not isinstance(c.call, Pass)]
    ours = [b.strain for _s, b in ctx.our_bids() if b.strain != "N" and b.strain not in ctx.their_suits()]
    mine = [b.strain for b in ctx.bids_of(ctx.me) if b.strain != "N"]
    for strain in [*mine[:1], *ours[:1], "N"]:
        b = ctx.cheapest(strain)
        if b is not None and b.level <= 5:
            kept.append(cand(b, _("partner's bid was forcing: the cheapest sensible bid ({s})").format(
                s=sname(strain))))
            break
    return kept


def _to_the_score(ctx: Ctx, out: list[Cand]) -> list[Cand]:
    """Once our side's natural contract completes the game, bid on only for a slam.

    With a part score below the line a low contract is already game (60 + 2H):
    the bots stop there instead of bidding to the usual game level. Without a
    part score a game may still be corrected to another game (3NT → 4S).
    """
    lb = ctx.last_bid
    if lb is None or not ctx.ours(lb[0]):
        return out
    idx = max(i for i, (_s, c) in enumerate(ctx.history) if isinstance(c, Bid))
    if idx < len(ctx.forcing) and ctx.forcing[idx]:
        return out
    bid = lb[1]
    if bid.level >= 6 or bid.level < ctx.game_level(bid.strain):
        return out
    leg = ctx.score.leg[0]

    def keep(c: Cand) -> bool:
        if not isinstance(c.call, Bid):
            return True
        b = c.call
        if b.level >= 6 or (b == B(4, "N") and c.forcing):
            return True
        return leg == 0 and b.level <= 5 and b.level == ctx.game_level(b.strain)
    return [c for c in out if keep(c)]


# Openings -----------------------------------------------------------------------------------------

def _major_first(h: Hand) -> str | None:
    s, hh = h.lens["S"], h.lens["H"]
    if s >= 5 and s >= hh:
        return "S"
    if hh >= 5:
        return "H"
    return None


def _minor_opening(h: Hand) -> str:
    d, c = h.lens["D"], h.lens["C"]
    if d > c:
        return "D"
    if c > d:
        return "C"
    return "D" if d >= 4 else "C"


def openings(ctx: Ctx) -> list[Cand]:
    out = [
        cand(B(2, "C"), _("22+ HCP (or about 9 tricks): strong, artificial and forcing"), forcing=True,
             hcp=(22, 37)),
        cand(B(2, "C"), _("22+ HCP (or about 9 tricks): strong, artificial and forcing"), forcing=True,
             pts=(25, 40), hcp=(19, 37)),
        cand(B(2, "N"), _("20-21 HCP, balanced"), hcp=(20, 21), bal=True),
        cand(B(1, "N"), _("15-17 HCP, balanced"), hcp=(15, 17), bal=True),
        cand(B(1, "S"), _("12-21 points, 5+ spades"), pts=(12, 24), hcp=(10, 21), lens={"S": (5, 13)},
             extra=lambda h: _major_first(h) == "S"),
        cand(B(1, "H"), _("12-21 points, 5+ hearts"), pts=(12, 24), hcp=(10, 21), lens={"H": (5, 13)},
             extra=lambda h: _major_first(h) == "H"),
        cand(B(1, "D"), _("12-21 points, no 5-card major, usually 4+ diamonds (the longer minor)"),
             pts=(12, 24), hcp=(10, 21), lens={"S": (0, 4), "H": (0, 4), "D": (3, 13)},
             extra=lambda h: _minor_opening(h) == "D"),
        cand(B(1, "C"), _("12-21 points, no 5-card major, 3+ clubs (the longer minor)"),
             pts=(12, 24), hcp=(10, 21), lens={"S": (0, 4), "H": (0, 4), "C": (3, 13)},
             extra=lambda h: _minor_opening(h) == "C"),
    ]
    for s in "SH":
        out.append(cand(B(4, s), _("pre-empt: 8+ {s}, less than an opening bid").format(s=sname(s)),
                        hcp=(5, 10), lens={s: (8, 13)}, extra=lambda h, s=s: h.fair(s)))
    for s in "SHDC":
        out.append(cand(B(3, s), _("pre-empt: 7 {s}, less than an opening bid").format(s=sname(s)),
                        hcp=(5, 10), lens={s: (7, 7)}, extra=lambda h, s=s: h.fair(s)))
    for s in "SHD":
        others = "SH".replace(s, "") if s in "SH" else ""
        out.append(cand(B(2, s), _("weak two: 5-10 HCP, a good 6-card {s} suit").format(s=sname(s)),
                        hcp=(5, 10), lens={s: (6, 6), **{o: (0, 3) for o in others}},
                        extra=lambda h, s=s: h.good(s)))
    out.append(cand(PASS, _("pass: fewer than 12 points and no pre-empt"), hcp=(0, 12)))
    return out


# Responses to partner's opening --------------------------------------------------------------------

def responses(ctx: Ctx) -> list[Cand]:
    """We are responder: partner opened."""
    op = ctx.opening
    assert op is not None
    _opener, opening = op
    first_answer = (not [c for c in ctx.seat_calls(ctx.me) if not isinstance(c, Pass)]
                    and len(ctx.bids_of(ctx.partner)) == 1
                    and not any(isinstance(c, Double) for c in ctx.seat_calls(ctx.partner)))
    if first_answer:
        interference = any(not isinstance(c, Pass) for s, c in ctx.history if not ctx.ours(s))
        if not interference:
            if opening.strain == "N" and opening.level == 1:
                return after_1nt(ctx)
            if opening.strain == "N" and opening.level == 2:
                return after_2nt(ctx)
            if opening == B(2, "C"):
                return after_2c(ctx)
            if opening.level == 1 and opening.strain in MAJORS:
                return after_1major(ctx, opening.strain)
            if opening.level == 1:
                return after_1minor(ctx, opening.strain)
            if opening.level == 2:
                return after_weak_two(ctx, opening.strain)
            return after_preempt(ctx, opening)
        if opening.level == 1 and opening.strain != "N":
            return competitive_response(ctx, opening.strain)
        if opening == B(1, "N"):
            return after_1nt_interference(ctx)
    special = conventional_continuations(ctx)
    if special is not None:
        return special
    return placement(ctx)


def _part_score_raise(ctx: Ctx, m: str, need: int) -> list[Cand]:
    """With our part score, the cheapest raise may already complete the game."""
    b = ctx.cheapest(m)
    if b is None or b.level > 3 or ctx.game_level(m) > b.level or ctx.score.leg[0] == 0:
        return []
    return [cand(b, _("completes the game with our part score below the line: {n}+ {m}, 6-15 points").format(
        n=need, m=sname(m)), hcp=(6, 15), lens={m: (need, 13)}, extra=lambda h: h.sup(m) >= 6)]


def after_1major(ctx: Ctx, m: str) -> list[Cand]:
    other = "S" if m == "H" else "H"
    out = _part_score_raise(ctx, m, 3) + [
        cand(B(2, "N"), _("Jacoby 2NT: 4+ {m}, 13+ points, forcing to game").format(m=sname(m)), forcing=True,
             sup=(m, 13, 40), lens={m: (4, 13)}),
        cand(B(4, m), _("pre-emptive raise to game: 5+ {m}, fewer than 10 HCP").format(m=sname(m)),
             hcp=(0, 9), lens={m: (5, 13)}, extra=lambda h: h.sup(m) >= 8),
        cand(B(3, m), _("limit raise: 3+ {m}, 10-12 points, invitational").format(m=sname(m)),
             sup=(m, 10, 12), lens={m: (3, 13)}),
        cand(B(4, m), _("raise to game: 3 {m} and 13-16 points").format(m=sname(m)),
             sup=(m, 13, 16), lens={m: (3, 3)}),
    ]
    if m == "H":
        out.append(cand(B(1, "S"), _("4+ spades, 6+ points, forcing one round"), forcing=True,
                        hcp=(6, 37), lens={"S": (4, 13)}, extra=lambda h: h.lens["H"] < 3 or h.hcp >= 11))
    out.append(cand(B(2, m), _("single raise: 3+ {m}, 6-10 points").format(m=sname(m)),
                    sup=(m, 6, 10), hcp=(5, 10), lens={m: (3, 13)}))
    out.append(cand(B(3, "N"), _("15-17 HCP, balanced, at most 2 {m}").format(m=sname(m)),
                    hcp=(15, 17), bal=True, lens={m: (0, 2)}))
    for s in ("C", "D", "H") if m == "S" else ("C", "D"):
        need = 5 if s == "H" else 4
        out.append(cand(B(2, s), _("11+ points, {n}+ {s}, forcing one round").format(n=need, s=sname(s)), forcing=True,
                        hcp=(11, 37), lens={s: (need, 13)},
                        extra=lambda h, s=s: h.longest("CDH" if m == "S" else "CD") == s or h.lens[s] >= 5))
    out.append(cand(B(1, "N"), _("6-10 HCP, no fit and no suit to bid at the 1 level"), hcp=(6, 10)))
    minor = lambda h: "C" if h.lens["C"] >= h.lens["D"] else "D"  # noqa: E731
    for s in "CD":
        out.append(cand(B(2, s), _("11+ points, forcing: the longer minor (may be only 3 cards)"), forcing=True,
                        hcp=(11, 37), lens={s: (3, 13)}, extra=lambda h, s=s: minor(h) == s))
    out.append(cand(PASS, _("pass: 0-5 points"), hcp=(0, 5)))
    del other
    return out


def after_1minor(ctx: Ctx, m: str) -> list[Cand]:
    out: list[Cand] = _part_score_raise(ctx, m, 5 if m == "C" else 4)
    majors_ok = lambda h: h.lens["H"] >= 4 or h.lens["S"] >= 4  # noqa: E731
    if m == "C":
        out.append(cand(B(1, "D"), _("6+ points, 4+ diamonds, no 4-card major, forcing"), forcing=True,
                        hcp=(6, 37), lens={"D": (4, 13), "H": (0, 3), "S": (0, 3)}))
    out.append(cand(B(1, "H"), _("6+ points, 4+ hearts, forcing one round (up the line with 4-4)"), forcing=True,
                    hcp=(6, 37), lens={"H": (4, 13)},
                    extra=lambda h: h.lens["H"] >= h.lens["S"] or h.lens["S"] < 5))
    out.append(cand(B(1, "S"), _("6+ points, 4+ spades, forcing one round"), forcing=True, hcp=(6, 37), lens={"S": (4, 13)}))
    nomaj = {"H": (0, 3), "S": (0, 3)}
    out.append(cand(B(3, "N"), _("16-18 HCP, balanced, no 4-card major"), hcp=(16, 18), bal=True, lens=nomaj))
    out.append(cand(B(2, "N"), _("13-15 HCP, balanced, no 4-card major, forcing to game"), forcing=True,
                    hcp=(13, 15), bal=True, lens=nomaj))
    need = 5 if m == "C" else 4
    out.append(cand(B(3, m), _("limit raise: {n}+ {m}, 10-12 points, no 4-card major").format(n=need, m=sname(m)),
                    hcp=(10, 12), lens={m: (need, 13), **nomaj}))
    if m == "D":
        out.append(cand(B(2, "C"), _("11+ points, 4+ clubs, no 4-card major, forcing"), forcing=True,
                        hcp=(11, 37), lens={"C": (4, 13), **nomaj}))
    out.append(cand(B(2, m), _("single raise: {n}+ {m}, 6-10 points, no 4-card major").format(n=need, m=sname(m)),
                    hcp=(6, 10), lens={m: (need, 13), **nomaj}))
    out.append(cand(B(1, "N"), _("6-10 HCP, no 4-card major"), hcp=(6, 10), lens=nomaj))
    out.append(cand(PASS, _("pass: 0-5 points"), hcp=(0, 5)))
    del majors_ok
    return out


def after_1nt(ctx: Ctx) -> list[Cand]:
    four_major = lambda h: (h.lens["H"] == 4 or h.lens["S"] == 4)  # noqa: E731
    return [
        cand(B(2, "D"), _("Jacoby transfer: 5+ hearts, any strength; asks opener to bid 2H"), forcing=True,
             lens={"H": (5, 13)}, extra=lambda h: h.lens["H"] >= h.lens["S"]),
        cand(B(2, "H"), _("Jacoby transfer: 5+ spades, any strength; asks opener to bid 2S"), forcing=True,
             lens={"S": (5, 13)}, extra=lambda h: h.lens["S"] > h.lens["H"]),
        cand(B(2, "C"), _("Stayman: 8+ HCP and a 4-card major; asks opener for a 4-card major"), forcing=True,
             hcp=(8, 37), lens={"H": (0, 4), "S": (0, 4)}, extra=four_major),
        cand(B(6, "N"), _("18-19 HCP, balanced: slam to play"), hcp=(18, 19), lens={"H": (0, 3), "S": (0, 3)}),
        cand(B(4, "N"), _("16-17 HCP, balanced: invites 6NT (quantitative)"), hcp=(16, 17),
             lens={"H": (0, 3), "S": (0, 3)}),
        cand(B(3, "N"), _("10-15 HCP, to play, no 4-card major"), hcp=(10, 15), lens={"H": (0, 3), "S": (0, 3)}),
        cand(B(2, "S"), _("weak hand with a long minor: asks opener to bid 3C"), forcing=True,
             hcp=(0, 7), extra=lambda h: max(h.lens["C"], h.lens["D"]) >= 6),
        cand(B(2, "N"), _("8-9 HCP, invitational, no 4-card major"), hcp=(8, 9), lens={"H": (0, 3), "S": (0, 3)}),
        cand(PASS, _("pass: 0-7 HCP, nothing to say"), hcp=(0, 7)),
    ]


def after_1nt_interference(ctx: Ctx) -> list[Cand]:
    """Partner opened 1NT and the opponents came in: doubles are for penalties (SAYC)."""
    lb = ctx.last_bid
    assert lb is not None
    their = lb[1]
    out: list[Cand] = []
    if not ctx.ours(lb[0]) and doubling_state(ctx.calls) == 0 and their.strain != "N":
        t = their.strain
        out.append(cand(DOUBLE, _("penalty double: 8+ HCP and 4+ {s}, their suit").format(s=sname(t)),
                        hcp=(8, 37), lens={t: (4, 13)}, extra=lambda h: h.honors(t) >= 1))
    stop = lambda h: all(h.stopper(x) for x in ctx.their_suits())  # noqa: E731
    if ctx.ok(B(3, "N")):
        out.append(cand(B(3, "N"), _("10+ HCP with a stopper in their suit: game"), hcp=(10, 15), extra=stop))
    for s in "SH":
        game = B(4, s)
        if ctx.ok(game):
            out.append(cand(game, _("game: 6+ {s} and 10+ HCP").format(s=sname(s)), hcp=(10, 15), lens={s: (6, 13)}))
    for s in "SHDC":
        b = ctx.cheapest(s)
        if b is not None and b.level == 2 and s not in ctx.their_suits():
            out.append(cand(b, _("to play: 5+ {s}, fewer than 10 HCP").format(s=sname(s)), hcp=(0, 9),
                            lens={s: (5, 13)}))
    out.append(cand(PASS, _("pass: nothing useful to say over their interference")))
    return out


def after_2nt(ctx: Ctx) -> list[Cand]:
    return [
        cand(B(3, "D"), _("transfer: 5+ hearts; asks opener to bid 3H"), forcing=True, lens={"H": (5, 13)},
             extra=lambda h: h.lens["H"] >= h.lens["S"]),
        cand(B(3, "H"), _("transfer: 5+ spades; asks opener to bid 3S"), forcing=True, lens={"S": (5, 13)},
             extra=lambda h: h.lens["S"] > h.lens["H"]),
        cand(B(3, "C"), _("Stayman: 4+ HCP and a 4-card major"), forcing=True, hcp=(4, 37),
             extra=lambda h: h.lens["H"] == 4 or h.lens["S"] == 4),
        cand(B(6, "N"), _("12-14 HCP: slam to play"), hcp=(12, 14)),
        cand(B(3, "N"), _("4-11 HCP: game to play"), hcp=(4, 11)),
        cand(PASS, _("pass: 0-3 HCP"), hcp=(0, 3)),
    ]


def after_2c(ctx: Ctx) -> list[Cand]:
    out = [cand(B(2, "N"), _("positive: 8+ HCP, balanced"), forcing=True, hcp=(8, 37), bal=True)]
    for s in "SH":
        out.append(cand(B(2, s), _("positive: 8+ HCP, a good 5+ {s} suit").format(s=sname(s)), forcing=True,
                        hcp=(8, 37), lens={s: (5, 13)}, extra=lambda h, s=s: h.good(s)))
    for s in "CD":
        out.append(cand(B(3, s), _("positive: 8+ HCP, a good 5+ {s} suit").format(s=sname(s)), forcing=True,
                        hcp=(8, 37), lens={s: (5, 13)}, extra=lambda h, s=s: h.good(s)))
    out.append(cand(B(2, "D"), _("waiting: artificial, says nothing about diamonds (usually 0-7 HCP)"), forcing=True))
    return out


def after_weak_two(ctx: Ctx, s: str) -> list[Cand]:
    return [
        cand(B(4, s), _("raise to game: 3+ {s} and 16+ points (or a pre-emptive raise)").format(s=sname(s)),
             lens={s: (3, 13)}, extra=lambda h: h.sup(s) >= 16 or (h.lens[s] >= 4 and h.hcp <= 10)) if s in MAJORS
        else cand(B(3, "N"), _("16+ HCP with stoppers: game to play"), hcp=(16, 37),
                  extra=lambda h: all(h.stopper(x) for x in SUITS if x != s)),
        cand(B(3, "N"), _("17+ HCP with stoppers, little support: game to play"), hcp=(17, 37),
             lens={s: (0, 2)}, extra=lambda h: all(h.stopper(x) for x in SUITS if x != s)),
        cand(B(3, s), _("pre-emptive raise: 3+ {s}, not invitational").format(s=sname(s)), hcp=(0, 13),
             lens={s: (3, 13)}),
        *[cand(ctx.cheapest(t) or B(3, t), _("natural: 5+ {t}, 16+ HCP, forcing").format(t=sname(t)), forcing=True,
               hcp=(16, 37), lens={t: (5, 13)}, extra=lambda h, t=t: h.longest() == t)
          for t in "SHDC" if t != s],
        cand(B(3, "N"), _("to play: 16+ HCP (the best game in view)"), hcp=(16, 37)),
        cand(PASS, _("pass: no game in view"), hcp=(0, 15)),
    ]


def after_preempt(ctx: Ctx, opening: Bid) -> list[Cand]:
    s = opening.strain
    out: list[Cand] = []
    if s in MAJORS and opening.level == 3:
        out.append(cand(B(4, s), _("raise to game: support and 15+ points").format(s=sname(s)),
                        lens={s: (2, 13)}, extra=lambda h: h.sup(s) >= 15 or (h.lens[s] >= 4 and h.hcp <= 10)))
    if opening.level == 3:
        out.append(cand(B(3, "N"), _("to play: 16+ HCP with stoppers in the other suits"), hcp=(16, 37),
                        extra=lambda h: all(h.stopper(x) for x in SUITS if x != s)))
    out.append(cand(PASS, _("pass: no game in view")))
    return out


def competitive_response(ctx: Ctx, m: str) -> list[Cand]:
    """Partner opened one of a suit and the opponents came in (overcall or double)."""
    lb = ctx.last_bid
    assert lb is not None
    their = ctx.their_suits()
    out: list[Cand] = []
    rho_doubled = any(isinstance(c, Double) for c in ctx.seat_calls(ctx.rho)) and lb[0] == ctx.partner
    if rho_doubled:
        out.append(cand(REDOUBLE, _("10+ HCP, usually no fit: the hand belongs to us"), hcp=(10, 37),
                        lens={m: (0, 2)} if m in MAJORS else None))
    need = 3 if m in MAJORS else 5
    cue = next((b for s, b in ctx.their_bids()), None)
    raise_ = ctx.cheapest(m)
    if raise_ is not None:
        if cue is not None and cue.strain != "N" and ctx.cheapest(cue.strain):
            cb = ctx.cheapest(cue.strain)
            assert cb is not None
            if cb.level <= 3:
                out.append(cand(cb, _("cue bid: a limit raise or better in {m} (10+ points, {n}+ cards)").format(
                    m=sname(m), n=need), forcing=True, sup=(m, 10, 40), lens={m: (need, 13)}))
        if raise_.level <= 3:
            out.append(cand(raise_, _("raise: {n}+ {m}, 6-10 points").format(n=need, m=sname(m)),
                            sup=(m, 6, 10), hcp=(5, 10), lens={m: (need, 13)}))
        jump = Bid(raise_.level + 1, m)
        if jump.level <= 4 and (m in MAJORS or jump.level <= 3):
            out.append(cand(jump, _("pre-emptive jump raise: 4+ {m}, weak").format(m=sname(m)),
                            hcp=(0, 8), lens={m: (4, 13)}))
    if not rho_doubled and lb[1].level <= 2 and lb[1].strain != "N":
        unbid_majors = [s for s in MAJORS if s not in their and s != m]
        if unbid_majors and ctx.ok(lb[1]):
            out.append(cand(DOUBLE, _("negative double: 6+ HCP and 4 cards in the unbid major{s} ({which})").format(
                s="s" if len(unbid_majors) > 1 else "", which=", ".join(sname(x) for x in unbid_majors)),
                hcp=(6, 37), lens={x: (4, 13) for x in unbid_majors[:1]} if len(unbid_majors) == 1 else None,
                extra=lambda h: all(h.lens[x] >= 4 for x in unbid_majors) or
                (len(unbid_majors) == 2 and any(h.lens[x] >= 4 for x in unbid_majors) and h.hcp >= 8)))
    for s in "SHDC":
        if s == m or s in their:
            continue
        b = ctx.cheapest(s)
        if b is None or b.level > 2:
            continue
        lo = 6 if b.level == 1 else 11
        out.append(cand(b, _("{lo}+ points, 5+ {s}, forcing").format(lo=lo, s=sname(s)), forcing=True,
                        hcp=(lo, 37), lens={s: (5, 13)}, extra=lambda h, s=s: h.fair(s) or h.lens[s] >= 6))
    stop = (lambda h: all(h.stopper(x) for x in their)) if their else (lambda h: True)
    for lvl, rng, txt in ((1, (8, 10), _("8-10 HCP with a stopper in their suit")),
                          (2, (11, 12), _("11-12 HCP with a stopper in their suit, invitational")),
                          (3, (13, 16), _("13-16 HCP with a stopper in their suit: game"))):
        b = Bid(lvl, "N")
        if ctx.ok(b) and ctx.jump(b) <= 1:
            out.append(cand(b, txt, hcp=rng, extra=stop))
    out.append(cand(PASS, _("pass: nothing useful to say over the interference")))
    return out


# Opener's rebids ----------------------------------------------------------------------------------

def opener_rebids(ctx: Ctx) -> list[Cand]:
    op = ctx.opening
    assert op is not None
    opening = op[1]
    p_bids = ctx.bids_of(ctx.partner)
    my_calls = ctx.seat_calls(ctx.me)
    their = ctx.their_bids()
    if len(my_calls) == 1 and p_bids and len(p_bids) == 1 and not their:
        resp = p_bids[0]
        special = opener_second(ctx, opening, resp)
        if special is not None:
            return special
    if len(my_calls) == 1 and not p_bids and opening.level == 1 and opening.strain != "N":
        return opener_after_pass_or_competition(ctx, opening)
    special = conventional_continuations(ctx)
    if special is not None:
        return special
    return placement(ctx)


def opener_second(ctx: Ctx, o: Bid, r: Bid) -> list[Cand] | None:
    """Opener's second call after an uncontested response."""
    out: list[Cand]
    partner_double = any(isinstance(c, Double) for c in ctx.seat_calls(ctx.partner))
    if partner_double:
        return None
    if o == B(1, "N"):
        if r == B(2, "C"):
            return [
                cand(B(2, "H"), _("Stayman answer: 4+ hearts (may also have 4 spades)"), forcing=True, lens={"H": (4, 13)}),
                cand(B(2, "S"), _("Stayman answer: 4+ spades, not 4 hearts"), forcing=True, lens={"S": (4, 13), "H": (0, 3)}),
                cand(B(2, "D"), _("Stayman answer: no 4-card major"), forcing=True, lens={"S": (0, 3), "H": (0, 3)}),
            ]
        if r in (B(2, "D"), B(2, "H")):
            m = "H" if r.strain == "D" else "S"
            return [cand(B(3, m), _("super-accept: 4 {m} and 17 HCP").format(m=sname(m)), hcp=(17, 17),
                         lens={m: (4, 13)}),
                    cand(B(2, m), _("completes the transfer: says nothing yet about {m}").format(m=sname(m)))]
        if r == B(2, "S"):
            return [cand(B(3, "C"), _("forced: partner passes with clubs or corrects to 3D"))]
        if r == B(2, "N"):
            return [cand(B(3, "N"), _("maximum (16-17): accepts the invitation"), hcp=(16, 17)),
                    cand(PASS, _("minimum (15): declines the invitation"), hcp=(15, 15))]
        if r == B(4, "N"):
            return [cand(B(6, "N"), _("maximum (16-17): accepts the slam invitation"), hcp=(16, 17)),
                    cand(PASS, _("minimum (15): declines the slam invitation"), hcp=(0, 15))]
        return None
    if o == B(2, "N"):
        if r == B(3, "C"):
            return [cand(B(3, "H"), _("Stayman answer: 4+ hearts"), forcing=True, lens={"H": (4, 13)}),
                    cand(B(3, "S"), _("Stayman answer: 4+ spades, not 4 hearts"), forcing=True, lens={"S": (4, 13), "H": (0, 3)}),
                    cand(B(3, "D"), _("Stayman answer: no 4-card major"), forcing=True)]
        if r in (B(3, "D"), B(3, "H")):
            m = "H" if r.strain == "D" else "S"
            return [cand(B(3, m), _("completes the transfer").format(m=sname(m)))]
        return None
    if o == B(2, "C"):
        if r == B(2, "D"):
            out = [cand(B(2, "N"), _("22-24 HCP, balanced"), hcp=(22, 24), bal=True),
                   cand(B(3, "N"), _("25-27 HCP, balanced"), hcp=(25, 27), bal=True)]
            for s in "SHDC":
                b = ctx.cheapest(s)
                assert b is not None
                out.append(cand(b, _("natural: 5+ {s}, forcing").format(s=sname(s)), forcing=True, lens={s: (5, 13)},
                                extra=lambda h, s=s: h.longest() == s))
            out.append(cand(B(2, "N"), _("22-24 HCP, no good suit to show"), hcp=(22, 37)))
            return out
        return None
    if o.level != 1 or o.strain == "N":
        return None
    m = o.strain
    if r == B(2, m) and m in MAJORS:
        return [cand(B(4, m), _("accepts: 19+ points, game"), pts=(19, 37)),
                cand(B(3, m), _("invites game: 16-18 points"), pts=(16, 18)),
                cand(PASS, _("minimum: no game opposite a single raise"), pts=(0, 15))]
    if r == B(3, m) and m in MAJORS:
        return [cand(B(4, m), _("accepts the limit raise: 14+ points"), pts=(14, 37)),
                cand(PASS, _("declines the limit raise: 12-13 points"), pts=(0, 13))]
    if r == B(2, "N") and m in MAJORS:
        return [cand(B(3, m), _("Jacoby answer: 16+ points, interested in slam"), pts=(16, 37)),
                cand(B(4, m), _("Jacoby answer: minimum opening, no slam interest"), pts=(0, 15))]
    if r in (B(2, m), B(3, m)) and m in MINORS:
        return [cand(B(3, "N"), _("to play: 18+ HCP balanced, or enough opposite a limit raise"),
                     hcp=(18 if r.level == 2 else 14, 37), bal=True),
                cand(PASS, _("no game in view"), hcp=(0, 37))]
    if r.strain == "N" and r.level in (2, 3) and m in MINORS:
        if r.level == 2:
            return [cand(B(3, "N"), _("accepts: game in notrump"), hcp=(0, 37))]
        return [cand(PASS, _("to play"))]
    if r == B(3, "N"):
        return [cand(B(4, m), _("6+ {m}: prefers the major game").format(m=sname(m)), lens={m: (6, 13)})
                if m in MAJORS else cand(PASS, _("to play")), cand(PASS, _("to play"))]
    # a new suit or 1NT by responder
    out = []
    rs = r.strain
    if rs != "N" and rs in MAJORS:
        for lvl, rng, txt in ((4, (19, 37), _("raise to game: 4 {s} and 19-21 points")),
                              (3, (16, 18), _("jump raise: 4 {s} and 16-18 points, invitational")),
                              (r.level + 1, (12, 15), _("raise: 4 {s} and 12-15 points"))):
            b = Bid(lvl, rs)
            if ctx.ok(b) and lvl <= 4:
                out.append(cand(b, txt.format(s=sname(rs)), sup=(rs, rng[0], rng[1]), lens={rs: (4, 13)}))
    if r.level == 1 and rs != "N":
        for s in "HS":
            b = Bid(1, s)
            if ctx.ok(b) and s != m and s != rs:
                out.append(cand(b, _("4+ {s}, 12-18 points, not forcing").format(s=sname(s)),
                                pts=(12, 18), lens={s: (4, 13)}, extra=lambda h, s=s: h.lens[rs] < 4 or rs not in MAJORS))
        out.append(cand(B(1, "N"), _("12-14 HCP, balanced"), hcp=(12, 14), bal=True))
        out.append(cand(B(2, "N"), _("18-19 HCP, balanced, invitational"), hcp=(18, 19), bal=True))
    if r == B(1, "N"):
        out.append(cand(B(2, "N"), _("18-19 HCP, balanced, invitational"), hcp=(18, 19), bal=True))
    if r.level == 2 and rs != "N":
        if rs in MINORS:
            b = Bid(3, rs)
            out.append(cand(b, _("raise: 4+ {s}").format(s=sname(rs)), lens={rs: (4, 13)}, pts=(12, 18)))
        out.append(cand(B(2, "N"), _("12-14 HCP, balanced, stoppers"), hcp=(12, 14), bal=True))
        out.append(cand(B(3, "N"), _("18-19 HCP, balanced"), hcp=(18, 19), bal=True))
    own = ctx.cheapest(m)
    if own is not None and own.level <= 3:
        out.append(cand(Bid(own.level + 1, m), _("jump rebid: 6+ {s} and 16-18 points, invitational").format(s=sname(m)),
                        pts=(16, 18), lens={m: (6, 13)}))
        out.append(cand(own, _("rebids the suit: 6+ {s}, minimum 12-15 points").format(s=sname(m)),
                        pts=(12, 15), lens={m: (6, 13)}))
    for s in "SHDC":
        if s in (m, rs):
            continue
        b = ctx.cheapest(s)
        if b is None or b.level > 2:
            continue
        reverse = b.level == 2 and STRAINS.index(s) > STRAINS.index(m)
        if b.level == 1:
            continue
        if reverse:
            out.append(cand(b, _("reverse: 4+ {s}, longer {m}, 17+ points, forcing").format(s=sname(s), m=sname(m)), forcing=True,
                            pts=(17, 37), lens={s: (4, 13), m: (5, 13)}))
        else:
            out.append(cand(b, _("second suit: 4+ {s}, 12-18 points").format(s=sname(s)),
                            pts=(12, 18), lens={s: (4, 13)}))
            if b.level <= 2 and Bid(b.level + 1, s).level <= 3:
                out.append(cand(Bid(b.level + 1, s), _("jump shift: 4+ {s}, 19-21 points, forcing to game").format(
                    s=sname(s)), forcing=True, pts=(19, 24), lens={s: (4, 13)}))
    if own is not None:
        out.append(cand(own, _("rebids the suit: 5+ {s}, minimum, nothing else to show").format(s=sname(m)),
                        pts=(12, 15), lens={m: (5, 13)}))
        if r.strain != "N" or r.level > 1:
            out.append(cand(own, _("rebids the suit: nothing else fits (partner's bid was forcing)").format(s=sname(m)),
                            lens={m: (3, 13)}))
    if ctx.ok(B(1, "N")):
        out.append(cand(B(1, "N"), _("12-14 HCP, nothing else to show"), hcp=(0, 15)))
    if r.level == 1 or rs == "N" and r.level == 1:
        out.append(cand(PASS, _("pass: minimum with nothing to add"), hcp=(0, 14),
                        extra=lambda h: r == B(1, "N")))
    return with_fallback(out, placement(ctx))


def opener_after_pass_or_competition(ctx: Ctx, o: Bid) -> list[Cand]:
    """Partner passed (or has not bid) after our one-level opening."""
    m = o.strain
    out: list[Cand] = []
    p_doubled = any(isinstance(c, Double) for c in ctx.seat_calls(ctx.partner))
    if p_doubled:
        their = ctx.their_suits()
        for s in "SH":
            if s in their or s == m:
                continue
            b = ctx.cheapest(s)
            if b and b.level <= 3:
                out.append(cand(b, _("answers the negative double: 4+ {s}").format(s=sname(s)), lens={s: (4, 13)}))
        nt = ctx.cheapest("N")
        if nt and nt.level <= 2:
            out.append(cand(nt, _("answers the negative double: balanced with a stopper"), bal=True,
                            extra=lambda h: all(h.stopper(x) for x in their)))
    own = ctx.cheapest(m)
    if own is not None and own.level <= 2:
        out.append(cand(own, _("competes: 6+ {s}").format(s=sname(m)), lens={m: (6, 13)}, pts=(12, 18)))
    out.append(cand(PASS, _("pass: nothing more to say")))
    return out


# Conventions that span both hands --------------------------------------------------------------------

def conventional_continuations(ctx: Ctx) -> list[Cand] | None:
    """Answers to Blackwood and transfers/Stayman continuations; ``None`` when none applies."""
    lb = ctx.last_bid
    p_bids = ctx.bids_of(ctx.partner)
    my_bids = ctx.bids_of(ctx.me)
    if not p_bids:
        return None
    last_p = p_bids[-1]
    partner_last = lb is not None and lb[0] == ctx.partner
    # Blackwood answer
    if partner_last and last_p == B(4, "N") and _agreed_suit(ctx) is not None:
        out = []
        for b, n, t in ((B(5, "C"), (0, 4), _("Blackwood answer: 0 or 4 aces")),
                        (B(5, "D"), (1, 1), _("Blackwood answer: 1 ace")),
                        (B(5, "H"), (2, 2), _("Blackwood answer: 2 aces")),
                        (B(5, "S"), (3, 3), _("Blackwood answer: 3 aces"))):
            out.append(cand(b, t, extra=lambda h, n=n: h.aces in n, forcing=True))
        return out
    # after our own Blackwood: place the slam
    if my_bids and my_bids[-1] == B(4, "N") and partner_last and last_p.level == 5 and _agreed_suit(ctx):
        suit = _agreed_suit(ctx)
        assert suit is not None
        shown = {"C": (0, 4), "D": (1,), "H": (2,), "S": (3,)}[last_p.strain]
        out = []
        def total_aces(h: Hand, shown: tuple[int, ...] = shown) -> int:
            opts = [a + h.aces for a in shown if a + h.aces <= 4]
            return min(opts) if opts else h.aces
        grand = Bid(7, suit)
        small = Bid(6, suit)
        if ctx.ok(grand):
            out.append(cand(grand, _("grand slam: all the aces and plenty to spare"),
                            extra=lambda h: total_aces(h) == 4 and h.hcp + ctx.know[ctx.partner].hcp[0] >= 36))
        if ctx.ok(small):
            out.append(cand(small, _("small slam: at most one ace missing"), extra=lambda h: total_aces(h) >= 3))
        five = Bid(5, suit)
        if ctx.ok(five):
            out.append(cand(five, _("sign-off: two aces are missing")))
        else:
            out.append(cand(PASS, _("sign-off: two aces are missing")))
        return out
    # transfer continuations (responder after opener completed a transfer)
    op = ctx.opening
    if op and op[0] == ctx.partner and op[1] == B(1, "N") and my_bids and partner_last:
        first = my_bids[0]
        if len(my_bids) == 1 and first in (B(2, "D"), B(2, "H")) and last_p.strain == ("H" if first == B(2, "D") else "S"):
            m = last_p.strain
            return with_fallback([
                cand(B(4, m), _("game: 6+ {m}, 10-15 HCP").format(m=sname(m)), hcp=(10, 15), lens={m: (6, 13)}),
                cand(B(3, "N"), _("game values with exactly 5 {m}: opener chooses 3NT or 4{x}").format(m=sname(m), x=m),
                     hcp=(10, 15), lens={m: (5, 5)}),
                cand(B(3, m), _("invitational: 6+ {m}, 8-9 HCP").format(m=sname(m)), hcp=(8, 9), lens={m: (6, 13)}),
                cand(B(2, "N"), _("invitational: 5 {m}, 8-9 HCP").format(m=sname(m)), hcp=(8, 9)),
                cand(PASS, _("weak: 0-7 HCP, plays in {m}").format(m=sname(m)), hcp=(0, 7)),
            ], placement(ctx))
        if len(my_bids) == 1 and first == B(2, "C") and last_p.level == 2:
            fit = last_p.strain if last_p.strain in MAJORS else None
            out = []
            if fit:
                out += [cand(B(4, fit), _("game in the 4-4 {m} fit: 10-15 HCP").format(m=sname(fit)), hcp=(10, 15),
                             lens={fit: (4, 13)}),
                        cand(B(3, fit), _("invitational raise: 4 {m}, 8-9 HCP").format(m=sname(fit)), hcp=(8, 9),
                             lens={fit: (4, 13)})]
            if last_p == B(2, "H"):
                out.append(cand(B(2, "S"), _("4 spades, invitational (8-9 HCP)"), hcp=(8, 9), lens={"S": (4, 13)}))
            out += [cand(B(3, "N"), _("no major fit: 10-15 HCP, to play"), hcp=(10, 15)),
                    cand(B(2, "N"), _("no major fit: 8-9 HCP, invitational"), hcp=(8, 9))]
            return with_fallback(out, placement(ctx))
        if len(my_bids) == 1 and first == B(2, "S") and last_p == B(3, "C"):
            return [cand(B(3, "D"), _("sign-off: long diamonds"), lens={"D": (6, 13)}),
                    cand(PASS, _("sign-off: long clubs"), lens={"C": (6, 13)})]
    # opener after a transfer and responder's invitation/game choice
    if op and op[0] == ctx.me and op[1] == B(1, "N") and len(p_bids) == 2 and partner_last:
        first_bid = p_bids[0]
        if first_bid in (B(2, "D"), B(2, "H")):
            m = "H" if first_bid == B(2, "D") else "S"
            if last_p == B(3, "N"):
                return [cand(B(4, m), _("3+ {m}: prefers the major game").format(m=sname(m)), lens={m: (3, 13)}),
                        cand(PASS, _("only 2 {m}: 3NT is the game").format(m=sname(m)))]
            if last_p == B(2, "N"):
                return [cand(B(4, m), _("maximum with 3+ {m}: game").format(m=sname(m)), hcp=(16, 17), lens={m: (3, 13)}),
                        cand(B(3, "N"), _("maximum with 2 {m}: game in notrump").format(m=sname(m)), hcp=(16, 17)),
                        cand(B(3, m), _("minimum with 3+ {m}: declines").format(m=sname(m)), lens={m: (3, 13)}),
                        cand(PASS, _("minimum with 2 {m}: declines").format(m=sname(m)))]
            if last_p == B(3, m):
                return [cand(B(4, m), _("maximum: accepts the invitation"), hcp=(16, 17)),
                        cand(PASS, _("minimum: declines the invitation"))]
        if first_bid == B(2, "C") and last_p in (B(2, "N"), B(3, "H"), B(3, "S")):
            if last_p == B(2, "N"):
                return [cand(B(3, "N"), _("maximum: accepts"), hcp=(16, 17)),
                        cand(B(4, "S"), _("4 spades and a maximum: partner has 4 spades"), hcp=(16, 17),
                             lens={"S": (4, 13)}, extra=lambda h: False),
                        cand(PASS, _("minimum: declines"))]
            m = last_p.strain
            return [cand(B(4, m), _("maximum: accepts the invitation"), hcp=(16, 17)),
                    cand(PASS, _("minimum: declines the invitation"))]
    return None


def _agreed_suit(ctx: Ctx) -> str | None:
    """A suit both partners have bid (or a raise of one), the likely trump suit."""
    mine = {b.strain for b in ctx.bids_of(ctx.me) if b.strain != "N"}
    theirs = {b.strain for b in ctx.bids_of(ctx.partner) if b.strain != "N"}
    both = [s for s in "SHDC" if s in mine and s in theirs]
    if both:
        return both[0]
    return None


# Defence: the opponents opened ----------------------------------------------------------------------

def defence(ctx: Ctx) -> list[Cand]:
    my_calls = [c for c in ctx.seat_calls(ctx.me) if not isinstance(c, Pass)]
    p_calls = [c for c in ctx.seat_calls(ctx.partner) if not isinstance(c, Pass)]
    if not my_calls and not p_calls:
        return overcalls(ctx)
    if not my_calls and p_calls and len(p_calls) == 1:
        first = p_calls[0]
        # only the first chance to answer partner's double or overcall is "advancing"
        at = max(i for i, (seat, c) in enumerate(ctx.history) if seat == ctx.partner and c == first)
        answered = any(seat == ctx.me for seat, _c in ctx.history[at + 1:])
        if isinstance(first, Double) and not answered:
            return advance_double(ctx)
        if isinstance(first, Bid) and not answered:
            return advance_overcall(ctx, first)
    special = conventional_continuations(ctx)
    if special is not None:
        return special
    return placement(ctx)


def overcalls(ctx: Ctx) -> list[Cand]:
    lb = ctx.last_bid
    assert lb is not None
    their = ctx.their_suits()
    balancing = ctx.rho_passed_only() and lb[0] == ctx.lho and all(
        isinstance(c, Pass) for c in ctx.seat_calls(ctx.partner))
    light = 3 if balancing else 0
    out: list[Cand] = []
    level_now = lb[1].level
    stop = lambda h: all(h.stopper(x) for x in their)  # noqa: E731
    if level_now <= 1 and ctx.ok(B(1, "N")):
        out.append(cand(B(1, "N"), _("15-18 HCP, balanced, a stopper in their suit") if not balancing else
                        _("balancing: 12-15 HCP, balanced, a stopper in their suit"),
                        hcp=(15 - light, 18 - light), bal=True, extra=stop))
    unbid = [s for s in SUITS if s not in their]
    if lb[1].strain != "N" and level_now <= 3 and lb[0] != ctx.partner:
        def takeout(h: Hand) -> bool:
            short = all(h.lens[x] <= 2 for x in their)
            support = all(h.lens[x] >= 3 for x in unbid if x in MAJORS) and sum(h.lens[x] >= 3 for x in unbid) >= len(unbid) - 1
            return (short and support) or h.hcp >= 18
        out.append(cand(DOUBLE, _("takeout double: 12+ HCP, short in their suit, support for the others (or 18+ HCP)")
                        if not balancing else _("balancing takeout double: 9+ HCP, short in their suit"),
                        hcp=(12 - light, 37), extra=takeout))
    for s in "SHDC":
        if s in their:
            continue
        b = ctx.cheapest(s)
        if b is None:
            continue
        if b.level == 1:
            if ctx.ok(Bid(2, s)) and not balancing:
                out.append(cand(Bid(2, s), _("weak jump overcall: 6+ {s}, 6-10 HCP").format(s=sname(s)),
                                hcp=(6, 10), lens={s: (6, 13)}, extra=lambda h, s=s: h.fair(s)))
            out.append(cand(b, _("overcall: 5+ {s} with two top honors, 8-16 HCP").format(s=sname(s)),
                            hcp=(8 - light, 16), lens={s: (5, 13)}, extra=lambda h, s=s: h.fair(s)))
        elif b.level == 2:
            out.append(cand(b, _("overcall at the 2 level: a good 5-6+ {s} suit, 11-16 HCP").format(s=sname(s)),
                            hcp=(11 - light, 16), lens={s: (5, 13)},
                            extra=lambda h, s=s: h.good(s) or (h.lens[s] >= 6 and h.fair(s))))
        elif b.level == 3:
            out.append(cand(b, _("overcall at the 3 level: a good 6+ {s} suit, 13-17 HCP").format(s=sname(s)),
                            hcp=(13, 17), lens={s: (6, 13)}, extra=lambda h, s=s: h.good(s)))
    nt3 = B(3, "N")
    if ctx.ok(nt3):
        out.append(cand(nt3, _("to play: 19+ HCP with stoppers in their suit"), hcp=(19, 37), extra=stop))
    out.append(cand(PASS, _("pass: no suitable overcall or double")))
    return [c for c in out if c is not None]


def advance_double(ctx: Ctx) -> list[Cand]:
    """Partner made a takeout double: we answer, in our best unbid suit (majors first)."""
    their = ctx.their_suits()
    rho_bid = any(isinstance(c, Bid) for c in ctx.seat_calls(ctx.rho)[-1:])
    unbid = [s for s in "SHDC" if s not in their]
    out: list[Cand] = []
    best = lambda h: max(unbid, key=lambda s: (h.lens[s] + (1 if s in MAJORS else 0), -SUITS.index(s)))  # noqa: E731
    for s in unbid:
        b = ctx.cheapest(s)
        if b is None:
            continue
        game = Bid(ctx.game_level(s), s)
        if s in MAJORS and ctx.ok(game):
            out.append(cand(game, _("game: 4+ {s} and 12+ points").format(s=sname(s)), hcp=(12, 37),
                            lens={s: (4, 13)}, extra=lambda h, s=s: best(h) == s))
        jump = Bid(b.level + 1, s)
        if jump.level <= 3:
            out.append(cand(jump, _("jump answer: 9-11 points, 4+ {s}, invitational").format(s=sname(s)),
                            hcp=(9, 11), lens={s: (4, 13)}, extra=lambda h, s=s: best(h) == s))
    stop = lambda h: all(h.stopper(x) for x in their)  # noqa: E731
    nt = ctx.cheapest("N")
    if nt is not None and nt.level <= 3:
        if ctx.ok(Bid(3, "N")):
            out.append(cand(Bid(3, "N"), _("game in notrump: 12+ HCP with stoppers"), hcp=(12, 37), extra=stop))
        if nt.level == 1:
            out.append(cand(nt, _("6-10 HCP, a stopper, no 4-card major"), hcp=(6, 10), extra=lambda h: stop(h) and
                            all(h.lens[x] < 4 for x in MAJORS if x not in their)))
    for s in unbid:
        b = ctx.cheapest(s)
        if b is not None and b.level <= (3 if rho_bid else 4):
            if rho_bid:
                out.append(cand(b, _("free bid over their interference: 6+ points, {s} is the best suit").format(
                    s=sname(s)), hcp=(6, 37), extra=lambda h, s=s: best(h) == s))
            else:
                out.append(cand(b, _("answers the double: 0-8 points, {s} is the best suit").format(s=sname(s)),
                                hcp=(0, 8), extra=lambda h, s=s: best(h) == s))
    if rho_bid:
        out.append(cand(PASS, _("pass: the opponents bid over the double and there is nothing to add")))
    else:
        out.append(cand(PASS, _("pass: converts the double to penalties (long, strong trumps)"),
                        extra=lambda h: any(h.lens[x] >= 5 and h.good(x) for x in their)))
        for s in unbid:
            b = ctx.cheapest(s)
            if b is not None and b.level <= 4:
                out.append(cand(b, _("answers the double: {s} is the best suit, nothing better to bid").format(
                    s=sname(s)), extra=lambda h, s=s: best(h) == s))
    return [c for c in out if c is not None]


def advance_overcall(ctx: Ctx, ov: Bid) -> list[Cand]:
    s = ov.strain
    out: list[Cand] = []
    if s == "N":
        return placement(ctx)
    their = ctx.their_suits()
    raise_ = ctx.cheapest(s)
    if raise_ is not None:
        game = Bid(max(ctx.game_level(s), raise_.level), s)
        if ctx.ok(game) and s in MAJORS:
            out.append(cand(game, _("raise to game: 3+ {s} and 14+ points").format(s=sname(s)), sup=(s, 14, 40),
                            lens={s: (3, 13)}))
        if raise_.level <= 3:
            out.append(cand(Bid(raise_.level + 1, s), _("jump raise: 3+ {s}, 11-13 points, invitational").format(
                s=sname(s)), sup=(s, 11, 13), lens={s: (3, 13)}))
            out.append(cand(raise_, _("raise: 3+ {s}, 7-10 points").format(s=sname(s)), sup=(s, 7, 10),
                            lens={s: (3, 13)}))
    stop = lambda h: all(h.stopper(x) for x in their)  # noqa: E731
    nt = ctx.cheapest("N")
    if nt is not None and nt.level <= 2:
        out.append(cand(nt, _("9-12 HCP with a stopper in their suit"), hcp=(9, 12), extra=stop))
    if ctx.ok(B(3, "N")):
        out.append(cand(B(3, "N"), _("13+ HCP with a stopper: game"), hcp=(13, 37), extra=stop))
    for t in "SHDC":
        if t == s or t in their:
            continue
        b = ctx.cheapest(t)
        if b is not None and b.level <= 2:
            out.append(cand(b, _("a good 5+ {s} suit, 10+ HCP").format(s=sname(t)), hcp=(10, 37), lens={t: (5, 13)},
                            extra=lambda h, t=t: h.good(t)))
    out.append(cand(PASS, _("pass: no fit and not enough to bid")))
    return [c for c in out if c is not None]


# Placement: the general rule after the first rounds -------------------------------------------------

def placement(ctx: Ctx) -> list[Cand]:
    """Find a fit, count the points together and bid to the right level (or stop).

    The decision is made once per hand (:func:`_place`); each bid is a candidate
    whose test is "the decision is this bid", so the explanation of any bid here
    says which target (part score, game, slam) it aims at.
    """
    memo: dict[int, Call | None] = {}

    def decide(h: Hand) -> Call | None:
        key = id(h)
        if key not in memo:
            memo[key] = _place(ctx, h)
        return memo[key]

    out: list[Cand] = []
    agreed = _agreed_suit(ctx)
    if agreed and ctx.ok(B(4, "N")):
        out.append(Cand(B(4, "N"), _("Blackwood: asks partner how many aces ({s} agreed, slam interest)").format(
            s=sname(agreed)), Shape(), lambda h: decide(h) == B(4, "N"), forcing=True))
    lb = ctx.last_bid
    if lb is not None and not ctx.ours(lb[0]) and doubling_state(ctx.calls) == 0:
        out.append(Cand(DOUBLE, _("penalty double: our side has most of the points and they are too high"),
                        Shape(), lambda h: decide(h) == DOUBLE))
    for level in range(1, 8):
        for s in STRAINS:
            b = Bid(level, s)
            if not ctx.ok(b):
                continue
            game = ctx.game_level(s)
            if level >= 6:
                text = _("slam in {s}: about {n}+ points together").format(s=sname(s), n=33 if level == 6 else 37)
            elif level >= game:
                text = _("game in {s}: about 25+ points together (29 in a minor) with a fit or stoppers").format(
                    s=sname(s)) if ctx.score.leg[0] == 0 else _(
                    "completes the game in {s} with our part score below the line").format(s=sname(s))
            elif level == game - 1:
                text = _("invitation to game in {s}: close to game values together").format(s=sname(s))
            else:
                text = _("competes in {s}: a fit, part-score values").format(s=sname(s))
            out.append(Cand(b, text, Shape(), _decides(decide, b)))
    we_own = lb is not None and ctx.ours(lb[0])
    out.append(cand(PASS, _("pass: the contract is high enough") if we_own else _("pass: nothing more to say")))
    return out


def _decides(decide: Callable[[Hand], Call | None], call: Call) -> Callable[[Hand], bool]:
    return lambda h: decide(h) == call


def _place(ctx: Ctx, h: Hand) -> Call | None:
    p = ctx.partner_shape()
    lb = ctx.last_bid
    their = ctx.their_suits()
    p_lo, p_hi = p.hcp
    p_est = p_lo + max(0, min(p_hi, p_lo + 8) - p_lo) // 3
    we_own = lb is not None and ctx.ours(lb[0])
    partner_bid = bool(ctx.bids_of(ctx.partner)) or any(isinstance(c, Double) for c in ctx.seat_calls(ctx.partner))

    def fit_len(s: str) -> int:
        return h.lens[s] + p.min_len(s)

    fits = [s for s in SUITS if fit_len(s) >= 8 and s not in their]
    fit = max(fits, key=lambda s: (s in MAJORS, fit_len(s), -SUITS.index(s))) if fits else None
    stoppers = all(h.stopper(x) for x in their)
    if fit is not None and fit in MAJORS:
        strain = fit
    elif (h.balanced or not fit) and stoppers and (h.hcp + p_est >= 22 or not fit):
        strain = "N"
    elif fit:
        strain = fit
    elif h.lens[h.longest()] >= 6:
        strain = h.longest()
    else:
        strain = "N"
    mine = h.sup(strain) if strain != "N" and fit == strain else (h.pts if strain != "N" else h.hcp)
    total = mine + (p_est if partner_bid else 0)
    # a passed partner has at most ~11; without a bid from partner stay modest
    if not partner_bid:
        total = mine + 4
    game = ctx.game_level(strain)
    need = 25 if strain in "NHS" else 28
    if ctx.score.leg[0] > 0 and game < (3 if strain == "N" else 4 if strain in "HS" else 5):
        need -= 3 * ((3 if strain == "N" else 4 if strain in "HS" else 5) - game)
    if total >= 37:
        target = 7
    elif total >= 33:
        target = 6
    elif total >= need:
        target = game
    else:
        target = 0
    # Blackwood before a suit slam
    agreed = _agreed_suit(ctx)
    if target >= 6 and strain != "N" and agreed == strain and ctx.ok(B(4, "N")) and not any(
            b == B(4, "N") for b in ctx.bids_of(ctx.me)):
        return B(4, "N")
    cur = lb[1] if lb else None
    if we_own and cur is not None:
        if target == 0:
            return None
        at_game = cur.level >= ctx.game_level(cur.strain)
        if at_game and target < 6:
            return None
        if cur.strain == strain and cur.level >= target:
            return None
        b = Bid(target, strain)
        if ctx.ok(b):
            return b
        return None
    # the opponents own the contract (or nobody has bid)
    if cur is not None and not we_own and doubling_state(ctx.calls) == 0 and partner_bid:
        ours = [b for _s, b in ctx.our_bids()]
        had_game = any(b.level >= ctx.game_level(b.strain) for b in ours)
        if had_game and cur.level >= 4 and h.hcp + p_lo >= 24 and target < 6:
            return DOUBLE  # they bid over our game (a sacrifice): take the penalty
    if cur is not None and not we_own and doubling_state(ctx.calls) == 0 and partner_bid and fit is None:
        # penalty double: the balance of power, trumps (or values) sitting over them, and a double that
        # cannot hand them a game they had not bid (2SX made is 120 below the line: a game)
        their_leg = ctx.score.leg[1]
        gives_game = (their_leg + trick_points(cur.level, cur.strain, 1) >= 100 >
                      their_leg + trick_points(cur.level, cur.strain, 0))
        if cur.strain == "N":
            holding = h.hcp >= 12
        else:
            holding = h.lens[cur.strain] >= 4 and h.honors(cur.strain) >= (1 if cur.level >= 3 else 2)
        if h.hcp + p_lo >= (25 if cur.level >= 3 else 23) and cur.level >= 2 and holding and not gives_game:
            return DOUBLE
    if (cur is not None and not we_own and doubling_state(ctx.calls) == 0 and partner_bid and cur.level >= 3
            and h.hcp >= 8 and h.hcp + p_lo >= 23 and (cur.strain == "N" or h.lens[cur.strain] >= 2)):
        # they outbid us at the three level with the balance of power on our side and no fit long enough
        # to go higher: a cooperative penalty double (unless it could give them a game they did not bid)
        their_leg = ctx.score.leg[1]
        gives_game = (their_leg + trick_points(cur.level, cur.strain, 1) >= 100 >
                      their_leg + trick_points(cur.level, cur.strain, 0))
        reach = fit_len(fit) - 6 if fit is not None else 0
        if reach < cur.level and not gives_game:
            return DOUBLE
    if target:
        b = Bid(target, strain)
        if ctx.ok(b):
            return b
        return None
    if fit is not None and partner_bid:
        compete = ctx.cheapest(fit)
        if compete is not None and compete.level <= max(2, fit_len(fit) - 6) and total >= 17 and not we_own:
            return compete
    return None
