"""The lesson format: TOML files read into msgspec Structs, unknown fields refused.

A lesson is a match log plus teaching. It names its game, the rule topics it
teaches (ids that ``cardcli rules GAME TOPIC`` resolves), its rule options, an
explicit position (each seat's hand and the stock order, or a seed) and the
moves that lead to it, then its steps::

    [[steps]]
    kind = "move"
    text = "West leads the king of spades. Follow suit."
    expect = ["play 2S"]
    hints = ["You must follow suit when you can.", "Look at your spades."]

Step kinds: ``say`` (narration), ``move`` (the learner's move, judged by what it
does: see :mod:`cardcli.tutor.judge`), ``reply`` (scripted moves of the other
seats, or ``bots = true``), ``quiz`` (a typed answer or a choice, ``compute``
naming how the game's own code works the answer out) and ``free`` (bots take
the other seats; the learner plays on with coaching).

A move step states its *goal*: ``expect`` (the lesson's move, in any spelling;
the same move in another card order or shorthand is the same move), ``goal``
(what the move must do: ``melds 8``, ``makes burraco``, ``rule accept: …``) or
``invite = true`` (any move is welcome, and none is a mistake). A move the
game rates at least as good as the lesson's is accepted too.

Texts are plain English data; a text may hold computed values in braces, as a
quiz's ``compute`` names them (``North has {hcp North} HCP``), so a number the
text states about the position is the game's, never the author's. The
translation key of a text is the English text itself.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import msgspec


class LessonError(ValueError):
    """A lesson that cannot be used: one line naming the file, the step and the problem."""


class Wrong(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A tempting wrong move and what to say about it (legal or not)."""

    move: str
    text: str = ""
    invited: bool = False
    """The step's text invites trying this move (to see the game refuse it): no mistake is counted."""


