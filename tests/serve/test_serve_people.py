"""`cardcli serve` and the people at a table: each in their own language, people who do not come
back to a reopened table, and a creator who leaves before the start."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.serve.harness import Player, code_in, legal_move, open_table, position, quiet, start_server


def test_each_person_reads_the_same_events_in_their_own_language(tmp_path: Path) -> None:
    async def go() -> None:
        server = await start_server(tmp_path)
        bob, ann = Player("Bob"), Player("Ann")
        for p in (bob, ann):
            await p.connect(server.port)
        await ann.say("lang it", "in italiano")
        out = await bob.say("new burraco --hands 1 --seed 5", "join code")
        code = code_in(out)
        table = server.lobby.tables[code]
        await ann.say(f"join {code}", "Siedi a")
        await bob.until(lambda: "Ann sits" in bob.text)  # Bob is told in English

        bob_mark, ann_mark = len(bob.text), len(ann.text)
        await bob.say("start", "Hand 1: East deals.")
        await ann.until(lambda: "Mano 1: distribuisce Est." in ann.text[ann_mark:])
        assert "Hand 1:" not in ann.text[ann_mark:] and "Mano 1" not in bob.text[bob_mark:]

        await quiet(server, table, [bob, ann])
        assert next(c.seat for c in table.clients if c.name == "Bob") == table.session.to_act()
        bob_mark, ann_mark = len(bob.text), len(ann.text)
        bob.send("draw")
        await ann.until(lambda: "Sud pesca dal tallone" in ann.text[ann_mark:])
        await bob.until(lambda: "South draws" in bob.text[bob_mark:])
        await quiet(server, table, [bob, ann])
        assert "pesca" not in bob.text[bob_mark:] and "draws" not in ann.text[ann_mark:]

        await ann.say("lang en", "in English")  # and back: from now on Ann reads English
        assert "A bot plays" not in ann.text
        await ann.say("lang klingon", "not a language")
        for p in (bob, ann):
            p.close()
        await server.stop()

    asyncio.run(go())


def test_bots_play_the_seats_of_people_who_do_not_come_back_to_a_reopened_table(tmp_path: Path) -> None:
    async def go() -> None:
        server = await start_server(tmp_path, bot_timeout=3600)
        players = [Player("Ann"), Player("Bob")]
        for p in players:
            await p.connect(server.port)
        table = await open_table(server, players, "new burraco --hands 1 --seed 11")
        await players[0].say("start", "Hand 1")
        await quiet(server, table, players)
        seats = {c.name: c.seat for c in table.clients}
        code = table.code
        for p in players:
            p.close()
        await server.stop()

        again = await start_server(tmp_path, bot_timeout=0.2)
        table = again.lobby.tables[code]
        assert table.session is not None and all(table.session.seats[s].human for s in seats.values())
        ann = Player("Ann")
        ann.table = table
        await ann.connect(again.port)
        await ann.say(f"join {code}", "Your hand")
        await ann.until(lambda: not table.session.seats[seats["Bob"]].human)  # Bob stayed away: a bot
        await quiet(again, table, [ann])
        assert table.session.seats[seats["Ann"]].human  # Ann came back: her seat is hers
        got = legal_move(table)  # the bot has played Bob's turns: the game waits for Ann, or is over
        assert table.closed or (got is not None and got[0] == seats["Ann"])
        assert position(table) != (0, 0)
        ann.close()
        await again.stop()

    asyncio.run(go())


def test_the_creator_leaving_before_the_start_passes_the_table_on(tmp_path: Path) -> None:
    async def go() -> None:
        server = await start_server(tmp_path)
        ann, bob, cid = Player("Ann"), Player("Bob"), Player("Cid")
        for p in (ann, bob, cid):
            await p.connect(server.port)
        table = await open_table(server, [ann, bob, cid], "new burraco --hands 1 --seed 3")
        await ann.say("leave", "Open tables")
        await bob.until(lambda: "Ann left; Bob now starts the table" in bob.text)
        out = await cid.say("start", "only Bob")  # still only one person starts it
        assert "Hand 1" not in out
        await bob.say("start", "Hand 1")
        assert table.session is not None and table.creator == "Bob"

        # a table whose every person leaves before the start closes
        other = await open_table(server, [ann], "new rummy --hands 1")
        await ann.say("leave", "Open tables")
        assert other.closed and other not in server.lobby.open_tables()
        await ann.say(f"join {other.code}", "everyone left")
        for p in (ann, bob, cid):
            p.close()
        await server.stop()

    asyncio.run(go())
