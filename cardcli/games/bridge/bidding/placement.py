"""Placement, the general rule after the first rounds: find a fit, count the points together and bid
to the right level (part score, game, slam) or stop."""

from __future__ import annotations

from collections.abc import Callable

from cardcli.games.bridge.auction import doubling_state
from cardcli.games.bridge.bidding.context import Ctx
from cardcli.games.bridge.bidding.hand import MAJORS, SUITS, Hand, Shape, sname
from cardcli.games.bridge.bidding.table import B, Cand, cand
from cardcli.games.bridge.moves import DOUBLE, PASS, STRAINS, Bid, Call, Double
from cardcli.games.bridge.scoring import trick_points
from cardcli.i18n import _


def placement(ctx: Ctx) -> list[Cand]:
    """Find a fit, count the points together and bid to the right level (or stop).

    The decision is made once per hand (:func:`_place`); each bid is a candidate
    whose test is "the decision is this bid", so the explanation of any bid here
    says which target (part score, game, slam) it aims at.
    """
    memo: dict[int, Call | None] = {}

    def decide(h: Hand) -> Call | None:
        key = id(h)
        if key not in memo:
            memo[key] = _place(ctx, h)
        return memo[key]

    out: list[Cand] = []
    agreed = blackwood_suit(ctx)
    if agreed and ctx.ok(B(4, "N")):
        out.append(
            Cand(
                B(4, "N"),
                _("Blackwood: asks partner how many aces ({s} agreed, slam interest)").format(s=sname(agreed)),
                Shape(),
                lambda h: decide(h) == B(4, "N"),
                forcing=True,
            )
        )
    lb = ctx.last_bid
    if lb is not None and not ctx.ours(lb[0]) and doubling_state(ctx.calls) == 0:
        out.append(
            Cand(
                DOUBLE,
                _("penalty double: our side has most of the points and they are too high"),
                Shape(),
                lambda h: decide(h) == DOUBLE,
            )
        )
    for level in range(1, 8):
        for s in STRAINS:
            b = Bid(level, s)
            if not ctx.ok(b):
                continue
            game = ctx.game_level(s)
            if s == "N" and game < level < 6:
                # 4NT/5NT past the notrump game: placement never bids them (it bids the game, or a slam),
                # and "game in notrump" would teach that 5NT is the game; Blackwood's 4NT is listed above
                continue
            if level >= 6:
                text = _("slam in {s}: about {n}+ points together").format(s=sname(s), n=33 if level == 6 else 37)
            elif level >= game:
                text = (
                    _("game in {s}: about 25+ points together (29 in a minor) with a fit or stoppers").format(s=sname(s))
                    if ctx.score.leg[0] == 0
                    else _("completes the game in {s} with our part score below the line").format(s=sname(s))
                )
            elif level == game - 1:
                text = _("invitation to game in {s}: close to game values together").format(s=sname(s))
            else:
                text = _("competes in {s}: a fit, part-score values").format(s=sname(s))
            out.append(Cand(b, text, Shape(), _decides(decide, b)))
    we_own = lb is not None and ctx.ours(lb[0])
    out.append(cand(PASS, _("pass: the contract is high enough") if we_own else _("pass: nothing more to say")))
    return out


def slam_bids(general: list[Cand]) -> list[Cand]:
    """Placement's slam bids (a slam, or Blackwood first): asked before the rows of a sequence the
    system describes up to game, so a hand with slam values does not stop in game."""
    return [c for c in general if isinstance(c.call, Bid) and (c.call.level >= 6 or c.call == B(4, "N"))]


def _decides(decide: Callable[[Hand], Call | None], call: Call) -> Callable[[Hand], bool]:
    return lambda h: decide(h) == call


