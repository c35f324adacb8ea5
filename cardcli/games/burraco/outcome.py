"""The end of a burraco hand and what the players are told: scoring the hand, the match's result,
the explanation of a score, and the narration of each move from its facts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from cardcli.engine.cards import format_cards
from cardcli.engine.game import HandResult, MatchResult, Outcome
from cardcli.games.burraco import moves as mv
from cardcli.games.burraco.config import BurracoConfig
from cardcli.games.burraco.scoring import match_winners, score_team, team_names, victory_points
from cardcli.games.burraco.state import BurracoState
from cardcli.games.burraco.table import kind_name
from cardcli.i18n import _


def end_hand(state: BurracoState, seat_names: list[str]) -> None:
    """Score the hand that has just ended, record its result, and end the match when it is won."""
    config = state.config
    names = team_names(state.players)
    scores = []
    for t in (0, 1):
        left = [c for s in state.team_seats(t) for c in state.hands[s] + state.covered[s]]
        closed = state.closed_by is not None and state.team_of(state.closed_by) == t
        scores.append(score_team(names[t], state.team_melds(t), left, closed, bool(state.pozzetto_taken[t]), config))
    points = [s.points for s in scores]
    for t in (0, 1):
        state.totals[t] += points[t]
    detail: dict[str, Any] = {
        "end": "closed" if state.closed_by is not None else "stock",
        "teams": [s.detail() for s in scores],
        "left": {seat_names[s]: " ".join(state.hands[s] + state.covered[s]) for s in range(state.players)},
    }
    if state.closed_by is not None:
        detail["closed_by"] = seat_names[state.closed_by]
    hands_played = len(state.results) + 1
    if config.tournament_hands:
        if hands_played >= config.tournament_hands:
            state.match_done = True
            detail["vp"] = victory_points(state.totals, config.tournament_hands)
    elif match_winners(state.totals, config) is not None:
        state.match_done = True
    state.result = HandResult(points=list[int | float](points), totals=list[int | float](state.totals), detail=detail)
    state.results.append(state.result)
    state.phase = "over"


def match_result(state: BurracoState) -> MatchResult:
    """The match so far: victory points in a tournament round, match points otherwise."""
    config = state.config
    if config.tournament_hands and state.match_done and state.result is not None:
        vp = list(state.result.detail["vp"])
        winners = [i for i, v in enumerate(vp) if v == max(vp)]
        return MatchResult(totals=vp, winners=winners, hands=len(state.results), complete=True)
    winners = (match_winners(state.totals, config) or []) if state.match_done else []
    return MatchResult(totals=list(state.totals), winners=winners, hands=len(state.results), complete=state.match_done)


def explain_result(result: HandResult, config: BurracoConfig, players: int) -> list[str]:
    """The lines that explain a hand's score, team by team."""
    names = team_names(players)
    d = result.detail
    lines: list[str] = []
    if d.get("end") == "closed":
        lines.append(_("{who} closed the hand").format(who=d.get("closed_by", "?")))
    else:
        lines.append(
            _("the stock is down to its last {n} cards: the hand ends without a close").format(n=config.unplayable_stock)
        )
    for t, team in enumerate(d.get("teams", [])):
        parts = [_("cards melded {v}").format(v=team["melded"])]
        kinds = Counter(team.get("burraco", []))
        for kind, count in kinds.items():
            parts.append(_("{n}× {kind} burraco").format(n=count, kind=kind_name(kind)))
        if team.get("bonus"):
            parts.append(_("bonuses +{v}").format(v=team["bonus"]))
        if team.get("closing"):
            parts.append(_("closing +{v}").format(v=team["closing"]))
        if team.get("in_hand"):
            parts.append(_("cards in hand −{v}").format(v=team["in_hand"]))
        if team.get("pozzetto"):
            parts.append(_("pozzetto never taken −{v}").format(v=team["pozzetto"]))
        lines.append(f"{names[t]}: " + ", ".join(parts) + f" → {result.points[t]:+}")
    for seat, cards in d.get("left", {}).items():
        if cards:
            lines.append(_("  {seat} held {cards}").format(seat=seat, cards=cards))
    lines.append(_("totals: ") + ", ".join(f"{n} {t}" for n, t in zip(names, result.totals)))
    if "vp" in d:
        vp = d["vp"]
        lines.append(
            _("round over: match points {a} to {b}, victory points {va}–{vb}").format(
                a=result.totals[0], b=result.totals[1], va=vp[0], vb=vp[1]
            )
        )
    return lines


def narrate(outcome: Outcome[mv.BurracoFacts], observer: int | None, seat_names: Callable[[int], list[str]]) -> str:
    """What ``observer`` is told of a move, from its facts (only those the observer may know)."""
    f = outcome.seen_by(observer)
    who = seat_names(f["players"])[outcome.seat]
    move = outcome.move
    text = mv.format_move(move)
    match move:
        case mv.Draw():
            if "card" in f:
                return _("{who} draws {card} from the stock").format(who=who, card=f["card"])
            return _("{who} draws from the stock").format(who=who)
        case mv.Take():
            pile = f["pile"]
            text = _("{who} takes the discard pile ({n}: {cards})").format(
                who=who, n=len(pile), cards=format_cards(pile, "ascii")
            )
            if len(pile) == 1:
                text += _(" and may not discard it this turn")
            return text
        case mv.MeldMove(cards, _wild):
            text = _("{who} melds {cards}").format(who=who, cards=" ".join(cards))
            if f["kind"]:
                text += _(": a {kind} burraco").format(kind=kind_name(f["kind"]))
        case mv.Attach(cards, target, _wild):
            text = _("{who} attaches {cards} to meld {n}").format(who=who, cards=" ".join(cards), n=target)
            if f["kind"] and f["kind"] != f["before"]:
                text += _(": now a {kind} burraco").format(kind=kind_name(f["kind"]))
        case mv.Discard(card, _close):
            text = _("{who} discards {card}").format(who=who, card=card)
            if f["closed"]:
                return text + _(" and closes the hand")
    look = f.get("pozzetto")
    if look == "al-volo":
        text += _(" and goes to the pozzetto al volo: 11 new cards, the turn goes on")
    elif look == "partner-discard":
        text += _(" and takes the pozzetto face down (to be looked at after the partner's discard)")
    elif look == "next-turn":
        text += _(" and takes the pozzetto face down (to be looked at on the next turn)")
    elif look == "open":
        text += _(" and takes the pozzetto")
    if f.get("stock_end"):
        text += _("; the stock is down to {n} cards: the hand ends").format(n=f["stock"])
    return text
