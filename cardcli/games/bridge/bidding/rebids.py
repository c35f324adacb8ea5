"""Opener's rebids."""

from __future__ import annotations

from collections.abc import Callable

from cardcli.games.bridge.bidding.context import NEGATIVE, Ctx, two_suited
from cardcli.games.bridge.bidding.conventions import conventional_continuations, gerber_answers
from cardcli.games.bridge.bidding.hand import MAJORS, MINORS, SUITS, Hand, sname
from cardcli.games.bridge.bidding.placement import SPLINTERS, placement, slam_bids
from cardcli.games.bridge.bidding.responder import opener_after_quantitative, opener_third
from cardcli.games.bridge.bidding.table import B, Cand, cand, with_fallback
from cardcli.games.bridge.moves import PASS, STRAINS, Bid, Call, Double, Pass
from cardcli.i18n import _


def opener_rebids(ctx: Ctx) -> list[Cand]:
    op = ctx.opening
    assert op is not None
    opening = op[1]
    p_bids = ctx.bids_of(ctx.partner)
    my_calls = ctx.seat_calls(ctx.me)
    their = ctx.their_bids()
    # over a double of our 1NT systems are on (SAYC): Stayman and transfers are answered as usual;
    # 2♠ and three of a minor are to play (competitive.opener_after_1nt_doubled, asked first)
    if len(my_calls) == 1 and p_bids and len(p_bids) == 1 and not their:
        resp = p_bids[0]
        special = opener_second(ctx, opening, resp)
        if (
            special is not None
            and opening.level == 1
            and opening.strain in MAJORS
            and resp
            in (
                Bid(2, opening.strain),
                Bid(3, opening.strain),
            )
        ):
            # a raise agrees the major: a hand with slam values asks for aces rather than bid game
            return with_fallback(slam_bids(placement(ctx)), special)
        if special is not None:
            return special
    if len(my_calls) == 1 and not p_bids and opening.level == 1 and opening.strain != "N":
        if _doubled_two_suiter(ctx):
            return placement(ctx)  # partner's double showed 10+: bid on, or double their suit
        return opener_after_pass_or_competition(ctx, opening)
    quantitative = opener_after_quantitative(ctx)
    if quantitative is not None:
        return quantitative
    third = opener_third(ctx)
    if third is not None:
        return with_fallback(third, placement(ctx))
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
    if o.strain == "N" and o.level in (1, 2) and r == B(4, "C"):
        return gerber_answers()
    if o == B(1, "N"):
        if r == B(2, "C"):
            return [
                cand(B(2, "H"), _("Stayman answer: 4+ hearts (may also have 4 spades)"), forcing=True, lens={"H": (4, 13)}),
                cand(B(2, "S"), _("Stayman answer: 4+ spades, not 4 hearts"), forcing=True, lens={"S": (4, 13), "H": (0, 3)}),
                cand(B(2, "D"), _("Stayman answer: no 4-card major"), forcing=True, lens={"S": (0, 3), "H": (0, 3)}),
            ]
        if r in (B(2, "D"), B(2, "H")):
            m = "H" if r.strain == "D" else "S"
            return [
                cand(B(3, m), _("super-accept: 4 {m} and 17 HCP").format(m=sname(m)), hcp=(17, 17), lens={m: (4, 13)}),
                cand(B(2, m), _("completes the transfer: says nothing yet about {m}").format(m=sname(m))),
            ]
        if r == B(2, "S"):
            return [cand(B(3, "C"), _("forced: partner passes with clubs or corrects to 3D"))]
        if r in (B(3, "C"), B(3, "D")):
            # booklet, "Responses to 1NT": invitational, a good six-card minor; the suit runs opposite
            # an honour in it, so opener bids 3NT with one
            m = r.strain
            return [
                cand(
                    B(3, "N"),
                    _("accepts the invitation: an honour (ace, king or queen) in {m}, the long suit runs").format(m=sname(m)),
                    lens={m: (2, 13)},
                    extra=lambda h: h.honors(m, "AKQ") >= 1,
                ),
                cand(PASS, _("declines the invitation: no honour in {m}").format(m=sname(m))),
            ]
        if r == B(2, "N"):
            return [
                cand(B(3, "N"), _("maximum (16-17): accepts the invitation"), hcp=(16, 17)),
                cand(PASS, _("minimum (15): declines the invitation"), hcp=(15, 15)),
            ]
        if r == B(4, "N"):
            return [
                cand(B(6, "N"), _("maximum (16-17): accepts the slam invitation"), hcp=(16, 17)),
                cand(PASS, _("minimum (15): declines the slam invitation"), hcp=(0, 15)),
            ]
        return None
    if o == B(2, "N"):
        if r == B(3, "C"):
            return [
                cand(B(3, "H"), _("Stayman answer: 4+ hearts"), forcing=True, lens={"H": (4, 13)}),
                cand(B(3, "S"), _("Stayman answer: 4+ spades, not 4 hearts"), forcing=True, lens={"S": (4, 13), "H": (0, 3)}),
                cand(B(3, "D"), _("Stayman answer: no 4-card major"), forcing=True),
            ]
        if r in (B(3, "D"), B(3, "H")):
            m = "H" if r.strain == "D" else "S"
            return [cand(B(3, m), _("completes the transfer").format(m=sname(m)))]
        if r == B(4, "N"):
            return [
                cand(B(6, "N"), _("maximum (21): accepts the slam invitation"), hcp=(21, 37)),
                cand(PASS, _("minimum (20): declines the slam invitation"), hcp=(0, 20)),
            ]
        return None
    if o == B(2, "C"):
        if r == B(2, "D"):
            out = [
                cand(B(2, "N"), _("22-24 HCP, balanced"), hcp=(22, 24), bal=True),
                cand(B(3, "N"), _("25-27 HCP, balanced"), hcp=(25, 27), bal=True),
            ]
            out += _strong_suits(ctx)
            out.append(cand(B(2, "N"), _("22-24 HCP, no good suit to show"), hcp=(22, 37)))
            return out
        if r == B(2, "N"):
            return _after_2c_2nt(ctx)
        return None
    if o.level != 1 or o.strain == "N":
        return None
    m = o.strain
    if r == B(2, m) and m in MAJORS:
        return [
            _fit_row(B(4, m), _("accepts: 19+ points, game"), m, 19, 40),
            *_help_suit_tries(ctx, m),
            _fit_row(B(3, m), _("invites game: 16-18 points"), m, 16, 18),
            _fit_row(PASS, _("minimum: no game opposite a single raise"), m, 0, 15),
        ]
    if r == B(3, m) and m in MAJORS:
        return [
            _fit_row(B(4, m), _("accepts the limit raise: 14+ points"), m, 14, 40),
            _fit_row(PASS, _("declines the limit raise: 12-13 points"), m, 0, 13),
        ]
    if r == B(2, "N") and m in MAJORS:
        return jacoby_answers(ctx, m)
    if m in MAJORS and r in SPLINTERS[m]:
        return splinter_answers(m, r.strain)
    if r in (B(2, m), B(3, m)) and m in MINORS:
        return [
            cand(
                B(3, "N"),
                _("to play: 18+ HCP, balanced") if r.level == 2 else _("to play: 14+ HCP, balanced, opposite a limit raise"),
                hcp=(18 if r.level == 2 else 14, 37),
                bal=True,
            ),
            _fit_row(
                B(5, m),
                _("game in the minor: 20+ points, unbalanced")
                if r.level == 2
                else _("accepts the limit raise in the minor: 16+ points, unbalanced"),
                m,
                20 if r.level == 2 else 16,
                40,
                also=_unbalanced,
            ),
            cand(PASS, _("no game in view"), hcp=(0, 37)),
        ]
    if r.strain == "N" and r.level in (2, 3) and m in MINORS:
        if r.level == 2:
            return [cand(B(3, "N"), _("accepts: game in notrump"), hcp=(0, 37))]
        return [cand(PASS, _("to play"))]
    if r == B(3, "N"):
        return [
            cand(B(4, m), _("6+ {m}: prefers the major game").format(m=sname(m)), lens={m: (6, 13)})
            if m in MAJORS
            else cand(PASS, _("to play")),
            cand(PASS, _("to play")),
        ]
    # a new suit or 1NT by responder
    out = []
    rs = r.strain
    if rs != "N" and rs in MAJORS:
        for lvl, rng, txt in (
            (4, (19, 37), _("raise to game: 4 {s} and 19+ points")),
            (3, (16, 18), _("jump raise: 4 {s} and 16-18 points, invitational")),
            (r.level + 1, (12, 15), _("raise: 4 {s} and 12-15 points")),
        ):
            raise_to = Bid(lvl, rs)
            if ctx.ok(raise_to) and lvl <= 4:
                out.append(cand(raise_to, txt.format(s=sname(rs)), sup=(rs, rng[0], rng[1]), lens={rs: (4, 13)}))
    p_calls = ctx.seat_calls(ctx.partner)
    p_passed = len(p_calls) >= 2 and all(isinstance(c, Pass) for c in p_calls[:-1])
    if rs not in ("N", m) and p_passed and not ctx.was_forcing(_index_of_last_bid(ctx, ctx.partner)):
        # a passed hand's new suit is not forcing: with a minimum and a fit, stop there
        out.append(
            cand(
                PASS,
                _("pass: a minimum with 3+ {s}; partner's new suit (a passed hand) is not forcing").format(s=sname(rs)),
                pts=(0, 14),
                lens={rs: (3, 13)},
            )
        )
    if r.level == 1 and rs != "N":
        for s in "HS":
            b = Bid(1, s)
            if ctx.ok(b) and s != m and s != rs:
                out.append(
                    cand(
                        b,
                        _("4+ {s}, 12-18 points, not forcing").format(s=sname(s)),
                        pts=(12, 18),
                        lens={s: (4, 13)},
                        # balanced with 18-19 the jump to 2NT says so: the one-level suit may be passed
                        extra=lambda h, s=s: (h.lens[rs] < 4 or rs not in MAJORS) and not (h.balanced and h.hcp >= 18),
                    )
                )
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
        out.append(
            cand(
                Bid(own.level + 1, m),
                _("jump rebid: 6+ {s} and 16-18 points, invitational").format(s=sname(m)),
                pts=(16, 18),
                lens={m: (6, 13)},
            )
        )
        out.append(
            cand(own, _("rebids the suit: 6+ {s}, minimum 12-15 points").format(s=sname(m)), pts=(12, 15), lens={m: (6, 13)})
        )
    for s in "SHDC":
        if s in (m, rs):
            continue
        found = ctx.cheapest(s)
        if found is not None and found.level == 3 and r.level == 2 and rs != "N":
            # over a two-over-one response a new suit at the three level (1S 2H 3C) goes past two of
            # opener's suit: it shows a good hand, a real second suit, and is forcing
            out.append(
                cand(
                    found,
                    _("second suit at the three level: 5+ {s}, 15+ points, forcing").format(s=sname(s)),
                    forcing=True,
                    pts=(15, 37),
                    lens={s: (5, 13), m: (5, 13)},
                )
            )
            continue
        if found is None or found.level > 2:
            continue
        b = found
        reverse = b.level == 2 and STRAINS.index(s) > STRAINS.index(m)
        if b.level == 1:
            # the one-level new suit is listed above; its jump (1C-1H-2S) is the jump shift
            out.append(
                cand(
                    Bid(2, s),
                    _("jump shift: 4+ {s}, 19+ points, forcing to game").format(s=sname(s)),
                    forcing=True,
                    pts=(19, 24),
                    lens={s: (4, 13)},
                )
            )
            continue
        if reverse:
            out.append(
                cand(
                    b,
                    _("reverse: 4+ {s}, longer {m}, 17+ points, forcing").format(s=sname(s), m=sname(m)),
                    forcing=True,
                    pts=(17, 37),
                    lens={s: (4, 13), m: (5, 13)},
                )
            )
        else:
            out.append(cand(b, _("second suit: 4+ {s}, 12-18 points").format(s=sname(s)), pts=(12, 18), lens={s: (4, 13)}))
            if b.level <= 2 and Bid(b.level + 1, s).level <= 3:
                out.append(
                    cand(
                        Bid(b.level + 1, s),
                        _("jump shift: 4+ {s}, 19+ points, forcing to game").format(s=sname(s)),
                        forcing=True,
                        pts=(19, 24),
                        lens={s: (4, 13)},
                    )
                )
    if own is not None and own.level <= 3:
        out += _strong_own_suit(ctx, m, own)
    if own is not None:
        out.append(
            cand(
                own,
                _("rebids the suit: 5+ {s}, minimum, nothing else to show").format(s=sname(m)),
                pts=(12, 15),
                lens={m: (5, 13)},
            )
        )
        if r.strain != "N" or r.level > 1:
            out.append(
                cand(
                    own, _("rebids the suit: nothing else fits (partner's bid was forcing)").format(s=sname(m)), lens={m: (3, 13)}
                )
            )
    if ctx.ok(B(1, "N")):
        out.append(cand(B(1, "N"), _("12-14 HCP, nothing else to show"), hcp=(0, 15)))
    if r.level == 1 or rs == "N" and r.level == 1:
        out.append(cand(PASS, _("pass: minimum with nothing to add"), hcp=(0, 14), extra=lambda h: r == B(1, "N")))
    return with_fallback(out, placement(ctx))


