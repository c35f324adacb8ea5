"""Text a person or a file gave reaches the terminal only made safe, names have a length limit, and the
scorepad refuses hands that cannot have happened, naming the line."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.store import open_store, record_game

ESC = "\x1b]0;owned\x07\x1b[2J"
"""Sets the terminal's title and clears the screen when written raw."""


def _run(*args: str, input: str = "") -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args), input=input)
    return res.exit_code, res.output


def _store_match_named(name: str, players: list[str]) -> None:
    """A match whose names hold control characters, as an older cardcli (or another program) stored them."""
    with open_store() as st:
        with st.transaction() as conn:
            conn.execute(
                "INSERT INTO matches (name, game, preset, options, players, names, first_dealer, created, "
                "updated) VALUES (?, 'rummy', 'standard', '{}', 2, ?, 0, '2026-01-01T00:00:00+00:00', "
                "'2026-01-01T00:00:00+00:00')",
                (name, json.dumps(players)),
            )
            match_id = conn.execute("SELECT id FROM matches WHERE name = ?", (name,)).fetchone()[0]
            conn.execute(
                "INSERT INTO hands (match_id, position, text, entered) VALUES (?, 1, ?, '2026-01-01T00:00:00+00:00')",
                (match_id, "closer P1\nP2 KS # " + ESC),
            )


@pytest.mark.parametrize(
    "args",
    [
        ["scorepad", "show", "m" + ESC],
        ["scorepad", "list"],
        ["scorepad", "export", "m" + ESC, "--format", "csv"],
        ["scorepad", "export", "m" + ESC, "--format", "json"],
    ],
)
def test_stored_names_and_typed_text_reach_the_terminal_made_safe(args: list[str]) -> None:
    _store_match_named("m" + ESC, ["Anna" + ESC, "Bruno\x9b2J"])
    code, out = _run(*args)
    assert code == 0, out
    assert "\x1b" not in out and "\x07" not in out and "\x9b" not in out
    # what the name and the typed text said is shown, made safe (JSON: escaped)
    if args[-1] == "csv":
        assert "P1 (Anna?]0;owned??[2J)" in out and "P2 KS # ?]0;owned??[2J" in out
    elif args[-1] == "json":
        assert "Anna\\u001b]0;owned\\u0007" in out and "Bruno\\u009b2J" in out
    else:
        assert "m?]0;owned??[2J" in out


def test_history_prints_stored_names_made_safe() -> None:
    record_game(
        "rummy",
        seats=[{"name": "Eve" + ESC, "bot": None, "side": 0}, {"name": "P2\x1bc", "bot": "basic", "side": 1}],
        totals=[100, 0],
        winners=[0],
        hands=3,
        seed="7" + ESC,
        replay="/tmp/g\x1b[2J.cardcli.json",
    )
    code, out = _run("history")
    assert code == 0 and "Eve" in out and "\x1b" not in out and "\x07" not in out


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("Anna\x1b[2J,Bruno", "holds control characters"),
        ("A" * 41 + ",Bruno", "has 41 characters; at most 40 are kept"),
    ],
)
def test_names_given_with_names_are_checked(names: str, message: str) -> None:
    code, out = _run("score", "rummy", "--match", "n", "--names", names, input="closer P1\nP2 KS\n")
    assert code == 1 and message in out and "\x1b" not in out and len(out.strip().splitlines()) == 1
    assert _run("scorepad", "list")[1].startswith("No scorepad matches")


def test_a_match_name_with_control_characters_is_refused() -> None:
    code, out = _run("score", "rummy", "--match", "a\x1b[2Jb", input="closer P1\nP2 KS\n")
    assert code == 1 and "holds control characters" in out and "\x1b" not in out


