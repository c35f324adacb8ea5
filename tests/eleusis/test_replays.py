"""The shipped eleusis replays: they verify (the shared replay test does too), they include games
under several of the seed's rules and a human dealer's own rule, and `replay show` keeps every rule
hidden until its hand is over."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.games.eleusis.library import BY_ID
from cardcli.replay.io import read
from cardcli.session import Session

ROOT = Path(__file__).resolve().parents[2] / "replays" / "eleusis"
FILES = sorted(ROOT.glob("*.cardcli.json"))


def test_replays_cover_several_seed_rules_and_a_human_dealer() -> None:
    rules: set[str] = set()
    humans = 0
    for path in FILES:
        replay = read(path)
        Session.from_replay(replay)
        rules |= {h.extra["rule"] for h in replay.hands}
        humans += any(s.kind == "human" for s in replay.seats)
        assert replay.title
    seed_rules = {r for r in BY_ID if r.startswith("seed-") and BY_ID[r].text in rules}
    assert len(seed_rules) >= 4, seed_rules
    assert humans >= 1
    assert any(r not in {e.text for e in BY_ID.values()} for r in rules)  # a rule outside the library


def test_show_never_prints_a_rule_before_its_hand_is_over() -> None:
    for path in FILES:
        data = json.loads(path.read_text())
        out = CliRunner().invoke(cli, ["replay", "show", str(path)]).output
        assert data.get("title", "") in out
        for h_no, hand in enumerate(data["hands"], 1):
            rule = hand["extra"]["rule"]
            section = out.split(f"Hand {h_no} ", 1)[1].split("The rule was:", 1)[0]
            assert rule not in section, (path.name, h_no)
            if all(h["extra"]["rule"] != rule for h in data["hands"][: h_no - 1]):
                assert rule not in out.split(f"Hand {h_no} ", 1)[0], "a rule shown before its hand"
