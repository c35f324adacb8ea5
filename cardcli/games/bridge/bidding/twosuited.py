"""Two-suited overcalls: the Michaels cue bid and the Unusual 2NT, and partner's answers.

SAYC booklet, Defensive bidding (Michaels cue-bid, Unusual notrump): straight over the
opponents' one-of-a-suit opening,

* 2♣ over 1♣ and 2♦ over 1♦ show both majors, 5-5 or longer;
* 2♥ over 1♥ shows spades and a minor, 2♠ over 1♠ hearts and a minor, 5-5 or longer;
* a jump to 2NT shows the two lowest unbid suits, 5-5 or longer (the minors over a major).

The booklet makes both calls either weak (less than an opening bid) or strong (enough to bid on
after partner's minimum answer), never the hand in between, which overcalls its higher suit
instead: cardcli counts weak as 6-11 HCP and strong as 16+ HCP. Which suits a call shows is
read by :func:`~.context.two_suited`, so the opponents' suits (:meth:`~.context.Ctx.their_suits`)
are the suits shown, not the strain of the cue bid.

Partner picks one of the suits shown (a jump with 10-12 points and a fit, game with 13+); over
a major-suit Michaels without support for the major, 2NT asks for the minor, which the Michaels
bidder names at the 3 level.
"""

from __future__ import annotations

from cardcli.games.bridge.auction import caller
from cardcli.games.bridge.bidding.context import MAJOR_AND_MINOR, Ctx, two_suited
from cardcli.games.bridge.bidding.hand import MAJORS, MINORS, SUITS, Hand, sname
from cardcli.games.bridge.bidding.table import B, Cand, cand
from cardcli.games.bridge.moves import PASS, Bid, Pass
from cardcli.i18n import _

WEAK = (6, 11)
STRONG = (16, 37)


def _two_suit_cands(call: Bid, what: str, lens: dict[str, tuple[int, int]], extra: object = None) -> list[Cand]:
    """The weak and the strong row of one two-suited call (read together as one meaning)."""
    test = extra if callable(extra) else None
    return [
        cand(
            call,
            _("{what}, weak: 6-11 HCP").format(what=what),
            hcp=WEAK,
            lens=lens,
            extra=test,
            forcing=True,
        ),
        cand(
            call,
            _("{what}, strong: 16+ HCP").format(what=what),
            hcp=STRONG,
            lens=lens,
            extra=test,
            forcing=True,
        ),
    ]


def two_suited_overcalls(ctx: Ctx) -> list[Cand]:
    """Michaels and the Unusual 2NT for the player straight over the opponents' opening."""
    at = len(ctx.calls)
    out: list[Cand] = []
    op = ctx.opening
    if op is None or op[0] != ctx.rho:
        return out
    opening = op[1]
    if opening.level != 1 or opening.strain == "N":
        return out
    cue = Bid(2, opening.strain)
    shown = two_suited(ctx.dealer, [*ctx.calls, cue], at)
    if shown == "SH":
        out += _two_suit_cands(
            cue,
            _("Michaels cue bid: 5+ spades and 5+ hearts"),
            {"S": (5, 13), "H": (5, 13)},
        )
    elif shown is not None:
        major = shown[0]
        out += _two_suit_cands(
            cue,
            _("Michaels cue bid: 5+ {m} and a 5-card minor").format(m=sname(major)),
            {major: (5, 13)},
            lambda h: max(h.lens["C"], h.lens["D"]) >= 5,
        )
    nt = B(2, "N")
    low = two_suited(ctx.dealer, [*ctx.calls, nt], at)
    if low is not None and ctx.ok(nt):
        a, b = sorted(low, key=SUITS.index)
        out += _two_suit_cands(
            nt,
            _("Unusual 2NT: 5+ {a} and 5+ {b}").format(a=sname(a), b=sname(b)),
            {a: (5, 13), b: (5, 13)},
        )
    return out


