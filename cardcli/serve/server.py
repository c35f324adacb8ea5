"""`cardcli serve`: the SSH server (asyncssh, with prompt-toolkit's SSH sessions).

Every connection runs the app and nothing else: no shell, no command execution, no SFTP or
SCP, no port or agent forwarding. Any user name is accepted without a password (the join
codes guard the tables). Each connection gets a prompt-toolkit prompt of its own; what the
tables write for it is collected in an :class:`~cardcli.serve.table.Outbox` and printed above
its prompt (:mod:`cardcli.serve.screen`), so a slow client only ever delays its own screen. Typed lines are handled in worker
threads (one table at a time, under its lock), so a bot thinking never stops the server.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, TextIO, cast

import asyncssh
from prompt_toolkit.completion import CompleteEvent, Completer
from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer, PromptToolkitSSHSession
from prompt_toolkit.document import Document

from cardcli.i18n import N_, _, ngettext, normalize, speaking
from cardcli.serve.lobby import Connection, Lobby, clean_name
from cardcli.serve.screen import LineScreen
from cardcli.serve.seat import Outbox, batched
from cardcli.serve.table import SharedTable
from cardcli.ui.console import Console

LINE_LIMIT = 500
"""Longest line a connection may type (moves and chat are far shorter)."""
LINES_PER_SECOND = 10.0
BURST = 20
IDLE_SECONDS = 1800.0
"""A connection that types nothing for this long is closed (its seat is kept)."""


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key, made once and kept in ``folder`` (so joiners can trust it)."""
    path = folder / "ssh_host_ed25519_key"
    if path.is_file():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    tmp = path.with_suffix(".tmp")
    tmp.touch(mode=0o600)
    tmp.write_bytes(key.export_private_key())
    tmp.replace(path)
    return key


