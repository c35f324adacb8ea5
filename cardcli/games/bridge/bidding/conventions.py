"""Conventions that span both hands: Blackwood (:mod:`.blackwood`), Gerber's answers and the slam
after them, Stayman and transfer continuations."""

from __future__ import annotations

from cardcli.games.bridge.bidding.blackwood import blackwood
from cardcli.games.bridge.bidding.context import Ctx
from cardcli.games.bridge.bidding.hand import MAJORS, Hand, sname
from cardcli.games.bridge.bidding.placement import placement, slam_bids
from cardcli.games.bridge.bidding.table import B, Cand, cand, with_fallback
from cardcli.games.bridge.moves import PASS, Bid
from cardcli.i18n import _


def conventional_continuations(ctx: Ctx) -> list[Cand] | None:
    """Answers to Blackwood and transfers/Stayman continuations; ``None`` when none applies."""
    lb = ctx.last_bid
    p_bids = ctx.bids_of(ctx.partner)
    my_bids = ctx.bids_of(ctx.me)
    if not p_bids:
        return None
    last_p = p_bids[-1]
    partner_last = lb is not None and lb[0] == ctx.partner
    bw = blackwood(ctx)
    if bw is not None:
        return bw
    op = ctx.opening
    gerber = _gerber(ctx, my_bids, p_bids)
    if gerber is not None:
        return gerber
    # transfer continuations (responder after opener completed a transfer)
    if op and op[0] == ctx.partner and op[1] == B(1, "N") and my_bids and partner_last:
        first = my_bids[0]
        if len(my_bids) == 1 and first in (B(2, "D"), B(2, "H")) and last_p.strain == ("H" if first == B(2, "D") else "S"):
            m = last_p.strain
            general = placement(ctx)
            slam = slam_bids(general)
            if last_p.level == 3:
                # opener super-accepted (17 HCP, 4 trumps): game with any values
                return with_fallback(
                    [
                        *slam,
                        cand(B(4, m), _("game opposite the super-accept: 6+ HCP"), hcp=(6, 37)),
                        cand(PASS, _("pass: 0-5 HCP, too weak even opposite the super-accept"), hcp=(0, 5)),
                    ],
                    general,
                )
            return with_fallback(
                [
                    *slam,
                    cand(B(4, m), _("game: 6+ {m}, 10+ HCP").format(m=sname(m)), hcp=(10, 37), lens={m: (6, 13)}),
                    cand(
                        B(3, "N"),
                        _("game values with exactly 5 {m}: opener chooses 3NT or 4{x}").format(m=sname(m), x=m),
                        hcp=(10, 37),
                        lens={m: (5, 5)},
                    ),
                    cand(B(3, m), _("invitational: 6+ {m}, 8-9 HCP").format(m=sname(m)), hcp=(8, 9), lens={m: (6, 13)}),
                    cand(B(2, "N"), _("invitational: 5 {m}, 8-9 HCP").format(m=sname(m)), hcp=(8, 9)),
                    cand(PASS, _("weak: 0-7 HCP, plays in {m}").format(m=sname(m)), hcp=(0, 7)),
                ],
                general,
            )
        if len(my_bids) == 1 and first == B(2, "C") and last_p.level == 2:
            fit = last_p.strain if last_p.strain in MAJORS else None
            out = []
            if fit:
                out += [
                    cand(
                        B(4, fit), _("game in the 4-4 {m} fit: 10-15 HCP").format(m=sname(fit)), hcp=(10, 15), lens={fit: (4, 13)}
                    ),
                    cand(
                        B(3, fit), _("invitational raise: 4 {m}, 8-9 HCP").format(m=sname(fit)), hcp=(8, 9), lens={fit: (4, 13)}
                    ),
                ]
            if last_p == B(2, "H"):
                out.append(cand(B(2, "S"), _("4 spades, invitational (8-9 HCP)"), hcp=(8, 9), lens={"S": (4, 13)}))
            out += [
                cand(B(3, "N"), _("no major fit: 10-15 HCP, to play"), hcp=(10, 15)),
                cand(B(2, "N"), _("no major fit: 8-9 HCP, invitational"), hcp=(8, 9)),
            ]
            return with_fallback(out, placement(ctx))
        if len(my_bids) == 1 and first == B(2, "S") and last_p == B(3, "C"):
            return [
                cand(B(3, "D"), _("sign-off: long diamonds"), lens={"D": (6, 13)}),
                cand(PASS, _("sign-off: long clubs"), lens={"C": (6, 13)}),
            ]
    # opener after a transfer and responder's invitation/game choice
    if op and op[0] == ctx.me and op[1] == B(1, "N") and len(p_bids) == 2 and partner_last:
        first_bid = p_bids[0]
        if first_bid in (B(2, "D"), B(2, "H")):
            m = "H" if first_bid == B(2, "D") else "S"
            if last_p == B(3, "N"):
                return [
                    cand(B(4, m), _("3+ {m}: prefers the major game").format(m=sname(m)), lens={m: (3, 13)}),
                    cand(PASS, _("only 2 {m}: 3NT is the game").format(m=sname(m))),
                ]
            if last_p == B(2, "N"):
                return [
                    cand(B(4, m), _("maximum with 3+ {m}: game").format(m=sname(m)), hcp=(16, 17), lens={m: (3, 13)}),
                    cand(B(3, "N"), _("maximum with 2 {m}: game in notrump").format(m=sname(m)), hcp=(16, 17)),
                    cand(B(3, m), _("minimum with 3+ {m}: declines").format(m=sname(m)), lens={m: (3, 13)}),
                    cand(PASS, _("minimum with 2 {m}: declines").format(m=sname(m))),
                ]
            if last_p == B(3, m):
                return [
                    cand(B(4, m), _("maximum: accepts the invitation"), hcp=(16, 17)),
                    cand(PASS, _("minimum: declines the invitation")),
                ]
        if first_bid == B(2, "C") and last_p in (B(2, "N"), B(3, "H"), B(3, "S")):
            if last_p == B(2, "N"):
                return [
                    cand(B(3, "N"), _("maximum: accepts"), hcp=(16, 17)),
                    cand(
                        B(4, "S"),
                        _("4 spades and a maximum: partner has 4 spades"),
                        hcp=(16, 17),
                        lens={"S": (4, 13)},
                        extra=lambda h: False,
                    ),
                    cand(PASS, _("minimum: declines")),
                ]
            m = last_p.strain
            return [
                cand(B(4, m), _("maximum: accepts the invitation"), hcp=(16, 17)),
                cand(PASS, _("minimum: declines the invitation")),
            ]
    return None


