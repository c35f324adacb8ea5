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


@pytest.mark.parametrize(
    "text,message",
    [
        ("[", "not closed"),
        ('[Event "x"]\n[Deal "N:AKQ', "not closed"),
        ('[Event "x\x00y"]\n', "NUL"),
        ('[Ev\x00ent "x"]\n', "not of the form"),
        ("{" * 100_000, "never closed"),
        ("[" * 100_000, "not"),
        ('[Event "a"] ] junk', "unexpected"),
    ],
)
def test_malformed_pbn_is_one_line_and_fast(text: str, message: str) -> None:
    start = time.process_time()
    with pytest.raises(PbnError) as err:
        import_pbn(_game(), text)
    assert time.process_time() - start < 2
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_truncated_export_is_refused_quickly() -> None:
    whole = (FILES / "bbo-export.pbn").read_text()
    for cut in range(0, len(whole), 97):
        try:
            import_pbn_matches(_game(), whole[:cut])
        except PbnError as err:
            assert "\n" not in str(err)


def test_many_unclosed_comments_are_linear() -> None:
    start = time.process_time()
    games = parse_games("{" + "x" * 200_000 + "}\n" + '[Event "e"]\n' + "{}" * 100_000)
    assert time.process_time() - start < 2 and games[0].tags == {"Event": "e"}


def test_dealer_must_be_one_seat() -> None:
    with pytest.raises(PbnError, match="Dealer"):
        import_pbn(_game(), f'[Dealer "ESW"]\n[Deal "{DEAL}"]\n')


@pytest.mark.parametrize(
    "vul,expect", [("Love", "none"), ("-", "none"), ("Both", "both"), ("All", "both"), ("ns", "NS"), ("EW", "EW")]
)
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
        decode_pbn(b'%Content-type: text/x-pbn; charset=UTF-8\n[Site "\xe8"]')


def test_deal_command_output_imports(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["deal", "bridge", "--seed", "7", "--format", "pbn"])
    m = import_pbn(_game(), out.output)
    assert len(m.hands) == 1 and m.hands[0].moves == []


