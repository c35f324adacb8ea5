"""What a lesson text says about its position and its rules, held against what the game computes.

* **Placeholders.** A text writes a computed value in braces, with the words a
  quiz's ``compute`` uses: ``North has {hcp North} HCP``, ``{cards stock} cards
  are left``. :func:`fill` works them out when the text is shown, so a number
  stated about the position is always the game's.
* **Literal claims.** :func:`claim_problems` finds numbers a text states about a
  hand in plain figures ("North has 9 points", "you hold three eights") and
  compares them with the game's own count (:meth:`~cardcli.engine.teaching.Teaching.hand_facts`,
  the cards in the hand); ``learn --check`` refuses a text that is wrong.
* **Rule numbers.** The same for numbers of the rules ("at most two wildcards"),
  against the lesson's options (:meth:`~cardcli.engine.teaching.Teaching.rule_claims`).
* **Answers given away.** :func:`reveals` says whether a line tells a quiz's
  answer before the quiz asks it: the runner holds such game narration back until
  the quiz is answered, and the check refuses a lesson text that does it.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.tutor.answers import EN_UNITS, normalize, number_of
from cardcli.tutor.model import LessonError

PLACEHOLDER = re.compile(r"\{([a-z][a-z-]*(?: [^{}]*)?)\}")

_COUNT_WORDS = {word: n for word, n in EN_UNITS.items() if 2 <= n <= 13}
"""The count words a text may state about a hand ("three eights")."""
_RANKS = {
    "aces": "A",
    "kings": "K",
    "queens": "Q",
    "jacks": "J",
    "tens": "T",
    "nines": "9",
    "eights": "8",
    "sevens": "7",
    "sixes": "6",
    "fives": "5",
    "fours": "4",
    "threes": "3",
    "twos": "2",
    "jokers": "JK",
}
_SEAT_WORDS = r"North|South|East|West|P[1-7]|you|your partner|partner|dummy|declarer"
_POINTS = re.compile(
    rf"\b({_SEAT_WORDS})\b(?:'s hand)?\s+(?:has|holds|have|hold|had|held|with)\s+(?:only |just |exactly |all of )?"
    r"(\d+)\s+(HCP|high[- ]card points|points)\b",
    re.IGNORECASE,
)
_RANK_COUNT = re.compile(
    rf"\b(?:(you|{_SEAT_WORDS})\s+(?:hold|holds|have|has)\s+|(your)\s+)(\d+|two|three|four|five|six|seven|eight)\s+"
    rf"({'|'.join(_RANKS)})\b",
    re.IGNORECASE,
)
_STOP = {
    "the",
    "a",
    "an",
    "of",
    "to",
    "in",
    "on",
    "is",
    "are",
    "was",
    "who",
    "what",
    "which",
    "how",
    "many",
    "much",
    "does",
    "do",
    "did",
    "your",
    "you",
    "this",
    "that",
    "it",
    "its",
    "and",
    "or",
    "for",
    "with",
    "by",
    "at",
    "now",
    "here",
    "there",
    "be",
    "have",
    "has",
    "will",
    "would",
    "can",
    "could",
}


def fill(text: str, session: Any, learner: int) -> str:
    """``text`` with each ``{compute spec}`` replaced by its value; LessonError names a bad one."""
    from cardcli.tutor.compute import compute

    def value(m: re.Match[str]) -> str:
        try:
            return compute(m.group(1), session, learner, [])
        except LessonError as err:
            raise LessonError(f"the placeholder {{{m.group(1)}}}: {err}") from None

    return PLACEHOLDER.sub(value, text)


def _seat(word: str, session: Any, learner: int) -> int | None:
    w = word.lower()
    game, state = session.game, session.state
    if w in ("you", "your"):
        return learner
    if w in ("your partner", "partner"):
        for side in game.sides(session.config, session.players):
            if learner in side.seats and len(side.seats) > 1:
                return next(s for s in side.seats if s != learner)
        return None
    if w in ("dummy", "declarer"):
        contract = getattr(state, "contract", None)
        if contract is None:
            return None
        return contract.dummy if w == "dummy" else contract.declarer
    names = [n.lower() for n in game.seat_names(session.players)]
    return names.index(w) if w in names else None


def _held(state: Any, seat: int) -> list[str]:
    hands = getattr(state, "hands", None)
    if not hands or seat >= len(hands):
        return []
    return list(hands[seat])


def claim_problems(text: str, session: Any, learner: int, before: Any = None) -> list[str]:
    """The numbers ``text`` states about a hand that the game counts otherwise, one line each.

    ``before``: the position before the move just made, for a text that tells what the move did
    ("your two queens and the top queen went on the table"): a count right there is right."""
    game = session.game
    out: list[str] = []
    for m in _POINTS.finditer(text):
        seat = _seat(m.group(1), session, learner)
        if seat is None:
            continue
        facts = game.hand_facts(session.state, seat)
        said, unit = int(m.group(2)), m.group(3).lower()
        keys = ["hcp"] if unit != "points" else ["points", "hcp"]
        known = [facts[k] for k in keys if k in facts]
        if known and said not in known:
            out.append(f"the text says {m.group(0)!r}, but the game counts {known[0]} {'HCP' if keys[0] == 'hcp' else 'points'}")
    for m in _RANK_COUNT.finditer(text):
        who = m.group(1) or m.group(2)
        seat = _seat(who, session, learner)
        if seat is None:
            continue
        said = int(m.group(3)) if m.group(3).isdigit() else _COUNT_WORDS[m.group(3).lower()]
        rank = _RANKS[m.group(4).lower()]
        counts = [
            sum(1 for c in held if (c == "JK" if rank == "JK" else c != "JK" and c[0] == rank))
            for held in (_held(session.state, seat), _held(before, seat) if before is not None else [])
            if held
        ]
        if counts and said not in counts:
            out.append(f"the text says {m.group(0)!r}, but that hand holds {counts[0]}")
    return out


def rule_problems(text: str, game: Any, config: Any) -> list[str]:
    """Numbers of the rules ``text`` quotes that the lesson's options set otherwise."""
    out: list[str] = []
    for claim in game.rule_claims(config):
        for m in re.finditer(claim.pattern, text, re.IGNORECASE):
            said = number_of(m.group(1))
            if said is not None and said != claim.value:
                out.append(f"the text says {m.group(0)!r}, but with these rules the {claim.what} is {claim.value}")
    return out


