"""Scorepad matches through the command line: running totals, match rules, corrections, exports."""

from __future__ import annotations

import csv
import io
import json

from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.scorepad.chart import bar, sparkline


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args), input=input)
    return res.exit_code, res.output


def pad_json(name: str) -> dict:
    code, out = run("scorepad", "show", name, "--json")
    assert code == 0, out
    return json.loads(out)


BURRACO_HAND = """\
NS meld 5H 6H 7H 8H 9H TH JH      # a clean burraco
NS meld QS QD QC
EW meld 8C 9C TC
NS hand -
EW hand 7D KS
closed NS
pozzetto NS EW
"""
# N-S: cards 5*3 + 10*4 = 55 + 30 = 85, clean burraco 200, closing 100 → 385.
# E-W: cards 30, in hand 5 + 10 = 15 → 15.


def test_a_whole_burraco_match_reaches_2005_and_names_the_winner() -> None:
    code, out = run("score", "burraco", "--match", "friday", "--names", "Anna,Bruno,Carla,Dino", input=BURRACO_HAND)
    assert code == 0, out
    assert "N-S: hand total +385" in out and "E-W: hand total +15" in out
    assert "Next to deal: West (Bruno)." in out
    hands = ["points NS 600 EW 450", "points Anna 500 Bruno 700", "points N-S 520 E-W 300"]
    for text in hands:
        code, out = run("score", "burraco", "--match", "friday", input=text)
        assert code == 0, out
    assert "Winner: N-S (Anna & Carla), 2005 to 1465." in out
    assert "Next to deal" not in out
    data = pad_json("friday")
    assert [h["totals"]["N-S"] for h in data["hands"]] == [385, 985, 1485, 2005]
    assert [h["dealer"] for h in data["hands"]] == ["South (Anna)", "West (Bruno)", "North (Carla)", "East (Dino)"]
    assert data["over"] and data["winners"] == ["N-S"]
    code, out = run("score", "burraco", "--match", "friday", input="points NS 5 EW 0")
    assert code == 1 and "hand 5: the match was over after hand 4" in out and len(out.splitlines()) == 1


def test_burraco_tie_rule_follows_the_preset() -> None:
    for name, option, expected in (("t1", "tie=replay", "play another hand"), ("t2", "tie=draw", "Shared win")):
        code, out = run("score", "burraco", "--match", name, "-o", option, input="points NS 2100 EW 2100")
        assert code == 0, out
        assert expected in out


def test_burraco_tournament_round_gives_victory_points() -> None:
    args = ["score", "burraco", "--match", "cup", "-o", "tournament_hands=3"]
    code, out = run(*args, input="points NS 400 EW 300\n---\npoints NS 300 EW 200")
    assert code == 0 and "Victory points if the round ended now: N-S 12, E-W 8." in out  # 200: 155-250
    code, out = run(*args[:4], input="points NS 105 EW 0")  # diff 305: 255-350
    assert "The round is over: N-S 13 VP, E-W 7 VP (match points 805 to 500)." in out
    code, out = run("rules", "burraco", "match")
    assert code == 0 and "1255-1500 19-1; 1505+ 20-0" in out and "1705-2000 19-1; 2005+ 20-0" in out


def test_canasta_opening_minimum_follows_the_running_score() -> None:
    # NS reaches 2995, 3000, 5000, 7000, 10000, 12000; EW stays at 4995 then -100.
    steps = [("2995", "4995"), ("5", "0"), ("2000", "0"), ("2000", "0"), ("3000", "-5095"), ("2000", "0"), ("0", "0")]
    text = "\n---\n".join(f"points NS {a} EW {b}" for a, b in steps)
    code, out = run("score", "canasta", "--match", "sunday", input=text)
    assert code == 0, out
    notes = [h["notes"][0] for h in pad_json("sunday")["hands"]]
    assert notes == [
        "opening minimum this hand: NS 50, EW 50",  # 0 / 0
        "opening minimum this hand: NS 50, EW 90",  # 2995 / 4995
        "opening minimum this hand: NS 90, EW 90",  # 3000
        "opening minimum this hand: NS 120, EW 90",  # 5000
        "opening minimum this hand: NS 160, EW 90",  # 7000
        "opening minimum this hand: NS 180, EW 50",  # 10000 / -100
        "opening minimum this hand: NS 200, EW 50",  # 12000
    ]
    assert "Next opening minimum: NS 200 (score 12000), EW 50 (score -100)." in out
    assert "Next to deal: East." in out  # the eighth hand, clockwise from South


