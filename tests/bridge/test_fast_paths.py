"""The bridge hot paths against their plain definitions: the auction kept call by call, the trick table,
the canonical-notation table, shared outcomes, and legal moves and facts pinned over random playouts."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from cardcli.engine.registry import load
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import AuctionSoFar, auction_over, check_call, final_contract, legal_calls
from cardcli.games.bridge.play import BRIDGE_RANKS, SUIT_ORDER, trick_winner, winning_index

ALL_CALLS = [m for m in mv.ALL_MOVES if isinstance(m, (mv.Bid, mv.Pass, mv.Double, mv.Redouble))]

PINNED = "a2d1056485190465"
"""Legal moves, outcome facts and positions of :func:`playout_digest` (300 playouts, ~31,000
positions), as the rules gave them before the hot paths were rewritten. Re-pinned once since, when a
hand's result stopped repeating the scorepad (``detail["pad"]`` gone, ``detail["game"]`` added); every
position, move and fact was checked unchanged against the earlier code with the results compared
without those two keys. Re-pinned again when an accepted claim started to set the tricks won to the
claimed totals (``state.won``, so that the table, the review and the viewers agree with the score):
with ``won`` counted from the tricks played after a claim, the digest was the earlier pin,
``033d086a3195ee37``."""


def playout_digest(games: int) -> tuple[int, str]:
    """Random playouts (claims now and then, some moves on clones): every position's seat to act and
    legal moves, every outcome's facts, every position after a move, every result."""
    game: Any = load("bridge")
    digest = hashlib.sha256()
    rng = random.Random(7)
    positions = 0
    presets = list(game.presets)
    for g in range(games):
        config = game.presets[presets[g % len(presets)]]
        state = game.new_match(config, 4, rng.randrange(4))
        for _ in range(1 + 3 * (g % 3 == 0)):
            if game.match_over(state):
                break
            cards = game.deck(config, 4)
            rng.shuffle(cards)
            game.start_hand(state, cards)
            while state.phase != "over":
                legal = game.legal_moves(state)
                positions += 1
                digest.update(repr((game.to_act(state), [mv.format_move(m) for m in legal])).encode())
                claims = [m for m in legal if isinstance(m, mv.Claim)]
                others = [m for m in legal if not isinstance(m, mv.Claim)]
                pick = (
                    claims[rng.randrange(len(claims))] if claims and rng.random() < 0.03 else others[rng.randrange(len(others))]
                )
                if rng.random() < 0.05:
                    state = state.clone()
                turn = state.turn
                out = game.apply(state, pick)
                if isinstance(pick, mv.Play):  # told apart for the narration: a card from dummy's hand
                    assert state.contract is not None and out.facts["from_dummy"] == (turn == state.contract.dummy)
                # pinned before "from_dummy" was added and before a claim's "won" (an int, where a
                # trick's "won" is a pair) was named "had"
                facts = sorted(("won" if k == "had" else k, v) for k, v in out.facts.items() if k != "from_dummy")
                digest.update(repr((out.seat, mv.format_move(out.move), facts)).encode())
                digest.update(
                    repr(
                        (
                            state.phase,
                            state.turn,
                            state.leader,
                            state.trick,
                            state.won,
                            state.hands,
                            state.calls,
                            state.contract,
                            state.claim,
                            state.rejected,
                        )
                    ).encode()
                )
            digest.update(repr((state.result, state.rubber.totals)).encode())
    return positions, digest.hexdigest()[:16]


def test_legal_moves_facts_and_positions_are_as_before() -> None:
    positions, digest = playout_digest(300)
    assert positions > 30_000
    assert digest == PINNED


def test_the_auction_kept_call_by_call_answers_as_the_calls_do() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        dealer = rng.randrange(4)
        calls: list[mv.Call] = []
        kept = AuctionSoFar(dealer)
        while True:
            assert list(kept.legal()) == legal_calls(dealer, calls)
            assert kept.over() == auction_over(calls)
            legal_now = legal_calls(dealer, calls)
            for every in ALL_CALLS:  # allows() answers as the list and as the checker, for every call
                assert kept.allows(every) == (every in legal_now) == check_call(dealer, calls, every).ok, every
            if kept.over():
                break
            legal = legal_calls(dealer, calls)
            # mostly passes, so auctions are of every length
            call = mv.PASS if rng.random() < 0.6 else legal[rng.randrange(len(legal))]
            calls.append(call)
            assert kept.add(call) == auction_over(calls)
        assert kept.contract() == final_contract(dealer, calls)
        assert kept.copy() == kept and kept.copy() is not kept