def _strong_suits(ctx: Ctx) -> list[Cand]:
    """The 2♣ opener's longest suit of five or more, bid at the cheapest level: natural and forcing."""
    out = []
    for s in "SHDC":
        b = ctx.cheapest(s)
        assert b is not None
        out.append(
            cand(
                b,
                _("natural: 5+ {s}, forcing").format(s=sname(s)),
                forcing=True,
                lens={s: (5, 13)},
                extra=lambda h, s=s: h.longest() == s,
            )
        )
    return out


def _after_2c_2nt(ctx: Ctx) -> list[Cand]:
    """Opener's rebid over the positive 2NT (8+ HCP, balanced): a five-card suit is shown, as over
    2♦, so a suit slam can be found; balanced, 3NT with 22-24 leaves responder to look for slam
    (33+ together needs 9+ opposite 24), and 25+ opposite 8+ is a slam."""
    out = _strong_suits(ctx)
    out.append(cand(B(6, "N"), _("slam in notrump: 25+ HCP, no five-card suit, opposite 8+ (33+ together)"), hcp=(25, 37)))
    out.append(cand(B(3, "N"), _("22-24 HCP, no five-card suit: partner looks for slam"), hcp=(22, 24)))
    return out


def fit_points(h: Hand, m: str) -> int:
    """Opener's points once partner has raised ``m``: the opening count (length) or, when it is
    more, HCP plus shortness as a raiser counts it; with the trump fit found a singleton is worth
    as much in opener's hand as in dummy's (the rules digest counts both as "points")."""
    return max(h.pts, h.sup(m))


