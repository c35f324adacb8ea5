"""Scripts for whole games through the line driver: what a human would type following every hint."""

from __future__ import annotations

from cardcli.session import Session


def hinted_moves(game: str, seed: str, players: int | None = None, seat: int = 0, hands: int | None = None) -> list[str]:
    """The moves a human in ``seat`` would type following every hint. Computed with the same
    session the CLI builds, so piping them into ``cardcli play`` replays the same game."""
    s = Session.new(game, seed=seed, players=players, human_seats=(seat,), hands_limit=hands)
    typed: list[str] = []
    s.run_bots()
    while not s.finished:
        move, _why = s.hint(seat)
        typed.append(s.game.format_move(move))
        s.play(move)
        s.run_bots()
    return typed
