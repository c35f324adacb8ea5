"""The command line and the line driver, as a person at South would use them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.games.bridge import bots as bridge_bots
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import side_of
from cardcli.session import Session
from cardcli.ui.commands import Controller
from cardcli.ui.console import Console

SOUTH = 2


@pytest.fixture(autouse=True)
def fast_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge_bots, "ENDGAME_CARDS", 0)


def test_bots_play_a_whole_rubber_print_the_scorepad_and_the_record_verifies(tmp_path: Path) -> None:
    rec = tmp_path / "r.cardcli.json"
    out = CliRunner().invoke(cli, ["play", "bridge", "--seed", "11", "--bots", "all", "--bot", "heuristic", "--record", str(rec)])
    assert out.exit_code == 0, out.output
    assert "Scorepad (rubber)" in out.output and "below the line" in out.output
    assert "Rubber over" in out.output and "Final scores: NS" in out.output
    ver = CliRunner().invoke(cli, ["replay", "verify", str(rec)])
    assert ver.exit_code == 0 and "OK (bridge" in ver.output and "complete" in ver.output
    show = CliRunner().invoke(cli, ["replay", "show", str(rec)])
    assert show.exit_code == 0 and "the contract is" in show.output


def test_hands_limit_settles_an_unfinished_rubber(tmp_path: Path) -> None:
    rec = tmp_path / "one.cardcli.json"
    out = CliRunner().invoke(
        cli, ["play", "bridge", "--seed", "11", "--bots", "all", "--bot", "heuristic", "--hands", "1", "--record", str(rec)]
    )
    assert out.exit_code == 0, out.output
    assert "If the rubber stopped here (Law 80)" in out.output
    assert CliRunner().invoke(cli, ["replay", "verify", str(rec)]).exit_code == 0


class Seat:
    """South at a table of bots, through the same controller the line driver uses."""

    def __init__(self, seed: int) -> None:
        self.session = Session.new("bridge", seed=seed, human_seats=(SOUTH,), bot="heuristic")
        self.out = io.StringIO()
        self.ctl = Controller(self.session, Console(out=self.out, err=self.out, charset="ascii"))
        self.ctl.start()

    def say(self, line: str) -> str:
        start = self.out.tell()
        self.ctl.handle(line)
        return self.out.getvalue()[start:]

    @property
    def state(self):  # noqa: ANN201
        return self.session.state

    def hinted(self) -> str:
        move, _why = self.session.hint(SOUTH)
        return self.session.game.format_move(move)


def _south_declares() -> Seat:
    for seed in range(1, 80):
        seat = Seat(seed)
        while seat.state.phase == "auction" and not seat.ctl.done:
            seat.say(seat.hinted())
        c = seat.state.contract
        if c is not None and c.declarer == SOUTH and seat.state.phase == "play":
            return seat
    raise AssertionError("no seed in 1..79 gives South a contract")


def test_south_at_the_table_refusals_explanations_dummy_and_a_claim() -> None:
    # the auction: an insufficient bid and a double of partner are refused with their Laws
    seat = None
    for seed in range(1, 80):
        s = Seat(seed)
        last = s.state.calls[-1] if s.state.calls else None
        partner_bid = (
            len(s.state.calls) >= 2
            and isinstance(s.state.calls[-2], mv.Bid)
            and all(isinstance(c, mv.Pass) for c in s.state.calls[-1:])
        )
        if isinstance(last, mv.Bid) and last.index > 0 or partner_bid:
            seat = s
            break
    assert seat is not None
    bids = [c for c in seat.state.calls if isinstance(c, mv.Bid)]
    if bids and bids[-1].index > 0:
        text = seat.say("1c")
        assert "insufficient bid" in text and "Law 18" in text and "rule auction.insufficient" in text
        why = seat.say("why")
        assert "A bid must be sufficient" in why
    explained = seat.say("explain 1nt")
    assert "by South now" in explained
    assert "auction" in seat.say("auction").lower()
    # find an auction position where partner (North) made the last bid, to double it
    found = False
    for seed in range(1, 200):
        s = Seat(seed)
        calls = s.state.calls
        if len(calls) >= 2 and isinstance(calls[-2], mv.Bid) and isinstance(calls[-1], mv.Pass):
            text = s.say("x")
            assert "you may double only an opponent's bid" in text and "Law 19A" in text
            assert "rule auction.double-partner" in text
            found = True
            break
    assert found

    # the play: dummy appears after the lead, a revoke is refused, a claim (concession) ends the hand
    seat = _south_declares()
    before = seat.say("table")
    # South declares, so West leads before South sees anything: the lead is made by the bot
    assert seat.state.lead_made and "North (dummy" in before
    dummy = seat.state.hands[0]
    assert all(c[0] in before for c in dummy)
    revoked = False
    for _ in range(60):
        st = seat.state
        if st.phase != "play":
            break
        actor = seat.session.to_act()
        if actor != SOUTH:
            break
        hand = st.hands[st.turn]
        if st.trick and not revoked:
            led = st.trick[0][1]
            follow = [c for c in hand if c[1] == led]
            off = [c for c in hand if c[1] != led]
            if follow and off:
                text = seat.say(off[0].lower())
                assert "you must follow suit" in text and "Law 44C" in text and "rule play.follow-suit" in text
                revoked = True
        if revoked and not st.trick:
            won = st.won[side_of(SOUTH)]
            text = seat.say(f"claim {won}")  # concede the rest: the bots accept a concession
            assert "accept" in text.lower()
            break
        seat.say(seat.hinted())
    assert revoked
    claimed = [r for r in seat.session.results if r is not None and r.detail.get("claim")]
    assert claimed and claimed[-1].detail["claim"][0] == "S"
    assert "The hand is over." in seat.out.getvalue()
    pad = seat.say("scorepad")
    assert "Scorepad (rubber)" in pad


def test_piped_moves_through_the_line_driver(tmp_path: Path) -> None:
    rec = tmp_path / "south.cardcli.json"
    script = "\n".join(["help", "explain", "hint", "moves", "1c", "why", "scorepad", "quit"]) + "\n"
    out = CliRunner().invoke(cli, ["play", "bridge", "--seed", "3", "--bot", "heuristic", "--record", str(rec)], input=script)
    assert out.exit_code == 0, out.output
    assert "Traceback" not in out.output
    assert "South>" in out.output and "claim 9" in out.output and "hint:" in out.output
    assert "Game saved as bridge-" in out.output
    resume = CliRunner().invoke(cli, ["replay", "verify", str(rec)])
    assert resume.exit_code == 0


def test_score_and_rules_commands() -> None:
    r = CliRunner().invoke(cli, ["score", "bridge"], input="4S S 10\n3NT E 9\n2H N 9\n")
    assert r.exit_code == 0 and "game 1 to NS" in r.output and "If" not in r.output
    bad = CliRunner().invoke(cli, ["score", "bridge"], input="4S S 10\nfoo\n")
    assert bad.exit_code == 1 and "line 2" in bad.output and "Traceback" not in bad.output
    rules = CliRunner().invoke(cli, ["rules", "bridge", "auction"])
    assert rules.exit_code == 0 and "Law 19" in rules.output and "Law 18" in rules.output
    opts = CliRunner().invoke(cli, ["rules", "bridge", "options"])
    assert "redoubled_insult" in opts.output and "old-card" in opts.output
    games = CliRunner().invoke(cli, ["games"])
    assert "bridge" in games.output