def _fit_row(
    call: Call, text: str, m: str, lo: int, hi: int, *, also: Callable[[Hand], bool] | None = None, forcing: bool = False
) -> Cand:
    """A row of opener's answer to a raise, its range in :func:`fit_points` (either count shown)."""

    def test(h: Hand) -> bool:
        return lo <= fit_points(h, m) <= hi and (also is None or also(h))

    return cand(call, text, hcp=(max(0, lo - 7), hi), extra=test, unit=f"pts,sup{m}", forcing=forcing)


def help_suit(h: Hand, m: str) -> str | None:
    """The side suit a help-suit game try names: in an unbalanced hand, three or more cards with at
    most one of the top three honours (the losers partner is asked to cover), the weakest such
    suit; ``None`` without one."""
    if h.balanced:
        return None  # losers spread over the suits: the general invitation, three of the major
    weak = [x for x in SUITS if x != m and h.lens[x] >= 3 and h.honors(x, "AKQ") <= 1]
    return min(weak, key=lambda x: (h.honors(x, "AKQ"), -h.lens[x], SUITS.index(x))) if weak else None


def _unbalanced(h: Hand) -> bool:
    return not h.balanced


def _needing_help(m: str, x: str) -> Callable[[Hand], bool]:
    return lambda h: help_suit(h, m) == x


