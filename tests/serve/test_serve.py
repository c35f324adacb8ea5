"""`cardcli serve` through real SSH clients on loopback: whole games, the fair table, safety."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from cardcli.engine.fold import Step, Table, Visitor, fold
from cardcli.replay.io import read
from cardcli.session import Session, log_of
from tests.serve.harness import Player, legal_move, open_table, plain, play_out, position, quiet, start_server

# a card token; ``2H=9H`` says what a wild card stands for, not a card, so ``=`` comes before none
_CARD = re.compile(r"(?<![A-Za-z0-9=])([2-9TJQKA][CDHS]|JK)(?![A-Za-z0-9])")


class _Seen(Visitor):
    """For each seat, the card identities it could have seen by each position of the match."""

    def __init__(self, seats: list[int]) -> None:
        self.seats = seats
        self.seen: dict[int, set[str]] = {s: set() for s in seats}
        self.at: dict[tuple[int, int], dict[int, frozenset[str]]] = {}

    def _mark(self, table: Table[Any, Any], hand: int, ply: int) -> None:
        game, state = table.game, table.state
        every = Counter(c for cards in game.card_locations(state).values() for c in cards)
        here = self.at.setdefault((hand, ply), {})
        for s in self.seats:
            hidden = Counter(c for cards in game.hidden_from(state, s) for c in cards)
            self.seen[s] |= {c for c, n in every.items() if n > hidden[c]}
            here[s] = frozenset(self.seen[s])

    def begin_hand(self, table: Table[Any, Any], hand: int) -> None:
        self._mark(table, hand, 0)

    def after_move(self, table: Table[Any, Any], step: Step[Any]) -> None:
        self._mark(table, step.hand, step.ply)


def assert_fair(replay: Any, players: dict[int, Player], ranks: str = "23456789TJQKA") -> int:
    """No chunk a seat's client received names a card that seat could not have seen by then
    (``ranks``: the ranks checked; bridge leaves out 2-7, which are also calls). Returns the
    number of card mentions checked."""
    sess = Session.from_replay(replay)
    seen = _Seen(list(players))
    fold(sess.game, sess.config, replay.players, replay.first_dealer, log_of(replay), visitors=[seen])
    checked = 0
    for seat, player in players.items():
        text_at: list[tuple[str, tuple[int, int]]] = []
        buf = ""
        for chunk, pos in player.chunks:  # whole lines, each with the position its end arrived at
            buf += chunk
            *lines, buf = buf.split("\n")
            text_at.extend((line, pos) for line in lines)

        for line, pos in text_at:
            if pos == (0, 0):
                allowed: frozenset[str] = frozenset()
            else:
                allowed = seen.at[pos][seat]
            for card in _CARD.findall(plain(line)):
                if card[0] not in ranks and card != "JK":
                    continue
                checked += 1
                assert card in allowed, f"seat {seat} was shown {card} at {pos}: {plain(line)!r}"
    return checked


async def _open(tmp: Path, game: str, names: list[str], extra: str = "", **kw: Any) -> tuple[Any, Any, list[Player]]:
    server = await start_server(tmp, **kw)
    players = [Player(n) for n in names]
    for p in players:
        await p.connect(server.port)
    table = await open_table(server, players, f"new {game} --hands 1 --seed 11 {extra}")
    return server, table, players


def _by_seat(table: Any, players: list[Player]) -> dict[int, Player]:
    return {c.seat: p for p in players for c in table.clients if c.name == p.name and c.seat is not None}


def test_two_people_and_bots_play_a_burraco_hand(tmp_path: Path) -> None:
    async def go() -> None:
        server, table, players = await _open(tmp_path, "burraco", ["Ann", "Bob"])
        watcher = Player("Wes")
        watcher.table = table
        await watcher.connect(server.port)
        await watcher.say(f"watch {table.code}", "You are watching")
        await players[0].say("start", "Hand 1")
        seats = _by_seat(table, players)
        assert len(seats) == 2 and set(seats) != {0, 2}  # two people, two bots
        typed = await play_out(server, table, seats)
        await quiet(server, table, players)
        assert typed > 5
        for p in players:
            await p.until(lambda p=p: "share code" in p.text)  # type: ignore[misc]
        replay = read(table.record_path)
        assert Session.from_replay(replay, legal=True).finished  # the replay verifies
        assert [s.kind for s in replay.seats].count("human") == 2
        assert table.share_code and table.share_code in players[1].text.replace("\n", "")
        assert assert_fair(replay, seats) > 20
        from click.testing import CliRunner

        from cardcli.cli import cli

        listed = CliRunner().invoke(cli, ["history"])
        assert listed.exit_code == 0 and "burraco" in listed.output  # in the store, like `cardcli play`'s games
        review = CliRunner().invoke(cli, ["replay", "review", "last"])
        assert review.exit_code == 0, review.output
        assert "The hand is over" in watcher.text
        assert assert_fair(replay, {None: watcher}) > 10  # a watcher sees what the table shows
        watcher.close()
        for p in players:
            p.close()
        await server.stop()

    asyncio.run(go())


def test_four_people_play_a_bridge_hand(tmp_path: Path) -> None:
    async def go() -> None:
        server, table, players = await _open(tmp_path, "bridge", ["Ann", "Bob", "Cid", "Dee"])
        await players[0].say("start", "Hand 1")
        seats = _by_seat(table, players)
        assert sorted(seats) == [0, 1, 2, 3]
        typed = await play_out(server, table, seats)
        assert typed >= 4
        replay = read(table.record_path)
        assert Session.from_replay(replay, legal=True).finished
        assert all(s.kind == "human" for s in replay.seats)
        assert assert_fair(replay, seats, ranks="89TJQKA") > 20
        for p in players:
            p.close()
        await server.stop()

    asyncio.run(go())


def test_a_move_out_of_turn_is_refused_and_chat_reaches_everyone(tmp_path: Path) -> None:
    async def go() -> None:
        server, table, players = await _open(tmp_path, "burraco", ["Ann", "Bob"])
        await players[0].say("start", "Hand 1")
        await quiet(server, table, players)
        seats = _by_seat(table, players)
        actor = table.session.to_act()
        idle = next(p for s, p in seats.items() if table.session.plays_for(actor) != s)
        before = position(table)
        await idle.say("draw", "not your turn")
        assert position(table) == before
        # the prompt names the person's own seat, and whose turn it is (not the other player's name alone)
        from cardcli.engine.words import seat_label

        mine = next(s for s, p in seats.items() if p is idle)
        want = f"{seat_label(table.session.seats[mine].name)} ({seat_label(table.session.seats[actor].name)} to play)> "
        await idle.until(lambda: want in plain(idle.text))
        await idle.say("say hello \x1b[2J there", "hello")  # the terminal's keys: the escape is no text
        await players[0].until(lambda: "] hello" in players[0].text and "there" in players[0].text)
        assert "\x1b[2J" not in "".join(c for c, _p in players[0].chunks)
        await idle.say("save /tmp/x.json", "not available")
        for p in players:
            p.close()
        await server.stop()

    asyncio.run(go())


def test_a_wrong_code_is_refused_and_guessing_is_stopped(tmp_path: Path) -> None:
    async def go() -> None:
        server, table, players = await _open(tmp_path, "rummy", ["Ann", "Eve"])
        eve = Player("Mallory")
        await eve.connect(server.port)
        for _i in range(5):
            await eve.say("join ZZZZZZ", "no table has that code")
        out = await eve.say(f"join {table.code}", "too many wrong codes")
        assert "You sit" not in out
        assert all(c.name != "Mallory" for c in table.clients)
        for p in [*players, eve]:
            p.close()
        await server.stop()

    asyncio.run(go())


def test_shell_commands_and_forwarding_are_refused(tmp_path: Path) -> None:
    async def go() -> None:
        server = await start_server(tmp_path)
        async with asyncssh.connect(
            "127.0.0.1", server.port, username="x", known_hosts=None, client_keys=None, agent_path=None
        ) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", 22)
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
            with pytest.raises(asyncssh.ChannelOpenError, match="Session request failed"):
                await asyncio.wait_for(conn.run("cat /etc/passwd", check=False), 60)
            with pytest.raises(asyncssh.ChannelOpenError, match="Session request failed"):
                async with conn.start_sftp_client():
                    pass
        await server.stop()

    asyncio.run(go())


def test_a_dropped_player_rejoins_and_goes_on(tmp_path: Path) -> None:
    async def go() -> None:
        server, table, players = await _open(tmp_path, "burraco", ["Ann", "Bob"], bot_timeout=3600)
        ann, bob = players
        await ann.say("start", "Hand 1")
        seats = _by_seat(table, players)
        bob_seat = next(s for s, p in seats.items() if p is bob)
        bob.close()
        await ann.until(lambda: "Bob lost the connection" in ann.text)
        assert table.session.seats[bob_seat].human  # kept for Bob, no bot yet
        back = Player("Bob")
        back.table = table
        await back.connect(server.port)
        await back.say(f"join {table.code}", "Your hand")
        await ann.until(lambda: "Bob is back" in ann.text)
        seats[bob_seat] = back
        typed = await play_out(server, table, seats)
        assert typed > 2 and table.closed
        assert Session.from_replay(read(table.record_path), legal=True).finished
        for p in (ann, back):
            p.close()
        await server.stop()

    asyncio.run(go())


def test_a_bot_takes_over_a_seat_left_too_long(tmp_path: Path) -> None:
    async def go() -> None:
        server, table, players = await _open(tmp_path, "rummy", ["Ann", "Bob"], bot_timeout=0.05)
        ann, bob = players
        await ann.say("start", "Hand 1")
        bob_seat = next(c.seat for c in table.clients if c.name == "Bob")
        bob.close()
        await ann.until(lambda: "A bot plays" in ann.text)
        assert not table.session.seats[bob_seat].human
        for p in players:
            p.close()
        await server.stop()

    asyncio.run(go())


def test_a_teachers_table(tmp_path: Path) -> None:
    """The teacher sees every hand (everyone is told), pauses, takes a move back for everyone and
    comments into the replay; the pupil still sees only their own seat."""

    async def go() -> None:
        server, table, players = await _open(tmp_path, "rummy", ["Ann", "Bob"], extra="--teach")
        ann, bob = players
        await bob.until(lambda: "This is a teacher's table: Ann" in bob.text)
        await ann.say("start", "Hand 1")
        await quiet(server, table, players)
        seats = _by_seat(table, players)
        bob_seat = next(s for s, p in seats.items() if p is bob)
        s = table.session
        bob_cards = set(s.state.hands[bob_seat]) - set(s.state.hands[1 - bob_seat])
        shown = set(_CARD.findall(ann.text))
        assert bob_cards and bob_cards <= shown  # the teacher sees Bob's hand
        await ann.say("pause", "paused the table")
        before = position(table)
        got = await bob.say("draw", "paused")
        assert "paused" in got and position(table) == before
        await ann.say("pause", "resumed")
        actor = s.to_act()
        mover = seats[s.plays_for(actor)]
        mover.send("draw stock")
        await mover.until(lambda: position(table) != before)
        await quiet(server, table, players)
        assert position(table)[1] > before[1]
        await ann.say("undo", "took back the last move")
        assert position(table) == before
        await quiet(server, table, players)
        del bob.chunks[:]  # what Bob saw of the move taken back is not in the final replay
        await bob.say("undo", "only the teacher")
        await ann.say("comment watch the discard pile", "Teacher's note")
        await bob.until(lambda: "watch the discard pile" in bob.text)
        await play_out(server, table, seats)
        replay = read(table.record_path)
        assert Session.from_replay(replay, legal=True).finished
        assert any(a.kind == "note" and "discard pile" in a.text for a in replay.annotations)
        assert any(a.kind == "undo" for a in replay.annotations)
        assert assert_fair(replay, {bob_seat: bob}) > 5  # the pupil's screen after the undo: their seat only
        for p in players:
            p.close()
        await server.stop()

    asyncio.run(go())


def test_long_lines_floods_and_idle_connections(tmp_path: Path) -> None:
    """Bounded by counts, not by the clock: the bucket refills so slowly (one line in a million
    seconds) that exactly its burst of lines is answered however loaded the machine is, and the
    idle limit is made short only once the test has typed everything it meant to."""

    async def go() -> None:
        burst, flood = 5, 40
        server = await start_server(tmp_path, lines_per_second=1e-6, burst=burst)
        p = Player("Ann")
        await p.connect(server.port)
        out = await p.say("x" * 600, "too long")
        assert "slow down" not in out  # a refused line takes nothing from the bucket
        start = len(p.text)
        p.chan.write("tables\r" * flood)
        await p.until(lambda: p.text[start:].count("slow down") == flood - burst)
        # every line was answered one way or the other by now, in order: the burst, then refusals
        assert p.text[start:].count("No table is open yet") == burst
        assert not p.closed
        server.idle_seconds = 0.2  # from the next line awaited on
        await p.say("tables", "slow down")
        await p.until(lambda: "Closing an idle connection" in p.text)
        await p.until(lambda: p.closed)
        await server.stop()

    asyncio.run(go())


@pytest.mark.parametrize("stop", ["SIGTERM", "SIGINT"])
def test_the_command_prints_how_to_join_and_stops_on_a_signal(tmp_path: Path, stop: str) -> None:
    """Ctrl-C (SIGINT) too: a person's screen must not take the server's Ctrl-C for its own."""
    import os
    import signal
    import subprocess
    import sys

    env = dict(os.environ, CARDCLI_HOME=str(tmp_path / "home"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardcli", "serve", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        join = proc.stdout.readline()
        fingerprint = proc.stdout.readline()
        assert re.search(r"ssh -p \d+ table@127\.0\.0\.1", join), join
        assert "SHA256:" in fingerprint
        assert (tmp_path / "home" / "serve" / "ssh_host_ed25519_key").is_file()
        port = int(re.search(r"ssh -p (\d+)", join).group(1))  # type: ignore[union-attr]

        async def people() -> None:
            """One person leaves mid-game, another is still at the table when the server stops."""
            ann, bob = Player("Ann"), Player("Bob")
            for p in (ann, bob):
                await p.connect(port)
            out = await ann.say("new rummy --hands 1", "join code")
            await bob.say("join " + re.search(r"join code is ([A-Z0-9]{6})", out).group(1), "You sit")  # type: ignore[union-attr]
            await ann.say("start", "Hand 1")
            bob.close()
            await ann.until(lambda: "Bob lost the connection" in ann.text)
            proc.send_signal(getattr(signal, stop))
            await ann.until(lambda: ann.closed)

        asyncio.run(people())
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Stopping" in out and "Traceback" not in err


def test_a_table_resumes_after_the_server_restarts(tmp_path: Path) -> None:
    async def go() -> None:
        server, table, players = await _open(tmp_path, "burraco", ["Ann", "Bob"])
        await players[0].say("start", "Hand 1")
        seats = _by_seat(table, players)
        await quiet(server, table, players)
        who, move = legal_move(table)  # type: ignore[misc]
        before = position(table)
        seats[who].send(move)
        await seats[who].until(lambda: position(table) != before)
        await quiet(server, table, players)
        at, code = position(table), table.code
        for p in players:
            p.close()
        await server.stop()
        again = await start_server(tmp_path)
        assert again.restored == 1
        table = again.lobby.tables[code]
        assert position(table) == at
        back = {seat: Player(p.name) for seat, p in seats.items()}
        for p in back.values():
            p.table = table
            await p.connect(again.port)
            await p.say(f"join {code}", "Your hand")
        await play_out(again, table, back)
        assert Session.from_replay(read(table.record_path), legal=True).finished
        for p in back.values():
            p.close()
        await again.stop()
        assert not list((tmp_path / "cardcli-home" / "tables").glob("*.table.json"))  # over: not reopened

    asyncio.run(go())
