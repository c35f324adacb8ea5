"""Version-1 replays still read: a bridge result's copy of the scorepad becomes its game number,
the match verifies, and the scorepad drawn from the results is the one the old file carried."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from cardcli.engine.options import config_from_builtins
from cardcli.engine.registry import load
from cardcli.games.bridge.rubber import pad_of
from cardcli.replay.io import decode, encode_json, read
from cardcli.replay.model import VERSION
from cardcli.session import Session

V1 = Path(__file__).parent.parent / "data" / "replays-v1" / "bridge-rubber-v1.cardcli.json"


def test_a_version_1_bridge_rubber_reads_verifies_and_keeps_its_scorepad() -> None:
    old: dict[str, Any] = json.loads(V1.read_text())
    assert old["version"] == 1 and len(old["hands"]) >= 5
    replay = read(V1)
    assert replay.version == VERSION
    session = Session.from_replay(replay)  # the strict fold compares every migrated result
    assert session.finished
    results = [h.result for h in replay.hands]
    for i, hand in enumerate(old["hands"]):
        detail = replay.hands[i].result.detail  # type: ignore[union-attr]
        assert "pad" not in detail and isinstance(detail["game"], int)
        drawn = [p.to_list() for p in pad_of(results[: i + 1])]
        assert drawn == hand["result"]["detail"]["pad"], f"hand {i + 1}"


def test_the_scorepad_shown_after_each_hand_is_unchanged() -> None:
    """explain_result with the earlier results draws what version 1 drew from its own copy."""
    from cardcli.games.bridge.rubber import PadLine, pad_lines

    game: Any = load("bridge")
    old: dict[str, Any] = json.loads(V1.read_text())
    replay = read(V1)
    config = config_from_builtins(game, replay.config)
    results = [h.result for h in replay.hands]
    for i, hand in enumerate(old["hands"]):
        d = hand["result"]["detail"]
        winners = [int(w) for w in d.get("game_winners", [])]
        vul = (winners.count(0) >= 1, winners.count(1) >= 1)
        expected = pad_lines(
            [PadLine.from_list(p) for p in d["pad"]], hand["result"]["totals"], winners, bool(d.get("rubber_over")), [], vul
        )
        lines = game.explain_result(results[i], config, 4, results[:i])
        assert all(line in lines for line in expected), f"hand {i + 1}"


def test_a_migrated_replay_is_written_in_the_current_version() -> None:
    replay = read(V1)
    again = decode(encode_json(replay))
    assert again.version == VERSION
    assert msgspec.to_builtins(again.hands) == msgspec.to_builtins(replay.hands)
