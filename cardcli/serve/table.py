"""One shared table: the authoritative session, its seats and the people looking at it.

The server keeps one :class:`~cardcli.session.Session` per table; connections send typed lines
only. Each person gets the REPL controller of `cardcli play` (the same commands, hints, `why`,
completion and toolbar), but through a :class:`SeatSession` that answers "is this seat mine?"
for that person alone: the fair table is the protocol, so a controller only ever computes from
its seat's view, and a move is accepted only on that seat's turn.

Everything here is synchronous and runs under the table's lock (the server calls it from a
worker thread), so one slow bot or one slow client never corrupts a table; output goes into
each client's :class:`Outbox`, which the server drains to the connection.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from cardcli.engine.text import safe
from cardcli.engine.words import seat_label
from cardcli.i18n import _, language
from cardcli.replay.model import Annotation
from cardcli.serve.seat import Client, SeatController, SeatSession, send_now
from cardcli.session import Event, Session
from cardcli.ui.console import Console

SAY_LIMIT = 200
"""Longest chat line or teacher's comment kept (longer ones are cut)."""


class SharedTable:
    """A table: its join code, seats, people, and (once started) the one session."""

    def __init__(
        self,
        number: int,
        code: str,
        game: Any,
        preset: str | None,
        creator: str,
        *,
        teach: bool = False,
        hands: int | None = None,
        seed: str | None = None,
        bot_timeout: float = 120.0,
    ) -> None:
        self.number = number
        self.code = code
        self.game = game
        self.preset = preset or game.default_preset
        self.creator = creator
        self.teach = teach
        self.hands = hands
        self.seed = seed
        self.bot_timeout = bot_timeout
        self.names: list[str | None] = [None] * game.default_players
        self.clients: list[Client] = []
        self.session: Session | None = None
        self.paused = False
        self.closed = False
        self.lock = threading.RLock()
        self.autosave: Any = None
        self.record_path: Path | None = None
        self.share_code: str | None = None
        self._steps: list[Any] = []
        self._last_actor: int | None = None
        """Who was to act at the last refresh: "X to play" is said when that changes."""
        self.on_change: Callable[[SharedTable], None] | None = None
        """Called after every change (the server sends every screen then)."""
        self.schedule: Callable[[float, Callable[[], None]], None] | None = None
        """Runs a function later (the server's timer): a bot takes over a dropped seat."""

    # -- seats ---------------------------------------------------------------------------------
    @property
    def seat_names(self) -> list[str]:
        return list(self.game.seat_names(len(self.names)))

    def summary(self) -> str:
        """One lobby line: number, game, preset, seats taken and by whom (never the code)."""
        taken = [f"{seat_label(self.seat_names[i])}: {n}" for i, n in enumerate(self.names) if n]
        if self.closed:
            state = _("over")
        elif self.session is not None:
            state = _("playing")
        else:
            state = _("waiting")
        teach = _(" · teacher's table") if self.teach else ""
        return _("#{n} {game} ({preset}) · {taken}/{seats} seats · {who} · {state}{teach}").format(
            n=self.number,
            game=self.game.name,
            preset=self.preset,
            taken=sum(1 for n in self.names if n),
            seats=len(self.names),
            who=", ".join(taken) or _("nobody yet"),
            state=state,
            teach=teach,
        )

    def free_seat(self) -> int | None:
        default = self.game.default_seat
        order = [default] + [i for i in range(len(self.names)) if i != default]
        return next((i for i in order if self.names[i] is None), None)

    def sit(self, name: str, seat: int | None, console: Console) -> Client | str:
        """Seat ``name`` (``None``: the first free seat), or give them their seat back; a client or
        why not, in one line."""
        with self.lock:
            if self.closed:
                return _("that table's game is over")
            mine = [i for i, n in enumerate(self.names) if n == name]
            if mine and (seat is None or seat == mine[0]):
                old = self._client_at(mine[0])
                if old is not None and old.connected:
                    return _("{name} is already sitting at this table").format(name=name)
                return self._rejoin(name, mine[0], console)
            if seat is None:
                seat = self.free_seat()
                if seat is None:
                    return _("every seat is taken; `watch CODE` to watch")
            if self.names[seat] is not None:
                return _("{seat} is taken").format(seat=seat_label(self.seat_names[seat]))
            if self.session is not None:
                return _("the game has started: only its players can sit down again; `watch CODE` to watch")
            self.names[seat] = name
            client = self._attach(name, seat, console)
            seat_name = self.seat_names[seat]
            self.broadcast(lambda: _("{name} sits {seat}.").format(name=name, seat=seat_label(seat_name)), skip=client)
            return client

    def watch(self, name: str, console: Console) -> Client:
        with self.lock:
            client = self._attach(name, None, console)
            self.broadcast(lambda: _("{name} is watching.").format(name=name), skip=client)
            if self.session is not None:
                cast(SeatController, client.controller).show_table()
            return client

    def _attach(self, name: str, seat: int | None, console: Console) -> Client:
        client = Client(name, console, seat, teacher=self.teach and name == self.creator, lang=language())
        client.view = SeatSession(self, seat, client.teacher)
        client.controller = SeatController(client.view, console)
        self.clients.append(client)
        if self.teach:
            client.say(_("This is a teacher's table: {name}, the teacher, sees every hand.").format(name=self.creator), "warn")
        return client

    def _client_at(self, seat: int) -> Client | None:
        return next((c for c in self.clients if c.seat == seat), None)

    def _rejoin(self, name: str, seat: int, console: Console) -> Client:
        old = self._client_at(seat)
        if old is not None:
            self.clients.remove(old)
        client = self._attach(name, seat, console)
        if self.session is not None:
            spec = self.session.seats[seat]
            if not spec.human:  # a bot played it meanwhile: the person takes it back
                spec.human = True
            self.broadcast(lambda: _("{name} is back.").format(name=name), skip=client)
            cast(SeatController, client.controller).show_table()
            if self.session.bot_to_act():
                self.settle()
            self._changed()
        return client

    def drop(self, client: Client) -> None:
        """A connection went away: the seat is kept for its player (a bot takes over later)."""
        with self.lock:
            client.connected = False
            if client.seat is None or self.session is None or self.closed:
                if client in self.clients and (client.seat is None or self.session is None):
                    self.clients.remove(client)
                    if client.seat is not None and self.session is None:
                        self.names[client.seat] = None
                        if client.name == self.creator:
                            self._pass_creator(client.name)
                return
            self.broadcast(lambda: _("{name} lost the connection; the seat is kept.").format(name=client.name))
            if self.schedule is not None:
                self.schedule(self.bot_timeout, lambda: self.bot_takes_over(client))

    def _pass_creator(self, old: str) -> None:
        """The creator left before the start: the next person seated may start the table (at a
        teacher's table they become its teacher, and everyone is told); nobody left closes it."""
        heir = next((c for c in self.clients if c.seat is not None and c.connected), None)
        if heir is None:
            self.closed = True
            return
        self.creator = heir.name
        if self.teach:
            heir.teacher = True
            if heir.view is not None:
                heir.view.teacher = True
            self.broadcast(
                lambda: _("{old} left; {new} is now the teacher (and sees every hand), and starts the table.").format(
                    old=old, new=heir.name
                ),
                "warn",
            )
        else:
            self.broadcast(lambda: _("{old} left; {new} now starts the table (`start`).").format(old=old, new=heir.name), "hint")

    def bot_takes_over(self, client: Client) -> None:
        """The dropped player did not come back in time: a bot plays the seat until they do."""
        with self.lock:
            if client.connected or client not in self.clients or self.session is None or self.closed:
                return
            self._bot_plays(cast(int, client.seat), client.name)
            self.settle()

    def await_players(self) -> None:
        """A table opened again after a restart: its people have the table's timeout to come back,
        as after a dropped connection; then bots play the seats of those who have not."""
        if self.schedule is not None:
            self.schedule(self.bot_timeout, self._bots_for_absent)

    def _bots_for_absent(self) -> None:
        with self.lock:
            s = self.session
            if s is None or self.closed:
                return
            absent = []
            for seat, name in enumerate(self.names):
                here = self._client_at(seat)
                if name is not None and s.seats[seat].human and (here is None or not here.connected):
                    absent.append((seat, name))
            for seat, name in absent:
                self._bot_plays(seat, name)
            if absent:
                self.settle()

    def _bot_plays(self, seat: int, name: str) -> None:
        s = cast(Session, self.session)
        s.seats[seat].human = False
        s._bot_ids.setdefault(seat, s.seats[seat].bot or s.game.default_bot)
        seat_name = s.seats[seat].name
        self.broadcast(lambda: _("A bot plays {seat} until {name} is back.").format(seat=seat_label(seat_name), name=name))

    # -- output --------------------------------------------------------------------------------
    def broadcast(self, text: str | Callable[[], str], style: str = "", skip: Client | None = None) -> None:
        """Tell everyone (but ``skip``) a line; a function makes it on each person's side, in their
        language (a text is sent as it is: chat)."""
        for c in self._present():
            if c is not skip:
                with c.speaking():
                    c.say(text() if callable(text) else text, style)
        self._changed()

    def _present(self) -> list[Client]:
        return [c for c in self.clients if c.connected]

    def _changed(self) -> None:
        self._refresh()
        if self.on_change is not None:
            self.on_change(self)

    def _refresh(self) -> None:
        """Make every screen's prompt and toolbar text now, under the table's lock (drawing a screen
        never waits for the table, nor shows a state half made); a screen whose prompt or toolbar
        changed is drawn again (text written to it is drawn anyway)."""
        if self.session is None:
            return
        for c in self._present():
            ctl = cast(SeatController, c.controller)
            with c.speaking():
                now = (ctl.prompt_text(), ctl.toolbar_text())
            if now == (c.prompt_now, c.toolbar_now):
                continue
            c.prompt_now, c.toolbar_now = now
            poke = getattr(c.console.out, "poke", None)
            if poke is not None:
                poke()

    def _on_session_change(self, kind: str, data: Any) -> None:
        if kind == "move":
            self._steps.append(data)

    def _tell(self, ev: Event) -> None:
        """Tell every person an event, each from their own seat (a move narrated for that seat);
        when a bot is to move next, the screens are drawn before it thinks."""
        self._tell_each(ev)
        if cast(Session, self.session).bot_to_act():
            send_now()

    def _tell_each(self, ev: Event) -> None:
        s = cast(Session, self.session)
        if ev.kind == "move":
            step = self._steps.pop(0) if self._steps else None
            bot = not s.seats[ev.seat].human if ev.seat is not None else False
            for c in self._present():
                with c.speaking():
                    ctl = cast(SeatController, c.controller)
                    text = s.game.narrate(step.outcome, c.seat) if step is not None else ev.text
                    ctl.tell_cards("  " + text, "dim" if bot else "")
            return
        for c in self._present():
            with c.speaking():
                ctl = cast(SeatController, c.controller)
                if ev.kind == "deal":
                    c.say(_deal_line(s), "title")
                elif ev.kind == "hand-over":
                    c.say(_("The hand is over."), "title")
                    ctl.tell_cards(_result_lines(s) or ev.text)
                elif ev.kind == "match-over":
                    c.say(s.describe_match_result(), "title")

    # -- play ----------------------------------------------------------------------------------
    def start(self) -> str | None:
        """Start the game (bots in the empty seats); why not, in one line."""
        with self.lock:
            if self.session is not None:
                return _("the game has already started")
            from cardcli.paths import data_dir
            from cardcli.saves import AutoSave, new_save_path

            humans = [i for i, n in enumerate(self.names) if n]
            session = Session.new(self.game.name, seed=self.seed, preset=self.preset, human_seats=humans, hands_limit=self.hands)
            session.declare = "auto"
            session.title = _("Table #{n} on the server: {names}").format(
                n=self.number, names=", ".join(n for n in self.names if n)
            )
            self.session = session
            session.listeners.append(self._on_session_change)
            folder = data_dir() / "tables"
            try:
                folder.mkdir(parents=True, exist_ok=True)
                self.record_path = folder / f"table-{self.number}-{session.seed}.cardcli.json"
            except OSError:
                self.record_path = None
            try:
                self.autosave = AutoSave(session, new_save_path(session.game.name), self.record_path)
            except OSError:
                self.autosave = None
            self._persist()
            for c in self._present():
                with c.speaking():
                    cast(SeatController, c.controller).start()
            self.settle(deal_table=True)
            return None

    def _card_path(self) -> Path:
        from cardcli.paths import data_dir

        return data_dir() / "tables" / f"{self.code}.table.json"

    def _persist(self) -> None:
        """Write the table's card beside its save, so a restarted server opens it again."""
        import json

        if self.autosave is None:
            return
        card = {
            "number": self.number,
            "code": self.code,
            "game": self.game.name,
            "creator": self.creator,
            "teach": self.teach,
            "names": self.names,
            "save": str(self.autosave.path),
            "record": str(self.record_path) if self.record_path else None,
        }
        try:
            self._card_path().write_text(json.dumps(card))
        except OSError:
            pass

    @classmethod
    def restore(cls, card: dict[str, Any], bot_timeout: float) -> SharedTable | None:
        """A table the server was running when it stopped, from its card and its save; None when
        the save is gone, damaged or finished (the card is then dropped)."""
        from cardcli.replay.io import ReplayError
        from cardcli.savelock import SaveBusy
        from cardcli.saves import AutoSave, load_save

        try:
            save = Path(card["save"])
            session, _record = load_save(save)
            if session.finished:
                return None
            table = cls(
                int(card["number"]),
                str(card["code"]),
                session.game,
                session.preset,
                str(card["creator"]),
                teach=bool(card.get("teach")),
                hands=session.hands_limit,
                seed=session.seed,
                bot_timeout=bot_timeout,
            )
            names = [str(n) if n else None for n in card["names"]]
            if len(names) != session.players:
                return None
            table.names = names
            session.declare = "auto"
            table.session = session
            session.listeners.append(table._on_session_change)
            table.record_path = Path(card["record"]) if card.get("record") else None
            table.autosave = AutoSave(session, save, table.record_path)
        except (OSError, KeyError, TypeError, ValueError, ReplayError, SaveBusy):
            return None
        return table

    def play(self, move: Any) -> None:
        """Make a resolved move of the person to act (the controller checked it is theirs)."""
        s = cast(Session, self.session)
        for ev in s.play(move, observer=None):
            self._tell(ev)
        self.settle()

    def settle(self, deal_table: bool = False) -> None:
        """Bots move (and hands are dealt) until a person must act; then every screen is refreshed."""
        s = cast(Session, self.session)
        hands_before = len(s.hands)
        while not self.paused:
            s.run_bots(observer=None, on_event=self._tell)
            if s.finished:
                self._finish()
                return
            actor = s.to_act()
            forced = s.game.forced_move(s.state, s.legal_moves()) if actor is not None and s.is_human(actor) else None
            if forced is None:
                break
            who = s.plays_for(actor) if actor is not None else None
            for c in self._present():
                if c.seat == who:
                    with c.speaking():
                        c.say(_("(your only legal move, played for you)"), "dim")
            for ev in s.play(forced, observer=None):
                self._tell(ev)
        new_hand = deal_table or len(s.hands) != hands_before
        actor = s.to_act()
        for c in self._present():
            view = cast(SeatSession, c.view)
            ctl = cast(SeatController, c.controller)
            with c.speaking():
                if new_hand or (actor is not None and view.is_human(actor)):
                    ctl.show_table()
                    ctl._seen[ctl.seat] = view.view(ctl.seat)
                elif actor is not None and actor != self._last_actor:
                    c.say(_("{seat} to play.").format(seat=seat_label(s.seats[actor].name)), "dim")
        self._last_actor = actor
        self._changed()

    def _finish(self) -> None:
        s = cast(Session, self.session)
        self.closed = True
        from cardcli.replay.share import encode
        from cardcli.saves import record_in_history

        if self.record_path is not None:
            try:
                s.save(self.record_path)
            except OSError:
                self.record_path = None
        save = self.autosave.path if self.autosave is not None else None
        if self.autosave is not None:
            self.autosave.discard()
        try:
            self._card_path().unlink()
        except OSError:
            pass
        problem = record_in_history(s, self.record_path, save)
        self.share_code = encode(s.to_replay())
        for c in self._present():
            with c.speaking():
                cast(SeatController, c.controller).finish()
                c.say(_("The game is over. Its share code (`cardcli replay view CODE`):"), "title")
                c.say(self.share_code)
                if problem:
                    c.say(_("the game is not in the server's history: {why}").format(why=problem), "error")
        self._changed()

    def close(self) -> None:
        """The server stops: the journal is closed (the game stays saved on the server)."""
        with self.lock:
            if self.autosave is not None and not self.closed:
                self.autosave.close()
                self.autosave = None

    # -- teacher's commands --------------------------------------------------------------------
    def toggle_pause(self) -> None:
        with self.lock:
            self.paused = not self.paused
            paused = self.paused
            self.broadcast(lambda: _("The teacher paused the table.") if paused else _("The teacher resumed the table."), "warn")
            if not self.paused and self.session is not None:
                self.settle()

    def take_back(self) -> str | None:
        """Take back moves up to and including the last one a person made, for everyone."""
        with self.lock:
            s = self.session
            if s is None or self.closed:
                return _("nothing to take back")
            if not s.game.undo_allowed:
                return _("undo is not available in {game}").format(game=s.game.name)
            moves = s.hands[-1].moves if s.hands else []
            keep = len(moves)
            while keep > 0:
                keep -= 1
                if s.seats[moves[keep].seat].human or s.plays_for(moves[keep].seat) is not None:
                    break
            else:
                return _("no move of a person to take back in this hand")
            n = len(moves) - keep
            s.table.rewind(keep)
            s.undos += 1
            s._notify("undo", n)
            s.annotate(Annotation(hand=len(s.hands), ply=keep, kind="undo", text=f"{n} moves"))
            self.broadcast(lambda: _("The teacher took back the last move."), "warn")
            self.settle(deal_table=True)
            return None

    def comment(self, text: str) -> None:
        with self.lock:
            s = self.session
            note = safe(text)[:SAY_LIMIT]
            if s is not None:
                s.annotate(Annotation(hand=len(s.hands), ply=s.ply, kind="note", text=note))
            self.broadcast(lambda: _("Teacher's note: {text}").format(text=note), "hint")


def _deal_line(s: Session) -> str:
    """The session's "Hand N: X deals." line, made in the language being spoken."""
    dealer = seat_label(s.seats[s.hands[-1].dealer or 0].name) if s.hands else ""
    return _("Hand {n}: {dealer} deals.").format(n=len(s.hands), dealer=dealer)


def _result_lines(s: Session) -> str:
    """The last hand's result as the session explains it, in the language being spoken."""
    res = s.results[-1] if s.results else None
    if res is None:
        return ""
    return "\n".join(s.game.explain_result(res, s.config, s.players, s.results[:-1]))
