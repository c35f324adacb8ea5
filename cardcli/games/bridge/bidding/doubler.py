"""The takeout doubler's second call, once partner has answered the double with a suit.

SAYC booklet, Defensive bidding (Takeout doubles): the double is also the start of every hand too
strong to overcall, so the doubler who bids again shows more than a minimum double:

* a raise of partner's suit shows extra values and four trumps: one level up invites, game when
  the points together reach it (partner's answer read at the middle of what it showed: a simple
  answer is 0-8, a jump 9-11);
* a new suit shows a five-card suit with two of the top five honors and 17+ HCP, the hand too
  strong for an overcall;
* notrump shows 19-21 HCP, balanced, with a stopper, the hand too strong for a 1NT overcall
  (over partner's notrump answer the general placement rule raises).

A minimum double that has nothing more to say is left to the general placement rule (the Law of
Total Tricks row included). In the balancing seat the double may be 3 HCP lighter, and so is
every range here.
"""

from __future__ import annotations

from cardcli.games.bridge.auction import caller
from cardcli.games.bridge.bidding.context import TAKEOUT, Ctx, double_kind
from cardcli.games.bridge.bidding.hand import MAJORS, sname
from cardcli.games.bridge.bidding.table import Cand, cand
from cardcli.games.bridge.moves import Bid, Double, Pass
from cardcli.i18n import _

GAME_POINTS = 25
"""Points together for a game in a major (the placement rule's count)."""


def doubler_rebids(ctx: Ctx) -> list[Cand]:
    """The doubler's rows here, or none when this is not the doubler's first call after partner's
    answer to a takeout double."""
    mine = [(i, c) for i, c in enumerate(ctx.calls) if caller(ctx.dealer, i) == ctx.me and not isinstance(c, Pass)]
    if len(mine) != 1 or not isinstance(mine[0][1], Double):
        return []
    at = mine[0][0]
    if double_kind(ctx.dealer, ctx.calls[:at]) != TAKEOUT:
        return []
    answer = [(i, c) for i, c in enumerate(ctx.calls) if caller(ctx.dealer, i) == ctx.partner and not isinstance(c, Pass)]
    if len(answer) != 1 or answer[0][0] < at or not isinstance(answer[0][1], Bid):
        return []
    if any(caller(ctx.dealer, i) == ctx.me for i in range(answer[0][0] + 1, len(ctx.calls))):
        return []
    s = answer[0][1].strain
    their = ctx.their_suits()
    if s in their:
        return []  # partner's cue bid asks: the general rule answers it
    light = 3 if _balancing(ctx, at) else 0
    out: list[Cand] = []
    if s != "N":
        out += _raises(ctx, s, light)
    for t in "SHDC":
        b = ctx.cheapest(t)
        if t == s or t in their or b is None or b.level > 3:
            continue
        out.append(
            cand(
                b,
                _("doubled, then a new suit: 5+ {s}, {n}+ HCP (too strong to overcall)").format(s=sname(t), n=17 - light),
                hcp=(17 - light, 37),
                lens={t: (5, 13)},
                extra=lambda h, t=t: h.fair(t) and h.lens[t] > h.lens.get(s, 0),
            )
        )
    nt = ctx.cheapest("N")
    if nt is not None and nt.level <= 2 and s != "N":
        out.append(
            cand(
                nt,
                _("doubled, then notrump: {lo}-{hi} HCP, balanced, a stopper in their suit").format(lo=19 - light, hi=21 - light),
                hcp=(19 - light, 21 - light),
                bal=True,
                extra=lambda h: all(h.stopper(x) for x in their),
            )
        )
    return out


def _raises(ctx: Ctx, s: str, light: int) -> list[Cand]:
    """Raises of partner's answer in ``s``, by the points together with partner's answer."""
    p_lo, p_hi = ctx.partner_shape().hcp
    p_est = p_lo + (min(p_hi, p_lo + 8) - p_lo) // 2
    raise_ = ctx.cheapest(s)
    if raise_ is None:
        return []
    out: list[Cand] = []
    game = Bid(max(ctx.game_level(s), raise_.level), s)
    need = GAME_POINTS - p_est if s in MAJORS else GAME_POINTS + 3 - p_est
    if ctx.ok(game) and game.level <= (4 if s in MAJORS else 5):
        out.append(
            cand(
                game,
                _("doubled, then raises partner's {s} to game: 4+ {s}, {n}+ points").format(s=sname(s), n=need),
                sup=(s, need, 40),
                lens={s: (4, 13)},
            )
        )
    # a raise one level up invites partner's simple answer (a jump answer already invited)
    if p_lo == 0 and raise_.level < game.level and raise_.level <= 3:
        lo = 17 - light
        if lo < need:
            out.append(
                cand(
                    raise_,
                    _("doubled, then raises partner's {s}: 4+ {s}, {lo}-{hi} points, invitational").format(
                        s=sname(s), lo=lo, hi=need - 1
                    ),
                    sup=(s, lo, need - 1),
                    lens={s: (4, 13)},
                )
            )
    return out


def _balancing(ctx: Ctx, at: int) -> bool:
    """The double at call ``at`` was made in the pass-out seat over a one-level opening."""
    bids = [c for c in ctx.calls[:at] if isinstance(c, Bid)]
    return len(bids) == 1 and bids[0].level == 1 and at >= 2 and all(isinstance(c, Pass) for c in ctx.calls[at - 2 : at])
