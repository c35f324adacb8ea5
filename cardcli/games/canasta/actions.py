"""State changes shared by :meth:`CanastaGame.apply` and the checker's look-ahead.

Only checked moves reach these functions; they move physical cards and never
decide legality.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcli.engine.cards import Card
from cardcli.games.canasta import wildmelds
from cardcli.games.canasta.pozzo import TakePlan
from cardcli.games.canasta.state import CanastaState, TableMeld
from cardcli.games.canasta.tokens import is_red_three, take_out


def draw_one(state: CanastaState, seat: int) -> list[Card]:
    """Draw the top stock card into ``seat``'s hand; red threes are laid out and replaced from
    the top (§1.6). Returns the red threes laid (the drawn card is the hand's last card)."""
    reds: list[Card] = []
    while state.stock:
        card = state.stock.pop()
        if is_red_three(card):
            state.red3[seat].append(card)
            reds.append(card)
            continue
        state.hands[seat].append(card)
        break
    return reds


def draw(state: CanastaState, seat: int, n: int) -> None:
    for _ in range(n):
        if not state.stock:
            return
        draw_one(state, seat)


def commit_opening(state: CanastaState, side: int) -> None:
    """The draw (or take) that follows an opening makes it final: the side is open."""
    if not state.opened[side] and any(m.pending for m in state.melds[side]):
        state.opened[side] = True
    for m in state.melds[side]:
        m.pending = False


def close_if_complete(state: CanastaState, meld: TableMeld) -> None:
    """A canasta is set aside at seven cards (wild canastas always; natural ones per option)."""
    if meld.size >= wildmelds.CANASTA_SIZE and (meld.wild or state.config.canasta_closed_at_seven):
        meld.closed = True


def lay_meld(state: CanastaState, seat: int, key: str, tokens: Sequence[str], pending: bool) -> TableMeld:
    cards = take_out(state.hands[seat], tokens)
    meld = TableMeld(key, cards, pending=pending)
    state.melds[state.side_of(seat)].append(meld)
    close_if_complete(state, meld)
    return meld


def add_to_meld(state: CanastaState, seat: int, meld: TableMeld, tokens: Sequence[str]) -> None:
    meld.extend(take_out(state.hands[seat], tokens))
    close_if_complete(state, meld)


def take_pozzo(state: CanastaState, plan: TakePlan) -> list[Card]:
    """§5.3: lay the matching cards with the top card, take the rest, draw the extra card.

    Returns the red threes that came out of the pozzo (laid face up for the side).
    """
    seat = state.turn
    side = state.side_of(seat)
    commit_opening(state, side)
    top = state.pozzo.pop()
    laid = take_out(state.hands[seat], plan.from_hand) + [top]
    meld = state.open_meld(side, plan.key)
    if meld is None:
        meld = TableMeld(plan.key, laid)
        state.melds[side].append(meld)
    else:
        meld.extend(laid)
    close_if_complete(state, meld)
    taken = state.covered + state.pozzo
    state.covered = []
    state.pozzo = []
    state.needs_three = False
    reds = [c for c in taken if is_red_three(c)]
    state.hands[seat].extend(c for c in taken if not is_red_three(c))
    state.red3[seat].extend(reds)
    if state.config.red3_from_pozzo_replaced:
        draw(state, seat, len(reds))
    draw(state, seat, state.config.pozzo_extra_draw)
    return reds
