"""The legal list decides, everywhere: burraco lists every attachment its checker allows, `replay verify
--legal` holds each logged move to the legal list of its position, and the playout harness probes every
move shape the checker accepts, so a generator that forgets one is caught where it matters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.fold import fold
from cardcli.engine.registry import load
from cardcli.games.burraco import moves as bmv
from cardcli.games.burraco.rules import BurracoGame
from cardcli.games.rummy import moves as rmv
from cardcli.games.rummy.rules import RummyGame
from cardcli.replay.io import read
from cardcli.session import log_of
from cardcli.testing import InvariantError, playout

ROOT = Path(__file__).resolve().parents[1]
REPRO = ROOT / "tests" / "data" / "burraco-multi-attach.cardcli.json"


def _position(replay_path: Path, hand: int, ply: int) -> Any:
    replay = read(replay_path)
    game = load(replay.game)
    from cardcli.engine.options import config_from_builtins

    table = fold(
        game, config_from_builtins(game, replay.config), replay.players, replay.first_dealer, log_of(replay), until=(hand, ply)
    )
    return game, table.state


def test_the_issue_position_lists_every_attachment_the_checker_allows() -> None:
    """South holds 8♣ 9♣ 10♣ Q♦ 9♠, and N-S have J♣ Q♣ K♣ A♣ as meld 2: one, two or three clubs at once."""
    game, state = _position(REPRO, 1, 52)
    legal = {game.format_move(m) for m in game.legal_moves(state)}
    for move in ("attach TC 2", "attach 9C TC 2", "attach 8C 9C TC 2"):
        assert move in legal and game.check(state, game.parse_move(move)).ok
    for refused in ("attach 8C 9C 2", "attach 8C TC 2", "attach 8C 2"):  # gaps: the checker refuses them too
        assert refused not in legal and not game.check(state, game.parse_move(refused)).ok


def test_the_issue_moves_are_played_at_the_prompt(tmp_path: Path) -> None:
    for typed, said in (
        ("attach 8C 9C 10C 2", "South attaches 8♣ 9♣ 10♣ to meld 2: now a clean burraco"),
        ("attach 9C 10C 2", "South attaches 9♣ 10♣ to meld 2"),
        ("attach 10♣ 9♣ 2", "South attaches 9♣ 10♣ to meld 2"),
    ):
        res = CliRunner().invoke(cli, ["play", "--from", f"{REPRO}@1.52"], input=f"{typed}\nquit\n")
        assert res.exit_code == 0 and said in res.output, res.output
        assert "internal error" not in res.output


@pytest.mark.parametrize("wild", ["4H", "7H"])
def test_both_places_of_a_free_wildcard_are_listed(wild: str) -> None:
    """`meld 5H 6H JK wild=7H` (the joker above the six) and `wild=4H` (below the five) are in the legal
    list, as the checker allows them (the harness checks every position of its playouts; here one by hand)."""
    cards = ("5H", "6H", "JK")
    from cardcli.games.burraco.state import BurracoState

    game = load("burraco")
    config = game.presets[game.default_preset]
    state: BurracoState = game.new_match(config, 2, 0)
    game.start_hand(state, list(game.deck(config, 2)))
    state.phase = "play"
    state.hands[state.turn] = [*cards, "9C", "KD", "KD"]
    from cardcli.engine.notation import listed

    legal = game.legal_moves(state)
    move = bmv.MeldMove(cards, wild)
    assert game.check(state, move).ok and listed(game, move, legal) is not None  # (in any card order)
    assert listed(game, bmv.MeldMove(cards), legal) is not None
    assert not game.check(state, bmv.MeldMove(cards, "8H")).ok


def test_replay_verify_legal_holds_each_move_to_the_legal_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """A generator that forgets layoffs (a bug mutation testing found: none on sets) passes a plain verify,
    since its checker allows them; `--legal` names the first move it does not list."""
    path = ROOT / "replays" / "rummy" / "three-players-seed-7.cardcli.json"
    ok = CliRunner().invoke(cli, ["replay", "verify", "--legal", str(path)])
    assert ok.exit_code == 0 and "OK (rummy, 29 hands, 1935 moves, complete)" in ok.output
    real = RummyGame.legal_moves
    monkeypatch.setattr(
        RummyGame, "legal_moves", lambda self, state: [m for m in real(self, state) if not isinstance(m, rmv.LayOff)]
    )
    plain = CliRunner().invoke(cli, ["replay", "verify", str(path)])
    assert plain.exit_code == 0, plain.output
    strict = CliRunner().invoke(cli, ["replay", "verify", "--legal", str(path)])
    assert strict.exit_code == 1
    assert (
        "hand 1, move 10 ('layoff 3H 2'): the rules allow it, but it is not among the legal moves rummy lists there"
    ) in strict.output


class _NoLayoffsOnSets(RummyGame):
    def legal_moves(self, state: Any) -> list[Any]:
        return [
            m
            for m in super().legal_moves(state)
            if not (isinstance(m, rmv.LayOff) and state.melds[m.target - 1].meld.kind == "set")
        ]


class _OneMeldPerTurn(RummyGame):
    def legal_moves(self, state: Any) -> list[Any]:
        legal = super().legal_moves(state)
        return [m for m in legal if not isinstance(m, rmv.Meld)] if state.melds_this_turn else legal


class _OneCardAtATime(BurracoGame):
    def legal_moves(self, state: Any) -> list[Any]:
        return [m for m in super().legal_moves(state) if not (isinstance(m, bmv.Attach) and len(m.cards) > 1)]


@pytest.mark.parametrize(
    ("game", "bots", "message"),
    [
        (_NoLayoffsOnSets(), ["basic"], r"the checker allows 'layoff \w\w \d+' but the generator does not list it"),
        # a second meld in one turn is rare with the basic bot (it lays what it has at once): random play makes it
        (_OneMeldPerTurn(), ["random"], r"the checker allows 'meld [^']+' but the generator does not list it"),
        (_OneCardAtATime(), ["basic"], r"the checker allows 'attach (\w\w ){2,}\d+' but the generator does not list it"),
    ],
)
def test_the_harness_catches_a_generator_that_forgets_a_shape(game: Any, bots: list[str], message: str) -> None:
    config = game.presets[game.default_preset]
    players = 2 if game.name == "burraco" else 3
    with pytest.raises(InvariantError, match=message):
        for seed in range(40):
            playout(game, config, players, f"shape-{seed}", bots, max_hands=1)


def test_the_harness_passes_the_real_generators_on_the_same_seeds() -> None:
    for name, players in (("rummy", 3), ("burraco", 2)):
        game = load(name)
        config = game.presets[game.default_preset]
        for seed in range(3):
            stats = playout(game, config, players, f"shape-{seed}", ["basic"], max_hands=1)
            assert stats.refusals_checked > 50
