"""Key bindings: F1 for help; nothing that terminals or screen readers need is taken."""

from __future__ import annotations

from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent


def bindings() -> KeyBindings:
    kb = KeyBindings()

    @kb.add("f1")
    def _help(event: KeyPressEvent) -> None:
        event.app.current_buffer.text = "help"
        event.app.current_buffer.validate_and_handle()

    return kb
