"""The lobby: the server's tables, their join codes, and what one connection types.

A connection is in the lobby until it sits at (or watches) a table; from then on its lines
go to the table: a few table commands (`say`, `leave`, `start`, and the teacher's `pause`,
`undo`, `comment`), everything else to the seat's REPL controller. Wrong join codes are
counted per address: after :data:`CODE_TRIES` in :data:`CODE_WINDOW` seconds that address is
refused until the window has passed, so codes cannot be guessed.
"""

from __future__ import annotations

import re
import secrets
import shlex
import threading
import time
from collections.abc import Callable
from typing import cast

from cardcli.engine.text import safe
from cardcli.i18n import LANGUAGES, N_, _, language, normalize, speaking
from cardcli.serve.seat import Client, SeatController, batched
from cardcli.serve.table import SAY_LIMIT, SharedTable
from cardcli.ui.console import Console

CODE_TRIES = 5
"""Wrong join codes allowed per address within :data:`CODE_WINDOW` seconds."""
CODE_WINDOW = 60.0
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join code letters: no 0/O or 1/I/L to misread when a code is said aloud."""
NAME_LIMIT = 20


def new_code() -> str:
    """A join code: six letters from :data:`CODE_ALPHABET` (about 10⁹ codes)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _i in range(6))


def clean_name(text: str) -> str | None:
    """A player's name as typed, made safe and short; None when nothing usable is left."""
    name = " ".join(safe(text).split())[:NAME_LIMIT]
    return name or None


