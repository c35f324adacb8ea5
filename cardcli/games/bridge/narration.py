"""Bridge's narration: each call and card, and what it did, in plain words for the table's log."""

from __future__ import annotations

from cardcli.engine.game import Outcome
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.scoring import SIDE_NAMES
from cardcli.i18n import _

SEAT_NAMES = ["North", "East", "South", "West"]


def narrate(outcome: Outcome, observer: int | None) -> str:
    """What a move did, in words, as ``observer`` may know it (the outcome's facts it may see)."""
    names = SEAT_NAMES
    f = outcome.seen_by(observer)
    who = names[outcome.seat]
    move = outcome.move
    match move:
        case mv.Bid() | mv.Pass() | mv.Double() | mv.Redouble():
            text = {
                mv.Pass: _("{who} passes"), mv.Double: _("{who} doubles"), mv.Redouble: _("{who} redoubles"),
            }.get(type(move), _("{who} bids {bid}")).format(who=who, bid=_call_words(move))
            if f.get("passed_out"):
                text += "; " + _("all pass: the hand is thrown in and the next player deals")
            elif "contract" in f:
                level, strain, doubled, declarer, leader = f["contract"]
                text += "; " + _("the contract is {c} by {who}; {leader} leads").format(
                    c=_contract_words(level, strain, doubled), who=names[declarer], leader=names[leader])
            return text
        case mv.Play(card):
            if f.get("from_dummy"):
                # the declarer's move (the log's seat), from dummy's hand (the trick's seat)
                text = (_("{decl} leads {card} from dummy ({d})") if f["lead"] else _(
                    "{decl} plays {card} from dummy ({d})")).format(
                    decl=names[f["declarer"]], card=card, d=names[f["dummy"]])
            elif f["lead"]:
                text = _("{who} leads {card}").format(who=who, card=card)
            else:
                text = _("{who} plays {card}").format(who=who, card=card)
            if f["first"]:
                text += "; " + _("dummy ({d}) is laid out on the table").format(d=names[f["dummy"]])
            if "winner" in f:
                text += "; " + _("{w} wins the trick (NS {a}, EW {b})").format(
                    w=names[f["winner"]], a=f["won"][0], b=f["won"][1])
            return text
        case mv.Claim(n):
            side = f["side"]
            if n == f["won"]:
                return _("{who} concedes the remaining tricks ({side} would end with {n})").format(
                    who=who, side=SIDE_NAMES[side], n=n)
            return _("{who} claims {n} tricks in total for {side} ({k} of the {left} still to play) and faces "
                     "the cards").format(who=who, n=n, side=SIDE_NAMES[side], k=n - f["won"], left=f["left"])
        case mv.Respond(accept):
            responder = names[f["responder"]]
            if accept:
                return _("{who} accepts the claim").format(who=responder) + (
                    "; " + _("the play ends") if f["last"] else "")
            return _("{who} rejects the claim: play continues").format(who=responder)
    return mv.format_move(move)


def _call_words(call: mv.Call) -> str:
    if isinstance(call, mv.Bid):
        return f"{call.level}{'NT' if call.strain == 'N' else call.strain}"
    return mv.format_call(call)


def _contract_words(level: int, strain: str, doubled: int) -> str:
    return f"{level}{'NT' if strain == 'N' else strain}" + ("X" * doubled)

