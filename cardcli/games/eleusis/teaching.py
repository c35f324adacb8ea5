"""What the tutor asks eleusis about a move (:mod:`cardcli.engine.teaching`).

A rule is judged by what it accepts, not by how it is written: two texts of one
rule are the same move (:mod:`.equivalence`), and the goal ``rule TEXT`` is met
by any rule equivalent to TEXT. A card's goal is ``right`` (the dealer's rule
accepts it) or ``wrong``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from cardcli.engine.teaching import RuleClaim, Teaching, freeze
from cardcli.games.eleusis import moves as mv
from cardcli.games.eleusis.equivalence import same_rule
from cardcli.i18n import N_, _

GOALS = {
    "rule TEXT": N_("writes a rule that accepts the same cards as TEXT in every position"),
    "rule": N_("writes any rule the game allows"),
    "right": N_("plays a card the rule accepts"),
    "wrong": N_("plays a card the rule refuses"),
}


class EleusisTeaching(Teaching):
    tutor_module = "cardcli.games.eleusis.tutoring"

    def position_key(self, state: Any) -> Hashable:
        # The compiled rule is a cache of its text: the text (canonical form) is the position.
        return freeze({k: v for k, v in vars(state).items() if k not in ("rule", "rstate")})

    def same_move(self, state: Any, a: Any, b: Any) -> bool | None:
        if isinstance(a, mv.SetRule) and isinstance(b, mv.SetRule):
            return a.text == b.text or same_rule(a.text, b.text)
        return None

    def goal_met(self, goal: str, before: Any, move: Any, after: Any, seat: int) -> bool | None:
        word, _sep, arg = goal.strip().partition(" ")
        if word == "rule":
            if not isinstance(move, mv.SetRule):
                return False
            return True if not arg.strip() else same_rule(move.text, mv.rule_move(arg).text)
        if word in ("right", "wrong"):
            if not isinstance(move, mv.Play):
                return False
            right = len(after.mainline) > len(before.mainline)
            return right == (word == "right")
        return None

    def goal_words(self) -> dict[str, str]:
        return dict(GOALS)

    def rule_claims(self, config: Any) -> Sequence[RuleClaim]:
        return (RuleClaim(r"\bafter (\w+) rounds\b", config.phase_two_rounds, _("round limit of phase two")),)
