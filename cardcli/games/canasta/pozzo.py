"""The pozzo: building the initial pile (digest §1.7) and the conditions for taking it (§5.2).

The Italian pozzo starts as a block: the dealer turns up the top card of the
stock and puts under it, face down, as many cards as its rank says (4 under a
four … 11 under a jack, 12 under a queen, 13 under a king, 14 under an ace).
Twos, jokers and red threes (and black threes, unless
``upcard_black3_allowed``) cannot start it: such a card goes face down into
the pozzo too (or, with ``rejected_upcard_to_pozzo=false``, to the bottom of
the stock) and the next card is turned.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cardcli.engine.cards import Card
from cardcli.engine.verdict import Verdict, refuse
from cardcli.games.canasta import wildmelds
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.opening import minimum, pending_value
from cardcli.games.canasta.state import WILD_KEY, CanastaState
from cardcli.games.canasta.tablemelds import blocks_take
from cardcli.games.canasta.tokens import RANK_NAMES, held, is_black_three, is_natural, is_wild, token
from cardcli.i18n import _

_UNDER = {"4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13}


def can_start_pozzo(card: Card, config: CanastaConfig) -> bool:
    tok = token(card)
    if is_natural(tok):
        return True
    return is_black_three(card) and config.upcard_black3_allowed


def cards_under(card: Card, config: CanastaConfig) -> int:
    """How many cards go face down under the upcard ``card``."""
    tok = token(card)
    if tok == "A":
        return config.pozzo_ace_count
    if tok == "3":
        return 3
    return _UNDER[tok]


@dataclass
class InitialPozzo:
    upcard: Card
    covered: list[Card]
    """The face-down block: the cards put under the upcard, then the rejected upcards on them."""
    rejected: list[Card]


def build(stock: list[Card], config: CanastaConfig) -> InitialPozzo:
    """Turn upcards from ``stock`` (top = last element) until one can start the pozzo; build it.

    ``stock`` is changed in place.
    """
    rejected: list[Card] = []
    while True:
        card = stock.pop()
        if can_start_pozzo(card, config):
            break
        rejected.append(card)
    under = [stock.pop() for _i in range(min(cards_under(card, config), len(stock)))]
    if config.rejected_upcard_to_pozzo:
        covered = under + rejected
    else:
        covered = under
        stock[0:0] = list(reversed(rejected))  # to the bottom, the first one turned lowest
    return InitialPozzo(card, covered, rejected)


# ---------------------------------------------------------------------------------------------
# taking the pozzo


@dataclass
class TakePlan:
    """What taking the pozzo would do: which cards leave the hand for which meld."""

    key: str
    """The meld the cards go to: the top card's rank, or ``W``."""
    from_hand: list[str]
    """Rank tokens laid from the hand with the top card."""


def take_problem(state: CanastaState) -> Verdict | TakePlan:
    """§5.2: why the player to act may not take the pozzo now, or what the take would lay down.

    The going-out consequences (a take that would leave no card to discard)
    are checked by the caller, which can simulate the take.
    """
    got = take_plan(state)
    if isinstance(got, TakePlan):
        return got
    return _refusal(state, got)


