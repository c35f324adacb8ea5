"""BBO LIN: real-style records import and verify, round trips with replays and PBN, bad input gets one line."""

from __future__ import annotations

import re
import time
import urllib.parse
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.game import RecordedHand
from cardcli.engine.registry import load
from cardcli.games.bridge.lin import LinError, export_lin, import_lin, items
from cardcli.replay.io import read
from cardcli.session import Session

ROOT = Path(__file__).resolve().parents[2]
RUBBER = ROOT / "replays" / "bridge" / "rubber-seed-11.cardcli.json"

# A handviewer record as forum posts carry them: names, the deal without East's hand, an alert, a claim.
HANDVIEWER = (
    "pn|Zia,Meckwell,Rodwell,Hamman|st||md|3SAKJ52HQ3DK4CA987,S9843HAK52DQJ3C54,SQT7HJ9874DA82CK3,|"
    "rh||ah|Board 1|sv|o|mb|1S|mb|p|mb|2N!|an|Jacoby: game forcing raise|mb|p|mb|4S|mb|p|mb|p|mb|p|"
    "pg||pc|CQ|pc|CA|pc|C4|pc|C3|pg||pc|SA|pc|S3|pc|S7|pc|S6|pg||mc|11|"
)
# A BBO "My Hands" style file: two tournament boards (own dealer and vulnerability), one per line, with qx ids.
TOURNAMENT = (
    "qx|o1|pn|alice,bob,carol,dave|st||md|1SK62HAQ5DKQ83CJ42,SAJ5HKJ93DJT4CT87,SQT84H8764DA7CA93,|rh||ah|Board 1|"
    "sv|o|mb|1N|an|15-17|mb|p|mb|2C!|an|Stayman|mb|p|mb|2D|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||pc|H3|pc|H4|pc|HT|pc|HQ|"
    "pg||mc|9|\n"
    "qx|o2|st||md|2S9HK54DA976CAKQ65,SKQ76H832DKQJCJ98,SAJ4HQJ97DT543C74,|rh||ah|Board 2|sv|e|mb|p|mb|1C|mb|p|"
    "mb|1H|mb|p|mb|2C|mb|p|mb|p|mb|p|pc|S5|pc|S9|pc|SK|pc|SA|pg||mc|8|\n"
)


def test_a_handviewer_record_imports_and_verifies() -> None:
    match = import_lin(load("bridge"), HANDVIEWER)
    assert match.first_dealer == 0 and len(match.hands) == 1  # dealer 3 = North
    moves = [m for _s, m in match.hands[0].moves]
    assert moves[:8] == ["1S", "P", "2N", "P", "4S", "P", "P", "P"]
    assert moves[8:16] == ["play QC", "play AC", "play 4C", "play 3C", "play AS", "play 3S", "play 7S", "play 6S"]
    assert moves[16:] == ["claim 11", "accept", "accept"] or moves[16] == "claim 11"
    record = match.hands[0].extra["source"]
    assert record["pn"] == ["Zia", "Meckwell", "Rodwell", "Hamman"] and record["an"] == {"3": "Jacoby: game forcing raise"}
    assert record["alert"] == ["3"] and record["mc"] == 11 and record["kind"] == "complete"
    assert (1, 3, "2N (alerted): Jacoby: game forcing raise") in match.notes
    hand = match.hands[0]
    s = Session.from_replay(_replay(match))
    assert s.results[0] is not None and s.results[0].detail["tricks"] == 11
    assert sorted(hand.deck[0::4]) == sorted("6S TH 6H TD 9D 7D 6D 5D QC JC TC 6C 2C".split())  # East, left out


def _replay(match):  # noqa: ANN001, ANN202
    from cardcli.replay.model import HandRecord, MoveRecord, Replay, SeatRecord

    return Replay(
        format="cardcli-replay",
        version=1,
        app_version="t",
        game="bridge",
        preset="rubber",
        config=__import__("msgspec").to_builtins(match.config),
        players=4,
        seats=[SeatRecord(name=n, kind="human") for n in ("North", "East", "South", "West")],
        first_dealer=match.first_dealer,
        started="2026-01-01T00:00:00+00:00",
        hands=[HandRecord(dealer=h.dealer, deck=h.deck, moves=[MoveRecord(a, b) for a, b in h.moves]) for h in match.hands],
    )


