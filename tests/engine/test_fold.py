"""The one fold: strict and trusting folds, visitors, positions, rewind — and that it is the only one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import FoldError, HandLog, LoggedMove, Step, Table, Visitor, fold
from cardcli.engine.registry import load
from cardcli.replay.io import read
from cardcli.session import Session, log_of

ROOT = Path(__file__).resolve().parents[2]
RUMMY = ROOT / "replays" / "rummy" / "four-players-ace-high-or-low.cardcli.json"
ELEUSIS = ROOT / "replays" / "eleusis" / "human-dealer-own-rule.cardcli.json"


class Recorder(Visitor):
    def __init__(self) -> None:
        self.events: list[str] = []

    def begin_hand(self, table: Table, hand: int) -> None:  # type: ignore[type-arg]
        self.events.append(f"begin {hand} dealer {table.dealer()}")

    def before_move(self, table: Table, seat: int, move: object) -> None:  # type: ignore[type-arg]
        self.events.append(f"before {table.hand}.{table.ply + 1} seat {seat}")

    def after_move(self, table: Table, step: Step) -> None:  # type: ignore[type-arg]
        self.events.append(f"after {step.hand}.{step.ply} {step.notation}")

    def end_hand(self, table: Table, hand: int, result: object) -> None:  # type: ignore[type-arg]
        self.events.append(f"end {hand} {getattr(result, 'points', None)}")


def _rummy_log() -> tuple[object, list[HandLog], object]:
    replay = read(RUMMY)
    game = load("rummy")
    session = Session.from_replay(replay)
    return game, log_of(replay), session


def test_visitors_see_every_hand_and_move_in_order() -> None:
    replay = read(RUMMY)
    game = load("rummy")
    session = Session.from_replay(replay)
    rec = Recorder()
    table = fold(game, session.config, replay.players, replay.first_dealer, log_of(replay), visitors=[rec])
    moves = [m for h in replay.hands for m in h.moves]
    assert sum(e.startswith("after") for e in rec.events) == len(moves)
    assert sum(e.startswith("before") for e in rec.events) == len(moves)
    assert [e for e in rec.events if e.startswith("begin")] == [
        f"begin {i} dealer {h.dealer}" for i, h in enumerate(replay.hands, 1)
    ]
    ends = [e for e in rec.events if e.startswith("end")]
    assert ends == [f"end {i} {h.result.points}" for i, h in enumerate(replay.hands, 1) if h.result]
    first_after = rec.events.index("after 1.1 " + replay.hands[0].moves[0].move)
    assert rec.events[first_after - 1] == f"before 1.1 seat {replay.hands[0].moves[0].seat}"
    assert table.results == session.results


def test_until_stops_at_a_position() -> None:
    replay = read(RUMMY)
    game = load("rummy")
    config = Session.from_replay(replay).config
    table = fold(game, config, replay.players, replay.first_dealer, log_of(replay), until=(2, 5))
    assert table.hand == 2 and table.ply == 5
    assert [m.move for m in table.hands[-1].moves] == [m.move for m in replay.hands[1].moves[:5]]


def test_strict_fold_refuses_and_trusting_fold_does_not_check() -> None:
    game = load("rummy")
    config = game.presets["standard"]
    deck = shuffled_deck(game.deck(config, 2), "7", 1)
    table = Table(game, config, 2, 0)
    table.deal(deck)
    actor = game.to_act(table.state)
    bad = [LoggedMove(actor, "discard KS")]  # a discard before the draw
    with pytest.raises(FoldError, match=r"hand 1, move 1 .*illegal: draw a card first.*\[rule rummy turn.draw-first\]"):
        fold(game, config, 2, 0, [HandLog(deck, bad)])
    with pytest.raises(FoldError, match="is not canonical notation"):
        fold(game, config, 2, 0, [HandLog(deck, [LoggedMove(actor, "draw  stock")])])
    with pytest.raises(FoldError, match="turn, not seat"):
        fold(game, config, 2, 0, [HandLog(deck, [LoggedMove(1 - actor, "draw stock")])])
    with pytest.raises(FoldError, match="the first dealer is seat 5"):
        fold(game, config, 2, 4, [HandLog(deck, [])])
    trusting = fold(game, config, 2, 0, [HandLog(deck, [LoggedMove(actor, "draw stock")])], strict=False)
    assert trusting.ply == 1


def test_rewind_gives_the_position_of_a_fresh_fold() -> None:
    replay = read(RUMMY)
    game = load("rummy")
    config = Session.from_replay(replay).config
    table = fold(game, config, replay.players, replay.first_dealer, log_of(replay), until=(1, 20))
    table.rewind(7)
    fresh = fold(game, config, replay.players, replay.first_dealer, log_of(replay), until=(1, 7))
    for seat in [*range(replay.players), None]:
        assert game.view(table.state, seat) == game.view(fresh.state, seat)
    assert table.ply == 7


def test_an_eleusis_replay_with_its_secret_flags_moved_fails_verify(tmp_path: Path) -> None:
    data = json.loads(ELEUSIS.read_text())
    moves = data["hands"][0]["moves"]
    assert moves[0][2] is True
    moves[0] = moves[0][:2]  # the secret rule marked public ...
    moves[3] = [*moves[3][:2], True]  # ... and a plain card marked secret
    bad = tmp_path / "moved.cardcli.json"
    bad.write_text(json.dumps(data))
    res = CliRunner().invoke(cli, ["replay", "verify", str(bad)])
    assert res.exit_code == 1
    assert "hand 1, move 1" in res.output and "the file marks it public, but it is secret by the rules" in res.output
    only_second = json.loads(ELEUSIS.read_text())
    only_second["hands"][0]["moves"][3] = [*only_second["hands"][0]["moves"][3][:2], True]
    bad.write_text(json.dumps(only_second))
    res = CliRunner().invoke(cli, ["replay", "verify", str(bad)])
    assert res.exit_code == 1 and "hand 1, move 4" in res.output and "marks it secret" in res.output


def test_a_refused_file_does_not_tell_the_secret_rule(tmp_path: Path) -> None:
    data = json.loads(ELEUSIS.read_text())
    rule = data["hands"][0]["moves"][0][1]
    data["hands"][0]["moves"][0] = data["hands"][0]["moves"][0][:2]
    data.pop("result", None)
    for h in data["hands"]:
        h.pop("result", None)
    data["hands"][0]["moves"] = data["hands"][0]["moves"][:5]
    f = tmp_path / "p.cardcli.json"
    f.write_text(json.dumps(data))
    for command in ("verify", "show", "view"):
        res = CliRunner().invoke(cli, ["replay", command, str(f)], input="quit\n")
        assert res.exit_code == 1, res.output  # the strict fold refuses the file's claim ...
        assert "marks it public" in res.output and rule.split(":", 1)[1].strip() not in res.output  # ... quietly


def test_only_the_fold_applies_moves_outside_the_games() -> None:
    """`grep` finds one move-folding loop: outside the games' own look-ahead, only the fold applies
    moves (the playout harness applies single moves to clones it compares; the review's rollouts are
    look-ahead too: bots play a guessed copy of the position to the hand's end, and none of those moves
    enters a log). The exceptions are the game protocol's own defaults of :meth:`Game.replay_move` and
    :meth:`Game.play_id`, each check and apply in one call."""
    allowed = {"cardcli/engine/fold.py", "cardcli/testing.py", "cardcli/review/rollout.py"}
    offenders = []
    for path in sorted((ROOT / "cardcli").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("cardcli/games/") or rel in allowed:
            continue
        for line in path.read_text().splitlines():
            if re.search(r"\.apply\(|\.start_hand\(|\.replay_move\(", line) and not line.lstrip().startswith(("#", "def ")):
                offenders.append(f"{rel}: {line.strip()}")
    assert offenders == ["cardcli/engine/game.py: self.apply(state, move)"] * 2


def test_the_legal_list_decides_and_a_disagreement_raises() -> None:
    """A move the checker allows but the generator does not list is a bug: it raises, it is never played."""
    from cardcli.engine.notation import RulesDisagreement, resolve
    from cardcli.games.rummy.rules import RummyGame

    class Forgetful(RummyGame):
        def legal_moves(self, state):  # type: ignore[no-untyped-def]
            return [m for m in super().legal_moves(state) if self.format_move(m) != "draw discard"]

    game = Forgetful()
    config = game.presets["standard"]
    table = Table(game, config, 2, 0)
    table.deal(shuffled_deck(game.deck(config, 2), "7", 1))
    assert resolve(game, table.state, "draw stock").__class__.__name__ == "Draw"
    with pytest.raises(RulesDisagreement, match="'draw discard'"):
        resolve(game, table.state, "draw discard")


def test_cards_typed_in_another_order_resolve_to_the_listed_move() -> None:
    """`meld 5H 6H JK` is the listed `meld JK 5H 6H`: the same move, not a disagreement."""
    from cardcli.engine.notation import resolve

    game = load("burraco")
    found = 0
    for seed in range(40):
        s = Session.new("burraco", seed=str(seed), players=2, human_seats=(0, 1), hands_limit=1)
        for _ in range(60):
            if s.finished:
                break
            if s.deal_if_needed() is not None:
                continue
            for move in s.legal_notation():
                words = move.split()
                if words[0] == "meld" and len(words) >= 4 and words[1] != sorted(words[1:])[0]:
                    typed = " ".join([words[0], *reversed(words[1:])])
                    got = game.format_move(resolve(game, s.state, typed, s.legal_moves()))
                    assert got == move or sorted(got.split()) == sorted(move.split())
                    found += 1
            s.play(s.hint(s.to_act())[0])
        if found > 5:
            break
    assert found > 5
