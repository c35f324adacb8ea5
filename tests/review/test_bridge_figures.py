"""The bridge review's figures: the tricks of a hand ended by a claim (the review, the replay
viewer, the web page and the scorepad agree), the cards a person plays from partner's seat, and
par as the rubber stands."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cardcli.games.bridge import dds
from cardcli.games.bridge.config import BridgeConfig
from cardcli.games.bridge.par import Standing, contract_value, rubber_par
from cardcli.replay.html import positions
from cardcli.replay.model import Replay
from cardcli.review import review_replay, review_session_hand
from cardcli.session import Session
from cardcli.ui.viewer.model import ViewerModel

VIEWER_JS = Path(__file__).resolve().parents[2] / "cardcli" / "replay" / "html" / "viewer.js"
CLAIM_SEEDS = (211, 219, 239)
"""Bot-only games whose first hand ends in an accepted claim (found by playing seeds 200-259; 239 goes down)."""


@pytest.fixture(scope="module")
def claimed() -> dict[int, Replay]:
    out = {}
    for seed in CLAIM_SEEDS:
        s = Session.new("bridge", seed=seed, human_seats=(), hands_limit=1)
        s.run_bots()
        out[seed] = s.to_replay()
    return out


def _js_tally(hand: dict[str, Any], ply: int) -> list[int]:
    """The page's own ``bridgeState`` (from viewer.js, run by node) at move ``ply`` of ``hand``."""
    source = VIEWER_JS.read_text()
    body = source[source.index("function isCall") : source.index("function contractText")]
    script = (
        "const moves = (h) => h.n.length;\n"
        + body
        + f"\nconst h = {json.dumps(hand)};\nprocess.stdout.write(JSON.stringify(bridgeState(h, {ply}).tally));"
    )
    res = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    return [int(x) for x in json.loads(res.stdout)]


@pytest.mark.parametrize("seed", CLAIM_SEEDS)
def test_a_claimed_hand_has_the_same_tricks_everywhere(claimed: dict[int, Replay], seed: int) -> None:
    replay = claimed[seed]
    result = replay.hands[0].result
    assert result is not None
    d = result.detail
    assert d.get("claim"), "the hand ends in an accepted claim"
    tricks = int(d["tricks"])
    side = "NESW".index(str(d["declarer"])) % 2
    totals = [tricks, 13 - tricks] if side == 0 else [13 - tricks, tricks]
    moves = len(replay.hands[0].moves)
    plays = sum(1 for m in replay.hands[0].moves if m.move.startswith("play "))
    assert plays < 52, "cards were left unplayed"

    # the scorepad: the hand's score line
    from cardcli.engine.registry import load

    game = load("bridge")
    score = game.explain_result(result, BridgeConfig(), 4, [])
    assert f"{tricks} tricks" in score[0]

    # the review
    review = review_replay(replay, seats=[side])[0]
    what = review.section("What happened")
    assert what is not None
    assert f"declarer's side took {tricks} tricks" in " ".join(what.lines)

    # the replay viewer at the end of the hand
    model = ViewerModel(replay, charset="ascii")
    model.go(1, moves)
    table = "\n".join("".join(text for _style, text in line) for line in model.screen().table)
    assert f"tricks NS {totals[0]}, EW {totals[1]}" in table

    # the web page: its data, and the page's own code at the last move (and one move earlier,
    # where only the tricks played count)
    hand = positions(replay)["hands"][0]
    assert hand["claimed"] == totals
    if shutil.which("node"):
        assert _js_tally(hand, moves) == totals
        before = _js_tally(hand, moves - 1)
        assert sum(before) == plays // 4 and before != totals


def _partner_contract() -> Session:
    """`cardcli play bridge --seed 5` as South: 1♠, then pass over partner's 2♦; the person plays
    both hands from North (``--declare auto``), following the hints."""
    s = Session.new("bridge", seed=5, human_seats=(2,), hands_limit=1)
    s.declare = "auto"
    s.run_bots()
    s.play(s.resolve("1S"))
    s.run_bots()
    s.play(s.resolve("P"))
    s.run_bots()
    while not s.finished:
        actor = s.to_act()
        assert actor is not None and s.plays_for(actor) == 2
        move, _why = s.hint(actor)
        s.play(move)
        s.run_bots()
    return s


@pytest.mark.skipif(not dds.available(), reason="needs the dds extra")
def test_partners_contract_played_by_the_person_reviews_all_26_cards() -> None:
    s = _partner_contract()
    result = s.results[0]
    assert result is not None and result.detail["declarer"] == "N"
    people = [m for m in s.hands[0].moves if m.move.startswith("play ") and m.seat == 0]
    assert len(people) == 26, "North's seat made both hands' moves"
    for review in (review_session_hand(s), review_replay(s.to_replay())[0]):
        assert review is not None
        costs = review.figures["card_costs"]
        assert len(costs) == 26
        section = review.section("Your cards, double dummy")
        assert section is not None and "no card played" not in " ".join(section.lines)
    # the bots' calls from North are not the person's decisions
    assert all(
        p > s.hands[0].moves.index(next(m for m in s.hands[0].moves if m.move.startswith("play ")))
        for p, _c in review_replay(s.to_replay())[0].figures["card_costs"]
    )


def test_a_bot_declarer_is_not_reviewed_as_the_person() -> None:
    """With ``--declare partner`` the bot plays its contract: nothing of it is the person's."""
    s = Session.new("bridge", seed=5, human_seats=(2,), hands_limit=1)
    s.declare = "partner"
    s.run_bots()
    s.play(s.resolve("1S"))
    s.run_bots()
    s.play(s.resolve("P"))
    s.run_bots()
    assert s.finished
    assert "played_by" not in s.to_replay().hands[0].extra
    review = review_replay(s.to_replay())[0]
    if dds.available():
        assert "card_costs" not in review.figures
        section = review.section("Your cards, double dummy")
        assert section is not None and section.lines == ["no card played by S in this deal"]


