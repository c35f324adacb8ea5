"""One connection's screen: a prompt that stays up for the whole connection, text printed above it.

Why not prompt-toolkit's ``PromptSession``: it runs its application once per typed line (a full
redraw and a new run for every line), and text printed above a running prompt goes through
``run_in_terminal`` (erase, detach the input, a full redraw of its many-part layout). With fifty
tables of four that cost most of the server's time per move, and the server's one event loop
queued every screen behind it. Here the application runs once per connection with only what a
seat uses (the line with its prompt, the completion menu, the toolbar); text written above it
waits for the next redraw, which erases the prompt, prints all of it and draws the prompt again.

Every screen shares one set of key bindings (prompt-toolkit's defaults merged with the seat's):
an application otherwise merges and caches its own, a few hundred bindings searched afresh the
first time each connection presses each key, and some 200 KiB a connection.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TextIO, cast

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import Completer
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyBindingsBase, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.defaults import load_key_bindings
from prompt_toolkit.key_binding.key_processor import KeyProcessor
from prompt_toolkit.layout import ConditionalContainer, Float, FloatContainer, HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.styles import BaseStyle

MENU_ROWS = 8
"""Rows kept free under the line while the completion menu is open (as ``PromptSession`` does)."""


class _ScreenApp(Application[None]):
    """A screen's application: the shared key bindings find their screen through it."""

    screen: LineScreen


def _screen(event: KeyPressEvent) -> LineScreen:
    return cast(_ScreenApp, event.app).screen


def _line_keys() -> KeyBindings:
    """The line's own keys, for every screen (each finds its screen through the event's app)."""
    kb = KeyBindings()

    @kb.add("enter")
    def _enter(event: KeyPressEvent) -> None:
        _screen(event).buffer.validate_and_handle()

    @kb.add("c-c")
    def _clear(event: KeyPressEvent) -> None:
        _screen(event).buffer.reset()

    @kb.add("c-d", filter=Condition(lambda: not get_app().current_buffer.text))
    def _eof(event: KeyPressEvent) -> None:
        _screen(event)._lines.put_nowait(None)

    return kb


@lru_cache(maxsize=1)
def _defaults() -> KeyBindingsBase:
    return load_key_bindings()


@lru_cache(maxsize=8)
def _shared_keys(extra: KeyBindingsBase | None) -> KeyBindingsBase:
    """prompt-toolkit's default bindings, the line's, then ``extra`` (a later one wins, as in an
    application's own merge), merged once per ``extra`` for every screen."""
    return merge_key_bindings([_defaults(), _line_keys(), extra or KeyBindings()])


class LineScreen:
    """A line editor kept running on one terminal; :meth:`readline` gives the lines typed."""

    def __init__(
        self,
        stdout: TextIO,
        prompt: Callable[[], str],
        *,
        completer: Completer | None = None,
        toolbar: Callable[[], Any] | None = None,
        style: BaseStyle | None = None,
        key_bindings: KeyBindingsBase | None = None,
    ) -> None:
        """``key_bindings``: the seat's keys; give every screen the same object, so that they all
        share one merged set."""
        self.stdout = stdout
        self.prompt = prompt
        self._lines: asyncio.Queue[str | None] = asyncio.Queue()
        self._toolbar = toolbar
        self._toolbar_now: Any = ""
        self._prompt_now = ""
        self._pending: list[str] = []
        """Text to print above the prompt at the next redraw."""
        self.buffer = Buffer(
            history=InMemoryHistory(),
            completer=completer,
            complete_while_typing=False,
            multiline=False,
            accept_handler=self._accept,
        )

        def line_height() -> Dimension:
            if completer is not None and self.buffer.complete_state is not None:
                return Dimension(min=MENU_ROWS)
            return Dimension()

        line = Window(
            BufferControl(self.buffer, input_processors=[BeforeInput(lambda: [("class:prompt", self._prompt_now)])]),
            height=line_height,
            dont_extend_height=True,
            wrap_lines=True,
        )
        body = FloatContainer(
            HSplit([line]),
            floats=[Float(xcursor=True, ycursor=True, content=CompletionsMenu(max_height=MENU_ROWS, scroll_offset=1))],
        )
        bar = ConditionalContainer(
            Window(FormattedTextControl(lambda: self._toolbar_now), height=1, style="class:bottom-toolbar"),
            filter=Condition(lambda: bool(self._toolbar_now)),
        )
        self.app = _ScreenApp(
            layout=Layout(HSplit([body, bar])),
            style=style,
            mouse_support=False,
            full_screen=False,
            enable_page_navigation_bindings=False,
            before_render=self._before_render,
            max_render_postpone_time=None,  # text comes in batches already: no waiting for an idle loop
        )
        self.app.screen = self
        self.app.key_processor = KeyProcessor(_shared_keys(key_bindings))
        self.app._default_bindings = _defaults()  # the application's own copy is never used: let it go
        self.app._page_navigation_bindings = KeyBindings()
        self._task: asyncio.Task[None] | None = None

    def _before_render(self, _app: object) -> None:
        """At each redraw: the text written since the last one goes above the prompt (erased, then
        drawn again from scratch), and the prompt and the toolbar are asked once."""
        if self._pending:
            text = "".join(self._pending)
            self._pending.clear()
            _erase_and_write(self.app, text)
        self._prompt_now = self.prompt()
        self._toolbar_now = self._toolbar() if self._toolbar is not None else ""

    def _accept(self, buffer: Buffer) -> bool:
        """A line typed: it stays on the screen after its prompt, as in a terminal, and is queued."""
        text = buffer.text
        self.write(self._prompt_now + text + "\n")
        self._lines.put_nowait(text)
        return False

    def start(self) -> None:
        """Show the prompt (call within the connection's prompt-toolkit app session)."""

        async def run() -> None:
            try:
                # not the server's Ctrl-C: prompt-toolkit would take SIGINT over for this screen
                await self.app.run_async(handle_sigint=False)
            finally:
                self._lines.put_nowait(None)

        self._task = asyncio.ensure_future(run())

    async def readline(self) -> str:
        """The next line typed; EOFError when the person pressed Ctrl-D or the screen stopped."""
        line = await self._lines.get()
        if line is None:
            self._lines.put_nowait(None)  # every later call ends too
            raise EOFError
        return line

    def write(self, text: str) -> None:
        """Text above the prompt, at the next redraw (one redraw for all the text written before
        the loop gets to it). No text: only the redraw (the prompt or the toolbar changed)."""
        app = self.app
        if text and not (app.is_running and not app.is_done):
            self.stdout.write(text)
            return
        if text:
            self._pending.append(text)
        app.invalidate()

    def stop(self) -> None:
        running = self.app.is_running and not self.app.is_done
        if self._pending:  # not drawn yet, and the screen is going: written now
            text = "".join(self._pending)
            self._pending.clear()
            if running:
                _erase_and_write(self.app, text)
            else:
                self.stdout.write(text)
        if running:
            self.app.exit()
        if self._task is not None and not self._task.done():
            self._task.cancel()


def _erase_and_write(app: Application[None], text: str) -> None:
    """The renderer's ``erase`` with ``text`` written after it; the renderer then draws the prompt
    from scratch (the connection sends all of it in one packet, see the server's output)."""
    renderer, output = app.renderer, app.output
    pos = renderer._cursor_pos
    output.cursor_backward(pos.x)
    output.cursor_up(pos.y)
    output.erase_down()
    output.reset_attributes()
    output.enable_autowrap()
    output.write_raw(text)
    renderer.reset(leave_alternate_screen=False)