def _place(ctx: Ctx, h: Hand) -> Call | None:
    p = ctx.partner_shape()
    lb = ctx.last_bid
    their = ctx.their_suits()
    p_lo, p_hi = p.hcp
    # partner's likely strength: the middle of the range every call so far has shown (capped 8 above its
    # bottom, as an open-ended "6+" is rarely far above it); the bottom alone stopped games and slams short
    p_est = p_lo + max(0, min(p_hi, p_lo + 8) - p_lo) // 2
    we_own = lb is not None and ctx.ours(lb[0])
    partner_bid = bool(ctx.bids_of(ctx.partner)) or any(isinstance(c, Double) for c in ctx.seat_calls(ctx.partner))

    def fit_len(s: str) -> int:
        return h.lens[s] + p.min_len(s)

    fits = [s for s in SUITS if fit_len(s) >= 8 and s not in their]
    fit = max(fits, key=lambda s: (s in MAJORS, fit_len(s), -SUITS.index(s))) if fits else None
    stoppers = all(h.stopper(x) for x in their)
    long_suit = h.longest()
    if fit is not None and fit in MAJORS:
        strain = fit
    elif fit is None and long_suit not in their and (h.lens[long_suit] >= 7 or _misfit_six(ctx, h, long_suit)):
        strain = long_suit  # a seven-card suit plays in itself rather than in notrump
    elif (h.balanced or not fit) and stoppers and (h.hcp + p_est >= 22 or not fit):
        strain = "N"
    elif fit:
        strain = fit
    elif h.lens[h.longest()] >= 6:
        strain = h.longest()
    else:
        strain = "N"
    mine = h.sup(strain) if strain != "N" and fit == strain else (h.pts if strain != "N" else h.hcp)
    total = mine + (p_est if partner_bid else 0)
    # a passed partner has at most ~11; without a bid from partner stay modest
    if not partner_bid:
        total = mine + 4
    game = ctx.game_level(strain)
    need = 25 if strain in "NHS" else 28
    if ctx.score.leg[0] > 0 and game < (3 if strain == "N" else 4 if strain in "HS" else 5):
        need -= 3 * ((3 if strain == "N" else 4 if strain in "HS" else 5) - game)
    if total >= 37:
        target = 7
    elif total >= 33:
        target = 6
    elif total >= need:
        target = game
    else:
        target = 0
    # Blackwood before a suit slam, and as a slam try a little short of the 33 (the estimate of partner
    # is the middle of partner's range, which may be a little high): with two aces missing the answer stops at five.
    # Over a suit partner has just bid and not raised (no suit both have bid) only with slam values: a try
    # there found 3 aces opposite 31 points and bid a slam one down (1H 1S 2S P 3H P 4NT)
    agreed = blackwood_suit(ctx)
    tries = _agreed_suit(ctx) == strain
    if (
        strain != "N"
        and (target >= 6 or (tries and total >= SLAM_TRY and fit_len(strain) >= 8 and cur_level(ctx) <= 4))
        and agreed == strain
        and ctx.ok(B(4, "N"))
        and not any(b == B(4, "N") for b in ctx.bids_of(ctx.me))
    ):
        return B(4, "N")
    cur = lb[1] if lb else None
    if we_own and cur is not None:
        if target == 0:
            return None
        at_game = cur.level >= ctx.game_level(cur.strain)
        if at_game and target < 6:
            # partner's 3NT with a long major of our own: the major game plays better
            major_game = Bid(game, strain)
            if cur.strain == "N" and strain in MAJORS and target == game and fit_len(strain) >= 7 and ctx.ok(major_game):
                return major_game
            # partner's game in a suit where I hold a singleton, with my good six-card suit: my suit's game
            misfit_game = Bid(game, strain)
            if cur.strain not in (strain, "N") and target == game and _misfit_six(ctx, h, strain) and ctx.ok(misfit_game):
                return misfit_game
            return None
        if cur.level >= target and (cur.strain == strain or cur.level >= 6):
            return None  # high enough; a small slam is not moved to another strain for the same level
        b = Bid(target, strain)
        if ctx.ok(b):
            return b
        return None
    # the opponents own the contract (or nobody has bid)
    if cur is not None and not we_own and doubling_state(ctx.calls) == 0 and partner_bid:
        ours = [b for _s, b in ctx.our_bids()]
        had_game = any(b.level >= ctx.game_level(b.strain) for b in ours)
        if had_game and cur.level >= 4 and h.hcp + p_lo >= 24 and target < 6:
            return DOUBLE  # they bid over our game (a sacrifice): take the penalty
    if cur is not None and not we_own and doubling_state(ctx.calls) == 0 and partner_bid and fit is None:
        # penalty double: the balance of power, trumps (or values) sitting over them, and a double that
        # cannot hand them a game they had not bid (2SX made is 120 below the line: a game)
        their_leg = ctx.score.leg[1]
        gives_game = (
            their_leg + trick_points(cur.level, cur.strain, 1) >= 100 > their_leg + trick_points(cur.level, cur.strain, 0)
        )
        if cur.strain == "N":
            holding = h.hcp >= 12
        else:
            holding = h.lens[cur.strain] >= 4 and h.honors(cur.strain) >= (1 if cur.level >= 3 else 2)
        if h.hcp + p_lo >= (25 if cur.level >= 3 else 23) and cur.level >= 2 and holding and not gives_game:
            return DOUBLE
    if (
        cur is not None
        and not we_own
        and doubling_state(ctx.calls) == 0
        and partner_bid
        and cur.level >= 3
        and h.hcp >= 8
        and h.hcp + p_lo >= 23
        and (cur.strain == "N" or h.lens[cur.strain] >= 2)
    ):
        # they outbid us at the three level with the balance of power on our side and no fit long enough
        # to go higher: a cooperative penalty double (unless it could give them a game they did not bid)
        their_leg = ctx.score.leg[1]
        gives_game = (
            their_leg + trick_points(cur.level, cur.strain, 1) >= 100 > their_leg + trick_points(cur.level, cur.strain, 0)
        )
        reach = fit_len(fit) - 6 if fit is not None else 0
        if reach < cur.level and not gives_game:
            return DOUBLE
    if target:
        b = Bid(target, strain)
        if ctx.ok(b):
            return b
        cheapest = ctx.cheapest(strain)
        if target < 6 and cheapest is not None and cheapest.level <= 5 and fit == strain:
            # they bid past the level that completes our game (a part score: 2D was game, they bid 3S):
            # any higher contract in our fit is game too, so bid on as far as the trumps held together
            # (the Law of Total Tricks; not past the two level vulnerable against not, as
            # :mod:`.totaltricks` competes) or the values for the usual game allow
            usual = 4 if strain in MAJORS else 5
            unfavourable = ctx.score.vul[0] and not ctx.score.vul[1]
            reach = max(
                min(fit_len(strain) - 6, 2 if unfavourable else 7), usual if total >= (25 if strain in MAJORS else 28) else 0
            )
            if cheapest.level <= reach:
                return cheapest
        return None
    if fit is not None and partner_bid:
        compete = ctx.cheapest(fit)
        if compete is not None and compete.level <= max(2, fit_len(fit) - 6) and total >= 17 and not we_own:
            return compete
    return None