REAL = sorted(FILES.glob("*.pbn"))
EXPECT = {  # file → (matches, hands in the first, scoring)
    "bbo-export.pbn": (1, 4, "deals"),
    "bridgecomposer-latin1.pbn": (1, 2, "deals"),
    "acbl-hand-records.pbn": (1, 4, "deals"),
    "dealer-output.pbn": (1, 2, "deals"),
    "dds-deals.pbn": (1, 3, "deals"),
    "club-pairs-216.pbn": (1, 216, "deals"),
    "commentary-braces.pbn": (1, 2, "deals"),
    "commentary-one-line.pbn": (1, 2, "deals"),
    "teams-other-table.pbn": (1, 4, "deals"),
    "vugraph-commentary.pbn": (1, 2, "deals"),
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
    # boards 1, 2 and 4 stop after the opening lead (BBO writes the play up to the claim): positions to play
    # on from; board 3 is passed out, and finished
    assert [r is not None for r in s.results] == [False, False, True, False]
    assert not s.finished
    # exported again, it reads back as the same deals and moves
    game = _game()
    from cardcli.engine.game import RecordedHand

    hands = [
        RecordedHand(h.dealer or 0, list(h.deck), [(x.seat, x.move) for x in h.moves], extra=r.extra)
        for h, r in zip(s.hands, read(out).hands)
    ]
    text = export_pbn(game, s.config, hands, {"seats": [x.name for x in s.seats]})
    assert text.count('[Scoring "MP"]') == 4 and '[Scoring "TP"]' not in text  # the file's scoring, kept
    back = import_pbn(game, text)
    assert back.config.deals == m.config.deals and [h.moves for h in back.hands] == [h.moves for h in m.hands]


def test_latin1_file_title_and_site() -> None:
    m = import_pbn(_game(), decode_pbn((FILES / "bridgecomposer-latin1.pbn").read_bytes()))
    assert m.meta["site"] == "Club de Genève" and m.meta["title"] == "Cours du mardi"


def test_deals_preset_plays_and_verifies(tmp_path: Path) -> None:
    rec = tmp_path / "d.cardcli.json"
    run = CliRunner().invoke(
        cli,
        [
            "play",
            "bridge",
            "--preset",
            "deals",
            "--option",
            "deals=N:None E:All",
            "--bots",
            "all",
            "--seed",
            "3",
            "--record",
            str(rec),
        ],
    )
    assert run.exit_code == 0, run.output
    s = Session.from_replay(read(rec))
    assert s.finished and [h.dealer for h in s.hands] == [0, 1]


# -- what files from other programs hold: each case taken from a public PBN file --------------------


def _import_run(tmp_path: Path, text: str | bytes) -> tuple[Any, list[Path]]:
    path = tmp_path / "in.pbn"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    run = CliRunner().invoke(cli, ["replay", "import", str(path), "-o", str(tmp_path / "out.cardcli.json")])
    return run, sorted(tmp_path.glob("out*.cardcli.json"))


@pytest.mark.parametrize(
    "tags,dealer",
    [
        ("", 0),  # a solver's hand record: the Deal tag alone
        ('[Dealer ""]\n', 0),
        ('[Dealer "?"]\n', 0),
        ('[Board "3"]\n', 2),  # the board number's dealer in the standard rotation
        ('[Board "3"]\n[Dealer ""]\n', 2),
    ],
)
def test_a_board_that_names_no_dealer(tags: str, dealer: int) -> None:
    m = import_pbn(_game(), f'{tags}[Deal "{DEAL}"]\n')
    assert m.hands[0].dealer == dealer and "no dealer named" in m.meta["import"]


def test_the_deal_tags_first_hand_deals_when_nothing_else_says() -> None:
    east_first = "E:" + DEAL[2:]
    assert import_pbn(_game(), f'[Deal "{east_first}"]\n').hands[0].dealer == 1


def test_an_empty_vulnerable_tag_is_none_or_the_boards() -> None:
    assert import_pbn(_game(), f'[Vulnerable ""]\n[Dealer "N"]\n[Deal "{DEAL}"]\n').config.deals == "N:None"
    assert import_pbn(_game(), f'[Board "2"]\n[Vulnerable "?"]\n[Deal "{DEAL}"]\n').config.deals == "E:NS"


def test_an_empty_play_tag_is_no_play_and_a_star_marks_an_alert() -> None:
    text = (
        f'[Dealer "E"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Auction "E"]\nPASS 1C* PASS 1S\n'
        'PASS 2S PASS PASS\nPASS\n[Play ""]\n'
    )
    m = import_pbn(_game(), text)
    assert [mv for _s, mv in m.hands[0].moves] == ["P", "1C", "P", "1S", "P", "2S", "P", "P", "P"]


def test_a_tag_spread_over_lines_and_a_tag_without_a_space() -> None:
    games = parse_games(' [\n   Event\n         "use new lines"\n                         ]\n\n[Site"Genève"] [Date "1998"]\n')
    assert [g.tags for g in games] == [{"Event": "use new lines"}, {"Site": "Genève", "Date": "1998"}]
    with pytest.raises(PbnError, match="not closed"):  # a cut-off tag is still one line, not joined with the next
        parse_games('[Deal "N:AKQ\n[Event "x"]\n')


def test_an_auction_that_stops_is_a_position_and_the_boards_after_it_import(tmp_path: Path) -> None:
    board = f'[Board "{{n}}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Auction "N"]\n{{calls}}\n'
    text = "\n".join([board.format(n=1, calls="P P P P"), board.format(n=2, calls="P"), board.format(n=3, calls="P P P P")])
    run, made = _import_run(tmp_path, text)
    assert run.exit_code == 0, run.output
    assert len(made) == 1  # one set of deals: board 2 still to be bid, between two finished boards
    s = Session.from_replay(read(made[0]))
    assert s.finished and [r is not None for r in s.results] == [True, False, True]
    assert [m.move for m in s.hands[1].moves] == ["P"]
    notes = [a.text for a in read(made[0]).annotations]
    assert any("auction stops (game 2)" in t for t in notes)
    assert "the file's auction stops here: a position to bid on from" in notes
    with pytest.raises(PbnError, match="incomplete, but cards were played"):
        import_pbn(_game(), board.format(n=1, calls="1S P") + '[Play "E"]\nSA - - -\n')


def test_games_with_nothing_to_replay_are_left_out_and_numbers_stay_the_files(tmp_path: Path) -> None:
    text = (
        f'[Dealer "N"]\n[Deal "{DEAL}"]\n\n[Scoring "MP;MP1"]\n\n[Vulnerable "NS"]\n\n'
        f'[Dealer "E"]\n[Deal "N:AKQJT9.32.32.432 - - -"]\n\n[Dealer "S"]\n[Deal "{DEAL}"]\n'
    )
    run, made = _import_run(tmp_path, text)
    assert run.exit_code == 0 and len(made) == 1, run.output
    assert "left out: game 4: the Deal tag leaves 3 hands unknown" in run.stderr  # the file's own game number
    notes = " ".join(a.text for a in read(made[0]).annotations)
    assert "2 game(s) with no deal and no moves were left out" in notes and "left out: game 4" in notes
    (tmp_path / "only").mkdir()
    run, made = _import_run(tmp_path / "only", '[Deal "N:AKQJT9.32.32.432 - - -"]\n')
    assert run.exit_code == 1 and "3 hands unknown" in run.output and made == []  # nothing to import: refused
