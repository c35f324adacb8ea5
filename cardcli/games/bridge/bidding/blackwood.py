"""Blackwood (booklet, "Slam bidding"): 4NT asks for aces, 5NT then asks for kings. 5NT promises that
the partnership holds all four aces and invites seven, so the grand slam is bid on aces, kings and
points together rather than on points alone."""

from __future__ import annotations

from collections.abc import Callable

from cardcli.games.bridge.bidding.context import Ctx
from cardcli.games.bridge.bidding.hand import Hand
from cardcli.games.bridge.bidding.placement import blackwood_suit
from cardcli.games.bridge.bidding.table import B, Cand, cand
from cardcli.games.bridge.moves import PASS, Bid
from cardcli.i18n import _

ACE_ANSWERS: dict[str, tuple[int, ...]] = {"C": (0, 4), "D": (1,), "H": (2,), "S": (3,)}
"""The answer to 4NT by its strain: 5♣ 0 or 4 aces, 5♦ 1, 5♥ 2, 5♠ 3."""

KING_ANSWERS: dict[str, tuple[int, ...]] = {"C": (0,), "D": (1,), "H": (2,), "S": (3,), "N": (4,)}
"""The answer to 5NT by its strain: 6♣ 0 kings, 6♦ 1, 6♥ 2, 6♠ 3, 6NT 4."""

KING_ASK_POINTS = 32
"""HCP together (partner read at the middle of the range shown) from which the asker, holding every
ace between the two hands, asks for kings: a grand slam needs a little more than a small one."""

GRAND_POINTS = 35
"""HCP together with which the asker bids seven missing one king (all four kings: seven on any count)."""


def blackwood(ctx: Ctx) -> list[Cand] | None:
    """The Blackwood sequence once it has started, for either partner; ``None`` outside it."""
    lb = ctx.last_bid
    p_bids = ctx.bids_of(ctx.partner)
    my_bids = ctx.bids_of(ctx.me)
    suit = blackwood_suit(ctx)
    if not p_bids or lb is None or lb[0] != ctx.partner or suit is None:
        return None
    last_p = p_bids[-1]
    if last_p == B(4, "N"):
        return _answers(ACE_ANSWERS, 5, _ace_words(), suit)
    asked_aces = len(my_bids) >= 1 and my_bids[-1] == B(4, "N")
    if asked_aces and last_p.level == 5:
        return _after_aces(ctx, suit, ACE_ANSWERS[last_p.strain])
    if last_p == B(5, "N") and len(p_bids) >= 2 and p_bids[-2] == B(4, "N") and my_bids and my_bids[-1].level == 5:
        return _answers(KING_ANSWERS, 6, _king_words(), suit)
    asked_kings = len(my_bids) >= 2 and my_bids[-1] == B(5, "N") and my_bids[-2] == B(4, "N")
    if asked_kings and last_p.level == 6:
        return _after_kings(ctx, suit, KING_ANSWERS[last_p.strain])
    return None


def _ace_words() -> dict[str, str]:
    return {
        "C": _("Blackwood answer: 0 or 4 aces"),
        "D": _("Blackwood answer: 1 ace"),
        "H": _("Blackwood answer: 2 aces"),
        "S": _("Blackwood answer: 3 aces"),
    }


def _king_words() -> dict[str, str]:
    return {
        "C": _("answer to 5NT: no king"),
        "D": _("answer to 5NT: 1 king"),
        "H": _("answer to 5NT: 2 kings"),
        "S": _("answer to 5NT: 3 kings"),
        "N": _("answer to 5NT: 4 kings"),
    }


def _answers(table: dict[str, tuple[int, ...]], level: int, words: dict[str, str], suit: str) -> list[Cand]:
    """The answers in steps; forcing, except the one that lands in the agreed suit (a contract the
    asker may pass: the sign-off over two aces missing, the small slam over too few kings)."""
    count: Callable[[Hand], int] = (lambda h: h.aces) if level == 5 else (lambda h: h.kings)
    return [cand(Bid(level, s), words[s], extra=lambda h, n=n: count(h) in n, forcing=s != suit) for s, n in table.items()]


def _together(shown: tuple[int, ...], mine: int) -> int:
    """The count between both hands: the fewest the answer allows (0 or 4 aces: 4 only if it fits)."""
    opts = [n + mine for n in shown if n + mine <= 4]
    return min(opts) if opts else mine


def _partner_mid(ctx: Ctx) -> int:
    """Partner's HCP read at the middle of the range shown, capped 8 above its bottom (as placement)."""
    lo, hi = ctx.partner_shape().hcp
    return lo + max(0, min(hi, lo + 8) - lo) // 2


def _after_aces(ctx: Ctx, suit: str, shown: tuple[int, ...]) -> list[Cand]:
    """The asker places the slam: with every ace and grand-slam values, 5NT asks for kings; a small
    slam with at most one ace missing; five of the suit with two missing."""
    out = []
    mid = _partner_mid(ctx)
    if ctx.ok(B(5, "N")):
        out.append(
            cand(
                B(5, "N"),
                _("asks for kings: we hold all four aces, grand slam interest"),
                extra=lambda h: _together(shown, h.aces) == 4 and h.hcp + mid >= KING_ASK_POINTS,
                forcing=True,
            )
        )
    small = Bid(6, suit)
    if ctx.ok(small):
        out.append(cand(small, _("small slam: at most one ace missing"), extra=lambda h: _together(shown, h.aces) >= 3))
    five = Bid(5, suit)
    out.append(cand(five if ctx.ok(five) else PASS, _("sign-off: two aces are missing")))
    return out


def _after_kings(ctx: Ctx, suit: str, shown: tuple[int, ...]) -> list[Cand]:
    """After the kings are counted: seven with all four kings, or with three and 35+ HCP together;
    else the small slam (6NT when the answer went past six of the suit)."""
    mid = _partner_mid(ctx)

    def grand(h: Hand) -> bool:
        kings = _together(shown, h.kings)
        return kings == 4 or (kings == 3 and h.hcp + mid >= GRAND_POINTS)

    out = []
    seven = Bid(7, suit)
    if ctx.ok(seven):
        out.append(cand(seven, _("grand slam: all the aces, and the kings and points for thirteen tricks"), extra=grand))
    six = Bid(6, suit)
    if ctx.ok(six):
        out.append(cand(six, _("small slam: a king too many is missing for seven")))
    elif ctx.last_bid is not None and ctx.last_bid[1] == six:
        out.append(cand(PASS, _("small slam: a king too many is missing for seven")))
    elif ctx.ok(B(6, "N")):
        out.append(cand(B(6, "N"), _("small slam: a king too many is missing for seven")))
    else:
        out.append(cand(PASS, _("small slam: a king too many is missing for seven")))
    return out
