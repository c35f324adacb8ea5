""":meth:`Table.push_id` the full way (``_push_checked``): with a visitor watching, or in a game with
secret moves, a move named by its number is checked even by a trusting table, pushed as
:meth:`Table.push` pushes it, and a number of no move is refused with one line. Each test compares
with the lean path or with what the rules say, so that a check switched off or a bound moved shows."""

from __future__ import annotations

from typing import Any

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import FoldError, Step, Table, Visitor, look_ahead
from cardcli.engine.foldlog import LoggedMove
from cardcli.engine.registry import load
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.rules import BridgeGame

SEED = "push-id"


class Steps(Visitor):
    """Watches single moves (which sends :meth:`Table.push_id` the full way)."""

    def __init__(self) -> None:
        self.steps: list[tuple[int, int, int, str, bool]] = []
        self.before: list[tuple[int, Any]] = []

    def before_move(self, table: Table[Any, Any], seat: int, move: Any) -> None:
        self.before.append((seat, move))

    def after_move(self, table: Table[Any, Any], step: Step[Any]) -> None:
        self.steps.append((step.hand, step.ply, step.seat, step.notation, step.secret))


class Secret(BridgeGame):
    """Bridge whose passes are secret: a game with secret moves has no one-step log (``_log`` is None)."""

    def is_secret_move(self, move: Any) -> bool:
        return move == mv.PASS


def _dealt(game: Any, strict: bool, *visitors: Visitor, seed: int = 1) -> Table[Any, Any]:
    config = game.presets["rubber"]
    table: Table[Any, Any] = Table(game, config, 4, 0, strict=strict, visitors=visitors)
    table.deal(shuffled_deck(game.deck(config, 4), SEED, seed))
    return table


def _play_out(table: Table[Any, Any]) -> list[int]:
    """Every move of the hand by number (the first legal one each time), and the ids made."""
    made = []
    while table.state.phase != "over":
        move_id = table.game.legal_ids(table.state)[0]
        table.push_id(move_id)
        made.append(move_id)
    return made


@pytest.mark.parametrize("strict", [False, True])
def test_with_a_visitor_push_id_folds_what_the_lean_path_folds_and_tells_each_step(strict: bool) -> None:
    game = load("bridge")
    lean = _dealt(game, strict)
    assert lean._log is not None and not lean.visitors  # the lean path is open here
    made = _play_out(lean)
    watcher = Steps()
    full = _dealt(game, strict, watcher)
    for move_id in made:
        full.push_id(move_id)
    assert full.hands[-1].moves == lean.hands[-1].moves
    assert full.results == lean.results and full.results[-1] is not None
    names = [game.format_move(game.move_table[i]) for i in made]
    assert watcher.steps == [(1, ply, m.seat, name, False) for ply, (m, name) in enumerate(zip(full.hands[-1].moves, names), 1)]
    assert [seat for seat, _ in watcher.before] == [m.seat for m in full.hands[-1].moves]
    assert [move for _, move in watcher.before] == [game.move_table[i] for i in made]


def test_a_game_with_secret_moves_logs_each_move_with_its_flag() -> None:
    game = Secret()
    table = _dealt(game, False)
    assert table._log is None  # its moves may be secret: no one-step log
    opening = game.move_id(mv.CANONICAL["1C"])
    table.push_id(opening)
    made = [opening, *_play_out(table)]
    logged = table.hands[-1].moves
    assert [m.move for m in logged] == [game.format_move(game.move_table[i]) for i in made]
    assert [m.secret for m in logged] == [m.move == "P" for m in logged]
    assert any(m.secret for m in logged) and not all(m.secret for m in logged)
    assert table.results[-1] is not None


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("game", [BridgeGame(), Secret()], ids=["watched", "secret"])
def test_a_move_the_rules_forbid_is_refused_by_number_even_by_a_trusting_table(strict: bool, game: Any) -> None:
    table = _dealt(game, strict, Steps())
    before = game.view(table.state, None)
    with pytest.raises(FoldError) as refused:
        table.push_id(0)  # "play 2C" while the auction is on
    err = refused.value
    assert (err.hand, err.ply, err.rule) == (1, 1, "play.auction-first")
    reason = game.check(table.state, game.move_table[0]).reason
    assert reason and reason in str(err)
    if not strict:  # the trusting table's own check: the reason, with nothing about the move
        assert str(err) == f"hand 1, move 1: {reason}"
    assert game.view(table.state, None) == before and table.hands[-1].moves == []
    table.push_id(game.legal_ids(table.state)[0])  # the table still takes a legal move
    table.push_id(game.legal_ids(table.state)[0])
    with pytest.raises(FoldError) as second:
        table.push_id(0)
    assert (second.value.hand, second.value.ply) == (1, 3)


@pytest.mark.parametrize("bad", [-1, 106, 10**6])
def test_a_number_of_no_move_is_refused_with_one_line(bad: Any) -> None:
    game = load("bridge")
    assert len(game.move_table) == 106
    table = _dealt(game, False, Steps())
    with pytest.raises(FoldError) as refused:
        table.push_id(bad)
    assert str(refused.value) == f"{bad!r} is not a bridge move id"
    assert table.hands[-1].moves == []
    for other in ("3", 3.0, None):  # not a number at all (the compiled table's signature refuses it first)
        with pytest.raises((FoldError, TypeError), match="is not a bridge move id|int object expected"):
            table.push_id(other)
    assert table.hands[-1].moves == []
    for good in (0, 105):  # the ends of the table are numbers of moves (refused here by the rules only)
        with pytest.raises(FoldError) as by_rule:
            table.push_id(good)
        assert "is not a bridge move id" not in str(by_rule.value)


def test_a_game_that_numbers_no_moves_refuses_every_number() -> None:
    game = load("eleusis")
    config = next(iter(game.presets.values()))
    table: Table[Any, Any] = Table(game, config, 4, 0)
    table.deal(shuffled_deck(game.deck(config, 4), SEED, 1))
    assert game.move_table is None and table._log is None
    with pytest.raises(FoldError, match="^0 is not a eleusis move id$"):
        table.push_id(0)


def test_no_move_by_number_before_the_deal_or_after_the_hand() -> None:
    game = load("bridge")
    config = game.presets["rubber"]
    for strict in (False, True):
        undealt: Table[Any, Any] = Table(game, config, 4, 0, strict=strict, visitors=[Steps()])
        with pytest.raises(FoldError, match="nobody can move now"):
            undealt.push_id(game.move_id(mv.PASS))
        assert undealt.hands == []
    table = _dealt(game, False, Steps())
    _play_out(table)
    with pytest.raises(FoldError, match="nobody can move now") as over:
        table.push_id(game.move_id(mv.PASS))
    assert over.value.hand == 1 and over.value.ply == len(table.hands[-1].moves) + 1


def test_parse_names_the_move_of_a_log_entry() -> None:
    game = load("bridge")
    table = _dealt(game, True)
    assert table.parse(LoggedMove(0, "1C")) is mv.CANONICAL["1C"]
    with pytest.raises(FoldError, match="turn"):
        table.parse(LoggedMove(1, "1C"))


def test_look_ahead_answers_on_a_copy() -> None:
    game = load("bridge")
    table = _dealt(game, True)
    before = game.view(table.state, None)
    after = look_ahead(game, table.state, mv.CANONICAL["1C"])
    assert game.view(table.state, None) == before  # the position looked from is as it was
    assert after is not table.state and [game.format_move(c) for c in after.calls] == ["1C"]
    assert game.to_act(after) == 1 and game.to_act(table.state) == 0
