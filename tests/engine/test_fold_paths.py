"""The fold's paths that mutation testing found untested: the fast path (a game's table of canonical
moves, no visitor watching moves) against the full one, a trusting fold, deck checks, the first
dealer's bounds, deals and moves where there is no hand to play, and the dealer a file claims."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import FoldError, HandLog, LoggedMove, Step, Table, Visitor, fold
from cardcli.engine.registry import load
from cardcli.replay.io import read
from cardcli.session import Session, log_of

ROOT = Path(__file__).resolve().parents[2]
RUBBER = ROOT / "replays" / "bridge" / "rubber-seed-11.cardcli.json"
RUMMY = ROOT / "replays" / "rummy" / "four-players-ace-high-or-low.cardcli.json"


class Watcher(Visitor):
    """Watches single moves, which sends the fold down its full path."""

    def __init__(self) -> None:
        self.steps: list[tuple[int, int, str, bool]] = []
        self.ends: list[int] = []

    def after_move(self, table: Table[Any, Any], step: Step[Any]) -> None:
        self.steps.append((step.hand, step.ply, step.notation, step.secret))

    def end_hand(self, table: Table[Any, Any], hand: int, result: Any) -> None:
        self.ends.append(hand)


class HandsOnly(Visitor):
    """Watches hands only: the fast path stays open, and must still tell it each hand's end."""

    def __init__(self) -> None:
        self.ends: list[tuple[int, Any]] = []

    def end_hand(self, table: Table[Any, Any], hand: int, result: Any) -> None:
        self.ends.append((hand, result))


def _bridge() -> tuple[Any, Any, Any]:
    replay = read(RUBBER)
    game = load("bridge")
    assert game.canonical_moves is not None  # the fast path is the bridge's
    return replay, game, Session.from_replay(replay).config


def test_the_fast_path_and_the_full_path_fold_to_the_same_match() -> None:
    replay, game, config = _bridge()
    hands = HandsOnly()
    fast = fold(game, config, replay.players, replay.first_dealer, log_of(replay), visitors=[hands])
    watcher = Watcher()
    full = fold(game, config, replay.players, replay.first_dealer, log_of(replay), visitors=[watcher])
    assert [[(m.seat, m.move, m.secret) for m in h.moves] for h in fast.hands] == [
        [(m.seat, m.move, m.secret) for m in h.moves] for h in full.hands
    ]
    assert fast.results == full.results and all(r is not None for r in fast.results)
    assert [h for h, _r in hands.ends] == list(range(1, len(replay.hands) + 1)) == watcher.ends
    assert [r for _h, r in hands.ends] == fast.results
    for seat in [*range(4), None]:
        assert game.view(fast.state, seat) == game.view(full.state, seat)
    assert len(watcher.steps) == sum(len(h.moves) for h in replay.hands)


def test_the_fast_path_refuses_what_the_full_path_refuses() -> None:
    replay, game, config = _bridge()
    logs = log_of(replay)
    first = logs[0]
    seat, move = first.moves[10].seat, first.moves[10].move
    for bad, words in (
        (LoggedMove(seat, "play ZZ"), "is not a bridge move"),
        (LoggedMove((seat + 1) % 4, move), "turn, not seat"),
        (LoggedMove(seat, move, True), "the file marks it secret, but it is public by the rules"),
        (LoggedMove(seat, first.moves[12].move), "illegal"),
    ):
        broken = [HandLog(first.deck, [*first.moves[:10], bad, *first.moves[11:]], first.dealer)]
        errors = []
        for visitors in ([], [Watcher()]):
            with pytest.raises(FoldError) as err:
                fold(game, config, replay.players, replay.first_dealer, broken, visitors=visitors)
            errors.append((str(err.value), err.value.hand, err.value.ply))
        assert errors[0] == errors[1] and words in errors[0][0] and errors[0][1:] == (1, 11), errors


