"""Competitive bidding: overcalls and their answers, responder over interference (1NT doubled included);
the answers to doubles are in :mod:`.doubles`, the two-suited overcalls in :mod:`.twosuited`."""

from __future__ import annotations

from collections.abc import Callable

from cardcli.games.bridge.auction import doubling_state
from cardcli.games.bridge.bidding.context import NEGATIVE, TAKEOUT, Ctx, double_kind, two_suited
from cardcli.games.bridge.bidding.conventions import conventional_continuations
from cardcli.games.bridge.bidding.doubler import doubler_rebids
from cardcli.games.bridge.bidding.doubles import advance_double
from cardcli.games.bridge.bidding.hand import MAJORS, MINORS, SUITS, Hand, sname
from cardcli.games.bridge.bidding.placement import placement
from cardcli.games.bridge.bidding.table import B, Cand, cand, with_fallback
from cardcli.games.bridge.bidding.twosuited import advance_two_suiter, michaels_minor, partner_two_suiter, two_suited_overcalls
from cardcli.games.bridge.moves import DOUBLE, PASS, REDOUBLE, Bid, Double, Pass
from cardcli.i18n import _


def competitive_response(ctx: Ctx, m: str) -> list[Cand]:
    """Partner opened one of a suit and the opponents came in (overcall or double)."""
    lb = ctx.last_bid
    assert lb is not None
    their = ctx.their_suits()
    out: list[Cand] = []
    rho_doubled = any(isinstance(c, Double) for c in ctx.seat_calls(ctx.rho)) and lb[0] == ctx.partner
    if rho_doubled:
        out.append(
            cand(
                REDOUBLE,
                _("10+ HCP, usually no fit (or a fit and the values for game): the hand belongs to us"),
                hcp=(10, 37),
                # a raise says only 6-10 over the double: a game-going hand with a fit redoubles first
                extra=lambda h: m not in MAJORS or h.lens[m] <= 2 or h.hcp >= 13,
            )
        )
    need = 3 if m in MAJORS else 5
    cue = next((b for s, b in ctx.their_bids()), None)
    shown = [i for i, (s, c) in enumerate(ctx.history) if not ctx.ours(s) and two_suited(ctx.dealer, ctx.calls, i)]
    if shown:
        # a two-suited overcall: the cue bid is in a suit it showed, not in the strain it was bid in
        known = sorted(their, key=SUITS.index, reverse=True)
        cue = Bid(cue.level, known[0]) if cue is not None and known else None
    raise_ = ctx.cheapest(m)
    if raise_ is not None:
        if cue is not None and cue.strain not in ("N", m) and ctx.cheapest(cue.strain):
            cb = ctx.cheapest(cue.strain)
            assert cb is not None
            if cb.level <= 3:
                out.append(
                    cand(
                        cb,
                        _("cue bid: a limit raise or better in {m} (10+ points, {n}+ cards)").format(m=sname(m), n=need),
                        forcing=True,
                        sup=(m, 10, 40),
                        lens={m: (need, 13)},
                    )
                )
        if raise_.level <= 3:
            out.append(
                cand(
                    raise_,
                    _("raise: {n}+ {m}, 6-10 points").format(n=need, m=sname(m)),
                    sup=(m, 6, 10),
                    hcp=(5, 10),
                    lens={m: (need, 13)},
                )
            )
        jump = Bid(raise_.level + 1, m)
        if jump.level <= 4 and (m in MAJORS or jump.level <= 3):
            out.append(cand(jump, _("pre-emptive jump raise: 4+ {m}, weak").format(m=sname(m)), hcp=(0, 8), lens={m: (4, 13)}))
    last_at = max(i for i, c in enumerate(ctx.calls) if isinstance(c, Bid))
    if not ctx.ours(lb[0]) and doubling_state(ctx.calls) == 0 and two_suited(ctx.dealer, ctx.calls, last_at):
        # over Michaels or the Unusual 2NT their suits are known: the double says the hand is ours and
        # that we are ready to double whichever of their suits they choose
        out.append(
            cand(
                DOUBLE,
                _("10+ HCP, no fit for partner: the hand is ours, ready to double their suits for penalties"),
                hcp=(10, 37),
                lens={m: (0, 2 if m in MAJORS else 4)},
            )
        )
    if not rho_doubled and ctx.double_kind() == NEGATIVE and not ctx.ours(lb[0]) and doubling_state(ctx.calls) == 0:
        unbid_majors = [s for s in MAJORS if s not in their and s != m]
        if unbid_majors:
            out.append(
                cand(
                    DOUBLE,
                    _("negative double: 6+ HCP and 4 cards in the unbid major{s} ({which})").format(
                        s="s" if len(unbid_majors) > 1 else "", which=", ".join(sname(x) for x in unbid_majors)
                    ),
                    hcp=(6, 37),
                    # a single unbid major biddable at the 1 level: with five it is bid, the double shows four
                    lens={x: (4, 4 if ctx.cheapest(x) == Bid(1, x) else 13) for x in unbid_majors[:1]}
                    if len(unbid_majors) == 1
                    else None,
                    extra=lambda h: (
                        (
                            all(h.lens[x] >= 4 for x in unbid_majors)
                            or (len(unbid_majors) == 2 and any(h.lens[x] >= 4 for x in unbid_majors) and h.hcp >= 8)
                        )
                        # with five cards and the values for a forcing new suit, bid the major instead
                        and not any(h.lens[x] >= 5 and h.hcp >= 10 and h.fair(x) for x in unbid_majors)
                    ),
                )
            )
        else:
            minors = [s for s in "DC" if s not in their and s != m]
            if len(minors) == 2:
                out.append(
                    cand(
                        DOUBLE,
                        _("negative double: 8+ HCP and 4+ cards in both minors"),
                        hcp=(8, 37),
                        lens={"D": (4, 13), "C": (4, 13)},
                    )
                )
    for s in "SHDC":
        if s == m or s in their:
            continue
        b = ctx.cheapest(s)
        # over a two-level overcall the new suit may have to be bid at the three level: forcing, 11+
        if b is None or b.level > 3 or (b.level == 3 and ctx.passed_hand):
            continue
        if ctx.passed_hand:
            lo = 6 if b.level == 1 else 10
            out.append(
                cand(
                    b,
                    _("{lo}-11 HCP, 5+ {s}, not forcing (a passed hand)").format(lo=lo, s=sname(s)),
                    hcp=(lo, 11),
                    lens={s: (5, 13)},
                    extra=lambda h, s=s: h.fair(s) or h.lens[s] >= 6,
                )
            )
            continue
        lo = (6, 10, 11)[b.level - 1]
        out.append(
            cand(
                b,
                _("{lo}+ HCP, 5+ {s}, forcing").format(lo=lo, s=sname(s)),
                forcing=True,
                hcp=(lo, 37),
                lens={s: (5, 13)},
                # a weak suit will do with an opening hand of its own: the values make up for it
                extra=lambda h, s=s: h.fair(s) or h.lens[s] >= 6 or h.hcp >= 12,
            )
        )
    stop = (lambda h: all(h.stopper(x) for x in their)) if their else (lambda h: True)
    for lvl, rng, txt in (
        (1, (8, 10), _("8-10 HCP with a stopper in their suit")),
        (2, (11, 12), _("11-12 HCP with a stopper in their suit, invitational")),
        (3, (13, 16), _("13-16 HCP with a stopper in their suit: game")),
    ):
        b = Bid(lvl, "N")
        if ctx.ok(b) and ctx.jump(b) <= 1:
            out.append(cand(b, txt, hcp=rng, extra=stop))
    out.append(cand(PASS, _("pass: nothing useful to say over the interference")))
    return out


