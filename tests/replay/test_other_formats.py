"""Every command that takes a replay FILE takes a .pbn or .lin file as it is, as `replay import` reads it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli

DATA = Path(__file__).parent.parent / "data"
LIN = DATA / "lin" / "robots.lin"
PBN = DATA / "pbn" / "bbo-export.pbn"


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, list(args))
    return r.exit_code, r.stdout, r.stderr


def test_verify_reads_a_lin_file_game_by_game() -> None:
    code, out, _err = run("replay", "verify", str(LIN))
    assert code == 0
    assert out.strip() == f"{LIN}: OK (bridge, 3 hands, 162 moves, complete)"


def test_verify_of_a_broken_pbn_is_one_failed_line() -> None:
    bad = DATA / "fuzz" / "pbn" / "refused-lone-bracket.pbn"
    code, out, err = run("replay", "verify", str(bad), str(LIN))
    assert code == 1
    assert err.strip() == f"{bad}: FAILED: line 1: the tag '[' is not closed"
    assert "OK (bridge, 3 hands" in out  # the good file after it is still checked
    assert "Traceback" not in out + err


def test_show_lists_the_moves_of_a_pbn_file() -> None:
    code, out, err = run("replay", "show", str(PBN))
    assert code == 0, err
    assert out.splitlines()[0] == "#40123 Pairs ACBL Daylong"  # the file's event is the title
    assert "    5. North bids 2♦\n" in out
    assert "   10. East passes; the contract is 2♠ by South; West leads\n" in out


@pytest.mark.parametrize("fmt", ["lin", "pbn"])
def test_export_converts_between_formats_without_an_import_step(fmt: str, tmp_path: Path) -> None:
    out = tmp_path / f"robots.{fmt}"
    code, _out, err = run("replay", "export", str(LIN), "--format", fmt, "-o", str(out))
    assert code == 0, err
    back = tmp_path / "back.cardcli.json"
    assert run("replay", "import", str(out), "-o", str(back))[0] == 0
    code, text, _ = run("replay", "verify", str(back))
    assert "OK (bridge, 3 hands, 162 moves, complete)" in text  # the same three boards, every card


def test_review_reads_a_lin_file() -> None:
    code, out, err = run("replay", "review", str(LIN))
    assert code == 0, err
    contracts = [line.strip() for line in out.splitlines() if line.startswith("  Contract ")]
    assert [c.split(";")[0] for c in contracts] == ["Contract 2♥ by S", "Contract 4♥ by S", "Contract 2NT by E"]


def test_a_file_of_several_games_says_that_it_shows_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardcli.commands import importing

    one = importing.imported(str(LIN))
    monkeypatch.setattr(importing, "imported", lambda file: importing.Imported(one.name, one.game, one.replays * 2))
    code, out, err = run("replay", "show", str(LIN))
    assert code == 0
    assert f"{LIN} holds 2 games; this is the first" in err
    assert out.count("Hand 1 · dealer") == 1  # one game shown, not both


def test_an_unreadable_file_is_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "gone.pbn"
    code, out, err = run("replay", "show", str(missing))
    assert code == 1 and "Traceback" not in out + err
    assert err.strip() == f"Error: {missing}: no such file"
