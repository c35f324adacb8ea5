"""Answering doubles, and opener in competition: partner's takeout double (:func:`advance_double`),
partner's penalty double (:func:`penalty_double_answer`), opener's answer to partner's negative
double, and the strong opener who competes (a takeout double, or the long suit again) when
partner has passed.

SAYC plays no responsive doubles: when partner's takeout double is raised by the next player, a
double is for penalties (length and honors in their suit).

SAYC booklet, Competitive bidding (Negative doubles): responder's double of an overcall through
2♠ is for takeout, and opener describes the hand as over a new suit: a 4-card unbid major first,
notrump with a stopper, a new suit or the long suit again, jumping with extra values; passing for
penalties needs length and strength in their suit. A negative double is never passed for want of
a call: partner may hold only 6 HCP, and one of their suit doubled is a poor contract for us.

When partner has only passed and the opponents have found a fit, a strong opener (16+ HCP) does
not let them play at the 2 level: opener's double is then for takeout (:func:`~.context.double_kind`).
"""

from __future__ import annotations

from cardcli.games.bridge.auction import doubling_state
from cardcli.games.bridge.bidding.context import PENALTY, Ctx
from cardcli.games.bridge.bidding.hand import MAJORS, SUITS, Hand, sname
from cardcli.games.bridge.bidding.table import Cand, cand
from cardcli.games.bridge.moves import DOUBLE, PASS, Bid, Pass
from cardcli.i18n import _