def after_1nt_doubled(ctx: Ctx) -> list[Cand]:
    """Partner's 1NT was doubled: systems on (SAYC booklet, Interference after a 1NT opening) for
    Stayman and the Jacoby transfers, a redouble with the values to punish them, and 2♠ (and
    three of a minor) natural and to play: the 2♠ relay to 3♣ is off over the double."""
    from cardcli.games.bridge.bidding.openings import after_1nt  # openings imports this module

    rows = {c.call: c for c in after_1nt(ctx)}
    out = [rows[B(2, "D")], rows[B(2, "H")]]
    out.append(cand(REDOUBLE, _("redouble: 10+ HCP, the hand is ours and they will be doubled"), hcp=(10, 37)))
    stayman = rows[B(2, "C")]
    # a balanced hand leaves 1NT doubled in: together we hold most of the points
    out.append(Cand(stayman.call, stayman.text, stayman.shape, lambda h: stayman.test(h) and not h.balanced, True))
    out.append(
        cand(
            B(2, "S"),
            _("to play: 5+ spades, fewer than 10 HCP (no relay over the double)"),
            hcp=(0, 9),
            lens={"S": (5, 13)},
        )
    )
    for s in MINORS:
        out.append(cand(B(3, s), _("to play: 6+ {s}, fewer than 8 HCP").format(s=sname(s)), hcp=(0, 7), lens={s: (6, 13)}))
    out.append(cand(PASS, _("pass: content to play 1NT doubled (a balanced hand, or nothing to show)")))
    return out


