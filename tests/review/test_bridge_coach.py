"""`play --coach` in bridge: a card is remarked on exactly when double dummy says it lost a trick,
with what it cost; calls get no remark; moves are written in one notation (``3♣``, ``1♦``, ``Pass``)."""

from __future__ import annotations

import re

import pytest

from cardcli.games.bridge import dds
from cardcli.games.bridge import moves as mv
from cardcli.review.coach import advise, remark
from cardcli.session import Session


@pytest.mark.skipif(not dds.available(), reason="needs the dds extra")
def test_the_coach_reports_only_the_cards_that_lost_a_trick() -> None:
    s = Session.new("bridge", seed=5, human_seats=(2,), hands_limit=1)
    s.declare = "auto"
    s.run_bots()
    said: list[tuple[str, int, int, str | None]] = []
    best_cards: list[set[str]] = []
    while not s.finished:
        actor = s.to_act()
        assert actor is not None
        legal = s.legal_moves()
        advice = advise(s, actor)
        state = s.state.clone()
        cards = [m for m in legal if isinstance(m, mv.Play)]
        # the person: the hint in the auction, the lowest card of the first suit it may play in the play
        move = cards[-1] if cards else s.hint(actor)[0]
        s.play(move)
        line = remark(s, advice, "unicode") if advice is not None else None
        if isinstance(move, mv.Play) and len(cards) > 1:
            trump = None if state.contract.strain == "N" else state.contract.strain
            scores = dds.solve([([list(h) for h in state.hands], trump, state.leader, list(state.trick))])[0]
            won = state.won[state.turn % 2]
            said.append((move.card, won + scores[move.card], won + max(scores.values()), line))
            best_cards.append({c for c, v in scores.items() if v == max(scores.values())})
        else:
            assert line is None, f"no remark on {move}: {line}"
        s.run_bots()
    assert said
    lost = [x for x in said if x[1] < x[2]]
    assert lost, "the lowest card loses a trick somewhere"
    for (_card, got, best, line), right in zip(said, best_cards):
        if got == best:
            assert line is None
        else:
            assert line is not None and " — " not in line  # the fact only, not the bot's estimate
            n = best - got
            cost = "this lost a trick" if n == 1 else f"this lost {n} tricks"
            assert f"{cost}: {got} instead of {best}" in line
            shown = re.search(r"I would have chosen ([^\s;]+)", line)
            assert shown and re.fullmatch(r"(10|[2-9JQKA])[♠♥♦♣]", shown[1]), line
            named = shown[1].replace("10", "T")
            assert named[0] + "SHDC"["♠♥♦♣".index(named[1])] in right, "the card named keeps the DD result"
    notes = [a for a in s.annotations if a.kind == "coach"]
    assert len(notes) == len(lost)


def test_moves_are_written_as_a_player_reads_them() -> None:
    from cardcli.engine.registry import load

    g = load("bridge")
    assert g.move_words(mv.Play("3C"), "unicode") == "3♣"
    assert g.move_words(mv.Play("TH"), "ascii") == "TH"
    assert g.move_words(mv.Pass(), "unicode") == "Pass"
    assert g.move_words(mv.Bid(1, "D"), "unicode") == "1♦"
    assert g.move_words(mv.Bid(3, "N"), "ascii") == "3NT"
