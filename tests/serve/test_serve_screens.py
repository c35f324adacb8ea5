"""What each client's terminal shows at a shared table (the bytes it received, played on a small
VT100 screen): never a stale prompt or toolbar."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from cardcli.engine.words import seat_label
from cardcli.serve.table import SharedTable
from cardcli.ui.ptk.toolbar import SEP, fit
from tests.serve.harness import SIZE, Player, legal_move, open_table, position, quiet, start_server

MOVES = 16
"""Moves typed (bots move between them): each one changes whose turn it is, or what to do."""


def _expected(table: SharedTable, name: str) -> tuple[str, str]:
    """The prompt a person's screen must show now, from the table's state (their own seat, and
    whose turn it is when it is not theirs), and their toolbar fitted to the terminal."""
    with table.lock:
        s = table.session
        assert s is not None
        client = next(c for c in table.clients if c.name == name)
        mine, actor = client.seat, s.to_act()
        assert mine is not None and actor is not None
        if s.plays_for(actor) == mine:
            prompt = f"{seat_label(s.seats[actor].name)}> "
        else:
            prompt = f"{seat_label(s.seats[mine].name)} ({seat_label(s.seats[actor].name)} to play)> "
        ctl: Any = client.controller
        toolbar = fit(ctl.toolbar_text().split(SEP), SIZE[0], ["Tab: moves", "F1: help"])
    return prompt.rstrip(), toolbar.rstrip()


def _rows(p: Player) -> tuple[str, str]:
    """The row the cursor is on (the prompt) and the one under it (the toolbar), as shown now."""
    screen = p.screen
    lines = screen.lines
    return lines[screen.y], lines[screen.y + 1] if screen.y + 1 < len(lines) else ""


def test_after_every_move_each_screen_shows_the_new_turn(tmp_path: Path) -> None:
    """After any seat moves (a person or a bot), every person's terminal ends up showing the
    prompt and the toolbar of the new position: the screen is not left with the old turn."""

    async def go() -> None:
        server = await start_server(tmp_path)
        players = [Player("Ann"), Player("Bob")]
        for p in players:
            await p.connect(server.port)
        table = await open_table(server, players, "new burraco --hands 1 --seed 11")
        await players[0].say("start", "Hand 1")
        by_seat = {c.seat: p for p in players for c in table.clients if c.name == p.name}
        turns = set()
        for _i in range(MOVES):
            await quiet(server, table, players)
            if table.closed:
                break
            for p in players:
                prompt, toolbar = _expected(table, p.name)
                turns.add(prompt)

                def shown(p: Player = p, prompt: str = prompt, toolbar: str = toolbar) -> bool:
                    return _rows(p) == (prompt, toolbar)

                try:
                    await p.until(shown)
                except TimeoutError:
                    raise AssertionError(f"{p.name}'s screen shows {_rows(p)}, not {(prompt, toolbar)}") from None
            got = legal_move(table)
            assert got is not None
            who, move = got
            before = position(table)
            by_seat[who].send(move)
            await by_seat[who].until(lambda before=before: position(table) != before)  # type: ignore[misc]
        assert len(turns) >= 3  # each person's own turn and others': the prompts did change
        for p in players:
            p.close()
        await server.stop()

    asyncio.run(go())
