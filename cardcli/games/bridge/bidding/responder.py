"""Responder's second call after opener's limited rebid, and opener's answer to responder's invitation
(booklet, "Responder's rebids": with a minimum pass or give preference, with 11-12 invite, with 13+
bid game), in uncontested auctions that began with one of a suit.

The general placement rule estimates partner from the range shown and can fall a point short of game
when partner's range is wide (12-15 opposite 12: 24 by its estimate, game by the booklet); these rows
say what the booklet says for the common sequences, in the units the rebid was shown in. A hand
with slam values (33+ together) takes placement's slam bids first (:func:`~.openings.responses`),
which ask for aces. A two-over-one response (10+) is left to placement.
"""

from __future__ import annotations

from cardcli.games.bridge.bidding.context import Ctx
from cardcli.games.bridge.bidding.hand import MAJORS, MINORS, Hand, sname
from cardcli.games.bridge.bidding.table import B, Cand, cand
from cardcli.games.bridge.moves import PASS, STRAINS, Bid, Pass
from cardcli.i18n import _


def _uncontested(ctx: Ctx) -> bool:
    return all(isinstance(c, Pass) for s, c in ctx.history if not ctx.ours(s))


def _suit_opening(ctx: Ctx) -> Bid | None:
    op = ctx.opening
    if op is None or op[1].level != 1 or op[1].strain == "N" or not _uncontested(ctx):
        return None
    return op[1]


def responder_second(ctx: Ctx) -> list[Cand] | None:
    """Responder's second call: opener opened one of a suit, responder answered once, opener made a
    limited (not forcing) rebid; ``None`` for any other position."""
    o = _suit_opening(ctx)
    mine = ctx.seat_calls(ctx.me)
    p_bids = ctx.bids_of(ctx.partner)
    if o is None or len(ctx.bids_of(ctx.me)) != 1 or len(p_bids) != 2 or not isinstance(mine[-1], Bid):
        return None
    r, rb = mine[-1], p_bids[1]
    last = ctx.last_bid
    if last is None or last[0] != ctx.partner or ctx.was_forcing(len(ctx.calls) - 2):
        return None
    m = o.strain
    if r.strain == m or rb.level >= ctx.game_level(rb.strain):
        return None  # raises of opener's suit and games are left to placement
    if r.level == 2 and r.strain != "N" and _lower(r.strain, m) and rb == B(2, m) and isinstance(mine[0], Bid):
        return _after_two_over_one(ctx, m)
    if r.level != 1:
        return None  # the rest of the two-over-one auctions (10+) are left to placement
    if r.strain != "N" and rb.strain == r.strain:
        return _after_raise(ctx, r, rb)
    if rb.strain == m:
        cheapest = r.level if STRAINS.index(m) > STRAINS.index(r.strain) else r.level + 1
        return _after_own_suit(ctx, m, r, rb, rb.level > cheapest)
    if rb == B(1, "N"):
        return _after_notrump(ctx, r)
    if r.strain != "N" and rb.strain not in ("N", m, r.strain) and (rb.level == 1 or (rb.level == 2 and _lower(rb.strain, m))):
        return _after_new_suit(ctx, m, r, rb)
    if rb == B(2, "N") and r.level == 1:
        return _after_2nt(ctx, r)
    return None


def answer_game_try(ctx: Ctx) -> list[Cand] | None:
    """Responder's answer to opener's help-suit game try after 1M-2M (a new suit below 3M): game
    with a maximum (9+ points as a raiser) or with 7-8 and help in the suit (a singleton or void,
    two of the top three honours, or the ace or king doubleton); else three of the major.
    ``None`` for any other position."""
    o = _suit_opening(ctx)
    p_bids, mine = ctx.bids_of(ctx.partner), ctx.bids_of(ctx.me)
    if o is None or o.strain not in MAJORS or len(p_bids) != 2 or mine != [B(2, o.strain)] or ctx.last_bid is None:
        return None
    m, x = o.strain, p_bids[1].strain
    if ctx.last_bid[0] != ctx.partner or x in (m, "N") or p_bids[1].index >= B(3, m).index:
        return None

    def helps(h: Hand) -> bool:
        n = h.lens[x]
        return n <= 1 or h.honors(x, "AKQ") >= 2 or (n == 2 and h.honors(x, "AK") >= 1)

    return [
        cand(B(4, m), _("accepts the game try: a maximum, 9+ points"), sup=(m, 9, 40)),
        cand(
            B(4, m),
            _("accepts the game try: 7-8 points and help in {x}").format(x=sname(x)),
            sup=(m, 7, 8),
            extra=helps,
        ),
        cand(B(3, m), _("declines the game try: a minimum, no help in {x}").format(x=sname(x))),
    ]


