"""The playout fast paths against fresh computations: shared move objects, the per-state mask cache,
`CompiledRule.advance`, the inlined judging in `apply`, the dealing by slices, the hand-filled
`Attempt` slots and the integer shortcuts of the scoring. Each is checked over seeded random
playouts (and their clones) against what the code computed before it was made fast, so a cache that
went stale or a reused object that changed fails here."""

from __future__ import annotations

import dataclasses
import inspect
import random
from fractions import Fraction

import pytest
from eleusis.helpers import GAME, hand_state

from cardcli.engine.cards import multi_deck, sort_key
from cardcli.games.eleusis import moves as mv
from cardcli.games.eleusis.config import EleusisConfig
from cardcli.games.eleusis.language import CompiledRule, RState, compile_text, truth
from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.library import LIBRARY, pool
from cardcli.games.eleusis.scoring import BONUS, add, as_number, player_scores
from cardcli.games.eleusis.state import Attempt, EleusisState


def reference_moves(state: EleusisState) -> list[mv.Move]:
    """The legal moves as the generator built them before the fast path: fresh objects, sort_key."""
    if state.phase == "rule":
        return [mv.SetRule(r.text) for r in pool(state.config.rules)]
    if state.phase == "one":
        cards = state.hands[state.turn]
    elif state.phase == "two":
        cards = state.wrong[state.turn]
    else:
        return []
    return [mv.Play(c) for c in sorted(set(cards), key=sort_key)]


def fresh_mask(rule: CompiledRule, st: RState) -> int:
    """The accept mask evaluated from scratch (a new context, no rule cache)."""
    k = rule.key(st)
    t, u = truth(rule.accept_nodes[k[0]], CompiledRule.ctx_of(k))
    return t | u


def fresh_step(rule: CompiledRule, st: RState, card: int) -> RState:
    """The next state evaluated from scratch (transitions in a new context)."""
    mode = rule.next_mode_in(CompiledRule.ctx_of(rule.key(st)), st[0], card)
    return (mode, st[2], card, (st[3] + 1) % rule.period)


def reference_deal(state: EleusisState, deck: list[str]) -> list[list[str]]:
    """The hands as start_hand dealt them before: one card at a time, clockwise, skipping the dealer."""
    hands: list[list[str]] = [[] for _ in range(state.players)]
    seat = state.dealer
    for card in deck[len(state.removed) : -1]:
        seat = state.next_player(seat)
        hands[seat].append(card)
    return hands


def checked_move(state: EleusisState, rng: random.Random) -> mv.Move:
    """Compare the fast paths with the references in ``state`` and pick a random legal move."""
    legal = GAME.legal_moves(state)
    assert legal == reference_moves(state)
    assert [GAME.format_move(m) for m in legal] == [mv.format_move(m) for m in legal]
    assert len(set(map(mv.format_move, legal))) == len(legal)
    if state.phase in ("one", "two"):
        assert all(m is mv.PLAYS[m.card] for m in legal if isinstance(m, mv.Play))  # shared, never copied
        legal.clear()  # the caller owns the list: the next call must not see this
        assert GAME.legal_moves(state) == reference_moves(state)
        legal = GAME.legal_moves(state)
    return legal[rng.randrange(len(legal))]


def checked_apply(state: EleusisState, move: mv.Move) -> None:
    """Apply ``move`` and check the judging against a fresh evaluation of the rule."""
    if not isinstance(move, mv.Play):
        GAME.apply(state, move)
        return
    rule, before = state.rule, state.rstate
    assert rule is not None and before is not None
    index = D.INDEX[move.card]
    mask = fresh_mask(rule, before)
    assert rule.mask(before) == mask
    expected = bool(mask >> index & 1)
    assert GAME.judge(state, move.card) is expected
    advanced = rule.advance(before, index)
    assert advanced == (fresh_step(rule, before, index) if expected else None)
    seat, length = state.turn, len(state.mainline)
    out = GAME.apply(state, move)
    assert out.seat == seat and out.move is move and out.facts["right"] is expected and not out.private
    assert state.attempts[-1] == Attempt(seat, move.card, expected, length, state.attempts[-1].phase)
    assert state.rstate == (advanced if expected else before)


