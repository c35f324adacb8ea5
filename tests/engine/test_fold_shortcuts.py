"""The fold's shortcuts, each held to what it spares and to the answer the long way gives: the lean
:meth:`Table.push_id` (one call per move, refusals named), the fast replay of a game's canonical
moves (secret flags and hand ends as the rules give them, a game without secret moves or its own end
never asked), reading a canonical text without parsing it, the caches of decks, and the positions a
table keeps to take a hand back. Found by mutation testing: each test fails with its shortcut broken."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from cardcli.engine import fold as fold_module
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import FoldError, HandLog, LegalCheck, LoggedMove, Table, Visitor, fold
from cardcli.engine.game import Game
from cardcli.engine.registry import load
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.rules import BridgeGame
from cardcli.replay.io import read
from cardcli.session import Session, log_of
from tests.engine.test_fold_push_fast import Ends

ROOT = Path(__file__).resolve().parents[2]
SEED = "fold-shortcuts"


def _deck(game: Any, seed: int = 1) -> list[str]:
    return shuffled_deck(game.deck(game.presets["rubber"], 4), SEED, seed)


def _table(game: Any, strict: bool = True, preset: str = "rubber", seed: int = 1) -> Table[Any, Any]:
    table: Table[Any, Any] = Table(game, game.presets[preset], 4, 0, strict=strict)
    table.deal(_deck(game, seed))
    return table


def _played(game: Any, opening: tuple[str, ...] = ("1C", "P", "P", "P")) -> HandLog:
    """A whole bridge hand by the rules (the opening calls, then the first legal card each time)."""
    table = _table(game, strict=False)
    for text in opening:
        table.push(mv.CANONICAL[text])
    while table.state.phase != "over":
        table.push_id(game.legal_ids(table.state)[0])
    return table.hands[-1]


class Counted(BridgeGame):
    """Bridge that counts the calls a shortcut means to spare."""

    def __init__(self) -> None:
        self.parsed = 0
        self.logged = 0

    def parse_move(self, text: str) -> Any:
        self.parsed += 1
        return mv.parse_move(text)

    def play_logged(self, state: Any, move_id: int, log: list[Any], entries: list[list[Any]]) -> bool:
        self.logged += 1
        return super().play_logged(state, move_id, log, entries)


class Secret(BridgeGame):
    """Bridge whose passes are secret."""

    def is_secret_move(self, move: Any) -> bool:
        return move == mv.PASS


class Short(BridgeGame):
    """Bridge whose hand is over after two calls (a game with its own end of hand)."""

    def hand_over(self, state: Any) -> bool:
        return len(state.calls) >= 2 or state.phase == "over"


def test_the_lean_path_makes_each_move_in_one_call_and_names_a_refusal() -> None:
    game = Counted()
    table = _table(game, strict=False)
    assert table._log is table.hands[-1].moves
    with pytest.raises(FoldError) as refused:
        table.push_id(0)  # a card during the auction
    err = refused.value
    reason = game.check(table.state, game.move_table[0]).reason
    assert str(err) == f"hand 1, move 1: {reason}" and (err.hand, err.ply, err.rule) == (1, 1, "play.auction-first")
    assert table.hands[-1].moves == [] and game.to_act(table.state) == 0
    for text in ("1C", "P"):
        table.push_id(game.move_id(mv.CANONICAL[text]))
    with pytest.raises(FoldError) as later:
        table.push_id(game.move_id(mv.CANONICAL["1C"]))  # not higher than the bid
    assert (later.value.hand, later.value.ply) == (1, 3) and later.value.rule
    assert game.logged == 4  # each move (and each refusal) one call of the game's own
    assert [m.move for m in table.hands[-1].moves] == ["1C", "P"]


def test_the_lean_path_ends_the_hand() -> None:
    game = load("bridge")
    table = _table(game, strict=False)
    table.visitors = []
    for text in ("P", "P", "P"):
        table.push_id(game.move_id(mv.CANONICAL[text]))
    assert table.results == [None]
    table.push_id(game.move_id(mv.PASS))  # passed out: over at the fourth pass
    assert table.results[-1] is not None and table.needs_deal()


def test_a_game_with_no_secret_moves_or_end_of_its_own_is_never_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    original_secret, original_over = Game.is_secret_move, Game.hand_over

    def secret(self: Any, move: Any) -> bool:
        asked.append("secret")
        return original_secret(self, move)

    def over(self: Any, state: Any) -> bool:
        asked.append("over")
        return original_over(self, state)

    monkeypatch.setattr(Game, "is_secret_move", secret)
    monkeypatch.setattr(Game, "hand_over", over)
    game = load("bridge")
    log = _played(game)
    assert asked == []  # playing it: neither asked
    table: Table[Any, Any] = Table(game, game.presets["rubber"], 4, 0)
    table.deal(log.deck)
    table.push(mv.CANONICAL["1C"])
    table.rewind(0)
    asked.clear()
    folded = fold(game, game.presets["rubber"], 4, 0, [log])
    assert folded.hands[-1].moves == log.moves and folded.results[-1] is not None
    assert asked == []  # the fast replay of the whole hand: neither asked


def test_the_fast_replay_records_the_secret_flags_and_seats_the_rules_give() -> None:
    game = Secret()
    log = _played(game)
    unflagged = HandLog(log.deck, [LoggedMove(m.seat, m.move) for m in log.moves], None)
    for strict in (True, False):
        table = fold(game, game.presets["rubber"], 4, 0, [unflagged], strict=strict)
        moves = table.hands[-1].moves
        assert [(m.seat, m.move) for m in moves] == [(m.seat, m.move) for m in log.moves]
        assert [m.secret for m in moves] == [m.move == "P" for m in log.moves]
        assert moves[1].secret is True and moves[0].secret is False
    plain = fold(load("bridge"), game.presets["rubber"], 4, 0, [unflagged])
    assert [m.secret for m in plain.hands[-1].moves] == [False] * len(log.moves)


def test_the_fast_replay_ends_a_hand_when_the_game_says_so() -> None:
    class Steps(Ends):
        def after_move(self, table: Table[Any, Any], step: Any) -> None:
            pass

    game = Short()
    log = HandLog(_deck(game), [LoggedMove(0, "1C"), LoggedMove(1, "P")], 0)
    for watcher in (Ends(), Steps()):  # watching hands only keeps the fast replay; watching moves does not
        fold(game, game.presets["rubber"], 4, 0, [log], strict=False, visitors=[watcher])
        assert watcher.ended == [1]  # over by Short's own rule, in the auction
    plain = Ends()
    fold(load("bridge"), game.presets["rubber"], 4, 0, [log], visitors=[plain])
    assert plain.ended == []


def test_a_canonical_text_is_read_not_parsed() -> None:
    game = Counted()
    log = _played(game)
    for strict in (True, False):
        table = _table(game, strict)
        game.parsed = 0
        for logged in log.moves[:6]:
            table.push_logged(logged)
        assert game.parsed == 0 and table.hands[-1].moves == log.moves[:6]
    table = _table(game, False)
    assert table.parse(LoggedMove(0, "1c")) == mv.CANONICAL["1C"] and game.parsed == 1  # not the table's text


def test_a_slow_replay_stops_where_it_is_told() -> None:
    class Steps(Visitor):
        def after_move(self, table: Table[Any, Any], step: Any) -> None:
            pass

    game = load("bridge")
    log = _played(game)
    for visitors in ([Steps()], []):
        for stop in (0, 1, 5):
            table = fold(game, game.presets["rubber"], 4, 0, [log], visitors=visitors, until=(1, stop))
            assert table.ply == stop and table.hands[-1].moves == log.moves[:stop]


def test_a_trusting_table_takes_back_a_hand_that_holds_an_illegal_move() -> None:
    game = load("bridge")
    table = _table(game, strict=False)
    table.push(mv.CANONICAL["1C"])
    table.push(mv.CANONICAL["1C"])  # illegal: a trusting table takes it
    table.push(mv.PASS)
    table.rewind(2)
    assert [m.move for m in table.hands[-1].moves] == ["1C", "1C"] and table.strict is False
    strict = _table(game)
    strict.push(mv.CANONICAL["1C"])
    strict.rewind(0)
    assert strict.strict is True and strict.hands[-1].moves == []


def test_each_hands_start_is_kept_and_a_rewind_keeps_a_position_set_before_the_deal() -> None:
    game = load("bridge")
    config = game.presets["rubber"]
    first = _played(game)
    table: Table[Any, Any] = Table(game, config, 4, 0, strict=False)
    table.replay_hand(first)
    after_first = game.view(table.state, None)
    table.deal(_deck(game, 2))
    assert game.view(table.hand_start(2), None) == after_first
    assert game.view(table.hand_start(1), None) == game.view(game.new_match(config, 4, 0), None)
    set_before: Table[Any, Any] = Table(game, config, 4, 0, strict=False)
    set_before.state = table.hand_start(2)  # a rubber one hand in
    set_before.deal(_deck(game, 3))
    set_before.push(mv.CANONICAL["1C"])
    set_before.rewind(0)
    assert game.view(set_before.hand_start(1), None) == after_first


def test_a_hand_is_left_unfinished_only_once_one_is_dealt() -> None:
    game = load("bridge")
    table: Table[Any, Any] = Table(game, game.presets["deals"], 4, 0)
    assert table.leaves_hand() is False and table.needs_deal()
    table.deal(_deck(game))
    table.push(mv.CANONICAL["1C"])
    assert table.leaves_hand() is True  # a board recorded in part
    rubber = _table(game)
    rubber.push(mv.CANONICAL["1C"])
    assert rubber.leaves_hand() is False


def test_the_deck_is_made_once_per_game_config_and_players() -> None:
    rummy, other = load("rummy"), type(load("rummy"))()
    standard, pagat = rummy.presets["standard"], rummy.presets["pagat"]

    def dealt(game: Any, config: Any, players: int = 2) -> Table[Any, Any]:
        table: Table[Any, Any] = Table(game, config, players, 0)
        table.deal(shuffled_deck(game.deck(config, players), SEED, 1))
        return table

    first = dealt(rummy, standard)
    dealt(other, standard)  # another game object, same config
    dealt(rummy, pagat)  # same game, another config
    dealt(rummy, standard, 3)  # same game and config, more players
    again = dealt(rummy, standard)
    assert again._deck is first._deck and again._deck_set is first._deck_set is not None


class TwoDecks(type(load("rummy"))):  # type: ignore[misc]
    """Rummy as some play it: two decks from five players, and with ``ace_points`` 11, a joker or two."""

    def deck(self, config: Any, players: int) -> list[str]:
        cards = super().deck(config, players) * (2 if players > 4 else 1)
        return cards + ["JK1", "JK2"][: 2 if config.ace_points == 11 else 0]


@pytest.mark.parametrize(("players", "aces", "n"), [(2, 1, 52), (5, 1, 104), (4, 11, 54), (6, 11, 106)])
def test_the_deck_checked_is_the_one_for_the_players_and_the_rules(players: int, aces: int, n: int) -> None:
    game = TwoDecks()
    config = type(game.presets["standard"])(ace_points=aces)
    own = game.deck(config, players)
    assert len(own) == n
    other = game.deck(game.presets["standard"], 2)  # one deck, no jokers
    for bad in (own[:-1], own[:-1] + own[:1], *([other] if n != 52 else [])):
        table: Table[Any, Any] = Table(game, config, players, 0)
        with pytest.raises(FoldError, match=f"^hand 1: the deck is not the {n} cards of a rummy deal$"):
            table.deal(bad)
        assert table.hands == []
    assert table._deck == sorted(own)
    if n == 52:  # rummy's own deal takes one deck only
        table = Table(game, config, players, 0)
        table.deal(list(reversed(own)))
        assert table.hand == 1


def test_a_fold_error_says_where_only_when_told() -> None:
    err = FoldError("bad")
    assert (str(err), err.hand, err.ply, err.rule) == ("bad", 0, 0, None)


def test_the_legal_list_check_leaves_an_open_move_to_the_checker() -> None:
    replay = read(ROOT / "replays" / "eleusis" / "human-dealer-own-rule.cardcli.json")
    session = Session.from_replay(replay)
    game = load("eleusis")
    hands = log_of(replay)
    assert any(game.is_open_move(game.parse_move(m.move)) for h in hands for m in h.moves)
    table = fold(game, session.config, replay.players, replay.first_dealer, hands, visitors=[LegalCheck()])
    assert table.hand == len(hands)


def test_the_names_and_entries_are_shared_by_every_table_of_a_game() -> None:
    game = load("bridge")
    fold_module._ENTRIES.clear()  # made afresh here (an earlier table of this process made them else)
    first, second = _table(game), _table(game)
    assert first._named is second._named and first._entries is second._entries
    assert first._entries[2][game.move_id(mv.PASS)] == LoggedMove(2, "P", False)
    assert len(first._entries) == 4 and all(len(seat) == len(game.move_table) for seat in first._entries)


def test_the_deck_cache_is_bounded() -> None:
    rummy = load("rummy")
    config_type = type(rummy.presets["standard"])
    saved = dict(fold_module._DECKS)
    try:
        fold_module._DECKS.clear()
        fold_module._DECKS.update({(i, i, i): (None, None, [], None) for i in range(999)})
        kept = config_type(ace_points=2)
        Table(rummy, kept, 2, 0).deal(shuffled_deck(rummy.deck(kept, 2), SEED, 1))
        assert len(fold_module._DECKS) == 1000  # the thousandth is kept
        fresh = config_type(ace_points=3)
        Table(rummy, fresh, 2, 0).deal(shuffled_deck(rummy.deck(fresh, 2), SEED, 1))
        assert len(fold_module._DECKS) == 1  # a full cache starts again with the new one
    finally:
        fold_module._DECKS.clear()
        fold_module._DECKS.update(saved)


def test_a_fold_leaves_the_garbage_collector_as_it_found_it() -> None:
    game = load("bridge")
    log = _played(game)
    bad = HandLog(log.deck, [LoggedMove(1, "1C")], None)
    assert gc.isenabled()
    fold(game, game.presets["rubber"], 4, 0, [log])
    assert gc.isenabled()
    with pytest.raises(FoldError):
        fold(game, game.presets["rubber"], 4, 0, [bad])
    assert gc.isenabled()
    gc.disable()
    try:
        fold(game, game.presets["rubber"], 4, 0, [log])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_lean_path_before_the_first_deal_says_nobody_can_move() -> None:
    game = load("bridge")
    table: Table[Any, Any] = Table(game, game.presets["rubber"], 4, 0, strict=False)
    assert table._log is None
    with pytest.raises(FoldError) as refused:
        table.push_id(game.move_id(mv.PASS))
    assert str(refused.value) == "hand 0, move 1: nobody can move now"


def test_a_fresh_tables_first_start_is_made_again_not_kept_and_its_deck_never_asked() -> None:
    game = load("bridge")  # bridge checks its own deals: the table never asks for its deck
    table = _table(game)
    assert table._starts == [None] and table._deck is None
    table.push(mv.CANONICAL["1C"])
    table.rewind(0)
    assert table._starts == [None] and table._deck is None
    assert game.view(table.hand_start(1), None) == game.view(game.new_match(game.presets["rubber"], 4, 0), None)
    table.rewind(0)
    later: Table[Any, Any] = Table(game, game.presets["rubber"], 4, 0)
    later.state = table.hand_start(1)  # a position set before the first deal is kept
    later.deal(_deck(game, 2))
    assert later._starts[0] is not None
