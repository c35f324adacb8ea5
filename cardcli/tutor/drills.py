"""Endless seeded drills: ``cardcli learn GAME --drill KIND``.

Each item is dealt from a seed (``drill/KIND/N``) and its answer is worked out
by the game's own code (:mod:`cardcli.tutor.compute`), never stored. A game's drills are the
``DRILLS`` of its tutor module (:attr:`cardcli.engine.teaching.Teaching.tutor_module`), made with
the pieces here. A missed
item comes back three answers later (a simple spaced-repetition queue kept in
the progress store, one transaction per answer), so the same seed always asks
the same question.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any

from cardcli.engine.rng import Rng
from cardcli.i18n import _
from cardcli.tutor import progress
from cardcli.tutor.compute import hand_points, normalize
from cardcli.tutor.model import LessonError
from cardcli.ui.console import Console

Item = tuple[str, str, str]
"""(question, answer, explanation)."""

REPEAT_AFTER = 3


@dataclass(frozen=True)
class Exercise:
    """One drill item: the answer is worked out by the game's code when the item is made."""

    question: str
    answer: str
    why: str
    choices: tuple[str, ...] = ()
    """For a choice: the options (the answer is one of them; a letter picks one)."""
    game: str = ""
    """When set, a typed move or call is compared in the game's notation (``1nt`` is ``1N``)."""
    also: tuple[str, ...] = ()
    """Other spellings of the answer that are accepted."""
    board: Callable[[Console], None] | None = None
    """Shows the position before the question (the line drill's table, from the learner's view)."""
    judge: Callable[[str], tuple[bool, list[str]]] | None = None
    """Judges an answer itself: (right, lines to show); raises ``ValueError`` (one line) for input
    that is no answer, which is then asked again."""
    follow: Callable[[str], Exercise | None] | None = None
    """After a judged answer (the line the learner typed): the next moment of the same item (the
    line drill plays on to the deal's next key moment), or ``None`` when the item is over."""

    def text(self) -> str:
        if not self.choices:
            return self.question
        return self.question + "".join(f"\n  {chr(97 + i)}) {c}" for i, c in enumerate(self.choices))

    def accepts(self, given: str) -> bool:
        """Any spelling of a right answer (``K♥`` for ``KH``, ``twelve`` for 12, a choice's letter)."""
        from cardcli.engine.cards import parse_card
        from cardcli.tutor.answers import card_reader, choice_of, same_answer

        chosen = choice_of(given, self.choices) if self.choices else None
        g = chosen if chosen is not None else given
        reader = card_reader(parse_card)
        if any(same_answer(g, a, card=reader) for a in (self.answer, *self.also)):
            return True
        if self.game:
            from cardcli.engine.registry import load as load_game

            game = load_game(self.game)
            try:
                return bool(game.format_move(game.parse_move(g.strip())) == game.format_move(game.parse_move(self.answer)))
            except ValueError:
                return False
        return False


def session_for(game: str, seed: str) -> Any:
    from cardcli.session import Session

    s = Session.new(game, seed=seed, hands_limit=1)
    s.deal_if_needed()
    return s


def hand_text(cards: list[str]) -> str:
    return " ".join(cards)


def points_drill(game: str) -> Callable[[str], Item]:
    def make(seed: str) -> Item:
        s = session_for(game, seed)
        seat = s.human_seats[0]
        return (
            _("What do these cards count if left in your hand? {hand}").format(hand=hand_text(s.state.hands[seat])),
            str(hand_points(s, seat)),
            _("the card values of `cardcli rules {game}`").format(game=game),
        )

    return make


def pick(r: Rng, seq: Sequence[Any]) -> Any:
    return seq[r.randbelow(len(seq))]