def _after_raise(ctx: Ctx, r: Bid, rb: Bid) -> list[Cand]:
    s = r.strain
    out: list[Cand] = []
    if rb.level == r.level + 1:
        if s in MAJORS:
            out += [
                cand(
                    B(4, s),
                    _("game: 13+ points opposite opener's raise (12-15)"),
                    sup=(s, 13, 40),
                    lens={s: (4, 13)},
                ),
                cand(
                    B(3, s),
                    _("invites game: 11-12 points opposite opener's raise (12-15)"),
                    sup=(s, 11, 12),
                    lens={s: (4, 13)},
                ),
            ]
        else:
            out += [
                cand(B(3, "N"), _("game in notrump: 13+ HCP opposite opener's raise"), hcp=(13, 37)),
                cand(B(2, "N"), _("invites game: 11-12 HCP"), hcp=(11, 12)),
            ]
        out.append(cand(PASS, _("pass: 6-10 points, no game opposite opener's raise (12-15)"), sup=(s, 0, 10)))
    else:
        if s in MAJORS:
            out.append(cand(B(4, s), _("accepts the invitation: 8+ points"), sup=(s, 8, 40)))
        else:
            out.append(cand(B(3, "N"), _("game in notrump: 8+ HCP opposite opener's jump raise"), hcp=(8, 37)))
        out.append(cand(PASS, _("declines the invitation: 6-7 points"), sup=(s, 0, 7)))
    return out


def _after_own_suit(ctx: Ctx, m: str, r: Bid, rb: Bid, jumped: bool) -> list[Cand]:
    """Opener rebid the opening suit: at the cheapest level (12-15 points) or with a jump (16-18)."""
    out: list[Cand] = []
    if jumped:
        if m in MAJORS and ctx.ok(B(4, m)):
            out.append(cand(B(4, m), _("game: 8+ HCP and 2+ {s}").format(s=sname(m)), hcp=(8, 37), lens={m: (2, 13)}))
        if ctx.ok(B(3, "N")):
            out.append(cand(B(3, "N"), _("game in notrump: 8+ HCP opposite opener's jump rebid"), hcp=(8, 37)))
        out.append(cand(PASS, _("declines the invitation: 6-7 HCP"), hcp=(0, 7)))
        return out
    if m in MAJORS:
        out += _support_for_major(m, 11, _("invites game: 3+ {s} and 11-12 points"))
    out += _own_major(ctx, r)
    out.append(cand(B(3, "N"), _("game in notrump: 13+ HCP opposite opener's minimum"), hcp=(13, 37)))
    if rb.level == 2:
        out.append(cand(B(2, "N"), _("invites game: 11-12 HCP"), hcp=(11, 12)))
    out += _own_suit_to_play(ctx, r)
    out.append(cand(PASS, _("pass: 6-10 HCP, no game opposite opener's minimum"), hcp=(0, 10)))
    return out


def _support_for_major(m: str, invite: int, invite_text: str) -> list[Cand]:
    """Three-card support for opener's rebid major: game with 13+ points, the raise to three from
    ``invite`` to 12."""
    return [
        cand(B(4, m), _("game: 3+ {s} and 13+ points").format(s=sname(m)), sup=(m, 13, 40), lens={m: (3, 13)}),
        cand(B(3, m), invite_text.format(s=sname(m)), sup=(m, invite, 12), lens={m: (3, 13)}),
    ]


def _own_major(ctx: Ctx, r: Bid) -> list[Cand]:
    """Responder's six-card major after opener's limited rebid (booklet, "Responder's rebids"): game
    with 13+ points, the jump rebid with 11-12 invites. Points count the length, so a six-card suit
    with 11 HCP is worth game opposite an opening."""
    s = r.strain
    if s not in MAJORS:
        return []
    out: list[Cand] = []
    if ctx.ok(B(4, s)):
        out.append(cand(B(4, s), _("game: 6+ {s} and 13+ points").format(s=sname(s)), pts=(13, 40), lens={s: (6, 13)}))
    jump = B(3, s)
    if ctx.ok(jump) and ctx.jump(jump) >= 1:
        out.append(cand(jump, _("invites game: 6+ {s} and 11-12 points").format(s=sname(s)), pts=(11, 12), lens={s: (6, 13)}))
    return out


