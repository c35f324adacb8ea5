"""Is a typed quiz answer the right one? Equivalent answers are the same answer.

A learner answers in their own words: ``500`` or ``+500``, ``twelve``, ``20, 6, 0, 0``
or ``20 6 0 0``, ``y`` or ``sì``, ``K♥`` or ``KH`` or ``king of hearts``, ``Nord``
for North. Each answer is read into a canonical form (a number, a yes or no, a
card, a seat, a list of those, or plain words) and the forms are compared, so
no spelling of the right answer is counted as a mistake.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

EN_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_IT_UNITS = {
    "zero": 0,
    "uno": 1,
    "una": 1,
    "un": 1,
    "due": 2,
    "tre": 3,
    "quattro": 4,
    "cinque": 5,
    "sei": 6,
    "sette": 7,
    "otto": 8,
    "nove": 9,
    "dieci": 10,
    "undici": 11,
    "dodici": 12,
    "tredici": 13,
    "quattordici": 14,
    "quindici": 15,
    "sedici": 16,
    "diciassette": 17,
    "diciotto": 18,
    "diciannove": 19,
}
_IT_TENS = {
    "venti": 20,
    "trenta": 30,
    "quaranta": 40,
    "cinquanta": 50,
    "sessanta": 60,
    "settanta": 70,
    "ottanta": 80,
    "novanta": 90,
}
_YES = {"y", "yes", "yeah", "yep", "si", "sì", "s", "true", "right", "vero"}
_NO = {"n", "no", "nope", "false", "falso"}
_SEATS = {
    "nord": "north",
    "sud": "south",
    "est": "east",
    "ovest": "west",
    "n": "north",
    "s": "south",
    "e": "east",
    "w": "west",
    "o": "west",
}
_SEAT_NAMES = {"north", "south", "east", "west"}


def normalize(text: str) -> str:
    return " ".join(text.strip().lower().rstrip(".!?").split())


def _italian_number(word: str) -> int | None:
    """Italian number words up to the thousands (``ventitré``, ``centocinquanta``, ``duemila``)."""
    w = word.replace("é", "e").replace("è", "e")
    if not w:
        return None
    if w in _IT_UNITS:
        return _IT_UNITS[w]
    for head, mult in (("mila", 1000), ("mille", 1000), ("cento", 100)):
        if head in w:
            left, _sep, right = w.partition(head)
            lv = 1 if not left else _italian_number(left)
            rv = 0 if not right else _italian_number(right)
            if lv is None or rv is None:
                return None
            return lv * mult + rv
    for tens, value in _IT_TENS.items():
        stem = tens[:-1]
        if w == tens:
            return value
        for base in (tens, stem):  # ventuno, ventotto: the tens lose their vowel before uno and otto
            if w.startswith(base) and w[len(base) :] in _IT_UNITS:
                return value + _IT_UNITS[w[len(base) :]]
    return None


def number_of(text: str) -> int | None:
    """A whole number written in figures (``1,500``, ``+500``, ``-50``) or in English or Italian words."""
    t = normalize(text).replace("−", "-")
    m = re.fullmatch(r"([+-]?)\s*(\d{1,3}(?:[,.' ]\d{3})+|\d+)", t)
    if m:
        value = int(re.sub(r"[,.' ]", "", m.group(2)))
        return -value if m.group(1) == "-" else value
    sign = 1
    for neg in ("minus ", "meno "):
        if t.startswith(neg):
            sign, t = -1, t[len(neg) :]
    words = [w for w in re.split(r"[\s-]+", t) if w and w != "and"]
    if not words:
        return None
    if all(w in EN_UNITS or w in ("hundred", "thousand") for w in words):
        total = current = 0
        for w in words:
            if w == "hundred":
                current = (current or 1) * 100
            elif w == "thousand":
                total += (current or 1) * 1000
                current = 0
            else:
                current += EN_UNITS[w]
        return sign * (total + current)
    if len(words) == 1:
        italian = _italian_number(words[0])
        return None if italian is None else sign * italian
    return None


def _atoms(text: str) -> list[str]:
    """An answer split into its items: ``20, 6, 0, 0`` / ``20 6 0 0`` / ``20 e 6`` → four items."""
    if number_of(text) is not None:
        return [normalize(text)]
    parts = [p for p in re.split(r"\s*[,;/]\s*|\s+(?:and|e)\s+", normalize(text)) if p]
    if len(parts) == 1 and all(number_of(w) is not None for w in parts[0].split()) and " " in parts[0]:
        if number_of(parts[0]) is None:  # "20 6 0 0", not "two hundred"
            parts = parts[0].split()
    return parts


Reader = Callable[[str], str | None]
"""Reads one item into its canonical form, or None when it is not of that kind."""


def _read(item: str, card: Reader | None, seats_first: bool = False) -> str:
    if seats_first and (item in _SEATS or item in _SEAT_NAMES):
        return "@" + _SEATS.get(item, item)
    n = number_of(item)
    if n is not None:
        return f"#{n}"
    if item in _YES:
        return "!yes"
    if item in _NO:
        return "!no"
    if item in _SEATS or item in _SEAT_NAMES:
        return "@" + _SEATS.get(item, item)
    if card is not None:
        got = card(item)
        if got is not None:
            return "$" + got
    return item


def canonical(text: str, card: Reader | None = None, seats_first: bool = False) -> list[str]:
    """The canonical items of an answer (numbers ``#12``, yes/no ``!yes``, seats ``@north``, cards ``$KH``)."""
    return [_read(a, card, seats_first) for a in _atoms(text)]


def same_answer(given: str, want: str, *, card: Reader | None = None, either_sign: bool = False) -> bool:
    """Whether ``given`` is ``want`` in other words (see the module's docstring)."""
    if normalize(given) == normalize(want):
        return True
    b = canonical(want, card)
    a = canonical(given, card, seats_first=any(y.startswith("@") for y in b))
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        if either_sign and x.startswith("#") and y.startswith("#") and abs(int(x[1:])) == abs(int(y[1:])):
            continue
        return False
    return True


def card_reader(parse: Callable[[str], str]) -> Reader:
    """A :data:`Reader` for cards from a card parser that raises ValueError on anything else."""

    def read(item: str) -> str | None:
        if len(item) > 20:
            return None
        try:
            return parse(item)
        except ValueError:
            return None

    return read


def choice_of(text: str, choices: Sequence[str]) -> str | None:
    """``b`` or ``2`` for the second choice (when no choice is itself that text)."""
    given = normalize(text)
    if any(normalize(c) == given for c in choices):
        return None
    if len(given) == 1 and given.isalpha() and 0 <= ord(given) - 97 < len(choices):
        return choices[ord(given) - 97]
    if given.isdigit() and 0 < int(given) <= len(choices):
        return choices[int(given) - 1]
    return None
