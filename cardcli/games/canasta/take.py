"""Whether taking the pozzo would leave the player able to finish the turn.

Taking the pozzo almost always fills the hand, but a small pile taken with
the last cards of a hand (and, with ``pozzo_extra_draw=0`` or an empty stock,
no extra card) can leave one card or none; then the same going-out rules as
for a meld apply (:func:`.going_out.leaves_problem`). Such a take is simulated
on a copy of the state.
"""

from __future__ import annotations

from cardcli.engine.verdict import Verdict
from cardcli.games.canasta.actions import take_pozzo
from cardcli.games.canasta.going_out import leaves_problem
from cardcli.games.canasta.pozzo import TakePlan
from cardcli.games.canasta.state import CanastaState
from cardcli.games.canasta.tokens import is_red_three, token


def take_leaves_problem(state: CanastaState, plan: TakePlan) -> Verdict | None:
    seat = state.turn
    if len(state.hands[seat]) - len(plan.from_hand) >= 2:
        return None  # two cards kept whatever the pozzo holds: the usual case, no need to count it
    incoming = sum(1 for c in state.pozzo[:-1] if not is_red_three(c)) + sum(1 for c in state.covered if not is_red_three(c))
    if len(state.hands[seat]) - len(plan.from_hand) + incoming >= 2:
        return None
    sim = state.clone()
    take_pozzo(sim, plan)
    left = [token(c) for c in sim.hands[seat]]
    return leaves_problem(sim, left, sim.melds[sim.side_of(seat)])
