"""The prompt-toolkit REPL: completion, toolbar, Ctrl-C / Ctrl-D, driven through a pipe."""

from __future__ import annotations

import io

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cardcli.paths import history_file
from cardcli.saves import AutoSave, list_saves, load_save, new_save_path
from cardcli.session import Session
from cardcli.ui.commands import Controller
from cardcli.ui.console import Console
from cardcli.ui.ptk.app import run
from cardcli.ui.ptk.completer import MoveCompleter, candidates


def controller(seed: str = "7") -> tuple[Controller, io.StringIO]:
    s = Session.new("rummy", seed=seed, players=2, human_seats=(0,))
    out = io.StringIO()
    c = Controller(s, Console(out=out, color=False, charset="ascii"), autosave=AutoSave(s, new_save_path("rummy"), None))
    return c, out


def test_completion_of_moves_and_commands() -> None:
    c, _out = controller()
    c.session.run_bots()
    got = dict(candidates(c, "dr"))
    assert "draw stock" in got and "draw discard" in got
    assert [v for v, _m in candidates(c, "draw s")] == ["draw stock"]
    assert "help" in dict(candidates(c, "he"))
    assert "hint" in dict(candidates(c, "hi"))
    c.session.play(c.session.resolve("draw stock"))
    card = c.session.state.hands[0][0]
    assert f"discard {card}" in dict(candidates(c, card.lower()))  # friendly: a lone card
    comps = list(MoveCompleter(c).get_completions(Document("disc"), CompleteEvent()))
    assert comps and all(x.text.startswith("discard") for x in comps)
    assert all(x.start_position == -4 for x in comps)


def test_toolbar_shows_turn_phase_and_score() -> None:
    c, _out = controller()
    c.session.run_bots()
    text = c.toolbar_text()
    assert "rummy" in text and "your turn: draw" in text and "P1:0" in text and "/ 100" in text


def test_repl_plays_a_move_and_quits_with_save() -> None:
    c, out = controller()
    with create_pipe_input() as inp:
        inp.send_text("draw stock\r")
        inp.send_text("\x03")  # Ctrl-C: clears the line, the game goes on
        inp.send_text("table\r")
        inp.send_text("quit\r")
        with create_app_session(input=inp, output=DummyOutput()):
            code = run(c, input=inp, output=DummyOutput())
    text = out.getvalue()
    assert code == 0
    assert "P1 draws" in text and "Ctrl-C clears the line" in text and "Game saved" in text
    saved, _record = load_save(list_saves("rummy")[0].path)
    assert saved.ply == 1


def test_ctrl_d_saves() -> None:
    c, out = controller("8")
    with create_pipe_input() as inp:
        inp.send_text("\x04")
        with create_app_session(input=inp, output=DummyOutput()):
            code = run(c, input=inp, output=DummyOutput())
    assert code == 0 and "Game saved" in out.getvalue()


def test_tab_completes_in_the_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tab must put the completed move on the line: the history keeps the line as accepted."""
    import threading
    import time

    from prompt_toolkit import PromptSession

    from cardcli.ui.ptk import app

    made: list[PromptSession[str]] = []

    class Watched(PromptSession):  # type: ignore[type-arg]
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            made.append(self)

    monkeypatch.setattr(app, "PromptSession", Watched)
    c, out = controller()
    with create_pipe_input() as inp:

        def typist() -> None:
            inp.send_text("draw s\t")  # Tab completes the single match (completion runs as a task)
            deadline = time.monotonic() + 10  # however busy the machine: Enter once the line is completed
            while time.monotonic() < deadline and not any(s.default_buffer.text == "draw stock" for s in made):
                time.sleep(0.02)
            inp.send_text("\r")
            time.sleep(0.3)
            inp.send_text("quit\r")

        feeder = threading.Thread(target=typist)
        feeder.start()
        with create_app_session(input=inp, output=DummyOutput()):
            run(c, input=inp, output=DummyOutput())
        feeder.join()
    assert "P1 draws" in out.getvalue()
    lines = [ln for ln in history_file().read_text().splitlines() if ln.startswith("+")]
    assert lines[0] == "+draw stock", lines
