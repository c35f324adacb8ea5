"""Burraco through the command line: games, rules, deal, whole bot matches recorded and verified,
a human through the line driver (refusals with their rules), a tampered replay, and the hint."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from scripted import hinted_moves

from cardcli.cli import cli


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args), input=input)
    return res.exit_code, res.output


def test_games_lists_burraco_presets_and_options() -> None:
    code, out = run("games")
    assert code == 0 and "burraco" in out and "2 or 4 players" in out
    for preset in ("fibur-italiano", "fibur-internazionale", "casual"):
        assert preset in out
    data = json.loads(run("games", "--json")[1])
    b = next(g for g in data if g["name"] == "burraco")
    assert b["players"] == [2, 4] and b["default_players"] == 4 and b["default_preset"] == "fibur-italiano"
    names = {o["name"] for o in b["options"]}
    assert {
        "semiclean",
        "semiclean_rule",
        "close_requires",
        "set_ranks",
        "pile_requires_meld",
        "target",
        "tie",
        "tournament_hands",
        "pozzetto_look",
        "single_pile_twin_discard",
        "pinella_can_renaturalize",
    } <= names
    assert all(o["help"] for o in b["options"])


def test_rules_topics_and_the_score_format() -> None:
    code, out = run("rules", "burraco")
    assert code == 0 and "pozzetto" in out and "lastcard" in out and "variants" in out
    code, out = run("rules", "burraco", "score")
    assert code == 0 and "[score.input]" in out and "NS meld 5H 6H 7H JK" in " ".join(out.split())  # folded at 80
    code, out = run("rules", "burraco", "options")
    assert code == 0 and "fibur-internazionale" in out and "close_requires=clean" in out
    code, out = run("rules", "burraco", "variants")
    assert code == 0 and "semi-clean" in out.lower()


def test_deal_is_stable_and_shows_the_pozzetti() -> None:
    code, a = run("deal", "burraco", "--seed", "5", "--format", "json")
    assert code == 0 and a == run("deal", "burraco", "--seed", "5", "--format", "json")[1]
    data = json.loads(a)
    assert len(data["deck"]) == 108 and data["stock"] == 41 and len(data["pozzetti"]) == 2
    assert sorted(data["hands"]) == ["East", "North", "South", "West"]
    assert json.loads(run("deal", "burraco", "--seed", "5", "--players", "2", "--format", "json")[1])["stock"] == 63


def test_three_players_is_refused_in_one_line() -> None:
    code, out = run("play", "burraco", "--players", "3", "--bots", "all")
    assert code == 2 and ("3-player burraco" in out or "burraco is played by 2, 4 players, not 3" in out)
    assert len([line for line in out.splitlines() if line.startswith("Error")]) == 1
    code, out = run("simulate", "burraco", "--players", "3", "--games", "1")
    assert code == 2 and "3-player burraco" in out and "Traceback" not in out


@pytest.mark.parametrize("extra", [[], ["--players", "2"], ["--preset", "fibur-internazionale"]])
def test_a_whole_bot_match_is_recorded_and_verifies(tmp_path: Path, extra: list[str]) -> None:
    f = tmp_path / "b.cardcli.json"
    code, out = run("play", "burraco", "--seed", "5", "--bots", "all", "--record", str(f), *extra)
    assert code == 0, out
    assert "Final scores:" in out and "wins" in out
    code, out = run("replay", "verify", str(f))
    assert code == 0 and "complete" in out, out
    data = json.loads(f.read_text())
    assert max(data["hands"][-1]["result"]["totals"]) >= 2005


def test_a_tampered_replay_fails_with_the_move_and_the_rule(tmp_path: Path) -> None:
    f = tmp_path / "b.cardcli.json"
    run("play", "burraco", "--seed", "5", "--bots", "all", "--hands", "1", "--record", str(f))
    data = json.loads(f.read_text())
    moves = data["hands"][0]["moves"]
    i = next(i for i, m in enumerate(moves) if m[1].startswith("discard"))
    moves[i][1] = "meld 2C 2D 2H"
    f.write_text(json.dumps(data))
    code, out = run("replay", "verify", str(f))
    assert code == 1 and f"move {i + 1}" in out and "illegal:" in out and "[rule burraco " in out, out
    assert len(out.strip().splitlines()) == 1


def test_a_human_gets_each_refusal_with_its_rule() -> None:
    """Seed 5: South holds 3C 7C TC AD 5D 6H 7H KH 3S 7S JS and the pile is a lone 2C."""
    script = (
        "\n".join(
            [
                "meld 7C 7H 7S",  # before drawing
                "take",
                "draw",  # a second draw
                "discard 2C",  # the card just taken from a one-card pile
                "meld 2C 7C 7H 7S 3S",  # not a meld
                "meld 7C 7H 7S",
                "meld 7S 7S 2C",  # not held
                "attach KH 1",  # does not fit
                "attach 3C 3S 2C 1",  # three cards that are not sevens
                "meld 3C 3S 2C",
                "why attach 7H 1",
                "close AD",  # not the last card
                "frobnicate",
                "discard AD",
                "quit",
            ]
        )
        + "\n"
    )
    code, out = run("play", "burraco", "--seed", "5", "--charset", "ascii", input=script)
    assert code == 0
    assert "illegal: first draw from the stock" in out and "rule turn.draw-first" in out
    assert "rule turn.drawn" in out
    assert "you took 2C from a one-card pile this turn" in out and "rule discard.single-pile" in out
    assert "rule meld.set.rank" in out or "rule meld.run.suit" in out
    assert "rule meld.held" in out
    assert "KH cannot go on meld 1" in out
    assert "rule close.last-card" in out
    assert "not a move: 'frobnicate' is not a burraco move" in out
    assert "South discards AD" in out
    assert "Traceback" not in out


def test_hint_and_the_melds_command() -> None:
    code, out = run("play", "burraco", "--seed", "5", "--charset", "ascii", input="hint\ntake\nmeld 7C 7H 7S\nmelds\nquit\n")
    assert code == 0 and "hint: " in out
    assert "[1] 7C 7H 7S - set" in out and "more for a burraco" in out


def scripted(seed: str, players: int) -> list[str]:
    return hinted_moves("burraco", seed, players, 0, hands=1)


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_hand_piped_on_stdin(players: int) -> None:
    moves = scripted("pipe-b", players)
    code, out = run(
        "play", "burraco", "--seed", "pipe-b", "--players", str(players), "--hands", "1", input="\n".join(moves) + "\n"
    )
    assert code == 0, out
    assert "The hand is over." in out and "illegal" not in out


def test_the_shipped_replays_show_what_the_issue_asks() -> None:
    """replays/burraco/: a close with a clean burraco, a hand ending on the stock, a 2-player game.
    (tests/replay verifies every shipped replay; this checks what they contain.)"""
    root = Path(__file__).resolve().parents[2] / "replays" / "burraco"
    games = [json.loads(p.read_text()) for p in sorted(root.glob("*.cardcli.json"))]
    assert games and all(g["game"] == "burraco" for g in games)
    hands = [(g, h) for g in games for h in g["hands"]]

    def clean_close(g: dict, h: dict) -> bool:
        d = h["result"]["detail"]
        if d["end"] != "closed":
            return False
        team = (["South", "West", "North", "East"] if g["players"] == 4 else ["South", "North"]).index(d["closed_by"]) % 2
        return "clean" in d["teams"][team]["burraco"]

    assert any(clean_close(g, h) for g, h in hands)
    assert any(h["result"]["detail"]["end"] == "stock" for _g, h in hands)
    assert any(g["players"] == 2 and g.get("result") and g["result"].get("complete", True) for g in games)
    code, out = run("replay", "show", str(root / "close-with-clean-burraco.cardcli.json"))
    assert code == 0 and "closes the hand" in out and "clean burraco" in out
