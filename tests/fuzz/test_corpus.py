"""The stored fuzz corpus (``tests/data/fuzz``): the inputs of the findings, run through their targets.

Each file's name says what must happen: ``accepted-*`` reads (and verifies), ``refused-*`` is refused
with one line. Either way no traceback, no hang (the harness's time bound), and nothing a file holds
reaches the terminal raw."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzz import targets as T
from fuzz.strategies import CORPUS, Harness, check_cli, invoke

RUN = {
    "replay-json": T.replay_json,
    "replay-msgpack": T.replay_msgpack,
    "pbn": T.pbn,
    "share": lambda h, data: T.share(h, data.decode().strip()),
}
FILES = sorted(p for p in CORPUS.rglob("*") if p.is_file())


def test_the_corpus_is_all_known() -> None:
    assert {p.parent.name for p in FILES} == set(RUN)
    assert all(p.name.startswith(("accepted-", "refused-")) for p in FILES)
    assert sum(p.name.startswith("refused-") for p in FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_a_stored_input_is_read_or_refused_in_one_line(path: Path) -> None:
    harness = Harness()
    RUN[path.parent.name](harness, path.read_bytes())
    (tally,) = harness.tallies.values()
    expect = path.name.split("-", 1)[0]
    assert (tally.accepted, tally.refused) == ((1, 0) if expect == "accepted" else (0, 1)), path.name


REPLAYS = [p for p in FILES if p.parent.name.startswith("replay-")]


@pytest.mark.parametrize("path", REPLAYS, ids=[p.name for p in REPLAYS])
def test_the_commands_on_a_stored_replay(path: Path) -> None:
    """`replay verify` exits 1 with one line for a refused file; `show` prints no control character from it."""
    verify = check_cli(invoke(["replay", "verify", str(path)]))
    assert verify.exit_code == (0 if path.name.startswith("accepted-") else 1), verify.output
    if verify.exit_code == 0:
        shown = check_cli(invoke(["replay", "show", str(path)]))
        assert shown.exit_code == 0 and not any(ord(c) < 32 and c != "\n" for c in shown.output), shown.output
    else:
        assert verify.stderr.startswith(f"{path}: FAILED: "), verify.stderr
