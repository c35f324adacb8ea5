"""The fair table: nothing a person can type shows a card their seat may not know.

At many positions of seeded games of every game, every REPL command the human can type
(and the toolbar, the prompt, Tab completion, and the narration of the next move) is run
twice: once as dealt, once after the cards hidden from the human's seat (other hands, the
stock, covered piles) are shuffled among themselves. The outputs must be identical; a
difference means some output depended on a card the seat cannot see.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

from cardcli.engine.registry import load
from cardcli.session import Session
from cardcli.ui.commands import COMMANDS, Controller
from cardcli.ui.console import Console
from cardcli.ui.ptk.completer import candidates

GAMES = [
    ("rummy", 3, None, ["7", "8"]),
    ("burraco", 4, None, ["3", "5"]),
    ("burraco", 2, None, ["4"]),
    ("canasta", 4, None, ["3", "9"]),
    ("bridge", 4, None, ["11", "12"]),
    ("eleusis", 4, None, ["2"]),
]


def _outputs(c: Controller, lines: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    c.session.last_refusal = None
    c.session._hint_streak = (None, 0)  # each run starts from a first hint
    buf = c.console.out
    assert isinstance(buf, io.StringIO)
    for line in lines:
        buf.seek(0)
        buf.truncate()
        c.handle(line)
        out[line] = buf.getvalue()
    out["<toolbar>"] = c.toolbar_text()
    out["<prompt>"] = c.prompt_text()
    for typed in ("", "d", "p", "m", "t", "a", "c"):
        out[f"<tab {typed!r}>"] = repr(candidates(c, typed))
    return out


def _command_lines(c: Controller) -> list[str]:
    lines = [name for name in COMMANDS if name not in ("quit", "save", "undo")]
    lines += ["why", "rules", "score", "moves"]
    for name in c._game_commands():
        lines.append(name)
    extra_args = {"explain": ["explain 1N", "explain 2C", "explain 4H"], "guess": ["guess accept: color(c) != color(p1)"]}
    for name in c._game_commands():
        lines += extra_args.get(name, [])
    legal = c.session.legal_notation()
    rng = random.Random(len(legal))
    for move in rng.sample(legal, min(6, len(legal))):
        lines.append(f"why {move}")
    # things a player may try that are not legal now: each must be refused the same way
    lines += ["why draw", "why take", "why discard KS", "why play AS", "why meld 5H 6H 7H"]
    return lines


def _shuffled_hidden(game: Any, state: Any, seat: int, rng: random.Random) -> Any | None:
    probe = state.clone()
    lists = game.hidden_from(probe, seat)
    pool = [c for lst in lists for c in lst]
    if len(set(pool)) < 2:
        return None
    for _ in range(5):
        rng.shuffle(pool)
        i = 0
        for lst in lists:
            lst[:] = pool[i : i + len(lst)]
            i += len(lst)
        if any(a != b for a, b in zip([c for lst in game.hidden_from(state, seat) for c in lst], pool)):
            return probe
    return None


def _positions(name: str, players: int, seed: str, every: int, limit: int) -> Any:
    """Seeded games where the human (seat 0 or the game's default seat) follows hints; yields at
    every ``every``-th human decision."""
    game = load(name)
    human = game.default_seat if game.default_seat < players else 0
    s = Session.new(name, seed=seed, players=players, human_seats=(human,), hands_limit=2)
    out = io.StringIO()
    c = Controller(s, Console(out=out, color=False, charset="ascii"))
    s.run_bots()
    decisions = 0
    given = 0
    while not s.finished and given < limit:
        actor = s.to_act()
        if actor is None:
            s.run_bots()
            continue
        if not s.is_human(actor):
            s.run_bots()
            continue
        if decisions % every == 0:
            given += 1
            yield c, human
        move, _why = s.hint(actor)
        s.play(move, observer=actor)
        s.run_bots()
        decisions += 1


@pytest.mark.parametrize(("name", "players", "preset", "seeds"), GAMES, ids=[f"{g[0]}-{g[1]}" for g in GAMES])
def test_no_command_shows_a_hidden_card(name: str, players: int, preset: str | None, seeds: list[str]) -> None:
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        for c, human in _positions(name, players, seed, every=3, limit=8):
            s = c.session
            game = s.game
            lines = _command_lines(c)
            real = s.state
            before = _outputs(c, lines)
            probe = _shuffled_hidden(game, real, human, rng)
            if probe is None:
                continue
            s.state = probe
            try:
                after = _outputs(c, lines)
            finally:
                s.state = real
            for key in before:
                assert before[key] == after[key], (
                    f"{name} seed {seed} hand {len(s.hands)} move {s.ply}: `{key}` depends on hidden cards:\n"
                    f"{before[key]!r}\nvs\n{after[key]!r}"
                )
            checked += 1
    assert checked >= 4, f"only {checked} positions were checked for {name}"


def test_why_does_not_tell_the_next_stock_card() -> None:
    """The regression the fair table began with: `why draw stock` named the card about to be drawn."""
    s = Session.new("rummy", seed="7", players=2, human_seats=(0,))
    out = io.StringIO()
    c = Controller(s, Console(out=out, color=False, charset="ascii"))
    s.run_bots()
    top = s.state.stock[-1]
    c.handle("why draw stock")
    said = out.getvalue()
    assert "legal" in said and top not in said


def test_moves_and_why_refuse_while_another_seat_is_to_act() -> None:
    s = Session.new("rummy", seed="7", players=2, human_seats=(0,))
    out = io.StringIO()
    c = Controller(s, Console(out=out, color=False, charset="ascii"))
    s.run_bots()
    s.play(s.resolve("draw stock"), observer=0)
    s.play(s.resolve(f"discard {s.state.hands[0][0]}"), observer=0)
    assert s.to_act() == 1  # the bot's turn, not yet played
    bot_hand = list(s.state.hands[1])
    out.seek(0)
    out.truncate()
    c.handle("moves")
    c.handle(f"why discard {bot_hand[0]}")
    said = out.getvalue()
    assert "not your turn" in said
    assert not any(card in said for card in bot_hand)
