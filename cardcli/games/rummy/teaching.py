"""What the tutor asks rummy about a move (:mod:`cardcli.engine.teaching`).

Goals: ``melds R`` (a set of R, or cards of rank R laid off), ``lays off`` and
``goes out``. A meld or a lay-off is rated by the points it leaves in the
player's hand (less is better) or, when it goes out, by what the hand scores,
so melding all four eights where the lesson asked for three is praised.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardcli.engine.fold import look_ahead
from cardcli.engine.teaching import Rating, RuleClaim, Teaching, goal_rank, melds_rank
from cardcli.games.rummy import moves as mv
from cardcli.games.rummy.scoring import hand_value
from cardcli.i18n import N_, _

GOALS = {
    "melds R": N_("puts cards of rank R on the table (a set, or laid off on one)"),
    "lays off": N_("adds a card to a meld on the table"),
    "goes out": N_("goes out, ending the hand"),
}


def _never_wild(card: str) -> bool:
    return False


class RummyTeaching(Teaching):
    tutor_module = "cardcli.games.rummy.tutoring"

    def goal_met(self, goal: str, before: Any, move: Any, after: Any, seat: int) -> bool | None:
        word, _sep, arg = goal.strip().partition(" ")
        g = goal.strip()
        if word == "melds":
            cards = move.cards if isinstance(move, mv.Meld) else (move.card,) if isinstance(move, mv.LayOff) else ()
            return melds_rank(cards, goal_rank(arg), _never_wild)
        if g == "lays off":
            return isinstance(move, mv.LayOff)
        if g == "goes out":
            return after.phase == "over" and not after.hands[seat]
        return None

    def goal_words(self) -> dict[str, str]:
        return dict(GOALS)

    def rate_move(self, state: Any, move: Any, seat: int) -> Rating | None:
        if not isinstance(move, mv.Meld | mv.LayOff) or not self.check(state, move).ok:  # type: ignore[attr-defined]
            return None
        after = look_ahead(self, state, move)  # type: ignore[arg-type]
        if after.phase == "over" and after.result is not None:
            won = int(after.result.points[seat])
            return Rating(1000 + won, _("you go out and score {n}").format(n=won))
        left = hand_value(after.hands[seat], state.config.ace_points)
        return Rating(-left, _("{n} points left in your hand").format(n=left))

    def hand_facts(self, state: Any, seat: int) -> dict[str, int]:
        return {"points": hand_value(state.hands[seat], state.config.ace_points)} if state.hands else {}

    def rule_claims(self, config: Any) -> Sequence[RuleClaim]:
        return (
            RuleClaim(
                r"\bace (?:left )?in (?:your|a) hand (?:counts|is worth) (\d+)",
                config.ace_points,
                _("points of an ace left in hand"),
            ),
            RuleClaim(
                r"\bturned over (\w+) times\b", config.max_turnovers, _("times the discard pile may be turned over in one hand")
            ),
        )
