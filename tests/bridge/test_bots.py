"""Bots: claims checked before they are accepted, sampling that respects what is known, the
rules of thumb in positions worked out by hand, and the double-dummy bot (with endplay)."""

from __future__ import annotations

import time

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.notation import resolve
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng
from cardcli.games.bridge import bots as B
from cardcli.games.bridge import dds as ddsmod
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.bidding import SUITS
from cardcli.games.bridge.ddsolve import tricks_for
from cardcli.games.bridge.pbn import deck_for, parse_deal
from cardcli.games.bridge.sampling import knowledge, sample_deals

N, E, S, W = range(4)
TEST_DEAL = "N:AKQJT9.32.32.432 876.AKQJ.654.765 5432.T98.AKQ.T98 .7654.JT987.AKQJ"
COVER_DEAL = "N:AKQJ.QJ2.432.432 8765.K43.765.765 T9.A65.AKQJ.AKQJ 432.T987.T98.T98"


class Tab:
    def __init__(self, deal: str, dealer: int = 0) -> None:
        self.g = load("bridge")
        self.st = self.g.new_match(self.g.presets["rubber"], 4, dealer)
        self.g.start_hand(self.st, deck_for(parse_deal(deal, "t"), dealer))

    def do(self, *texts: str) -> None:
        for t in texts:
            m = resolve(self.g, self.st, t)
            assert self.g.check(self.st, m).ok, t
            self.g.apply(self.st, m)

    def bot_move(self, bot_id: str = "heuristic") -> mv.Move:
        seat = self.g.to_act(self.st)
        return self.g.bots[bot_id]().choose(
            self.g.view(self.st, seat), self.g.legal_moves(self.st), Rng(1, "t", seat, self.st.cards_played)
        )


def test_opening_lead_second_hand_low_third_hand_not_over_partner() -> None:
    t = Tab(TEST_DEAL)
    t.do("1S", "P", "2S", "P", "P", "P")
    assert t.bot_move() == mv.Play("AH")  # top of the A K Q J sequence
    t.do("AH")
    assert t.bot_move() == mv.Play("8H")  # dummy, second hand: low
    t.do("8H")
    assert t.bot_move() == mv.Play("4H")  # West: partner's ace is winning, play low


def test_cover_an_honour_with_an_honour() -> None:
    t = Tab(COVER_DEAL)
    t.do("1S", "P", "3N", "P", "4S", "P", "P", "P")
    assert t.st.contract is not None and t.st.contract.declarer == N
    t.do("7C", "AC", "8C", "2C")  # East leads, dummy wins
    t.do("TS", "2S", "JS", "5S")  # dummy leads a spade, North overtakes
    t.do("QH")  # North leads the queen of hearts
    move, why = B.SystemBot().advise(t.g.view(t.st, E), t.g.legal_moves(t.st), Rng(1))
    assert move == mv.Play("KH") and "cover" in why


def test_sampled_layouts_respect_what_the_player_knows() -> None:
    t = Tab(TEST_DEAL)
    t.do("1S", "P", "2S", "P", "P", "P", "AH", "8H", "4H", "2H", "KH", "9H", "5H")
    t.do("3H")  # North follows
    t.do("5C", "8C", "JC", "2C", "AC")  # West wins, leads AC; North to play
    view = t.g.view(t.st, N)  # declarer: sees own hand and dummy
    k = knowledge(view)
    deals = sample_deals(k, 40, Rng(3, "s"))
    assert len(deals) == 40
    for d in deals:
        assert sorted(d[N]) == sorted(t.st.hands[N]) and sorted(d[S]) == sorted(t.st.hands[S])
        assert [len(h) for h in d] == [len(h) for h in t.st.hands]
        every = [c for h in d for c in h]
        assert len(every) == len(set(every))
        played = {c for tr in t.st.tricks for c in tr.cards} | set(t.st.trick)
        assert not played & set(every)
        assert sorted(d[E] + d[W]) == sorted(t.st.hands[E] + t.st.hands[W])
    # after West shows out of spades, every layout has West void
    t.do("3C", "6C", "9C", "KC", "4C", "7C", "TC")  # West cashes KC
    t.do("QC", "AS", "4D", "2S")  # West leads QC: North ruffs AS (out of clubs)
    t.do("KS", "6S", "3S", "6H")  # West shows out of spades
    view = t.g.view(t.st, N)
    for d in sample_deals(knowledge(view), 30, Rng(4, "s")):
        assert not [c for c in d[W] if c[1] == "S"]


