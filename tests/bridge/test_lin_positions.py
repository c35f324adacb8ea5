"""BBO's bidding and lead problems and handviewer links: imported as positions to play on, nothing made up."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.registry import load
from cardcli.games.bridge.lin import import_lin
from cardcli.games.bridge.lin_link import is_link, lin_of
from cardcli.replay.io import read
from cardcli.saves import list_saves, load_save

LIN = Path(__file__).resolve().parents[1] / "data" / "lin"
LINK = (
    "https://www.bridgebase.com/tools/handviewer.html?n=ck1098daj987sk106h10&s=c53dkq102s8753ha52"
    "&e=caqj642d5sq94h964&w=c7d643saj2hkqj873&d=e&v=n&b=7&a=p1c(strong)p1h!ppp&nn=Nora&sn=Sam&en=Eve&wn=Walt"
)


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args), input=input)
    return res.exit_code, res.output


def test_a_deal_only_lin_is_a_deal_to_play(tmp_path: Path) -> None:
    out = tmp_path / "d.cardcli.json"
    code, text = run("replay", "import", str(LIN / "deal-only.lin"), "-o", str(out))
    assert code == 0, text
    replay = read(out)
    assert len(replay.hands) == 1 and replay.hands[0].moves == []  # no call made up
    assert replay.hands[0].dealer == 3 and replay.config["start_vulnerable"] == "both"  # md 2 = West, sv b
    assert replay.hands[0].extra["source"]["kind"] == "deal"
    code, text = run("replay", "verify", str(out))
    assert code == 0 and "unfinished" in text
    # played on: you sit South, as the README says, and bid after West's, North's and East's calls
    code, text = run("play", "bridge", "--deal", str(LIN / "deal-only.lin"), "--charset", "ascii", input="quit\n")
    assert code == 0 and "as South" in text and "South>" in text and "you are South" in text, text


def test_a_lead_only_lin_is_a_position_after_the_lead(tmp_path: Path) -> None:
    match = import_lin(load("bridge"), (LIN / "lead-only.lin").read_text())
    moves = [m for _s, m in match.hands[0].moves]
    assert moves == ["1C", "X", "P", "4H", "P", "P", "P", "play 3D"]  # the auction and the lead: no claim
    assert match.hands[0].extra["source"]["kind"] == "play"
    assert (1, 8, "the file's play stops here: a position to play on from") in match.notes
    code, text = run("play", "--from", str(LIN / "lead-only.lin"), "--charset", "ascii", input="play AD\nquit\n")
    assert code == 0 and "Playing on from hand 1, move 8, as South" in text, text
    assert "Trick 1: West 3D" in text and "South plays" in text  # declarer plays dummy's ace
    saved = list_saves()
    assert len(saved) == 1
    session, _record = load_save(saved[0].path)
    assert [m.move for m in session.hands[0].moves][:9] == [*moves, "play AD"]


def test_a_handviewer_link_with_hands_and_an_auction_is_read_as_lin(tmp_path: Path) -> None:
    assert is_link(LINK) and not is_link("pn|a,b,c,d|md|3SA,,,|") and not is_link("board.lin")
    assert lin_of(LINK).startswith("pn|Sam,Walt,Nora,Eve|md|4C53DKQ102S8753HA52,")
    out = tmp_path / "hv.cardcli.json"
    code, text = run("replay", "import", LINK, "-o", str(out))
    assert code == 0 and "link: imported 1 bridge hand" in text, text
    replay = read(out)
    hand = replay.hands[0]
    assert hand.dealer == 1 and replay.config["start_vulnerable"] == "NS"  # d=e, v=n
    assert [m.move for m in hand.moves] == ["P", "1C", "P", "1H", "P", "P", "P"]
    record = hand.extra["source"]
    assert record["ah"] == "Board 7" and hand.extra["board"] == "7"
    assert record["an"] == {"2": "strong"} and record["alert"] == ["4"]
    notes = [a.text for a in replay.annotations]
    assert "board 7 · N Nora, E Eve, S Sam, W Walt" in notes and "1H is alerted" in notes
    code, text = run("play", "--from", LINK, "--charset", "ascii", input="quit\n")
    assert code == 0 and "Playing on from hand 1, move 7, as South" in text, text


def test_a_link_with_two_hands_is_refused_in_one_line() -> None:
    code, text = run(
        "replay", "import", "https://www.bridgebase.com/tools/handviewer.html?n=SKQ2HJ98DAT842CA7&s=ST6HAK7DKJ76CQJT8"
    )
    assert code == 1 and "2 hands are missing; cardcli needs three hands at least" in text
    assert len(text.strip().splitlines()) == 1


def test_a_link_that_is_neither_is_not_taken_for_one() -> None:
    code, text = run("replay", "import", "https://example.org/page.html?x=1")
    assert code == 1 and "cannot import" in text
