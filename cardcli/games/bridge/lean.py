"""Bridge's moves by number: the lean path of playouts and searches, and the steps every path shares.

A random playout or a search spends its time asking for the legal list and making one of its moves.
Through move objects that costs a list built per position and an :class:`Outcome` per move; here a
move is a small integer (OpenSpiel's action numbers, so that the two can be compared move for move),
the legal list is a ready-made tuple of them shared by every position with the same cards, and a
move is made without an outcome: whoever wants to know what it did reads the state, and the hand's
result is in the state at its end.

Ids: the cards ``rank * 4 + suit`` from the two of clubs (suits clubs, diamonds, hearts, spades;
ranks two to ace), 52 pass, 53 double, 54 redouble, 55 … 89 the bids 1C … 7N, then the claims
``90 + n`` (claim ``n`` tricks), 104 accept and 105 reject.

:func:`play_id` is also the one statement of what making a card or a call does to the state:
:meth:`~cardcli.games.bridge.rules.BridgeGame.apply` (the path with an outcome) and the fold's
:meth:`~cardcli.games.bridge.rules.BridgeGame.replay_move` come here for the same step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardcli.engine.cards import Card
from cardcli.engine.outcome import Outcome
from cardcli.engine.verdict import IllegalMove, InvalidMove
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import _CALL_CHOICES, AuctionSoFar, Contract
from cardcli.games.bridge.config import BridgeConfig
from cardcli.games.bridge.hand_score import finish_hand
from cardcli.games.bridge.held import CARD_BIT, SUIT_INDEX, deal_hands, follows_suit, runs_of
from cardcli.games.bridge.play import trick_winner
from cardcli.games.bridge.refusals import refusal
from cardcli.games.bridge.rubber import Rubber
from cardcli.games.bridge.state import BridgeState, Trick

_SUITS_UP = "CDHS"
_RANKS_UP = "23456789TJQKA"
_PLAYS = {m.card: m for m in mv.ALL_MOVES if type(m) is mv.Play}

ID_MOVES: tuple[mv.Move, ...] = (
    *(_PLAYS[r + s] for r in _RANKS_UP for s in _SUITS_UP),
    mv.PASS,
    mv.DOUBLE,
    mv.REDOUBLE,
    *mv.ALL_BIDS,
    *(m for m in mv.ALL_MOVES if type(m) is mv.Claim),
    *(m for m in mv.ALL_MOVES if m == mv.Respond(True)),
    *(m for m in mv.ALL_MOVES if m == mv.Respond(False)),
)
"""Id → the move it numbers (the shared move objects of :data:`~cardcli.games.bridge.moves.ALL_MOVES`)."""
ACCEPT, REJECT = len(ID_MOVES) - 2, len(ID_MOVES) - 1
FIRST_CALL, FIRST_CLAIM = 52, 90
_CARD: Final[list[Card]] = [m.card for m in ID_MOVES[:52]]  # type: ignore[union-attr]
"""Card id → the card."""
_SUIT: Final[list[int]] = [CARD_BIT[c][0] for c in _CARD]
"""Card id → its suit's place in hand order (the suit mask it lives in)."""
_BIT: Final[list[int]] = [CARD_BIT[c][1] for c in _CARD]
"""Card id → its bit in that suit mask."""
CARD_ID: dict[Card, int] = {c: a for a, c in enumerate(_CARD)}
_IDS_BY_SUIT = [[CARD_ID[c] for c in sorted(_CARD[:52], key=lambda c: CARD_BIT[c][1]) if CARD_BIT[c][0] == s] for s in range(4)]
ID_RUNS: Final[list[list[tuple[int, ...]]]] = []
"""Suit index → suit mask → the ids of those cards in hand order (made at the first request:
:func:`id_runs`; the same tables as :data:`~cardcli.games.bridge.held.RUNS`, of ids)."""
_CALL_IDS: Final[dict[int, tuple[int, ...]]] = {id(()): ()}
"""id of a tuple of legal calls (:meth:`AuctionSoFar.legal`'s, made once and kept) → their ids."""
for _choices in _CALL_CHOICES:
    for _calls in _choices:
        _CALL_IDS[id(_calls)] = tuple(ID_MOVES.index(c) for c in _calls)
