"""Seeded bot-vs-bot deals with invariants (cardcli.testing.playout): every card in one place,
generator = checker, notation round trip, no view leaks; plus bridge's own: 13 tricks, the
declarer rule, dummy seen only after the opening lead."""

from __future__ import annotations

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng
from cardcli.games.bridge import bots as bridge_bots
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import final_contract
from cardcli.session import Session
from cardcli.testing import PlayoutStats, playout


@pytest.fixture
def fast_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Heuristic play without the exact endgame search: the same rules, 10× faster."""
    monkeypatch.setattr(bridge_bots, "ENDGAME_CARDS", 0)


@pytest.mark.parametrize("deals", [500, pytest.param(1000, marks=pytest.mark.soak)], ids=["500", "1000"])
def test_seeded_deals_keep_the_invariants(fast_bots: None, deals: int) -> None:
    """500 seeded deals by default (the thousand with `-m soak`), every position checked."""
    game = load("bridge")
    cfg = game.presets["rubber"]
    st = PlayoutStats()
    for seed in range(deals):
        playout(game, cfg, 4, f"deal-{seed}", ["heuristic"], max_hands=1, stats=st, max_moves=10**9)
    assert st.hands == deals
    assert st.checks > 50 * deals and st.refusals_checked > 10 * deals
    contracts = [r for r in st.results if not r.detail.get("passed_out")]
    assert 0.85 * deals < len(contracts) < deals  # a few deals are passed out, most are played
    assert all(0 <= int(r.detail["tricks"]) <= 13 for r in contracts)


def test_random_bots_play_whole_rubbers() -> None:
    """Random calls reach doubled and redoubled grand slams, claims and rejections: the odd corners."""
    game = load("bridge")
    st = PlayoutStats()
    for seed in range(30):
        playout(game, game.presets["rubber"], 4, seed, ["random"], stats=st, max_moves=10**9)
    kinds = {tuple(e[3] for e in r.detail.get("entries", [])) for r in st.results}
    assert any("rubber" in k for k in kinds)
    assert any(r.detail.get("claim") for r in st.results)
    assert any(str(r.detail.get("contract", "")).endswith("XX") for r in st.results)


def test_each_hand_is_13_tricks_with_the_right_declarer_and_dummy_only_after_the_lead(fast_bots: None) -> None:
    game = load("bridge")
    cfg = game.presets["rubber"]
    bots = [game.bots["heuristic"]() for _ in range(4)]
    played_out = 0
    for seed in range(150):
        state = game.new_match(cfg, 4, seed % 4)
        game.start_hand(state, shuffled_deck(game.deck(cfg, 4), seed, 1))
        ply = 0
        while not game.hand_over(state):
            seat = game.to_act(state)
            assert seat is not None
            if state.phase == "play":
                c = state.contract
                assert c is not None
                if state.turn == c.dummy:
                    assert seat == c.declarer  # declarer plays dummy's cards
                for s in (0, 1, 2, 3, None):
                    v = game.view(state, s)
                    assert (v.dummy_hand is not None) == state.lead_made
                    for other in range(4):
                        hidden = other not in (s, c.dummy) and other not in state.shown
                        if hidden:
                            assert v.visible_hand(other) is None
            move = bots[seat].choose(game.view(state, seat), game.legal_moves(state), Rng(seed, "bot", 1, seat, ply))
            game.apply(state, move)
            ply += 1
        res = game.hand_result(state)
        assert res is not None
        if state.contract is not None:
            # the declarer is whoever of the final side first named the strain
            fc = final_contract(state.dealer, state.calls)
            assert fc == state.contract
            side_calls = [
                (state.dealer + i) % 4
                for i, c in enumerate(state.calls)
                if isinstance(c, mv.Bid) and c.strain == fc.strain and (state.dealer + i) % 2 == fc.declarer % 2
            ]
            assert side_calls[0] == fc.declarer
            if state.claim_end is None:
                assert len(state.tricks) == 13 and sum(state.won) == 13
                played_out += 1
                assert all(len(h) == 0 for h in state.hands)
            # a claim's tricks are won too: the table's count is the score's, played out or claimed
            assert sum(state.won) == 13 and res.detail["tricks"] == state.won[fc.side]
    assert played_out > 50


def test_bot_rubbers_replay_and_verify(fast_bots: None) -> None:
    for seed in (11, 12, 13):
        s = Session.new("bridge", seed=seed, human_seats=(), bot="heuristic")
        s.run_bots()
        assert s.finished and s.game.match_over(s.state)
        res = s.match_result()
        assert res.complete and res.winners
        again = Session.from_replay(s.to_replay())
        assert again.match_result() == res


@pytest.mark.soak
def test_soak_dds_bots_keep_the_invariants() -> None:
    pytest.importorskip("endplay")
    game = load("bridge")
    st = PlayoutStats()
    for seed in range(200):
        playout(game, game.presets["rubber"], 4, f"soak-{seed}", ["dds"], max_hands=1, stats=st, max_moves=10**9)
    assert st.hands == 200


@pytest.mark.soak
def test_soak_heuristic_rubbers() -> None:
    game = load("bridge")
    st = PlayoutStats()
    for seed in range(100):
        playout(game, game.presets["rubber"], 4, f"rubber-{seed}", ["heuristic"], stats=st, max_moves=10**9)
    assert st.hands >= 200
