"""Bridge moves and their notation.

Canonical notation (what replays store; never translated):

=================  ==================================================================
``1C`` … ``7N``    a bid: level 1-7 and strain C D H S or N (notrump)
``P``              pass
``X`` / ``XX``     double / redouble
``play QS``        play a card (declarer plays dummy's cards too, when dummy is to play)
``claim 9``        claim (or concede): *your side will have 9 tricks in total* at the end
                   of the hand, counting the tricks it has already won
``accept``         agree to the opponents' claim (``reject`` disputes it: play goes on)
=================  ==================================================================

Why ``play QS`` and not a bare ``QS``: the cards 2 to 7 would collide with the
bids (``2S`` is both two spades and the two of spades), and a replay must read
back without knowing the phase. PBN solves this by writing cards suit first;
cardcli keeps its one card spelling and adds the verb, as rummy's ``discard KS``.

Friendly input is accepted too: ``1nt``, ``1 NT``, ``1♠``, ``3 spades``, ``pass``, ``dbl``,
``double``, ``rdbl``, ``redouble``, and cards alone: ``QS``, ``♠Q``, ``q♠``, ``10h``,
``queen of spades``; ``yes``/``no`` answer a claim. Out of context, text that could be
a bid or a low card (``2S``, ``2s``, ``3♥``) is the bid; what a person types at the
table goes through :meth:`BridgeGame.parse_typed`, which reads it as the card once
the auction is over. ``1s`` is always one spade.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypedDict

from cardcli.engine import words as vocabulary
from cardcli.engine.cards import Card, CardParseError, parse_card
from cardcli.engine.verdict import InvalidMove
from cardcli.i18n import _

STRAINS = "CDHSN"
"""Strains in rank order (Law 18): clubs, diamonds, hearts, spades, notrump."""
STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "N": "NT"}
STRAIN_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "N": "notrump"}


@dataclass(frozen=True, slots=True)
class Bid:
    level: int
    strain: str

    @property
    def index(self) -> int:
        """0 for 1C … 34 for 7N: a bid is sufficient when its index is higher (Law 18)."""
        return (self.level - 1) * 5 + STRAINS.index(self.strain)


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Double:
    pass


@dataclass(frozen=True, slots=True)
class Redouble:
    pass


@dataclass(frozen=True, slots=True)
class Play:
    card: Card


@dataclass(frozen=True, slots=True)
class Claim:
    tricks: int
    """Total tricks the claimer's side will have when the hand ends."""


@dataclass(frozen=True, slots=True)
class Respond:
    accept: bool


Call = Bid | Pass | Double | Redouble
Move = Bid | Pass | Double | Redouble | Play | Claim | Respond


class BridgeFacts(TypedDict, total=False):
    """What a bridge move reports (its :class:`~cardcli.engine.game.Outcome` facts), for the narration."""

    passed_out: bool
    """A pass that ended an auction with no bid: the hand is thrown in."""
    contract: tuple[int, str, int, int, int]
    """The call that ended the auction: level, strain, doubled (0-2), declarer, opening leader."""
    dummy: int
    declarer: int
    lead: bool
    """A card that leads to a trick."""
    first: bool
    """The opening lead (dummy is laid out after it)."""
    from_dummy: bool
    """A card the declarer played from dummy's hand."""
    winner: int
    """A card that ended a trick: the seat that won it."""
    won: tuple[int, int]
    """A card that ended a trick: the tricks won by North-South and East-West after it."""
    side: int
    """A claim: the claiming side (0 North-South, 1 East-West)."""
    had: int
    """A claim: the tricks the claiming side had already won."""
    left: int
    """A claim: the tricks still to play."""
    responder: int
    """An answer to a claim: the seat answering."""
    last: bool
    """An answer to a claim: the last answer it needed."""


PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()
ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, s) for level in range(1, 8) for s in STRAINS)

#: The shared verbs (`passo`, `contro`, `surcontro`, `gioca`, `reclamo`, `accetto`, `rifiuto`) → bridge's words.
VERBS = vocabulary.register(
    "bridge",
    {"pass": "P", "double": "X", "redouble": "XX", "play": "play", "claim": "claim", "accept": "accept", "reject": "reject"},
    shown={"P": "passo", "X": "contro", "XX": "surcontro"},
)
_PASS_WORDS = {"p", "pass", "passo", "nobid", "no bid", "no-bid"}
_DOUBLE_WORDS = {"x", "dbl", "double", "db", "contro", "kontra"}
_REDOUBLE_WORDS = {"xx", "rdbl", "redouble", "redbl", "rd", "surcontro", "re-double"}
_ACCEPT_WORDS = {"accept", "yes", "y", "ok", "agree", "accetto"}
_REJECT_WORDS = {"reject", "no", "dispute", "refuse", "rifiuto"}
_STRAIN_ALIASES = {
    "c": "C",
    "d": "D",
    "h": "H",
    "s": "S",
    "n": "N",
    "nt": "N",
    "sa": "N",
    "notrump": "N",
    "notrumps": "N",
    "no trump": "N",
    "no trumps": "N",
    "no-trump": "N",
    "no-trumps": "N",
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "♧": "C",
    "♢": "D",
    "♡": "H",
    "♤": "S",
    "club": "C",
    "clubs": "C",
    "diamond": "D",
    "diamonds": "D",
    "heart": "H",
    "hearts": "H",
    "spade": "S",
    "spades": "S",
    "fiori": "C",
    "quadri": "D",
    "cuori": "H",
    "picche": "S",
    "senza": "N",
    "senza atout": "N",
    "s.a.": "N",
}
_BID = re.compile(r"^([1-7])\s*(.+)$")
_LOW_CARD = re.compile(r"^[2-7]\s*[cdhs♣♦♥♠♧♢♡♤]$", re.IGNORECASE)


