"""What the tutor asks burraco about a move (:mod:`cardcli.engine.teaching`).

Goals: ``melds R`` (puts down cards of rank R, as a new meld or on one),
``makes burraco`` (the team has one burraco more), ``takes pozzetto`` and
``closes``. A meld or an attach is rated by what the team then has on the table
(cards, burraco bonuses, the pozzetto taken), so a better meld than the lesson's
is praised, not refused. Draws and discards are not rated: their worth lies in
what the other players do next, which no sure measure tells.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardcli.engine.fold import look_ahead
from cardcli.engine.teaching import Rating, RuleClaim, Teaching, goal_rank, melds_rank
from cardcli.games.burraco import moves as mv
from cardcli.games.burraco.table import burraco_kind, cards_points, is_wild, kind_bonus
from cardcli.i18n import N_, _

GOALS = {
    "melds R": N_("puts down cards of rank R (a new meld or on a meld of the team)"),
    "makes burraco": N_("gives the team one burraco more"),
    "takes pozzetto": N_("takes the team's pozzetto"),
    "closes": N_("closes the hand"),
}


def table_value(state: Any, team: int) -> int:
    """The team's cards on the table, its burraco bonuses and the pozzetto penalty it no longer risks."""
    cfg = state.config
    total = 0
    for m in state.melds:
        if m.team == team:
            total += cards_points(m.layout.cards)
            kind = burraco_kind(m, cfg)
            if kind is not None:
                total += kind_bonus(kind, cfg)
    if state.pozzetto_taken[team]:
        total += cfg.pozzetto_penalty
    if state.closed_by is not None and state.closed_by % 2 == team:
        total += cfg.closing_points
    return total


def burracos(state: Any, team: int) -> int:
    return sum(1 for m in state.melds if m.team == team and burraco_kind(m, state.config) is not None)


class BurracoTeaching(Teaching):
    tutor_module = "cardcli.games.burraco.tutoring"

    def goal_met(self, goal: str, before: Any, move: Any, after: Any, seat: int) -> bool | None:
        word, _sep, arg = goal.strip().partition(" ")
        team = seat % 2
        if word == "melds":
            return isinstance(move, mv.MeldMove | mv.Attach) and melds_rank(move.cards, goal_rank(arg), is_wild)
        if goal.strip() == "makes burraco":
            return burracos(after, team) > burracos(before, team)
        if goal.strip() == "takes pozzetto":
            return bool(after.pozzetto_taken[team]) and not before.pozzetto_taken[team]
        if word == "closes":
            return after.closed_by is not None and after.closed_by % 2 == team
        return None

    def goal_words(self) -> dict[str, str]:
        return dict(GOALS)

    def rate_move(self, state: Any, move: Any, seat: int) -> Rating | None:
        if not isinstance(move, mv.MeldMove | mv.Attach) or not self.check(state, move).ok:  # type: ignore[attr-defined]
            return None
        after = look_ahead(self, state, move)  # type: ignore[arg-type]
        value = table_value(after, seat % 2)
        return Rating(value, _("{n} points on your team's table").format(n=value))

    def hand_facts(self, state: Any, seat: int) -> dict[str, int]:
        return {"points": cards_points(state.hands[seat])} if state.hands else {}

    def rule_claims(self, config: Any) -> Sequence[RuleClaim]:
        return (
            RuleClaim(r"\bat most (one|two|\d+) (?:wildcards?|matt[ae])\b", 1, _("wildcards in a meld")),
            RuleClaim(r"\bclosing (?:is worth|scores|earns|gives) (\d+)", config.closing_points, _("closing points")),
            RuleClaim(r"\bclean burraco (?:is worth|scores|earns) (\d+)", config.clean_points, _("clean burraco bonus")),
            RuleClaim(
                r"\bsemi-clean burraco (?:is worth|scores|earns) (\d+)", config.semiclean_points, _("semi-clean burraco bonus")
            ),
            RuleClaim(r"\bdirty burraco (?:is worth|scores|earns) (\d+)", config.dirty_points, _("dirty burraco bonus")),
            RuleClaim(r"\b(?:the match|a match) (?:is played |goes )?to (\d[\d,]*)", config.target, _("the target")),
        )
