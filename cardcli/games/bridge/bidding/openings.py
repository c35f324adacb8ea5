"""Openings, and responder's first answer to partner's opening when the opponents stayed out."""

from __future__ import annotations

from collections.abc import Callable

from cardcli.games.bridge.bidding.competitive import after_1nt_interference, competitive_response
from cardcli.games.bridge.bidding.context import Ctx
from cardcli.games.bridge.bidding.conventions import conventional_continuations
from cardcli.games.bridge.bidding.hand import MAJORS, SUITS, Hand, sname
from cardcli.games.bridge.bidding.placement import SPLINTERS, placement, slam_bids
from cardcli.games.bridge.bidding.responder import answer_game_try, responder_second
from cardcli.games.bridge.bidding.table import B, Cand, cand, with_fallback
from cardcli.games.bridge.moves import PASS, Bid, Double, Pass
from cardcli.i18n import _


def _major_first(h: Hand) -> str | None:
    s, hh = h.lens["S"], h.lens["H"]
    if s >= 5 and s >= hh:
        return "S"
    if hh >= 5:
        return "H"
    return None


def _minor_opening(h: Hand) -> str:
    d, c = h.lens["D"], h.lens["C"]
    if d > c:
        return "D"
    if c > d:
        return "C"
    return "D" if d >= 4 else "C"


def _no_opening(h: Hand) -> bool:
    """Pass in first or second seat: the one-level openings need 12+ points and 10+ HCP (or are a
    notrump opening), so only hands short of either pass."""
    return h.pts < 12 or h.hcp < 10


def openings(ctx: Ctx) -> list[Cand]:
    out = [
        cand(B(2, "C"), _("22+ HCP (or about 9 tricks): strong, artificial and forcing"), forcing=True, hcp=(22, 37)),
        cand(
            B(2, "C"), _("22+ HCP (or about 9 tricks): strong, artificial and forcing"), forcing=True, pts=(25, 40), hcp=(19, 37)
        ),
        cand(B(2, "N"), _("20-21 HCP, balanced"), hcp=(20, 21), bal=True),
        cand(B(1, "N"), _("15-17 HCP, balanced"), hcp=(15, 17), bal=True),
        cand(
            B(1, "S"),
            _("12+ points and 10-21 HCP, 5+ spades"),
            pts=(12, 24),
            hcp=(10, 21),
            lens={"S": (5, 13)},
            extra=lambda h: _major_first(h) == "S",
        ),
        cand(
            B(1, "H"),
            _("12+ points and 10-21 HCP, 5+ hearts"),
            pts=(12, 24),
            hcp=(10, 21),
            lens={"H": (5, 13)},
            extra=lambda h: _major_first(h) == "H",
        ),
        cand(
            B(1, "D"),
            _("12+ points and 10-21 HCP, no 5-card major, 3+ diamonds (the longer minor; 4+ unless 4-4-3-2)"),
            pts=(12, 24),
            hcp=(10, 21),
            lens={"S": (0, 4), "H": (0, 4), "D": (3, 13)},
            extra=lambda h: _minor_opening(h) == "D",
        ),
        cand(
            B(1, "C"),
            _("12+ points and 10-21 HCP, no 5-card major, 3+ clubs (the longer minor)"),
            pts=(12, 24),
            hcp=(10, 21),
            lens={"S": (0, 4), "H": (0, 4), "C": (3, 13)},
            extra=lambda h: _minor_opening(h) == "C",
        ),
    ]
    # pre-empts (booklet: "3-level openings", "4-level openings"): a long suit and less than an
    # opening bid; 8 cards with two top honours open at the 4 level (a minor too), else at the 3 level
    for s in "SHDC":
        out.append(
            cand(
                B(4, s),
                _("pre-empt: 8+ {s} with two of the top five honours, 5-11 HCP").format(s=sname(s)),
                hcp=(5, 11),
                lens={s: (8, 13)},
                extra=lambda h, s=s: h.fair(s),
            )
        )
    for s in "SHDC":
        out.append(
            cand(
                B(3, s),
                _("pre-empt: 7-8 {s}, 5-11 HCP").format(s=sname(s)),
                hcp=(5, 11),
                lens={s: (7, 8)},
                extra=lambda h, s=s: h.fair(s) or h.lens[s] == 8,
            )
        )
    for s in "SHD":
        others = "SH".replace(s, "") if s in "SH" else ""
        out.append(
            cand(
                B(2, s),
                _("weak two: 5-11 HCP, a good 6-card {s} suit").format(s=sname(s)),
                hcp=(5, 11),
                lens={s: (6, 6), **{o: (0, 3) for o in others}},
                extra=lambda h, s=s: h.good(s),
            )
        )
    out.append(
        cand(PASS, _("pass: too weak to open (under 12 points, or under 10 HCP) and no pre-empt"), extra=_no_opening, unit="pts")
    )
    return out