class Deviation(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """A scripted move that breaks what the game knows, on purpose; the learner is told ``reason``.

    ``at`` names the move: ``prelude 3`` (the third prelude move), ``step 5`` (the step's move,
    or the first move of a reply), ``step 5 move 2`` (a reply's second move)."""

    at: str
    reason: str
    mistake: bool = False
    """The move is a mistake the lesson shows on purpose (the reason names it)."""


class Say(msgspec.Struct, tag="say", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    text: str
    teaches: list[str] = []
    """Rule ids or topics this text teaches (a quiz on them may follow)."""


class Move(msgspec.Struct, tag="move", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    text: str = ""
    expect: list[str] = []
    """The accepted moves (any friendly spelling the game reads)."""
    match: str = ""
    """Instead of ``expect``: any legal move whose canonical notation starts with this ("meld", "any")."""
    describe: str = ""
    """What ``match`` asks for, in words ("any meld")."""
    hints: list[str] = []
    """The progressive hint: a nudge, then what to look at; the answer comes last by itself."""
    wrong: list[Wrong] = []
    then: str = ""
    """Said after the move is made."""
    goal: str = ""
    """What the move must do, judged by the game (``melds 8``; several goals joined by `` and ``)."""
    invite: bool = False
    """Any legal move is welcome (the learner tries something); ``then`` says what happened."""
    keep_line: bool = False
    """The steps after this one describe the lesson's own line: a different good move is praised,
    then taken back for the lesson's (no mistake), even where the rest could follow it."""
    teaches: list[str] = []


class Reply(msgspec.Struct, tag="reply", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    moves: list[str] = []
    """Scripted moves of the other seats, in canonical notation, in turn order."""
    bots: bool = False
    """Or let the bots play until it is the learner's turn."""
    text: str = ""
    teaches: list[str] = []


class Quiz(msgspec.Struct, tag="quiz", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    question: str
    answer: str
    choices: list[str] = []
    compute: str = ""
    """How the game's code works the answer out (see :mod:`cardcli.tutor.compute`); empty: a fact of the text."""
    hints: list[str] = []
    explain: str = ""
    tests: str = ""
    """The rule id or topic the quiz asks about: an earlier step must teach it (``teaches``), unless
    the quiz is a ``guess``."""
    guess: bool = False
    """Asked before the rule is taught, on purpose (the question says it is a guess)."""
    either_sign: bool = False
    """A number answered with or without its sign is right ("how much do the defenders score": 500 or -500)."""
    teaches: list[str] = []


class Free(msgspec.Struct, tag="free", tag_field="kind", forbid_unknown_fields=True, frozen=True):
    text: str = ""
    turns: int = 0
    """How many of the learner's moves to play (0: until the hand ends)."""
    then: str = ""


Step = Say | Move | Reply | Quiz | Free


class Position(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """An explicit deal; whatever is not named is filled from the rest of the deck in a fixed order."""

    hands: dict[str, list[str]] = {}
    """Each seat's hand, by seat name (South, P1 …)."""
    stock: list[str] = []
    """The cards right after the deal, top first (rummy and burraco turn the first one up as the
    discard; canasta builds the pozzo from them)."""
    pozzetti: list[list[str]] = []
    """Burraco: the two pozzetti."""
    removed: list[str] = []
    """Eleusis: the cards trimmed from the deck."""
    starter: str = ""
    """Eleusis: the starter card."""
    totals: list[int] = []
    """The running score of each side before the hand (canasta's opening minimum depends on it)."""


class Lesson(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    title: str
    topics: list[str]
    """Rule topics or rule ids it teaches (``cardcli rules GAME TOPIC`` resolves them)."""
    steps: list[Step]
    summary: str = ""
    preset: str = ""
    options: dict[str, str] = {}
    players: int = 0
    seat: str = ""
    """The learner's seat name (default: the game's usual seat)."""
    dealer: str = ""
    seed: str = "lesson"
    """Deals what the position leaves open, and the bots' choices."""
    position: Position | None = None
    prelude: list[str] = []
    """Moves (canonical notation) made before the first step, each checked by the rules."""
    deviations: list[Deviation] = []
    """Scripted moves that break the game's own knowledge on purpose, each with the reason told."""


def decode(data: dict[str, Any], source: str, raw: str = "") -> Lesson:
    """Convert parsed TOML into a :class:`Lesson`, with a one-line error naming the field and line."""
    try:
        return msgspec.convert(data, Lesson)
    except msgspec.ValidationError as err:
        raise LessonError(f"{source}: {_where(str(err), raw)}") from None


def _where(message: str, raw: str) -> str:
    """Rewrite msgspec's ``... - at `$.steps[2]` `` into ``step 3: ...`` with the TOML line when found."""
    m = re.search(r"(.*?)(?: - at `\$(.*)`)?$", message)
    text = m.group(1) if m else message
    path = (m.group(2) or "") if m else ""
    step = re.match(r"\.steps\[(\d+)\](.*)", path)
    where = f"step {int(step.group(1)) + 1}{step.group(2) or ''}: " if step else (f"{path.lstrip('.')}: " if path else "")
    unknown = re.match(r"Object contains unknown field `(\w+)`", text)
    line = ""
    if unknown and raw:
        for number, content in enumerate(raw.splitlines(), 1):
            if re.match(rf"\s*{re.escape(unknown.group(1))}\s*=", content):
                line = f" (line {number})"
                break
    return f"{where}{text}{line}"


def load(path: str | Path) -> Lesson:
    """Read one lesson file; raises :class:`LessonError` with one line for any problem."""
    p = Path(path)
    try:
        raw = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise LessonError(f"{p.name}: cannot read: {getattr(err, 'strerror', None) or err}") from None
    try:
        data = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as err:
        raise LessonError(f"{p.name}: not valid TOML: {err}") from None
    return decode(data, p.name, raw)


def text_key(lesson_id: str, step: int | None, field: str) -> str:
    """The stable key of a lesson text, for translators (``rummy/01-the-deal:3.text``)."""
    return f"{lesson_id}:{'' if step is None else step}.{field}"


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the lesson format (shipped as ``cardcli/data/lesson.schema.json``)."""
    schema = msgspec.json.schema(Lesson)
    schema["title"] = "cardcli lesson"
    schema["description"] = "A cardcli tutorial lesson (written as TOML; this schema describes its data)."
    return schema