class Lobby:
    """Every table of the server, by join code (thread-safe)."""

    def __init__(self, bot_timeout: float = 120.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.tables: dict[str, SharedTable] = {}
        self.bot_timeout = bot_timeout
        self.clock = clock
        self._failures: dict[str, list[float]] = {}
        self._lock = threading.Lock()
        self._count = 0
        self.on_table: Callable[[SharedTable], None] | None = None
        """Called when a table is made (the server hooks its screen refresh there)."""

    def restore(self) -> int:
        """Open again the tables that were being played when the server stopped; how many."""
        import json

        from cardcli.paths import data_dir

        n = 0
        for path in sorted((data_dir() / "tables").glob("*.table.json")):
            try:
                card = json.loads(path.read_text())
            except (OSError, ValueError):
                continue
            table = SharedTable.restore(card, self.bot_timeout) if isinstance(card, dict) else None
            if table is None:
                continue
            with self._lock:
                self.tables[table.code] = table
                self._count = max(self._count, table.number)
            if self.on_table is not None:
                self.on_table(table)
            table.await_players()
            n += 1
        return n

    def open_tables(self) -> list[SharedTable]:
        with self._lock:
            return [t for t in self.tables.values() if not t.closed]

    def create(self, game: object, preset: str | None, creator: str, **kw: object) -> SharedTable:
        with self._lock:
            self._count += 1
            code = new_code()
            while code in self.tables:
                code = new_code()
            table = SharedTable(self._count, code, game, preset, creator, bot_timeout=self.bot_timeout, **kw)  # type: ignore[arg-type]
            self.tables[code] = table
        if self.on_table is not None:
            self.on_table(table)
        return table

    def find(self, code: str, address: str) -> SharedTable | str:
        """The table a code opens, or why not (a wrong code, or too many of them from ``address``)."""
        now = self.clock()
        with self._lock:
            recent = [t for t in self._failures.get(address, []) if now - t < CODE_WINDOW]
            self._failures[address] = recent
            if len(recent) >= CODE_TRIES:
                return _("too many wrong codes from your address; wait a minute and try again")
            table = self.tables.get(code.strip().upper())
            if table is None:
                recent.append(now)
                return _("no table has that code")
            if table.closed and table.session is None:
                return _("that table was closed: everyone left before it started")
            return table


_LANG_OPTION = re.compile(r"(?:^|\s)--lang(?:[=\s]+(\S+)|\s*$)")
"""``--lang it`` in a lobby command; group 1 is empty when the language is missing."""

HELP_LOBBY = (
    ("tables", N_("list the open tables")),
    ("new GAME [--preset P] [--hands N] [--seed S] [--teach]", N_("open a table (you get its join code)")),
    ("join CODE", N_("sit at the first free seat")),
    ("sit SEAT CODE", N_("sit at that seat (a number or a name: 1, South, S)")),
    ("watch CODE", N_("watch a table")),
    ("lang it · lang en", N_("your language (each person at a table has their own)")),
    ("new/join/sit/watch … --lang it", N_("enter the table speaking that language")),
    ("quit", N_("leave the server")),
)
HELP_TABLE = (
    ("say TEXT", N_("chat with the table")),
    ("start", N_("start the game (whoever opened the table)")),
    ("leave", N_("back to the lobby (your seat is kept)")),
    ("pause · undo · comment TEXT", N_("the teacher's commands, at a teacher's table")),
)


def _help(console: Console, lines: tuple[tuple[str, str], ...]) -> None:
    for usage, text in lines:
        console.say(f"  {usage:<28} {_(text)}")


class Connection:
    """What one person has typed so far: their name, and the table they are at."""

    def __init__(self, lobby: Lobby, name: str, address: str, console: Console, lang: str | None = None) -> None:
        self.lobby = lobby
        self.name = name
        self.lang = lang
        """The person's language (``None``: the server's); everything for them is said in it."""
        self.address = address
        self.console = console
        self.client: Client | None = None
        self.table: SharedTable | None = None

    def greet(self) -> None:
        self.console.say(_("Welcome, {name}. Type `help` for the commands.").format(name=self.name), "title")
        self.show_tables()

    def show_tables(self) -> None:
        tables = self.lobby.open_tables()
        if not tables:
            self.console.say(_("No table is open yet: `new GAME` opens one (games: bridge, burraco, canasta, rummy, eleusis)."))
            return
        self.console.say(_("Open tables:"), "title")
        for t in tables:
            self.console.say("  " + t.summary())

    def prompt(self) -> str:
        """The prompt: the lobby's, the table's, or the seat's (as the table made it at its last change)."""
        with speaking(self.lang):
            return self._prompt()

    def _prompt(self) -> str:
        table, client = self.table, self.client
        if table is None or client is None:
            return "lobby> "
        if table.session is None or client.controller is None:
            return f"#{table.number}> "
        return client.prompt_now or "> "

    def handle(self, line: str) -> bool:
        """One line typed, answered in the person's language; False ends the connection. Every
        screen it changes is drawn once, when it is done."""
        with speaking(self.lang), batched():
            return self._handle(line)

    def _handle(self, line: str) -> bool:
        text = line.strip()
        if not text:
            return True
        word, _sep, rest = text.partition(" ")
        word = word.lower().lstrip(":")
        rest = rest.strip()
        if word in ("quit", "exit", "bye", "esci"):
            self.leave()
            return False
        try:
            if word in ("lang", "lingua", "language"):
                self._set_lang(rest)
                return True
            if self.table is not None:
                return self._at_table(word, rest, text)
            return self._in_lobby(word, rest)
        except Exception as err:  # a bug never takes a player's connection (or the table) down with it
            self.console.error(_("internal error, nothing was done: {why} (please report it)").format(why=safe(repr(err))[:200]))
            return True

    def _set_lang(self, rest: str) -> bool:
        """`lang it`: this person's language from now on (the others at the table keep theirs);
        False when ``rest`` names no language cardcli speaks (the person is told)."""
        if not rest:
            self.console.say(_("Your language: {lang}. `lang it` or `lang en` changes it.").format(lang=language()))
            return True
        code = normalize(rest)
        if code is None:
            self.console.error(
                _("{lang!r} is not a language cardcli speaks (languages: {all})").format(
                    lang=safe(rest)[:20], all=", ".join(LANGUAGES)
                )
            )
            return False
        self.lang = code
        if self.client is not None:
            self.client.lang = code
        with speaking(code):
            self.console.say(_("From now on cardcli speaks to you in English."), "ok")
        return True

    def _lang_option(self, rest: str) -> str | None:
        """``--lang L`` (or ``--lang=L``) among a lobby command's words: the person's language is
        set first, as `lang L` does, and the words without it are returned; None when it names no
        language (the person is told, and the command is not run)."""
        m = _LANG_OPTION.search(rest)
        if m is None:
            return rest
        if not m.group(1):
            self.console.error(_("write `{usage}`").format(usage="--lang it"))
            return None
        if not self._set_lang(m.group(1)):
            return None
        return (rest[: m.start()] + " " + rest[m.end() :]).strip()

    # -- the lobby -----------------------------------------------------------------------------
    def _in_lobby(self, word: str, rest: str) -> bool:
        if word in ("new", "join", "sit", "watch"):  # `--lang it`: the table is entered in that language
            got = self._lang_option(rest)
            if got is None:
                return True
            rest = got
            with speaking(self.lang):
                return self._lobby_command(word, rest)
        return self._lobby_command(word, rest)

    def _lobby_command(self, word: str, rest: str) -> bool:
        if word in ("help", "?"):
            _help(self.console, HELP_LOBBY)
        elif word in ("tables", "list", "ls"):
            self.show_tables()
        elif word == "new":
            self._new(rest)
        elif word in ("join", "sit", "watch"):
            args = rest.split()
            if word == "sit" and len(args) == 2:
                self._join(args[1], args[0])
            elif word != "sit" and len(args) == 1:
                self._join(args[0], None, watch=word == "watch")
            else:
                self.console.error(_("write `{usage}`").format(usage="sit SEAT CODE" if word == "sit" else f"{word} CODE"))
        else:
            self.console.error(_("{word!r} is not a lobby command; `help` lists them").format(word=safe(word)[:20]))
        return True

    def _new(self, rest: str) -> None:
        from cardcli.engine.registry import UnknownGame, canonical_name, load

        try:
            args = shlex.split(rest)
        except ValueError:
            args = rest.split()
        if not args:
            self.console.error(_("write `new GAME`, e.g. `new burraco`"))
            return
        opts: dict[str, str] = {}
        teach = False
        i = 1
        while i < len(args):
            a = args[i]
            if a == "--teach":
                teach = True
                i += 1
            elif a in ("--preset", "--hands", "--seed", "--seat") and i + 1 < len(args):
                opts[a[2:]] = args[i + 1]
                i += 2
            else:
                self.console.error(
                    _("{arg!r}: `new` takes --preset P, --hands N, --seed S, --seat SEAT, --teach").format(arg=safe(a)[:30])
                )
                return
        try:
            game = load(canonical_name(args[0]))
        except UnknownGame as err:
            self.console.error(safe(str(err)))
            return
        preset = opts.get("preset")
        if preset is not None and preset not in game.presets:
            self.console.error(
                _("{game} has no preset {preset!r} (presets: {all})").format(
                    game=game.name, preset=safe(preset)[:30], all=", ".join(game.presets)
                )
            )
            return
        hands = opts.get("hands")
        if hands is not None and (not hands.isdigit() or not 1 <= int(hands) <= 50):
            self.console.error(_("--hands takes a number from 1 to 50"))
            return
        table = self.lobby.create(
            game, preset, self.name, teach=teach, hands=int(hands) if hands else None, seed=opts.get("seed")
        )
        self.console.say(
            _("Table #{n} is open. Its join code is {code}: give it to the people you play with.").format(
                n=table.number, code=table.code
            ),
            "ok",
        )
        self._join(table.code, opts.get("seat"))

    def _join(self, code: str, seat_text: str | None, watch: bool = False) -> None:
        found = self.lobby.find(code, self.address)
        if isinstance(found, str):
            self.console.error(found)
            return
        table = found
        if watch:
            self.client = table.watch(self.name, self.console)
            self.table = table
            self.console.say(_("You are watching table #{n}. `leave` goes back to the lobby.").format(n=table.number), "ok")
            return
        seat: int | None = None
        if seat_text is not None:
            seat = _seat(seat_text, table.seat_names)
            if seat is None:
                self.console.error(
                    _("there is no seat {seat!r} (seats: {all})").format(
                        seat=safe(seat_text)[:20], all=", ".join(table.seat_names)
                    )
                )
                return
        got = table.sit(self.name, seat, self.console)
        if isinstance(got, str):
            self.console.error(got)
            return
        self.client, self.table = got, table
        from cardcli.engine.words import seat_label

        self.console.say(
            _("You sit {seat} at table #{n} ({game}). Empty seats are played by bots.").format(
                seat=seat_label(table.seat_names[cast(int, got.seat)]), n=table.number, game=table.game.name
            ),
            "ok",
        )
        if table.session is None:
            self.console.say(
                _("Type `start` when everyone is seated.")
                if table.creator == self.name
                else _("The game starts when {name} types `start`.").format(name=table.creator),
                "hint",
            )

    # -- at a table ----------------------------------------------------------------------------
    def _at_table(self, word: str, rest: str, text: str) -> bool:
        table = cast(SharedTable, self.table)
        client = cast(Client, self.client)
        teacher = client.teacher
        if word in ("say", "chat"):
            if rest:
                with table.lock:
                    table.broadcast(f"[{self.name}] {safe(rest)[:SAY_LIMIT]}", "hint")
            return True
        if word in ("leave", "lobby"):
            self.leave()
            self.show_tables()
            return True
        if word in ("help", "?", "aiuto"):
            _help(self.console, HELP_TABLE)
            if table.session is None:
                return True
        if word == "start":
            if table.creator != self.name:
                self.console.error(_("only {name}, who opened the table, can start it").format(name=table.creator))
            else:
                problem = table.start()
                if problem:
                    self.console.error(problem)
            return True
        if teacher and word == "pause":
            table.toggle_pause()
            return True
        if teacher and word in ("undo", "takeback", "annulla"):
            problem = table.take_back()
            if problem:
                self.console.error(problem)
            return True
        if teacher and word == "comment":
            table.comment(rest)
            return True
        if table.session is None:
            if word not in ("help", "?", "aiuto"):
                self.console.error(_("the game has not started yet"))
            return True
        with table.lock:
            if table.paused and word not in ("help", "?", "rules", "score", "table", "look"):
                self.console.error(_("the teacher has paused the table"))
                return True
            ctl = cast(SeatController, client.controller)
            ctl.handle(text)
            table._changed()
        return True

    def leave(self) -> None:
        """Back to the lobby: a seat at a game under way is kept (the table treats it as dropped)."""
        with batched():
            self._leave()

    def _leave(self) -> None:
        if self.table is not None and self.client is not None:
            self.table.drop(self.client)
        self.table = None
        self.client = None


def _seat(text: str, names: list[str]) -> int | None:
    import click

    from cardcli.commands.common import parse_seat

    try:
        return parse_seat(text, names)
    except click.BadParameter:
        return None