def responses(ctx: Ctx) -> list[Cand]:
    """We are responder: partner opened."""
    op = ctx.opening
    assert op is not None
    _opener, opening = op
    first_answer = (
        not [c for c in ctx.seat_calls(ctx.me) if not isinstance(c, Pass)]
        and len(ctx.bids_of(ctx.partner)) == 1
        and not any(isinstance(c, Double) for c in ctx.seat_calls(ctx.partner))
    )
    if first_answer:
        interference = any(not isinstance(c, Pass) for s, c in ctx.history if not ctx.ours(s))
        if not interference:
            if opening.strain == "N" and opening.level == 1:
                return after_1nt(ctx)
            if opening.strain == "N" and opening.level == 2:
                return after_2nt(ctx)
            if opening == B(2, "C"):
                return after_2c(ctx)
            if opening.level == 1 and opening.strain in MAJORS:
                return after_1major(ctx, opening.strain)
            if opening.level == 1:
                return after_1minor(ctx, opening.strain)
            if opening.level == 2:
                return after_weak_two(ctx, opening.strain)
            return after_preempt(ctx, opening)
        if opening.level == 1 and opening.strain != "N":
            return competitive_response(ctx, opening.strain)
        if opening == B(1, "N"):
            return after_1nt_interference(ctx)
    game_try = answer_game_try(ctx)
    if game_try is not None:
        return game_try
    second = responder_second(ctx)
    if second is not None:
        # a hand with slam values goes through placement's slam bids (Blackwood first), before game
        general = placement(ctx)
        slam = slam_bids(general)
        return with_fallback(slam + second, general)
    special = conventional_continuations(ctx)
    if special is not None:
        return special
    return placement(ctx)


def _part_score_raise(ctx: Ctx, m: str, need: int) -> list[Cand]:
    """With our part score, the cheapest raise may already complete the game."""
    b = ctx.cheapest(m)
    if b is None or b.level > 3 or ctx.game_level(m) > b.level or ctx.score.leg[0] == 0:
        return []
    return [
        cand(
            b,
            _("completes the game with our part score below the line: {n}+ {m}, 6-15 HCP").format(n=need, m=sname(m)),
            hcp=(6, 15),
            lens={m: (need, 13)},
            extra=lambda h: h.sup(m) >= 6,
        )
    ]


def new_suit(
    ctx: Ctx,
    call: Bid,
    text: str,
    passed_text: str,
    *,
    hcp: tuple[int, int],
    lens: dict[str, tuple[int, int]],
    extra: Callable[[Hand], bool] | None = None,
) -> Cand:
    """Responder's natural new suit: forcing one round, except from a passed hand, which has at most
    11 HCP and may be passed."""
    if ctx.passed_hand:
        return cand(call, passed_text, hcp=(hcp[0], min(hcp[1], 11)), lens=lens, extra=extra)
    return cand(call, text, hcp=hcp, lens=lens, extra=extra, forcing=True)


def _longest_or_five(s: str, among: str) -> Callable[[Hand], bool]:
    return lambda h: h.longest(among) == s or h.lens[s] >= 5


