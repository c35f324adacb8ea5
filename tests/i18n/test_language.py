"""Choosing the language: --lang, CARDCLI_LANG, the locale; English stays the default."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cardcli import i18n
from cardcli.cli import cli


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("it", "it"),
        ("it_IT.UTF-8", "it"),
        ("it-IT", "it"),
        ("IT", "it"),
        ("italiano", "it"),
        ("en_US.UTF-8", "en"),
        ("C", "en"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("de_DE.UTF-8", None),
    ],
)
def test_normalize(value: str, code: str | None) -> None:
    assert i18n.normalize(value) == code


def test_english_is_the_default() -> None:
    code, out = run("rules", "burraco")
    assert code == 0 and "Burraco, as played in Italian clubs" in out and "Topics" in out


def test_lang_it_translates_rules_and_help() -> None:
    code, out = run("--lang", "it", "rules", "burraco")
    assert code == 0 and "come si gioca nei circoli italiani" in out and "Argomenti" in out
    code, out = run("--lang", "it", "rules", "burraco", "close")
    assert code == 0 and "[close." in out and "pozzetto" in out and "chiude" in out
    code, out = run("--lang", "it", "--help")
    assert code == 0 and "Uso:" in out and "Opzioni:" in out and "Comandi:" in out and "Gioca e impara" in out
    code, out = run("--lang", "it", "play", "--help")
    assert code == 0 and "Gioca a GAME contro i bot" in out and "Il tuo posto" in out
    code, out = run("--lang", "it", "games")
    assert code == 0 and "preset predefinito" in out and "giocatori" in out


def test_lang_may_follow_the_command() -> None:
    code, out = run("rules", "burraco", "--lang", "it")
    assert code == 0 and "come si gioca nei circoli italiani" in out
    code, out = run("play", "--help", "--lang=it")
    assert code == 0 and "Gioca a GAME contro i bot" in out
    code, out = run("games", "--lang", "xx")
    assert code == 2 and "--lang" in out and "Traceback" not in out
    code, out = run("rules", "burraco", "--lang")
    assert code == 2 and "--lang" in out and "requires an argument" in out


def test_hoisting_leaves_the_rest_in_order() -> None:
    from cardcli.cli import hoist_lang

    assert hoist_lang(["play", "rummy", "--lang", "it", "--seed", "5"]) == ["--lang", "it", "play", "rummy", "--seed", "5"]
    assert hoist_lang(["score", "--", "--lang", "it"]) == ["score", "--", "--lang", "it"]
    assert hoist_lang(["--lang=en", "games"]) == ["--lang=en", "games"]


def test_each_run_starts_from_the_environment_again() -> None:
    run("--lang", "it", "games")
    code, out = run("rules", "rummy")
    assert "Topics" in out


def test_cardcli_lang_and_the_locale_select_italian() -> None:
    code, out = run("rules", "canasta", env={"CARDCLI_LANG": "it"})
    assert "Canasta italiana" in out
    code, out = run("rules", "canasta", env={"LANG": "it_IT.UTF-8"})
    assert "Canasta italiana" in out and "pozzo" in out
    code, out = run("rules", "canasta", env={"LANG": "it_IT.UTF-8", "CARDCLI_LANG": "en"})
    assert "Italian canasta" in out
    code, out = run("rules", "canasta", env={"LANG": "it_IT.UTF-8", "LC_ALL": "C"})
    assert "Italian canasta" in out
    code, out = run("--lang", "en", "rules", "canasta", env={"LANG": "it_IT.UTF-8"})
    assert "Italian canasta" in out


def test_a_real_process_with_lang_it() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("CARDCLI_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = "it_IT.UTF-8"
    out = subprocess.run(
        [sys.executable, "-m", "cardcli", "rules", "canasta", "take"], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert "pozzo" in out and "Prendere il pozzo" in out


def test_click_errors_in_italian() -> None:
    code, out = run("--lang", "it", "rules", "poker")
    assert code == 2 and "Errore" in out and "Valore non valido" in out
    code, out = run("--lang", "xx", "games")
    assert code == 2 and "xx" in out


def test_a_game_in_italian_through_the_line_driver(tmp_path: os.PathLike[str]) -> None:
    env = {"CARDCLI_HOME": str(tmp_path), "LANG": "it_IT.UTF-8"}
    code, out = run("play", "burraco", "--seed", "7", "--players", "2", "--plain", env={**env})
    assert "digita `help` per i comandi" in out and "distribuisce" in out and "Partita salvata come" in out


def test_notation_is_never_translated(tmp_path: os.PathLike[str]) -> None:
    """The same game played in Italian and in English records the same moves."""
    import json

    moves = {}
    for lang, line in (("en", "draw\ndiscard 2\n"), ("it", "pesca\nscarta 2\n")):
        home = tmp_path / lang  # type: ignore[operator]
        record = home / "g.cardcli.json"
        result = CliRunner().invoke(
            cli,
            ["--lang", lang, "play", "rummy", "--seed", "7", "--plain", "--record", str(record), "--hands", "1"],
            input=line + "quit\n",
            env={"CARDCLI_HOME": str(home)},
            catch_exceptions=False,
        )
        assert result.exit_code in (0, 130), result.output
        moves[lang] = json.loads(record.read_text())["hands"][0]["moves"] if record.exists() else None
    assert moves["en"] == moves["it"]