def take_plan(state: CanastaState, hand: Counter[str] | None = None) -> TakePlan | str:
    """What taking the pozzo would lay down, or a short code for the rule that forbids it.

    The generator asks this at every turn and needs only yes or no, so the
    decision lives here without the wording; :func:`take_problem` words the
    refusal. ``hand`` is the player's token counts when the caller has them.
    """
    seat = state.turn
    side = state.side_of(seat)
    cfg = state.config
    if not state.opened[side]:
        have = pending_value(state.melds[side], cfg)
        if have == 0:
            return "take.not-opened"
        if have < minimum(state.start_totals[side], cfg):
            return "open.minimum"
    if not state.pozzo:
        return "take.empty"
    top = state.pozzo[-1]
    tok = token(top)
    if is_black_three(top):
        return "take.black-three"
    n = hand[tok] if hand is not None else held(state.hands[seat], tok)
    if is_wild(tok):
        if not cfg.wild_top_takeable or n < 3:
            return "take.wild-top"
        if _wild_take_shape(state, side, tok) is not None:
            return "take.meld"
        return TakePlan(WILD_KEY, [tok] * 3)
    need = 3 if state.needs_three else 2
    if n < need:
        return "take.three" if state.needs_three else "take.pair"
    if cfg.pozzo_blocked_by_own_canasta_or_progetto and blocks_take(state.melds[side], tok):
        return "take.own-canasta"
    if state.open_meld(side, tok) is None and state.has_closed(side, tok) and not cfg.new_meld_after_closed_canasta:
        return "take.closed-rank"
    return TakePlan(tok, [tok] * need)


def _wild_take_shape(state: CanastaState, side: int, tok: str) -> Verdict | None:
    """Whether the three wildcards and the top card would make a legal wild meld (as a refusal)."""
    w = state.open_meld(side, WILD_KEY)
    j0, t0 = (w.shape()[1], w.shape()[2]) if w is not None else (0, 0)
    j, t = (j0 + 4, t0) if tok == "JK" else (j0, t0 + 4)
    return wildmelds.shape_problem(j, t)


def _refusal(state: CanastaState, code: str) -> Verdict:
    """The worded refusal for a :func:`take_plan` code (the values it quotes are read again)."""
    seat = state.turn
    side = state.side_of(seat)
    cfg = state.config
    if code == "take.not-opened":
        return refuse(
            code,
            _("your side has not opened: open first (melds worth {need} before drawing), then take the pozzo").format(
                need=minimum(state.start_totals[side], cfg)
            ),
        )
    if code == "open.minimum":
        return refuse(
            code,
            _("your opening is worth {have} so far; your side needs {need} before it can take the pozzo").format(
                have=pending_value(state.melds[side], cfg), need=minimum(state.start_totals[side], cfg)
            ),
        )
    if code == "take.empty":
        return refuse(code, _("the pozzo is empty"))
    if code == "take.black-three":
        return refuse(code, _("the pozzo is frozen: a black three is on top, so nobody can take it this turn"))
    tok = token(state.pozzo[-1])
    n = state.hand_counts(seat)[tok]
    if code == "take.wild-top":
        if not cfg.wild_top_takeable:
            return refuse(code, _("the pozzo is frozen: a wildcard ({card}) is on top, so it cannot be taken").format(card=tok))
        return refuse(
            code,
            _("a wildcard ({card}) is on top: taking it needs three identical wildcards ({card} {card} {card})").format(card=tok),
        )
    if code == "take.meld":
        bad = _wild_take_shape(state, side, tok)
        assert bad is not None
        return refuse(code, _("the cards taken would not make a legal meld: {why}").format(why=bad.reason))
    if code == "take.three":
        return refuse(
            code,
            _(
                "a wildcard was discarded since the pozzo was last taken: you need three natural {rank} "
                "in hand to take it (you have {n})"
            ).format(rank=_(RANK_NAMES[tok]), n=n),
        )
    if code == "take.pair":
        return refuse(
            code,
            _("to take the pozzo you need two natural {rank} in hand matching the top card (you have {n})").format(
                rank=_(RANK_NAMES[tok]), n=n
            ),
        )
    if code == "take.own-canasta":
        return refuse(
            code,
            _(
                "your side already has a canasta or a progetto (6 cards) of {rank}, so you cannot take the pozzo "
                "with a {card} on top"
            ).format(rank=_(RANK_NAMES[tok]), card=tok),
        )
    assert code == "take.closed-rank"
    return refuse(
        "take.meld",
        _(
            "your canasta of {rank} is closed and a new meld of {rank} is not allowed (option "
            "new_meld_after_closed_canasta), so the top card has nowhere to go"
        ).format(rank=_(RANK_NAMES[tok])),
    )