def _help_suit_tries(ctx: Ctx, m: str) -> list[Cand]:
    """Opener's help-suit game try after 1M-2M with 16-18 and an unbalanced hand: a new suit below
    three of the major, where opener needs help, forcing; partner bids game with a maximum or with
    help there. A balanced hand invites with three of the major (booklet, "Opener's rebids")."""
    out = []
    for x in SUITS:
        b = ctx.cheapest(x)
        if x == m or b is None or b.index >= B(3, m).index:
            continue
        out.append(
            _fit_row(
                b,
                _("help-suit game try: 16-18 points and 3+ {x} with at most one top honour; forcing").format(x=sname(x)),
                m,
                16,
                18,
                also=_needing_help(m, x),
                forcing=True,
            )
        )
    return out


def _strong_own_suit(ctx: Ctx, m: str, own: Bid) -> list[Cand]:
    """Opener's 19-21 points with a six-card suit (booklet, "Opener's rebids": a maximum is 19-21): too
        strong for the invitational jump rebid. A major jumps to game; a good minor bids 3NT, where the
        long suit runs; any other minor jumps in the suit (the jump rebid, stronger than its 16-18: partner
    bids game with 8+, and the rare 19-21 opposite 6-7 may play a part score)."""
    out: list[Cand] = []
    if m in MAJORS and ctx.ok(B(4, m)):
        out.append(cand(B(4, m), _("game: 6+ {s} and 19+ points").format(s=sname(m)), pts=(19, 24), lens={m: (6, 13)}))
    if m in MINORS and ctx.ok(B(3, "N")):
        out.append(
            cand(
                B(3, "N"),
                _("game in notrump: a good 6+ {s} suit and 19+ points").format(s=sname(m)),
                pts=(19, 24),
                lens={m: (6, 13)},
                extra=lambda h: h.good(m),
            )
        )
    jump = Bid(own.level + 1, m)
    if m in MINORS and jump.level <= 4:
        out.append(
            cand(
                jump,
                _("jump rebid: 6+ {s} and 19+ points").format(s=sname(m)),
                pts=(19, 24),
                lens={m: (6, 13)},
            )
        )
    return out


