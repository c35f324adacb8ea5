"""The viewer's keys: one binding per action, and a small line editor for ``/`` (jump to a move)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

from cardcli.i18n import _

if TYPE_CHECKING:
    from cardcli.ui.viewer.app import KeyViewer


def bindings(v: KeyViewer) -> KeyBindings:
    kb = KeyBindings()
    jumping = Condition(lambda: v.jump is not None)
    browsing = ~jumping
    m = v.model

    def on(*keys: str, filter: Condition | None = None):  # type: ignore[no-untyped-def]
        """Bind ``keys`` (each one alone) to an action that then clears the help and redraws."""

        def wrap(action):  # type: ignore[no-untyped-def]
            for key in keys:

                @kb.add(key, filter=filter if filter is not None else browsing)
                def _handler(event: KeyPressEvent, action=action) -> None:  # type: ignore[no-untyped-def]
                    m.message = ""
                    v.help = False
                    here = (m.hand, m.ply)
                    action(event)
                    if (m.hand, m.ply) != here:
                        v.moved()

            return action

        return wrap

    on("right", "enter", " ", "n")(lambda e: m.step(1))
    on("left", "b", "backspace")(lambda e: m.step(-1))
    on("down")(lambda e: m.turn(1))
    on("up")(lambda e: m.turn(-1))
    on("pagedown")(lambda e: m.next_hand(1))
    on("pageup")(lambda e: m.next_hand(-1))
    on("home")(lambda e: m.home())
    on("end")(lambda e: m.end())
    on("s")(lambda e: m.next_seat())
    on("a")(lambda e: m.all_hands())
    on("r")(lambda e: m.toggle_reveal())
    on("j")(lambda e: v.scroll_by(1))
    on("k")(lambda e: v.scroll_by(-1))
    on("p")(lambda e: v.play_on(e.app))

    @kb.add("?", filter=browsing)
    def _help(event: KeyPressEvent) -> None:
        v.help = not v.help
        m.message = ""

    @kb.add("q", filter=browsing)
    @kb.add("escape", filter=browsing, eager=True)
    def _quit(event: KeyPressEvent) -> None:
        if v.help:
            v.help = False
            return
        event.app.exit(result=0)

    @kb.add("c-l")
    def _redraw(event: KeyPressEvent) -> None:
        event.app.renderer.clear()

    @kb.add("c-c")
    def _interrupt(event: KeyPressEvent) -> None:
        event.app.exit(result=0)  # a viewer has nothing to save: Ctrl-C quits as q does

    @kb.add("/", filter=browsing)
    def _jump(event: KeyPressEvent) -> None:
        v.help = False
        m.message = ""
        v.jump = ""

    for ch in "0123456789.":

        @kb.add(ch, filter=jumping)
        def _digit(event: KeyPressEvent, ch: str = ch) -> None:
            if v.jump is not None and len(v.jump) < 12:
                v.jump += ch

    @kb.add("backspace", filter=jumping)
    def _delete(event: KeyPressEvent) -> None:
        if v.jump:
            v.jump = v.jump[:-1]

    @kb.add("enter", filter=jumping)
    def _go(event: KeyPressEvent) -> None:
        v.finish_jump()

    @kb.add("escape", filter=jumping, eager=True)
    def _cancel(event: KeyPressEvent) -> None:
        v.jump = None

    @kb.add("<any>")
    def _other(event: KeyPressEvent) -> None:
        if v.jump is not None:
            m.message = _("type a move number, or HAND.MOVE (e.g. 2.15); Enter jumps, Esc cancels")
            return
        data = event.key_sequence[0].data if event.key_sequence else ""
        key = data if data.isprintable() else _("that key")
        m.message = _("{key} does nothing here: ? lists the keys").format(key=key)

    return kb