def after_1major(ctx: Ctx, m: str) -> list[Cand]:
    passed = ctx.passed_hand
    out = _part_score_raise(ctx, m, 3)
    if not passed:
        for b in SPLINTERS[m]:
            out.append(
                cand(
                    b,
                    _("splinter: 4+ {m}, a singleton or void in {x}, 10-15 HCP, forcing to game").format(
                        m=sname(m), x=sname(b.strain)
                    ),
                    forcing=True,
                    hcp=(10, 15),
                    lens={m: (4, 13), b.strain: (0, 1)},
                    extra=lambda h: h.sup(m) >= 13,
                )
            )
        out.append(
            cand(
                B(2, "N"),
                _("Jacoby 2NT: 4+ {m}, 13+ points, forcing to game").format(m=sname(m)),
                forcing=True,
                sup=(m, 13, 40),
                lens={m: (4, 13)},
            )
        )
    out += [
        cand(
            B(4, m),
            _("pre-emptive raise to game: 5+ {m}, fewer than 10 HCP").format(m=sname(m)),
            hcp=(0, 9),
            lens={m: (5, 13)},
            extra=lambda h: h.sup(m) >= 8,
        ),
        cand(B(3, m), _("limit raise: 3+ {m}, 10-12 points, invitational").format(m=sname(m)), sup=(m, 10, 12), lens={m: (3, 13)})
        if not passed
        else cand(
            B(3, m),
            _("limit raise from a passed hand: 3+ {m}, 10+ points, invitational").format(m=sname(m)),
            sup=(m, 10, 40),
            lens={m: (3, 13)},
        ),
        cand(B(4, m), _("raise to game: 3 {m} and 13-16 points").format(m=sname(m)), sup=(m, 13, 16), lens={m: (3, 3)}),
    ]
    if m == "H":
        out.append(
            new_suit(
                ctx,
                B(1, "S"),
                _("4+ spades, 6+ HCP, forcing one round"),
                _("4+ spades, 6-11 HCP, not forcing (a passed hand)"),
                hcp=(6, 37),
                lens={"S": (4, 13)},
                extra=lambda h: h.lens["H"] < 3 or h.hcp >= 11,
            )
        )
    out.append(
        cand(B(2, m), _("single raise: 3+ {m}, 6-10 points").format(m=sname(m)), sup=(m, 6, 10), hcp=(5, 10), lens={m: (3, 13)})
    )
    out.append(
        cand(B(3, "N"), _("15-17 HCP, balanced, at most 2 {m}").format(m=sname(m)), hcp=(15, 17), bal=True, lens={m: (0, 2)})
    )
    for s in ("C", "D", "H") if m == "S" else ("C", "D"):
        need = 5 if s == "H" else 4
        out.append(
            new_suit(
                ctx,
                B(2, s),
                _("10+ HCP, {n}+ {s}, forcing one round").format(n=need, s=sname(s)),
                _("10-11 HCP, {n}+ {s}, not forcing (a passed hand)").format(n=need, s=sname(s)),
                hcp=(10, 37),
                lens={s: (need, 13)},
                extra=_longest_or_five(s, "CD" if s in "CD" else "CDH"),
            )
        )
    out.append(cand(B(1, "N"), _("6-10 HCP, no fit and no suit to bid at the 1 level"), hcp=(6, 10)))
    minor = lambda h: "C" if h.lens["C"] >= h.lens["D"] else "D"  # noqa: E731
    for s in "CD" if not passed else "":
        out.append(
            cand(
                B(2, s),
                _("10+ HCP, forcing: the longer minor (may be only 3 cards)"),
                forcing=True,
                hcp=(10, 37),
                lens={s: (3, 13)},
                extra=lambda h, s=s: minor(h) == s,
            )
        )
    out.append(cand(PASS, _("pass: 0-5 HCP"), hcp=(0, 5)))
    return out