def answer_negative_double(ctx: Ctx) -> list[Cand]:
    """Opener answers partner's negative double (the double still stands)."""
    op = ctx.opening
    assert op is not None
    m = op[1].strain
    their = ctx.their_suits()
    out: list[Cand] = []
    stop = lambda h: all(h.stopper(x) for x in their)  # noqa: E731
    rho_bid = any(isinstance(c, Bid) for c in ctx.seat_calls(ctx.rho)[-1:])
    for s in MAJORS:
        if s in their or s == m:
            continue
        b = ctx.cheapest(s)
        if b is None or b.level > 3:
            continue
        game = Bid(ctx.game_level(s), s)
        if ctx.ok(game) and game.level > b.level:
            out.append(
                cand(
                    game,
                    _("answers the negative double: 4+ {s}, 19+ points: game").format(s=sname(s)),
                    pts=(19, 40),
                    lens={s: (4, 13)},
                )
            )
        if b.level < 3:
            out.append(
                cand(
                    Bid(b.level + 1, s),
                    _("answers the negative double with a jump: 4+ {s}, 16-18 points").format(s=sname(s)),
                    pts=(16, 18),
                    lens={s: (4, 13)},
                )
            )
        out.append(
            cand(b, _("answers the negative double: 4+ {s}, 12-15 points").format(s=sname(s)), pts=(12, 15), lens={s: (4, 13)})
        )
        out.append(cand(b, _("answers the negative double: 4+ {s}").format(s=sname(s)), lens={s: (4, 13)}))
    nt = ctx.cheapest("N")
    minimum = _("answers the negative double: 12-15 HCP, balanced, a stopper in their suit")
    # over a two-level overcall the 2NT answer is a minimum: with the values of a jump rebid in
    # notrump (a balanced hand too strong to open 1NT) opener bids the game
    nt_rows = {
        1: [
            (Bid(1, "N"), minimum, (12, 15)),
            (Bid(2, "N"), _("answers the negative double: 18-19 HCP, balanced, a stopper in their suit"), (18, 19)),
        ],
        2: [
            (Bid(3, "N"), _("answers the negative double with game: 16-19 HCP, balanced, a stopper in their suit"), (16, 19)),
            (Bid(2, "N"), minimum, (12, 15)),
        ],
    }
    for call, text, hcp in nt_rows.get(nt.level if nt is not None else 0, []):
        out.append(cand(call, text, hcp=hcp, bal=True, extra=stop))
    if not rho_bid:
        out.append(
            cand(
                PASS,
                _("pass: converts the negative double to penalties (4+ cards in their suit, two honors)"),
                extra=lambda h: any(h.lens[x] >= 4 and h.honors(x) >= 2 and h.lens[x] > h.lens[m] - 2 for x in their),
            )
        )
    own = ctx.cheapest(m)
    if own is not None and own.level <= 3:
        own_game = Bid(ctx.game_level(m), m)
        if ctx.ok(own_game) and own_game.level > own.level:
            # a long suit and game values opposite the double's 6+: the game in it (par-276: 19 HCP and
            # six diamonds rebid 3D, where 5D made); in a minor, with their suit stopped and no
            # shortness, nine tricks in notrump come first
            minor_nt = m in "DC" and ctx.ok(Bid(3, "N"))
            out.append(
                cand(
                    own_game,
                    _("answers the negative double with game: 6+ {s}, 19+ points").format(s=sname(m)),
                    pts=(19, 40),
                    lens={m: (6, 13)},
                    extra=lambda h: not minor_nt or not stop(h) or min(h.lens.values()) <= 1,
                )
            )
            if minor_nt:
                out.append(
                    cand(
                        Bid(3, "N"),
                        _("answers the negative double with game: a long {s} suit, 19+ points, stoppers in their suit").format(
                            s=sname(m)
                        ),
                        pts=(19, 40),
                        lens={m: (6, 13)},
                        extra=stop,
                    )
                )
        if own.level < 3:
            out.append(
                cand(
                    Bid(own.level + 1, m),
                    _("answers the negative double with a jump: 6+ {s}, 16-18 points").format(s=sname(m)),
                    pts=(16, 18),
                    lens={m: (6, 13)},
                )
            )
        out.append(cand(own, _("answers the negative double: 6+ {s}").format(s=sname(m)), lens={m: (6, 13)}))
    for s in "DC":
        if s in their or s == m:
            continue
        b = ctx.cheapest(s)
        if b is not None and b.level <= 2:
            out.append(cand(b, _("answers the negative double: 4+ {s}").format(s=sname(s)), lens={s: (4, 13)}))
    if rho_bid:
        out.append(cand(PASS, _("pass: the opponents bid again and there is nothing to add")))
    elif own is not None and own.level <= 3:
        out.append(cand(own, _("answers the negative double: nothing else fits, rebids the suit"), lens={m: (5, 13)}))
    if own is not None and own.level <= 3:
        out.append(cand(own, _("answers the negative double: nothing else fits, rebids the suit")))
    out.append(cand(PASS, _("pass: nothing more to say")))
    return out