def _after_two_over_one(ctx: Ctx, m: str) -> list[Cand]:
    """Opener rebid the opening suit at the two level (12-15 points) over responder's two-over-one
    (10+ HCP, not from a passed hand): responder bids game with 13+, invites with 10-12 (booklet,
    "Responder's rebids"), and does not pass below game, as the two-over-one promised a second bid."""
    out: list[Cand] = []
    if m in MAJORS:
        out += _support_for_major(m, 10, _("invites game: 3+ {s} and 10-12 points"))
    out += [
        cand(B(3, "N"), _("game in notrump: 13+ HCP opposite opener's minimum"), hcp=(13, 37)),
        cand(B(2, "N"), _("invites game: 10-12 HCP opposite opener's minimum"), hcp=(10, 12)),
    ]
    return out


def _own_suit_to_play(ctx: Ctx, r: Bid) -> list[Cand]:
    """Responder's weak rebid of a six-card suit at the two level over opener's minimum rebid: the
    sign-off that stops a misfit in responder's suit rather than opener's."""
    own = ctx.cheapest(r.strain) if r.strain != "N" else None
    if own is None or own.level != 2:
        return []
    return [cand(own, _("to play: 6+ {s} and 6-10 HCP").format(s=sname(r.strain)), hcp=(0, 10), lens={r.strain: (6, 13)})]


def _lower(a: str, b: str) -> bool:
    return STRAINS.index(a) < STRAINS.index(b)


def _after_new_suit(ctx: Ctx, m: str, r: Bid, rb: Bid) -> list[Cand]:
    """Opener showed a second suit without a reverse (12-18 points): responder bids game with 13+,
    invites with 11-12 (a raise of opener's major to three, 2NT, or a jump preference to three of
    opener's first suit) and otherwise leaves the part score to placement."""
    out: list[Cand] = []
    s = rb.strain
    if s in MAJORS and rb.level == 1:
        out += [
            cand(B(4, s), _("game: 4+ {s} and 13+ points").format(s=sname(s)), sup=(s, 13, 40), lens={s: (4, 13)}),
            cand(B(3, s), _("invites game: 4+ {s} and 11-12 points").format(s=sname(s)), sup=(s, 11, 12), lens={s: (4, 13)}),
        ]
    out += _own_major(ctx, r)
    if ctx.ok(B(3, "N")):
        out.append(cand(B(3, "N"), _("game in notrump: 13+ HCP opposite opener's two suits"), hcp=(13, 37)))
    out.append(cand(B(2, "N"), _("invites game: 11-12 points, balanced"), pts=(11, 12), bal=True))
    if m in MINORS and ctx.ok(B(3, m)) and ctx.jump(B(3, m)) >= 1:
        out.append(
            cand(B(3, m), _("invites game: 4+ {s} and 11-12 points").format(s=sname(m)), sup=(m, 11, 12), lens={m: (4, 13)})
        )
    return out + _own_suit_to_play(ctx, r)


def _after_notrump(ctx: Ctx, r: Bid) -> list[Cand]:
    """Opener's 1NT rebid: 12-14 HCP, balanced."""
    out = _own_major(ctx, r) + [
        cand(B(3, "N"), _("game: 13+ HCP opposite 12-14"), hcp=(13, 37)),
        cand(B(2, "N"), _("invites game: 11-12 HCP opposite 12-14"), hcp=(11, 12)),
    ]
    out += _own_suit_to_play(ctx, r)
    out.append(cand(PASS, _("pass: 6-10 HCP, no game opposite 12-14"), hcp=(0, 10)))
    return out


def _after_2nt(ctx: Ctx, r: Bid) -> list[Cand]:
    """Opener's jump to 2NT: 18-19 HCP, balanced; every response of 6+ makes game, and with 13+ the
    two hands hold 31+ together, so responder looks for a slam in notrump as over a 1NT opening:
    6NT with 15-17 (33-36 together), 7NT with 18+ (36+), 4NT quantitative with 13-14 (opener bids
    6NT with the top of the range)."""
    out: list[Cand] = []
    if r.strain in MAJORS:
        out.append(
            cand(B(4, r.strain), _("game: 6+ {s}, 6-12 HCP").format(s=sname(r.strain)), hcp=(6, 12), lens={r.strain: (6, 13)})
        )
    out += [
        cand(B(7, "N"), _("grand slam: 18+ HCP opposite 18-19 (36+ together)"), hcp=(18, 37)),
        cand(B(6, "N"), _("slam to play: 15-17 HCP opposite 18-19 (33+ together)"), hcp=(15, 17)),
        cand(B(4, "N"), _("13-14 HCP: invites 6NT (quantitative), opener bids it with 19"), hcp=(13, 14)),
        cand(B(3, "N"), _("game: 6-12 HCP opposite 18-19"), hcp=(6, 12)),
    ]
    return out