def shuffled(r: Rng, seq: list[Any]) -> list[Any]:
    out = list(seq)
    for i in range(len(out) - 1, 0, -1):
        j = r.randbelow(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


RANKS = "A23456789TJQK"


def meld_candidate(r: Rng, wilds: tuple[str, ...]) -> list[str]:
    """Three or four cards that look like a meld: a set, a run, or one of them with a flaw."""
    size = 3 + r.randbelow(2)
    kind = r.randbelow(4)
    if kind == 0:  # a set
        rank = pick(r, RANKS[2:])
        cards = [rank + su for su in shuffled(r, list("SHDC"))[:size]]
    else:  # a run, maybe with a gap or a stray suit
        suit = pick(r, "SHDC")
        start = r.randbelow(len(RANKS) - size)
        cards = [RANKS[start + i] + suit for i in range(size)]
        if kind == 2:
            i = 1 + r.randbelow(size - 1)
            cards[i] = RANKS[(start + i + 1) % len(RANKS)] + suit
        if kind == 3:
            cards[-1] = cards[-1][0] + pick(r, [x for x in "SHDC" if x != suit])
    if wilds and r.randbelow(3) == 0:
        cards[r.randbelow(size)] = pick(r, wilds)
    return cards


def verdict_text(got: Any) -> str:
    from cardcli.engine.verdict import Verdict

    return got.reason if isinstance(got, Verdict) else _("a legal meld")


def legacy(make: Callable[[str], Item]) -> Callable[[str], Exercise]:
    def wrap(seed: str) -> Exercise:
        q, a, w = make(seed)
        return Exercise(q, a, w)

    return wrap


Drills = dict[str, tuple[str, Callable[[str], Exercise]]]
"""A game's drills: kind → (what it asks, a message to translate; seed → exercise)."""


def drills_of(game: str) -> Drills:
    """The drills of ``game``: its tutor module's ``DRILLS`` (none when it has no such module)."""
    from cardcli.engine.registry import load

    found: Drills = load(game).tutor_part("DRILLS", {})
    return found


def all_drills() -> dict[str, Drills]:
    """Every available game's drills, by game."""
    from cardcli.engine.registry import available

    return {g: drills_of(g) for g in available()}


def kinds(game: str) -> dict[str, str]:
    return {k: v[0] for k, v in drills_of(game).items()}


def exercise(game: str, kind: str, number: int, seed: str | None = None) -> Exercise:
    if kind not in drills_of(game):
        raise LessonError(f"{game} has no drill {kind!r} (drills: {', '.join(drills_of(game)) or 'none'})")
    return drills_of(game)[kind][1](f"drill/{kind}/{seed or ''}{number}")


def item(game: str, kind: str, number: int, seed: str | None = None) -> Item:
    """(question, answer, explanation) of one item; choices are listed in the question."""
    ex = exercise(game, kind, number, seed)
    return ex.text(), ex.answer, ex.why


def _judged(ex: Exercise, line: str, console: Console, stdin: IO[str]) -> tuple[bool, list[str], str] | None:
    """The exercise's own judgement of ``line``, and the line it judged: input that is no answer
    gets one line and is asked again."""
    assert ex.judge is not None
    while True:
        try:
            return (*ex.judge(line), line)
        except ValueError as err:
            console.error(str(err))
        line = stdin.readline()
        if not line or normalize(line) in ("quit", "exit", "q"):
            return None


def _ask(ex: Exercise, number: int, console: Console, stdin: IO[str]) -> bool | None:
    """Ask ``ex`` and each moment that follows it; whether every answer was right (``None``: quit).
    Each moment is reported when it is answered; only the item's last verdict says it comes back."""
    all_right = True
    while True:
        if ex.board is not None:
            ex.board(console)
        console.tell(f"#{number} {ex.text()}")
        line = stdin.readline()
        if not line or normalize(line) in ("quit", "exit", "q"):
            return None
        if ex.judge is not None:
            judged = _judged(ex, line, console, stdin)
            if judged is None:
                return None
            ok, lines, line = judged
        else:
            ok, lines = ex.accepts(line), []
        all_right = all_right and ok
        if ok:
            console.say(_("Right."), "ok")
        elif ex.judge is not None:
            console.error(_("Not the best card: it comes back soon."))
        else:
            console.error(_("No: {answer} ({why}). It comes back soon.").format(answer=ex.answer, why=ex.why))
        for text in lines:
            console.tell(text)
        nxt = ex.follow(line) if ex.follow is not None else None
        if nxt is None:
            return all_right
        ex = nxt


def run_drill(game: str, kind: str, console: Console, stdin: IO[str], seed: str | None = None, count: int | None = None) -> int:
    if kind not in drills_of(game):  # the kind is checked before anything is asked or made
        exercise(game, kind, 1, seed)
    asked = right = 0
    console.say(
        _("{game} drill ({what}): type the answer; `quit` stops.").format(game=game, what=_(drills_of(game)[kind][0])), "title"
    )
    while count is None or asked < count:
        number = progress.take_drill_item(game, kind)
        ex = exercise(game, kind, number, seed)
        got = _ask(ex, number, console, stdin)
        if got is None:
            break
        asked += 1
        right += got
        progress.record_drill_answer(game, kind, number, got, REPEAT_AFTER)
    console.say(_("{right} of {asked} right.").format(right=right, asked=asked), "title")
    return 0