def after_1minor(ctx: Ctx, m: str) -> list[Cand]:
    out: list[Cand] = _part_score_raise(ctx, m, 5 if m == "C" else 4)
    passed = ctx.passed_hand
    if m == "C":
        out.append(
            new_suit(
                ctx,
                B(1, "D"),
                _("6+ HCP, 4+ diamonds, no 4-card major, forcing"),
                _("6-11 HCP, 4+ diamonds, no 4-card major, not forcing (a passed hand)"),
                hcp=(6, 37),
                lens={"D": (4, 13), "H": (0, 3), "S": (0, 3)},
            )
        )
    out.append(
        new_suit(
            ctx,
            B(1, "H"),
            _("6+ HCP, 4+ hearts, forcing one round (up the line with 4-4)"),
            _("6-11 HCP, 4+ hearts, not forcing (a passed hand)"),
            hcp=(6, 37),
            lens={"H": (4, 13)},
            extra=lambda h: h.lens["H"] >= h.lens["S"] or h.lens["S"] < 5,
        )
    )
    out.append(
        new_suit(
            ctx,
            B(1, "S"),
            _("6+ HCP, 4+ spades, forcing one round"),
            _("6-11 HCP, 4+ spades, not forcing (a passed hand)"),
            hcp=(6, 37),
            lens={"S": (4, 13)},
        )
    )
    nomaj = {"H": (0, 3), "S": (0, 3)}
    if not passed:
        out.append(cand(B(3, "N"), _("16-18 HCP, balanced, no 4-card major"), hcp=(16, 18), bal=True, lens=nomaj))
        out.append(
            cand(
                B(2, "N"),
                _("13-15 HCP, balanced, no 4-card major, forcing to game"),
                forcing=True,
                hcp=(13, 15),
                bal=True,
                lens=nomaj,
            )
        )
    else:
        out.append(
            cand(
                B(2, "N"),
                _("11-12 HCP, balanced, no 4-card major, invitational (a passed hand)"),
                hcp=(11, 12),
                bal=True,
                lens=nomaj,
            )
        )
    need = 5 if m == "C" else 4
    out.append(
        cand(
            B(3, m),
            _("limit raise: {n}+ {m}, 10-12 HCP, no 4-card major").format(n=need, m=sname(m)),
            hcp=(10, 12),
            lens={m: (need, 13), **nomaj},
        )
    )
    if m == "D":
        out.append(
            new_suit(
                ctx,
                B(2, "C"),
                _("10+ HCP, 4+ clubs, no 4-card major, forcing"),
                _("10-11 HCP, 4+ clubs, no 4-card major, not forcing (a passed hand)"),
                hcp=(10, 37),
                lens={"C": (4, 13), **nomaj},
            )
        )
    out.append(
        cand(
            B(2, m),
            _("single raise: {n}+ {m}, 6-10 HCP, no 4-card major").format(n=need, m=sname(m)),
            hcp=(6, 10),
            lens={m: (need, 13), **nomaj},
        )
    )
    out.append(cand(B(1, "N"), _("6-10 HCP, no 4-card major"), hcp=(6, 10), lens=nomaj))
    # the hands no call above fits (3-3-3-4 with 10-12; 13+ with a long minor and no other suit to bid):
    # never passed, as a player would not pass partner's opening with them
    if m == "C":
        out.append(
            cand(
                B(3, "C"),
                _("limit raise: 4 clubs, 10-12 HCP, no 4-card major and no other call fits"),
                hcp=(10, 12),
                lens={"C": (4, 13), **nomaj},
            )
        )
    if not passed:
        out.append(
            cand(B(3, "N"), _("13+ HCP, no 4-card major and no other call fits: game in notrump"), hcp=(13, 37), lens=nomaj)
        )
    out.append(cand(PASS, _("pass: 0-5 HCP"), hcp=(0, 5)))
    return out


