"""Competing in a part score by the Law of Total Tricks: when the opponents bid over our suit, bid
on to the level of the trumps held together (eight trumps, the two level; nine, the three level)
rather than sell out.

The rule is the last resort of a competitive position: the table for the position
(:func:`~.system.candidates`) still decides every constructive call, and this row is asked only
where the table would pass. It bids only the cheapest level of a suit our side has bid, never
above the three level, and only when the opponents' bid stands undoubled; partner's silence is
read as two cards in the suit (an average holding), so an overcaller needs a six-card suit to
compete at the two level and a seven-card suit at the three level. Vulnerable against not
vulnerable the rule stops at the two level: one off doubled costs more than their part score.
"""

from __future__ import annotations

from cardcli.games.bridge.auction import doubling_state
from cardcli.games.bridge.bidding.context import Ctx
from cardcli.games.bridge.bidding.hand import SUITS, sname
from cardcli.games.bridge.bidding.table import Cand, cand
from cardcli.games.bridge.moves import Bid, Double, Pass
from cardcli.i18n import _

SILENT_PARTNER = 2
"""The length assumed for partner in a suit partner has neither bid nor raised."""


def total_tricks_rows(ctx: Ctx) -> list[Cand]:
    """The competitive bids in our suits that the Law of Total Tricks allows here (maybe none)."""
    lb = ctx.last_bid
    if lb is None or ctx.ours(lb[0]) or doubling_state(ctx.calls) != 0 or lb[1].level > 3 or lb[1].strain == "N":
        return []
    if _partner_doubled_last(ctx) or _preempted(ctx):
        return []
    their = ctx.their_suits()
    p = ctx.partner_shape()
    mine = {b.strain for b in ctx.bids_of(ctx.me) if b.strain != "N"}
    partners = {b.strain for b in ctx.bids_of(ctx.partner) if b.strain != "N"}
    out: list[Cand] = []
    for s in SUITS:
        if s in their or (s not in mine and s not in partners):
            continue
        b = ctx.cheapest(s)
        if b is None or b.level > 3 or b.level < 2:
            continue
        p_len = p.min_len(s) if s in partners else max(p.min_len(s), SILENT_PARTNER)
        need = b.level + 6 - p_len
        if need < 3 or (b.level == 3 and ctx.score.vul[0] and not ctx.score.vul[1]):
            continue
        out.append(
            cand(
                b,
                _("competes to the level of the fit: {n}+ {s}, as many trumps together as tricks bid").format(n=need, s=sname(s)),
                lens={s: (need, 13)},
            )
        )
    return out


def _partner_doubled_last(ctx: Ctx) -> bool:
    """Partner's last call that is not a pass is a double: answering it is the table's job."""
    for c in reversed(ctx.seat_calls(ctx.partner)):
        if not isinstance(c, Pass):
            return isinstance(c, Double)
    return False


def _preempted(ctx: Ctx) -> bool:
    """This player's first bid was a pre-empt (a weak two or three opening, a jump overcall): the
    pre-empt told the whole hand, and partner decides whether to compete."""
    last: Bid | None = None
    for seat, c in ctx.history:
        if not isinstance(c, Bid):
            continue
        if seat == ctx.me:
            if c.strain == "N" or (last is None and c == Bid(2, "C")):
                return False
            cheapest = 1 if last is None else last.level + (0 if Bid(last.level, c.strain).index > last.index else 1)
            return c.level > cheapest
        last = c
    return False


def before_pass(out: list[Cand], rows: list[Cand]) -> list[Cand]:
    """``rows`` asked just before the table's first pass: a hand the table would pass with competes."""
    if not rows:
        return out
    at = next((i for i, c in enumerate(out) if isinstance(c.call, Pass)), len(out))
    return out[:at] + rows + out[at:]
