"""The command line with canasta: play, verify, rules, deal, score, and a human game on the
line driver with the refusals the issue lists."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.position import position
from cardcli.replay.io import read, write
from cardcli.session import Session
from cardcli.ui.commands import Controller
from cardcli.ui.console import Console
from cardcli.ui.line_driver import run as run_lines

REPLAYS = Path(__file__).resolve().parents[2] / "replays" / "canasta"


def test_play_two_hands_and_verify(tmp_path: Path) -> None:
    out = tmp_path / "c.cardcli.json"
    r = CliRunner().invoke(cli, ["play", "canasta", "--seed", "3", "--bots", "all", "--hands", "2", "--record", str(out)])
    assert r.exit_code == 0, r.output
    assert r.output.count("went out") + r.output.count("the stock ran out") == 2
    v = CliRunner().invoke(cli, ["replay", "verify", str(out)])
    assert v.exit_code == 0 and "OK (canasta, 2 hands" in v.output


@pytest.mark.parametrize("preset", ["standard", "s0", "s2"])
@pytest.mark.parametrize("players", ["4", "2"])
def test_whole_match_each_preset(tmp_path: Path, preset: str, players: str) -> None:
    out = tmp_path / "m.cardcli.json"
    r = CliRunner().invoke(
        cli, ["play", "canasta", "--seed", "11", "--bots", "all", "--players", players, "--preset", preset, "--record", str(out)]
    )
    assert r.exit_code == 0, r.output
    assert "wins" in r.output.splitlines()[-2]
    v = CliRunner().invoke(cli, ["replay", "verify", str(out)])
    assert v.exit_code == 0 and "complete" in v.output, v.output


def test_a_changed_move_fails_verification(tmp_path: Path) -> None:
    out = tmp_path / "c.cardcli.json"
    CliRunner().invoke(cli, ["play", "canasta", "--seed", "3", "--bots", "all", "--hands", "1", "--record", str(out)])
    data = json.loads(out.read_text())
    moves = data["hands"][0]["moves"]
    i = next(k for k, (_seat, m) in enumerate(moves) if m == "draw")
    moves[i][1] = "meld 3 3 3"
    out.write_text(json.dumps(data))
    v = CliRunner().invoke(cli, ["replay", "verify", str(out)])
    assert v.exit_code == 1
    assert f"move {i + 1}" in v.output and "rule canasta" in v.output and "Traceback" not in v.output


def test_replays_verify_and_show() -> None:
    files = sorted(REPLAYS.glob("*.cardcli.json"))
    assert len(files) >= 2
    players = set()
    for f in files:
        replay = read(f)
        players.add(replay.players)
        Session.from_replay(replay)
        r = CliRunner().invoke(cli, ["replay", "show", str(f)])
        assert r.exit_code == 0 and "takes the pozzo" in r.output
    assert players == {2, 4}


def test_rules_topics() -> None:
    r = CliRunner().invoke(cli, ["rules", "canasta"])
    assert r.exit_code == 0 and "pozzo" in r.output and "score" in r.output
    r = CliRunner().invoke(cli, ["rules", "canasta", "score"])
    assert "score.input" in r.output and "side NS" in r.output
    r = CliRunner().invoke(cli, ["rules", "canasta", "options"])
    assert "s0" in r.output and "s2" in r.output and "canasta_closed_at_seven=false" in r.output
    r = CliRunner().invoke(cli, ["rules", "canasta", "variants"])
    assert "Where the rule sets differ" in r.output


def test_every_rule_id_the_code_names_is_in_the_rulebook() -> None:
    import re

    from cardcli.engine.registry import load

    book = load("canasta").rulebook
    src = Path(__file__).resolve().parents[2] / "cardcli" / "games" / "canasta"
    named = set()
    for f in src.glob("*.py"):
        named |= set(re.findall(r'refuse\(\s*"([a-z0-9.-]+)"', f.read_text()))
    named |= {"meld.held", "add.held"}
    missing = sorted(r for r in named if book.get(r) is None)
    assert not missing, missing


@pytest.mark.parametrize(
    ("seed", "digest", "upcard"),
    [("7", "8220ef0e1f9c20f1", "QH"), ("8", "a75aae3fd40c0577", "8H"), ("hello", "4e3f1220da4419b8", "9D")],
)
def test_deal_is_stable(seed: str, digest: str, upcard: str) -> None:
    a = CliRunner().invoke(cli, ["deal", "canasta", "--seed", seed, "--format", "json"])
    b = CliRunner().invoke(cli, ["deal", "canasta", "--seed", seed, "--format", "json"])
    assert a.exit_code == 0 and a.output == b.output
    data = json.loads(a.output)
    assert (data["digest"], data["upcard"]) == (digest, upcard)
    assert all(len(h) == 15 for h in data["hands"].values())


def test_games_lists_canasta() -> None:
    r = CliRunner().invoke(cli, ["games"])
    assert "canasta" in r.output and "s0" in r.output and "s2" in r.output


# -- a human on the line driver ---------------------------------------------------------------


def _drive(state, lines: str) -> str:
    session = Session.new("canasta", seed=1, players=4, human_seats=(0,))
    session.deal_if_needed()
    session.state = state
    buf = io.StringIO()
    controller = Controller(session, Console(out=buf, err=buf, color=False, charset="ascii"))
    run_lines(controller, io.StringIO(lines), interactive=False)
    return buf.getvalue()


def test_refusals_on_the_line_driver() -> None:
    # taking a frozen pozzo
    out = _drive(position(hands={0: "3 3 K K 9 5"}, pozzo="KH 3S"), "take\nwhy\nquit\n")
    assert "illegal: the pozzo is frozen: a black three is on top" in out
    assert "rule take.black-three" in out and "Frozen by a black three:" in out
    # opening below the minimum: refused at once when the hand cannot reach it, or at the draw
    st = position(opened=(False, False), hands={0: "K K K 5 9 7 6"})
    out = _drive(st, "meld K K K\nquit\n")
    assert "cannot bring it to the 50 your side needs" in out and "rule open.minimum" in out
    st = position(opened=(False, False), hands={0: "K K K A A A 5 5 5 9"}, totals=(3000, 0))
    out = _drive(st, "meld K K K\nmeld 5 5 5\ndraw\nquit\n")
    assert "illegal: your opening is worth 45 points, below the 90" in out and "rule open.minimum" in out
    # a third wildcard in a meld
    out = _drive(position(phase="play", hands={0: "K K K JK JK 2 5 9"}), "meld K K K JK JK 2\nquit\n")
    assert "at most 2 wildcards" in out and "rule meld.set.wilds" in out
    # going out without a dirty canasta
    out = _drive(position(phase="play", hands={0: "9"}, melds={0: ["Q Q Q Q Q Q Q"]}), "discard 9\nquit\n")
    assert "cannot go out yet" in out and "rule out.canastas" in out
    assert "Traceback" not in out


def test_asked_human_partner_answers() -> None:
    # North (a bot) has asked South (human) whether it may go out
    st = position(
        turn=2, phase="answer", asked="asked", hands={0: "5 6", 2: "K K K 9"}, melds={0: ["Q Q Q Q Q Q Q", "8 8 8 8 8 8 JK"]}
    )
    out = _drive(st, "discard 5\nno\nquit\n")
    assert "North asks: may I go out?" in out
    assert "rule ask.waiting" in out and "South answers no" in out


def test_human_game_piped_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    r = runner.invoke(cli, ["play", "canasta", "--seed", "3"], input="moves\nhint\ndraw\nquit\n")
    assert r.exit_code == 0 and "Resume with" in r.output, r.output
    r = runner.invoke(cli, ["play", "--resume", "latest"], input="table\nquit\n")
    assert r.exit_code == 0 and "Your hand" in r.output, r.output


def test_config_errors_are_one_line() -> None:
    r = CliRunner().invoke(cli, ["play", "canasta", "--bots", "all", "--option", "red3_rule=xx"])
    assert r.exit_code == 2 and "Traceback" not in r.output
    r = CliRunner().invoke(cli, ["play", "canasta", "--bots", "all", "--players", "3"])
    assert r.exit_code == 2 and "not 3" in r.output and "Traceback" not in r.output


def test_write_replay_round_trip(tmp_path: Path) -> None:
    s = Session.new("canasta", seed="rt", players=2, human_seats=(), hands_limit=1, preset="s2")
    s.run_bots()
    p = tmp_path / "x.cardcli.json"
    write(p, s.to_replay())
    again = Session.from_replay(read(p))
    assert again.results[-1] == s.results[-1]
    assert isinstance(again.config, CanastaConfig) and again.config.direction == "counterclockwise"


DEMOS = Path(__file__).resolve().parent / "demos"


def _suggested(demo: str) -> str:
    """The move a demo's title suggests trying (`...` at its end)."""
    title = read(DEMOS / f"{demo}.cardcli.json").title or ""
    return title.rsplit("`", 2)[1]


@pytest.mark.parametrize(
    ("demo", "rule", "words"),
    [
        ("frozen-pozzo", "take.black-three", "frozen"),
        ("opening-short", "open.minimum", "cannot bring it to the 50"),
        ("third-wildcard", "meld.set.wilds", "at most 2 wildcards"),
        ("no-dirty-canasta", "out.canastas", "one clean and one dirty canasta"),
    ],
)
def test_demo_positions_refuse_with_their_rule(tmp_path: Path, demo: str, rule: str, words: str) -> None:
    """The demo files (real game prefixes) used to show each refusal with `cardcli play --resume`."""
    typed = _suggested(demo)
    copy = tmp_path / f"{demo}.cardcli.json"
    copy.write_bytes((DEMOS / f"{demo}.cardcli.json").read_bytes())
    assert CliRunner().invoke(cli, ["replay", "verify", str(copy)]).exit_code == 0
    r = CliRunner().invoke(cli, ["play", "--resume", str(copy)], input=f"{typed}\nwhy\nquit\n")
    assert r.exit_code == 0, r.output
    assert f"rule {rule} —" in r.output and words in r.output and "Traceback" not in r.output
