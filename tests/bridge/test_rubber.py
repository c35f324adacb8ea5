"""The rubber: part scores, a game wiping them, vulnerability, honors, the 700/500 bonus and the
unfinished-rubber settlement (Laws 72-74, 80; rules digest §2.1)."""

from __future__ import annotations

from typing import Any

import pytest

from cardcli.games.bridge.config import PRESETS, BridgeConfig
from cardcli.games.bridge.rubber import Rubber
from cardcli.games.bridge.scoresheet import score_text
from cardcli.games.bridge.scoring import score_deal

RUBBER = PRESETS["rubber"]
N, E, S, W = range(4)


def play(
    r: Rubber,
    hand: int,
    contract: str,
    declarer: int,
    tricks: int,
    honors: tuple[int, int, int] | None = None,
    config: BridgeConfig = RUBBER,
) -> list:
    level, strain, doubled = int(contract[0]), contract[1], contract.count("X")
    vul = r.vulnerable(declarer % 2)
    return r.record(hand, score_deal(level, strain, doubled, declarer, tricks, vul, config, honors))


def test_a_rubber_with_part_scores_a_game_that_wipes_them_honors_and_a_2_1_finish() -> None:
    r = Rubber()
    play(r, 1, "2H", S, 8)  # NS 60 below
    assert r.leg == [60, 0] and r.games == [0, 0]
    play(r, 2, "3C", E, 9, honors=(E, 1, 100))  # EW 60 below, 100 honors above
    assert r.leg == [60, 60]
    play(r, 3, "2S", N, 10)  # NS 60 + 60 = 120: game; 2 overtricks above
    assert r.games == [1, 0] and r.leg == [0, 0]  # the line is drawn: EW's 60 no longer counts toward game
    assert r.vulnerability() == (True, False)
    assert r.totals == [60 + 60 + 60, 60 + 100]
    play(r, 4, "2H", W, 8)  # EW 60 in the new game
    play(r, 5, "3NX", N, 7)  # NS vulnerable, doubled down 2: EW +500
    assert r.totals[1] == 160 + 60 + 500
    play(r, 6, "2S", E, 8)  # EW 60 + 60: game, rubber all square
    assert r.games == [1, 1] and r.vulnerability() == (True, True) and r.leg == [0, 0]
    play(r, 7, "1N", S, 7)  # NS 40
    out = play(r, 8, "4H", W, 10)  # EW game: they win the rubber 2-1
    assert r.over and r.games == [1, 2]
    assert out[-1].item == "rubber" and out[-1].points == 500 and out[-1].side == 1
    assert r.totals == [180 + 40, 160 + 60 + 500 + 60 + 120 + 500]
    assert r.settlement(RUBBER) == []


def test_rubber_bonus_is_700_for_two_nil_and_500_for_two_one() -> None:
    r = Rubber()
    play(r, 1, "4S", N, 10)
    out = play(r, 2, "3N", S, 9)
    assert r.over and out[-1].points == 700  # not the inverted "500 for 2-0" of some guides
    r = Rubber()
    play(r, 1, "4S", N, 10)
    play(r, 2, "5D", E, 11)
    out = play(r, 3, "3N", S, 9)
    assert out[-1].points == 500


def test_vulnerability_changes_undertricks_and_slams() -> None:
    r = Rubber()
    first = play(r, 1, "4HX", N, 8)  # NV doubled down 2: 300
    assert first[0].points == 300
    play(r, 2, "4H", S, 10)  # NS game: now vulnerable
    second = play(r, 3, "4HX", N, 8)  # V doubled down 2: 500
    assert second[0].points == 500
    slam = play(r, 4, "6S", N, 12)
    assert [e.points for e in slam if e.item == "slam"] == [750]


