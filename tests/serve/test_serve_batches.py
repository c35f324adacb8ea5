"""How often a table wakes each connection's screen: once per line typed, and before a bot thinks.

These run the lobby and the tables without SSH: each connection's outbox counts its wakes (each
wake is one redraw of that screen on the server) and notes the table's position at each.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO, cast

import pytest

from cardcli.serve.lobby import Connection, Lobby
from cardcli.serve.seat import Outbox
from cardcli.serve.table import SharedTable
from cardcli.ui.console import Console
from tests.serve.harness import legal_move, position


class _Person:
    """A connection whose screen is drawn at once when woken: what it was sent, by wake."""

    def __init__(self, lobby: Lobby, name: str) -> None:
        self.wakes: list[tuple[int, int]] = []
        self.drawn: list[str] = []
        self.outbox = Outbox(self._wake)
        console = Console(out=cast(IO[str], self.outbox), err=cast(IO[str], self.outbox), color=False, width=120)
        self.conn = Connection(lobby, name, "127.0.0.1", console)
        self.table: SharedTable | None = None

    def _wake(self) -> None:
        self.wakes.append(position(self.table))
        self.drawn.append(self.outbox.take())


def _table(names: list[str], game: str) -> tuple[SharedTable, list[_Person]]:
    lobby = Lobby()
    people = [_Person(lobby, n) for n in names]
    people[0].conn.handle(f"new {game} --hands 1 --seed 5")
    table = cast(SharedTable, people[0].conn.table)
    for p in people[1:]:
        p.conn.handle(f"join {table.code}")
    for p in people:
        p.table = table
    people[0].conn.handle("start")
    return table, people


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path))


def test_a_move_wakes_each_screen_once() -> None:
    """Four people: a move tells everyone several lines (the move, whose turn, the hand of the
    one to act), and every screen is drawn once for all of them."""
    table, people = _table(["Ann", "Bob", "Cid", "Dee"], "burraco")
    for _i in range(8):
        got = legal_move(table)
        assert got is not None
        who, move = got
        for p in people:
            p.wakes.clear()
            p.drawn.clear()
        mover = next(p for p in people if p.conn.client is not None and p.conn.client.seat == who)
        mover.conn.handle(move)
        for p in people:
            assert len(p.wakes) == 1, (p.conn.name, move, p.wakes)
            assert p.drawn[0].count("\n") >= 1  # the move told, at least
            assert not p.outbox.take()  # nothing left behind for a later wake
        assert any(p.drawn[0].count("\n") >= 2 for p in people)  # several lines, one wake


def test_screens_are_drawn_before_a_bot_thinks() -> None:
    """One person and three bots: the person's move is on their screen before the bots after
    them move (a bot may think a while), not only once the last bot has moved."""
    table, people = _table(["Ann"], "burraco")
    ann = people[0]
    seen_before_bots = 0
    for _i in range(6):
        got = legal_move(table)
        assert got is not None
        before = position(table)
        ann.wakes.clear()
        ann.conn.handle(got[1])
        after = position(table)
        assert ann.wakes and ann.wakes[-1] == after
        if after[1] > before[1] + 1:  # bots moved after Ann's move in that line
            assert len(ann.wakes) >= 2 and ann.wakes[0] == (before[0], before[1] + 1), ann.wakes
            seen_before_bots += 1
    assert seen_before_bots >= 2