def could_be_card(text: str) -> bool:
    """Text that is a bid but could also mean a low card (``2S``, ``5 ♥``)."""
    return bool(_LOW_CARD.match(text.strip()))


def format_call(call: Call) -> str:
    match call:
        case Bid(level, strain):
            return f"{level}{strain}"
        case Pass():
            return "P"
        case Double():
            return "X"
        case Redouble():
            return "XX"
    raise TypeError(call)


def format_move(move: Move) -> str:
    t = type(move)
    if t is Play:  # the common moves first: the fold names every move it applies
        return "play " + move.card  # type: ignore[union-attr]
    if t is Pass:
        return "P"
    match move:
        case Play(card):
            return f"play {card}"
        case Claim(tricks):
            return f"claim {tricks}"
        case Respond(accept):
            return "accept" if accept else "reject"
    return format_call(move)


_LEVEL_WORDS = {
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "uno": "1",
    "un": "1",
    "due": "2",
    "tre": "3",
    "quattro": "4",
    "cinque": "5",
    "sei": "6",
    "sette": "7",
}


def parse_bid(text: str) -> Bid | None:
    """``1N``, ``1nt``, ``1 ♠``, ``3 spades``, ``one spade``, ``tre cuori`` → a bid; anything else → ``None``."""
    low = text.strip().lower()
    head, _sep, rest = low.partition(" ")
    if head in _LEVEL_WORDS and rest:
        low = f"{_LEVEL_WORDS[head]} {rest}"
    m = _BID.match(low)
    if not m:
        return None
    strain = _STRAIN_ALIASES.get(m.group(2).strip())
    return Bid(int(m.group(1)), strain) if strain else None


def parse_call(text: str) -> Call | None:
    low = " ".join(text.strip().lower().split())
    if low in _PASS_WORDS:
        return PASS
    if low in _DOUBLE_WORDS:
        return DOUBLE
    if low in _REDOUBLE_WORDS:
        return REDOUBLE
    return parse_bid(low)


def parse_move(text: str) -> Move:
    """Canonical or friendly notation → move (legality is checked elsewhere).

    Canonical notation is looked up (what replays hold, the same in every language); anything
    else is read as friendly input."""
    move = CANONICAL.get(text)
    if move is not None:
        return move
    return _parse_friendly(text)


def _parse_friendly(text: str) -> Move:
    raw = text.strip()
    if not raw:
        raise InvalidMove(_("empty move"))
    raw = vocabulary.friendly(raw, VERBS)
    call = parse_call(raw)
    if call is not None:
        return call
    low = " ".join(raw.lower().split())
    if low in _ACCEPT_WORDS:
        return Respond(True)
    if low in _REJECT_WORDS:
        return Respond(False)
    words = low.split()
    if words[0] in ("claim", "concede"):
        if len(words) == 2 and words[1].isdigit():
            return Claim(int(words[1]))
        raise InvalidMove(_("claim how many tricks? `claim 9` means your side ends with 9 tricks in total"))
    if words[0] in ("play", "lead") and len(words) > 1:
        low = " ".join(words[1:])
    try:
        return Play(parse_card(low))
    except CardParseError:
        pass
    if _BID.match(low):
        raise InvalidMove(_("{typed} is not a bid: the strain must be C, D, H, S or NT (e.g. 1NT, 2S)").format(typed=repr(raw)))
    raise InvalidMove(
        _("{typed} is not a bridge move (a call like 1NT, P, X, XX; a card like QS; `claim N`; `accept`/`reject`)").format(
            typed=repr(raw)
        )
    )


ALL_MOVES: tuple[Move, ...] = (
    PASS,
    DOUBLE,
    REDOUBLE,
    *ALL_BIDS,
    *(Play(r + su) for su in "SHDC" for r in "AKQJT98765432"),
    *(Claim(n) for n in range(14)),
    Respond(True),
    Respond(False),
)
"""Every bridge move, each made once (moves are frozen values: share these)."""
CANONICAL: dict[str, Move] = {format_move(m): m for m in ALL_MOVES}
"""Canonical notation → its move, for every move (replays are read through this table)."""