def after_1nt(ctx: Ctx) -> list[Cand]:
    four_major = lambda h: h.lens["H"] == 4 or h.lens["S"] == 4  # noqa: E731
    return [
        cand(
            B(2, "D"),
            _("Jacoby transfer: 5+ hearts, any strength; asks opener to bid 2H"),
            forcing=True,
            lens={"H": (5, 13)},
            extra=lambda h: h.lens["H"] >= h.lens["S"],
        ),
        cand(
            B(2, "H"),
            _("Jacoby transfer: 5+ spades, any strength; asks opener to bid 2S"),
            forcing=True,
            lens={"S": (5, 13)},
            extra=lambda h: h.lens["S"] > h.lens["H"],
        ),
        cand(
            B(2, "C"),
            _("Stayman: 8+ HCP and a 4-card major; asks opener for a 4-card major"),
            forcing=True,
            hcp=(8, 37),
            lens={"H": (0, 4), "S": (0, 4)},
            extra=four_major,
        ),
        cand(
            B(4, "C"),
            _("Gerber: asks opener how many aces (18+ HCP, slam interest)"),
            forcing=True,
            hcp=(18, 37),
            lens={"H": (0, 3), "S": (0, 3)},
        ),
        cand(
            B(7, "N"),
            _("22+ HCP, no 4-card major: grand slam (37+ points together)"),
            hcp=(22, 37),
            lens={"H": (0, 3), "S": (0, 3)},
        ),
        cand(B(6, "N"), _("18-21 HCP, no 4-card major: slam to play"), hcp=(18, 21), lens={"H": (0, 3), "S": (0, 3)}),
        cand(
            B(4, "N"), _("16-17 HCP, no 4-card major: invites 6NT (quantitative)"), hcp=(16, 17), lens={"H": (0, 3), "S": (0, 3)}
        ),
        cand(B(3, "N"), _("10-15 HCP, to play, no 4-card major"), hcp=(10, 15), lens={"H": (0, 3), "S": (0, 3)}),
        *(
            cand(
                B(3, m),
                _("invites 3NT: 6+ {m} with two of the top three honours, 6-9 HCP").format(m=sname(m)),
                hcp=(6, 9),
                lens={m: (6, 13), "H": (0, 3), "S": (0, 3)},
                extra=lambda h, m=m: h.honors(m, "AKQ") >= 2 and h.longest() == m,
            )
            for m in "DC"
        ),
        cand(
            B(2, "S"),
            _("weak hand with a long minor: asks opener to bid 3C"),
            forcing=True,
            hcp=(0, 7),
            extra=lambda h: max(h.lens["C"], h.lens["D"]) >= 6,
        ),
        cand(B(2, "N"), _("8-9 HCP, invitational, no 4-card major"), hcp=(8, 9), lens={"H": (0, 3), "S": (0, 3)}),
        cand(PASS, _("pass: 0-7 HCP, nothing to say"), hcp=(0, 7)),
    ]


def after_2nt(ctx: Ctx) -> list[Cand]:
    return [
        cand(
            B(3, "D"),
            _("transfer: 5+ hearts; asks opener to bid 3H"),
            forcing=True,
            lens={"H": (5, 13)},
            extra=lambda h: h.lens["H"] >= h.lens["S"],
        ),
        cand(
            B(3, "H"),
            _("transfer: 5+ spades; asks opener to bid 3S"),
            forcing=True,
            lens={"S": (5, 13)},
            extra=lambda h: h.lens["S"] > h.lens["H"],
        ),
        cand(
            B(3, "C"),
            _("Stayman: 4+ HCP and a 4-card major"),
            forcing=True,
            hcp=(4, 37),
            extra=lambda h: h.lens["H"] == 4 or h.lens["S"] == 4,
        ),
        cand(
            B(4, "C"),
            _("Gerber: asks opener how many aces (13+ HCP, slam interest)"),
            forcing=True,
            hcp=(13, 37),
            lens={"H": (0, 3), "S": (0, 3)},
        ),
        # 20-21 opposite: 13-15 hold 33-36 together, a small slam; 11-12 hold 31-33, a slam when
        # opener has the top of the range (the quantitative 4NT, as over 1NT)
        cand(B(6, "N"), _("13-15 HCP: slam to play"), hcp=(13, 15)),
        cand(B(4, "N"), _("11-12 HCP: invites 6NT (quantitative), opener bids it with 21"), hcp=(11, 12)),
        cand(B(3, "N"), _("4-10 HCP: game to play"), hcp=(4, 10)),
        cand(PASS, _("pass: 0-3 HCP"), hcp=(0, 3)),
    ]


