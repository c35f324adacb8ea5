"""The fuzz targets: one function per input class, each running one input through the harness.

The default run (``test_fuzz.py``) and the soak run (``test_soak.py``) drive the same targets,
with a few hundred and with thousands of inputs.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import click
from fuzz.strategies import Harness, check_cli, invoke

from cardcli.replay.io import ReplayError, decode
from cardcli.session import Session

WORK = Path(tempfile.mkdtemp(prefix="cardcli-fuzz-"))
"""Where the targets write their input files (one per target, overwritten by each input)."""


def _accepted_is_legal(session: Session) -> None:
    """An accepted replay is a legal game: it folds strictly again from its own re-encoding, move for move."""
    again = Session.from_replay(session.to_replay())
    assert [[(m.seat, m.move) for m in h.moves] for h in again.hands] == [
        [(m.seat, m.move) for m in h.moves] for h in session.hands
    ]


def replay_json(h: Harness, data: bytes) -> None:
    def body() -> None:
        _accepted_is_legal(Session.from_replay(decode(data, "fuzz.cardcli.json")))

    h.run("replay (JSON)", body, (ReplayError,), lambda: repr(data[:300]))


def replay_msgpack(h: Harness, data: bytes) -> None:
    def body() -> None:
        _accepted_is_legal(Session.from_replay(decode(data, "fuzz.cardcli.mp", msgpack=True)))

    h.run("replay (MessagePack)", body, (ReplayError,), lambda: repr(data[:300]))


def replay_cli(h: Harness, data: bytes, command: str) -> None:
    """`cardcli replay verify|show|view` on a file: exit 0, or ≠ 0 and one line on stderr."""
    path = WORK / "cli.cardcli.json"
    path.write_bytes(data)

    def body() -> None:
        args = ["replay", command, str(path)]
        check_cli(invoke(args, input="quit\n"))

    h.run("replay verify/show/view", body, (), lambda: f"{command} {data[:300]!r}")


def journal(h: Harness, data: bytes) -> None:
    from cardcli.replay.journal import SUFFIX
    from cardcli.saves import load_save

    path = WORK / f"fuzz{SUFFIX}"
    path.write_bytes(data)

    def body() -> None:
        session, _record = load_save(path)
        _accepted_is_legal(session)

    h.run("journal", body, (ReplayError,), lambda: repr(data[:300]))


def pbn(h: Harness, data: bytes) -> None:
    """PBN bytes: read (charset sniffed) and imported; an accepted file also goes through `replay import`,
    where every match it holds must verify."""
    from cardcli.engine.registry import load
    from cardcli.games.bridge.pbn import PbnError, decode_pbn, import_pbn_matches

    def body() -> None:
        import_pbn_matches(load("bridge"), decode_pbn(data))
        path = WORK / "fuzz.pbn"
        path.write_bytes(data)
        result = check_cli(invoke(["replay", "import", str(path), "-o", str(WORK / "pbn.cardcli.json")]))
        assert result.exit_code == 0, f"accepted by the reader, refused by `replay import`: {result.stderr}"

    h.run("PBN", body, (PbnError,), lambda: repr(data[:300]))


def lin(h: Harness, text: str) -> None:
    from cardcli.engine.registry import load
    from cardcli.games.bridge.lin import LinError, import_lin

    def body() -> None:
        import_lin(load("bridge"), text)
        path = WORK / "fuzz.lin"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        result = check_cli(invoke(["replay", "import", str(path), "-o", str(WORK / "lin.cardcli.json")]))
        assert result.exit_code == 0, f"accepted by the reader, refused by `replay import`: {result.stderr}"

    h.run("LIN", body, (LinError, ValueError), lambda: repr(text[:300]))


def share(h: Harness, code: str) -> None:
    from cardcli.replay import share as codes

    def body() -> None:
        replay = codes.decode(code)
        _accepted_is_legal(Session.from_replay(replay))

    h.run("share code", body, (ReplayError,), lambda: repr(code[:300]))


def lesson(h: Harness, game: str, text: str) -> None:
    """A lesson file as `cardcli tutor check` reads it: a problem line, or None, never an exception."""
    from cardcli.tutor.check import check_file
    from cardcli.tutor.model import LessonError

    folder = WORK / "lessons" / game
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "99-fuzz.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")

    def body() -> None:
        problem, _transcript = check_file(path, game)
        if problem is not None:
            from fuzz.strategies import one_line

            one_line(problem, "lesson problem")

    h.run("lesson TOML", body, (LessonError,), lambda: f"{game}: {text[:300]!r}")


def scorepad(h: Harness, args: list[str], text: str) -> None:
    home = tempfile.mkdtemp(dir=WORK)

    def body() -> None:
        check_cli(invoke(args, input=text.encode("utf-8", "surrogatepass"), env={"CARDCLI_HOME": home}))

    h.run("scorepad input", body, (), lambda: f"{args} {text[:300]!r}")


def eleusis_rule(h: Harness, text: str) -> None:
    """A rule text compiles (and then judges a run of cards) or is refused with a RuleError."""
    from cardcli.games.eleusis.language import RuleError, compile_text

    def body() -> None:
        rule = compile_text(text)
        state = rule.start(0)
        for card in (5, 17, 30, 51, 0, 12, 25, 38):
            rule.accepts(state, card)
            state = rule.step(state, card)

    h.run("eleusis rule", body, (RuleError,), lambda: repr(text[:300]))


def play(h: Harness, game: str, seed: str, stdin: bytes) -> None:
    """`cardcli play GAME` with piped input: it ends (EOF) without a traceback, whatever is typed."""
    home = str(WORK / "play-home")

    def body() -> None:
        old = os.getcwd()
        os.chdir(WORK)  # `save NAME` lands here
        try:
            result = check_cli(invoke(["play", game, "--seed", seed], input=stdin, env={"CARDCLI_HOME": home}), lines=None)
        finally:
            os.chdir(old)
        assert result.exit_code in (0, 1, 130), result.exit_code

    h.run("piped play", body, (click.ClickException,), lambda: f"{game} {seed} {stdin[:300]!r}")