@pytest.mark.parametrize(
    "lines,ns,ew,items",
    [
        # one game, no part score: 300 to its winners
        (["4S N 10"], 120 + 300, 0, {"unfinished-game"}),
        # one game and only EW has a part score in the unfinished game: NS 300, EW 100
        (["4S N 10", "2H E 8"], 120 + 300, 60 + 100, {"unfinished-game", "unfinished-part"}),
        # no game, both have part scores: nobody gets the part-score bonus (Law 80 as quoted)
        (["2H N 8", "2S E 8"], 60, 60, set()),
        # a game each: no 300; only NS has a part score: 100
        (["4S N 10", "4H E 10", "1NT S 7"], 120 + 40 + 100, 120, {"unfinished-part"}),
    ],
)
def test_unfinished_rubber_settlement(lines: list[str], ns: int, ew: int, items: set[str]) -> None:
    sheet = score_text("\n".join(lines), RUBBER)
    assert sheet.points == {"NS": ns, "EW": ew}
    assert {e[3] for e in sheet.data["settlement"]} == items
    assert sheet.data["rubber_over"] is False


def test_unfinished_part_score_options() -> None:
    # old score cards: 50 for each side with a part score
    sheet = score_text("2H N 8\n2S E 8", PRESETS["old-card"])
    assert sheet.points == {"NS": 60 + 50, "EW": 60 + 50}
    only = BridgeConfig(unfinished_part_score=50)
    assert score_text("2H N 8", only).points == {"NS": 60 + 50, "EW": 0}


def test_scoresheet_explains_each_entry_and_rejects_bad_lines() -> None:
    sheet = score_text("pass\n4S S 10\n3NTX E 7\n6H N = honors NS 100\n", RUBBER)
    text = "\n".join(sheet.lines)
    assert "trick points 4 × 30 = 120 below the line" in text
    assert "opponents down 2 = 300 above" in text
    assert "small slam bonus = 750 above" in text  # NS vulnerable after their game
    assert "rubber won 2-0 = 700 above" in text
    assert "honors" in text and "Deal 1: passed out" in text
    with pytest.raises(ValueError, match="line 1"):
        score_text("4Q S 10", RUBBER)
    with pytest.raises(ValueError, match="declarer"):
        score_text("4S Z 10", RUBBER)
    with pytest.raises(ValueError, match="line 2: declarer cannot take 14"):
        score_text("1C N 7\n1C N +7", RUBBER)
    with pytest.raises(ValueError, match="already over"):
        score_text("4S N 10\n4S N 10\n1C E 7", RUBBER)
    with pytest.raises(ValueError, match="four aces"):
        score_text("3NT N 9 honors NS 100", RUBBER)


def test_start_vulnerable_option_does_not_count_as_a_game() -> None:
    r = Rubber.for_config(BridgeConfig(start_vulnerable="NS"))
    assert r.vulnerability() == (True, False) and r.games == [0, 0]
    out = play(r, 1, "2HX", N, 7)
    assert out[0].points == 200


def test_a_hand_result_holds_its_own_hand_so_a_replay_grows_linearly() -> None:
    """Each hand's result is about the same size however long the rubber has run (it once repeated
    the whole scorepad, so a 32-hand rubber's last result was many times its first)."""
    import random

    import msgspec

    from cardcli.engine.deal import shuffled_deck
    from cardcli.engine.fold import Table
    from cardcli.engine.registry import load

    game: Any = load("bridge")
    config = game.presets["rubber"]
    sizes: list[int] = []
    for attempt in range(100):
        rng = random.Random(f"long-{attempt}")
        table: Table[Any, Any] = Table(game, config, 4, 0, strict=False)
        while table.hand < 16 and game.needs_deal(table.state):
            table.deal(shuffled_deck(game.deck(config, 4), f"long-{attempt}", table.hand + 1))
            while not game.hand_over(table.state):
                legal = game.legal_moves(table.state, claims=False)
                table.push(legal[rng.randrange(len(legal))])
        if table.hand >= 16:
            sizes = [len(msgspec.json.encode(r)) for r in table.results if r is not None]
            break
    assert len(sizes) >= 16
    assert max(sizes) < 700, sizes
    assert sum(sizes[-4:]) < 1.5 * sum(sizes[:4]), sizes