def opener_after_1nt_doubled(ctx: Ctx) -> list[Cand] | None:
    """Our 1NT was doubled and partner bid 2♠ or three of a minor: to play, so opener passes."""
    mine = [c for c in ctx.seat_calls(ctx.me) if not isinstance(c, Pass)]
    op = ctx.opening
    if op is None or op[0] != ctx.me or op[1] != B(1, "N") or len(mine) != 1:
        return None
    at = next(i for i, c in enumerate(ctx.calls) if c == op[1])
    after = ctx.calls[at + 1 : at + 3]
    if len(after) < 2 or not isinstance(after[0], Double):
        return None
    if after[1] not in (B(2, "S"), B(3, "C"), B(3, "D")) or len(ctx.calls) != at + 4:
        return None
    return [cand(PASS, _("pass: partner's bid over the double is to play"))]


def after_1nt_interference(ctx: Ctx) -> list[Cand]:
    """Partner opened 1NT and the opponents came in: doubles are for penalties (SAYC)."""
    lb = ctx.last_bid
    assert lb is not None
    their = lb[1]
    if ctx.ours(lb[0]) and isinstance(ctx.calls[-1], Double):
        return after_1nt_doubled(ctx)
    out: list[Cand] = []
    if not ctx.ours(lb[0]) and doubling_state(ctx.calls) == 0 and their.strain != "N":
        t = their.strain
        out.append(
            cand(
                DOUBLE,
                _("penalty double: 8+ HCP and 4+ {s}, their suit").format(s=sname(t)),
                hcp=(8, 37),
                lens={t: (4, 13)},
                extra=lambda h: h.honors(t) >= 1,
            )
        )
    stop = lambda h: all(h.stopper(x) for x in ctx.their_suits())  # noqa: E731
    if ctx.ok(B(3, "N")):
        out.append(cand(B(3, "N"), _("10+ HCP with a stopper in their suit: game"), hcp=(10, 15), extra=stop))
    for s in "SH":
        game = B(4, s)
        if ctx.ok(game):
            out.append(cand(game, _("game: 6+ {s} and 10+ HCP").format(s=sname(s)), hcp=(10, 15), lens={s: (6, 13)}))
    for s in "SHDC":
        b = ctx.cheapest(s)
        if b is not None and b.level == 2 and s not in ctx.their_suits():
            out.append(cand(b, _("to play: 5+ {s}, fewer than 10 HCP").format(s=sname(s)), hcp=(0, 9), lens={s: (5, 13)}))
        elif b is not None and b.level == 3 and s not in ctx.their_suits() and not ctx.ours(lb[0]):
            # over their three-level bid a new suit is natural and forcing: the values for game, no
            # stopper for 3NT (booklet, Interference after a 1NT opening)
            out.append(cand(b, _("5+ {s}, 10+ HCP, forcing").format(s=sname(s)), forcing=True, hcp=(10, 37), lens={s: (5, 13)}))
    out.append(cand(PASS, _("pass: nothing useful to say over their interference")))
    return out


