"""Bridge's narration: each call and card, and what it did, in plain words for the table's log."""

from __future__ import annotations

import re

from cardcli.engine.cards import Charset
from cardcli.engine.game import Outcome
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.moves import STRAIN_SYMBOLS
from cardcli.games.bridge.scoring import SIDE_NAMES
from cardcli.i18n import _

SEAT_NAMES = ["North", "East", "South", "West"]


def narrate(outcome: Outcome[mv.BridgeFacts], observer: int | None) -> str:
    """What a move did, in words, as ``observer`` may know it (the outcome's facts it may see)."""
    from cardcli.engine.words import seat_labels

    names = seat_labels(SEAT_NAMES)
    f = outcome.seen_by(observer)
    who = names[outcome.seat]
    move = outcome.move
    match move:
        case mv.Bid() | mv.Pass() | mv.Double() | mv.Redouble():
            text = {
                mv.Pass: _("{who} passes"),
                mv.Double: _("{who} doubles"),
                mv.Redouble: _("{who} redoubles"),
            }.get(type(move), _("{who} bids {bid}")).format(who=who, bid=_call_words(move))
            if f.get("passed_out"):
                text += "; " + _("all pass: the hand is thrown in and the next player deals")
            elif "contract" in f:
                level, strain, doubled, declarer, leader = f["contract"]
                text += "; " + _("the contract is {c} by {who}; {leader} leads").format(
                    c=_contract_words(level, strain, doubled), who=names[declarer], leader=names[leader]
                )
            return text
        case mv.Play(card):
            if f.get("from_dummy"):
                # the declarer's move (the log's seat), from dummy's hand (the trick's seat)
                text = (
                    _("{decl} leads {card} from dummy ({d})") if f["lead"] else _("{decl} plays {card} from dummy ({d})")
                ).format(decl=names[f["declarer"]], card=card, d=names[f["dummy"]])
            elif f["lead"]:
                text = _("{who} leads {card}").format(who=who, card=card)
            else:
                text = _("{who} plays {card}").format(who=who, card=card)
            if f["first"]:
                text += "; " + _("dummy ({d}) is laid out on the table").format(d=names[f["dummy"]])
            if "winner" in f:
                text += "; " + _("{w} wins the trick (NS {a}, EW {b})").format(w=names[f["winner"]], a=f["won"][0], b=f["won"][1])
            return text
        case mv.Claim(n):
            side = f["side"]
            if n == f["had"]:
                return _("{who} concedes the remaining tricks ({side} would end with {n})").format(
                    who=who, side=SIDE_NAMES[side], n=n
                )
            return _("{who} claims {n} tricks in total for {side} ({k} of the {left} still to play) and faces the cards").format(
                who=who, n=n, side=SIDE_NAMES[side], k=n - f["had"], left=f["left"]
            )
        case mv.Respond(accept):
            responder = names[f["responder"]]
            if accept:
                return _("{who} accepts the claim").format(who=responder) + ("; " + _("the play ends") if f["last"] else "")
            return _("{who} rejects the claim: play continues").format(who=responder)
    return mv.format_move(move)


def _call_words(call: mv.Call) -> str:
    if isinstance(call, mv.Bid):
        return f"{call.level}{'NT' if call.strain == 'N' else call.strain}"
    return mv.format_call(call)


def _contract_words(level: int, strain: str, doubled: int) -> str:
    return f"{level}{'NT' if strain == 'N' else strain}" + ("X" * doubled)


_AFTER_A_CALL = re.compile(r"(?:^|[\s(:])(?:P|Pass|X|XX|[1-7](?:NT|[CDHSN♠♥♦♣]))\s$")
"""A call's token just before: a call that follows a call is a call (``2D`` after ``P`` is no card)."""
_CALL = re.compile(r"(?<![\w♠♥♦♣])([1-7])(NT|[CDHSN])(?![\w♠♥♦♣])")
# The words around a call in cardcli's own texts, in English and in Italian (2S-7S after them is a call).
_BEFORE = (
    "bids",
    "bid",
    "hint:",
    "suggerimento:",
    "Contract:",
    "Contratto:",
    "contract is",
    "contratto è",
    "dichiara",
    "opens",
    "apre",
    "rebids",
    "raises to",
    "explain",
)
_AFTER = (" by ", " giocato da ", " needs ", " vuole ", " made", " down", " doubled", " —", ":")


def calls_in_text(text: str, charset: Charset) -> str:
    """The calls of ``text`` as the table writes them (``1♦``, ``3NT``) for ``charset``: a call at
    level 1 or in notrump is never a card; ``2S`` to ``7S`` are calls where a call's word says so
    (``bids 2S``, ``hint: 2S``, ``2S by North``, ``4S needs 10``), else they are left as they are."""
    if charset != "unicode":
        return text

    def sub(m: re.Match[str]) -> str:
        level, strain = m.group(1), m.group(2)
        call = f"{level}{STRAIN_SYMBOLS['N' if strain in ('N', 'NT') else strain]}"
        if level == "1" or strain in ("N", "NT"):
            return call
        before = text[: m.start()]
        if before.rstrip().endswith(_BEFORE) or text[m.end() :].startswith(_AFTER):
            return call
        if before.endswith(" ") and _AFTER_A_CALL.search(before):
            return call  # an auction written as a row of calls: "P 1D P 2D"
        return m.group(0)

    return _CALL.sub(sub, text)