def test_tournament_boards_become_one_set_of_deals() -> None:
    match = import_lin(load("bridge"), TOURNAMENT)
    assert match.config.scoring == "deals" and match.config.deals == "S:None W:EW"  # 1 = South, 2 = West, sv e
    assert [h.dealer for h in match.hands] == [2, 3]
    assert [h.extra["board"] for h in match.hands] == ["1", "2"]
    assert match.hands[1].extra["source"]["pn"] == ["alice", "bob", "carol", "dave"]  # names carry over
    Session.from_replay(_replay(match))


def test_url_encoded_handviewer_link() -> None:
    url = "https://www.bridgebase.com/tools/handviewer.html?bbo=y&lin=" + urllib.parse.quote(HANDVIEWER)
    assert import_lin(load("bridge"), url).hands == import_lin(load("bridge"), HANDVIEWER).hands
    plus = "http://www.bridgebase.com/tools/handviewer.html?lin=" + HANDVIEWER.replace(" ", "+")
    assert import_lin(load("bridge"), plus).hands == import_lin(load("bridge"), HANDVIEWER).hands


def _recorded(s: Session) -> list[RecordedHand]:
    return [RecordedHand(h.dealer or 0, list(h.deck), [(m.seat, m.move) for m in h.moves], r) for h, r in zip(s.hands, s.results)]


def test_replay_lin_replay_round_trip_keeps_deals_auctions_and_play() -> None:
    game = load("bridge")
    s = Session.from_replay(read(RUBBER))
    meta = {"seats": [x.name for x in s.seats]}
    text = export_lin(game, s.config, _recorded(s), meta)
    assert len(text.splitlines()) == len(s.hands)  # one board per hand
    back = import_lin(game, text)
    assert back.first_dealer == s.first_dealer and len(back.hands) == len(s.hands)
    for mine, theirs in zip(s.hands, back.hands):
        assert theirs.dealer == mine.dealer
        assert [sorted(theirs.deck[i::4]) for i in range(4)] == [sorted(mine.deck[i::4]) for i in range(4)]
        assert theirs.moves == [(m.seat, m.move) for m in mine.moves]
    assert export_lin(game, back.config, back.hands, meta) == text


def test_lin_to_replay_to_pbn_equals_replay_to_pbn(tmp_path: Path) -> None:
    runner = CliRunner()
    lin = tmp_path / "r.lin"
    assert runner.invoke(cli, ["replay", "export", str(RUBBER), "--format", "lin", "-o", str(lin)]).exit_code == 0
    got = runner.invoke(cli, ["replay", "import", str(lin), "-o", str(tmp_path / "r.cardcli.json")])
    assert got.exit_code == 0, got.output
    assert runner.invoke(cli, ["replay", "verify", str(tmp_path / "r.cardcli.json")]).exit_code == 0
    direct = runner.invoke(cli, ["replay", "export", str(RUBBER), "--format", "pbn"]).output
    via = runner.invoke(cli, ["replay", "export", str(tmp_path / "r.cardcli.json"), "--format", "pbn"]).output

    def strip(pbn: str) -> list[str]:  # what LIN has no place for: the event, date and seed
        return [x for x in pbn.splitlines() if not re.match(r"\[(Event|Date|Seed) ", x)]

    assert strip(direct) == strip(via)


