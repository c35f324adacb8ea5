"""Canasta moves and their notation.

Cards in moves are *rank tokens* (``K``, ``T``, ``2``, ``JK``; ``3`` is a black
three), because suits never matter in this game (see :mod:`.tokens`). That
keeps the notation short (the digest's own ``7-7-2``) and means a choice
between a king of hearts and a king of spades is never a different move.

Canonical notation (what replays store):

=======================  ==================================================
``draw``                 draw two cards from the stock
``take``                 take the pozzo (with the matching cards from hand)
``meld K K K JK``        lay down a new meld (naturals, then jokers, then twos)
``meld JK JK 2``         a meld of wildcards (pinelle / jolly)
``add K 2 to K``         add cards to your side's meld of kings (``to W``: the wild meld)
``discard 9``            discard a card, ending the turn
``ask``                  ask partner whether you may go out
``yes`` / ``no``         partner's answer
``end``                  with an empty stock (option): end the hand instead of taking
=======================  ==================================================

Friendly input: any case, ``10`` for ``T``, full cards (``KH``, ``10♥``,
``3♠``), ``jolly``/``joker`` for ``JK``, ``pinella`` for ``2``, separators
``-`` and ``,`` (``meld 7-7-2``), Italian verbs (``pesca``, ``prendi``,
``cala``, ``attacca``, ``scarta``, ``chiedi``, ``sì``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypedDict

from cardcli.engine import words
from cardcli.engine.cards import CardParseError, parse_card, parse_rank
from cardcli.engine.verdict import InvalidMove
from cardcli.games.canasta.tokens import NATURAL_RANKS, is_red_three, sort_tokens, token
from cardcli.i18n import _


@dataclass(frozen=True, slots=True)
class Draw:
    pass


@dataclass(frozen=True, slots=True)
class Take:
    pass


@dataclass(frozen=True, slots=True)
class End:
    pass


@dataclass(frozen=True, slots=True)
class Meld:
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Add:
    cards: tuple[str, ...]
    target: str
    """A natural rank token, or ``W`` for the side's meld of wildcards."""


@dataclass(frozen=True, slots=True)
class Discard:
    card: str


@dataclass(frozen=True, slots=True)
class Ask:
    pass


@dataclass(frozen=True, slots=True)
class Answer:
    yes: bool


Move = Draw | Take | End | Meld | Add | Discard | Ask | Answer


class CanastaFacts(TypedDict, total=False):
    """What a canasta move reports (its :class:`~cardcli.engine.game.Outcome` facts), for the narration."""

    players: int
    """The number of players (every outcome carries it; private facts add to it)."""
    card: str
    """The card discarded."""
    out: bool
    """The discard was the last card of the hand."""
    opening_done: bool
    """A draw or take that completed the side's opening (its pending melds now count)."""
    n: int
    """How many cards were drawn (the count is public, the cards private)."""
    cards: tuple[str, ...]
    """The cards drawn or found in the pozzo: private to the player."""
    red3: tuple[str, ...]
    """Red threes laid on the table by a draw or a take."""
    note: str
    """The narration's note on a meld that became a canasta or a progetto ("" when none)."""
    opening: bool
    """A meld made as part of the side's opening."""
    size: int
    """The pozzo's size when taken (covered cards included)."""
    with_: tuple[str, ...]
    """The cards from the hand used to take the pozzo."""
    top: str
    """The pozzo's top card when taken."""
    partner: int | None
    """The partner asked (or answering) about going out."""


_VERBS = {
    "draw": "draw",
    "d": "draw",
    "pesca": "draw",
    "stock": "draw",
    "take": "take",
    "prendi": "take",
    "raccogli": "take",
    "pozzo": "take",
    "pick": "take",
    "end": "end",
    "fine": "end",
    "stop": "end",
    "meld": "meld",
    "m": "meld",
    "open": "meld",
    "apri": "meld",
    "cala": "meld",
    "add": "add",
    "attach": "add",
    "attacca": "add",
    "lay": "add",
    "layoff": "add",
    "discard": "discard",
    "x": "discard",
    "scarta": "discard",
    "throw": "discard",
    "ask": "ask",
    "chiedi": "ask",
    "yes": "yes",
    "y": "yes",
    "si": "yes",
    "sì": "yes",
    "ok": "yes",
    "no": "no",
    "n": "no",
}
#: The shared verbs (`pesca`, `prendi`/`raccogli`, `cala`, `attacca`, `scarta`, `chiedi`, `sì`) → canasta's words.
VERBS = words.register(
    "canasta",
    {
        "draw": "draw",
        "take": "take",
        "meld": "meld",
        "attach": "add",
        "discard": "discard",
        "end": "end",
        "ask": "ask",
        "yes": "yes",
        "no": "no",
    },
)
_TARGET_WORDS = {"to", "on", "onto", "su", "sul", "sulla", "al", "alla", ">", "@"}  # not "a": the ace
_WILD_TARGETS = {"w", "wild", "wilds", "matte", "pinelle", "jolly", "wildcards"}
_JOKER_WORDS = {"jk", "joker", "jokers", "jolly", "jo", "*", "mattone"}
_SPLIT = re.compile(r"[\s,\-]+")


