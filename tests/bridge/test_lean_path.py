"""Bridge's lean path (moves by number: ``legal_ids``, ``play_id``, ``Table.push_id``) against the path
with move objects and outcomes: the same positions, results and journal move by move, and every id
the rules forbid refused with the state untouched."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import FoldError, Step, Table, Visitor
from cardcli.engine.game import Game
from cardcli.engine.registry import load
from cardcli.engine.verdict import IllegalMove, InvalidMove
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.lean import ID_MOVES

PRESETS = ("rubber", "old-card", "deals")


def _game() -> Any:
    return load("bridge")


def test_the_ids_are_openspiels_actions_and_number_every_move_once() -> None:
    game = _game()
    assert len(set(ID_MOVES)) == len(ID_MOVES) == len(mv.ALL_MOVES)
    assert set(ID_MOVES) == set(mv.ALL_MOVES)
    assert all(any(m is s for s in mv.ALL_MOVES) for m in ID_MOVES)  # the shared objects themselves
    # OpenSpiel's numbering: cards rank * 4 + suit from the two of clubs, then P, X, XX and the bids
    assert ID_MOVES[0] == mv.Play("2C") and ID_MOVES[3] == mv.Play("2S") and ID_MOVES[51] == mv.Play("AS")
    assert ID_MOVES[52:55] == (mv.PASS, mv.DOUBLE, mv.REDOUBLE)
    assert ID_MOVES[55] == mv.Bid(1, "C") and ID_MOVES[89] == mv.Bid(7, "N")
    for a, m in enumerate(ID_MOVES):
        assert game.move_id(m) == a
        assert game.move_id(mv.parse_move(mv.format_move(m))) == a  # an equal move, not the shared one


def _random_rubbers(rounds: int, seed: str, claims: float = 0.0) -> Any:
    """Positions of seeded random matches (every preset, several hands each) as (state, legal)."""
    game = _game()
    rng = random.Random(seed)
    for r in range(rounds):
        config = game.presets[PRESETS[r % len(PRESETS)]]
        state = game.new_match(config, 4, r % 4)
        for hand in range(1, 4):
            if not game.needs_deal(state):
                break
            game.start_hand(state, shuffled_deck(game.deck(config, 4), seed, r * 10 + hand))
            while not game.hand_over(state):
                yield state
                legal = game.legal_moves(state)
                claim = [m for m in legal if isinstance(m, mv.Claim)]
                pick = rng.choice(claim) if claim and rng.random() < claims else rng.choice([m for m in legal if m not in claim])
                game.apply(state, pick)


def test_legal_ids_are_the_legal_moves_without_the_claims() -> None:
    game = _game()
    positions = 0
    for state in _random_rubbers(30, "ids", claims=0.05):
        ids = game.legal_ids(state)
        assert isinstance(ids, tuple)
        assert [ID_MOVES[a] for a in ids] == game.legal_moves(state, claims=False)
        positions += 1
    assert positions > 3000


def _snapshot(state: Any) -> Any:
    """Everything a position holds, compared field by field (the state's own equality)."""
    return state.clone()


def test_play_id_makes_the_same_positions_and_results_as_apply() -> None:
    """Seeded playouts made twice, move by move: by ``apply`` (with outcomes) and by ``play_id``;
    after every move the two states are equal and ``play_id`` answers the seat ``to_act`` named."""
    game = _game()
    made = 0
    for r in range(60):
        config = game.presets[PRESETS[r % 3]]
        rng = random.Random(r)
        ours, theirs = game.new_match(config, 4, r % 4), game.new_match(config, 4, r % 4)
        hands = 0
        while game.needs_deal(ours) and hands < 4:
            made += 1
            hands += 1
            deck = shuffled_deck(game.deck(config, 4), "lean", r * 10 + hands)
            game.start_hand(ours, deck)
            game.start_hand(theirs, deck)
            while not game.hand_over(theirs):
                legal = game.legal_moves(theirs)
                move = rng.choice(legal)  # claims and their answers too: the full path
                seat = game.to_act(theirs)
                game.apply(theirs, move)
                assert game.play_id(ours, game.move_id(move)) == seat
                assert ours == theirs, (r, hands, mv.format_move(move))
            assert game.hand_over(ours) and ours.result == theirs.result is not None
        assert ours.results == theirs.results and ours.rubber == theirs.rubber
    assert made > 150  # hands played both ways


def test_every_id_the_rules_forbid_is_refused_and_the_state_untouched() -> None:
    game = _game()
    rulebook = game.rulebook
    refused = 0
    rng = random.Random(3)
    for state in _random_rubbers(12, "refused", claims=0.05):
        legal = {game.move_id(m) for m in game.legal_moves(state)}  # claims included: play_id makes them
        for a in rng.sample(range(len(ID_MOVES)), 12):
            if a in legal:
                continue
            before = _snapshot(state)
            with pytest.raises(IllegalMove) as err:
                game.play_id(state, a)
            assert err.value.message and "\n" not in err.value.message
            assert not err.value.rule or rulebook.get(err.value.rule) is not None, err.value.rule
            assert state == before
            refused += 1
        for bad in (-1, len(ID_MOVES), 10**6):
            with pytest.raises(InvalidMove):
                game.play_id(state, bad)
    assert refused > 10_000


def test_nothing_is_made_once_the_hand_is_over() -> None:
    game = _game()
    config = game.presets["rubber"]
    state = game.new_match(config, 4, 0)
    game.start_hand(state, game.deck(config, 4))
    for _ in range(4):
        game.play_id(state, game.move_id(mv.PASS))
    assert game.hand_over(state) and game.legal_ids(state) == ()
    before = _snapshot(state)
    for a in (0, 52, 90, 104):
        with pytest.raises(IllegalMove):
            game.play_id(state, a)
    assert state == before


def test_the_protocol_defaults_agree_with_bridges_own_lean_path() -> None:
    """``Game.legal_ids`` and ``Game.play_id`` as every game with a move table gets them (the legal
    list's ids; check then apply) give what bridge's tables and steps give."""
    game = _game()
    rng = random.Random(5)
    for state in _random_rubbers(6, "defaults", claims=0.05):
        everything = Game.legal_ids(game, state)
        assert [a for a in everything if a < 90 or a > 103] == list(game.legal_ids(state))
        a = rng.choice(everything)
        ours, theirs = state.clone(), state.clone()
        assert Game.play_id(game, ours, a) == game.play_id(theirs, a)
        assert ours == theirs
        # play_logged: the move made and the seat's entry appended, the same by default and compiled
        entries = [[(seat, m) for m in range(len(game.move_table))] for seat in range(4)]
        seat = game.to_act(ours)
        if seat is None:
            continue
        b = rng.choice(game.legal_ids(ours))
        mine: list[Any] = []
        yours: list[Any] = []
        over = Game.play_logged(game, ours, b, mine, entries)
        assert over == game.play_logged(theirs, b, yours, entries) == game.hand_over(ours)
        assert ours == theirs and mine == yours == [(seat, b)]


def test_a_game_without_a_move_table_has_no_lean_path() -> None:
    game: Any = load("rummy")
    config = game.presets[game.default_preset]
    state = game.new_match(config, 2, 0)
    game.start_hand(state, game.deck(config, 2))
    with pytest.raises(NotImplementedError):
        game.legal_ids(state)
    with pytest.raises(NotImplementedError):
        game.play_id(state, 0)


def _tables(config: Any, strict: bool) -> tuple[Table[Any, Any], Table[Any, Any]]:
    game = _game()
    return Table(game, config, 4, 1, strict=strict), Table(game, config, 4, 1, strict=strict)


@pytest.mark.parametrize("strict", [True, False])
def test_push_id_keeps_the_same_journal_positions_and_results_as_push(strict: bool) -> None:
    game = _game()
    for r in range(12):
        config = game.presets[PRESETS[r % 3]]
        rng = random.Random(f"journal-{r}")
        ours, theirs = _tables(config, strict)
        while ours.needs_deal() and ours.hand < 5:
            deck = shuffled_deck(game.deck(config, 4), "journal", r * 10 + ours.hand + 1)
            ours.deal(deck)
            theirs.deal(deck)
            while not game.hand_over(theirs.state):
                move = rng.choice(game.legal_moves(theirs.state))
                theirs.push(move)
                ours.push_id(game.move_id(move))
                assert ours.state == theirs.state
                assert ours.hands[-1].moves == theirs.hands[-1].moves
        assert [h.moves for h in ours.hands] == [h.moves for h in theirs.hands]
        assert ours.results == theirs.results and all(ours.results)


@pytest.mark.parametrize("strict", [True, False])
def test_push_id_refuses_what_the_rules_forbid_even_when_trusting(strict: bool) -> None:
    game = _game()
    config = game.presets["rubber"]
    table, _ = _tables(config, strict)
    with pytest.raises(FoldError):
        table.push_id(52)  # nothing dealt yet
    table.deal(game.deck(config, 4))
    table.push_id(game.move_id(mv.Bid(1, "N")))
    for a in (game.move_id(mv.Bid(1, "C")), game.move_id(mv.REDOUBLE), game.move_id(mv.Play("AS")), 90, 104, -3):
        before, log = table.state.clone(), list(table.hands[-1].moves)
        with pytest.raises(FoldError) as err:
            table.push_id(a)
        assert str(err.value).startswith("hand 1, move 2") or "move id" in str(err.value)
        assert table.state == before and table.hands[-1].moves == log


def test_push_id_with_a_visitor_tells_it_every_step() -> None:
    """Visitors are told of each move with its step: the ids then go the full way."""

    class Seen(Visitor):
        def __init__(self) -> None:
            self.steps: list[Step[Any]] = []

        def after_move(self, table: Table[Any, Any], step: Step[Any]) -> None:
            self.steps.append(step)

    game = _game()
    config = game.presets["rubber"]
    seen = Seen()
    table: Table[Any, Any] = Table(game, config, 4, 0, visitors=[seen])
    table.deal(shuffled_deck(game.deck(config, 4), "seen", 1))
    rng = random.Random(1)
    while not game.hand_over(table.state):
        table.push_id(rng.choice(game.legal_ids(table.state)))
    assert [s.notation for s in seen.steps] == [m.move for m in table.hands[-1].moves]
    assert all(s.outcome is not None for s in seen.steps) and table.results[-1] is not None
