"""Where the lessons are, and how a lesson becomes a real session.

Lessons ship inside the package (``cardcli/data/tutorials/<game>/NN-slug.toml``),
so an installed cardcli finds them. A lesson's id is ``NN-slug``; ``cardcli
learn bridge 3`` finds lesson ``03-…``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardcli.tutor.model import Lesson, LessonError

COURSES = ("bridge", "rummy", "burraco", "canasta", "eleusis")
"""The courses in the order they are listed."""


def tutorials_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "data" / "tutorials"


@dataclass(frozen=True)
class Entry:
    course: str
    id: str
    path: Path

    @property
    def number(self) -> int:
        head = self.id.split("-", 1)[0]
        return int(head) if head.isdigit() else 0


def lessons(course: str) -> list[Entry]:
    folder = tutorials_dir() / course
    if not folder.is_dir():
        return []
    return [Entry(course, p.stem, p) for p in sorted(folder.glob("*.toml"))]


def all_lessons() -> list[Entry]:
    return [e for c in COURSES for e in lessons(c)]


def find(course: str, which: str) -> Entry:
    """A lesson by number (``3``), id (``03-trumps``) or slug (``trumps``)."""
    found = lessons(course)
    if not found:
        raise LessonError(f"there is no course {course!r} (courses: {', '.join(COURSES)})")
    w = which.strip().lower()
    for e in found:
        if w.isdigit() and e.number == int(w):
            return e
        if e.id == w or e.id.split("-", 1)[-1] == w:
            return e
    raise LessonError(f"{course} has no lesson {which!r} (lessons 1-{len(found)}; `cardcli learn {course}` lists them)")


def game_of(path: Path) -> str:
    """The game a lesson file belongs to: its folder's name (a relative path is read from where it is,
    so `learn --check 01-a-turn.toml` inside the rummy folder is a rummy lesson)."""
    return path.resolve().parent.name


def build_session(lesson: Lesson, game_name: str, lesson_id: str = "") -> Any:
    """A one-hand :class:`~cardcli.session.Session` at the lesson's first step (after its prelude)."""
    from cardcli.engine.deal import shuffled_deck
    from cardcli.engine.fold import FoldError, Table
    from cardcli.engine.options import ConfigError, build_config
    from cardcli.engine.registry import UnknownGame
    from cardcli.engine.registry import load as load_game
    from cardcli.engine.verdict import MoveError
    from cardcli.session import SeatSpec, Session
    from cardcli.tutor.compute import seat_index
    from cardcli.tutor.position import apply_totals, deck_for

    try:
        game = load_game(game_name)
    except UnknownGame as err:
        raise LessonError(str(err)) from None
    players = lesson.players or game.default_players
    try:
        config = build_config(game, lesson.preset or None, dict(lesson.options))
    except (ConfigError, ValueError) as err:
        raise LessonError(f"options: {err}") from None
    problem = game.check_setup(config, players)
    if problem:
        raise LessonError(problem)
    names = game.seat_names(players)
    learner = seat_index(game, players, lesson.seat) if lesson.seat else game.default_seat
    seed = lesson.seed or lesson_id or "lesson"
    first = seat_index(game, players, lesson.dealer) if lesson.dealer else game.first_dealer(config, players, seed)
    seats = [SeatSpec(names[i], i == learner, None if i == learner else game.default_bot) for i in range(players)]
    table: Table[Any, Any] = Table(game, config, players, first)
    apply_totals(table.state, lesson.position)
    if lesson.position is not None:
        probe = game.new_match(config, players, first)
        deck = deck_for(game, config, players, game.next_dealer(probe), lesson.position, first)
    else:
        deck = shuffled_deck(game.deck(config, players), seed, 1)
    try:
        table.deal(deck)
    except FoldError as err:
        raise LessonError(f"position: {err}") from None
    sess = Session(game, config, lesson.preset or game.default_preset, players, seats, seed, first, hands_limit=1,
                   table=table)
    sess.extras.append({})
    for k, text in enumerate(lesson.prelude, 1):
        try:
            sess.play(sess.resolve(text, remember=False))
        except MoveError as err:
            raise LessonError(f"prelude move {k} ({text!r}): {err.message}"
                              + (f" [rule {err.rule}]" if err.rule else "")) from None
    sess.last_refusal = None
    return sess
