"""Where the lessons are, and how a lesson becomes a real session.

Lessons live at the top of the repository, ``tutorials/<game>/NN-slug.toml``, and
the build puts them into the package as ``cardcli.tutorials``, so an installed
cardcli finds them beside its code (``tutorials/README.md`` is the author's guide). A lesson's id is ``NN-slug``; ``cardcli
learn bridge 3`` finds lesson ``03-…``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardcli.tutor.model import Lesson, LessonError

COURSES = ("bridge", "rummy", "burraco", "canasta", "eleusis")
"""The courses in the order they are listed."""


def tutorials_dir() -> Path:
    """Where the courses are: the installed ``cardcli.tutorials``, else (a source tree that was not
    installed) the repository's ``tutorials/``."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("cardcli.tutorials")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        for place in spec.submodule_search_locations:
            if Path(place, "README.md").is_file() or any(Path(place).glob("*/*.toml")):
                return Path(place)
    return Path(__file__).resolve().parent.parent.parent / "tutorials"


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


Audit = Callable[[Any, Any, int, str], None]
"""``audit(state, move, seat, at)``: called before each scripted move is made (``learn --check``)."""


def build_session(lesson: Lesson, game_name: str, lesson_id: str = "", audit: Audit | None = None) -> Any:
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
    sess = Session(game, config, lesson.preset or game.default_preset, players, seats, seed, first, hands_limit=1, table=table)
    sess.extras.append({})
    for k, text in enumerate(lesson.prelude, 1):
        try:
            move = sess.resolve(text, remember=False)
            if audit is not None:
                audit(sess.state, move, sess.to_act() or 0, f"prelude {k}")
            sess.play(move)
        except MoveError as err:
            raise LessonError(
                f"prelude move {k} ({text!r}): {err.message}" + (f" [rule {err.rule}]" if err.rule else "")
            ) from None
    sess.last_refusal = None
    return sess


def session_at(lesson: Lesson, game_name: str, lesson_id: str, moves: Sequence[Sequence[Any]]) -> Any:
    """The lesson's session with ``moves`` (``[seat, notation]`` pairs after the prelude) folded on:
    how a place is resumed, and how a probe copies the learner's position."""
    from cardcli.engine.fold import FoldError, LoggedMove

    session = build_session(lesson, game_name, lesson_id)
    try:
        for seat, move in moves:
            session.table.push_logged(LoggedMove(int(seat), str(move)))
    except (FoldError, ValueError, TypeError) as err:
        raise LessonError(f"the place cannot be replayed: {err}") from None
    return session


@dataclass(frozen=True)
class Place:
    """Where a learner left a lesson, folded again: the session at that point and the step's counts."""

    session: Any
    step: int = 0
    hints: int = 0
    mistakes: int = 0
    free_done: int = 0
    done_steps: tuple[int, ...] = ()
    restarted: bool = False
    """The kept place no longer fits the lesson (it changed since): the lesson starts again."""


def resume(lesson: Lesson, game_name: str, lesson_id: str, point: dict[str, Any] | None) -> Place:
    """The lesson at the place ``point`` (from :func:`cardcli.tutor.progress.resume_point`), or at its
    start when there is none or it no longer fits."""
    if not point:
        return Place(build_session(lesson, game_name, lesson_id))
    try:
        session = session_at(lesson, game_name, lesson_id, point.get("moves", []))
        step = int(point["step"])
        if not 0 <= step < len(lesson.steps):
            raise ValueError(step)
        return Place(
            session,
            step,
            int(point.get("hints", 0)),
            int(point.get("mistakes", 0)),
            int(point.get("free_done", 0)),
            tuple(int(k) for k in point.get("done_steps", ())),
        )
    except (LessonError, ValueError, KeyError, TypeError):
        return Place(build_session(lesson, game_name, lesson_id), restarted=True)
