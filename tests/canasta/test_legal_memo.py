"""The memoised generator (legal.py with shapes.py) against a plain one, and its memos against staleness.

``_reference`` below is the generator as it was before the memo: every shape
enumerated and judged afresh at every position, no shared state. The fast
generator must give the *same list* (same moves, same order — bots and seeded
playouts depend on the order) at every position of seeded random playouts,
for every preset and both table sizes and under random option combinations;
with memos warm and cold; on a clone whose original is then played on; and
after the kinds of in-place change the engine and the tests make (hidden
cards shuffled, cards added to a meld directly, the config swapped).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import msgspec
import pytest

from cardcli.engine.registry import load
from cardcli.games.canasta import legal, shapes, wildmelds
from cardcli.games.canasta import moves as mv
from cardcli.games.canasta.config import PRESETS, CanastaConfig
from cardcli.games.canasta.going_out import canastas_problem, final_discard_problem, leaves_problem, may_go_out
from cardcli.games.canasta.opening import can_reach, minimum, pending_value, wild_opening_problem
from cardcli.games.canasta.position import position
from cardcli.games.canasta.pozzo import TakePlan, take_problem
from cardcli.games.canasta.state import WILD_KEY, CanastaState
from cardcli.games.canasta.tablemelds import dirtying_blocked, natural_problem, with_cards
from cardcli.games.canasta.take import take_leaves_problem
from cardcli.games.canasta.tokens import NATURAL_RANKS, card_value, counts, pick, sort_tokens, token
from cardcli.testing import dealt

OPTIONS = {
    "pozzo_extra_draw": [0, 1],
    "wild_top_takeable": [True, False],
    "pozzo_blocked_by_own_canasta_or_progetto": [True, False],
    "pozzo_allowed_when_stock_empty": [True, False],
    "canasta_closed_at_seven": [True, False],
    "new_meld_after_closed_canasta": [True, False],
    "max_wilds_per_meld": [0, 1, 2, 3],
    "min_naturals_before_wild": [2, 3, 5],
    "no_dirtying_while_wild_meld_open": ["both", "pinelle_only", "twos_only", "off"],
    "opening_table": ["s0", "rg"],
    "opening_wilds": ["five_naturals", "none", "as_in_play"],
    "opening_wild_meld": ["any_valid", "2J1P_only", "none"],
    "meld_before_draw": [True, False],
    "go_out_discard": ["optional", "required"],
    "go_out_forbidden_discards": ["wild+black3", "black3", "none"],
    "wild_canastas_count": [True, False],
    "ask_partner": ["optional", "off", "mandatory"],
}
"""The options the generator reads (the rest only score), each value taking part."""

# -- the reference generator ---------------------------------------------------------------------


def _reference(state: CanastaState) -> list[mv.Move]:
    if state.phase == "answer":
        return [mv.Answer(True), mv.Answer(False)]
    if state.phase not in ("start", "play"):
        return []
    seat = state.turn
    side = state.side_of(seat)
    cfg = state.config
    hand = Counter(token(c) for c in state.hands[seat])
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
            out.extend(_ref_opening(state, hand, need - have))
        elif cfg.meld_before_draw:
            out.extend(_ref_melds(state, hand, before_draw=True))
        return out
    if state.opened[side]:
        out.extend(_ref_melds(state, hand, before_draw=False))
    size = len(state.hands[seat])
    for tok in sort_tokens(hand):
        if size == 1 and (may_go_out(state, state.melds[side]) is not None or final_discard_problem(tok, cfg) is not None):
            continue
        out.append(mv.Discard(tok))
    if (
        state.players == 4
        and cfg.ask_partner != "off"
        and state.asked is None
        and size >= 2
        and canastas_problem(state.melds[side], cfg) is None
    ):
        out.append(mv.Ask())
    return out


def _ref_shapes(
    state: CanastaState, hand: Counter[str], opening: bool, accept: Callable[[str, tuple[str, ...], bool], bool]
) -> list[mv.Move]:
    cfg = state.config
    rules = cfg.opening_meld_rules() if opening else cfg.play_meld_rules()
    most = rules.max_wilds_set
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
                if natural_problem("K", n0 + n, 0, j0 + j + t0 + t, rules) is not None:
                    continue
                cards = tuple([r] * n + ["JK"] * j + ["2"] * t)
                if accept(r, cards, m is None):
                    out.append(mv.Add(cards, r) if m is not None else mv.Meld(cards))
    w = state.open_meld(side, WILD_KEY)
    _n, j0, t0 = w.shape() if w is not None else (0, 0, 0)
    for j in range(jokers + 1):
        for t in range(twos + 1):
            if j + t == 0 or (w is None and j + t < 3):
                continue
            bad = wild_opening_problem(j0 + j, t0 + t, cfg) if opening else wildmelds.shape_problem(j0 + j, t0 + t)
            if bad is not None:
                continue
            cards = tuple(["JK"] * j + ["2"] * t)
            if accept(WILD_KEY, cards, w is None):
                out.append(mv.Add(cards, WILD_KEY) if w is not None else mv.Meld(cards))
    return out


def _ref_melds(state: CanastaState, hand: Counter[str], before_draw: bool) -> list[mv.Move]:
    melds = state.melds[state.side_of(state.turn)]
    size = sum(hand.values())

    def alive(key: str, cards: tuple[str, ...], new: bool) -> bool:
        left = size - len(cards)
        if before_draw:
            return left >= 1
        if left >= 2:
            return True
        rest = hand - Counter(cards)
        return leaves_problem(state, list(rest.elements()), with_cards(melds, key, cards, new, state.config)) is None

    return _ref_shapes(state, hand, False, alive)


def _ref_opening(state: CanastaState, hand: Counter[str], still: int) -> list[mv.Move]:
    melds = state.melds[state.side_of(state.turn)]
    size = sum(hand.values())

    def reachable(key: str, cards: tuple[str, ...], new: bool) -> bool:
        if size - len(cards) < 1:
            return False
        value = sum(card_value(c) for c in cards)
        if value >= still:
            return True
        after = with_cards(melds, key, cards, new, state.config, pending=True)
        return can_reach(hand - Counter(cards), after, still - value, state.config)

    return _ref_shapes(state, hand, True, reachable)


# -- seeded positions ----------------------------------------------------------------------------


def _positions(config: CanastaConfig, players: int, seed: int, hands: int) -> Iterator[CanastaState]:
    """Every position of ``hands`` random hands (a move picked among the reference's moves, so
    the walk does not depend on the generator under test)."""
    game = load("canasta")
    rng = random.Random(seed)
    for _ in range(hands):
        state = dealt(game, config, players, rng)
        while game.to_act(state) is not None and not game.hand_over(state):
            yield state
            ref = _reference(state)
            game.apply(state, ref[rng.randrange(len(ref))])


def _agree(state: CanastaState) -> None:
    want = _reference(state)
    got = legal.legal_moves(state)
    assert got == want, (state.phase, state.hands[state.turn], [(m.key, m.cards) for m in state.melds[0]])


@pytest.mark.parametrize(("preset", "players"), [(p, n) for p in PRESETS for n in (4, 2)])
def test_same_moves_same_order(preset: str, players: int) -> None:
    seen = 0
    for state in _positions(PRESETS[preset], players, seed=len(preset) * 10 + players, hands=12):
        _agree(state)
        seen += 1
    assert seen > 500


def test_random_option_combinations() -> None:
    """Options that change the memo's keys (wildcard caps, no-dirtying, opening rules …), mixed."""
    for seed in range(12):
        r = random.Random(seed)
        cfg = CanastaConfig(**{k: r.choice(v) for k, v in OPTIONS.items()})  # type: ignore[arg-type]
        for state in _positions(cfg, r.choice([2, 4]), seed, hands=2):
            _agree(state)


