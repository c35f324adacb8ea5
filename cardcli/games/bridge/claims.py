"""Claims and concessions (Laws 68-69): when one may be made, and what making or answering one does.

A claim names the total of tricks the claimer's side will have when the hand ends; the
claimer faces the cards; the opponents answer in turn (both defenders must agree to
declarer's claim, declarer alone answers a defender's). An accepted claim ends the play;
a rejected one lets play go on, and that side claims again only after the next card.
"""

from __future__ import annotations

from cardcli.engine.game import Outcome
from cardcli.engine.verdict import ALLOWED, Verdict, refuse
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import side_of
from cardcli.games.bridge.hand_score import finish_hand
from cardcli.games.bridge.state import BridgeState, PendingClaim
from cardcli.i18n import _


def check_claim_move(state: BridgeState, move: mv.Claim | mv.Respond, claimer: int | None) -> Verdict:
    """Whether ``move`` (a claim by ``claimer``, the seat to act, or an answer) is allowed now."""
    if isinstance(move, mv.Respond):
        if state.phase != "claim":
            return refuse("claim.none", _("there is no claim to answer"))
        return ALLOWED
    n = move.tricks
    if state.phase == "auction":
        return refuse("claim.not-now", _("claims are made during the play, after the auction"))
    if state.phase == "claim":
        return refuse("claim.pending", _("a claim is pending: accept or reject it"))
    if state.phase != "play":
        return refuse("play.over", _("the hand is over"))
    assert claimer is not None
    side = side_of(claimer)
    left = 13 - len(state.tricks)
    lo, hi = state.won[side], state.won[side] + left
    if not lo <= n <= hi:
        return refuse(
            "claim.range",
            _("your side has {won} tricks and {left} are left to play: claim a total from {lo} to {hi}").format(
                won=lo, left=left, lo=lo, hi=hi
            ),
        )
    if state.rejected == (side, state.cards_played):
        return refuse("claim.after-reject", _("your side's claim was just rejected: play a card before claiming again"))
    return ALLOWED


def apply_claim_move(state: BridgeState, move: mv.Move, seat: int | None) -> Outcome[mv.BridgeFacts]:
    """Make a claim, or an answer to one, for ``seat`` (the seat to act)."""
    assert seat is not None
    facts: mv.BridgeFacts
    match move:
        case mv.Claim(n):
            assert state.contract is not None
            side = side_of(seat)
            facts = {"side": side, "had": state.won[side], "left": 13 - len(state.tricks)}
            decl = state.contract.declarer
            if side == side_of(decl):
                responders = [(decl + 1) % 4, (decl + 3) % 4]
            else:
                responders = [decl]
            state.claim = PendingClaim(seat, n, responders)
            if seat not in state.shown:
                state.shown.append(seat)
            state.phase = "claim"
        case mv.Respond(accept):
            claim = state.claim
            facts = {
                "responder": claim.responders[0] if claim else seat,
                "last": claim is not None and len(claim.responders) == 1,
            }
            assert claim is not None
            if accept:
                claim.responders.pop(0)
                if not claim.responders:
                    state.claim_end = (claim.claimer, claim.tricks)
                    state.claim = None
                    # the claimed tricks are won: every reader of ``won`` (the table, the review,
                    # the viewers) then agrees with the score
                    side = side_of(claim.claimer)
                    state.won[side] = claim.tricks
                    state.won[1 - side] = 13 - claim.tricks
                    finish_hand(state)
            else:
                state.rejected = (side_of(claim.claimer), state.cards_played)
                state.claim = None
                state.phase = "play"
        case _:
            raise TypeError(move)
    return Outcome(seat, move, facts)