_ANSWERS: Final = (ACCEPT, REJECT)
_TRUMP: Final = {strain: None if strain == "N" else strain for strain in "CDHSN"}
"""Strain of the contract → its trump suit (None at notrump)."""


def id_runs() -> list[list[tuple[int, ...]]]:
    """:data:`ID_RUNS`, made the first time (about 8 ms)."""
    if not ID_RUNS:
        ID_RUNS.extend(runs_of(_IDS_BY_SUIT))
    return ID_RUNS


def new_match(config: BridgeConfig, players: int, first_dealer: int) -> BridgeState:
    """A match before its first deal (:meth:`~cardcli.engine.game.Game.new_match`): here, as every
    playout begins so, the call compiled."""
    return BridgeState(config, players, first_dealer, 0, Rubber.for_config(config))


def deal_in(state: BridgeState, deck: Sequence[Card], dealer: int) -> None:
    """Deal ``deck`` for a new hand by ``dealer``: one card at a time clockwise from the dealer's
    left, each hand in hand order, the auction open. Raises ValueError (the state untouched) unless
    ``deck`` is the 52 cards of one deck. Every hand of every playout starts here."""
    dealt = deal_hands(deck, dealer)
    state.dealer = dealer
    state.hand_number += 1
    state.suits = [list(m) for m in dealt]
    state.dealt = dealt
    state.phase = "auction"
    state.calls = []
    state.auction = AuctionSoFar(dealer)
    state.contract = None
    state.turn = dealer
    state.leader = dealer
    state.trick = []
    state.tricks = []
    state.won = [0, 0]
    state.claim = None
    state.shown = []
    state.rejected = None
    state.claim_end = None
    state.result = None


def legal_ids(state: BridgeState) -> tuple[int, ...]:
    """The legal moves as ids, in :meth:`~cardcli.games.bridge.rules.BridgeGame.legal_moves`' order,
    without the claims (a playout never claims); the claim phase's accept and reject are listed."""
    phase = state.phase
    if phase == "play":
        trick = state.trick
        m = state.suits[state.turn]
        r = ID_RUNS or id_runs()
        if trick and m[i := SUIT_INDEX[trick[0][1]]]:
            return r[i][m[i]]
        return r[0][m[0]] + r[1][m[1]] + r[2][m[2]] + r[3][m[3]]
    if phase == "auction":
        return _CALL_IDS[id(state.auction.legal())]
    if phase == "claim":
        return _ANSWERS
    return ()


def play_id(state: BridgeState, move_id: int) -> int:
    """Make the move numbered ``move_id`` for the seat to act and return that seat (dummy's cards are the
    declarer's moves). Refuses an illegal move with :class:`IllegalMove` (the rule it breaks), an
    unknown id with :class:`InvalidMove`; a refused move leaves the state untouched.

    Cards and calls are made here in a few steps, answered from the suit masks and the auction kept
    call by call, with no outcome; claims and their answers take the full path."""
    a = move_id
    phase = state.phase
    if phase == "play" and 0 <= a < 52:
        c = state.contract
        assert c is not None
        turn = state.turn
        held = state.suits[turn]
        i = _SUIT[a]
        bit = _BIT[a]
        card = _CARD[a]
        trick = state.trick
        # Law 44 (:func:`follows_suit`), asked only for a card off the suit led
        if not held[i] & bit or trick and card[1] != trick[0][1] and not follows_suit(held, trick, card):
            raise IllegalMove(refusal(state, ID_MOVES[a], c.declarer if turn == (c.declarer + 2) & 3 else turn))
        held[i] ^= bit
        trick.append(card)
        if len(trick) < 4:
            state.turn = (turn + 1) & 3
        else:
            end_trick(state, trick, c)
        declarer = c.declarer
        return declarer if turn == (declarer + 2) & 3 else turn
    if phase == "auction" and 52 <= a < 90:
        call: mv.Call = ID_MOVES[a]  # type: ignore[assignment]
        auction = state.auction
        seat = state.turn
        if not auction.allows(call):
            raise IllegalMove(refusal(state, call, seat))
        state.calls.append(call)
        if auction.add(call):
            auction_ends(state, seat, call)
        else:
            state.turn = (seat + 1) & 3
        return seat
    return _full_path(state, a)


