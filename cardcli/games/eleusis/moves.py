"""Eleusis moves and their notation.

Canonical notation (what replays store):

==========================================  =========================================
``rule accept: color(c) != color(p1)``      the dealer's secret rule (canonical ELR, one line)
``play 7H``                                 play a card onto the mainline (judged right or wrong)
==========================================  =========================================

The rule move keeps the canonical text when it parses and the text as typed
when it does not, so the checker (not the parser of moves) explains what is
wrong with it, with the position and the rule of the game it breaks.
Friendly input: a lone card means ``play``; ``rule colour-or-rank`` names a library
rule; ``write`` is a synonym of ``rule``; a line starting ``accept:`` or
``modes:`` is a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TypedDict

from cardcli.engine import words
from cardcli.engine.cards import STANDARD_DECK, Card, CardParseError, parse_card
from cardcli.engine.verdict import InvalidMove
from cardcli.games.eleusis.language import RuleError, canonical
from cardcli.games.eleusis.library import BY_ID, pool
from cardcli.i18n import _


@dataclass(frozen=True, slots=True)
class SetRule:
    text: str


@dataclass(frozen=True, slots=True)
class Play:
    card: Card


Move = SetRule | Play


class EleusisFacts(TypedDict, total=False):
    """What an eleusis move reports (its :class:`~cardcli.engine.game.Outcome` facts), for the narration."""

    players: int
    """The number of players (every outcome carries it; private facts add to it)."""
    right: bool
    """A card: whether it fitted the secret rule."""
    phase_one_over: bool
    """A card that ended phase one."""
    announced: tuple[str, ...]
    """The rule's announcements (e.g. ``wrap``), told to every player when the rule is set."""
    rule: str
    """The rule's text: private to the dealer who wrote it."""


PLAYS: dict[Card, Play] = {c: Play(c) for c in STANDARD_DECK}
"""One shared move per card: moves are frozen, so the legal moves of every position can hand out
the same objects instead of building new ones (playouts ask for them at every card)."""


@cache
def rule_moves(pool_name: str) -> tuple[SetRule, ...]:
    """A bot dealer's rule moves for a pool (or one rule id), built once per pool; KeyError if unknown."""
    return tuple(SetRule(r.text) for r in pool(pool_name))


#: The shared verbs (`gioca`, `regola`) → eleusis' words.
VERBS = words.register("eleusis", {"play": "play", "rule": "rule"})
_RULE_STARTS = ("accept:", "modes:", "name:", "announce:", "accept :", "modes :")


def format_move(move: Move) -> str:
    match move:
        case SetRule(text):
            return f"rule {text}"
        case Play(card):
            return f"play {card}"
    raise TypeError(move)


def rule_move(text: str) -> SetRule:
    """A rule move for ``text``: a library id, else the canonical text, else the text as typed."""
    body = text.strip()
    if body in BY_ID:
        return SetRule(BY_ID[body].text)
    try:
        return SetRule(canonical(body))
    except RuleError:
        return SetRule(body)


def parse_move(text: str) -> Move:
    """Canonical or friendly notation → move (legality and the rule's validity are checked elsewhere)."""
    raw = text.strip()
    if not raw:
        raise InvalidMove(_("empty move"))
    raw = words.friendly(raw, VERBS)
    verb, _sep, rest = raw.partition(" ")
    low = verb.lower()
    if low in ("rule", "regola", "write"):
        if not rest.strip():
            raise InvalidMove(
                _("write the rule after `rule`, e.g. `rule accept: color(c) != color(p1)` or `rule alternate-colours`")
            )
        return rule_move(rest)
    if raw.lower().startswith(_RULE_STARTS):
        return rule_move(raw)
    try:
        if low in ("play", "p", "gioca"):
            if not rest.strip() or (len(rest.split()) != 1 and len(rest.split()) != 3):
                raise InvalidMove(_("play one card, e.g. `play 7H`"))
            return Play(parse_card(rest))
        if not rest:
            return Play(parse_card(raw))
    except CardParseError as err:
        raise InvalidMove(str(err)) from None
    raise InvalidMove(
        _("{verb!r} is not an eleusis move (`play CARD`, or `rule …` for the dealer; `help` lists them)").format(verb=verb)
    )
