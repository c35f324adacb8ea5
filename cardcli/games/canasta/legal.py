"""The legal-move generator.

It is written apart from the checker (:mod:`.checks`) on purpose: the
generator *builds* moves shape by shape (how many naturals, jokers and twos
go where), the checker *reads* a given move; the playout tests compare the
two on every position they reach. Both ask the same low-level questions —
is this shape a legal meld (the shared meld module), may this side dirty a
meld now, can this opening still reach its minimum — so those live in their
own modules.

Because moves name rank tokens, not physical cards, the number of moves is
small: per rank, one move per (naturals, jokers, twos) shape. Those shapes
depend only on a few numbers, so they are memoised (:mod:`.shapes`); this
module reads the position, looks the candidates up, and applies the
position's own conditions (keeping a card, the opening's minimum).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from cardcli.games.canasta import moves as mv
from cardcli.games.canasta.going_out import canastas_ok, final_discard_problem, leaves_problem, may_go_out
from cardcli.games.canasta.opening import can_reach, minimum, pending_value
from cardcli.games.canasta.pozzo import TakePlan, take_plan
from cardcli.games.canasta.shapes import Candidates, Mode, tables
from cardcli.games.canasta.state import WILD_KEY, CanastaState, TableMeld
from cardcli.games.canasta.tablemelds import blocked_by, with_cards
from cardcli.games.canasta.take import take_leaves_problem
from cardcli.games.canasta.tokens import NATURAL_RANKS, TOKEN_ORDER, counts, sort_tokens

_DRAW, _TAKE, _END, _ASK = mv.Draw(), mv.Take(), mv.End(), mv.Ask()
_ANSWERS = (mv.Answer(True), mv.Answer(False))
_DISCARD_ORDER = (*TOKEN_ORDER, "JK", "2")
"""Every token a hand can hold, in :func:`.tokens.sort_tokens` order (discards are listed so)."""
_DISCARDS = {t: mv.Discard(t) for t in _DISCARD_ORDER}
"""Moves are frozen, so one object per discard serves every position."""
_RANKS = tuple(enumerate(NATURAL_RANKS))


def legal_moves(state: CanastaState) -> list[mv.Move]:
    """Every move the player to act may make, in a fixed order (bots and seeded playouts rely on it):
    draw, take, end, then melds and additions rank by rank (aces first) and the wild meld, then
    discards, then asking partner. A new list at every call: the caller may keep or change it."""
    phase = state.phase
    if phase == "play":
        return _play_moves(state)
    if phase == "answer":
        return list(_ANSWERS)
    if phase != "start":
        return []
    seat = state.turn
    side = state.side_of(seat)
    cfg = state.config
    out: list[mv.Move] = []
    opening = not state.opened[side]
    hand = state.hand_counts(seat) if opening or cfg.meld_before_draw else None
    need = have = 0
    if opening:
        need = minimum(state.start_totals[side], cfg)
        have = pending_value(state.melds[side], cfg)
    if state.stock and (have == 0 or have >= need):
        out.append(_DRAW)
    if not opening or have >= need:  # else take_plan refuses at once: not opened, or the opening is short
        plan = take_plan(state, hand)
        if isinstance(plan, TakePlan) and take_leaves_problem(state, plan) is None:
            out.append(_TAKE)
    if not state.stock and cfg.pozzo_allowed_when_stock_empty:
        out.append(_END)
    if hand is not None:
        if opening:
            _opening_moves(state, side, hand, need - have, out)
        else:
            _meld_moves(state, side, hand, True, out)
    return out


def _play_moves(state: CanastaState) -> list[mv.Move]:
    """After the draw: melds and additions (an opened side), discards, asking partner."""
    seat = state.turn
    side = state.side_of(seat)
    cfg = state.config
    hand = counts(state.hands[seat])
    out: list[mv.Move] = []
    if state.opened[side]:
        _meld_moves(state, side, hand, False, out)
    size = len(state.hands[seat])
    if size == 1:
        for tok in _DISCARD_ORDER:
            if tok in hand and may_go_out(state, state.melds[side]) is None and final_discard_problem(tok, cfg) is None:
                out.append(_DISCARDS[tok])
    else:
        out.extend(map(_DISCARDS.__getitem__, sort_tokens(hand)))
    if (
        state.players == 4
        and cfg.ask_partner != "off"
        and state.asked is None
        and size >= 2
        and canastas_ok(state.melds[side], cfg)
    ):
        out.append(_ASK)
    return out


Slow = Callable[[str, bool, Candidates], None]
"""Judges the candidates of one key move by move: ``(key, new meld?, candidates)``."""


def _lay_moves(
    state: CanastaState, side: int, hand: Counter[str], mode: Mode, limit: int, still: int, slow: Slow, out: list[mv.Move]
) -> None:
    """Every meld and addition the hand allows, rank by rank then the wild meld, appended to ``out``.

    A key's candidates are taken whole when its longest move takes at most
    ``limit`` cards and its cheapest lays at least ``still`` points — the usual
    case, with plenty of cards in hand; otherwise ``slow`` judges them one by
    one (in order, so the list is the same either way).
    """
    cfg = state.config
    opens: dict[str, TableMeld] = {}
    for t in state.melds[side]:
        if not t.closed and t.key not in opens:
            opens[t.key] = t  # the first open meld of a key, as state.open_meld finds it
    closed_blocks = not cfg.new_meld_after_closed_canasta
    closed = {t.key for t in state.melds[side] if t.closed} if closed_blocks else set()
    held = hand.get
    meld_of = opens.get
    jokers, twos = held("JK", 0), held("2", 0)
    w = meld_of(WILD_KEY)
    jb, tb = blocked_by(w, cfg)
    most = mode.most
    jx = 0 if jb else min(jokers, most)
    tx = 0 if tb else min(twos, most)
    no_wilds = jx == 0 and tx == 0
    memo = mode.with_wilds(jx, tx)
    for i, r in _RANKS:
        k = held(r, 0)
        m = meld_of(r)
        if m is None:
            if k < 2 or (closed_blocks and r in closed):
                continue
            n0 = -1
            w0 = 0
        else:
            if k == 0 and no_wilds:
                continue  # nothing to add: no card of the rank, no wildcard that may go on it
            n0, j0, t0 = m.shape()
            w0 = j0 + t0
        slots = memo.get(k * 1048576 + (n0 + 1) * 1024 + w0)  # shapes.code(k, n0, w0), inline
        if slots is None:
            slots = mode.slots(memo, jx, tx, k, n0, w0)
        got = slots.by_rank[i]
        if got is None:
            got = slots.fill(i)
        if not got.moves:
            continue
        if got.longest <= limit and got.cheapest >= still:
            out.extend(got.moves)
        else:
            slow(r, m is None, got)
    if jokers == 0 and twos == 0:
        return  # no meld of wildcards, and nothing to add to one
    if w is None:
        wkey = (jokers, twos, -1, 0)
    else:
        _n, j0, t0 = w.shape()
        wkey = (jokers, twos, j0, t0)
    got = mode.wild.get(wkey)
    if got is None:
        got = mode.build_wild(wkey)
    if got.moves:
        if got.longest <= limit and got.cheapest >= still:
            out.extend(got.moves)
        else:
            slow(WILD_KEY, w is None, got)


def _without(hand: Counter[str], cards: tuple[str, ...]) -> Counter[str]:
    """``+(hand - Counter(cards))`` for cards the hand holds, without building a second Counter."""
    rest = hand.copy()
    for c in cards:
        n = rest[c] - 1
        if n > 0:
            rest[c] = n
        else:
            del rest[c]
    return rest


def _meld_moves(state: CanastaState, side: int, hand: Counter[str], before_draw: bool, out: list[mv.Move]) -> None:
    """New melds and additions for a side that has opened (appended to ``out``).

    Before the draw one card must stay in hand; after it, two, or a play that
    leaves fewer must pass the going-out rules (:func:`.going_out.leaves_problem`).
    """
    size = len(state.hands[state.turn])
    keep = size - 1 if before_draw else size - 2

    def slow(key: str, new: bool, got: Candidates) -> None:
        for move, n in zip(got.moves, got.sizes, strict=True):
            if n <= keep:
                out.append(move)
            elif not before_draw:
                after = with_cards(state.melds[side], key, move.cards, new, state.config)
                if leaves_problem(state, list(_without(hand, move.cards).elements()), after) is None:
                    out.append(move)

    _lay_moves(state, side, hand, tables(state.config).play, keep, 0, slow, out)


def _opening_moves(state: CanastaState, side: int, hand: Counter[str], still: int, out: list[mv.Move]) -> None:
    """Melds (and additions to them) for an opening under way; each must keep the minimum reachable
    and a card in hand (appended to ``out``)."""
    cfg = state.config
    size = len(state.hands[state.turn])

    def slow(key: str, new: bool, got: Candidates) -> None:
        for move, n, value in zip(got.moves, got.sizes, got.values, strict=True):
            if n >= size:
                continue
            if value >= still:
                out.append(move)
                continue
            after = with_cards(state.melds[side], key, move.cards, new, cfg, pending=True)
            if can_reach(_without(hand, move.cards), after, still - value, cfg):
                out.append(move)

    _lay_moves(state, side, hand, tables(cfg).opening, size - 1, still, slow, out)