@pytest.mark.parametrize("players", [3, 4, 5, 7])
def test_fast_paths_equal_fresh_computations_over_seeded_playouts(players: int) -> None:
    """Every library rule deals several hands (the rule caches outlive a hand: compile_text shares
    the compiled rule), and the presets' pools once each."""
    configs = [EleusisConfig(rules=r.id) for r in LIBRARY] * 3 + [GAME.presets[p] for p in GAME.presets]
    rng = random.Random(f"fast/{players}")
    positions = 0
    for config in configs:
        state = GAME.new_match(config, players, rng.randrange(players))
        deck = multi_deck(1)
        rng.shuffle(deck)
        GAME.start_hand(state, deck)
        assert state.hands == reference_deal(state, deck)
        while not GAME.hand_over(state):
            move = checked_move(state, rng)
            if positions % 7 == 3:  # a clone goes its own way; the original must be untouched by it
                twin = state.clone()
                before = (GAME.legal_moves(state), list(state.attempts), state.rstate)
                for _step in range(5):
                    if GAME.hand_over(twin):
                        break
                    checked_apply(twin, checked_move(twin, rng))
                assert (GAME.legal_moves(state), list(state.attempts), state.rstate) == before
            checked_apply(state, move)
            positions += 1
    assert positions > 2000


@pytest.mark.parametrize("cache", [CompiledRule.MAX_CACHE, 3])
def test_the_rule_caches_judge_like_a_fresh_evaluation(cache: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Random walks over every library rule, cards repeating (so states recur with other history);
    with a tiny cache too, which is cleared all the time: judging must not depend on what survived."""
    monkeypatch.setattr(CompiledRule, "MAX_CACHE", cache)
    rng = random.Random(5)
    for entry in LIBRARY:
        rule = compile_text(entry.text)
        st = rule.start(rng.randrange(52))
        for _ in range(400):
            card = rng.randrange(52)
            mask = fresh_mask(rule, st)
            assert rule.mask(st) == mask, (entry.id, st)
            after = rule.advance(st, card)
            assert after == (fresh_step(rule, st, card) if mask >> card & 1 else None), (entry.id, st, card)
            st = after or rule.step(st, card)  # walk on even past a wrong card: more states


def test_the_engine_card_order_is_the_deck_order() -> None:
    """legal_moves sorts by deck index instead of sort_key: the two orders must stay the same."""
    assert sorted(D.CARDS, key=sort_key) == list(D.CARDS)
    assert list(mv.PLAYS) == list(D.CARDS)
    assert all(p == mv.Play(c) for c, p in mv.PLAYS.items())


def test_a_hand_built_state_with_an_odd_card_falls_back() -> None:
    state = hand_state({1: ["3C", "4D"], 2: ["5H", "6S"]}, ["2H"], "accept: color(c) != color(p1)", players=3)
    state.hands[1].append("JK")
    assert GAME.legal_moves(state) == reference_moves(state)


def test_rule_moves_are_fresh_lists_of_the_pool() -> None:
    state = GAME.new_match(EleusisConfig(rules="seed"), 4, 0)
    deck = multi_deck(1)
    GAME.start_hand(state, deck)
    first = GAME.legal_moves(state)
    assert first == reference_moves(state) and len(first) == 7
    first.clear()
    assert GAME.legal_moves(state) == reference_moves(state)


def test_attempt_fills_every_field() -> None:
    """Attempt's own __init__ must name every dataclass field, in order."""
    names = [f.name for f in dataclasses.fields(Attempt)]
    assert list(inspect.signature(Attempt.__init__).parameters)[1:] == names
    a = Attempt(2, "7H", True, 5, 1)
    assert [getattr(a, n) for n in names] == [2, "7H", True, 5, 1]
    assert a == Attempt(seat=2, card="7H", accepted=True, pos=5, phase=1)
    assert dataclasses.replace(a, accepted=False).accepted is False
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.seat = 3  # type: ignore[misc]


def test_scores_equal_fraction_arithmetic() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        left = [rng.randrange(8) for _ in range(rng.randrange(2, 7))]
        lo = min(left)
        best = [i for i, n in enumerate(left) if n == lo]
        share = Fraction(BONUS, len(best))
        expected = [Fraction(max(0, sum(left) - len(left) * n)) + (share if i in best else 0) for i, n in enumerate(left)]
        got = player_scores(left)
        assert got == expected and all(type(g) is Fraction for g in got)
        a, b = rng.choice(expected), rng.choice(expected)
        assert add(a, b) == a + b and type(add(a, b)) is Fraction
        assert as_number(a) == (int(a) if a.denominator == 1 else float(a))
        assert type(as_number(a)) is (int if a.denominator == 1 else float)
