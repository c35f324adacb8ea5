"""Findings of the fuzz tests, each kept as a regression test."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.replay.io import read
from cardcli.replay.journal import SUFFIX, Journal, read_journal
from cardcli.saves import load_save

ROOT = Path(__file__).resolve().parents[2] / "replays"


def test_a_journal_keeps_the_secret_flag_of_eleusis_rules(tmp_path: Path) -> None:
    """Every eleusis autosave failed to resume: the journal dropped the secret flag of the dealer's rule."""
    replay = read(ROOT / "eleusis" / "seed-2-five-bots.cardcli.json")
    path = tmp_path / f"e{SUFFIX}"
    Journal.create(path, replay, None).close()
    back, _ = read_journal(path)
    assert [m.secret for m in back.hands[0].moves] == [m.secret for m in replay.hands[0].moves]
    load_save(path)


def test_an_eleusis_game_resumes(tmp_path: Path) -> None:
    env = {"CARDCLI_HOME": str(tmp_path)}
    first = CliRunner(env=env).invoke(cli, ["play", "eleusis", "--seed", "1"], input="help\nquit\n")
    assert "Game saved as" in first.output
    again = CliRunner(env=env).invoke(cli, ["play", "--resume", "latest"], input="quit\n")
    assert again.exit_code == 0 and "Mainline" in again.output and "Error" not in again.output, again.output


def test_empty_burraco_score_input_is_one_line() -> None:
    run = CliRunner().invoke(cli, ["score", "burraco"], input="")
    assert run.exit_code == 1 and len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_a_lesson_with_a_bad_second_expected_move_is_one_problem(tmp_path: Path) -> None:
    """`tutor check` (and a lesson being played) raised InvalidMove when an `expect` entry after the first
    was not a move."""
    from cardcli.tutor.check import check_file

    src = (ROOT.parent / "tests" / "data" / "lessons" / "bridge" / "02-trumps.toml").read_text()
    assert 'expect = ["play 2S", "play 3S"]' in src
    folder = tmp_path / "bridge"
    folder.mkdir()
    path = folder / "02-trumps.toml"
    path.write_text(src.replace('expect = ["play 2S", "play 3S"]', 'expect = ["play 2S", "lay 3S"]'))
    problem, _ = check_file(path, "bridge")
    assert problem is not None
    lines = problem.splitlines()  # one line per problem (this copy also has today's 3S: two lines)
    assert sum("'lay 3S'" in line for line in lines) == 1 and all(line.startswith("02-trumps.toml: ") for line in lines)


def test_a_config_field_name_with_a_newline_is_one_clean_line(tmp_path: Path) -> None:
    """The share-code soak found it: a mutated byte turned ``rules`` into ``\\nules``, and the
    message quoted the field name with its newline (a replay file's config did the same)."""
    import json

    import pytest

    from cardcli.replay.share import ShareError, load

    code = (
        "cc1-wwFL3YPlnadlbGV1c2lzpXNob3J0gaUKdWxlc6ZzZWVkLTcFAJUBpnJhbmRvbRamcmFuZG9tAcCmcnVsZS03zmsME8DAAMQ"
        "DM6GrlZTDPcQUAC6iqyxXCEcgrgZGX6ArbqWdZFyQlMM4xBMAPntq5WbrLcKSpAuGptoQsbXEkJTDN8QSAbEGPa76NEiNetBffV"
        "A2cIkckJTDOcQTAQr6dJNmjuwrfZIBqnwk3swatpCUwzjEEwADJF-EbbNyHZeikumI_J6UOgyQ"
    )
    with pytest.raises(ShareError) as err:
        load(code)
    assert "\n" not in str(err.value) and "unknown field" in str(err.value)
    data = json.loads((ROOT / "rummy" / "pagat-basic-vs-random.cardcli.json").read_text())
    data["config"]["\x1b]0;owned\x07\nrules"] = 1
    bad = tmp_path / "bad.cardcli.json"
    bad.write_text(json.dumps(data))
    run = CliRunner().invoke(cli, ["replay", "verify", str(bad)])
    assert run.exit_code != 0
    lines = (run.stderr or run.output).strip().splitlines()
    assert len(lines) == 1 and "\x1b" not in lines[0] and "unknown field" in lines[0], lines


def test_a_seed_of_digits_int_cannot_read_is_kept_as_typed(tmp_path: Path) -> None:
    """The replay soak found it: a seed such as "³5" passes ``isdigit`` but not ``int``, and
    verifying the file raised ValueError from deep in the random stream."""
    from cardcli.engine.rng import Rng, normalize_seed

    assert normalize_seed("³5") == "³5" and normalize_seed("007") == "7" and normalize_seed("-03") == "-3"
    assert Rng("³5", "deal", 1).randbelow(52) == Rng("³5", "deal", 1).randbelow(52)
    data = (ROOT / "rummy" / "pagat-basic-vs-random.cardcli.json").read_text()
    import json

    replay = json.loads(data)
    replay["seed"] = "³5"
    bad = tmp_path / "seed.cardcli.json"
    bad.write_text(json.dumps(replay), encoding="utf-8")
    run = CliRunner().invoke(cli, ["replay", "verify", str(bad)])
    out = (run.stderr or run.output).strip().splitlines()
    assert run.exit_code == 1 and len(out) == 1 and "the deck is not the one seed" in out[0], out


def test_a_share_code_whose_start_time_is_no_date_is_one_line() -> None:
    """The share-code soak found it: a start time of 2**64 - 1 seconds raised OSError. (The code is from
    before burraco listed other spellings of its moves: codes number only the plain ones, so it still reads.)"""
    import pytest

    from cardcli.replay.share import ShareError, load

    with pytest.raises(ShareError) as err:
        load(
            "cc1-TsSiBPedp2J1cnJhY2-ggAQClAEBAQHAonI1z3__________AQDEA45EFZGUw2nEIQBuk7qPBR5TEhnbK_5oAInhb-kzqP7q4pZfWspgC7X7OpA"
        )
    assert "start time" in str(err.value) and "\n" not in str(err.value)