def test_canasta_typed_hand_is_scored_by_the_game() -> None:
    hand = "side NS\ncanasta K K K K K K K\ncanasta Q Q Q Q Q 2 JK\nout\nside EW\nmeld 8 8 8\nhand K 7\n"
    code, out = run("score", "canasta", "--match", "c", input=hand)
    assert code == 0, out
    assert "hand: NS +1290, EW +15" in out and "1290" in out.split("total")[-1]


PAPER = ["4S S 10", "3NT E 9", "pass", "2H N 8", "4H N 11"]


def test_bridge_rubber_pad_matches_the_paper_layout() -> None:
    code, out = run("score", "bridge", "--match", "rubber", input="\n".join(PAPER))
    assert code == 0, out
    start = out.index("Scorepad (rubber)")
    lines = out[start:].splitlines()
    line = lines.index("  " + "=" * 48)
    assert lines[2].strip().startswith("above the line") and lines[line + 1].strip().startswith("below the line")
    above, below = lines[3:line], lines[line + 2 :]
    assert [a.split()[:2] for a in above] == [["#5", "rubber"], ["#5", "1"]]  # premiums stack upwards
    assert above[0].endswith("500        ")
    assert [b.split()[0] for b in below[:7]] == [
        "#1",
        "------------------------------------------------",
        "#2",
        "------------------------------------------------",
        "#4",
        "#5",
        "------------------------------------------------",
    ]
    assert below[1].endswith("game 1 to NS") and below[3].endswith("game 2 to EW") and below[6].endswith("game 3 to NS")
    assert below[7].split() == ["Total", "830", "100"]
    assert "games NS 2, EW 1 · rubber over" in out
    assert "Winner: NS, 830 to 100." in out
    # the same layout as `cardcli score bridge` prints for the whole rubber at once
    code, once = run("score", "bridge", input="\n".join(PAPER))
    assert (
        once[once.index("Scorepad (rubber)") :].splitlines()[:-1] == lines[: len(once[once.index("Scorepad") :].splitlines()) - 1]
    )
    dealers = [h["dealer"] for h in pad_json("rubber")["hands"]]
    assert dealers == ["North", "East", "South", "West", "North"]


def test_bridge_vulnerability_and_unfinished_rubber() -> None:
    code, out = run("score", "bridge", "--match", "r2", "--dealer", "W", input="4S S 10\n")
    assert code == 0
    assert "The rubber goes on: games NS 1, EW 0; if it stopped now NS 420, EW 0." in out  # 120 + 300 (Law 80)
    assert "vulnerable: NS" in out and "Next to deal: North." in out
    code, out = run("scorepad", "add", "r2", input="2H N 9\n")
    assert "(vulnerable)" in out


def test_a_corrected_hand_changes_the_totals_and_deleting_works() -> None:
    run("score", "rummy", "--match", "kitchen", "--players", "3", input="closer P1\nP2 KS QH\nP3 5C\n")
    run("score", "rummy", "--match", "kitchen", input="closer P2\nP1 9D\nP3 7S 7H\n")
    run("score", "rummy", "--match", "kitchen", input="points P3 40")
    assert pad_json("kitchen")["totals"] == {"P1": 25, "P2": 23, "P3": 40}
    code, out = run("scorepad", "fix", "kitchen", "1", input="closer P1\nP2 KS QH KD\nP3 5C\n")
    assert code == 0 and "Hand 1 of match kitchen corrected." in out
    data = pad_json("kitchen")
    assert data["totals"] == {"P1": 35, "P2": 23, "P3": 40}
    assert [h["totals"]["P1"] for h in data["hands"]] == [35, 35, 35]
    code, out = run("scorepad", "delete", "kitchen", "--hand", "2")
    assert code == 0
    data = pad_json("kitchen")
    assert [h["hand"] for h in data["hands"]] == [1, 2] and data["totals"] == {"P1": 35, "P2": 0, "P3": 40}
    code, out = run("scorepad", "fix", "kitchen", "9", input="points P1 5")
    assert code == 1 and "match kitchen has no hand 9" in out
    code, out = run("scorepad", "delete", "kitchen", "--yes")
    assert code == 0
    code, out = run("scorepad", "show", "kitchen")
    assert code == 1 and "no scorepad match named 'kitchen'" in out