# -- par as the rubber stands ---------------------------------------------------------------------
# A deal where North-South take 9 tricks in hearts (8 at notrump, 10 in diamonds) and East-West
# little: what it is worth depends on the rubber.
HEARTS = {"N": [8, 4, 8, 4], "S": [8, 5, 8, 5], "H": [9, 3, 9, 3], "D": [10, 3, 10, 3], "C": [7, 6, 7, 6]}
# East-West make 4S (10 tricks); North-South take 9 in hearts: a sacrifice in 5H costs 2 down.
SPADES = {"N": [6, 7, 6, 7], "S": [6, 10, 6, 10], "H": [9, 4, 9, 4], "D": [5, 8, 5, 8], "C": [5, 8, 5, 8]}
RUBBER = BridgeConfig()
NO_HONORS = BridgeConfig(honors=False)


@pytest.mark.parametrize(
    "table,dealer,standing,score,contract",
    [
        # a fresh rubber: the hearts part score, as high as it makes (3H = 90 below, toward game)
        (HEARTS, 3, Standing(), 90, "3H N ="),
        # NS hold 60 below the line: 2H completes the game, worth 300 at rubber (Law 80's value)
        (HEARTS, 3, Standing(leg=(60, 0)), 390, "3H N ="),
        # ... and NS vulnerable with a game: that game wins the rubber, 700 with EW game-less
        (HEARTS, 3, Standing(leg=(60, 0), games=(1, 0), vulnerable=(True, False)), 790, "3H N ="),
        # ... 500 when EW have a game too
        (HEARTS, 3, Standing(leg=(60, 0), games=(1, 1), vulnerable=(True, True)), 590, "3H N ="),
        # EW's part score does not help NS
        (HEARTS, 3, Standing(leg=(0, 60)), 90, "3H N ="),
        # EW's 4S game (300 at rubber) is beaten by the sacrifice 5HX -2 (300 not vulnerable)
        (SPADES, 0, Standing(), -300, "5HX N -2"),
        # EW vulnerable with a game: 4S wins them the rubber (120 + 700); the sacrifice still costs 300
        (SPADES, 0, Standing(games=(0, 1), vulnerable=(False, True)), -300, "5HX N -2"),
        # both vulnerable: 4S is 120 + 500, 5HX -2 vulnerable 500: the same, so EW take their game
        (SPADES, 0, Standing(games=(1, 1), vulnerable=(True, True)), -500, "5HX N -2"),
    ],
)
def test_rubber_par(table: dict[str, list[int]], dealer: int, standing: Standing, score: int, contract: str) -> None:
    par = rubber_par(table, dealer, standing, NO_HONORS)
    assert par.score == score
    assert contract in par.contracts


def test_par_values_are_the_scorepads() -> None:
    """The values par compares are the entries the rubber makes, plus what a game is worth."""
    fresh = Standing()
    assert contract_value(2, "H", 0, 9, fresh, NO_HONORS) == 60 + 30
    assert contract_value(2, "H", 0, 9, Standing(leg=(60, 0)), NO_HONORS) == 60 + 30 + 300
    assert contract_value(4, "S", 1, 10, fresh, NO_HONORS) == -(120 + 300)
    assert contract_value(5, "H", 0, 9, fresh, NO_HONORS) == -300  # doubled, 2 down, not vulnerable
    assert contract_value(5, "H", 0, 9, Standing(vulnerable=(True, False)), NO_HONORS) == -500
    assert (
        contract_value(6, "N", 2, 12, Standing(games=(1, 0), vulnerable=(True, False)), NO_HONORS) == 190 + 750 + 700
    )  # slam, and the rubber
    deals = BridgeConfig(scoring="deals", honors=False)
    assert contract_value(2, "H", 0, 9, Standing(leg=(60, 0)), deals) == 60 + 30 + 50  # each deal on its own


@pytest.mark.skipif(not dds.available(), reason="needs the dds extra")
def test_the_review_gives_the_rubbers_par_and_says_so() -> None:
    """A second hand dealt with a part score standing: the review's par uses it."""
    s = Session.new("bridge", seed=5, human_seats=(), hands_limit=2)
    s.run_bots()
    first = s.results[0]
    assert first is not None
    replay = s.to_replay()
    reviews = review_replay(replay, seats=[0])
    second = reviews[1]
    leg = first.detail["leg"]
    text = " ".join(second.section("Double dummy").lines)  # type: ignore[union-attr]
    assert f"Par at rubber (part scores NS {leg[0]}, EW {leg[1]};" in text
    table = second.figures["dd_table"]
    score, contracts = second.figures["par"]
    winners = [int(w) for w in first.detail["game_winners"]]
    second_result = replay.hands[1].result
    assert second_result is not None
    dealer = "NESW".index(str(second_result.detail["dealer"]))
    standing = Standing(leg=(leg[0], leg[1]), games=(winners.count(0), winners.count(1)), vulnerable=(0 in winners, 1 in winners))
    want = rubber_par(table, dealer, standing, RUBBER, _original(replay, 2))
    assert (score, contracts) == (want.score, want.contracts)
    assert re.search(r"[+-]?\d+ for North-South", text)


def _original(replay: Replay, hand: int) -> list[list[str]]:
    s = Session.from_replay(replay)
    state = s.table.hand_start(hand)
    s.game.start_hand(state, list(replay.hands[hand - 1].deck))
    return [list(h) for h in state.hands]