def play_logged(state: BridgeState, move_id: int, log: list[Any], entries: list[list[Any]]) -> bool:
    """:func:`play_id` and the move's log entry, ``entries[seat][move_id]``, appended to ``log``: a
    table's step (:meth:`~cardcli.engine.game.Game.play_logged`) in one compiled call. True when the
    hand is over."""
    seat = play_id(state, move_id)
    log.append(entries[seat][move_id])
    return state.phase == "over"


def _full_path(state: BridgeState, a: int) -> int:
    """A claim, an answer to one, or a move that is not legal now: checked and made the full way."""
    from cardcli.engine.verdict import Verdict
    from cardcli.games.bridge.claims import apply_claim_move

    if type(a) is not int or not 0 <= a < len(ID_MOVES):
        raise InvalidMove(f"{a!r} is not a bridge move id (0 to {len(ID_MOVES) - 1})")
    move = ID_MOVES[a]
    seat = to_act(state)
    if seat is None:
        raise IllegalMove(Verdict(False, "nobody can move now: the hand is over", ""))
    verdict = refusal(state, move, seat)
    if not verdict.ok or type(move) not in (mv.Claim, mv.Respond):
        # a card or a call that reaches here is not legal in this phase: the refusal says why
        raise IllegalMove(verdict if not verdict.ok else Verdict(False, "not a move of this phase", ""))
    apply_claim_move(state, move, seat)
    return seat


def to_act(state: BridgeState) -> int | None:
    """The seat whose decision it is (dummy's cards: the declarer's), or None when nobody can move."""
    phase = state.phase
    if phase == "play":
        c = state.contract
        assert c is not None
        turn = state.turn
        return c.declarer if turn == (c.declarer + 2) % 4 else turn
    if phase == "auction":
        return state.turn
    if phase == "claim" and state.claim is not None:
        return state.claim.responders[0]
    return None


def end_trick(state: BridgeState, trick: list[Card], c: Contract) -> tuple[int, list[int]]:
    """Close the complete ``trick``: the highest trump wins, else the highest card of the suit led.
    The winner leads next; the thirteenth trick ends the hand. Returns the winner and the tricks won."""
    leader = state.leader
    winner = trick_winner(trick, leader, _TRUMP[c.strain])
    tricks = state.tricks
    tricks.append(Trick(leader, trick, winner))
    won = state.won
    won[winner & 1] += 1
    state.trick = []
    state.leader = state.turn = winner
    if len(tricks) == 13:
        finish_hand(state)
    return winner, won


def auction_ends(state: BridgeState, seat: int, call: mv.Call) -> Outcome[mv.BridgeFacts]:
    """The call that ended the auction: the hand is passed out, or the contract is set."""
    auction = state.auction
    if auction.passes == auction.calls == 4:  # passed out
        finish_hand(state)
        return Outcome(seat, call, {"passed_out": True})
    c = auction.contract()
    assert c is not None
    state.contract = c
    state.phase = "play"
    state.leader = state.turn = c.leader
    return Outcome(seat, call, {"contract": (c.level, c.strain, c.doubled, c.declarer, c.leader)})


def move_id(move: Any) -> int:
    """The id of a bridge move (any equal move: the shared objects and new ones alike)."""
    return _ID_OF[move]


_ID_OF: dict[Any, int] = {m: a for a, m in enumerate(ID_MOVES)}