def defence(ctx: Ctx) -> list[Cand]:
    my_calls = [c for c in ctx.seat_calls(ctx.me) if not isinstance(c, Pass)]
    p_calls = [c for c in ctx.seat_calls(ctx.partner) if not isinstance(c, Pass)]
    if not my_calls and not p_calls:
        return overcalls(ctx)
    shown = partner_two_suiter(ctx)
    if shown is not None:
        return advance_two_suiter(ctx, shown)
    ask = michaels_minor(ctx)
    if ask is not None:
        return ask
    if not my_calls and p_calls and len(p_calls) == 1:
        first = p_calls[0]
        # only the first chance to answer partner's double or overcall is "advancing"
        at = max(i for i, (seat, c) in enumerate(ctx.history) if seat == ctx.partner and c == first)
        answered = any(seat == ctx.me for seat, _c in ctx.history[at + 1 :])
        if isinstance(first, Double) and not answered and double_kind(ctx.dealer, ctx.calls[:at]) == TAKEOUT:
            return advance_double(ctx)
        if isinstance(first, Bid) and not answered:
            return advance_overcall(ctx, first)
    rebid = doubler_rebids(ctx)
    if rebid:
        return with_fallback(rebid, placement(ctx))
    special = conventional_continuations(ctx)
    if special is not None:
        return special
    return placement(ctx)


def overcalls(ctx: Ctx) -> list[Cand]:
    lb = ctx.last_bid
    assert lb is not None
    their = ctx.their_suits()
    # the pass-out seat over a one-level bid bids on about 3 points less (SAYC: balancing); over a
    # pre-empt the ranges stay, as the pre-empter's partner may have passed with values
    balancing = (
        ctx.rho_passed_only()
        and lb[0] == ctx.lho
        and lb[1].level == 1
        and all(isinstance(c, Pass) for c in ctx.seat_calls(ctx.partner))
    )
    light = 3 if balancing else 0
    out: list[Cand] = []
    level_now = lb[1].level
    stop = lambda h: all(h.stopper(x) for x in their)  # noqa: E731
    out += two_suited_overcalls(ctx)
    if level_now <= 1 and ctx.ok(B(1, "N")):
        out.append(
            cand(
                B(1, "N"),
                _("15-18 HCP, balanced, a stopper in their suit")
                if not balancing
                else _("balancing: 12-15 HCP, balanced, a stopper in their suit"),
                hcp=(15 - light, 18 - light),
                bal=True,
                extra=stop,
            )
        )
    unbid = [s for s in SUITS if s not in their]
    if lb[1].strain != "N" and level_now <= 3 and lb[0] != ctx.partner:

        def takeout(h: Hand) -> bool:
            short = all(h.lens[x] <= 2 for x in their)
            support = all(h.lens[x] >= 3 for x in unbid if x in MAJORS) and sum(h.lens[x] >= 3 for x in unbid) >= len(unbid) - 1
            # a good 5-card major is overcalled at the 1 level, not doubled, short of the strong double
            major = level_now == 1 and any(h.lens[x] >= 5 and h.fair(x) for x in unbid if x in MAJORS)
            # and a good six-card suit is overcalled at any level: the double would promise support
            major = major or any(h.lens[x] >= 6 and h.good(x) for x in unbid)
            # the strong double asks partner for a suit: not with a void in an unbid major, unless over a
            # one-level bid the hand has a good suit of its own to bid next (too strong to overcall, and
            # no other call: at the three level partner's forced answer may be the void)
            strong = h.hcp >= 17 - light and (
                all(h.lens[x] >= 1 for x in unbid if x in MAJORS)
                or (level_now == 1 and any(h.lens[x] >= 5 and h.good(x) for x in unbid))
            )
            return (short and support and not major) or strong

        out.append(
            cand(
                DOUBLE,
                _("takeout double: 12+ HCP, short in their suit, support for the others (or 17+ HCP)")
                if not balancing
                else _("balancing takeout double: 9+ HCP, short in their suit, support for the others (or 14+ HCP)"),
                hcp=(12 - light, 37),
                extra=takeout,
            )
        )
    for s in "SHDC":
        b = ctx.cheapest(s)
        if s not in their and b is not None:
            out += _suit_overcalls(ctx, b, balancing, level_now)
    if lb[1] == B(1, "N") and doubling_state(ctx.calls) == 0:
        out.append(cand(DOUBLE, _("penalty double of 1NT: 16+ HCP"), hcp=(16, 37)))
    nt3 = B(3, "N")
    if ctx.ok(nt3):
        out.append(cand(nt3, _("to play: 19+ HCP with stoppers in their suit"), hcp=(19, 37), extra=stop))
    out.append(cand(PASS, _("pass: no suitable overcall or double")))
    return [c for c in out if c is not None]


