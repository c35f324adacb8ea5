"""Burraco's lean replay: a logged move checked and made in one step (:meth:`Game.replay_move`).

``replay verify`` and resuming a save fold every move of a match strictly. The full path is
:meth:`~BurracoGame.check`, then :meth:`~BurracoGame.apply`, which reads a meld or an attachment
a second time to lay it and builds an :class:`~cardcli.engine.game.Outcome` the fold never reads.
Here each move is judged by the checker's own judgements (``_judge_draw``, ``_judge_discard``,
``_judge_meld``, ``_judge_attach``: the arms of ``check``, shared, not copied), and a meld or an
attachment they allow is laid as they read it. Nothing is taken from the log but the move: a
move they refuse returns False with the state untouched, and the fold then works it out again
through the full path, which names the problem in the same words as ever.

:data:`TAKEN` counts the moves made here, so that a test can tell this path from the full one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.engine.verdict import Verdict
from cardcli.games.burraco import moves as mv
from cardcli.games.burraco.state import BurracoState

if TYPE_CHECKING:
    from cardcli.games.burraco.rules import BurracoGame

TAKEN = [0]
"""Moves made by :func:`replay_move` (a one-item list: a counter the tests read and reset)."""

_DRAW, _DISCARD, _MELD, _ATTACH = mv.Draw, mv.Discard, mv.MeldMove, mv.Attach


def replay_move(game: BurracoGame, state: BurracoState, move: mv.Move, seat: int, check: bool) -> bool:
    """Make ``move`` for ``seat`` if it is that seat's turn and (``check``) the checker allows it;
    False, with the state untouched, otherwise."""
    phase = state.phase
    if seat != state.turn or phase != "draw" and phase != "play":
        return False
    kind = type(move)
    if kind is _DRAW:
        if check and not game._judge_draw(state).ok:
            return False
        state.hands[seat].append(state.stock.pop())  # what ``_apply`` does with a draw
        state.phase = "play"
    elif kind is _DISCARD:
        if check and (phase != "play" or not game._judge_discard(state, move.card, move.close).ok):  # type: ignore[union-attr]
            return False
        game._apply_discard(state, seat, move.card)  # type: ignore[union-attr]
    elif (kind is _MELD or kind is _ATTACH) and check:
        if phase != "play":
            return False
        if kind is _MELD:
            got = game._judge_meld(state, move.cards, move.wild)  # type: ignore[union-attr]
            target = None
        else:
            target = move.target  # type: ignore[union-attr]
            got = game._judge_attach(state, move.cards, target, move.wild)  # type: ignore[union-attr]
        if isinstance(got, Verdict):
            return False
        game._lay(state, seat, move.cards, got, target)  # type: ignore[union-attr]
    else:  # the pile, and any move of a trusting fold
        if check and not game.check(state, move).ok:
            return False
        game._apply(state, move)
    TAKEN[0] += 1
    return True
