"""Why bridge refuses a move: the Law a call or card breaks, worded for the player.

The checker (:meth:`cardcli.games.bridge.rules.BridgeGame.check`) answers the common legal cases
itself from the suit masks; every other move comes here, where each refusal names its rule.
"""

from __future__ import annotations

from cardcli.engine.verdict import ALLOWED, Verdict, refuse
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import check_call
from cardcli.games.bridge.claims import check_claim_move
from cardcli.games.bridge.held import CARD_BIT, follows_suit, hand_of
from cardcli.games.bridge.play import sort_hand
from cardcli.games.bridge.state import BridgeState
from cardcli.i18n import N_, _


def refusal(state: BridgeState, move: mv.Move, seat: int | None) -> Verdict:
    """The checker's answer for a move outside its common cases: the Law it breaks (or ALLOWED).

    ``seat`` is the seat to act (claims need it). Kept apart from the checker's quick answers
    because a refusal is rare and long to word.
    """
    match move:
        case mv.Bid() | mv.Pass() | mv.Double() | mv.Redouble():
            if state.phase == "auction":
                return check_call(state.dealer, state.calls, move)
            if state.phase == "claim":
                return refuse("claim.pending", _("a claim is pending: accept or reject it"))
            if state.phase == "over":
                return refuse("play.over", _("the hand is over"))
            return refuse("auction.over", _("the auction is over: play a card"))
        case mv.Play(card):
            if state.phase == "auction":
                return refuse("play.auction-first", _("the auction is not over yet: make a call"))
            if state.phase == "claim":
                return refuse("claim.pending", _("a claim is pending: accept or reject it"))
            if state.phase != "play":
                return refuse("play.over", _("the hand is over"))
            assert state.contract is not None
            held = state.suits[state.turn]
            from_dummy = state.turn == state.contract.dummy
            place = CARD_BIT.get(card)
            if place is None or not held[place[0]] & place[1]:
                if from_dummy:
                    return refuse("play.not-held", _("dummy does not hold {card}; it is dummy's turn to play").format(card=card))
                return refuse("play.not-held", _("you do not hold {card}").format(card=card))
            if not follows_suit(held, state.trick, card):
                led = state.trick[0][1]
                follow = [c for c in hand_of(held) if c[1] == led]
                whose = _("dummy holds") if from_dummy else _("you hold")
                return refuse(
                    "play.follow-suit",
                    _("you must follow suit: {suit} were led and {whose} {cards}; {what} would be a revoke (Law 44C)").format(
                        suit=_suit_word(led), whose=whose, cards=" ".join(sort_hand(follow)), what=_(PLAY_CARD).format(card=card)
                    ),
                )
            return ALLOWED
        case mv.Claim() | mv.Respond():
            return check_claim_move(state, move, seat)
    raise TypeError(move)


PLAY_CARD = N_("to play {card}")
"""The phrase a refusal names a card with; the table spells the card after its words
(:meth:`~cardcli.games.bridge.rules.BridgeGame.spell_cards`)."""


def _suit_word(suit: str) -> str:
    return {"C": _("clubs"), "D": _("diamonds"), "H": _("hearts"), "S": _("spades")}[suit]