def strong_opener_competes(ctx: Ctx) -> list[Cand]:
    """Opener, partner having only passed, with the opponents' suit bid last at the 1-3 level: a
    takeout double or the long suit again with a strong hand; a reopening double when short in
    their suit in the pass-out seat. Empty when this position is not that one."""
    op = ctx.opening
    lb = ctx.last_bid
    if op is None or lb is None or op[0] != ctx.me or ctx.ours(lb[0]):
        return []
    if ctx.double_kind() != "takeout":
        return []
    m = op[1].strain
    their = ctx.their_suits()
    out: list[Cand] = []
    short = lambda h, n: all(h.lens[x] <= n for x in their)  # noqa: E731
    pass_out = len(ctx.calls) >= 2 and all(isinstance(c, Pass) for c in ctx.calls[-2:])
    out.append(
        cand(
            DOUBLE,
            _("takeout double: 16+ HCP, at most 2 cards in their suit"),
            hcp=(16, 37),
            extra=lambda h: short(h, 2) and not _long(h, m),
        )
    )
    own = ctx.cheapest(m)
    if own is not None and own.level <= 3:
        out.append(cand(own, _("competes: 6+ {s}, 16+ points").format(s=sname(m)), pts=(16, 40), lens={m: (6, 13)}))
    out.append(
        cand(DOUBLE, _("takeout double: 16+ HCP, at most 2 cards in their suit"), hcp=(16, 37), extra=lambda h: short(h, 2))
    )
    if pass_out and lb[1].level == 1:
        # partner, who plays negative doubles, may have passed with length in their suit: a short
        # opener reopens with a double, which partner leaves in for penalties
        out.append(
            cand(
                DOUBLE,
                _("reopening takeout double: 12-15 HCP, at most 1 card in their suit"),
                hcp=(12, 15),
                extra=lambda h: short(h, 1),
            )
        )
    nt = ctx.cheapest("N")
    stoppers = lambda h: all(h.stopper(x) for x in their)  # noqa: E731
    # the opening's planned rebid, at opener's first turn after it (a pass since then denied it); partner
    # has only passed
    first_rebid = len(ctx.seat_calls(ctx.me)) == 1 and all(isinstance(c, Pass) for c in ctx.seat_calls(ctx.partner))
    if not pass_out and nt is not None and nt.level == 2 and lb[1].level == 2 and first_rebid:
        # their two-level bids came before the rebid the opening planned: 2NT shows it all the same
        out.append(
            cand(
                nt,
                _("competes with 2NT: 18-19 HCP, balanced, stoppers in their suits"),
                hcp=(18, 19),
                bal=True,
                extra=stoppers,
            )
        )
    if pass_out and nt is not None and nt.level == 2 and lb[1].level == 2:
        out.append(
            cand(
                nt,
                _("reopens with 2NT: 18-19 HCP, balanced, a stopper in their suit"),
                hcp=(18, 19),
                bal=True,
                extra=lambda h: all(h.stopper(x) for x in their),
            )
        )
    return out


def answer_reopening_2nt(ctx: Ctx) -> list[Cand]:
    """Partner opened, we passed their overcall and partner reopened with 2NT (18-19 balanced, a
    stopper): game in notrump with 6+ HCP, else pass. Empty when this position is not that one."""
    op = ctx.opening
    if op is None or op[0] != ctx.partner or not ctx.passed_hand or len(ctx.calls) < 2:
        return []
    p_calls = [c for c in ctx.seat_calls(ctx.partner) if not isinstance(c, Pass)]
    if len(p_calls) != 2 or p_calls[1] != Bid(2, "N") or ctx.calls[-2] != Bid(2, "N"):
        return []
    if not isinstance(ctx.calls[-1], Pass) or len(ctx.seat_calls(ctx.me)) != 1:
        return []
    return [
        cand(Bid(3, "N"), _("game in notrump: 6+ HCP opposite partner's 18-19"), hcp=(6, 37)),
        cand(PASS, _("pass: fewer than 6 HCP, no game opposite 18-19")),
    ]