def after_2c(ctx: Ctx) -> list[Cand]:
    out = [cand(B(2, "N"), _("positive: 8+ HCP, balanced"), forcing=True, hcp=(8, 37), bal=True)]
    for s in "SH":
        out.append(
            cand(
                B(2, s),
                _("positive: 8+ HCP, a good 5+ {s} suit").format(s=sname(s)),
                forcing=True,
                hcp=(8, 37),
                lens={s: (5, 13)},
                extra=lambda h, s=s: h.good(s),
            )
        )
    for s in "CD":
        out.append(
            cand(
                B(3, s),
                _("positive: 8+ HCP, a good 5+ {s} suit").format(s=sname(s)),
                forcing=True,
                hcp=(8, 37),
                lens={s: (5, 13)},
                extra=lambda h, s=s: h.good(s),
            )
        )
    out.append(
        cand(
            B(2, "D"),
            _("waiting: artificial, says nothing about diamonds: 0-7 HCP (or 8+ HCP and no positive answer fits)"),
            forcing=True,
        )
    )
    return out


def after_weak_two(ctx: Ctx, s: str) -> list[Cand]:
    return [
        cand(
            B(4, s),
            _("raise to game: 3+ {s} and 16+ points (or a pre-emptive raise)").format(s=sname(s)),
            lens={s: (3, 13)},
            unit=f"sup{s}",
            extra=lambda h: h.sup(s) >= 16 or (h.lens[s] >= 4 and h.hcp <= 10),
        )
        if s in MAJORS
        else cand(
            B(3, "N"),
            _("16+ HCP with stoppers: game to play"),
            hcp=(16, 37),
            extra=lambda h: all(h.stopper(x) for x in SUITS if x != s),
        ),
        cand(
            B(3, "N"),
            _("17+ HCP with stoppers, little support: game to play"),
            hcp=(17, 37),
            lens={s: (0, 2)},
            extra=lambda h: all(h.stopper(x) for x in SUITS if x != s),
        ),
        cand(B(3, s), _("pre-emptive raise: 3+ {s}, not invitational").format(s=sname(s)), hcp=(0, 13), lens={s: (3, 13)}),
        *[
            cand(
                ctx.cheapest(t) or B(3, t),
                _("natural: 5+ {t}, 16+ HCP, forcing").format(t=sname(t)),
                forcing=True,
                hcp=(16, 37),
                lens={t: (5, 13)},
                extra=lambda h, t=t: h.longest() == t,
            )
            for t in "SHDC"
            if t != s
        ],
        cand(B(3, "N"), _("to play: 16+ HCP (the best game in view)"), hcp=(16, 37)),
        cand(PASS, _("pass: no game in view"), hcp=(0, 15)),
    ]


def after_preempt(ctx: Ctx, opening: Bid) -> list[Cand]:
    s = opening.strain
    out: list[Cand] = []
    if s in MAJORS and opening.level == 3:
        out.append(
            cand(
                B(4, s),
                _("raise to game: support and 15+ points").format(s=sname(s)),
                lens={s: (2, 13)},
                unit=f"sup{s}",
                extra=lambda h: h.sup(s) >= 15 or (h.lens[s] >= 4 and h.hcp <= 10),
            )
        )
    if opening.level == 3:
        out.append(
            cand(
                B(3, "N"),
                _("to play: 16+ HCP with stoppers in the other suits"),
                hcp=(16, 37),
                extra=lambda h: all(h.stopper(x) for x in SUITS if x != s),
            )
        )
    out.append(cand(PASS, _("pass: no game in view")))
    return out
