"""The system's table for one position (:func:`candidates`): which part of the table applies, and the
rules that apply everywhere (forcing bids, bidding to the rubber score)."""

from __future__ import annotations

from dataclasses import replace

from cardcli.games.bridge.auction import auction_over
from cardcli.games.bridge.bidding.competitive import defence, opener_after_1nt_doubled
from cardcli.games.bridge.bidding.context import NEGATIVE, PENALTY, TAKEOUT, Ctx
from cardcli.games.bridge.bidding.doubles import (
    advance_double,
    answer_negative_double,
    answer_reopening_2nt,
    penalty_double_answer,
    strong_opener_competes,
)
from cardcli.games.bridge.bidding.hand import bname, sname
from cardcli.games.bridge.bidding.openings import openings, responses
from cardcli.games.bridge.bidding.rebids import opener_rebids
from cardcli.games.bridge.bidding.table import B, Cand, cand, with_fallback
from cardcli.games.bridge.bidding.totaltricks import before_pass, total_tricks_rows
from cardcli.games.bridge.moves import PASS, Bid, Pass
from cardcli.i18n import _


def candidates(ctx: Ctx) -> list[Cand]:
    """Every call the system knows at this position, in priority order (Pass last)."""
    if auction_over(ctx.calls):
        return []
    op = ctx.opening
    if op is None:
        return openings(ctx)
    kind = ctx.partner_double()
    if kind == PENALTY:
        return penalty_double_answer(ctx)
    opener, _opening = op
    if opener == ctx.me and (kind == NEGATIVE or (kind is None and ctx.partner_double_unanswered() == NEGATIVE)):
        return _to_the_score(ctx, answer_negative_double(ctx))
    if kind == TAKEOUT and opener == ctx.partner:
        return _to_the_score(ctx, advance_double(ctx))
    if opener == ctx.me:
        out = opener_after_1nt_doubled(ctx) or with_fallback(strong_opener_competes(ctx), opener_rebids(ctx))
    elif opener == ctx.partner:
        out = with_fallback(answer_reopening_2nt(ctx), responses(ctx))
    else:
        out = defence(ctx)
    out = before_pass(out, total_tricks_rows(ctx))
    return _to_the_score(ctx, _no_pass_when_forced(ctx, out))


def _no_pass_when_forced(ctx: Ctx, out: list[Cand]) -> list[Cand]:
    """Partner's forcing bid (a new suit, a cue bid, an artificial ask) must not be passed when the
    opponents passed over it: drop Pass, and make sure some bid is always possible."""
    hist = ctx.history
    if len(hist) < 2 or not isinstance(hist[-1][1], Pass):
        return out
    idx = len(hist) - 2
    seat, call = hist[idx]
    if seat != ctx.partner or not isinstance(call, Bid):
        return out
    forced = idx < len(ctx.forcing) and ctx.forcing[idx]
    if not forced and not _forcing_to_game(ctx, call):
        return out
    kept = [c for c in out if not isinstance(c.call, Pass)]
    bids = ctx.our_bids()
    if not forced:  # forced by the 2♣ opening: its clubs and a waiting 2♦ answer show no suit
        bids = bids[2:] if len(bids) > 1 and bids[1][1] == B(2, "D") else bids[1:]
    ours = [b.strain for _s, b in bids if b.strain != "N" and b.strain not in ctx.their_suits()]
    mine = [b.strain for s, b in bids if b.strain != "N" and s == ctx.me]
    for strain in [*mine[:1], *ours[:1], "N"]:
        b = ctx.cheapest(strain)
        if b is not None and b.level <= 5:
            kept.append(cand(b, _("partner's bid was forcing: the cheapest sensible bid ({s})").format(s=sname(strain))))
            break
    return kept


def _forcing_to_game(ctx: Ctx, call: Bid) -> bool:
    """Whether partner's ``call`` below game may not be passed because our 2♣ opening forced to game:
    every auction after it is forcing to game unless opener's rebid was 2NT (booklet, "Strong 2♣
    opening"). Without this the opener passed responder's raise to 4♣ holding 24 HCP."""
    op = ctx.opening
    if op is None or op[1] != B(2, "C") or not ctx.ours(op[0]) or call.level >= ctx.game_level(call.strain):
        return False
    opener_bids = ctx.bids_of(op[0])
    return len(opener_bids) >= 2 and opener_bids[1] != B(2, "N")


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
    my_suits = {b.strain for b in ctx.bids_of(ctx.me) if b.strain != "N"}
    misfit = bid.strain != "N" and lb[0] == ctx.partner
    earlier_game = any(b.level >= ctx.game_level(b.strain) for _s, b in ctx.our_bids()[:-1])

    def keep(c: Cand) -> bool:
        if not isinstance(c.call, Bid):
            return True
        b = c.call
        # slam bids, Blackwood, and over partner's notrump the quantitative 4NT (a slam invitation)
        if b.level >= 6 or (b == B(4, "N") and (c.forcing or bid.strain == "N")):
            return True
        if b.level > 5 or b.level != ctx.game_level(b.strain):
            return False
        # without a part score a game may be corrected to another game (3NT -> 4S); with one, only a
        # game in another strain, at the level that completes it (a misfit: 2H -> 2S with 60 below the line)
        return leg == 0 or (misfit and b.strain in my_suits and not earlier_game)

    def short(c: Cand) -> Cand:
        # the misfit correction is for a hand with at most a singleton in partner's suit
        if leg == 0 or not isinstance(c.call, Bid) or c.call.level >= 6 or c.call == B(4, "N"):
            return c
        test = c.test
        return replace(c, test=lambda h: test(h) and h.lens[bid.strain] <= 1)

    kept = [short(c) for c in out if keep(c) and not isinstance(c.call, Pass)]
    if leg == 0:
        return kept + [c for c in out if isinstance(c.call, Pass)]
    # the pass is no longer "a minimum": whatever the strength, this contract is already game
    return kept + [
        cand(
            PASS,
            _("pass: with our part score below the line {b} already completes the game; only a slam would bid on").format(
                b=bname(bid)
            ),
        )
    ]
