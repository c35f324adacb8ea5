"""Opener in competition: the answer to partner's negative double, and the strong opener who
competes (a takeout double, or the long suit again) when partner has passed.

SAYC booklet, Competitive bidding (Negative doubles): responder's double of an overcall through
2♠ is for takeout, and opener describes the hand as over a new suit: a 4-card unbid major first,
notrump with a stopper, a new suit or the long suit again, jumping with extra values; passing for
penalties needs length and strength in their suit. A negative double is never passed for want of
a call: partner may hold only 6 HCP, and one of their suit doubled is a poor contract for us.

When partner has only passed and the opponents have found a fit, a strong opener (16+ HCP) does
not let them play at the 2 level: opener's double is then for takeout (:func:`~.context.double_kind`).
"""

from __future__ import annotations

from cardcli.games.bridge.bidding.context import Ctx
from cardcli.games.bridge.bidding.hand import MAJORS, Hand, sname
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
    if nt is not None and nt.level <= 2:
        out.append(
            cand(
                nt,
                _("answers the negative double: 12-15 HCP, balanced, a stopper in their suit")
                if nt.level == 1
                else _("answers the negative double: 12-18 HCP, balanced, a stopper in their suit"),
                hcp=(12, 15) if nt.level == 1 else (12, 18),
                bal=True,
                extra=stop,
            )
        )
        if nt.level == 1:
            out.append(
                cand(
                    Bid(2, "N"),
                    _("answers the negative double: 18-19 HCP, balanced, a stopper in their suit"),
                    hcp=(18, 19),
                    bal=True,
                    extra=stop,
                )
            )
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
        out.append(
            cand(
                DOUBLE,
                _("reopening takeout double: 12-15 HCP, at most 1 card in their suit"),
                hcp=(12, 15),
                extra=lambda h: short(h, 1),
            )
        )
    return out


def _long(h: Hand, m: str) -> bool:
    """Six cards in the suit opened: bid it again rather than double."""
    return h.lens[m] >= 6
