"""PBN: cardcli's writer and reader round-trip, endplay reads what we write, bad files get one line."""

from __future__ import annotations

import pytest

from cardcli.engine.game import RecordedHand
from cardcli.engine.registry import load
from cardcli.games.bridge import bots as bridge_bots
from cardcli.games.bridge.pbn import PbnError, export_pbn, import_pbn, parse_deal, parse_games
from cardcli.session import Session

TEST_DEAL = "N:AKQJT9.32.32.432 876.AKQJ.654.765 5432.T98.AKQ.T98 .7654.JT987.AKQJ"  # as in conftest


@pytest.fixture(scope="module")
def rubber() -> Session:
    mp = pytest.MonkeyPatch()
    mp.setattr(bridge_bots, "ENDGAME_CARDS", 0)
    s = Session.new("bridge", seed=11, human_seats=(), bot="heuristic")
    s.run_bots()
    mp.undo()
    return s


def recorded(s: Session) -> list[RecordedHand]:
    return [RecordedHand(h.dealer, list(h.deck), [(m.seat, m.move) for m in h.moves], r) for h, r in zip(s.hands, s.results)]


def meta(s: Session) -> dict:
    return {"seed": s.seed, "started": s.started, "seats": [x.name for x in s.seats], "preset": s.preset, "title": None}


def test_round_trip_reads_back_identically(rubber: Session) -> None:
    game = load("bridge")
    text = export_pbn(game, rubber.config, recorded(rubber), meta(rubber))
    back = import_pbn(game, text)
    assert back.first_dealer == rubber.first_dealer and back.players == 4
    assert back.config == rubber.config
    assert len(back.hands) == len(rubber.hands)
    for mine, theirs in zip(rubber.hands, back.hands):
        assert theirs.dealer == mine.dealer
        assert theirs.deck == mine.deck  # the seed tag restores the exact deck order
        assert theirs.moves == [(m.seat, m.move) for m in mine.moves]
    # written twice, the same bytes
    assert export_pbn(game, rubber.config, recorded(rubber), meta(rubber)) == text


def test_export_has_the_mandatory_tags_in_order_and_rubber_scoring(rubber: Session) -> None:
    text = export_pbn(load("bridge"), rubber.config, recorded(rubber), meta(rubber))
    games = parse_games(text)
    assert len(games) == len(rubber.hands)
    order = [
        "Event",
        "Site",
        "Date",
        "Board",
        "West",
        "North",
        "East",
        "South",
        "Dealer",
        "Vulnerable",
        "Deal",
        "Scoring",
        "Declarer",
        "Contract",
        "Result",
    ]
    first_game = text.split("\n\n")[1].splitlines()
    assert [line.split()[0][1:] for line in first_game[:15]] == order
    assert all(g.tags["Scoring"] == "Rubber" for g in games)
    for g, r in zip(games, rubber.results):
        assert r is not None
        if r.detail.get("passed_out"):
            assert g.tags["Contract"] == "Pass" and g.tags["Result"] == ""
            assert [t for t in g.sections["Auction"] if not t.startswith("=")] == ["Pass"] * 4
        else:
            assert g.tags["Result"] == str(r.detail["tricks"])


