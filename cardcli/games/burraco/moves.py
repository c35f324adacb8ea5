"""Burraco moves and their notation.

Canonical notation (what replays store; never translated):

==========================  ==================================================================
``draw``                    take the top card of the stock
``take``                    take the whole discard pile
``meld 5H 6H JK``           open a run or a set with cards from your hand (any order)
``attach 7H 3``             add cards to your team's meld number 3 (``attach 7H 8H 3``: several)
``discard KS``              discard a card: ends the turn (and closes, when it is your last card)
``close KS``                the same discard, stated as a closing: refused with the reason when
                            it would not close the hand (pozzetto, burraco, wildcard)
==========================  ==================================================================

Melds on the table are numbered 1, 2, 3 … in the order they were opened, for
both teams together, so a number names one meld for everybody; you may attach
only to your own team's melds.

Where a wildcard goes is decided by the rules (a wildcard between two naturals
stands for the missing card; a free one sits at the low end, or stays at the
end where it already is). When a free wildcard could sit at either end of a
run, a final ``wild=CARD`` says which card it stands for: ``meld 5H 6H JK
wild=7H`` puts the joker above the six instead of below the five. The choice
never changes what is legal later (a free wildcard moves to the other end when
that lets a card be attached) or the score; it is how the run is laid out.

The pozzetto is never a move of its own: melding your last cards takes it
"al volo" (the turn goes on), discarding your last card takes it with the
discard.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypedDict

from cardcli.engine import words
from cardcli.engine.cards import Card, CardParseError, parse_card, parse_cards
from cardcli.engine.verdict import InvalidMove
from cardcli.i18n import _

if TYPE_CHECKING:
    from cardcli.games.burraco.table import BurracoKind


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock."""


@dataclass(frozen=True, slots=True)
class Take:
    """Take the whole discard pile (partial pick-up does not exist)."""


@dataclass(frozen=True, slots=True)
class MeldMove:
    cards: tuple[Card, ...]
    wild: Card | None = None
    """What a free wildcard stands for, when the player chooses its end."""


@dataclass(frozen=True, slots=True)
class Attach:
    cards: tuple[Card, ...]
    target: int
    """1-based number of the meld on the table (it must be one of the player's team)."""
    wild: Card | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    card: Card
    close: bool = False
    """Stated as a closing discard (``close KS``): refused unless it closes the hand."""


Move = Draw | Take | MeldMove | Attach | Discard


class BurracoFacts(TypedDict, total=False):
    """What a burraco move reports (its :class:`~cardcli.engine.game.Outcome` facts), for the narration."""

    players: int
    """The number of players (every outcome carries it; private facts add to it)."""
    card: Card
    """The card drawn from the stock: private to the drawer."""
    pile: tuple[Card, ...]
    """The discard pile taken, bottom to top."""
    kind: BurracoKind | None
    """The kind of burraco the meld melded or attached to is now (``None``: not a burraco)."""
    before: BurracoKind | None
    """The kind of the meld attached to before the attach."""
    closed: bool
    """The discard closed the hand."""
    stock_end: bool
    """The hand ended on the stock running down."""
    stock: int
    """Cards left in the stock after a discard."""
    pozzetto: Literal["al-volo", "partner-discard", "next-turn", "open"]
    """How the team took its pozzetto with this move (when it did)."""


def is_plain(move: Move) -> bool:
    """A move in its plainest spelling: one card attached at a time, wildcards where the rules put them,
    a closing discard written ``discard``. The legal list holds the others too (several cards attached
    at once, ``wild=``, ``close``: a player may type them, so the list must have them); the bots and
    the hints choose among the plain ones, which reach every position the others do."""
    match move:
        case Attach(cards, _target, wild):
            return len(cards) == 1 and wild is None
        case MeldMove(_cards, wild):
            return wild is None
        case Discard(_card, close):
            return not close
    return True


def plain_moves(legal: Sequence[Move]) -> list[Move]:
    """The plain moves of a legal list (:func:`is_plain`)."""
    return [m for m in legal if is_plain(m)]


