"""Real SSH clients for the serve tests: asyncssh's client on loopback, a server in the same loop.

Every chunk a client receives is kept with the table's position at the moment it arrived (the
server writes after it changes the table, so the text is about that position or an earlier
one): the fairness check compares each chunk's cards with what the seat could see by then.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh

from cardcli.serve.server import TableServer
from cardcli.serve.table import SharedTable
from tests.screen import Screen

HANG = 120.0
"""Seconds before a wait is called a hang (generous: the machine is shared and loaded)."""
SIZE = (120, 60)
"""Every client's terminal: columns, rows."""
_ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][A-Z0-9]|\x1b[=>78MDc]")


def plain(text: str) -> str:
    """Screen text without escape sequences and carriage returns."""
    return _ANSI.sub("", text).replace("\r", "")


def position(table: SharedTable | None) -> tuple[int, int]:
    """(hands dealt, moves in the current hand) of a table now."""
    s = table.session if table is not None else None
    if s is None or not s.hands:
        return (0, 0)
    return (len(s.hands), len(s.hands[-1].moves))


class _Recorder(asyncssh.SSHClientSession[str]):
    def __init__(self, player: Player) -> None:
        self.player = player

    def data_received(self, data: str, datatype: Any) -> None:
        self.player.chunks.append((data, position(self.player.table)))
        self.player.stamps.append(time.perf_counter())

    def connection_lost(self, exc: Exception | None) -> None:
        self.player.closed = True


class Player:
    """One person on an SSH client."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.chunks: list[tuple[str, tuple[int, int]]] = []
        self.stamps: list[float] = []
        """When each chunk arrived (the load benchmark's latencies)."""
        self.table: SharedTable | None = None
        self.closed = False
        self.conn: Any = None
        self.chan: Any = None
        self._screen = Screen(rows=SIZE[1], cols=SIZE[0])
        self._fed = 0

    @property
    def screen(self) -> Screen:
        """The client's terminal as it shows what has arrived so far."""
        for data, _pos in self.chunks[self._fed :]:
            self._screen.feed(data)
        self._fed = len(self.chunks)
        return self._screen

    @property
    def text(self) -> str:
        return plain("".join(c for c, _p in self.chunks))

    async def connect(self, port: int, charset: str = "ascii") -> None:
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username="table", known_hosts=None, client_keys=None, agent_path=None, password=None
        )
        self.chan, _session = await self.conn.create_session(
            lambda: _Recorder(self), term_type="xterm", term_size=SIZE, env={"CARDCLI_CHARSET": charset}
        )
        await self.until(lambda: "Your name:" in self.text)
        self.send(self.name)
        await self.until(lambda: "Welcome," in self.text)

    def send(self, line: str) -> None:
        self.chan.write(line + "\r")

    async def until(self, cond: Callable[[], bool], hang: float = HANG) -> None:
        async def poll() -> None:
            while not cond():
                await asyncio.sleep(0.01)

        await asyncio.wait_for(poll(), hang)

    async def say(self, line: str, expect: str) -> str:
        """Type ``line`` and wait for ``expect`` in what arrives after it; returns that text."""
        start = len(self.text)
        self.send(line)
        await self.until(lambda: expect in self.text[start:])
        return self.text[start:]

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


async def start_server(tmp: Path, **kw: Any) -> TableServer:
    server = TableServer("127.0.0.1", 0, key_folder=tmp / "key", **kw)
    await server.start()
    return server


async def open_table(server: TableServer, players: list[Player], new: str) -> SharedTable:
    """The first player opens a table with the lobby line ``new`` (``new burraco --seed 5``); the
    others join it with its code. Each player's ``table`` is set (the fairness check reads it)."""
    out = await players[0].say(new, "join code")
    code = code_in(out)
    table = server.lobby.tables[code]
    for p in players:
        p.table = table
    for p in players[1:]:
        await p.say(f"join {code}", "You sit")
    return table


def code_in(text: str) -> str:
    m = re.search(r"join code is ([A-Z0-9]{6})", text)
    assert m, text[-500:]
    return m.group(1)


async def quiet(server: TableServer, table: SharedTable, players: list[Player]) -> None:
    """Wait until the table is idle (its lock free) and every screen has been sent."""

    def idle() -> bool:
        if not table.lock.acquire(blocking=False):
            return False
        table.lock.release()
        return True

    for _i in range(3):
        await players[0].until(idle)
        await asyncio.sleep(0.02)


def legal_move(table: SharedTable) -> tuple[int, str] | None:
    """The seat whose person acts now and the move the game's own bot would make for them."""
    with table.lock:
        s = table.session
        if s is None or s.finished:
            return None
        actor = s.to_act()
        if actor is None:
            return None
        who = s.plays_for(actor)
        if who is None:
            return None
        move = s.bot_move_for(actor) if hasattr(s, "bot_move_for") else _bot_choice(s, actor)
        return who, s.game.format_move(move)


def _bot_choice(s: Any, actor: int) -> Any:
    from cardcli.engine.rng import Rng

    bot = s.game.bots[s.game.default_bot]()
    return bot.choose(s.game.view(s.state, actor), s.legal_moves(), Rng("test", len(s.hands), s.ply))


async def play_out(server: TableServer, table: SharedTable, players: dict[int, Player], limit: int = 2000) -> int:
    """Each person types the move their seat's bot would make, until the game is over; moves typed."""
    typed = 0
    everyone = list(players.values())
    for _i in range(limit):
        await quiet(server, table, everyone)
        if table.closed:
            return typed
        got = legal_move(table)
        if got is None:
            continue
        who, move = got
        before = position(table)
        players[who].send(move)
        typed += 1
        await players[who].until(lambda before=before: position(table) != before or table.closed)  # type: ignore[misc]
    raise AssertionError(f"the game did not end in {limit} moves")