def opener_after_pass_or_competition(ctx: Ctx, o: Bid) -> list[Cand]:
    """Partner passed (or has not bid) after our one-level opening."""
    m = o.strain
    out: list[Cand] = []
    if ctx.partner_double() == NEGATIVE:
        their = ctx.their_suits()
        for s in "SH":
            if s in their or s == m:
                continue
            b = ctx.cheapest(s)
            if b and b.level <= 3:
                out.append(cand(b, _("answers the negative double: 4+ {s}").format(s=sname(s)), lens={s: (4, 13)}))
        nt = ctx.cheapest("N")
        if nt and nt.level <= 2:
            out.append(
                cand(
                    nt,
                    _("answers the negative double: balanced with a stopper"),
                    bal=True,
                    extra=lambda h: all(h.stopper(x) for x in their),
                )
            )
    own = ctx.cheapest(m)
    if own is not None and own.level <= 2:
        out.append(cand(own, _("competes: 6+ {s}").format(s=sname(m)), lens={m: (6, 13)}, pts=(12, 18)))
    out.append(cand(PASS, _("pass: nothing more to say")))
    return out


def _doubled_two_suiter(ctx: Ctx) -> bool:
    """Partner doubled the opponents' Michaels or Unusual 2NT (10+ HCP, the hand is ours)."""
    for i, (seat, c) in enumerate(ctx.history):
        if seat == ctx.partner and isinstance(c, Double):
            bids = [j for j in range(i) if isinstance(ctx.calls[j], Bid)]
            return bool(bids) and two_suited(ctx.dealer, ctx.calls, bids[-1]) is not None
    return False


def _index_of_last_bid(ctx: Ctx, seat: int) -> int:
    return max(i for i, (s, c) in enumerate(ctx.history) if s == seat and isinstance(c, Bid))


def jacoby_answers(ctx: Ctx, m: str) -> list[Cand]:
    """Opener's answer to Jacoby 2NT (booklet, "Responses to 1H and 1S openings"): four of a new suit
    is a good five-card side suit, three of a new suit a singleton or void there; without shortness,
    3M is 18+ points, 3NT 15-17 HCP and 4M a minimum. The answers below game are forcing."""
    out: list[Cand] = []
    for x in SUITS:
        if x != m and ctx.ok(Bid(4, x)) and Bid(4, x).index < Bid(4, m).index:
            out.append(
                cand(
                    Bid(4, x),
                    _("Jacoby answer: a good second suit, 5+ {x}").format(x=sname(x)),
                    forcing=True,
                    lens={x: (5, 13)},
                    extra=lambda h, x=x: h.good(x),
                )
            )
    for x in SUITS:
        if x != m:
            out.append(
                cand(
                    Bid(3, x),
                    _("Jacoby answer: a singleton or void in {x}").format(x=sname(x)),
                    forcing=True,
                    lens={x: (0, 1)},
                )
            )
    flat = {x: (2, 13) for x in SUITS if x != m}
    return out + [
        cand(B(3, m), _("Jacoby answer: 18+ points, no shortness, interested in slam"), forcing=True, pts=(18, 37), lens=flat),
        cand(B(3, "N"), _("Jacoby answer: 15-17 HCP, no shortness"), forcing=True, hcp=(15, 17), lens=flat),
        cand(B(4, m), _("Jacoby answer: a minimum opening, no shortness, no slam interest"), hcp=(0, 14), lens=flat),
    ]


def _working(h: Hand, short: str) -> int:
    """HCP outside partner's short suit, and its ace: what works opposite a singleton or void."""
    wasted = sum({"K": 3, "Q": 2, "J": 1}.get(r, 0) for r in h.ranks(short))
    return h.hcp - wasted


def splinter_answers(m: str, short: str) -> list[Cand]:
    """Opener's answer to responder's splinter: with 16+ HCP working outside the short suit the
    partnership holds slam values (partner has 10-15 and the shortness), so ask for aces; otherwise,
    a minimum or honours wasted opposite the shortness, sign off in game."""
    return [
        cand(
            B(4, "N"),
            _("Blackwood: slam interest opposite the splinter, 16+ HCP outside partner's short {x}").format(x=sname(short)),
            forcing=True,
            hcp=(16, 37),
            extra=lambda h: _working(h, short) >= 16,
        ),
        cand(
            B(4, m),
            _("sign-off opposite the splinter: a minimum, or honours wasted in partner's short {x}").format(x=sname(short)),
        ),
    ]