_DRAW = {"draw", "d", "pesca", "stock", "s", "tallone"}
_TAKE = {"take", "t", "pile", "raccogli", "monte", "pick"}
_MELD = {"meld", "m", "cala", "open", "apri"}
_ATTACH = {"attach", "a", "attacca", "add", "layoff", "lay"}
_DISCARD = {"discard", "x", "scarta", "throw"}
_CLOSE = {"close", "chiudi", "chiusura"}
_STOCK = {"stock", "s", *words.STOCK_WORDS_IT}
_PILE = {"pile", "discard", *words.PILE_WORDS_IT}
#: The shared verbs (`pesca`, `prendi`/`raccogli`, `cala`, `attacca`, `scarta`, `chiudi`) → burraco's words.
VERBS = words.register(
    "burraco", {"draw": "draw", "take": "take", "meld": "meld", "attach": "attach", "discard": "discard", "close": "close"}
)


def _wild_suffix(wild: Card | None) -> str:
    return f" wild={wild}" if wild else ""


def format_move(move: Move) -> str:
    match move:
        case Draw():
            return "draw"
        case Take():
            return "take"
        case MeldMove(cards, wild):
            return "meld " + " ".join(cards) + _wild_suffix(wild)
        case Attach(cards, target, wild):
            return "attach " + " ".join(cards) + f" {target}" + _wild_suffix(wild)
        case Discard(card, close):
            return f"{'close' if close else 'discard'} {card}"
    raise TypeError(move)


def _split_wild(args: list[str]) -> tuple[list[str], Card | None]:
    """Pull a ``wild=CARD`` (or ``=CARD``) token out of the arguments."""
    rest: list[str] = []
    wild: Card | None = None
    for a in args:
        low = a.lower()
        if "=" in low:
            key, _sep, value = low.partition("=")
            if key not in ("", "wild", "w", "matta", "jk", "joker", "jolly") and not key.startswith("2"):
                raise InvalidMove(_("{typed}: write `wild=CARD` to say what a free wildcard stands for").format(typed=repr(a)))
            if wild is not None:
                raise InvalidMove(_("say `wild=CARD` once"))
            try:
                wild = parse_card(value)
            except CardParseError as err:
                raise InvalidMove(f"wild={value}: {err}") from None
            if wild == "JK":
                raise InvalidMove(_("`wild=` names the card the wildcard stands for, e.g. wild=7H"))
            continue
        rest.append(a)
    return rest, wild


def parse_move(text: str) -> Move:
    """Canonical or friendly notation → move (legality is checked by the rules)."""
    typed = text.strip().split()
    if not typed:
        raise InvalidMove(_("empty move"))
    typed = words.friendly(text, VERBS).split()
    verb, args = typed[0].lower().lstrip(":"), typed[1:]
    try:
        if verb in _DRAW and not args:
            return Draw()
        if verb in ("draw", "d", "pesca") and len(args) == 1 and args[0].lower() in _STOCK:
            return Draw()
        if verb in _TAKE and not args:
            return Take()
        if verb in _TAKE and len(args) == 1 and args[0].lower() in _PILE:
            return Take()
        if verb in ("draw", "d") and len(args) == 1 and args[0].lower() in _PILE:
            return Take()
        if verb in _MELD:
            cards, wild = _split_wild(args)
            if not cards:
                raise InvalidMove(_("meld which cards? e.g. `meld 5H 6H 7H`"))
            return MeldMove(tuple(parse_cards(" ".join(cards))), wild)
        if verb in _ATTACH:
            rest, wild = _split_wild([a for a in args if a.lower() not in ("to", "on", "a", "su", "al", "sul", "sulla")])
            if len(rest) < 2:
                raise InvalidMove(_("attach which cards to which meld? e.g. `attach 7H 3`"))
            num = rest[-1].lstrip("#[").rstrip("]")
            if not num.isdigit():
                raise InvalidMove(
                    _("{typed} is not a meld number: end with the meld's number, e.g. `attach 7H 3`").format(typed=repr(rest[-1]))
                )
            return Attach(tuple(parse_cards(" ".join(rest[:-1]))), int(num), wild)
        if verb in _DISCARD or verb in _CLOSE:
            example = f"`{'close' if verb in _CLOSE else 'discard'} KS`"
            if not args:
                raise InvalidMove(_("{verb} which card? e.g. {example}").format(verb=verb, example=example))
            try:
                card = parse_card(" ".join(args))  # also "re di picche", "queen of hearts"
            except CardParseError:
                if len(args) > 1:
                    raise InvalidMove(_("{verb} one card, e.g. {example}").format(verb=verb, example=example)) from None
                raise
            return Discard(card, close=verb in _CLOSE)
    except CardParseError as err:
        raise InvalidMove(str(err)) from None
    raise InvalidMove(
        _("{typed} is not a burraco move (draw, take, meld, attach, discard; `help` lists them)").format(typed=repr(typed[0]))
    )
