"""One person's side of a shared table: their outbox, their seat's view of the session, their
REPL controller, and the client record the table keeps for them.

The table (:mod:`cardcli.serve.table`) owns the session; everything here answers for one person.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from cardcli.engine.words import seat_label
from cardcli.i18n import _, speaking
from cardcli.session import Event, Session
from cardcli.ui.commands import Controller
from cardcli.ui.console import Console

if TYPE_CHECKING:
    from cardcli.serve.table import SharedTable


_held = threading.local()


@contextmanager
def batched() -> Iterator[None]:
    """A batch of table work (a line typed, a bot taking a seat): every outbox written in it, in
    this thread, wakes its connection once, at the end, so each screen is drawn once per batch
    (with the prompt and toolbar the batch ended with) and not once per line of text."""
    if getattr(_held, "boxes", None) is not None:  # within a batch already: that one wakes
        yield
        return
    boxes: dict[int, Outbox] = {}
    _held.boxes = boxes
    try:
        yield
    finally:
        _held.boxes = None
        for box in boxes.values():
            box.wake_now()


def send_now() -> None:
    """Within a batch: the screens written so far are drawn now, not at its end (a bot is about
    to think, and its thinking may take a while)."""
    boxes = getattr(_held, "boxes", None)
    if boxes:
        waking = list(boxes.values())
        boxes.clear()
        for box in waking:
            box.wake_now()


class Outbox:
    """Text written for one connection, collected until the server sends it (thread-safe)."""

    def __init__(self, wake: Callable[[], None] | None = None) -> None:
        self._parts: list[str] = []
        self._lock = threading.Lock()
        self.wake = wake

    def wake_now(self) -> None:
        if self.wake is not None:
            self.wake()

    def _wake_once(self) -> None:
        boxes = getattr(_held, "boxes", None)
        if boxes is not None:
            boxes[id(self)] = self
        else:
            self.wake_now()

    def poke(self) -> None:
        """Nothing to write, but the screen is to be drawn again (its prompt or toolbar changed)."""
        self._wake_once()

    def write(self, text: str) -> int:
        with self._lock:
            first = not self._parts
            self._parts.append(text)
        if first:  # once per batch: waking the server's loop costs a system call
            self._wake_once()
        return len(text)

    def flush(self) -> None:
        pass

    def take(self) -> str:
        with self._lock:
            text = "".join(self._parts)
            self._parts.clear()
        return text


class SeatSession:
    """The table's session as one person sees it: only their seat (or none, for a watcher) is
    "human"; everything else is the real session's."""

    def __init__(self, table: SharedTable, seat: int | None, teacher: bool = False) -> None:
        self._table = table
        self.seat = seat
        self.teacher = teacher

    def __getattr__(self, name: str) -> Any:
        return getattr(self._table.session, name)

    @property
    def real(self) -> Session:
        session = self._table.session
        assert session is not None
        return session

    def is_human(self, seat: int | None) -> bool:
        """True when this person makes ``seat``'s moves now (their seat, or bridge's dummy)."""
        return seat is not None and self.seat is not None and self.real.plays_for(seat) == self.seat

    def eyes(self) -> int | None:
        """Whose view this person is shown: as :meth:`Session.eyes`, for their seat alone."""
        if self.seat is None:
            return None
        s = self.real
        actor = s.to_act()
        if actor is not None and self.is_human(actor):
            return actor
        for seat, spec in enumerate(s.seats):
            if seat != self.seat and not spec.human and s.plays_for(seat) == self.seat:
                return seat
        return self.seat

    @property
    def human_seats(self) -> list[int]:
        return [self.seat] if self.seat is not None else []

    def view(self, seat: int | None) -> Any:
        """The seat's view; the teacher of a teacher's table sees every hand."""
        s = self.real
        if self.teacher:
            return s.game.full_view(s.state)
        return s.game.view(s.state, seat)

    def play(self, move: Any, observer: int | None = None) -> list[Event]:
        """A move of this person's: played on the table, which tells everyone."""
        self._table.play(move)
        return []

    def undo(self) -> int:
        from cardcli.session import UndoRefused

        raise UndoRefused(_("at a shared table only the teacher takes moves back"))


class SeatController(Controller):
    """`cardcli play`'s controller for one connection: commands as usual, flow left to the table."""

    def __init__(self, view: SeatSession, console: Console) -> None:
        super().__init__(cast(Session, view), console)
        self.view_session = view

    @property
    def seat(self) -> int:
        return cast(int, self.view_session.eyes())

    def prompt_text(self) -> str:
        """The person's own seat (`play`'s prompt names the seat to act, which at a shared table would
        show another player's name on your screen), and whose turn it is when it is not yours."""
        mine = self.view_session.seat
        s = self.session
        actor = s.to_act()
        if mine is None or actor is None or self.view_session.is_human(actor):
            return super().prompt_text()  # the seat whose move it is, as in `play`: theirs
        return _("{seat} ({actor} to play)> ").format(seat=seat_label(s.seats[mine].name), actor=seat_label(s.seats[actor].name))

    def advance(self) -> None:
        """The table runs the bots and refreshes every screen after a move."""

    def checkpoint(self) -> None:
        """The table keeps the journal."""

    def leave(self) -> None:
        """The table keeps the game when a person leaves."""

    def finish(self) -> None:
        self.done = True

    def _save_to(self, path: Path, quiet: bool = True) -> bool:
        self.console.error(_("the server keeps this game as it is played; `save FILE` is not available here"))
        return False


class Client:
    """One person at a table (or watching): their name, seat, screen and controller."""

    def __init__(self, name: str, console: Console, seat: int | None, teacher: bool = False, lang: str | None = None) -> None:
        self.name = name
        self.lang = lang
        """The person's language: what the table tells them is put in it on their side."""
        self.prompt_now = ""
        self.toolbar_now = ""
        """The seat's prompt and toolbar text, made by the table (under its lock) at each change."""
        self.console = console
        self.seat = seat
        self.teacher = teacher
        self.connected = True
        self.controller: SeatController | None = None
        self.view: SeatSession | None = None

    def say(self, text: str, style: str = "") -> None:
        self.console.say(text, style)

    def speaking(self) -> speaking:
        """A block in which texts are in this person's language."""
        return speaking(self.lang)
