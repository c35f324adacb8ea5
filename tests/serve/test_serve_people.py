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


def test_lang_at_the_lobby_commands_enters_the_table_in_that_language(tmp_path: Path) -> None:
    """`--lang it` after `new`, `join`, `sit` or `watch`: that person's language from then on, the
    table entered in it; a language cardcli does not speak is refused and the command not run."""

    async def go() -> None:
        server = await start_server(tmp_path)
        bob, ann, dee, wes, cid, eve = (Player(n) for n in ("Bob", "Ann", "Dee", "Wes", "Cid", "Eve"))
        for p in (bob, ann, dee, wes, cid, eve):
            await p.connect(server.port)
        code = code_in(await bob.say("new burraco --hands 1 --seed 5", "join code"))
        table = server.lobby.tables[code]
        out = await eve.say(f"join {code} --lang klingon", "not a language")
        assert "You sit" not in out and all(c.name != "Eve" for c in table.clients)
        out = await ann.say(f"join {code} --lang it", "Siedi a")
        assert "Da ora cardcli ti parla in italiano." in out
        await dee.say(f"sit East {code} --lang=it", "Siedi a Est al tavolo")
        await wes.say(f"watch --lang it {code}", "Stai guardando il tavolo")
        out = await cid.say("new rummy --hands 1 --lang it", "Il tavolo #2 è aperto")
        assert "Siedi a" in out
        await bob.until(lambda: "Ann sits" in bob.text and "Dee sits" in bob.text)  # Bob is told in English
        marks = {p.name: len(p.text) for p in (bob, ann, dee, wes)}
        await bob.say("start", "Hand 1: East deals.")
        for p in (ann, dee, wes):
            await p.until(lambda p=p: "Mano 1: distribuisce Est." in p.text[marks[p.name] :])  # type: ignore[misc]
            assert "Hand 1:" not in p.text[marks[p.name] :]
        assert "Mano 1" not in bob.text[marks["Bob"] :]
        await ann.say("lang", "La tua lingua: it.")  # and it stays hers at the table
        await ann.say("leave", "Tavoli aperti")
        for p in (bob, ann, dee, wes, cid, eve):
            p.close()
        await server.stop()

    asyncio.run(go())


def test_the_serve_man_page_tells_of_the_language_commands() -> None:
    """`man cardcli-serve`, in English and Italian, names `lang` and `--lang` at the lobby commands."""
    from cardcli.manpage import all_pages

    pages = all_pages()
    for rel in ("cardcli-serve.1", "it/cardcli-serve.1"):
        text = pages[rel]
        assert "\\(galang it\\(ga" in text and "\\(ga\\-\\-lang it\\(ga" in text, rel
        assert "\\(gajoin\\(ga" in text and "\\(gawatch\\(ga" in text, rel
