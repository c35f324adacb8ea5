"""The legal-move generator.

It is written apart from the checker (:mod:`.checks`) on purpose: the
generator *builds* moves shape by shape (how many naturals, jokers and twos
go where), the checker *reads* a given move; the playout tests compare the
two on every position they reach. Both ask the same low-level questions —
is this shape a legal meld (the shared meld module), may this side dirty a
meld now, can this opening still reach its minimum — so those live in their
own modules.

Because moves name rank tokens, not physical cards, the number of moves is
small: per rank, one move per (naturals, jokers, twos) shape.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from cardcli.games.canasta import moves as mv
from cardcli.games.canasta import wildmelds
from cardcli.games.canasta.going_out import canastas_problem, final_discard_problem, leaves_problem, may_go_out
from cardcli.games.canasta.opening import can_reach, minimum, pending_value, wild_opening_problem
from cardcli.games.canasta.pozzo import TakePlan, take_problem
from cardcli.games.canasta.state import WILD_KEY, CanastaState
from cardcli.games.canasta.tablemelds import dirtying_blocked, natural_table, with_cards
from cardcli.games.canasta.take import take_leaves_problem
from cardcli.games.canasta.tokens import NATURAL_RANKS, card_value, sort_tokens


def legal_moves(state: CanastaState) -> list[mv.Move]:
    if state.phase == "answer":
        return [mv.Answer(True), mv.Answer(False)]
    if state.phase not in ("start", "play"):
        return []
    seat = state.turn
    side = state.side_of(seat)
    cfg = state.config
    hand = state.hand_counts(seat)
    out: list[mv.Move] = []
    if state.phase == "start":
        opening = not state.opened[side]
        need = minimum(state.start_totals[side], cfg)
        have = pending_value(state.melds[side], cfg) if opening else 0
        if state.stock and (have == 0 or have >= need):
            out.append(mv.Draw())
        plan = take_problem(state)
        if isinstance(plan, TakePlan) and take_leaves_problem(state, plan) is None:
            out.append(mv.Take())
        if not state.stock and cfg.pozzo_allowed_when_stock_empty:
            out.append(mv.End())
        if opening:
            out.extend(_opening_moves(state, hand, need - have))
        elif cfg.meld_before_draw:
            out.extend(_meld_moves(state, hand, before_draw=True))
        return out
    if state.opened[side]:
        out.extend(_meld_moves(state, hand, before_draw=False))
    size = len(state.hands[seat])
    for tok in sort_tokens(hand):
        if size == 1 and (may_go_out(state, state.melds[side]) is not None
                          or final_discard_problem(tok, cfg) is not None):
            continue
        out.append(mv.Discard(tok))
    if (state.players == 4 and cfg.ask_partner != "off" and state.asked is None and size >= 2
            and canastas_problem(state.melds[side], cfg) is None):
        out.append(mv.Ask())
    return out


def _tokens(rank: str, n: int, j: int, t: int) -> tuple[str, ...]:
    return tuple([rank] * n + ["JK"] * j + ["2"] * t)


NaturalCheck = Callable[[int, int], bool]
WildCheck = Callable[[int, int], object]
Accept = Callable[[str, tuple[str, ...], bool], bool]


def _shapes(state: CanastaState, hand: Counter[str], most: int, natural_ok: NaturalCheck,
            wild_bad: WildCheck, accept: Accept) -> list[mv.Move]:
    """Every meld and addition the hand allows, shape by shape.

    ``natural_ok(naturals, wildcards)`` and ``wild_bad(jokers, twos)`` judge the
    *resulting* meld; ``accept(key, cards, new)`` applies the phase's own
    condition (the opening's minimum, keeping a card).
    """
    cfg = state.config
    side = state.side_of(state.turn)
    jokers, twos = hand["JK"], hand["2"]
    jb, tb = dirtying_blocked(state.melds[side], cfg)
    splits = [(j, t) for j in range(min(jokers, most) + 1) for t in range(min(twos, most - j) + 1)]
    out: list[mv.Move] = []
    for r in NATURAL_RANKS:
        k = hand[r]
        m = state.open_meld(side, r)
        if m is None and (k < 2 or (state.has_closed(side, r) and not cfg.new_meld_after_closed_canasta)):
            continue
        n0, j0, t0 = m.shape() if m is not None else (0, 0, 0)
        for n in range(0 if m is not None else 2, k + 1):
            for j, t in splits:
                if n + j + t == 0 or (m is None and n + j + t < 3) or (j and jb) or (t and tb):
                    continue
                if not natural_ok(n0 + n, j0 + j + t0 + t):
                    continue
                cards = _tokens(r, n, j, t)
                if accept(r, cards, m is None):
                    out.append(mv.Add(cards, r) if m is not None else mv.Meld(cards))
    w = state.open_meld(side, WILD_KEY)
    _n, j0, t0 = w.shape() if w is not None else (0, 0, 0)
    for j in range(jokers + 1):
        for t in range(twos + 1):
            if j + t == 0 or (w is None and j + t < 3):
                continue
            if wild_bad(j0 + j, t0 + t) is not None:
                continue
            cards = _tokens("", 0, j, t)
            if accept(WILD_KEY, cards, w is None):
                out.append(mv.Add(cards, WILD_KEY) if w is not None else mv.Meld(cards))
    return out


def _meld_moves(state: CanastaState, hand: Counter[str], before_draw: bool) -> list[mv.Move]:
    """New melds and additions for a side that has opened."""
    cfg = state.config
    melds = state.melds[state.side_of(state.turn)]
    rules = cfg.play_meld_rules()
    size = sum(hand.values())

    def alive(key: str, cards: tuple[str, ...], new: bool) -> bool:
        left = size - len(cards)
        if before_draw:
            return left >= 1
        if left >= 2:
            return True
        rest = hand.copy()
        rest.subtract(Counter(cards))
        return leaves_problem(state, list(rest.elements()), with_cards(melds, key, cards, new, cfg)) is None

    return _shapes(state, hand, rules.max_wilds_set, natural_table(rules), wildmelds.shape_problem, alive)


def _opening_moves(state: CanastaState, hand: Counter[str], still: int) -> list[mv.Move]:
    """Melds (and additions to them) for an opening under way; each must keep the minimum reachable."""
    cfg = state.config
    melds = state.melds[state.side_of(state.turn)]
    size = sum(hand.values())

    def reachable(key: str, cards: tuple[str, ...], new: bool) -> bool:
        if size - len(cards) < 1:
            return False
        value = sum(card_value(c) for c in cards)
        if value >= still:
            return True
        rest = hand.copy()
        rest.subtract(Counter(cards))
        after = with_cards(melds, key, cards, new, cfg, pending=True)
        return can_reach(+rest, after, still - value, cfg)

    rules = cfg.opening_meld_rules()
    return _shapes(state, hand, rules.max_wilds_set, natural_table(rules),
                   lambda j, t: wild_opening_problem(j, t, cfg), reachable)
