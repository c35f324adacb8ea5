"""The pozzetti: how they are formed, taken, and when their cards may be seen (digest §1, §3).

* Forming (FIBUR Art. 4): the cutter takes cards **from the bottom** of the
  deck one at a time, alternating between two piles of 11; the pile completed
  first goes on top and is the first one taken.
* One pozzetto per team; the first team to run out of cards takes the one on
  top. The engine takes it automatically, so a team can never take two and
  never the opponents':
  - **al volo**: melding one's last cards takes it at once, into the hand, and
    the same turn goes on (meld from it, then discard; no second draw);
  - **with the discard**: discarding one's last card takes it face down. With
    4 players its owner may look at it only after the partner's discard
    (FIBUR; option: at his own next turn); with 2 players at once (option: at
    his next turn). Until then its cards are ``covered``: counted in the hand's
    size and, if the hand ends first, in the hand's penalty, but shown to
    nobody.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcli.engine.cards import Card
from cardcli.games.burraco.state import BurracoState

POZZETTO_SIZE = 11


def form_pozzetti(deck: Sequence[Card]) -> tuple[list[list[Card]], int]:
    """The two pozzetti from the bottom of ``deck`` (top pile first) and how many cards they used."""
    first: list[Card] = []
    second: list[Card] = []
    for i in range(2 * POZZETTO_SIZE):
        (first if i % 2 == 0 else second).append(deck[len(deck) - 1 - i])
    # ``first`` receives its 11th card before ``second`` does, so it is completed first: on top.
    return [first, second], 2 * POZZETTO_SIZE


def take(state: BurracoState, seat: int, al_volo: bool) -> list[Card]:
    """Give the top pozzetto to ``seat``'s team; returns its cards (to the hand, or covered)."""
    team = state.team_of(seat)
    assert not state.pozzetto_taken[team], "a team takes one pozzetto"
    cards = state.pozzetti.pop(0)
    state.pozzetto_taken[team] = 1 if al_volo else 2
    if al_volo or _visible_at_once(state):
        state.hands[seat].extend(cards)
    else:
        state.covered[seat] = cards
    return cards


def _visible_at_once(state: BurracoState) -> bool:
    return state.players == 2 and state.config.pozzetto_look == "partner-discard"


def reveal_after_discard(state: BurracoState, discarder: int) -> None:
    """FIBUR 4 players: a covered pozzetto may be looked at once the owner's partner has discarded."""
    if state.config.pozzetto_look != "partner-discard":
        return
    partner = state.partner(discarder)
    if partner is not None and state.covered[partner]:
        reveal(state, partner)


def reveal_at_turn(state: BurracoState, seat: int) -> None:
    """At the latest, a covered pozzetto joins its owner's hand when his turn comes."""
    if state.covered[seat]:
        reveal(state, seat)


def reveal(state: BurracoState, seat: int) -> None:
    state.hands[seat].extend(state.covered[seat])
    state.covered[seat] = []