def test_the_trick_table_agrees_with_the_card_by_card_rule() -> None:
    deck = [r + s for s in SUIT_ORDER for r in BRIDGE_RANKS]
    rng = random.Random(5)
    for _ in range(20_000):
        cards = rng.sample(deck, 4)
        trump = rng.choice([None, *SUIT_ORDER])
        leader = rng.randrange(4)
        assert trick_winner(cards, leader, trump) == (leader + winning_index(cards, trump)) % 4


def test_canonical_notation_reads_through_the_table_and_means_the_same_in_every_language() -> None:
    from cardcli.i18n import language, set_language

    assert len(mv.CANONICAL) == len(mv.ALL_MOVES) == 3 + 35 + 52 + 14 + 2
    for text, move in mv.CANONICAL.items():
        assert mv.format_move(move) == text
        assert mv.parse_move(text) is move
        assert mv._parse_friendly(text) == move  # the friendly reader agrees, in English
    before = language()
    try:
        set_language("it")
        # `5c` typed in Italian is the five of hearts (cuori), but `play 5C` in a replay is the five of clubs
        assert mv.parse_move("play 5C") == mv.Play("5C")
    finally:
        set_language(before)


def test_shared_outcomes_keep_the_move_made_and_read_only_facts() -> None:
    game: Any = load("bridge")
    config = game.presets["rubber"]
    state = game.new_match(config, 4, 0)
    game.start_hand(state, game.deck(config, 4))
    for call in ("1C", "P", "P", "P"):
        game.apply(state, mv.parse_move(call))
    twin = state.clone()
    card = game.legal_moves(state, claims=False)[0]
    shared = game.apply(state, card)
    own = mv.Play(card.card)  # an equal move, not the shared one
    assert own is not card
    told = game.apply(twin, own)
    assert told.move is own and told == shared
    with pytest.raises(TypeError):
        shared.facts["lead"] = False  # type: ignore[index]
    assert game.narrate(told, None) == game.narrate(shared, None)


def test_playouts_may_leave_the_claims_out() -> None:
    game: Any = load("bridge")
    config = game.presets["rubber"]
    state = game.new_match(config, 4, 0)
    game.start_hand(state, game.deck(config, 4))
    for call in ("1C", "P", "P", "P"):
        game.apply(state, mv.parse_move(call))
    legal = game.legal_moves(state)
    assert any(isinstance(m, mv.Claim) for m in legal)
    assert game.legal_moves(state, claims=False) == [m for m in legal if not isinstance(m, mv.Claim)]


def _position(state: Any) -> tuple[Any, ...]:
    return (
        state.phase,
        state.turn,
        state.leader,
        state.trick,
        [(t.leader, t.cards, t.winner) for t in state.tricks],
        state.won,
        state.hands,
        state.calls,
        state.contract,
        state.claim,
        state.rejected,
        state.result,
        state.rubber.totals,
    )


def test_replay_move_is_the_checker_and_apply_in_one_step() -> None:
    """What the fold's loop calls for each logged move: the same answer as the seat to act and the checker,
    the same position as :meth:`apply` when it says yes, and the position untouched when it says no
    (cards not held, revokes, calls out of turn or too low, cards in the auction, claims, wrong seats)."""
    game: Any = load("bridge")
    rng = random.Random(11)
    everything = list(mv.ALL_MOVES)
    tried = {True: 0, False: 0}
    for g in range(120):
        state = game.new_match(game.presets[("rubber", "old-card", "deals")[g % 3]], 4, g % 4)
        cards = game.deck(game.presets[("rubber", "old-card", "deals")[g % 3]], 4)
        rng.shuffle(cards)
        game.start_hand(state, cards)
        while state.phase != "over":
            legal = game.legal_moves(state)
            seat = game.to_act(state)
            trials = [(m, seat) for m in rng.sample(legal, min(3, len(legal)))]
            trials += [(m, seat) for m in rng.sample(everything, 4)] + [(rng.choice(legal), (seat + 1) % 4)]
            for move, who in trials:
                before = _position(state)
                ours, theirs = state.clone(), state.clone()
                allowed = who == seat and game.check(state, move).ok
                assert game.replay_move(ours, move, who, True) is allowed, (mv.format_move(move), who)
                tried[allowed] += 1
                if allowed:
                    game.apply(theirs, move)
                    assert _position(ours) == _position(theirs)
                    trusting = state.clone()
                    assert game.replay_move(trusting, move, who, False)
                    assert _position(trusting) == _position(theirs)
                else:
                    assert _position(ours) == before
            others = [m for m in legal if not isinstance(m, mv.Claim)]
            pick = rng.choice(legal) if rng.random() < 0.02 else rng.choice(others)
            game.apply(state, pick)
    assert tried[True] > 15_000 and tried[False] > 15_000