def _long(h: Hand, m: str) -> bool:
    """Six cards in the suit opened: bid it again rather than double."""
    return h.lens[m] >= 6


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
            out.append(
                cand(
                    game,
                    _("game: 4+ {s} and 12+ HCP").format(s=sname(s)),
                    hcp=(12, 37),
                    lens={s: (4, 13)},
                    extra=lambda h, s=s: best(h) == s,
                )
            )
        jump = Bid(b.level + 1, s)
        if jump.level <= 3:
            out.append(
                cand(
                    jump,
                    _("jump answer: 9-11 HCP, 4+ {s}, invitational").format(s=sname(s)),
                    hcp=(9, 11),
                    lens={s: (4, 13)},
                    extra=lambda h, s=s: best(h) == s,
                )
            )
    if not rho_bid:
        # before the weak answers: a pass for penalties is no pass for want of values
        out.append(
            cand(
                PASS,
                _("pass: converts the double to penalties (long, strong trumps)"),
                extra=lambda h: any(h.lens[x] >= 5 and h.good(x) for x in their),
            )
        )
    stop = lambda h: all(h.stopper(x) for x in their)  # noqa: E731
    nt = ctx.cheapest("N")
    if nt is not None and nt.level <= 3:
        if ctx.ok(Bid(3, "N")):
            out.append(cand(Bid(3, "N"), _("game in notrump: 12+ HCP with stoppers"), hcp=(12, 37), extra=stop))
            if nt.level == 3 and not rho_bid and len(ctx.calls) >= 3 and isinstance(ctx.calls[-3], Bid):
                # partner doubled their three-level pre-empt at once, so holds more than a minimum
                # double: 9-11 HCP with a stopper is game (there is no room to invite)
                text = _("game in notrump over their pre-empt: 9-11 HCP with stoppers")
                out.append(cand(Bid(3, "N"), text, hcp=(9, 11), extra=stop))
        if nt.level == 1:
            out.append(
                cand(
                    nt,
                    _("6-10 HCP, a stopper, no 4-card major"),
                    hcp=(6, 10),
                    extra=lambda h: stop(h) and all(h.lens[x] < 4 for x in MAJORS if x not in their),
                )
            )
    for s in unbid:
        b = ctx.cheapest(s)
        if b is not None and b.level <= (3 if rho_bid else 4):
            if rho_bid:
                out.append(
                    cand(
                        b,
                        _("free bid over their interference: 6+ HCP, {s} is the best suit").format(s=sname(s)),
                        hcp=(6, 37),
                        extra=lambda h, s=s: best(h) == s,
                    )
                )
            else:
                out.append(
                    cand(
                        b,
                        _("answers the double: 0-8 points, {s} is the best suit").format(s=sname(s)),
                        hcp=(0, 8),
                        extra=lambda h, s=s: best(h) == s,
                    )
                )
    lb = ctx.last_bid
    if rho_bid and lb is not None and lb[1].strain != "N" and doubling_state(ctx.calls) == 0 and ctx.double_kind() == PENALTY:
        t = lb[1].strain
        out.insert(
            0,
            cand(
                DOUBLE,
                _("penalty double: 4+ {s} with two honors and 8+ HCP (SAYC plays no responsive doubles)").format(s=sname(t)),
                hcp=(8, 37),
                lens={t: (4, 13)},
                extra=lambda h: h.honors(t) >= 2,
            ),
        )
    if rho_bid:
        out.append(cand(PASS, _("pass: the opponents bid over the double and there is nothing to add")))
    else:
        for s in unbid:
            b = ctx.cheapest(s)
            if b is not None and b.level <= 4:
                out.append(
                    cand(
                        b,
                        _("answers the double: {s} is the best suit, nothing better to bid").format(s=sname(s)),
                        extra=lambda h, s=s: best(h) == s,
                    )
                )
    return [c for c in out if c is not None]


def penalty_double_answer(ctx: Ctx) -> list[Cand]:
    """Partner's double is for penalties and stands: leave it in, unless a long suit and shortness in
    theirs make the contract a good one for them."""
    lb = ctx.last_bid
    assert lb is not None
    t = lb[1].strain
    out: list[Cand] = []
    for s in "SHDC":
        if s == t or s in ctx.their_suits():
            continue
        b = ctx.cheapest(s)
        if b is None or b.level > 3:
            continue
        if t == "N":
            out.append(
                cand(
                    b,
                    _("takes out partner's penalty double: 6+ {s} and a weak hand (0-4 HCP)").format(s=sname(s)),
                    hcp=(0, 4),
                    lens={s: (6, 13)},
                    extra=lambda h, s=s: h.longest() == s,
                )
            )
        else:
            out.append(
                cand(
                    b,
                    _("takes out partner's penalty double: 6+ {s}, at most one {t}").format(s=sname(s), t=sname(t)),
                    lens={s: (6, 13), t: (0, 1)},
                    extra=lambda h, s=s: h.longest() == s,
                )
            )
    out.append(cand(PASS, _("pass: leaves partner's penalty double in")))
    return out