def test_a_trusting_fold_takes_an_illegal_move_a_strict_one_refuses() -> None:
    replay, game, config = _bridge()
    first = log_of(replay)[0]
    # the opening lead out of turn is refused by both; a card the rules forbid only by the strict fold
    auction_end = next(i for i, m in enumerate(first.moves) if m.move.startswith("play "))
    lead = first.moves[auction_end]
    table = fold(game, config, 4, replay.first_dealer, [HandLog(first.deck, first.moves[: auction_end + 1])])
    follower = game.to_act(table.state)
    led_suit = lead.move[-1]
    hand = table.state.hands[follower]
    off = [c for c in hand if c[1] != led_suit]
    if len(off) == len(hand):
        pytest.skip("the next hand holds no card of another suit")
    if any(c[1] == led_suit for c in hand):
        moves = [*first.moves[: auction_end + 1], LoggedMove(follower, f"play {off[0]}")]
        with pytest.raises(FoldError, match="illegal"):
            fold(game, config, 4, replay.first_dealer, [HandLog(first.deck, moves)])
        trusting = fold(game, config, 4, replay.first_dealer, [HandLog(first.deck, moves)], strict=False)
        assert trusting.ply == auction_end + 2 and trusting.hands[-1].moves[-1].move == f"play {off[0]}"
        assert trusting.strict is False


def test_a_deck_check_refuses_the_hand_it_names() -> None:
    replay = read(RUMMY)
    game = load("rummy")
    config = Session.from_replay(replay).config
    seen: list[int] = []

    def check(number: int, deck: list[str]) -> str | None:
        seen.append(number)
        return "not the deck I expected" if number == 2 else None

    with pytest.raises(FoldError, match="^hand 2: not the deck I expected$") as err:
        fold(game, config, replay.players, replay.first_dealer, log_of(replay), deck_check=check)
    assert err.value.hand == 2 and seen == [1, 2]
    ok = fold(game, config, replay.players, replay.first_dealer, log_of(replay), deck_check=lambda n, d: None)
    assert ok.hand == len(replay.hands)


@pytest.mark.parametrize(("first", "refused"), [(-1, True), (0, False), (3, False), (4, True), (9, True)])
def test_the_first_dealer_is_one_of_the_seats(first: int, refused: bool) -> None:
    game = load("rummy")
    config = game.presets["standard"]
    if refused:
        with pytest.raises(FoldError, match=f"^the first dealer is seat {first + 1}, but there are 4 seats$"):
            Table(game, config, 4, first)
    else:
        table = Table(game, config, 4, first)
        table.deal(shuffled_deck(game.deck(config, 4), "x", 1))
        assert table.first_dealer == first and table.dealer() == game.next_dealer(game.new_match(config, 4, first))


def test_no_move_and_no_deal_where_there_is_no_hand_to_play() -> None:
    game = load("rummy")
    config = game.presets["standard"]
    table: Table[Any, Any] = Table(game, config, 2, 0)
    assert table.hand == 0 and table.ply == 0 and table.dealer() is None and table.needs_deal()
    with pytest.raises(FoldError, match="hand 0, move 1: nobody can move now"):
        table.push(game.parse_move("draw stock"))
    with pytest.raises(FoldError, match="the deck is not the 52 cards of a rummy deal"):
        table.deal(shuffled_deck(game.deck(config, 2), "x", 1)[:-1])
    deck = shuffled_deck(game.deck(config, 2), "x", 1)
    with pytest.raises(FoldError, match="the deck is not the 52 cards of a rummy deal"):
        table.deal([*deck[:-1], deck[0]])  # a card twice, one missing
    table.deal(deck)
    with pytest.raises(FoldError, match="hand 2: recorded, but the match had no hand left to deal"):
        table.deal(deck)
    start = table.hand_start(1)
    # a copy each time, and the position before the first deal is the new match's
    assert start is not table.hand_start(1) and game.view(start, None) == game.view(game.new_match(config, 2, 0), None)


