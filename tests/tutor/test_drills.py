"""Drills: deterministic per seed, answers from the rules code, missed items come back."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.games.bridge.play import hcp
from cardcli.tutor.drills import all_drills, item


@pytest.mark.parametrize("game,kind", [(g, k) for g, ks in all_drills().items() for k in ks])
def test_drills_are_deterministic(game: str, kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if kind == "line":  # declarer problems: rated with endplay, over few layouts here (tests/tutor/test_line_drill.py)
        from cardcli.games.bridge import dds
        from cardcli.tutor import line_problems

        if not dds.available():
            pytest.skip("the line drill needs endplay")
        monkeypatch.setattr(line_problems, "LAYOUTS", 8)
    for n in range(1, 4):
        assert item(game, kind, n) == item(game, kind, n)
    assert len({item(game, kind, n)[0] for n in range(1, 6)}) > 1


def test_hcp_answer_agrees_with_the_rules_code() -> None:
    for n in range(1, 6):
        question, answer, _why = item("bridge", "hcp", n)
        assert int(answer) == hcp(question.rsplit("? ", 1)[1].split())


def test_missed_item_comes_back() -> None:
    q1, a1, _w = item("bridge", "hcp", 1)
    lines = ["999", "0", "0", "0", a1]
    out = CliRunner().invoke(cli, ["learn", "bridge", "--drill", "hcp", "--count", "5"], input="\n".join(lines) + "\n").output
    assert out.count("#1 ") == 2 and "It comes back soon" in out
    assert out.index("#4 ") < out.rindex("#1 ")  # asked again after three other items


def test_drill_list() -> None:
    out = CliRunner().invoke(cli, ["learn", "bridge", "--drill"]).output
    assert "hcp" in out and "score" in out
