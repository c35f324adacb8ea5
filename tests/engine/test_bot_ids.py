"""Each game's written-out bot ids are its bots module's, so that checking a file's seats can skip
importing the bots (they are heavy: bridge's pull in the bidding system and the solver binding)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardcli.engine.registry import load

GAMES = ("bridge", "canasta", "burraco", "rummy", "eleusis")


@pytest.mark.parametrize("name", GAMES)
def test_the_written_out_bot_ids_are_the_registered_ones(name: str) -> None:
    game = load(name)
    assert game.bot_ids, f"{name} lists no bot ids"
    assert sorted(game.bot_ids) == sorted(game.bots)
    assert game.default_bot in game.bot_ids
    assert game.has_bot(game.default_bot) and not game.has_bot("no-such-bot")


def test_verifying_a_bridge_replay_does_not_import_the_bots() -> None:
    code = (
        "import sys; from cardcli.replay.io import read; from cardcli.session import Session; "
        "Session.from_replay(read('replays/bridge/rubber-seed-11.cardcli.json')); "
        "print(sorted(m for m in sys.modules if m.startswith('cardcli.games.bridge.b') or m == 'endplay'))"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert out.stdout.strip() == "[]", out.stdout
