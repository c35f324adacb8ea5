"""Commands and moves never collide: no command word can also be read as a legal move."""

from __future__ import annotations

import io

import pytest

from cardcli.engine.notation import prefix_matches
from cardcli.session import Session
from cardcli.ui.commands import COMMANDS, Controller, find_command
from cardcli.ui.console import Console

GAMES = [("rummy", 3), ("bridge", 4), ("burraco", 4), ("canasta", 4), ("eleusis", 4)]


def _words(c: Controller) -> list[str]:
    words = [w for cmd in COMMANDS.values() for w in (cmd.name, *cmd.aliases)]
    return words + list(c._game_commands())


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_no_command_word_names_a_legal_move(name: str, players: int) -> None:
    positions = 0
    for seed in ("a", "b", "c"):
        s = Session.new(name, seed=seed, players=players, human_seats=tuple(range(players)), hands_limit=1)
        c = Controller(s, Console(out=io.StringIO(), color=False, charset="ascii"))
        for _ply in range(120):
            if s.finished:
                break
            if s.deal_if_needed() is not None:
                continue
            legal = s.legal_moves()
            for word in _words(c):
                hits = [s.game.format_move(m) for m in prefix_matches(s.game, word, legal)]
                assert hits == [], f"{name}: the command {word!r} also reads as {hits}"
            for move in s.legal_notation():
                first = move.split()[0]
                assert find_command(first) is None, f"{name}: the move {move!r} starts with a command word"
            positions += 1
            s.play(s.hint(s.to_act())[0])
    assert positions > 100


def test_a_colliding_word_asks_instead_of_guessing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were a command word ever also a move, the controller asks; `:word` is always the command."""
    s = Session.new("rummy", seed="7", players=2, human_seats=(0,))
    out = io.StringIO()
    c = Controller(s, Console(out=out, color=False, charset="ascii"))
    s.run_bots()
    from cardcli.ui import commands

    monkeypatch.setitem(commands.COMMANDS, "draw", commands.Command("draw", "a test command", lambda _c, _a: False))
    assert c.handle("draw") is True and "both a command and a move" in out.getvalue()
    assert s.ply == 0
    assert c.handle(":draw") is False  # the command ran


def test_q_does_not_quit() -> None:
    s = Session.new("bridge", seed="11", human_seats=(2,))
    out = io.StringIO()
    c = Controller(s, Console(out=out, color=False, charset="ascii"))
    c.start()
    assert c.handle("q") is True and not c.done