def _words(text: str) -> set[str]:
    out = set()
    for w in re.findall(r"[a-z]+", text.lower()):
        if w in _STOP or len(w) < 3:
            continue
        out.add(re.sub(r"(ing|ed|es|s|e)$", "", w) or w)  # "score" and "scores" meet as "scor"
    return out | ({"win"} if {"won", "wins", "winner"} & set(re.findall(r"[a-z]+", text.lower())) else set())


def reveals(line: str, question: str, answer: str) -> bool:
    """Whether ``line`` tells ``answer`` to ``question``: a number of the answer in figures, or the
    answer's words in a sentence that shares a word of the question ("North wins the trick" for
    "Who won the trick?")."""
    want = normalize(answer)
    if not want or want in ("yes", "no", "0", "1"):
        return False
    asked = _words(question)
    number = number_of(want)
    for sentence in re.split(r"(?<=[.;!?])\s+|\n", line):  # a result's lines are sentences too
        if number is not None:
            value = str(abs(number))
            figures = re.findall(r"(?<![A-Za-z])\d+", sentence)  # the 1 of a seat name "P1" is no figure
            if len(value) < 2 or value not in figures or len(figures) >= 3:
                continue  # a rule's table of values ("50, 90, 120 …") is taught, not given away
        elif not re.search(rf"\b{re.escape(want)}\b", sentence.lower()):
            continue
        if asked & _words(sentence):
            return True
    return False