def test_endplay_reads_our_pbn(rubber: Session) -> None:
    pytest.importorskip("endplay")
    from endplay.parsers import pbn as ep_pbn

    text = export_pbn(load("bridge"), rubber.config, recorded(rubber), meta(rubber))
    boards = ep_pbn.loads(text)
    assert len(boards) == len(rubber.hands)
    for board, hand, res in zip(boards, rubber.hands, rubber.results):
        assert res is not None
        dealt = [[], [], [], []]
        for i, c in enumerate(hand.deck):
            dealt[(hand.dealer + 1 + i) % 4].append(c)
        for seat in range(4):
            got = {str(c).replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C") for c in board.deal[seat]}
            want = {c[1] + c[0].replace("T", "T") for c in dealt[seat]}
            assert {g[0] + g[1:].replace("10", "T") for g in got} == want
        assert int(board.dealer) == hand.dealer
        calls = [m for m in hand.moves if not m.move.startswith(("play", "claim", "accept", "reject"))]
        assert len(board.auction) == len(calls)
        plays = [m.move.split()[1] for m in hand.moves if m.move.startswith("play")]
        assert len(board.play) == len(plays)
        for card, mine in zip(board.play, plays):
            assert ("SHDC"[card.suit.value], card.rank.abbr.replace("10", "T")) == (mine[1], mine[0])
        if not res.detail.get("passed_out"):
            c = board.contract
            assert c.level == int(res.detail["contract"][0])
            assert "NESW"[int(c.declarer)] == res.detail["declarer"]
            assert c.level + 6 + c.result == res.detail["tricks"]


def test_deal_pbn_command_output_is_valid() -> None:
    from click.testing import CliRunner

    from cardcli.cli import cli

    out = CliRunner().invoke(cli, ["deal", "bridge", "--seed", "7", "--format", "pbn"])
    assert out.exit_code == 0, out.output
    g = parse_games(out.output)[0]
    hands = parse_deal(g.tags["Deal"], "deal")
    assert sorted(c for h in hands for c in h) == sorted({c for h in hands for c in h}) and len(hands) == 4
    assert g.tags["Scoring"] == "Rubber"
    again = CliRunner().invoke(cli, ["deal", "bridge", "--seed", "7", "--format", "pbn"])
    assert again.output == out.output


def _one(
    deal: str = TEST_DEAL,
    extra: str = "",
    dealer: str = "N",
    auction: str = "1S Pass 2S Pass\nPass Pass",
    contract: str = "2S",
    declarer: str = "N",
    result: str = "8",
) -> str:
    return (
        f'[Event "test"]\n[Site "?"]\n[Date "2024.01.01"]\n[Board "1"]\n[West "?"]\n[North "?"]\n[East "?"]\n'
        f'[South "?"]\n[Dealer "{dealer}"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n[Scoring "Rubber"]\n'
        f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{result}"]\n[Auction "{dealer}"]\n'
        f"{auction}\n{extra}"
    )


def test_an_auction_with_no_play_is_a_position_to_play_on_with_nothing_made_up() -> None:
    game = load("bridge")
    m = import_pbn(game, _one())
    moves = [t for _s, t in m.hands[0].moves]
    assert moves == ["1S", "P", "2S", "P", "P", "P"]  # the file's calls, and no claim for its Result
    record = m.hands[0].extra["source"]
    assert record["kind"] == "play" and record["tags"]["Result"] == "8" and record["tags"]["Contract"] == "2S"
    assert "no claim made up" in m.meta["import"]
    assert (1, 6, "the file's play stops here: a position to play on from · the file records 2S N, 8 tricks") in m.notes


def test_comments_ap_notes_and_suffixes_are_read() -> None:
    game = load("bridge")
    text = "% PBN 2.1\n{a comment\nover lines}\n" + _one(auction="1S! =1= Pass ; comment\n2S AP") + '[Note "1:five spades"]\n'
    m = import_pbn(game, text)
    assert [t for _s, t in m.hands[0].moves][:6] == ["1S", "P", "2S", "P", "P", "P"]


def test_passed_out_deal_reads() -> None:
    game = load("bridge")
    m = import_pbn(game, _one(auction="Pass Pass Pass Pass", contract="Pass", declarer="", result=""))
    assert [t for _s, t in m.hands[0].moves] == ["P"] * 4


@pytest.mark.parametrize(
    "text,message",
    [
        (_one(deal="N:AKQJT9.32.32.432 876.AKQJ.654.765 5432.T98.AKQ.T98 A.7654.JT987.AKQJ"), "dealt twice"),
        (_one(deal="N:AKQJT9.32.32.43 876.AKQJ.654.765 5432.T98.AKQ.T98 .7654.JT987.AKQJ2"), "has 12 cards"),
        (_one(deal="N:AKQJT9.32.32"), "four hands"),
        (_one(dealer="Q"), "Dealer"),
        (_one(auction="1S 1C"), "insufficient"),
        (_one(extra='[Play "E"]\nSA S2 S3 S4\n'), "card 1"),
        ("no tags here at all", "no games"),
    ],
)
def test_bad_files_get_one_line(text: str, message: str) -> None:
    with pytest.raises(PbnError) as err:
        import_pbn(load("bridge"), text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_dealers_must_rotate_in_a_rubber() -> None:
    passed = dict(auction="Pass Pass Pass Pass", contract="Pass", declarer="", result="")
    text = _one(**passed) + "\n" + _one(dealer="W", **passed)  # East deals the second hand of a rubber
    m = import_pbn(load("bridge"), text)
    assert len(m.hands) == 1 and "rotation" in m.meta["left out"][0] and "game 2 (board 1)" in m.meta["left out"][0]


def test_cli_export_and_import(tmp_path, rubber: Session) -> None:  # noqa: ANN001
    from click.testing import CliRunner

    from cardcli.cli import cli

    rec = tmp_path / "r.cardcli.json"
    rubber.save(rec)
    pbn = tmp_path / "r.pbn"
    run = CliRunner().invoke(cli, ["replay", "export", str(rec), "--format", "pbn", "-o", str(pbn)])
    assert run.exit_code == 0, run.output
    run = CliRunner().invoke(cli, ["replay", "import", str(pbn), "-o", str(tmp_path / "back.cardcli.json")])
    assert run.exit_code == 0, run.output
    run = CliRunner().invoke(cli, ["replay", "verify", str(tmp_path / "back.cardcli.json")])
    assert run.exit_code == 0, run.output
    bad = tmp_path / "bad.pbn"
    bad.write_text(_one(auction="1S 1C"))
    run = CliRunner().invoke(cli, ["replay", "import", str(bad)])
    assert run.exit_code == 1 and "insufficient" in run.output and "Traceback" not in run.output