GERBER_ANSWERS = {"D": (0, 4), "H": (1,), "S": (2,), "N": (3,)}
"""Gerber's answers (booklet, "Slam bidding"): 4D 0 or 4 aces, 4H 1, 4S 2, 4NT 3."""


def gerber_answers() -> list[Cand]:
    """Opener's answer to Gerber (4C over our 1NT or 2NT opening): the number of aces, in steps."""
    words = {
        "D": _("Gerber answer: 0 or 4 aces"),
        "H": _("Gerber answer: 1 ace"),
        "S": _("Gerber answer: 2 aces"),
        "N": _("Gerber answer: 3 aces"),
    }
    return [cand(B(4, s), words[s], extra=lambda h, n=n: h.aces in n, forcing=True) for s, n in GERBER_ANSWERS.items()]


def _gerber(ctx: Ctx, my_bids: list[Bid], p_bids: list[Bid]) -> list[Cand] | None:
    """After Gerber over partner's notrump opening: the asker places the contract (7NT with every ace
    and 37+ points together, 6NT with at most one ace missing, else 4NT, a sign-off), and opener
    passes what the asker chose."""
    op = ctx.opening
    if op is None or op[1].strain != "N" or op[1].level not in (1, 2):
        return None
    lb = ctx.last_bid
    if op[0] == ctx.partner and len(my_bids) == 1 and my_bids[0] == B(4, "C") and len(p_bids) == 2:
        answer = p_bids[1]
        if lb is None or lb[0] != ctx.partner or answer.level != 4 or answer.strain not in GERBER_ANSWERS:
            return None
        shown = GERBER_ANSWERS[answer.strain]
        least = 15 if op[1].level == 1 else 20

        def aces(h: Hand) -> int:
            opts = [a + h.aces for a in shown if a + h.aces <= 4]
            return min(opts) if opts else h.aces

        out = [
            cand(
                B(7, "N"),
                _("grand slam: all four aces between us and 37+ points together"),
                extra=lambda h: aces(h) == 4 and h.hcp + least >= 37,
            ),
            cand(B(6, "N"), _("small slam: at most one ace missing"), extra=lambda h: aces(h) >= 3),
        ]
        if ctx.ok(B(4, "N")):
            out.append(cand(B(4, "N"), _("sign-off after Gerber: two aces are missing")))
        return out
    if op[0] == ctx.me and len(p_bids) == 2 and p_bids[0] == B(4, "C") and lb is not None and lb[0] == ctx.partner:
        if p_bids[1].strain == "N" and p_bids[1].level >= 4:
            return [cand(PASS, _("pass: partner asked for aces with Gerber and chose the contract"))]
    return None
