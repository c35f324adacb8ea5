"""The end of a bridge hand: its score entered into the rubber (or the deal's total), its result,
and that result explained (with the scorepad drawn from the results in turn)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardcli.engine.game import HandResult
from cardcli.games.bridge.auction import SEATS, side_of
from cardcli.games.bridge.config import parse_deals
from cardcli.games.bridge.rubber import pad_lines, pad_of
from cardcli.games.bridge.scoring import SIDE_NAMES, Entry, describe, honors_held, score_deal
from cardcli.games.bridge.state import BridgeState
from cardcli.i18n import _, ngettext

VUL_NAMES = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}


def finish_hand(state: BridgeState) -> None:
    """Score the hand into the rubber and record its result.

    The result holds what this hand did (its contract, tricks and entries, and the game they count
    in) and the rubber's standing after it (games won, the current leg, the settlement if it stopped
    here): all of bounded size, so a replay's size is linear in its hands. Every hand of every
    playout ends here, so the deal's own entries come from :func:`_scored` (made once per kind)."""
    state.phase = "over"
    r = state.rubber
    config = state.config
    vul = r.vulnerability()
    detail: dict[str, Any] = {"hand": state.hand_number, "dealer": SEATS[state.dealer], "vulnerable": VUL_NAMES[vul]}
    c = state.contract
    entries: list[Entry] = []
    if c is None:
        detail["passed_out"] = True
    else:
        side = c.declarer & 1
        if state.claim_end is not None:
            claimer, n = state.claim_end
            tricks = n if side_of(claimer) == side else 13 - n
            detail["claim"] = [SEATS[claimer], n]
        else:
            tricks = state.won[side]
        detail["contract"] = c.text()
        detail["declarer"] = SEATS[c.declarer]
        detail["tricks"] = tricks
        hold = honors_held(state.dealt, c.strain) if config.honors else None
        entries = list(_scored(c.level, c.strain, c.doubled, c.declarer, tricks, vul[side], config, hold))
        if config.scoring == "deals" and tricks >= c.level + 6:
            below = sum(e.points for e in entries if e.where == "below")
            entries.append(
                Entry(
                    side,
                    "above",
                    (500 if vul[side] else 300) if below >= 100 else 50,
                    "game-bonus" if below >= 100 else "part-score",
                    "",
                )
            )
    detail["game"] = r.game_number
    entries = r.record(state.hand_number, entries)
    deals = config.scoring == "deals"
    if deals:
        detail["scoring"] = "deals"
        r.over = bool(config.deals) and state.hand_number >= len(parse_deals(config.deals))
    points: list[int | float] = [0, 0]
    for e in entries:
        points[e.side] += e.points
    # only this hand's own entries: the scorepad is every hand's entries in turn (explain_result
    # draws it from the earlier results), so a replay grows by one hand's worth per hand
    detail["entries"] = [e.to_list() for e in entries]
    detail["game_winners"] = list(r.game_winners)
    detail["leg"] = list(r.leg)
    detail["rubber_over"] = r.over
    detail["settlement"] = [] if deals else [e.to_list() for e in r.settlement(config)]
    totals: list[int | float] = list(r.totals)
    state.result = HandResult(points=points, totals=totals, detail=detail)
    state.results.append(state.result)


_SCORED: dict[tuple[Any, ...], tuple[Entry, ...]] = {}
"""(contract, declarer, tricks, vulnerable, rules, honors) → the deal's entries (frozen: shared)."""


def _scored(
    level: int, strain: str, doubled: int, declarer: int, tricks: int, vulnerable: bool, config: Any, hold: Any
) -> tuple[Entry, ...]:
    """:func:`score_deal`'s entries, made once per kind of deal and kept (at most 50,000 kinds)."""
    key = (level, strain, doubled, declarer, tricks, vulnerable, config, hold)
    got = _SCORED.get(key)
    if got is None:
        if len(_SCORED) >= 50_000:
            _SCORED.clear()
        got = _SCORED[key] = tuple(score_deal(level, strain, doubled, declarer, tricks, vulnerable, config, hold))
    return got


def explain_result(result: HandResult, earlier: Sequence[HandResult | None] = ()) -> list[str]:
    """A hand's score for people, then the rubber's scorepad so far: its lines are every hand's
    own entries, from ``earlier`` (the match's results before this one) and this result."""
    d = result.detail
    lines: list[str] = []
    if d.get("passed_out"):
        lines.append(_("Hand {n}: passed out (dealer {d}); nobody scores.").format(n=d.get("hand"), d=d.get("dealer")))
    else:
        contract = str(d["contract"])
        level = int(contract[0])
        need = level + 6
        tricks = int(d["tricks"])
        beyond = tricks - need
        how = (
            _("made exactly")
            if beyond == 0
            else ngettext("made with {n} overtrick", "made with {n} overtricks", beyond).format(n=beyond)
            if beyond > 0
            else _("down {n}").format(n=-beyond)
        )
        claim = d.get("claim")
        by = (" " + _("(claim by {s} accepted)").format(s=claim[0])) if claim else ""
        shown = contract[0] + ("NT" if contract[1] == "N" else contract[1]) + contract[2:]
        lines.append(
            _("Hand {n}: {c} by {decl}, {t} tricks: {how}{by} · vulnerable: {v}").format(
                n=d.get("hand"), c=shown, decl=d["declarer"], t=tricks, how=how, by=by, v=d.get("vulnerable")
            )
        )
    for e in d.get("entries", []):
        lines.append("  " + describe(Entry.from_list(e)))
    if d.get("scoring") == "deals":
        pts, tot = result.points, result.totals
        lines.append(
            _("Deal {n}: NS {a}, EW {b}; totals NS {x}, EW {y}.").format(n=d.get("hand"), a=pts[0], b=pts[1], x=tot[0], y=tot[1])
        )
        return lines
    pad = pad_of([*earlier, result])
    winners = [int(w) for w in d.get("game_winners", [])]
    games = (winners.count(0), winners.count(1))
    over = bool(d.get("rubber_over"))
    vul = (games[0] >= 1, games[1] >= 1)
    lines.extend(pad_lines(pad, [int(t) for t in result.totals], winners, over, [], vul))
    if over:
        t = result.totals
        w = 0 if t[0] > t[1] else 1
        lines.append(
            _("Rubber over: {side} win by {m} ({a} to {b}).").format(side=SIDE_NAMES[w], m=abs(t[0] - t[1]), a=max(t), b=min(t))
            if t[0] != t[1]
            else _("Rubber over: a tie.")
        )
    else:
        sett = [Entry.from_list(e) for e in d.get("settlement", [])]
        tot = list(result.totals)
        for e in sett:
            tot[e.side] += e.points
        extra = "; ".join(describe(e) for e in sett) or _("no settlement bonus")
        lines.append(_("If the rubber stopped here (Law 80): {extra}; NS {a}, EW {b}.").format(extra=extra, a=tot[0], b=tot[1]))
    return lines