def format_move(move: Move) -> str:
    match move:
        case Draw():
            return "draw"
        case Take():
            return "take"
        case End():
            return "end"
        case Meld(cards):
            return "meld " + " ".join(cards)
        case Add(cards, target):
            return "add " + " ".join(cards) + " to " + target
        case Discard(card):
            return f"discard {card}"
        case Ask():
            return "ask"
        case Answer(yes):
            return "yes" if yes else "no"
    raise TypeError(move)


def parse_token(word: str) -> str:
    """One card as a rank token: ``k``, ``K``, ``KH``, ``10``, ``10♥``, ``jolly``, ``pinella`` …"""
    w = word.strip()
    low = w.lower()
    if low in _JOKER_WORDS:
        return "JK"
    if low in ("pinella", "pinelle", "deuce"):
        return "2"
    if low == "10":
        return "T"
    if len(w) == 1 and w.upper() in NATURAL_RANKS + "23":
        return w.upper()
    rank = parse_rank(low)  # "re", "donna", "sette", "king"
    if rank is not None and rank in NATURAL_RANKS + "23":
        return rank
    try:
        card = parse_card(w)
    except CardParseError:
        raise InvalidMove(
            _("{word!r} is not a card (write ranks like K, 10, 7, 2, JK, or cards like KH)").format(word=word)
        ) from None
    if is_red_three(card):
        raise InvalidMove(
            _("{word} is a red three: red threes are laid face up at once, never held, melded or discarded").format(word=word)
        )
    return token(card)


def parse_tokens(words: list[str]) -> tuple[str, ...]:
    return sort_tokens(parse_token(w) for w in words)


def parse_target(word: str) -> str:
    low = word.strip().lower()
    if low in _WILD_TARGETS:
        return "W"
    tok = parse_token(word)
    if tok not in NATURAL_RANKS:
        raise InvalidMove(_("{word!r} is not a meld: name it by its rank (K, 10, 7 …) or W for the wildcards").format(word=word))
    return tok


def parse_move(text: str) -> Move:
    """Canonical or friendly notation → move (legality is checked elsewhere)."""
    if "+" in text:
        raise InvalidMove(_("one meld per move: `meld K K K`, then `meld A A A` (an opening may take several)"))
    typed = [w for w in _SPLIT.split(words.friendly(text, VERBS).strip()) if w]
    if not typed:
        raise InvalidMove(_("empty move"))
    verb = _VERBS.get(typed[0].lower())
    args = typed[1:]
    if verb is None:
        raise InvalidMove(
            _("{word!r} is not a canasta move (draw, take, meld, add, discard, ask; `help` lists them)").format(word=typed[0])
        )
    if verb in ("draw", "take", "end", "ask", "yes", "no"):
        if verb == "draw" and args and args[0].lower() in ("2", "two", "stock", *words.STOCK_WORDS_IT):
            args = args[1:]
        if verb == "take" and args and args[0].lower() in (*words.PILE_WORDS_IT, "pile", "discard", "il"):
            args = [a for a in args if a.lower() not in (*words.PILE_WORDS_IT, "pile", "discard", "il")]
        if args:
            raise InvalidMove(_("`{verb}` takes nothing after it").format(verb=verb))
        simple: dict[str, Move] = {
            "draw": Draw(),
            "take": Take(),
            "end": End(),
            "ask": Ask(),
            "yes": Answer(True),
            "no": Answer(False),
        }
        return simple[verb]
    if verb == "meld":
        if not args:
            raise InvalidMove(_("meld which cards? e.g. `meld K K K` or `meld 7 7 2`"))
        return Meld(parse_tokens(args))
    if verb == "discard":
        if len(args) > 1:  # a card in words: `discard four of hearts` (suits never matter: a four)
            try:
                return Discard(parse_token(parse_card(" ".join(args))))
            except ValueError:
                pass
        if len(args) != 1:
            raise InvalidMove(_("discard one card, e.g. `discard 9`"))
        return Discard(parse_token(args[0]))
    # add
    if not args:
        raise InvalidMove(_("add which cards, to which meld? e.g. `add K 2 to K`"))
    target: str | None = None
    cut = next((i for i, a in enumerate(args) if a.lower() in _TARGET_WORDS), None)
    if cut is not None:
        if cut != len(args) - 2:
            raise InvalidMove(_("write the meld last: `add K 2 to K`"))
        target = parse_target(args[-1])
        args = args[:cut]
    cards = parse_tokens(args)
    if not cards:
        raise InvalidMove(_("add which cards? e.g. `add K 2 to K`"))
    if target is None:
        ranks = {c for c in cards if c in NATURAL_RANKS}
        if len(ranks) != 1:
            raise InvalidMove(_("add to which meld? say it with `to`, e.g. `add 2 to K` or `add JK to W`"))
        target = ranks.pop()
    return Add(cards, target)
