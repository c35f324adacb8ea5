"""Closing the hand, and the "last card" rule that keeps a player from getting stuck.

A close (FIBUR Art. 16/17, digest §4.1) is a discard of the player's last card
when the team has taken its pozzetto and has the burraco it needs, and the
card is not a wildcard. Ending the hand by melding the last card is not a
close. Nobody is ever stuck at the start of a turn, so a stuck hand can only
come from a meld or an attachment; the digest's §6 rule refuses those up
front:

* if the team has its pozzetto, a meld must leave at least one card, and if
  it leaves exactly one, that card must be a legal closing discard right now;
* if the team has not taken its pozzetto, melding everything takes it
  al volo, and leaving one card is legal unless it is the card just taken
  from a one-card pile (it could not be discarded);
* in any case a meld may not leave only copies of the card just taken from a
  one-card pile (with the twin locked too, digest A13, two copies are as
  stuck as one).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcli.engine.cards import Card
from cardcli.engine.verdict import ALLOWED, Verdict, refuse
from cardcli.games.burraco.state import BurracoState, TableMeld
from cardcli.games.burraco.table import has_required_burraco, is_wild
from cardcli.i18n import _


def single_card_locked(state: BurracoState, card: str, hand: Sequence[str]) -> bool:
    """Whether discarding ``card`` from ``hand`` would give back the card just taken from a one-card pile.

    By default the identical twin is locked too (digest A13); with
    ``single_pile_twin_discard`` the player may discard one copy while holding both.
    """
    taken = state.single_taken
    if taken is None or card != taken:
        return False
    if state.config.single_pile_twin_discard and sum(1 for c in hand if c == card) >= 2:
        return False
    return True


def close_problem(state: BurracoState, seat: int, card: Card, melds: Sequence[TableMeld] | None = None) -> Verdict:
    """Whether discarding ``card`` as the seat's last card would be a legal close.

    The refusal's reason is a short clause ("your team has no burraco yet")
    that callers put in a sentence. ``melds`` is the table to judge the
    burraco on (default: the current one; the last-card rule passes the table
    as it would be after the meld).
    """
    team = state.team_of(seat)
    if not state.pozzetto_taken[team]:
        return refuse(
            "close.pozzetto", _("your team has not taken its pozzetto yet (discarding your last card takes it instead)")
        )
    table = state.melds if melds is None else melds
    if not has_required_burraco(table, team, state.config):
        if state.config.close_requires == "clean":
            return refuse("close.burraco", _("your team has no clean burraco yet"))
        return refuse("close.burraco", _("your team has no burraco yet"))
    if is_wild(card):
        return refuse("close.wildcard", _("the closing discard may not be a wildcard"))
    return ALLOWED


def after_meld_verdict(state: BurracoState, seat: int, remaining: Sequence[Card], melds_after: Sequence[TableMeld]) -> Verdict:
    """The last-card rule for a meld or attachment that would leave ``remaining`` in hand."""
    team = state.team_of(seat)
    if remaining and all(single_card_locked(state, c, remaining) for c in remaining):
        return _locked(remaining)
    if state.pozzetto_taken[team]:
        if not remaining:
            return refuse(
                "close.discard-needed",
                _(
                    "you must keep a card to discard: a hand cannot be closed by melding your last card "
                    "(your team has already taken its pozzetto)"
                ),
            )
        if len(remaining) == 1:
            last = remaining[0]
            v = close_problem(state, seat, last, melds_after)
            if not v.ok:
                return refuse(
                    v.rule,
                    _("that would leave only {card}, and you could not close with it: {why}").format(card=last, why=v.reason),
                )
        return ALLOWED
    return ALLOWED


def _locked(cards: Sequence[Card]) -> Verdict:
    if len(cards) == 1:
        return refuse(
            "lastcard.single-pile",
            _("that would leave only {card}, the card you took from a one-card pile, which you cannot discard this turn").format(
                card=cards[0]
            ),
        )
    return refuse(
        "lastcard.single-pile",
        _(
            "that would leave only {cards}: copies of the card you took from a one-card pile, which you cannot discard this turn"
        ).format(cards=" ".join(cards)),
    )
