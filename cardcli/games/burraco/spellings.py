"""The moves beside the plain ones: several cards attached at once, ``wild=``, and ``close``.

:func:`~cardcli.games.burraco.plays.plays` lists the melds and the single-card attachments,
which reach every position; a player may also type ``attach 8C 9C TC 2`` (three cards onto
J♣ Q♣ K♣ A♣ at once), ``meld 5H 6H JK wild=7H`` (the free wildcard above the six rather than
below the five) or ``close KS`` (the closing discard, stated). The checker allows each of these,
so the legal list must hold them: the legal list decides, everywhere (the REPL plays no move it
lacks). :func:`spellings` adds them to the plain moves of a position.

Several cards attached at once are found by growing the single-card attachments a card at a
time, each set read with all its cards at once as the checker reads it: a set of cards that
goes on a meld always has a card whose removal leaves a set that goes on it too (a natural at
an end of the run it makes, or a wildcard at an end), so growing from the cards that go alone
misses none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardcli.engine.cards import Card, sort_key
from cardcli.engine.melds import Meld
from cardcli.games.burraco import moves as mv
from cardcli.games.burraco.closing import after_meld_verdict, close_problem
from cardcli.games.burraco.plays import attached, without
from cardcli.games.burraco.state import BurracoState, TableMeld
from cardcli.games.burraco.table import attach_cards, extend, flip_wild, is_wild, new_table_meld, read_new

MAX_AT_ONCE = 13
"""More cards than any meld can take at once (a run spans at most 14 places)."""


def spellings(state: BurracoState, plain: Sequence[mv.Move]) -> list[mv.Move]:
    """The moves the checker allows in this position besides ``plain`` (the melds, single-card
    attachments and discards the generator lists)."""
    seat = state.turn
    hand = state.hands[seat]
    team = state.team_of(seat)
    free = not state.pozzetto_taken[team] and state.single_taken is None
    out: list[mv.Move] = []
    for m in plain:
        if isinstance(m, mv.MeldMove) and m.wild is None and any(is_wild(c) for c in m.cards):
            out.extend(_meld_wilds(state, seat, hand, team, m, free))
    if state.phase == "play":
        for target, tm in enumerate(state.melds, 1):
            if tm.team != team:
                continue
            fits = _may_fit(tm, hand)
            # the cards that go alone (whether or not the last-card rule lets one go alone: several may)
            seeds = [(c, after) for c in fits if (after := attached(tm, c, state.config)) is not None]
            if seeds:
                out.extend(_attaches(state, seat, hand, target, tm, fits, seeds, free))
    if len(hand) == 1 and mv.Discard(hand[0]) in plain and close_problem(state, seat, hand[0]).ok:
        out.append(mv.Discard(hand[0], close=True))
    return out


def _may_fit(tm: TableMeld, hand: Sequence[Card]) -> list[Card]:
    """The hand's cards (each once) that might go on ``tm``: its rank or suit, or a wildcard."""
    layout = tm.layout
    if layout.kind == "set":
        return [c for c in dict.fromkeys(hand) if is_wild(c) or c[0] == layout.rank]
    return [c for c in dict.fromkeys(hand) if is_wild(c) or c[1] == layout.suit]


def _attaches(
    state: BurracoState,
    seat: int,
    hand: Sequence[Card],
    target: int,
    tm: TableMeld,
    fits: Sequence[Card],
    seeds: Sequence[tuple[Card, TableMeld]],
    free: bool,
) -> list[mv.Move]:
    """Several cards at once onto meld ``target``, and each attachment's ``wild=`` choices."""
    out: list[mv.Move] = []
    for combo, got in [((c,), after) for c, after in seeds] + _grown(tm, fits, seeds, hand, state):
        if len(combo) > 1 and _fits_after(state, seat, hand, target, combo, None, free):
            out.append(mv.Attach(combo, target))
        # the checker's wild= reads the run before a free wildcard is kept at its end; that run and the
        # one it is kept as are each other's flip, so either gives the same two choices
        for wild in _choices(got.layout):
            if _fits_after(state, seat, hand, target, combo, wild, free):
                out.append(mv.Attach(combo, target, wild))
    return out


def _choices(layout: Meld | object) -> list[Card]:
    """The cards a free wildcard of ``layout`` may be said to stand for (``wild=``): its place and the
    other end's, when the run leaves that choice; none for a set or a run without a free wildcard."""
    if not isinstance(layout, Meld) or layout.kind != "run" or len(layout.wild_at) != 1:
        return []
    options = [layout]
    other = flip_wild(layout)
    if other is not None:
        options.append(other)
    return list(dict.fromkeys(Card(lay.stands_for(lay.wild_at[0])) for lay in options))


def _meld_wilds(state: BurracoState, seat: int, hand: Sequence[Card], team: int, move: mv.MeldMove, free: bool) -> list[mv.Move]:
    out: list[mv.Move] = []
    config = state.config
    for wild in _choices(read_new(move.cards, config)):
        lay = read_new(move.cards, config, wild)
        if not isinstance(lay, Meld):
            continue
        if (
            free
            or after_meld_verdict(state, seat, without(hand, move.cards), [*state.melds, new_table_meld(team, lay, config)]).ok
        ):
            out.append(mv.MeldMove(move.cards, wild))
    return out


def _grown(
    tm: TableMeld, fits: Sequence[Card], seeds: Sequence[tuple[Card, TableMeld]], hand: Sequence[Card], state: BurracoState
) -> list[tuple[tuple[Card, ...], TableMeld]]:
    """Every set of two or more of the hand's cards that goes on ``tm`` at once, grown a card at a time
    from the cards that go alone (``seeds``: each card and the meld it makes), with the meld each set
    makes (each set in card order, each once). Each set is read with all its cards at once, as the
    checker reads it: a two laid alone at the low end of 3♥-6♥ is natural there, but laid with the
    8♥ it stands for the 7♥."""
    counts = Counter(hand)
    config = state.config
    frontier: list[tuple[Card, ...]] = [(c,) for c, _after in seeds]
    seen: set[tuple[Card, ...]] = set(frontier)
    out: list[tuple[tuple[Card, ...], TableMeld]] = []
    while frontier and len(frontier[0]) < MAX_AT_ONCE:
        grown: list[tuple[Card, ...]] = []
        for combo in frontier:
            have = Counter(combo)
            for card in fits:
                if have[card] >= counts[card]:
                    continue
                bigger = tuple(sorted((*combo, card), key=sort_key))
                if bigger in seen:
                    continue
                seen.add(bigger)
                after = attach_cards(tm, bigger, config)
                if after is not None:
                    grown.append(bigger)
                    out.append((bigger, after))
        frontier = grown
    return out


def _fits_after(
    state: BurracoState, seat: int, hand: Sequence[Card], target: int, cards: tuple[Card, ...], wild: Card | None, free: bool
) -> bool:
    """Whether attaching ``cards`` (with ``wild=``) to meld ``target`` is allowed: the checker's reading."""
    got = extend(state.melds[target - 1], cards, state.config, wild)
    if not isinstance(got, TableMeld):
        return False
    if free:
        return True
    after = list(state.melds)
    after[target - 1] = got
    return after_meld_verdict(state, seat, without(hand, cards), after).ok