def advance_overcall(ctx: Ctx, ov: Bid) -> list[Cand]:
    s = ov.strain
    out: list[Cand] = []
    if s == "N":
        return placement(ctx)
    their = ctx.their_suits()
    raise_ = ctx.cheapest(s)
    if raise_ is not None:
        game = Bid(max(ctx.game_level(s), raise_.level), s)
        if ctx.ok(game) and s in MAJORS:
            out.append(
                cand(game, _("raise to game: 3+ {s} and 14+ points").format(s=sname(s)), sup=(s, 14, 40), lens={s: (3, 13)})
            )
        out += _advance_raises(ctx, s, raise_)
    stop = lambda h: all(h.stopper(x) for x in their)  # noqa: E731
    nt = ctx.cheapest("N")
    if nt is not None and nt.level <= 2:
        out.append(cand(nt, _("9-12 HCP with a stopper in their suit"), hcp=(9, 12), extra=stop))
    if ctx.ok(B(3, "N")):
        out.append(cand(B(3, "N"), _("13+ HCP with a stopper: game"), hcp=(13, 37), extra=stop))
    for t in "SHDC":
        if t == s or t in their:
            continue
        b = ctx.cheapest(t)
        if b is not None and b.level <= 2:
            out.append(
                cand(
                    b,
                    _("a good 5+ {s} suit, 10+ HCP").format(s=sname(t)),
                    hcp=(10, 37),
                    lens={t: (5, 13)},
                    extra=lambda h, t=t: h.good(t),
                )
            )
    out.append(cand(PASS, _("pass: no fit and not enough to bid")))
    return [c for c in out if c is not None]


def _advance_raises(ctx: Ctx, s: str, raise_: Bid) -> list[Cand]:
    """Advancer's raises of partner's suit overcall (SAYC booklet, Defensive bidding, Overcalls):
    the cue bid of their suit is the good raise (a limit raise or better), so the jump raise is
    pre-emptive, to the level of the trumps held together (the Law of Total Tricks: nine trumps,
    the three level); the single raise shows 3+ cards and 7-10 points."""
    out: list[Cand] = []
    shown = max(5, ctx.partner_shape().min_len(s))
    opening = ctx.opening
    cue = ctx.cheapest(opening[1].strain) if opening is not None and opening[1].strain != "N" else None
    cue_listed = (
        cue is not None and cue.level <= 3 and opening is not None and not ctx.ours(opening[0]) and cue.index < Bid(4, s).index
    )
    if cue is not None and cue_listed:
        out.append(
            cand(
                cue,
                _("cue bid: a good raise in {s}, 3+ cards and 11+ points (a limit raise or better)").format(s=sname(s)),
                forcing=True,
                sup=(s, 11, 40),
                lens={s: (3, 13)},
            )
        )
    jump = Bid(raise_.level + 1, s)
    if jump.level <= min(4, ctx.game_level(s)):
        need = jump.level + 6 - shown
        out.append(
            cand(
                jump,
                _("pre-emptive jump raise: {n}+ {s}, weak (4-10 points): as many trumps together as tricks bid").format(
                    n=need, s=sname(s)
                ),
                sup=(s, 4, 10),
                hcp=(0, 9),
                lens={s: (max(4, need), 13)},
            )
        )
    if raise_.level <= 3:
        out.append(cand(raise_, _("raise: 3+ {s}, 7-10 points").format(s=sname(s)), sup=(s, 7, 10), lens={s: (3, 13)}))
        if not cue_listed:
            # no cue bid below the four level (1C 1S 3C): the raise takes the good raise too
            out.append(
                cand(
                    raise_,
                    _("raise: 3+ {s}, 11-13 points (the cue bid would be higher)").format(s=sname(s)),
                    sup=(s, 11, 13),
                    lens={s: (3, 13)},
                )
            )
    return out