def test_cold_and_warm_memos_agree() -> None:
    """Emptying the memos at every position changes nothing (and nothing depends on what was built before)."""
    for i, state in enumerate(_positions(PRESETS["standard"], 4, seed=3, hands=3)):
        warm = legal.legal_moves(state)
        if i % 3 == 0:
            shapes.clear()
        assert legal.legal_moves(state) == warm == _reference(state)


def test_clones_and_in_place_changes() -> None:
    """A clone played on does not disturb its original; hidden cards shuffled in place, cards put on a
    meld directly, and a swapped config are all seen at once."""
    game = load("canasta")
    rng = random.Random(5)
    for i, state in enumerate(_positions(PRESETS["standard"], 4, seed=9, hands=3)):
        if i % 5:
            continue
        before = legal.legal_moves(state)
        twin = state.clone()
        for _ in range(rng.randrange(1, 6)):
            if game.to_act(twin) is None or game.hand_over(twin):
                break
            _agree(twin)
            moves = legal.legal_moves(twin)
            game.apply(twin, moves[rng.randrange(len(moves))])
        assert legal.legal_moves(state) == before == _reference(state)
        probe = state.clone()
        for lst in game.hidden_from(probe, None):
            rng.shuffle(lst)
        cards = [c for h in probe.hands for c in h]
        rng.shuffle(cards)
        for h in probe.hands:  # every hand dealt again from the same cards, sizes kept
            h[:] = [cards.pop() for _ in h]
        _agree(probe)
        side = probe.side_of(probe.turn)
        meld = next((m for m in probe.melds[side] if not m.closed and not m.wild and m.size < 6), None)
        if meld is not None:
            meld.cards.append(meld.cards[0])  # grows in place, as actions.add_to_meld does
            _agree(probe)
        probe.config = msgspec.structs.replace(probe.config, max_wilds_per_meld=1, meld_before_draw=True)
        _agree(probe)


def test_a_built_position() -> None:
    """The rule tables' positions: melds of every kind on the table, a short hand."""
    st = position(phase="play", hands={0: "K K 7 JK 2"}, melds={0: ["K K K JK", "7 7 7 7 7 7", "2 2 JK"]})
    _agree(st)
    st = position(phase="play", hands={0: "K 2"}, melds={0: ["K K K K K K K", "Q Q Q Q Q Q JK", "9 9 9"]})
    _agree(st)
    st = position(phase="start", opened=(False, False), hands={0: "A A A K K K JK JK 2 Q Q 5"})
    _agree(st)


def test_counts_and_pick_match_tokens() -> None:
    """The token table and the suit-order pick give what the per-card rules give."""
    rng = random.Random(1)
    deck = load("canasta").deck(PRESETS["standard"], 4)
    for _ in range(300):
        hand = rng.sample(deck, rng.randrange(1, 40))
        assert counts(hand) == Counter(token(c) for c in hand)
        for tok in set(counts(hand)):
            assert pick(hand, tok) == min(c for c in hand if token(c) == tok)