def test_sampling_keeps_the_auction_constraints() -> None:
    game = load("bridge")
    st = game.new_match(game.presets["rubber"], 4, 0)
    game.start_hand(st, shuffled_deck(game.deck(None, 4), 21, 1))
    bot = game.bots["heuristic"]()
    ply = 0
    while st.phase == "auction":
        seat = game.to_act(st)
        game.apply(st, bot.choose(game.view(st, seat), game.legal_moves(st), Rng(21, "a", ply)))
        ply += 1
    if st.contract is None:
        pytest.skip("passed out")
    view = game.view(st, st.contract.leader)
    k = knowledge(view)
    for d in sample_deals(k, 20, Rng(5)):
        for seat in range(4):
            if seat in k.known:
                continue
            shape = k.shapes[seat]
            hcp = sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c[0], 0) for c in d[seat])
            assert shape.hcp[0] <= hcp <= shape.hcp[1]
            for i, s in enumerate(SUITS):
                assert shape.lo[i] <= sum(1 for c in d[seat] if c[1] == s) <= shape.hi[i]


def _ending() -> Tab:
    """TEST_DEAL played for 8 tricks by the heuristic bots (5 tricks left)."""
    t = Tab(TEST_DEAL)
    t.do("1S", "P", "2S", "P", "P", "P")
    while t.st.cards_played < 32:
        m = t.bot_move()
        if isinstance(m, mv.Claim):
            m = next(x for x in t.g.legal_moves(t.st) if isinstance(x, mv.Play))
        t.g.apply(t.st, m)
    return t


@pytest.mark.parametrize("engine", ["python", "dds"])
def test_claims_are_accepted_only_when_best_play_guarantees_them(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if engine == "dds":
        pytest.importorskip("endplay")
    else:
        monkeypatch.setattr(ddsmod, "available", lambda: False)
    t = _ending()
    seat = t.g.to_act(t.st)
    side = seat % 2
    hands = [list(h) for h in t.st.hands]
    trump = None if t.st.contract.strain == "N" else t.st.contract.strain
    can = tricks_for(hands, trump, t.st.leader, list(t.st.trick), side)
    have = t.st.won[side]
    for claimed, ok in ((have + can, True), (have + can + 1, False)):
        if claimed > have + 13 - len(t.st.tricks):
            continue
        probe = t.st.clone()
        t.g.apply(probe, mv.Claim(claimed))
        responder = t.g.to_act(probe)
        answer, why = B.answer_claim(t.g.view(probe, responder))
        assert answer == mv.Respond(ok), why


@pytest.mark.parametrize("seed", [0, 8, 10])
def test_the_bot_claims_when_every_card_is_a_winner(seed: int) -> None:
    """Seeded bot hands that end in a claim: declarer claimed on lead, before the last trick,
    and the claim was accepted."""
    from cardcli.session import Session

    s = Session.new("bridge", seed=seed, human_seats=(), hands_limit=1)
    s.run_bots()
    res = s.results[0]
    assert res is not None
    assert res.detail.get("claim") is not None, "the bots played every card out instead of claiming"
    moves = [m.move for m in s.hands[0].moves]
    claim_at = next(i for i, m in enumerate(moves) if m.startswith("claim"))
    plays_before = sum(1 for m in moves[:claim_at] if m.startswith("play"))
    assert plays_before % 4 == 0 and plays_before < 48  # on lead, with at least two tricks to go
    assert all(m == "accept" for m in moves[claim_at + 1 :])


def test_bots_answer_every_claim_and_never_loop() -> None:
    """Random claimers, checking answerers: the hand always ends."""
    game = load("bridge")
    for seed in range(20):
        st = game.new_match(game.presets["rubber"], 4, 0)
        game.start_hand(st, shuffled_deck(game.deck(None, 4), seed, 1))
        bots = [game.bots["heuristic"]() if s % 2 else game.bots["random"]() for s in range(4)]
        for ply in range(400):
            if game.hand_over(st):
                break
            seat = game.to_act(st)
            game.apply(st, bots[seat].choose(game.view(st, seat), game.legal_moves(st), Rng(seed, ply)))
        assert game.hand_over(st)


def test_dds_bot_plays_legal_cards_quickly_and_explains() -> None:
    pytest.importorskip("endplay")
    t = Tab(TEST_DEAL)
    t.do("1S", "P", "2S", "P", "P", "P")  # East's opening lead: four suits to choose from
    seat = t.g.to_act(t.st)
    start = time.process_time()
    move, why = B.DdsBot().advise(t.g.view(t.st, seat), t.g.legal_moves(t.st), Rng(2))
    assert time.process_time() - start < 5
    assert t.g.check(t.st, move).ok
    assert "double dummy over" in why and "layouts" in why


def test_bots_need_no_endplay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ddsmod, "available", lambda: False)
    bot = B.BOTS["auto"]()
    assert type(bot) is B.SystemBot
    t = Tab(TEST_DEAL)
    t.do("1S", "P", "2S", "P", "P", "P")
    move = bot.choose(t.g.view(t.st, E), t.g.legal_moves(t.st), Rng(1))
    assert t.g.check(t.st, move).ok