# -- impossible hands -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        ("rummy", "closer P1\nP2 KS\nP2 QH\n", "line 3: P2 was already given on line 2; one line per player"),
        ("rummy", "players 3\ncloser P1\nP2 KS\nP3 2C\np2 QH\n", "line 5: p2 was already given on line 3"),
        (
            "rummy",
            "players 2\ncloser P1\nP2 AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H\n",
            "line 3: P2 holds 16 cards, but with 2 players each is dealt 10",
        ),
        ("rummy", "players 3\ncloser P2\nP1 AS 2S 3S 4S 5S 6S 7S 8S\n", "P1 holds 8 cards, but with 3 players each is dealt 7"),
        ("eleusis", "wrong " + "1" * 40 + " 2 3\n", "P2 has " + "1" * 40 + " cards counted, but with 4 players each is dealt 17"),
        ("eleusis", "players 3\nwrong 26 2\n", "P2 has 26 cards counted, but with 3 players each is dealt 25"),
        ("eleusis", "left 0 18 3\n", "P3 has 18 cards counted, but with 4 players each is dealt 17"),
    ],
)
def test_the_scorepad_refuses_hands_that_cannot_have_happened(game: str, text: str, message: str) -> None:
    code, out = _run("score", game, input=text)
    assert code == 1 and message in out, out
    assert len(out.strip().splitlines()) == 1
    players = next((ln.split()[1] for ln in text.splitlines() if ln.startswith("players ")), None)
    code, out = _run("score", game, "--match", "impossible", *(["--players", players] if players else []), input=text)
    assert code == 1 and message in out, out
    assert _run("scorepad", "list")[1].startswith("No scorepad matches")  # refused: no match kept


@pytest.mark.parametrize(
    ("game", "text", "points"),
    [
        ("rummy", "players 2\ncloser P1\nP2 AS 2S 3S 4S 5S 6S 7S 8S 9S TS\n", "P1 scores 55"),
        ("eleusis", "wrong 17 0 3\nleft 17 0 3\n", "P3"),
    ],
)
def test_the_largest_possible_hands_are_still_scored(game: str, text: str, points: str) -> None:
    code, out = _run("score", game, input=text)
    assert code == 0 and points in out, out


# -- names and titles from files --------------------------------------------------------------------


def test_a_huge_seat_name_or_title_in_a_replay_is_cut(tmp_path: Path) -> None:
    src = Path(__file__).resolve().parents[2] / "replays" / "rummy" / "three-players-seed-7.cardcli.json"
    data = json.loads(src.read_text())
    data["seats"][0]["name"] = "N" * 100_000
    data["title"] = "T" * 100_000
    path = tmp_path / "long.cardcli.json"
    path.write_text(json.dumps(data))
    code, out = _run("replay", "show", str(path))
    assert code == 0 and "N" * 63 + "…" in out and "N" * 64 not in out and "T" * 199 + "…" in out
    page = tmp_path / "long.html"
    code, out = _run("replay", "export", str(path), "--format", "html", "-o", str(page))
    assert code == 0 and "N" * 63 + "…" in page.read_text() and "N" * 64 not in page.read_text()


def test_unknown_keys_in_a_replay_hand_are_refused_naming_them(tmp_path: Path) -> None:
    src = Path(__file__).resolve().parents[2] / "replays" / "rummy" / "three-players-seed-7.cardcli.json"
    data = json.loads(src.read_text())
    data["hands"][1]["movs"] = data["hands"][1].pop("moves")
    path = tmp_path / "typo.cardcli.json"
    path.write_text(json.dumps(data))
    code, out = _run("replay", "verify", str(path))
    assert code == 1 and "unknown field `movs` - at `$.hands[1]`" in out and len(out.strip().splitlines()) == 1


def test_the_data_folder_being_a_file_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home-file"
    home.write_text("not a folder")
    monkeypatch.setenv("CARDCLI_HOME", str(home))
    code, out = _run("history")
    assert code == 1 and f"CARDCLI_HOME is {home}, which is a file, not a folder" in out
    code, out = _run("play", "rummy", "--seed", "1", input="quit\n")
    assert "the game is not being saved: CARDCLI_HOME is" in out and "Not a directory" not in out
    monkeypatch.setenv("CARDCLI_HOME", str(home / "below"))
    code, out = _run("scorepad", "list")
    assert code == 1 and f"{home} is a file, not a folder: cardcli keeps its games and scores in {home / 'below'}" in out
    assert os.path.isfile(home)