def _misfit_six(ctx: Ctx, h: Hand, suit: str) -> bool:
    """A good six-card suit I have bid, opposite partner's suit where I hold at most a singleton: the
    misfit plays in my suit, not in notrump, where partner's suit is blocked."""
    mine = {b.strain for b in ctx.bids_of(ctx.me)}
    theirs = [b.strain for b in ctx.bids_of(ctx.partner) if b.strain != "N"]
    if suit == "N":
        return False
    return h.lens[suit] >= 6 and h.good(suit) and suit in mine and any(h.lens[x] <= 1 for x in theirs)


SLAM_TRY = 31
"""Points together (with the middle of partner's range) from which a fit asks for aces."""


def cur_level(ctx: Ctx) -> int:
    """The level of the last bid (0 before any)."""
    return ctx.last_bid[1].level if ctx.last_bid is not None else 0


def _agreed_suit(ctx: Ctx) -> str | None:
    """A suit both partners have bid (or a raise of one, Jacoby 2NT or a splinter), the likely trump suit."""
    mine = {b.strain for b in ctx.bids_of(ctx.me) if b.strain != "N"}
    theirs = {b.strain for b in ctx.bids_of(ctx.partner) if b.strain != "N"}
    both = [s for s in "SHDC" if s in mine and s in theirs]
    if both:
        return both[0]
    op = ctx.opening
    if op is not None and op[1].level == 1 and op[1].strain in MAJORS and ctx.ours(op[0]):
        # Jacoby 2NT (the first bid after our one of a major, the opponents silent) agrees the major
        # and so does a splinter (booklet, "Slam bidding": a double jump in a new suit)
        bids = [(seat, c) for seat, c in ctx.history if isinstance(c, Bid)]
        if len(bids) >= 2 and bids[1][0] == (op[0] + 2) % 4 and not ctx.their_bids():
            if bids[1][1] == B(2, "N") or bids[1][1] in SPLINTERS[op[1].strain]:
                return op[1].strain
    return None


def blackwood_suit(ctx: Ctx) -> str | None:
    """The trump suit a Blackwood 4NT asks with: a suit both partners have bid (:func:`_agreed_suit`),
    or the five-card suit partner bid just before it (booklet, "Slam bidding": 4NT over a suit is
    Blackwood; 1S-2H-2S-4NT agrees spades). Read from the public auction, so the asker and the
    answerer find the same suit."""
    agreed = _agreed_suit(ctx)
    if agreed is not None:
        return agreed
    bids = [(seat, c) for seat, c in ctx.history if isinstance(c, Bid)]
    asks = [i for i, (seat, b) in enumerate(bids) if b == B(4, "N") and ctx.ours(seat)]
    if asks:
        i = asks[0]
        before = bids[i - 1] if i else None
        asker = bids[i][0]
    else:
        before = bids[-1] if bids else None
        asker = ctx.me
    if before is None or before[0] != (asker + 2) % 4 or before[1].strain == "N" or before[1].level >= 4:
        return None
    suit = before[1].strain
    return suit if ctx.know[before[0]].min_len(suit) >= 5 else None


SPLINTERS = {"H": (B(3, "S"), B(4, "C"), B(4, "D")), "S": (B(4, "C"), B(4, "D"))}
"""Responder's splinters over one of a major, the opponents silent (booklet, "Slam bidding"): the double
jump in a new suit shows 4+ trumps, game values and at most one card in the suit bid. Over 1♠, 4♥ stays
natural, to play."""
