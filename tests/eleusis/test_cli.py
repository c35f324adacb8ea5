"""Eleusis through the command line: a whole bot game recorded and verified, the rule hidden by
`replay show`, a human dealer in the line driver, `guess` for a player, `simulate`'s figures."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.games.eleusis.library import BY_ID, LIBRARY


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args), input=input)
    return res.exit_code, res.output


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("eleusis") / "e.cardcli.json"
    code, text = run("play", "eleusis", "--seed", "2", "--players", "5", "--bots", "all", "--record", str(out))
    assert code == 0, text
    assert "Final scores:" in text and text.count("The rule was:") == 10
    return out


def test_a_whole_game_every_player_deals_twice_and_verifies(recorded: Path) -> None:
    data = json.loads(recorded.read_text())
    dealers = [h["dealer"] for h in data["hands"]]
    assert sorted(dealers) == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    assert data["result"].get("complete", True) and data["result"]["winners"]
    for h in data["hands"]:
        first = h["moves"][0]
        assert first[1].startswith("rule ") and first[2] is True  # the secret move, flagged
        assert h["extra"]["rule"] == first[1][5:] and h["extra"]["rule_ast"] and len(h["extra"]["removed"]) == 3
    code, out = run("replay", "verify", str(recorded))
    assert code == 0 and "OK (eleusis, 10 hands" in out and "complete" in out


def test_replay_show_hides_the_rule_unless_revealed(recorded: Path) -> None:
    data = json.loads(recorded.read_text())
    rule = data["hands"][0]["extra"]["rule"]
    code, out = run("replay", "show", str(recorded))
    assert code == 0
    lines = out.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("Hand 1 "))
    end = next(i for i, x in enumerate(lines) if x.startswith("Hand 2 "))
    assert "makes a secret move" in lines[start + 1] and rule not in lines[start + 1]
    # the rule appears only once its hand is over: in the result, after every play of the hand
    at = next(i for i, x in enumerate(lines) if rule in x)
    assert start < at < end and "The rule was:" in lines[at]
    assert all("plays" not in x for x in lines[at:end])
    code, out = run("replay", "show", "--reveal", str(recorded))
    assert code == 0 and f"sets the rule: {rule}" in out


def test_a_tampered_rule_fails_verification(recorded: Path, tmp_path: Path) -> None:
    data = json.loads(recorded.read_text())
    for text, expect in [
        ("rule accept: rank(c) == rank(p1) + 1", "[rule eleusis rule.fifth]"),
        ("rule accept: __import__('os')", "[rule eleusis rule.syntax]"),
        ("rule " + "(" * 5000, "[rule eleusis rule.limits]"),
    ]:
        data["hands"][0]["moves"][0][1] = text
        bad = tmp_path / "bad.cardcli.json"
        bad.write_text(json.dumps(data))
        code, out = run("replay", "verify", str(bad))
        assert code == 1 and "hand 1, move 1" in out and expect in out, out
        assert len(out.strip().splitlines()) == 1 and "Traceback" not in out
    data = json.loads(recorded.read_text())
    data["hands"][0]["moves"][0][1] = "rule " + BY_ID["other-suit"].text  # a fair rule, but other verdicts
    bad.write_text(json.dumps(data))
    code, out = run("replay", "verify", str(bad))
    assert code == 1 and "does not match" in out


def test_a_human_dealer_in_the_line_driver() -> None:
    # seed 2 with 5 players: P5 deals the first hand
    script = (
        "\n".join(
            [
                "rule accept: rank(c) == rank(p1) + 1",  # breaks the one-fifth rule
                "why",
                "rule accept: color(c) != color(p1) or",  # a syntax error
                "rule accept: rank(c) == red",  # a type error
                "fair accept: suit(c) != suit(p1)",
                "accept: color(c) == color(p1) or rank(c) == rank(p1)",  # valid: the bots play under it
                "quit",
            ]
        )
        + "\n"
    )
    code, out = run("play", "eleusis", "--seed", "2", "--players", "5", "--seat", "5", "--charset", "ascii", input=script)
    assert code == 0, out
    assert "illegal: the rule breaks the one-fifth rule: after KC no card is playable" in out
    assert "rule rule.fifth" in out
    assert "illegal: the rule cannot be used: column 33 of the rule (at the end): expected a value" in out
    assert "rule rule.syntax" in out
    assert "column 17 of the rule (at '== red'): cannot compare a number with a colour" in out
    assert "The one-fifth rule: A rule may not" in out  # `why` explains the last refusal
    assert "fair: at least 39 and at most 39 of 52 cards" in out
    assert "P5 sets the rule: accept: color(c) == color(p1) or rank(c) == rank(p1)" in out
    assert "P1 plays" in out and ": right" in out
    assert "The rule was: accept: color(c) == color(p1) or rank(c) == rank(p1)" in out  # revealed at the end
    assert "Traceback" not in out


def test_a_human_player_guesses() -> None:
    script = "guess accept: suit(c) != suit(p1)\nguess accept: rank(c) ==\nhint\nrules score\nquit\n"
    code, out = run("play", "eleusis", "--seed", "2", "--players", "5", "--seat", "4", input=script)
    assert code == 0, out
    assert "P5 writes down a secret rule" in out and "sets the rule" not in out
    assert "consistent: your rule agrees" in out or "refuted by play" in out
    assert "that rule cannot be read: column" in out and "[rule rule.syntax]" in out
    assert "hint: play " in out and "likeliest rules" in out
    assert "[score.input]" in out


def test_simulate_shows_wrong_cards_per_hand() -> None:
    code, out = run(
        "simulate",
        "eleusis",
        "--games",
        "4",
        "--hands",
        "1",
        "--players",
        "5",
        "--bots",
        "normal,random",
        "--option",
        "rules=colour-or-rank",
    )
    assert code == 0, out
    line = next(x for x in out.splitlines() if "wrong cards per hand" in x)
    figures = dict(part.split() for part in line.split(":", 1)[1].split(","))
    assert float(figures["normal"]) < float(figures["random"])
    code, out = run("simulate", "eleusis", "--games", "2", "--hands", "1", "--json")
    as_json = json.loads(out)["per_hand"]["wrong cards"]["normal"]
    code, text = run("simulate", "eleusis", "--games", "2", "--hands", "1")
    line = next(x for x in text.splitlines() if "wrong cards per hand" in x)
    shown = dict(part.split() for part in line.split(":", 1)[1].split(","))
    assert code == 0 and isinstance(as_json, float) and f"{as_json:.2f}" == shown["normal"]


def test_games_rules_and_deal() -> None:
    code, out = run("games")
    assert code == 0 and "eleusis" in out and "3–7 players" in out
    code, out = run("rules", "eleusis", "score")
    assert code == 0 and "wrong 11 8 6" in out
    code, out = run("rules", "eleusis", "library")
    assert "sevens-switch (hard, classic): modes: colour, parity" in out and "seed-" not in out
    code, out = run("rules", "eleusis", "options")
    assert "deals_per_player" in out and "classic-rules" in out and "seed" not in out
    code, out = run("deal", "eleusis", "--seed", "2", "--players", "5", "--format", "json")
    data = json.loads(out)
    assert data["deck_size"] == 49 and data["removed"] == 3 and len(data["hands"]) == 4
    assert all(len(h) == 12 for h in data["hands"].values()) and data["dealer"] == "P5"
    code, out = run("play", "eleusis", "--players", "8", "--bots", "all")
    assert code == 2
    code, out = run("play", "eleusis", "--option", "rules=nonsense", "--bots", "all")
    assert code == 2 and "rules='nonsense'" in out


@pytest.mark.parametrize("where", ["command", "game"])
def test_the_rule_library_lists_one_rule_a_line(where: str) -> None:
    if where == "command":
        code, out = run("rules", "eleusis", "library")
    else:
        code, out = run("play", "eleusis", "--seed", "3", input="rules library\nquit\n")
    assert code == 0
    starts = [line.strip()[2:].split(" ", 1)[0] for line in out.splitlines() if line.strip().startswith("- ")]
    assert starts == [r.id for r in LIBRARY] and len(starts) >= 20  # each rule begins its own line, in order
    if where == "command":
        assert all(len(line) <= 80 for line in out.splitlines())
