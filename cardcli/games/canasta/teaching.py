"""What the tutor asks canasta about a move (:mod:`cardcli.engine.teaching`).

Goals: ``melds R`` (cards of rank R on the table, a new meld or added to the
side's R meld), ``makes canasta`` (one canasta more for the side), ``takes pozzo``
and ``goes out``. A meld or an addition is rated by what the side then has on the
table (card values and canasta bonuses), so a bigger meld than the lesson's is
praised; a draw, a take or a discard is not rated (their worth depends on play
to come).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardcli.engine.fold import look_ahead
from cardcli.engine.teaching import Rating, RuleClaim, Teaching, goal_rank, melds_rank
from cardcli.games.canasta import moves as mv
from cardcli.games.canasta.scoring import GOING_OUT_BONUS
from cardcli.games.canasta.seating import side_of
from cardcli.games.canasta.tablemelds import canasta_bonus, canasta_kind
from cardcli.games.canasta.tokens import cards_value, is_wild
from cardcli.i18n import N_, _

GOALS = {
    "melds R": N_("puts cards of rank R on the table (a new meld, or added to the side's R meld)"),
    "makes canasta": N_("gives the side one canasta more"),
    "takes pozzo": N_("takes the pozzo"),
    "goes out": N_("goes out, ending the hand"),
}


def table_value(state: Any, side: int) -> int:
    cfg = state.config
    total = 0
    for m in state.melds[side]:
        total += cards_value(m.cards, cfg.black3_value)
        kind = canasta_kind(m)
        if kind is not None:
            total += canasta_bonus(kind)
    if state.went_out is not None and side_of(state.players, state.went_out) == side:
        total += GOING_OUT_BONUS
    return total


def canastas(state: Any, side: int) -> int:
    return sum(1 for m in state.melds[side] if canasta_kind(m) is not None)


class CanastaTeaching(Teaching):
    tutor_module = "cardcli.games.canasta.tutoring"

    def goal_met(self, goal: str, before: Any, move: Any, after: Any, seat: int) -> bool | None:
        word, _sep, arg = goal.strip().partition(" ")
        side = side_of(before.players, seat)
        g = goal.strip()
        if word == "melds":
            rank = goal_rank(arg)
            if isinstance(move, mv.Add):
                return move.target == rank
            return isinstance(move, mv.Meld) and melds_rank(move.cards, rank, is_wild)
        if g == "makes canasta":
            return canastas(after, side) > canastas(before, side)
        if g == "takes pozzo":
            return isinstance(move, mv.Take)
        if g == "goes out":
            return after.went_out is not None and side_of(after.players, after.went_out) == side
        return None

    def goal_words(self) -> dict[str, str]:
        return dict(GOALS)

    def rate_move(self, state: Any, move: Any, seat: int) -> Rating | None:
        if not isinstance(move, mv.Meld | mv.Add) or not self.check(state, move).ok:  # type: ignore[attr-defined]
            return None
        after = look_ahead(self, state, move)  # type: ignore[arg-type]
        value = table_value(after, side_of(state.players, seat))
        return Rating(value, _("{n} points on your side's table").format(n=value))

    def hand_facts(self, state: Any, seat: int) -> dict[str, int]:
        return {"points": cards_value(state.hands[seat], state.config.black3_value)} if state.hands else {}

    def rule_claims(self, config: Any) -> Sequence[RuleClaim]:
        return (
            RuleClaim(r"\bat most (one|two|three|\d+) wild ?cards?\b", config.max_wilds_per_meld, _("wildcards in a meld")),
            RuleClaim(r"\b(?:wins|win) the match[^.]*?(\d[\d,]*)", config.target, _("the target")),
            RuleClaim(r"\bgoing out (?:is worth|scores|earns) (\d+)", GOING_OUT_BONUS, _("going out bonus")),
        )