class RateLimit:
    """A token bucket: ``rate`` lines a second on average, ``burst`` at once."""

    def __init__(self, rate: float = LINES_PER_SECOND, burst: int = BURST, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class _Output:
    """What the screen writes for one channel, sent once per turn of the event loop: a redraw
    flushes several times (the text above the prompt, the renderer's reset, the prompt), and each
    send to the channel is a packet of its own, encrypted, and a system call."""

    def __init__(self, chan: Callable[[], Any]) -> None:
        self._chan = chan
        self._parts: list[str] = []

    def write(self, data: str) -> None:
        if not self._parts:
            asyncio.get_running_loop().call_soon(self.send)
        self._parts.append(data)

    def send(self) -> None:
        """Send what was written, now (before the channel closes, say)."""
        chan = self._chan()
        data = "".join(self._parts).replace("\n", "\r\n")
        self._parts.clear()
        if chan is None or not data:
            return
        try:
            chan.write(data)
        except BrokenPipeError:
            pass  # the channel is closed for sending

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        """Nothing: the loop sends (see :meth:`send`)."""

    @property
    def encoding(self) -> str:
        chan = self._chan()
        return str(getattr(chan, "_orig_chan", chan).get_encoding()[0])


class _Session(PromptToolkitSSHSession):
    """One SSH channel: the app only, and a bound on what may be typed without pressing Enter."""

    pending = 0

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.output = _Output(lambda: self._chan)
        self.stdout = cast(TextIO, self.output)

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        """The client went away: its prompt stops (the seat is kept, the table told)."""
        if self.interact_task is not None and not self.interact_task.done():
            self.interact_task.cancel()

    def data_received(self, data: str, datatype: object) -> None:
        if "\r" in data or "\n" in data:
            self.pending = len(data.replace("\n", "\r").rpartition("\r")[2])
        else:
            self.pending += len(data)
            if self.pending > 4 * LINE_LIMIT:
                return  # an endless line: dropped, the connection is not held up
        super().data_received(data, datatype)


class _SafeCompleter(Completer):
    """The seat's move completer, asked only when the table is not busy (no half-made state)."""

    def __init__(self, conn: Callable[[], Connection | None]) -> None:
        self.conn = conn

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Any:
        from cardcli.ui.ptk.completer import MoveCompleter

        conn = self.conn()
        if conn is None:
            return
        table, client = conn.table, conn.client
        if table is None or client is None or client.controller is None or table.session is None:
            return
        if not table.lock.acquire(blocking=False):
            return
        try:
            with speaking(conn.lang):
                items = list(MoveCompleter(client.controller).get_completions(document, complete_event))
        finally:
            table.lock.release()
        yield from items


def _toolbar(get_conn: Callable[[], Connection | None]) -> Callable[[], Any]:
    """The seat's toolbar of `cardcli play`, fitted to the terminal; its text is the one the table
    made at its last change (drawing a screen never waits for a busy table). Fitted again only
    when that text, the width or the language changed."""
    from prompt_toolkit.application.current import get_app

    from cardcli.ui.ptk.toolbar import SEP, fit

    last: list[Any] = [None, ""]

    def tokens() -> Any:
        conn = get_conn()
        client = conn.client if conn is not None else None
        if conn is None or client is None or not client.toolbar_now:
            return ""
        key = (client.toolbar_now, get_app().output.get_size().columns, conn.lang)
        if last[0] != key:
            with speaking(conn.lang):
                keys = [_("Tab: moves"), _("F1: help")]
                last[:] = [key, [("class:bottom-toolbar", fit(key[0].split(SEP), key[1], keys))]]
        return last[1]

    return tokens


class TableServer:
    """The server: a lobby of tables behind an SSH listener."""

    def __init__(
        self,
        host: str = "0.0.0.0",
        port: int = 2222,
        key_folder: Path | None = None,
        bot_timeout: float = 120.0,
        idle_seconds: float = IDLE_SECONDS,
        lines_per_second: float = LINES_PER_SECOND,
        burst: int = BURST,
    ) -> None:
        from cardcli.paths import data_dir

        self.host, self.port = host, port
        self.key = host_key(key_folder or data_dir() / "serve")
        self.lobby = Lobby(bot_timeout=bot_timeout)
        self.lobby.on_table = self._hook
        self.idle_seconds = idle_seconds
        """Read at each line awaited, so a change holds from the next line on."""
        self.lines_per_second, self.burst = lines_per_second, burst
        self._server: Any = None
        self._conns: set[Any] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self.restored = 0
        """Tables opened again at start: those being played when the server last stopped."""
        self._keys: Any = None
        """The seat's key bindings, one object for every connection (their screens share them)."""

    @property
    def fingerprint(self) -> str:
        return str(self.key.get_fingerprint())

    async def start(self) -> int:
        """Listen; returns the port (useful with port 0)."""
        self._loop = asyncio.get_running_loop()
        self.restored = await self._loop.run_in_executor(None, self.lobby.restore)
        outer = self

        class Server(PromptToolkitSSHServer):
            def connection_made(self, conn: Any) -> None:
                outer._conns.add(conn)

            def connection_lost(self, exc: Exception | None) -> None:
                pass

            def session_requested(self) -> PromptToolkitSSHSession:
                return _Session(self.interact, enable_cpr=False)

            def server_requested(self, listen_host: str, listen_port: int) -> bool:
                return False

            def connection_requested(self, *args: Any) -> bool:
                return False

            def unix_server_requested(self, listen_path: str) -> bool:
                return False

            def unix_connection_requested(self, dest_path: str) -> bool:
                return False

        self._server = await asyncssh.create_server(
            lambda: Server(self.interact, enable_cpr=False),
            self.host,
            self.port,
            server_host_keys=[self.key],
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            line_editor=False,  # prompt-toolkit edits the line; asyncssh's editor only cost time per connection
            login_timeout=60,
        )
        sockets = self._server.sockets
        self.port = sockets[0].getsockname()[1] if sockets else self.port
        return self.port

    async def stop(self) -> None:
        """Stop cleanly: no new connections, every connection closed, every table's journal closed."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for conn in list(self._conns):
            conn.close()
        for table in list(self.lobby.tables.values()):
            table.close()

    def _hook(self, table: SharedTable) -> None:
        loop = self._loop
        assert loop is not None

        def schedule(delay: float, fn: Callable[[], None]) -> None:
            def later() -> None:
                loop.run_in_executor(None, _batched, fn)

            loop.call_soon_threadsafe(loop.call_later, delay, later)

        table.schedule = schedule

    async def interact(self, ssh: PromptToolkitSSHSession) -> None:
        from cardcli.ui.ptk.keys import bindings
        from cardcli.ui.ptk.style import style

        loop = asyncio.get_running_loop()
        if self._keys is None:
            self._keys = bindings()
        chan: Any = ssh._chan
        peer = chan.get_extra_info("peername") or ("?",)
        address = str(peer[0])
        env = chan.get_environment() or {}
        charset = env.get("CARDCLI_CHARSET")
        term = chan.get_terminal_type() or "dumb"
        columns = chan.get_terminal_size()[0] or 0
        wake = asyncio.Event()

        def wake_up() -> None:
            loop.call_soon_threadsafe(wake.set)

        outbox = Outbox(wake_up)
        console = Console(
            out=cast(IO[str], outbox),
            err=cast(IO[str], outbox),
            color=term != "dumb" and not env.get("NO_COLOR"),
            charset=charset if charset in ("unicode", "ascii", "words") else ("ascii" if term == "dumb" else "unicode"),
            width=columns if columns >= 20 else None,
        )
        conn: Connection | None = None
        lang = normalize(env.get("CARDCLI_LANG") or env.get("LC_ALL") or env.get("LANG") or "")
        with speaking(lang):
            asking = [_("cardcli tables. Your name: "), _("A name, please: ")]

        def prompt() -> str:
            return conn.prompt() if conn is not None else asking[0]

        screen = LineScreen(
            ssh.stdout,
            prompt,
            completer=_SafeCompleter(lambda: conn),
            toolbar=_toolbar(lambda: conn),
            style=style(),
            key_bindings=self._keys,
        )

        async def writer() -> None:
            while True:
                await wake.wait()
                wake.clear()
                screen.write(outbox.take())

        writing = loop.create_task(writer())
        screen.start()
        try:
            name = None
            for _try in range(3):
                name = clean_name(await asyncio.wait_for(screen.readline(), self.idle_seconds))
                if name:
                    break
                asking[0] = asking[1]
            if not name:
                return
            conn = Connection(self.lobby, name, address, console, lang)
            await self._session(conn, loop, console, screen)
        except (TimeoutError, EOFError):
            pass
        except asyncio.CancelledError:  # the server is stopping: leave quietly
            pass
        finally:
            try:
                if conn is not None:  # shielded: a connection lost meanwhile cancels us, but the seat is kept
                    await asyncio.shield(loop.run_in_executor(None, conn.leave))
                await asyncio.sleep(0)
            except asyncio.CancelledError:
                pass  # the connection is gone; what is left is to stop its screen
            writing.cancel()
            screen.stop()
            ssh.stdout.write(outbox.take())
            if isinstance(ssh, _Session):
                ssh.output.send()  # now: the channel closes when this returns

    async def _session(self, conn: Connection, loop: asyncio.AbstractEventLoop, console: Console, screen: LineScreen) -> None:
        with speaking(conn.lang):
            conn.greet()
        limit = RateLimit(self.lines_per_second, self.burst)
        while True:
            try:
                line = await asyncio.wait_for(screen.readline(), self.idle_seconds)
            except TimeoutError:
                with speaking(conn.lang):
                    console.say(_("Closing an idle connection; your seat is kept."), "warn")
                return
            problem = None
            if len(line) > LINE_LIMIT:
                problem = N_("that line is too long ({n} characters at most)")
            elif not limit.take():
                problem = N_("too many lines at once; slow down")
            if problem is not None:
                with speaking(conn.lang):
                    console.error(_(problem).format(n=LINE_LIMIT))
                continue
            if not await loop.run_in_executor(None, conn.handle, line):
                return


def _batched(fn: Callable[[], None]) -> None:
    with batched():
        fn()


def serve(host: str, port: int, bot_timeout: float = 120.0) -> int:
    """Run the server until Ctrl-C or SIGTERM."""
    import signal
    import socket

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):  # before the join line: a stop asked then is kept
            loop.add_signal_handler(sig, stop.set)
        server = TableServer(host, port, bot_timeout=bot_timeout)
        got = await server.start()
        shown = socket.gethostname() if host in ("0.0.0.0", "::", "") else host
        print(_("cardcli tables are open. Join with:  ssh -p {port} table@{host}").format(port=got, host=shown), flush=True)
        print(_("Host key fingerprint: {fp}").format(fp=server.fingerprint), flush=True)
        if server.restored:
            print(
                ngettext(
                    "{n} table being played when the server stopped is open again (same code).",
                    "{n} tables being played when the server stopped are open again (same codes).",
                    server.restored,
                ).format(n=server.restored),
                flush=True,
            )
        await stop.wait()
        print(_("Stopping: the tables' games are saved."), flush=True)
        await server.stop()

    asyncio.run(main())
    return 0
