"""Canasta's lean replay: a logged move checked and made in one step (:meth:`Game.replay_move`).

``replay verify`` and resuming a save fold every move of a match strictly. The full path is
:func:`~cardcli.games.canasta.checks.check`, then :meth:`~CanastaGame.apply`, which also works out
what the narration tells (the canasta a meld makes, the cards drawn) in an
:class:`~cardcli.engine.game.Outcome` the fold never reads. Here the common moves (draws,
discards, melds, additions and taking the pozzo) are judged by the checker's own arms for them and
made by the state changes ``apply`` itself makes (``_draw``, ``_discard``, ``_meld``, ``_add``,
``take_pozzo``), without the outcome; the rest take the full path. Nothing is taken from the log
but the move: a move the checker refuses returns False with the state untouched, and the fold then
works it out again through the full path, which names the problem in the same words as ever.

:data:`TAKEN` counts the moves made here, so that a test can tell this path from the full one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.games.canasta import actions, checks
from cardcli.games.canasta import moves as mv
from cardcli.games.canasta import pozzo as pz
from cardcli.games.canasta.state import CanastaState
from cardcli.games.canasta.take import take_leaves_problem

if TYPE_CHECKING:
    from cardcli.games.canasta.rules import CanastaGame

TAKEN = [0]
"""Moves made by :func:`replay_move` (a one-item list: a counter the tests read and reset)."""

_DRAW, _DISCARD, _MELD, _ADD, _TAKE = mv.Draw, mv.Discard, mv.Meld, mv.Add, mv.Take


def replay_move(game: CanastaGame, state: CanastaState, move: mv.Move, seat: int, check: bool) -> bool:
    """Make ``move`` for ``seat`` if it is that seat's turn and (``check``) the checker allows it;
    False, with the state untouched, otherwise."""
    phase = state.phase
    kind = type(move)
    if phase != "start" and phase != "play" or seat != state.turn:
        # the partner's answer, or nobody's turn: the full path
        if state.to_act() != seat or check and not checks.check(state, move).ok:
            return False
        game.apply(state, move)
    elif kind is _DISCARD:
        if check and (phase != "play" or not checks.check_discard(state, move.card).ok):  # type: ignore[union-attr]
            return False
        game._discard(state, seat, move.card)  # type: ignore[union-attr]
    elif kind is _DRAW:
        if check and not checks.check_draw(state).ok:
            return False
        game._draw(state, seat, state.side_of(seat))
        game._after_draw(state, seat)
    elif kind is _MELD:
        if check and not checks.check_lay(state, move.cards, None).ok:  # type: ignore[union-attr]
            return False
        game._meld(state, seat, move.cards)  # type: ignore[union-attr]
    elif kind is _ADD:
        target = move.target  # type: ignore[union-attr]
        if check and not checks.check_lay(state, move.cards, target).ok:  # type: ignore[union-attr]
            return False
        meld = state.open_meld(state.side_of(seat), target)
        assert meld is not None  # the checker found it
        game._add(state, seat, meld, move.cards)  # type: ignore[union-attr]
    elif kind is _TAKE:
        if check and phase != "start":
            return False
        plan = pz.take_problem(state)  # worked out once, for the check and for the take
        if not isinstance(plan, pz.TakePlan):
            if check:
                return False
            game.apply(state, move)  # trusting: apply's own way with a take it cannot plan
        elif check and take_leaves_problem(state, plan) is not None:
            return False
        else:
            actions.take_pozzo(state, plan)
            state.phase = "play"
    else:  # asking partner, the answer, the end: the full path
        if check and not checks.check(state, move).ok:
            return False
        game.apply(state, move)
    TAKEN[0] += 1
    return True