def _suit_overcalls(ctx: Ctx, b: Bid, balancing: bool, level_now: int) -> list[Cand]:
    """The overcalls in the suit of ``b``, the cheapest bid in it (SAYC booklet, Defensive bidding,
    Overcalls): the one-level overcall and the weak jump, the sounder two- and three-level ones,
    and over their three-level pre-empt the natural four-level overcall. In the balancing seat the
    ranges are 3 HCP lower and there is no weak jump."""
    s = b.strain
    light = 3 if balancing else 0
    out: list[Cand] = []

    def row(call: Bid, text: str, hcp: tuple[int, int], length: int, test: Callable[[Hand], bool]) -> None:
        out.append(cand(call, text, hcp=hcp, lens={s: (length, 13)}, extra=test))

    over_suit = ctx.last_bid is not None and ctx.last_bid[1].strain != "N"
    if b.level == 2 and level_now == 1 and over_suit and not balancing and ctx.ok(Bid(3, s)):
        # jump overcalls are weak (booklet, Overcalls): the single jump to the three level over a
        # one-level suit opening is a pre-empt as a three-level opening is (a long suit, little outside)
        text = _("pre-emptive jump overcall: 7+ {s}, 5-10 HCP").format(s=sname(s))
        row(Bid(3, s), text, (5, 10), 7, lambda h: h.fair(s) or h.lens[s] >= 8)
    if b.level == 1:
        if ctx.ok(Bid(2, s)) and not balancing:
            row(Bid(2, s), _("weak jump overcall: 6+ {s}, 6-10 HCP").format(s=sname(s)), (6, 10), 6, lambda h: h.fair(s))
        text = (
            _("overcall: 5+ {s} with two top honors, 8-16 HCP").format(s=sname(s))
            if not balancing
            else _("balancing overcall: 5+ {s} with two top honors, 5-13 HCP").format(s=sname(s))
        )
        row(b, text, (8 - light, 16 - light), 5, lambda h: h.fair(s))
        if not balancing:
            # the booklet asks 8-16 points and a five-card suit: with 10+ HCP one high honor will do
            text = _("overcall: 5+ {s} headed by the ace, king or queen, 10-16 HCP").format(s=sname(s))
            row(b, text, (10, 16), 5, lambda h: h.honors(s, "AKQ") >= 1)
    elif b.level == 2:
        text = (
            _("overcall at the 2 level: 5+ {s}, a good suit, 11-16 HCP").format(s=sname(s))
            if not balancing
            else _("balancing overcall at the 2 level: 5+ {s}, a good suit, 8-13 HCP").format(s=sname(s))
        )
        row(b, text, (11 - light, 16 - light), 5, lambda h: h.good(s) or (h.lens[s] >= 6 and h.fair(s)))
    elif b.level == 3:
        row(b, _("overcall at the 3 level: a good 6+ {s} suit, 13-17 HCP").format(s=sname(s)), (13, 17), 6, lambda h: h.good(s))
    elif b.level == 4 and level_now == 3 and not balancing:
        text = _("overcall at the 4 level over their pre-empt: a good 6+ {s} suit, 15+ HCP").format(s=sname(s))
        row(b, text, (15, 37), 6, lambda h: h.good(s))
    return out