@pytest.mark.parametrize("strict", [True, False])
def test_a_game_that_checks_its_own_deck_is_refused_the_same_way(strict: bool) -> None:
    """Bridge's deal refuses a deck that is not one deck (the table leaves the check to it): the
    table's refusal is the same line, the table and state as they were, and a good deck deals."""
    game = load("bridge")
    config = game.presets["rubber"]
    assert game.checks_deck
    table: Table[Any, Any] = Table(game, config, 4, 0, strict=strict)
    deck = shuffled_deck(game.deck(config, 4), "x", 1)
    before = table.state.clone()
    for bad in (deck[:-1], [*deck[:-1], deck[0]], [*deck[:-1], "ZZ"], [*deck, deck[0]]):
        with pytest.raises(FoldError, match="hand 1: the deck is not the 52 cards of a bridge deal"):
            table.deal(bad)
        assert table.hand == 0 and table.results == [] and table.state == before
    table.deal(deck)
    assert table.hand == 1 and table.state.phase == "auction" and table.hands[0].deck == deck


def test_a_file_that_names_the_wrong_dealer_is_refused_naming_both() -> None:
    replay = read(RUMMY)
    game = load("rummy")
    config = Session.from_replay(replay).config
    logs = log_of(replay)
    real = logs[0].dealer
    assert real is not None
    wrong = (real + 1) % replay.players
    names = game.seat_names(replay.players)
    with pytest.raises(FoldError, match=f"hand 1: the file says {names[wrong]} dealt, but by the rules {names[real]} deals"):
        fold(game, config, replay.players, replay.first_dealer, [HandLog(logs[0].deck, logs[0].moves, wrong)])
    with pytest.raises(FoldError, match=f"hand 1: the file says seat 9 dealt, but by the rules {names[real]} deals"):
        fold(game, config, replay.players, replay.first_dealer, [HandLog(logs[0].deck, logs[0].moves, 8)])
    trusting = fold(game, config, replay.players, replay.first_dealer, [HandLog(logs[0].deck, logs[0].moves, 8)], strict=False)
    assert trusting.dealer() == real  # the fold records the real dealer, whatever the file said


def test_a_move_after_the_hand_is_over_is_refused() -> None:
    replay = read(RUMMY)
    game = load("rummy")
    config = Session.from_replay(replay).config
    first = log_of(replay)[0]
    extra = [*first.moves, LoggedMove(0, "draw stock")]
    with pytest.raises(FoldError, match=f"hand 1, move {len(first.moves) + 1}: the hand was already over"):
        fold(game, config, replay.players, replay.first_dealer, [HandLog(first.deck, extra, first.dealer)])


def test_rewind_tells_no_visitor_and_keeps_the_fold_strict() -> None:
    replay, game, config = _bridge()
    watcher = Watcher()
    table = fold(game, config, 4, replay.first_dealer, log_of(replay), visitors=[watcher], until=(1, 30))
    told = len(watcher.steps)
    table.rewind(12)
    assert len(watcher.steps) == told and table.ply == 12 and table.strict is True
    assert table.visitors == [watcher]
    fresh = fold(game, config, 4, replay.first_dealer, log_of(replay), until=(1, 12))
    assert [m.move for m in table.hands[-1].moves] == [m.move for m in fresh.hands[-1].moves]


def test_the_first_hands_start_is_the_position_the_table_held_when_it_was_dealt() -> None:
    # the first hand's start is not copied when it is the new match's own: it must still be the
    # position dealt from, whether the table's own or one a caller set (a rollout's later hand)
    game = load("bridge")
    config = game.presets["rubber"]
    deck = shuffled_deck(game.deck(config, 4), "start", 1)
    later = Table(game, config, 4, 0, strict=False)
    later.deal(deck)
    while later.state.phase != "over":
        later.push_id(game.legal_ids(later.state)[0])
    own: Table[Any, Any] = Table(game, config, 4, 0, strict=False)
    own.deal(deck)
    assert game.view(own.hand_start(1), None) == game.view(game.new_match(config, 4, 0), None)
    set_before: Table[Any, Any] = Table(game, config, 4, 0, strict=False)
    set_before.state = later.state.clone()  # a rubber one hand in
    set_before.deal(deck)
    assert set_before.hand_start(1).hand_number == 1
    assert game.view(set_before.hand_start(1), None) == game.view(later.state, None)
    for table in (own, set_before):  # taken back to its deal, each hand starts where it started
        before = game.view(table.state, None)
        table.push_id(game.legal_ids(table.state)[0])
        table.rewind(0)
        assert game.view(table.state, None) == before