def _opener_after_second_answer(ctx: Ctx) -> tuple[Bid, list[Bid], list[Bid]] | None:
    """Opener's suit opening, opener's two bids and responder's two, when opener is to call right after
    responder's second bid; ``None`` for any other position (the positions of opener's third call)."""
    o = _suit_opening(ctx)
    if o is None or ctx.opening is None or ctx.opening[0] != ctx.me:
        return None
    my_bids, p_bids = ctx.bids_of(ctx.me), ctx.bids_of(ctx.partner)
    last = ctx.last_bid
    if len(my_bids) != 2 or len(p_bids) != 2 or last is None or last[0] != ctx.partner:
        return None
    return o, my_bids, p_bids


def opener_after_quantitative(ctx: Ctx) -> list[Cand] | None:
    """Opener's answer to responder's quantitative 4NT after 1x-1y-2NT (18-19 HCP): 6NT with 19,
    pass with 18; ``None`` for any other position."""
    seen = _opener_after_second_answer(ctx)
    if seen is None:
        return None
    _o, my_bids, p_bids = seen
    if my_bids[1] != B(2, "N") or p_bids[1] != B(4, "N") or p_bids[0].level != 1:
        return None
    return [
        cand(B(6, "N"), _("accepts the slam invitation: 19 HCP, the top of 18-19"), hcp=(19, 37)),
        cand(PASS, _("declines the slam invitation: 18 HCP, the bottom of 18-19"), hcp=(0, 18)),
    ]


def opener_third(ctx: Ctx) -> list[Cand] | None:
    """Opener's answer to responder's invitation after opener's minimum rebid: accept with the top of
    the range shown, decline with the bottom; ``None`` for any other position."""
    seen = _opener_after_second_answer(ctx)
    if seen is None:
        return None
    o, my_bids, p_bids = seen
    r, rb, inv = p_bids[0], my_bids[1], p_bids[1]
    if inv.level >= ctx.game_level(inv.strain) or r.strain == o.strain:
        return None
    if rb.strain == o.strain and rb.level > (r.level if STRAINS.index(o.strain) > STRAINS.index(r.strain) else r.level + 1):
        return None  # opener jumped: responder's answer already said game or not
    if r.strain != "N" and rb == Bid(r.level + 1, r.strain) and inv == Bid(rb.level + 1, r.strain) and r.strain in MAJORS:
        s = r.strain
        return [
            cand(B(4, s), _("accepts the invitation: 14+ points"), sup=(s, 14, 40)),
            cand(PASS, _("declines the invitation: 12-13 points"), sup=(s, 0, 13)),
        ]
    if rb.strain == o.strain and inv == Bid(rb.level + 1, o.strain) and o.strain in MAJORS:
        s = o.strain
        return [
            cand(B(4, s), _("accepts the invitation: 14+ points"), pts=(14, 40)),
            cand(PASS, _("declines the invitation: 12-13 points"), pts=(0, 13)),
        ]
    if rb.strain in MAJORS and rb.strain not in (o.strain, r.strain) and inv == Bid(3, rb.strain):
        s = rb.strain
        return [
            cand(B(4, s), _("accepts the invitation: 14+ points"), sup=(s, 14, 40)),
            cand(PASS, _("declines the invitation: a minimum, under 14 points"), sup=(s, 0, 13)),
        ]
    if o.strain in MINORS and rb.strain not in (o.strain, r.strain, "N") and inv == Bid(3, o.strain):
        m = o.strain
        return [
            cand(
                B(3, "N"),
                _("accepts the invitation: 14+ HCP, no singleton"),
                hcp=(14, 37),
                extra=lambda h: min(h.lens.values()) >= 2,
            ),
            cand(B(5, m), _("accepts the invitation: 14+ HCP, a singleton or void"), hcp=(14, 37)),
            cand(PASS, _("declines the invitation: a minimum, under 14 HCP"), hcp=(0, 13)),
        ]
    if inv == B(2, "N") and (rb == B(1, "N") or rb.strain != "N"):
        if rb == B(1, "N"):
            return [
                cand(B(3, "N"), _("accepts the invitation: 13-14 HCP"), hcp=(13, 37)),
                cand(PASS, _("declines the invitation: 12 HCP"), hcp=(0, 12)),
            ]
        rows = [cand(B(3, "N"), _("accepts the invitation: 14+ points"), pts=(14, 40))]
        if rb.strain == o.strain:
            rows.append(
                cand(B(3, o.strain), _("declines: 6+ {s}, a minimum").format(s=sname(o.strain)), lens={o.strain: (6, 13)})
            )
        rows.append(cand(PASS, _("declines the invitation: 12-13 points"), pts=(0, 13)))
        return rows
    return None