def partner_two_suiter(ctx: Ctx) -> str | None:
    """The suits partner's call showed, when partner's only call that is not a pass is a two-suited
    overcall that we have not answered yet (the answer to it is this call)."""
    for i in range(len(ctx.calls) - 1, -1, -1):
        seat = caller(ctx.dealer, i)
        c = ctx.calls[i]
        if seat == ctx.me and not isinstance(c, Pass):
            return None
        if seat == ctx.partner and not isinstance(c, Pass):
            shown = two_suited(ctx.dealer, ctx.calls, i)
            answered = any(caller(ctx.dealer, j) == ctx.me for j in range(i + 1, len(ctx.calls)))
            return shown if shown is not None and not answered else None
    return None


def advance_two_suiter(ctx: Ctx, shown: str) -> list[Cand]:
    """Partner showed two suits (or a major and an unnamed minor): pick the suit, invite or bid game."""
    known = [s for s in shown if s != MAJOR_AND_MINOR]
    out: list[Cand] = []

    def best(h: Hand) -> str:
        return max(known, key=lambda s: (h.lens[s], s in MAJORS, -SUITS.index(s)))

    for s in known:
        b = ctx.cheapest(s)
        if b is None:
            continue
        game = Bid(ctx.game_level(s), s)
        if s in MAJORS and ctx.ok(game) and game.level <= 4:
            out.append(
                cand(
                    game,
                    _("game in partner's {s}: 4+ {s}, 13+ points").format(s=sname(s)),
                    sup=(s, 13, 40),
                    lens={s: (4, 13)},
                    extra=lambda h, s=s: best(h) == s,
                )
            )
        jump = Bid(b.level + 1, s)
        if jump.level <= 3 or (s in MAJORS and jump.level <= 4 and jump.level < ctx.game_level(s)):
            out.append(
                cand(
                    jump,
                    _("jump in partner's {s}: 4+ {s}, 10-12 points, invitational").format(s=sname(s)),
                    sup=(s, 10, 12),
                    lens={s: (4, 13)},
                    extra=lambda h, s=s: best(h) == s,
                )
            )
    if MAJOR_AND_MINOR in shown:
        major = known[0]
        ask = ctx.cheapest("N")
        if ask is not None and ask == B(2, "N"):
            out.append(
                cand(
                    ask,
                    _("asks for partner's minor: at most 2 {m}").format(m=sname(major)),
                    forcing=True,
                    lens={major: (0, 2)},
                )
            )
    for s in known:
        b = ctx.cheapest(s)
        if b is not None and b.level <= 3:
            out.append(
                cand(
                    b,
                    _("picks partner's {s} to play").format(s=sname(s)),
                    extra=lambda h, s=s: best(h) == s or (MAJOR_AND_MINOR in shown and h.lens[s] >= 3),
                )
            )
    rho_bid = any(isinstance(c, Bid) for c in ctx.seat_calls(ctx.rho)[-1:])
    if rho_bid:
        out.append(cand(PASS, _("pass: the opponents bid over partner's two suits and there is nothing to add")))
    # partner's call is forcing: with nothing better, the cheapest of the suits shown
    for s in known:
        b = ctx.cheapest(s)
        if b is not None and b.level <= 4:
            out.append(cand(b, _("picks partner's {s}: nothing better to bid").format(s=sname(s))))
            break
    return out


def michaels_minor(ctx: Ctx) -> list[Cand] | None:
    """Our major-suit Michaels was answered with 2NT, the ask: name the minor at the 3 level."""
    mine = [(i, c) for i, c in enumerate(ctx.calls) if caller(ctx.dealer, i) == ctx.me and not isinstance(c, Pass)]
    if len(mine) != 1:
        return None
    i, _c = mine[0]
    shown = two_suited(ctx.dealer, ctx.calls, i)
    if shown is None or MAJOR_AND_MINOR not in shown:
        return None
    p_bids = ctx.bids_of(ctx.partner)
    if p_bids != [B(2, "N")]:
        return None
    out: list[Cand] = []
    for s in MINORS:
        b = ctx.cheapest(s)
        if b is not None and b.level <= 3:
            out.append(
                cand(
                    b,
                    _("shows the minor partner asked for: 5+ {s}").format(s=sname(s)),
                    lens={s: (5, 13)},
                    extra=lambda h, s=s: h.longest("CD") == s,
                )
            )
    return out or None