def test_rummy_two_players_closer_deals_and_target_ends_the_match() -> None:
    code, out = run(
        "score", "rummy", "--match", "duo", "--players", "2", "--names", "Ada,Bea", input="closer Bea\nAda KS QH 5C\n"
    )
    assert code == 0, out
    assert "Next to deal: P2 (Bea)." in out
    code, out = run("scorepad", "add", "duo", input="points Ada 80\n---\npoints P1 20")
    assert "Winner: P1 (Ada), 100 to 25." in out


def test_eleusis_match_ends_after_everyone_dealt_twice() -> None:
    hand = "wrong 4 4\nleft 1 2\n"
    code, out = run("score", "eleusis", "--match", "e", "--players", "3", input="\n---\n".join([hand] * 5))
    assert code == 0 and "Hand 5 of 6" in out
    assert [h["dealer"] for h in pad_json("e")["hands"]] == ["P1", "P2", "P3", "P1", "P2"]
    code, out = run("scorepad", "add", "e", input=hand)
    assert "The match is over." in out


def test_bad_input_is_one_line() -> None:
    cases = [
        (["score", "burraco", "--match", "b"], "NS meld 5H 6H\n", "hand 1:"),
        (["score", "burraco", "--match", "b"], "points NS 33 EW 0\n", "multiples of 5"),
        (["score", "burraco", "--match", "b"], "points XY 30\n", "'XY' is not a side"),
        (["score", "burraco", "--match", "b", "--players", "3"], "points NS 5 EW 5", "2 or 4"),
        (["score", "bridge", "--match", "b2"], "9S S 10\n", "not a contract"),
        (["scorepad", "add", "nowhere"], "points NS 5", "no scorepad match"),
        (["score", "rummy", "--match", "b3", "--names", "Ada"], "closer P1", "1 names given for 2 players"),
    ]
    for args, text, expected in cases:
        code, out = run(*args, input=text)
        assert code == 1, (args, out)
        assert expected in out and len(out.strip().splitlines()) == 1 and "Traceback" not in out
    code, out = run("scorepad", "list")
    assert "No scorepad matches yet" in out  # refused first hands leave no match behind


def test_existing_match_keeps_its_rules_and_game() -> None:
    run("score", "burraco", "--match", "fixed", input="points NS 5 EW 5")
    code, out = run("score", "burraco", "--match", "fixed", "--preset", "casual", input="points NS 5 EW 5")
    assert code == 1 and "already exists" in out
    code, out = run("score", "canasta", "--match", "fixed", input="points NS 5 EW 5")
    assert code == 1 and "is a burraco match" in out


def test_list_and_export() -> None:
    run("score", "burraco", "--match", "one", input="points NS 450 EW 120\n---\npoints NS 100 EW 300")
    run("score", "rummy", "--match", "two", input="closer P1\nP2 KS\n")
    code, out = run("scorepad", "list")
    assert code == 0 and "one" in out and "two" in out and "2 hands · N-S 550, E-W 420 · in progress" in out
    code, out = run("scorepad", "list", "rummy")
    assert "two" in out and "one" not in out
    code, out = run("scorepad", "export", "one", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["hand"], r["N-S total"], r["E-W total"]) for r in rows] == [("1", "450", "120"), ("2", "550", "420")]
    code, out = run("scorepad", "export", "one", "--format", "json")
    assert json.loads(out)["totals"] == {"N-S": 550, "E-W": 420}


def test_charts_have_an_ascii_form() -> None:
    assert sparkline([0, 50, 100]) == "▁▅█"
    assert sparkline([0, 50, 100], "ascii") == "_+@"
    assert bar(0.5, 10, "ascii") == "[#####.....]"
    assert bar(0.25, 4) == "▕█   ▏"
    code, out = run("scorepad", "show", "none", "--charset", "ascii")
    assert code == 1
    run("score", "burraco", "--match", "c", input="points NS 450 EW 120\n---\npoints NS 100 EW 300")
    code, out = run("scorepad", "show", "c", "--charset", "ascii")
    assert "*@  550" in out and "_*  420" in out and "▁" not in out


def test_every_scorepad_command_has_help() -> None:
    for command in (
        ["scorepad"],
        ["scorepad", "list"],
        ["scorepad", "new"],
        ["scorepad", "add"],
        ["scorepad", "show"],
        ["scorepad", "fix"],
        ["scorepad", "delete"],
        ["scorepad", "export"],
        ["history"],
        ["stats"],
    ):
        code, out = run(*command, "--help")
        assert code == 0 and "Usage:" in out, command
    code, out = run("score", "--help")
    assert "--match NAME" in out and "points NS 450 EW 120" in out
