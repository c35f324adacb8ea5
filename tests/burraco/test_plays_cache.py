"""Burraco's cached play generator (:mod:`cardcli.games.burraco.plays`) against a fresh computation.

The generator caches what a candidate meld lays and which cards go on each table meld, on the
content they depend on. These tests would fail if an entry went stale or were keyed on too
little: at every play position of seeded random playouts (every preset and several options,
moves also made on clones and after rewinds) the cached plays must equal the plays worked out
from scratch by :func:`fresh_plays`, which reads every meld and tries every card of the hand on
every meld with :func:`~cardcli.games.burraco.table.extend`, with no cache and no pre-filter.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from cardcli.engine.fold import Table
from cardcli.engine.meld_search import candidate_melds
from cardcli.engine.melds import Meld
from cardcli.engine.registry import load
from cardcli.games.burraco import moves as mv
from cardcli.games.burraco import plays
from cardcli.games.burraco.closing import after_meld_verdict
from cardcli.games.burraco.config import BurracoConfig
from cardcli.games.burraco.state import BurracoState, TableMeld
from cardcli.games.burraco.table import extend, new_table_meld, read_new, set_rank_taken
from cardcli.testing import dealt

GAME: Any = load("burraco")
CARDS = sorted(set(GAME.deck(GAME.presets[GAME.default_preset], 4)))
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("fibur-italiano", {}),
    ("fibur-internazionale", {}),
    ("casual", {}),
    ("fibur-italiano", {"pinella_can_renaturalize": False, "extra_buracos": "garak"}),
    ("fibur-italiano", {"single_pile_twin_discard": True, "house_open_before_pile": True}),
]


def _config(i: int) -> BurracoConfig:
    preset, opts = VARIANTS[i % len(VARIANTS)]
    config: BurracoConfig = GAME.presets[preset]
    return msgspec.structs.replace(config, **opts) if opts else config


def _without(hand: list[str], cards: tuple[str, ...]) -> list[str]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


def fresh_plays(state: BurracoState) -> list[mv.Move]:
    """The melds and single-card attachments of the seat to act, each read from scratch."""
    seat = state.turn
    hand = state.hands[seat]
    team = state.team_of(seat)
    config = state.config
    out: list[mv.Move] = []
    for cards in candidate_melds(hand, config.meld_rules()):
        lay = read_new(cards, config)
        if not isinstance(lay, Meld):
            continue
        if lay.kind == "set" and set_rank_taken(state.melds, team, lay.rank or ""):
            continue
        if after_meld_verdict(state, seat, _without(hand, cards), [*state.melds, new_table_meld(team, lay, config)]).ok:
            out.append(mv.MeldMove(cards))
    for i, tm in enumerate(state.melds):
        if tm.team != team:
            continue
        for card in dict.fromkeys(hand):
            got = extend(tm, (card,), config)
            if not isinstance(got, TableMeld):
                continue
            after = list(state.melds)
            after[i] = got
            if after_meld_verdict(state, seat, _without(hand, (card,)), after).ok:
                out.append(mv.Attach((card,), i + 1))
    return out


def _check(state: BurracoState) -> int:
    """Compare the cached generator with the fresh one here; returns 1 for a play position."""
    if state.phase != "play":
        return 0
    want = fresh_plays(state)
    assert plays.plays(state) == want
    assert plays.plays(state, first_only=True) == want[:1]
    for i, tm in enumerate(state.melds):
        if i % 3 == 0:  # every card of the deck, not only the hand's, on some of the melds
            for card in CARDS:
                got = extend(tm, (card,), state.config)
                assert plays.attached(tm, card, state.config) == (got if isinstance(got, TableMeld) else None)
    return 1


@pytest.mark.parametrize("block", range(4))
def test_cached_plays_equal_fresh_ones_over_seeded_playouts(block: int) -> None:
    """Every play position of 30 seeded random hands; now and then a clone plays on instead, the
    original is checked again after the clone moved, or the caches are emptied."""
    checked = 0
    for i in range(30):
        seed = block * 30 + i
        rng = random.Random(seed)
        players = 4 if seed % 3 else 2
        config = _config(seed)
        state = dealt(GAME, config, players, rng)
        moves = 0
        while GAME.to_act(state) is not None and moves < 3000:
            checked += _check(state)
            legal = GAME.legal_moves(state)
            pick = legal[rng.randrange(len(legal))]
            if rng.random() < 0.05:
                before = state
                state = state.clone()
                GAME.apply(state, pick)
                checked += _check(before)  # the original, untouched by the clone's move
            else:
                GAME.apply(state, pick)
            if rng.random() < 0.01:
                plays.clear_caches()
            moves += 1
    assert checked > 1500


def test_plays_after_a_rewind_equal_fresh_ones() -> None:
    """Take a hand back (:meth:`Table.rewind` re-folds it from the deal) and play it on differently:
    each position reached again lists what it listed the first time, and what is fresh."""
    config = _config(0)
    rng = random.Random(5)
    table: Table[Any, Any] = Table(GAME, config, 4, 0, strict=False)
    deck = GAME.deck(config, 4)
    rng.shuffle(deck)
    table.deal(deck)
    seen: list[list[mv.Move]] = []
    while GAME.to_act(table.state) is not None and table.ply < 120:
        legal = GAME.legal_moves(table.state)
        seen.append(legal)
        table.push(legal[rng.randrange(len(legal))])
    for keep in (100, 61, 30, 7):
        table.rewind(keep)
        assert GAME.legal_moves(table.state) == seen[keep]
        _check(table.state)
        for _ in range(15):  # another line of play from there
            if GAME.to_act(table.state) is None:
                break
            _check(table.state)
            legal = GAME.legal_moves(table.state)
            table.push(legal[rng.randrange(len(legal))])


def test_a_table_meld_of_the_other_team_gets_its_own_answers() -> None:
    """The attachment cache is keyed on the meld's team too: the same layout on the other team's
    side must not take the first team's answer, since the last-card rule counts the burracos of
    the team that plays."""
    config = _config(0)
    state = GAME.new_match(config, 4, 0)
    deck = GAME.deck(config, 4)
    GAME.start_hand(state, deck)
    lay = read_new(("3H", "4H", "5H", "6H", "7H", "8H"), config)
    assert isinstance(lay, Meld)
    state.melds = [TableMeld(0, lay), TableMeld(1, lay)]
    state.phase = "play"
    state.single_taken = None
    plays.clear_caches()
    state.turn, state.hands[0] = 0, ["9H", "KS", "QD"]
    assert mv.Attach(("9H",), 1) in plays.plays(state)
    # West's team has its pozzetto: attaching 9H leaves KS, a close only with the 7-card burraco
    state.turn, state.hands[1], state.pozzetto_taken = 1, ["9H", "KS"], [0, 1]
    assert plays.plays(state) == fresh_plays(state)
    assert mv.Attach(("9H",), 2) in plays.plays(state)