def test_endplay_reads_the_pbn_of_an_imported_lin(tmp_path: Path) -> None:
    pytest.importorskip("endplay")
    from endplay.parsers import pbn as endplay_pbn

    lin = tmp_path / "hv.lin"
    lin.write_text(HANDVIEWER)
    runner = CliRunner()
    assert runner.invoke(cli, ["replay", "import", str(lin), "-o", str(tmp_path / "hv.cardcli.json")]).exit_code == 0
    pbn = runner.invoke(cli, ["replay", "export", str(tmp_path / "hv.cardcli.json"), "--format", "pbn"]).output
    boards = endplay_pbn.loads(pbn)
    assert len(boards) == 1 and str(boards[0].contract).startswith("4\u2660")
    back = runner.invoke(cli, ["replay", "export", str(tmp_path / "hv.cardcli.json"), "--format", "lin"]).output
    assert "md|3SAKJ52HQ3DK4CA987,S9843HAK52DQJ3C54,SQT7HJ9874DA82CK3,S6HT6DT9765CQJT62|" in back
    assert "|pc|CQ|pc|CA|pc|C4|pc|C3|pg||pc|SA|pc|S3|pc|S7|pc|S6|pg||mc|11|" in back


BAD = [
    (HANDVIEWER.replace("rh||", "zz|1|"), r"board 1, item 4: unknown LIN tag 'zz'"),
    (HANDVIEWER.replace("pc|CA|", "pc|CZ|"), r"item \d+ \(pc\|CZ\): 'CZ' is not a card"),
    (HANDVIEWER.replace("pc|CA|", "pc|HA|"), r"item \d+ \(pc\|HA\): play AH is illegal: .*(hold|follow)"),
    (HANDVIEWER.replace("mb|4S|", "mb|1C|"), r"item \d+ \(mb\|1C\): 1C is illegal"),
    (HANDVIEWER.replace("mb|4S|", "mb|9Q|"), r"'9Q' is not a call"),
    (HANDVIEWER.replace("md|3", "md|7"), r"dealer digit"),
    (HANDVIEWER.replace("SAKJ52", "SAKJ5"), r"South has 12 cards"),
    (HANDVIEWER.replace("S9843", "SA843"), r"AS is dealt twice"),
    (HANDVIEWER.replace("sv|o|", "sv|q|"), r"unknown vulnerability 'q'"),
    (HANDVIEWER.replace("mc|11|", "mc|15|"), r"not a number of tricks"),
    (HANDVIEWER[:-4], r"has no value"),
    (HANDVIEWER[: HANDVIEWER.index("|mb|p|mb|4S") + 4], r"has no value \(the record is truncated\?\)"),
    ("pn|a,b,c,d|st||", r"no board found"),
    ("", r"no board found"),
    (HANDVIEWER + "pc|D2|", r"the hand ended with the claim"),
    (HANDVIEWER.replace("ah|Board 1|", "ah|Bo\x1b[2Jard|").replace("pc|CA|", "pc|CZ|"), r"Bo\?\[2Jard"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_records_get_one_line_naming_board_and_item(text: str, message: str) -> None:
    with pytest.raises(LinError) as info:
        import_lin(load("bridge"), text)
    msg = str(info.value)
    assert "\n" not in msg and "\x1b" not in msg and re.search(message, msg), msg


def test_cli_bad_lin_is_one_line_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.lin"
    bad.write_text(HANDVIEWER.replace("pc|CA|", "pc|HA|"))
    got = CliRunner().invoke(cli, ["replay", "import", str(bad)])
    assert got.exit_code == 1 and len(got.output.strip().splitlines()) == 1 and "Traceback" not in got.output


def test_long_inputs_take_linear_time() -> None:
    board = TOURNAMENT.splitlines()[1] + "\n"
    game = load("bridge")
    t0 = time.process_time()
    import_lin(game, board * 20)
    small = time.process_time() - t0
    t0 = time.process_time()
    import_lin(game, board * 200)
    big = time.process_time() - t0
    assert big < small * 10 * 3 + 0.5
    junk = "nt|" + "x" * 200_000 + "|" * 100_001
    t0 = time.process_time()
    with pytest.raises(LinError):
        import_lin(game, junk)
    assert time.process_time() - t0 < 2
    assert len(items("pg||" * 50_000)) == 50_000
