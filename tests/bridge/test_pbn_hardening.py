"""Issue 16: bad PBN gets one line fast, never a hang; real PBN files from other programs import."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.registry import load
from cardcli.games.bridge.pbn import PbnError, decode_pbn, export_pbn, import_pbn, import_pbn_matches, parse_games
from cardcli.replay.io import read
from cardcli.session import Session

FILES = Path(__file__).resolve().parents[1] / "data" / "pbn"

def _game() -> Any:
    return load("bridge")


DEAL = "N:AKQJT9.32.32.432 876.AKQJ.654.765 5432.T98.AKQ.T98 .7654.JT987.AKQJ"


@pytest.mark.parametrize("text,message", [
    ("[", "not closed"),
    ('[Event "x"]\n[Deal "N:AKQ', "not closed"),
    ('[Event "x\x00y"]\n', "NUL"),
    ('[Ev\x00ent "x"]\n', "not of the form"),
    ("{" * 100_000, "never closed"),
    ("[" * 100_000, "not"),
    ('[Event "a"] ] junk', "unexpected"),
])
def test_malformed_pbn_is_one_line_and_fast(text: str, message: str) -> None:
    start = time.perf_counter()
    with pytest.raises(PbnError) as err:
        import_pbn(_game(), text)
    assert time.perf_counter() - start < 2
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_truncated_export_is_refused_quickly() -> None:
    whole = (FILES / "bbo-export.pbn").read_text()
    for cut in range(0, len(whole), 97):
        try:
            import_pbn_matches(_game(), whole[:cut])
        except PbnError as err:
            assert "\n" not in str(err)


def test_many_unclosed_comments_are_linear() -> None:
    start = time.perf_counter()
    games = parse_games("{" + "x" * 200_000 + "}\n" + '[Event "e"]\n' + "{}" * 100_000)
    assert time.perf_counter() - start < 2 and games[0].tags == {"Event": "e"}


def test_dealer_must_be_one_seat() -> None:
    with pytest.raises(PbnError, match="Dealer"):
        import_pbn(_game(), f'[Dealer "ESW"]\n[Deal "{DEAL}"]\n')


@pytest.mark.parametrize("vul,expect", [("Love", "none"), ("-", "none"), ("Both", "both"), ("All", "both"),
                                        ("ns", "NS"), ("EW", "EW")])
def test_vulnerable_spellings(vul: str, expect: str) -> None:
    m = import_pbn(_game(), f'[Scoring "Rubber"]\n[Dealer "N"]\n[Vulnerable "{vul}"]\n[Deal "{DEAL}"]\n')
    assert m.config.start_vulnerable == expect


def test_comment_on_its_own_line_does_not_split_a_game() -> None:
    text = f'[Dealer "N"]\n{{a remark\n\nover a blank line}}\n[Vulnerable "NS"]\n{{one line}}\n[Deal "{DEAL}"]\n'
    games = parse_games(text)
    assert len(games) == 1 and set(games[0].tags) == {"Dealer", "Vulnerable", "Deal"}


def test_latin1_is_the_default_and_utf8_is_sniffed() -> None:
    assert decode_pbn('[Site "Genève"]'.encode("latin-1")) == '[Site "Genève"]'
    assert decode_pbn('[Site "Genève"]'.encode()) == '[Site "Genève"]'
    declared = b"%Content-type: text/x-pbn; charset=ISO-8859-1\n" + '[Site "Genève"]'.encode()
    assert "GenÃ¨ve" in decode_pbn(declared)  # declared Latin-1 is read as Latin-1
    with pytest.raises(PbnError, match="UTF-8"):
        decode_pbn(b"%Content-type: text/x-pbn; charset=UTF-8\n[Site \"\xe8\"]")


def test_deal_command_output_imports(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["deal", "bridge", "--seed", "7", "--format", "pbn"])
    m = import_pbn(_game(), out.output)
    assert len(m.hands) == 1 and m.hands[0].moves == []


REAL = sorted(FILES.glob("*.pbn"))
EXPECT = {  # file → (matches, hands in the first, scoring)
    "bbo-export.pbn": (1, 4, "deals"),
    "bridgecomposer-latin1.pbn": (1, 2, "deals"),
    "acbl-hand-records.pbn": (4, 1, "deals"),
    "dealer-output.pbn": (2, 1, "deals"),
    "dds-deals.pbn": (3, 1, "deals"),
}


def test_every_real_file_is_expected() -> None:
    assert {f.name for f in REAL} == set(EXPECT)


@pytest.mark.parametrize("path", REAL, ids=[f.name for f in REAL])
def test_real_pbn_files_import_and_verify(path: Path, tmp_path: Path) -> None:
    n, hands, scoring = EXPECT[path.name]
    matches = import_pbn_matches(_game(), path.read_bytes())
    assert len(matches) == n and len(matches[0].hands) == hands
    assert all(m.config.scoring == scoring for m in matches)
    out = tmp_path / "x.cardcli.json"
    run = CliRunner().invoke(cli, ["replay", "import", str(path), "-o", str(out)])
    assert run.exit_code == 0, run.output
    made = sorted(tmp_path.glob("*.cardcli.json"))
    assert len(made) == n
    run = CliRunner().invoke(cli, ["replay", "verify", *map(str, made)])
    assert run.exit_code == 0, run.output


def test_tournament_boards_keep_their_dealer_and_vulnerability(tmp_path: Path) -> None:
    m = import_pbn(_game(), (FILES / "bbo-export.pbn").read_bytes())
    assert [h.dealer for h in m.hands] == [0, 1, 2, 3]
    assert m.config.deals == "N:None E:NS S:EW W:All"
    out = tmp_path / "b.cardcli.json"
    assert CliRunner().invoke(cli, ["replay", "import", str(FILES / "bbo-export.pbn"), "-o", str(out)]).exit_code == 0
    s = Session.from_replay(read(out))
    assert s.finished
    vul = [r.detail["vulnerable"] for r in s.results if r is not None]
    assert vul == ["None", "NS", "EW", "All"]
    # exported again, it reads back as the same deals
    game = _game()
    from cardcli.engine.game import RecordedHand
    hands = [RecordedHand(h.dealer or 0, list(h.deck), [(x.seat, x.move) for x in h.moves]) for h in s.hands]
    text = export_pbn(game, s.config, hands, {"seats": [x.name for x in s.seats]})
    assert '[Scoring "TP"]' in text
    back = import_pbn(game, text)
    assert back.config.deals == m.config.deals and [h.moves for h in back.hands] == [h.moves for h in m.hands]


def test_latin1_file_title_and_site() -> None:
    m = import_pbn(_game(), decode_pbn((FILES / "bridgecomposer-latin1.pbn").read_bytes()))
    assert m.meta["site"] == "Club de Genève" and m.meta["title"] == "Cours du mardi"


def test_deals_preset_plays_and_verifies(tmp_path: Path) -> None:
    rec = tmp_path / "d.cardcli.json"
    run = CliRunner().invoke(cli, ["play", "bridge", "--preset", "deals", "--option", "deals=N:None E:All",
                                   "--bots", "all", "--seed", "3", "--record", str(rec)])
    assert run.exit_code == 0, run.output
    s = Session.from_replay(read(rec))
    assert s.finished and [h.dealer for h in s.hands] == [0, 1]
