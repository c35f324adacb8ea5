"""Rummy moves and their notation.

Canonical notation (what replays store):

=====================  =========================================
``draw stock``         take the top card of the stock
``draw discard``       take the top card of the discard pile
``meld 3H 4H 5H``      put a set or run on the table (cards in table order)
``layoff 6H 2``        add one card to meld number 2 (any player's)
``discard KS``         end the turn by discarding a card
=====================  =========================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypedDict

from cardcli.engine import words
from cardcli.engine.cards import Card, CardParseError, card_words, parse_card, parse_cards
from cardcli.engine.verdict import InvalidMove
from cardcli.i18n import _


@dataclass(frozen=True, slots=True)
class Draw:
    source: Literal["stock", "discard"]


@dataclass(frozen=True, slots=True)
class Meld:
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class LayOff:
    card: Card
    target: int
    """1-based number of the meld on the table."""


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card


Move = Draw | Meld | LayOff | Discard


class RummyFacts(TypedDict, total=False):
    """What a rummy move reports (its :class:`~cardcli.engine.game.Outcome` facts), for the narration."""

    card: Card
    """The card drawn: public when taken from the discard pile, private to the drawer from the stock."""
    exhausted: bool
    """A draw from an empty stock that cannot be re-formed: the hand ends."""
    turned: Card
    """The discard pile was turned over into a new stock; this card is turned up as the new upcard."""
    out: bool
    """A meld, lay-off or discard that emptied the hand."""


_DRAW_WORDS = {"draw", "d", "pick", "pesca"}
_STOCK_WORDS = {"stock", "s", "deck", *words.STOCK_WORDS_IT}
_PILE_WORDS = {"discard", "pile", "d", "up", "upcard", "take", "t", *words.PILE_WORDS_IT}
#: The shared verbs (`pesca`, `prendi`, `cala`, `attacca`, `scarta`) → rummy's words.
VERBS = words.register(
    "rummy",
    {"draw": "draw", "take": "draw discard", "meld": "meld", "attach": "layoff", "discard": "discard"},
    shown={"draw stock": "pesca", "draw discard": "prendi"},
)


def format_move(move: Move) -> str:
    match move:
        case Draw(source):
            return f"draw {source}"
        case Meld(cards):
            return "meld " + " ".join(cards)
        case LayOff(card, target):
            return f"layoff {card} {target}"
        case Discard(card):
            return f"discard {card}"
    raise TypeError(move)


def parse_move(text: str) -> Move:
    """Canonical or friendly notation → move (legality is checked elsewhere)."""
    typed = text.strip().split()
    if not typed:
        raise InvalidMove(_("empty move"))
    typed = words.friendly(text, VERBS).split()
    verb, args = typed[0].lower(), typed[1:]
    try:
        if verb in _DRAW_WORDS or verb in ("take", "t", "stock"):
            if verb in ("take", "t"):
                return Draw("discard")
            if verb == "stock":
                return Draw("stock")
            if not args:
                return Draw("stock")
            where = args[0].lower()
            if where in _STOCK_WORDS:
                return Draw("stock")
            if where in _PILE_WORDS:
                return Draw("discard")
            raise InvalidMove(_("draw from where? Say `draw stock` or `draw discard`, not {typed}").format(typed=repr(args[0])))
        if verb in ("meld", "m", "cala"):
            if len(args) < 1:
                raise InvalidMove(_("meld which cards? e.g. `meld 3H 4H 5H`"))
            return Meld(tuple(parse_cards(" ".join(args))))
        if verb in ("layoff", "lay", "l", "attach", "attacca"):
            if not args:
                raise InvalidMove(_("lay off which card, on which meld? e.g. `layoff 6H 2`"))
            rest = [a for a in args if a.lower() not in ("on", "to", "su", "sul", "sulla", "a", "al", "alla")]
            found = card_words(rest)  # also "donna di cuori 2"
            if found is None:
                card = parse_card(rest[0])
            else:
                card, used = found
                rest = [card, *rest[used:]]
            if len(rest) < 2:
                raise InvalidMove(_("lay off on which meld? add its number, e.g. `layoff 6H 2`"))
            num = rest[1].lstrip("#[").rstrip("]")
            if not num.isdigit():
                raise InvalidMove(_("{typed} is not a meld number").format(typed=repr(rest[1])))
            if len(rest) > 2:
                raise InvalidMove(_("lay off one card at a time: `layoff CARD MELD`"))
            return LayOff(card, int(num))
        if verb in ("discard", "x", "scarta", "throw"):
            found = card_words(args)  # also "donna di cuori"
            if found is not None and found[1] == len(args):
                return Discard(found[0])
            if len(args) != 1:
                raise InvalidMove(_("discard one card, e.g. `discard KS`"))
            return Discard(parse_card(args[0]))
    except CardParseError as err:
        raise InvalidMove(str(err)) from None
    raise InvalidMove(
        _("{typed} is not a rummy move (draw, meld, layoff, discard; `help` lists them)").format(typed=repr(typed[0]))
    )
