"""Bridge's read-only REPL commands: `explain`, `auction`, `scorepad`, `tricks`.

They receive only the seat's view, like bots, so they cannot reveal a hidden
hand. Explanations come from the bidding system's table
(:mod:`cardcli.games.bridge.bidding`), the same one the bots bid with.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardcli.games.bridge import bidding
from cardcli.games.bridge.auction import call_name, caller
from cardcli.games.bridge.moves import parse_call
from cardcli.games.bridge.rubber import pad_lines
from cardcli.games.bridge.sampling import score_for_view
from cardcli.games.bridge.view import BridgeView
from cardcli.i18n import N_, _, ngettext

NAMES = ("North", "East", "South", "West")


def _shape_text(shape: bidding.Shape) -> str:
    parts = []
    lo, hi = shape.hcp
    if (lo, hi) != (0, 37):
        parts.append(_("{lo}-{hi} HCP").format(lo=lo, hi=hi) if hi < 37 else _("{lo}+ HCP").format(lo=lo))
    for i, s in enumerate(bidding.SUITS):
        a, b = shape.lo[i], shape.hi[i]
        if a and b < 13:
            parts.append(_("{a}-{b} {s}").format(a=a, b=b, s=bidding.sname(s)))
        elif a:
            parts.append(_("{a}+ {s}").format(a=a, s=bidding.sname(s)))
        elif b < 13:
            parts.append(_("at most {b} {s}").format(b=b, s=bidding.sname(s)))
    return ", ".join(parts) or _("nothing definite")


def explain(view: BridgeView, arg: str) -> list[str]:
    """`explain` (the auction with meanings), `explain N` (call N), `explain 1NT` (what it would mean now)."""
    if view.phase == "deal" or view.hand_number == 0:
        return [_("no hand has been dealt yet")]
    score_for = score_for_view(view)
    reading = bidding.read_auction(view.dealer, view.calls, score_for)
    texts, know = reading.texts, reading.know
    arg = arg.strip()
    if not arg:
        if not view.calls:
            return [_("no calls yet; `explain 1NT` says what a call would mean now")]
        out = [_("The auction, with what each call means in cardcli's system:")]
        for i, (call, text) in enumerate(zip(view.calls, texts), 1):
            seat = caller(view.dealer, i - 1)
            out.append(f"  {i:>2}. {NAMES[seat]:<5} {call_name(call):<5} {text}")
        out.append(_("What the calls showed:"))
        for seat in range(4):
            out.append(f"  {NAMES[seat]:<5} " + _shape_text(know[seat]))
        return out
    if arg.isdigit():
        n = int(arg)
        if not 1 <= n <= len(view.calls):
            return [
                ngettext(
                    "there is no call {n} (the auction has {m} call)",
                    "there is no call {n} (the auction has {m} calls)",
                    len(view.calls),
                ).format(n=n, m=len(view.calls))
            ]
        seat = caller(view.dealer, n - 1)
        return [f"{n}. {NAMES[seat]} {call_name(view.calls[n - 1])}: {texts[n - 1]}"]
    typed = parse_call(arg)
    if typed is None:
        return [_("{arg!r} is not a call: try `explain 1NT`, `explain X` or `explain 3` (the third call)").format(arg=arg)]
    call = typed
    if view.phase != "auction":
        matches = [i for i, c in enumerate(view.calls) if c == call]
        if not matches:
            return [_("the auction is over and nobody called {c}; `explain` lists every call").format(c=call_name(call))]
        return [f"{i + 1}. {NAMES[caller(view.dealer, i)]} {call_name(call)}: {texts[i]}" for i in matches]
    who = caller(view.dealer, len(view.calls))
    text = bidding.explain(view.dealer, view.calls, score_for, call)
    from cardcli.games.bridge.auction import check_call

    verdict = check_call(view.dealer, view.calls, call)
    prefix = _("{c} by {who} now").format(c=call_name(call), who=NAMES[who])
    if not verdict.ok:
        return [f"{prefix}: " + _("not legal: {why}").format(why=verdict.reason)]
    return [f"{prefix}: {text}"]


def scorepad(view: BridgeView, arg: str) -> list[str]:
    return pad_lines(view.pad, view.totals, view.game_winners, view.rubber_over, [], view.vulnerable)


def tricks(view: BridgeView, arg: str) -> list[str]:
    if not view.tricks and not view.trick:
        return [_("no cards played yet")]
    out = []
    for i, (leader, cards, winner) in enumerate(view.tricks, 1):
        row = "  ".join(f"{NAMES[(leader + k) % 4][0]} {c}" for k, c in enumerate(cards))
        out.append(f"{i:>2}. {row}   → {NAMES[winner]}")
    if view.trick:
        row = "  ".join(f"{NAMES[(view.leader + k) % 4][0]} {c}" for k, c in enumerate(view.trick))
        out.append(f"{len(view.tricks) + 1:>2}. {row}")
    return out


COMMANDS: dict[str, tuple[str, Callable[[Any, str], list[str]]]] = {
    "explain": (N_("explain the auction, a call number, or a call you might make (`explain 1NT`)"), explain),
    "auction": (N_("the auction with the meaning of every call"), lambda v, a: explain(v, "")),
    "scorepad": (N_("the rubber scorepad, above and below the line"), scorepad),
    "tricks": (N_("the tricks played so far"), tricks),
}
