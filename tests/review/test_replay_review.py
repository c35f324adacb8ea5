"""`cardcli replay review FILE` on the shipped replays: each game's sections, with real content."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.rng import Rng
from cardcli.games.bridge import dds
from cardcli.replay.io import read
from cardcli.review import review_replay

REPLAYS = Path(__file__).resolve().parents[2] / "replays"


def run(*args: str) -> str:
    """The whole review (`--full`): these tests read every section."""
    res = CliRunner().invoke(cli, ["replay", "review", *args, "--full", "--charset", "ascii"])
    assert res.exit_code == 0, res.output
    return res.output


@pytest.mark.skipif(not dds.available(), reason="needs the dds extra")
def test_bridge_review_prints_the_dd_table_endplay_computes() -> None:
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    file = REPLAYS / "bridge" / "making-game.cardcli.json"
    out = run(str(file))
    for title in ("Hand 1 as dealt", "What happened", "The score", "Double dummy", "Your cards, double dummy"):
        assert title in out
    assert "Auction (dealer W): P P P 1N P 2C P 2D P 2N P 3N P P P" in out
    # The deal straight from the file's deck, solved by endplay here, independently of the review.
    replay = read(file)
    g = __import__("cardcli.engine.registry", fromlist=["load"]).load("bridge")
    from cardcli.session import Session

    start = Session.from_replay(replay).table.hand_start(1)
    g.start_hand(start, list(replay.hands[0].deck))
    order = "AKQJT98765432"
    pbn = "N:" + " ".join(
        ".".join("".join(sorted((c[0] for c in h if c[1] == s), key=order.index)) for s in "SHDC") for h in start.hands
    )
    table = calc_dd_table(Deal(pbn))
    for strain, denom in (("NT", Denom.nt), ("S", Denom.spades), ("H", Denom.hearts), ("D", Denom.diamonds), ("C", Denom.clubs)):
        row = [int(table[denom, Player(d)]) for d in range(4)]
        assert f"  {strain:<3} " + "  ".join(f"{n:>2}" for n in row) in out
    assert "Par at rubber (part scores NS 0, EW 0; vulnerable: none):" in out
    assert "double dummy sees all four hands" in out


@pytest.mark.skipif(not dds.available(), reason="needs the dds extra")
def test_bridge_card_costs_match_dds_before_and_after_each_card() -> None:
    """The cost of each reviewed card is the drop in the side's DD tricks, recomputed from the positions."""
    file = REPLAYS / "bridge" / "doubled-and-defeated.cardcli.json"
    reviews = review_replay(read(file), seats=[3])  # West, a defender here
    costs = dict(reviews[0].figures["card_costs"])
    assert costs and all(c >= 0 for c in costs.values())
    total = sum(costs.values())
    out = run(str(file), "--seat", "W")
    if total:
        assert f"in all: {total} trick{'' if total == 1 else 's'} lost double dummy" in out
    else:
        assert "every card held the double-dummy result" in out


def test_bridge_without_the_extra_says_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dds, "available", lambda: False)
    out = run(str(REPLAYS / "bridge" / "small-slam.cardcli.json"))
    assert "double-dummy analysis needs the dds extra" in out
    assert "Tricks each declarer takes" not in out
    assert "What happened" in out and "The score" in out


def test_rummy_review_flags_the_decisions_where_the_bot_differs() -> None:
    file = REPLAYS / "rummy" / "pagat-basic-vs-random.cardcli.json"  # P2 is the random bot
    replay = read(file)
    reviews = review_replay(replay, seats=[1], hands={1})
    found = reviews[0].figures["findings"]
    assert found, "a random player differs from the strongest bot somewhere"
    from cardcli.engine.registry import load

    g = load("rummy")
    for f in found:
        d = f.decision
        legal = g.legal_moves(d.before)
        move, why = g.bots["basic"]().advise(g.view(d.before, 1), legal, Rng(replay.seed, "bot", 1, 1, d.ply - 1))
        assert g.format_move(move) == f.advice != d.notation
        assert why == f.reason
    out = run(str(file), "--seat", "P2", "--hand", "1")
    # only the differences the rollouts make sure are stated, with how sure; the rest are counted
    for f in found:
        line = f"move {f.decision.ply}: P2 played {f.decision.notation}; the bot would play {f.advice}: {f.reason}"
        assert (line in out) == f.sure
        if f.sure:
            assert f"sure at 99%, over {f.rollouts} rollouts" in out.split(line)[1].split("\n")[0]
    unclear = sum(1 for f in found if not f.sure)
    assert (f"{unclear} other choice" in out) == bool(unclear)
    assert "no difference in points" not in out
    assert "Your decisions" in out and "The score" in out and "P1: " in out


def test_rummy_review_of_the_bots_own_seat_finds_nothing() -> None:
    """P1 is the basic bot, which is the strongest: with the hint's stream it chose the same every time."""
    file = REPLAYS / "rummy" / "pagat-basic-vs-random.cardcli.json"
    out = run(str(file), "--seat", "P1", "--hand", "1")
    assert "the strongest bot would have made every one of these" in out


def test_burraco_review() -> None:
    out = run(str(REPLAYS / "burraco" / "close-with-clean-burraco.cardcli.json"))
    for title in ("Hand 1 as dealt", "What happened", "The score", "Your decisions"):
        assert title in out


def test_canasta_review() -> None:
    out = run(str(REPLAYS / "canasta" / "four-players-s0.cardcli.json"))
    for title in ("Hand 1 as dealt", "What happened", "The score", "Your decisions"):
        assert title in out


def test_eleusis_review_marks_every_card_with_a_clause_that_agrees_with_its_verdict() -> None:
    file = REPLAYS / "eleusis" / "seed-rule-6-sevens-switch.cardcli.json"
    replay = read(file)
    reviews = review_replay(replay)
    assert len(reviews) == len(replay.hands)
    from cardcli.session import Session

    end = Session.from_replay(replay).table
    for r in reviews:
        clauses = r.figures["clauses"]
        assert clauses
        for _i, c in clauses:
            assert c.text
    # the last hand's verdicts, as the engine judged them
    attempts = end.state.attempts
    last = reviews[-1].figures["clauses"]
    assert [c.accepted for _i, c in last] == [a.accepted for a in attempts]
    out = run(str(file))
    assert "The mainline, with the rule" in out and "The rule: " + end.state.rule_text in out
    assert "Clauses:" in out and "sideline: " in out


def test_write_keeps_the_review_as_annotations(tmp_path: Path) -> None:
    src = REPLAYS / "rummy" / "pagat-basic-vs-random.cardcli.json"
    dst = tmp_path / "r.cardcli.json"
    dst.write_bytes(src.read_bytes())
    run(str(dst), "--seat", "P2", "--write")
    notes = [a for a in read(dst).annotations if a.kind == "review"]
    assert notes and {a.hand for a in notes} == {1, 2}
    run(str(dst), "--seat", "P2", "--write")  # again: replaced, not doubled
    assert len([a for a in read(dst).annotations if a.kind == "review"]) == len(notes)
    res = CliRunner().invoke(cli, ["replay", "verify", str(dst)])
    assert res.exit_code == 0, res.output
