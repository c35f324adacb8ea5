"""The fold's refusals word for word, with the hand, move and rule they carry, and the fast path's log.

Mutation testing found the refusals checked only by a pattern inside the message (``match=`` searches),
so a message with words added, a wrong seat number or a lost hand/move number passed; a file's error
line is what a player reads, and ``hand``/``ply``/``rule`` are what the resume offer and ``replay
verify`` report. Also the legal-list visitor, the fast path's record of secret flags, and the caches.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import FoldError, HandLog, LegalCheck, LoggedMove, Table, _names_of, _sorted_deck, fold
from cardcli.engine.registry import load
from cardcli.replay.io import read
from cardcli.session import Session, log_of

ROOT = Path(__file__).resolve().parents[2]
ELEUSIS = ROOT / "replays" / "eleusis" / "human-dealer-own-rule.cardcli.json"
RULE = "rule accept: rank(c) % 3 != rank(p1) % 3"


def _rummy() -> Table[Any, Any]:
    """Two-player rummy, dealt: P2 (seat 1) to draw."""
    game = load("rummy")
    config = game.presets["standard"]
    table: Table[Any, Any] = Table(game, config, 2, 0)
    table.deal(shuffled_deck(game.deck(config, 2), "7", 1))
    return table


def _eleusis() -> Table[Any, Any]:
    """The shipped eleusis game, dealt: P3 (seat 2) deals and writes the secret rule."""
    replay = read(ELEUSIS)
    table: Table[Any, Any] = Table(load("eleusis"), Session.from_replay(replay).config, 4, replay.first_dealer)
    table.deal(log_of(replay)[0].deck)
    return table


def _after_draw(table: Table[Any, Any]) -> Table[Any, Any]:
    table.push_logged(LoggedMove(1, "draw stock"))
    return table


def _after_rule(table: Table[Any, Any]) -> Table[Any, Any]:
    table.push_logged(LoggedMove(2, RULE, True))
    return table


CASES: list[tuple[str, Callable[[], Table[Any, Any]], LoggedMove, str, int, int, str | None]] = [
    ("wrong seat", _rummy, LoggedMove(0, "draw stock"), "hand 1, move 1: it was P2's turn, not seat 1's", 1, 1, None),
    (
        "not a move",
        _rummy,
        LoggedMove(1, "bogus"),
        "hand 1, move 1: 'bogus' is not a rummy move ('bogus' is not a rummy move (draw, meld, layoff, discard; "
        "`help` lists them))",
        1,
        1,
        None,
    ),
    ("not canonical", _rummy, LoggedMove(1, "d s"), "hand 1, move 1: 'd s' is not canonical notation", 1, 1, None),
    (
        "marked secret",
        _rummy,
        LoggedMove(1, "draw discard", True),
        "hand 1, move 1 ('draw discard'): the file marks it secret, but it is public by the rules",
        1,
        1,
        None,
    ),
    (
        "illegal",
        lambda: _after_draw(_rummy()),
        LoggedMove(1, "discard 2C"),
        "hand 1, move 2 (P2 'discard 2C'): illegal: you do not hold 2C [rule rummy discard.held]",
        1,
        2,
        "discard.held",
    ),
    (
        "secret not canonical",
        _eleusis,
        LoggedMove(2, RULE.replace("rule ", "rule   "), True),
        "hand 1, move 1: a secret move is not canonical notation",
        1,
        1,
        None,
    ),
    (
        "secret marked public",
        _eleusis,
        LoggedMove(2, RULE, False),
        "hand 1, move 1 (a secret move): the file marks it public, but it is secret by the rules",
        1,
        1,
        None,
    ),
    (
        "secret illegal",
        lambda: _after_rule(_eleusis()),
        LoggedMove(3, "rule accept: true", True),
        "hand 1, move 2 (P4 a secret move): illegal: the rule of this hand is already written; it cannot change "
        "[rule eleusis turn.rule-set]",
        1,
        2,
        "turn.rule-set",
    ),
]


@pytest.mark.parametrize(("make", "logged", "message", "hand", "ply", "rule"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_refused_move_says_exactly_what_and_where(
    make: Callable[[], Table[Any, Any]], logged: LoggedMove, message: str, hand: int, ply: int, rule: str | None
) -> None:
    table = make()
    before = table.ply
    with pytest.raises(FoldError) as err:
        table.push_logged(logged)
    assert (str(err.value), err.value.hand, err.value.ply, err.value.rule) == (message, hand, ply, rule)
    assert table.ply == before  # nothing was logged


def test_the_other_refusals_carry_their_hand_and_move() -> None:
    game = load("rummy")
    config = game.presets["standard"]
    table: Table[Any, Any] = Table(game, config, 2, 0)
    with pytest.raises(FoldError) as err:
        table.push(game.parse_move("draw stock"))
    assert (str(err.value), err.value.hand, err.value.ply) == ("hand 0, move 1: nobody can move now", 0, 1)
    with pytest.raises(FoldError) as err:
        table.deal(["AS"] * 52)
    assert (str(err.value), err.value.hand) == ("hand 1: the deck is not the 52 cards of a rummy deal", 1)
    finished = fold(game, config, 2, 0, [HandLog(shuffled_deck(game.deck(config, 2), "7", 1), [])], strict=False)
    finished.state.match_done = True
    finished.state.phase = "over"
    with pytest.raises(FoldError) as err:
        finished.deal(shuffled_deck(game.deck(config, 2), "7", 2))
    assert (str(err.value), err.value.hand) == ("hand 2: recorded, but the match had no hand left to deal", 2)
    with pytest.raises(FoldError) as err:
        finished.push_logged(LoggedMove(1, "draw stock"))
    assert (str(err.value), err.value.hand, err.value.ply) == ("hand 1, move 1: the hand was already over", 1, 1)


@pytest.mark.parametrize(("claimed", "said"), [(0, "P1"), (1, None), (3, "seat 4"), (-1, "seat 0")])
def test_the_dealer_a_file_names_is_held_to_the_rules(claimed: int, said: str | None) -> None:
    """Three-player rummy, first dealer P2 (seat 1): a file naming P1, or a seat out of range, is refused."""
    game = load("rummy")
    config = game.presets["standard"]
    table: Table[Any, Any] = Table(game, config, 3, 1)
    log = HandLog(shuffled_deck(game.deck(config, 3), "7", 1), [], claimed)
    if said is None:
        table.replay_hand(log)
        assert table.dealer() == 1
        return
    with pytest.raises(FoldError) as err:
        table.replay_hand(log)
    words = f"the file says {said} dealt" if said.startswith("P") else f"the file says {said} dealt"
    assert (str(err.value), err.value.hand) == (f"hand 1: {words}, but by the rules P2 deals", 1)


def test_the_legal_list_visitor_refuses_a_move_the_generator_forgot() -> None:
    from cardcli.games.rummy.rules import RummyGame

    class Forgetful(RummyGame):
        def legal_moves(self, state):  # type: ignore[no-untyped-def]
            return [m for m in super().legal_moves(state) if self.format_move(m) != "draw discard"]

    game = Forgetful()
    config = game.presets["standard"]
    deck = shuffled_deck(game.deck(config, 2), "7", 1)
    ok = [LoggedMove(1, "draw stock")]
    table = fold(game, config, 2, 0, [HandLog(deck, ok)], visitors=[LegalCheck()])
    assert table.ply == 1  # a listed move passes
    forgotten = [LoggedMove(1, "draw stock"), LoggedMove(1, f"discard {table.state.hands[1][0]}"), LoggedMove(0, "draw discard")]
    with pytest.raises(FoldError) as err:
        fold(game, config, 2, 0, [HandLog(deck, forgotten)], visitors=[LegalCheck()])
    assert (str(err.value), err.value.hand, err.value.ply) == (
        "hand 1, move 3 ('draw discard'): the rules allow it, but it is not among the legal moves rummy lists there "
        "(a bug in cardcli: please report it)",
        1,
        3,
    )
    fold(game, config, 2, 0, [HandLog(deck, forgotten)])  # the checker alone allows it


def test_the_legal_list_visitor_does_not_tell_a_secret() -> None:
    from cardcli.games.eleusis.rules import EleusisGame

    class NoRules(EleusisGame):
        def legal_moves(self, state):  # type: ignore[no-untyped-def]
            return []

        def is_open_move(self, move):  # type: ignore[no-untyped-def]
            return False

    replay = read(ELEUSIS)
    game = NoRules()
    log = [HandLog(log_of(replay)[0].deck, [LoggedMove(2, RULE, True)])]
    with pytest.raises(FoldError) as err:
        fold(game, Session.from_replay(replay).config, 4, replay.first_dealer, log, visitors=[LegalCheck()])
    assert str(err.value).startswith("hand 1, move 1 (a secret move): the rules allow it") and "rank" not in str(err.value)


def test_the_fast_path_records_the_secret_flags_the_rules_give() -> None:
    """A log without flags gets the game's; a log with the right flags is kept entry for entry; a move
    off the fast path (here not canonical, in a trusting fold) is made the full way and the rest follow."""
    replay = read(ELEUSIS)
    game = load("eleusis")
    config = Session.from_replay(replay).config
    moves = log_of(replay)[0].moves[:6]
    bare = [LoggedMove(m.seat, m.move) for m in moves]
    table = fold(game, config, 4, replay.first_dealer, [HandLog(log_of(replay)[0].deck, bare)])
    got = table.hands[-1].moves
    assert [(m.seat, m.move, m.secret) for m in got] == [(m.seat, m.move, m.secret) for m in moves]
    assert got[0].secret is True and not any(m.secret for m in got[1:])
    rummy = _rummy()
    flagged = [LoggedMove(1, "draw stock", False), LoggedMove(1, f"discard {rummy.state.stock[-1]}", False)]
    table = fold(rummy.game, rummy.config, 2, 0, [HandLog(rummy.hands[0].deck, flagged)])
    assert all(a is b for a, b in zip(table.hands[-1].moves, flagged, strict=True))  # kept entry for entry
    log = [LoggedMove(1, "d s"), LoggedMove(1, f"discard {rummy.state.stock[-1]}"), LoggedMove(0, "draw stock")]
    trusting = fold(rummy.game, rummy.config, 2, 0, [HandLog(rummy.hands[0].deck, log)], strict=False)
    assert [m.move for m in trusting.hands[-1].moves] == ["draw stock", log[1].move, "draw stock"]


def test_the_deck_and_notation_caches_answer_as_computing_would() -> None:
    # decks of their own each run (the caches live as long as the process, which may have met any fixed one)
    a, b, c = (f"{uuid.uuid4().hex}{n}" for n in "915")

    class Decks:
        """A game whose deck is the config's cards (and that counts how often it is asked)."""

        asked = 0

        def deck(self, config: tuple[str, ...], players: int) -> list[str]:
            self.asked += 1
            return list(config)

    decks, plain, repeated = Decks(), (a, b, c), (b, b, c)
    cards, distinct = _sorted_deck(decks, plain, 2)  # type: ignore[arg-type]
    assert cards == sorted(plain) and distinct == frozenset(cards)
    assert _sorted_deck(decks, plain, 2)[0] is cards and decks.asked == 1  # made once
    assert _sorted_deck(decks, plain, 3)[0] is not cards and decks.asked == 2  # per number of players
    twice, none = _sorted_deck(decks, repeated, 2)  # type: ignore[arg-type]
    assert twice == sorted(repeated) and none is None  # repeated cards: compared sorted, not as a set
    game = load("bridge")  # its table of canonical moves is whole from the start
    names = _names_of(game)
    assert names is not None and _names_of(game) is names  # one map per table of canonical moves
    table = game.canonical_moves
    assert table is not None
    listed = {id(m): text for text, m in table.items()}
    assert names and all(listed[key] == text for key, text in names.items())
