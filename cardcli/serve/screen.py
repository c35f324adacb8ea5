"""One connection's screen: a prompt that stays up for the whole connection, text printed above it.

Why not prompt-toolkit's ``PromptSession``: it runs its application once per typed line (a full
redraw and a new run for every line), and text printed above a running prompt goes through
``run_in_terminal`` (erase, detach the input, a full redraw of its many-part layout). With fifty
tables of four that cost most of the server's time per move, and the server's one event loop
queued every screen behind it. Here the application runs once per connection with only what a
seat uses (the line with its prompt, the completion menu, the toolbar); text is written above it
with an erase and one redraw, which prompt-toolkit coalesces when several pieces arrive together.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TextIO

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import Completer
from prompt_toolkit.filters import Condition
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.layout import ConditionalContainer, Float, FloatContainer, HSplit, Layout, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.styles import BaseStyle

MENU_ROWS = 8
"""Rows kept free under the line while the completion menu is open (as ``PromptSession`` does)."""


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
        key_bindings: KeyBindings | None = None,
    ) -> None:
        self.stdout = stdout
        self.prompt = prompt
        self._lines: asyncio.Queue[str | None] = asyncio.Queue()
        self._toolbar = toolbar
        self._toolbar_now: Any = ""
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
            BufferControl(self.buffer, input_processors=[BeforeInput(lambda: [("class:prompt", self.prompt())])]),
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
        self.app: Application[None] = Application(
            layout=Layout(HSplit([body, bar])),
            key_bindings=merge_key_bindings([self._keys(), key_bindings or KeyBindings()]),  # the defaults are the app's
            style=style,
            mouse_support=False,
            full_screen=False,
            before_render=self._before_render,
        )
        self._task: asyncio.Task[None] | None = None

    def _keys(self) -> KeyBindings:
        kb = KeyBindings()

        @kb.add("enter")
        def _enter(event: KeyPressEvent) -> None:
            self.buffer.validate_and_handle()

        @kb.add("c-c")
        def _clear(event: KeyPressEvent) -> None:
            self.buffer.reset()

        @kb.add("c-d", filter=Condition(lambda: not self.buffer.text))
        def _eof(event: KeyPressEvent) -> None:
            self._lines.put_nowait(None)

        return kb

    def _before_render(self, _app: object) -> None:
        """The toolbar is asked once per redraw and its answer kept for the redraw."""
        self._toolbar_now = self._toolbar() if self._toolbar is not None else ""

    def _accept(self, buffer: Buffer) -> bool:
        """A line typed: it stays on the screen after its prompt, as in a terminal, and is queued."""
        text = buffer.text
        self.write(self.prompt() + text + "\n")
        self._lines.put_nowait(text)
        return False

    def start(self) -> None:
        """Show the prompt (call within the connection's prompt-toolkit app session)."""

        async def run() -> None:
            try:
                await self.app.run_async()
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
        """Text above the prompt: the prompt is erased, the text written, the prompt drawn again
        (one redraw for all the text written before the loop gets to it). No text: only the redraw
        (the prompt or the toolbar changed)."""
        app = self.app
        if not text:
            app.invalidate()
            return
        if app.is_running and not app.is_done:
            _erase_and_write(app, text)
            app.invalidate()
        else:
            self.stdout.write(text)

    def stop(self) -> None:
        if self.app.is_running and not self.app.is_done:
            self.app.exit()
        if self._task is not None and not self._task.done():
            self._task.cancel()


def _erase_and_write(app: Application[None], text: str) -> None:
    """The renderer's ``erase`` with ``text`` written in the same flush: one SSH packet, not two
    (each costs an encryption and a system call, four screens a move, fifty tables)."""
    renderer, output = app.renderer, app.output
    pos = renderer._cursor_pos
    output.cursor_backward(pos.x)
    output.cursor_up(pos.y)
    output.erase_down()
    output.reset_attributes()
    output.enable_autowrap()
    output.write_raw(text)
    output.flush()
    renderer.reset(leave_alternate_screen=False)
