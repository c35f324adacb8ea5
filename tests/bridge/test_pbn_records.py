"""An import holds only what the file says, and an export writes only what the replay holds.

The round trip runs over every PBN and LIN file of the tests: import, then export in the same format,
gives back every tag and note the file had (board numbers, names, event, site, date, scoring, the
tables it carries), its explanations, alerts and comments, and no call, card, claim or alert the file
did not have. The files from other programs' shapes are read as their writers mean them.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.registry import load
from cardcli.games.bridge.lin import boards, import_lin, items, parse_md
from cardcli.games.bridge.pbn import PbnError, decode_pbn, import_pbn, parse_games
from cardcli.replay.io import read
from cardcli.session import Session

DATA = Path(__file__).resolve().parents[1] / "data"
PBN_FILES = sorted([*(DATA / "pbn").glob("*.pbn"), *(DATA / "fuzz" / "pbn").glob("accepted-*.pbn")])
LIN_FILES = sorted((DATA / "lin").glob("*.lin"))


def _import(tmp_path: Path, path: Path) -> tuple[list[Path], str]:
    out = tmp_path / "in.cardcli.json"
    run = CliRunner().invoke(cli, ["replay", "import", str(path), "-o", str(out)])
    assert run.exit_code == 0, run.output
    return sorted(tmp_path.glob("in*.cardcli.json")), run.stderr


def _export(replay: Path, fmt: str) -> str:
    run = CliRunner().invoke(cli, ["replay", "export", str(replay), "--format", fmt])
    assert run.exit_code == 0, run.output
    return run.output


def _calls(tokens: list[str]) -> list[str]:
    """The calls of an auction section as written (suffixes off), ``AP`` left as it is."""
    out = []
    for t in tokens:
        if t.startswith(("=", "$")):
            continue
        if t in ("-", "*", "+"):
            break
        out.append(re.sub(r"[!?*]+$", "", t).upper().replace("PASS", "PASS"))
        if t.upper() == "AP":
            break
    return out


def _marks(tokens: list[str]) -> list[tuple[int, str]]:
    """The note references and suffixes written on the calls (or cards): (how many calls before, mark)."""
    out = []
    n = 0
    for t in tokens:
        if t.startswith(("=", "$")):
            out.append((n, t))
            continue
        n += 1
        suffix = re.search(r"[!?*]+$", t)
        if suffix and t not in ("*",):
            out.append((n, suffix.group()))
    return out


def _cards(tokens: list[str]) -> Counter[str]:
    return Counter(re.sub(r"[!?]+$", "", t).upper() for t in tokens if not t.startswith(("=", "$")) and t not in ("-", "*", "+"))


def _comment(text: str) -> str:
    return " ".join(text.replace("{", "(").replace("}", ")").split())


@pytest.mark.parametrize("path", PBN_FILES, ids=[p.name for p in PBN_FILES])
def test_pbn_import_then_export_gives_back_the_file(path: Path, tmp_path: Path) -> None:
    made, stderr = _import(tmp_path, path)
    found = parse_games(decode_pbn(path.read_bytes()))
    games = [g for g in found if "Deal" in g.tags or "Auction" in g.sections or "Play" in g.sections]
    left = {int(n) for n in re.findall(r"game (\d+)", stderr)}
    kept = [g for g in games if g.number not in left]
    back = [g for f in made for g in parse_games(_export(f, "pbn"))]
    assert len(back) == len(kept) and kept, (path.name, stderr)
    for orig, got in zip(kept, back):
        where = f"{path.name} game {orig.number}"
        for name, value in orig.tags.items():  # every tag, with the file's value: numbers, names, site, scoring …
            assert got.tags.get(name) == value, (where, name, value, got.tags.get(name))
        assert not set(got.tags) - set(orig.tags), (where, set(got.tags) - set(orig.tags))  # and nothing added
        assert got.notes == orig.notes, where  # the file's notes, and no note of cardcli's
        mine = _calls(orig.sections.get("Auction", []))
        theirs = _calls(got.sections.get("Auction", []))
        if mine and mine[-1] == "AP":  # "all pass": the passes written out
            assert theirs[: len(mine) - 1] == mine[:-1] and set(theirs[len(mine) - 1 :]) == {"PASS"}, where
        else:
            assert theirs == mine, where  # no call the file did not have, none of its lost
        assert _marks(got.sections.get("Auction", [])) == _marks(orig.sections.get("Auction", [])), where
        assert _cards(got.sections.get("Play", [])) == _cards(orig.sections.get("Play", [])), where
        assert ("Claim" in got.tags) == ("Claim" in orig.tags), where  # no claim made up
        for name, rows in orig.rows.items():
            if name not in ("Auction", "Play"):
                assert got.rows.get(name) == rows, (where, name)
        assert [_comment(t) for _w, _n, t in got.comments] == [_comment(t) for _w, _n, t in orig.comments], where


def _lin_boards(text: str) -> list[dict[str, Any]]:
    out = []
    for b in boards(items(text)):
        assert b.deal is not None
        calls, explained, cards, claims, notes = [], {}, [], [], []
        for it in b.items:
            if it.tag == "mb":
                calls.append(it.value.strip().upper())
            elif it.tag == "an" and calls:
                explained[len(calls)] = " ".join(it.value.split())
            elif it.tag == "pc":
                cards.append(it.value.strip().upper().replace("10", "T"))
            elif it.tag == "mc":
                claims.append(it.value.strip())
            elif it.tag == "nt":
                notes.append(" ".join(it.value.split()))
        dealer, hands = parse_md(b.deal, b.where)
        out.append(
            {
                "names": b.names,
                "title": b.title,
                "qx": b.qx,
                "sv": b.vul.value if b.vul else "",
                "deal": (dealer, [sorted(h) for h in hands]),
                "calls": calls,
                "an": explained,
                "cards": cards,
                "mc": claims,
                "nt": notes,
            }
        )
    return out


@pytest.mark.parametrize("path", LIN_FILES, ids=[p.name for p in LIN_FILES])
def test_lin_import_then_export_gives_back_the_file(path: Path, tmp_path: Path) -> None:
    made, _stderr = _import(tmp_path, path)
    orig = _lin_boards(path.read_text())
    back = [b for f in made for b in _lin_boards(_export(f, "lin"))]
    assert back == orig  # names, title, deal, calls with their alerts, explanations, cards, claim: as they were


def test_the_club_file_keeps_every_board_number_name_and_its_scoring(tmp_path: Path) -> None:
    made, _stderr = _import(tmp_path, DATA / "pbn" / "club-pairs-216.pbn")
    assert len(made) == 1
    replay = read(made[0])
    assert len(replay.hands) == 216
    assert [h.extra["board"] for h in replay.hands[:10]] == ["1"] * 8 + ["2"] * 2  # the file's numbers, not 1…216
    pbn = _export(made[0], "pbn")
    assert pbn.count('[Scoring "MP"]') == 216 and '"TP"' not in pbn and '[Site "Circolo del Bridge"]' in pbn
    assert "cardcli:" not in pbn and "[Claim" not in pbn
    session = Session.from_replay(replay)
    kinds = Counter(h.extra["source"]["kind"] for h in replay.hands)
    assert kinds["complete"] == sum(r is not None for r in session.results)
    assert kinds["deal"] and kinds["play"]  # contracts with no auction, and plays that stop, as they are


def test_a_game_played_in_cardcli_marks_its_explanations_as_cardclis(tmp_path: Path) -> None:
    rubber = Path(__file__).resolve().parents[2] / "replays" / "bridge" / "making-game.cardcli.json"
    pbn = _export(rubber, "pbn")
    notes = re.findall(r'\[Note "\d+:([^"]*)"\]', pbn)
    assert notes and all(n.startswith("cardcli: ") for n in notes)
    lin = _export(rubber, "lin")
    assert all(t.startswith("cardcli: ") for t in re.findall(r"an\|([^|]*)\|", lin))


# -- files from other programs, read as their writers mean them ---------------------------------------


def test_a_stray_brace_after_a_comment_that_holds_braces_is_read_with_a_note(tmp_path: Path) -> None:
    m = import_pbn(load("bridge"), (DATA / "pbn" / "vugraph-commentary.pbn").read_bytes())
    assert len(m.hands) == 2
    assert "a comment that holds { } read to its matching }" in m.meta["import"]
    assert (
        1,
        0,
        "comment: Open room. North opens {1D} and South shows hearts: a quiet auction to the\npart score, as at most tables",
    ) in m.notes
    lone = import_pbn(
        load("bridge"), '[Dealer "N"]\n[Deal "N:AKQJT9.32.32.432 876.AKQJ.654.765 5432.T98.AKQ.T98 .7654.JT987.AKQJ"] }\n'
    )
    assert "a } with no { before it was skipped" in lone.meta["import"]


def test_the_other_table_of_a_board_takes_the_boards_tags(tmp_path: Path) -> None:
    m = import_pbn(load("bridge"), (DATA / "pbn" / "teams-other-table.pbn").read_bytes())
    assert len(m.hands) == 4 and m.hands[0].deck == m.hands[1].deck and m.hands[2].deck == m.hands[3].deck
    assert [h.extra["board"] for h in m.hands] == ["2", "2", "3", "3"]
    assert m.hands[1].extra["source"]["tags"]["West"] == "Rizzi"  # its own players, not the other table's
    assert "2 games leave out the tags of the board they were played with (2, 4)" in m.meta["import"]
    assert "Board, Date, Deal, Dealer, Event, Scoring, Site, Vulnerable" in m.meta["import"]


@pytest.mark.parametrize("name", ["commentary-braces.pbn", "commentary-one-line.pbn"])
def test_files_with_several_comments_import_every_game_as_endplay_does(name: str) -> None:
    pytest.importorskip("endplay")
    from endplay.parsers import pbn as endplay_pbn

    text = (DATA / "pbn" / name).read_text()
    m = import_pbn(load("bridge"), text)
    assert len(m.hands) == len(endplay_pbn.loads(text)) == 2
    assert sum(t.startswith("comment: ") for _h, _p, t in m.notes) >= 2


def test_a_whitespace_only_line_ends_a_game() -> None:
    deal = "N:AKQJT9.32.32.432 876.AKQJ.654.765 5432.T98.AKQ.T98 .7654.JT987.AKQJ"
    for blank in (" ", "\t", " \t \r", "\u00a0"):
        games = parse_games(f'[Board "1"]\n[Deal "{deal}"]\n{blank}\n[Board "2"]\n[Deal "{deal}"]\n')
        assert [g.tags["Board"] for g in games] == ["1", "2"], repr(blank)


@pytest.mark.parametrize(
    "tags,reason",
    [
        ('[Contract "6H"]\n', "the Contract tag says '6H', but the auction ends in 6HX S"),
        ('[Declarer "N"]\n', "the Declarer tag says 'N', but by the auction S declares"),
        ('[Deal "N:AKQJT9.32.32.432 876.AKQJ.654.765 5432.T98.AKQ.T98 .7654.JT987.AKQJ"]\n', "two different Deal tags"),
    ],
)
def test_tags_that_contradict_the_moves_leave_the_board_out_with_its_reason(tags: str, reason: str) -> None:
    deal = "S:AKQJT9.32.32.432 876.AKQJ.654.765 5432.T98.AKQ.T98 .7654.JT987.AKQJ"
    bad = f'[Board "7"]\n[Dealer "S"]\n[Deal "{deal}"]\n{tags}[Auction "S"]\n6H X Pass Pass\nPass\n'
    good = f'[Board "8"]\n[Dealer "S"]\n[Deal "{deal}"]\n[Auction "S"]\nPass Pass Pass Pass\n'
    m = import_pbn(load("bridge"), bad + "\n" + good)
    assert len(m.hands) == 1 and m.hands[0].extra["board"] == "8"
    assert len(m.meta["left out"]) == 1 and m.meta["left out"][0].startswith(f"game 1 (board 7): {reason}")
    with pytest.raises(PbnError, match=re.escape(reason)):  # nothing else to import: the reason is the error
        import_pbn(load("bridge"), bad)


def test_import_counts_over_the_test_files() -> None:
    """Every game of every test PBN file imports, except the ones whose tags contradict their moves."""
    game = load("bridge")
    counts = {}
    for path in sorted((DATA / "pbn").glob("*.pbn")):
        m = import_pbn(game, path.read_bytes())
        counts[path.name] = (len(m.hands), len(m.meta.get("left out", [])))
    assert counts == {
        "acbl-hand-records.pbn": (4, 0),
        "bbo-export.pbn": (4, 0),
        "bridgecomposer-latin1.pbn": (2, 0),
        "club-pairs-216.pbn": (216, 0),
        "commentary-braces.pbn": (2, 0),
        "commentary-one-line.pbn": (2, 0),
        "dds-deals.pbn": (3, 0),
        "dealer-output.pbn": (2, 0),
        "teams-other-table.pbn": (4, 0),
        "vugraph-commentary.pbn": (2, 0),
    }


def test_lin_records_are_what_their_files_say() -> None:
    m = import_lin(load("bridge"), (DATA / "lin" / "robots.lin").read_text())
    assert [h.extra["source"]["kind"] for h in m.hands] == ["complete", "complete", "complete"]
    assert m.hands[0].extra["source"]["pn"][2] == "rosa_b"
