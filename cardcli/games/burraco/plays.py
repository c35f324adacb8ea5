"""The melds and single-card attachments the seat to act may make: burraco's play generator.

Split from :mod:`~cardcli.games.burraco.rules` because it keeps caches. The generator runs
on every position of every playout and of every bot's search, and between two calls the
hand changes by a card or two and the table by one meld at most, so almost all of the work
repeats what an earlier call did. What repeats is cached on the content it depends on, never
on a state, so a clone, an undo or a rewind cannot see a stale entry:

* the hand's candidate melds come from :func:`~cardcli.engine.meld_search.candidate_melds`, which
  caches them by rank and by suit;
* what a candidate meld is under burraco's rules (its layout, the move, the rank of a set)
  is cached on its cards;
* whether a card may be attached to a table meld, and the meld it makes, is cached on the
  meld's layout, its pinned pinella and its team, and the card (a table meld keeps its layout
  until a card is attached, and then it is another layout); a glance at the meld
  (:func:`_may_go`) leaves out the cards that surely do not go, so that only the others are
  read.

The rules' checker (:meth:`~cardcli.games.burraco.rules.BurracoGame.check`) reads every move
from scratch without these caches, and the playout tests hold the two to agreement;
``tests/burraco/test_plays_cache.py`` holds the generator to a computation from scratch on
seeded playouts, on clones and after rewinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from itertools import islice
from typing import Final, TypeVar

from cardcli.engine.cards import JOKER, RANKS, SUITS, Card
from cardcli.engine.meld_search import candidate_melds
from cardcli.engine.melds import Meld, MeldRules
from cardcli.games.burraco import moves as mv
from cardcli.games.burraco.closing import after_meld_verdict
from cardcli.games.burraco.config import BurracoConfig
from cardcli.games.burraco.state import BurracoState, TableMeld
from cardcli.games.burraco.table import attach_card, new_table_meld, read_new

_Lay = tuple[mv.MeldMove, Meld, str | None]
"""A candidate meld under burraco's rules: its move, its layout, and the rank if it is a set."""

K = TypeVar("K")
V = TypeVar("V")


class _Tables:
    """One configuration's caches (a configuration is frozen, and there are only a few)."""

    __slots__ = ("rules", "lays", "fits", "attaches")

    def __init__(self, config: BurracoConfig) -> None:
        self.rules: MeldRules = config.meld_rules()
        self.lays: dict[tuple[Card, ...], _Lay | None] = {}
        """Candidate cards → what they lay (``None``: burraco refuses them, e.g. wildcards only)."""
        self.fits: dict[tuple[Meld, bool, bool, int], dict[Card, TableMeld | _Unread | None]] = {}
        """A table meld (layout, its ``wrap``, which layouts do not compare, its pinned pinella,
        its team) → the cards that may go on it (:func:`_may_go`) → the meld each makes
        (``None``: it does not go; :data:`_UNREAD`: not tried yet)."""
        self.attaches: dict[tuple[Card, int], mv.Attach] = {}
        """The single-card attachment moves, made once each (moves are immutable)."""


_TABLES: dict[BurracoConfig, _Tables] = {}
_LAYS_SIZE = 65536
_FITS_SIZE = 16384


def _tables(config: BurracoConfig) -> _Tables:
    got = _TABLES.get(config)
    if got is None:
        if len(_TABLES) > 32:
            _TABLES.clear()
        got = _TABLES[config] = _Tables(config)
    return got


def clear_caches() -> None:
    """Forget every cached reading (for tests that compare the caches with fresh work)."""
    _TABLES.clear()


def _remember(cache: dict[K, V], key: K, value: V, size: int) -> V:
    """Store ``value``; when the cache is full its older half makes room (first in, first out;
    half at once, because deleting the oldest entry one at a time leaves holes at the dict's
    front that each next deletion walks past)."""
    cache[key] = value
    if len(cache) > size:
        newer = list(islice(cache.items(), len(cache) // 2, None))
        cache.clear()
        cache.update(newer)
    return value


def plays(state: BurracoState, first_only: bool = False) -> list[mv.Move]:
    """The melds and single-card attachments the seat to act may make now (only the first one
    found with ``first_only``: whether there is any)."""
    seat = state.turn
    hand = state.hands[seat]
    team = state.team_of(seat)
    config = state.config
    tables = _tables(config)
    out: list[mv.Move] = []
    melds = state.melds
    # The last-card rule (closing.after_meld_verdict) can only refuse once the team has its
    # pozzetto or when a card was taken from a one-card pile: otherwise every play passes it.
    free = not state.pozzetto_taken[team] and state.single_taken is None
    lays = tables.lays
    set_ranks: set[str | None] | None = None
    for cards in candidate_melds(hand, tables.rules):
        lay = lays.get(cards, _UNREAD)
        if lay is _UNREAD:
            lay = _remember(lays, cards, _read_lay(cards, config), _LAYS_SIZE)
        if lay is None:
            continue
        meld, layout, rank = lay
        if rank is not None:
            if set_ranks is None:
                # FIBUR Art. 12: a team has at most one set of each rank
                set_ranks = {m.layout.rank for m in melds if m.team == team and m.layout.kind == "set"}
            if rank in set_ranks:
                continue
        if free or after_meld_verdict(state, seat, without(hand, cards), [*melds, new_table_meld(team, layout, config)]).ok:
            out.append(meld)
            if first_only:
                return out
    if not melds:
        return out
    distinct = list(dict.fromkeys(hand))
    fits_of = tables.fits
    attaches = tables.attaches
    for i, tm in enumerate(melds):
        if tm.team != team:
            continue
        key = (tm.layout, tm.layout.wrap, tm.pinned_two, team)
        fits = fits_of.get(key)
        if fits is None:
            fits = _remember(fits_of, key, _may_go(tm, tables.rules), _FITS_SIZE)
        target = i + 1
        for card in [c for c in distinct if c in fits]:  # the others cannot go there
            got = fits[card]
            if got is None:
                continue  # tried, and it does not go
            if got is _UNREAD:
                got = fits[card] = attach_card(tm, card, config)
                if got is None:
                    continue
            if not free:
                after = list(melds)
                after[i] = got
                if not after_meld_verdict(state, seat, without(hand, (card,)), after).ok:
                    continue
            attach = attaches.get((card, target))
            if attach is None:
                attach = attaches[card, target] = mv.Attach((card,), target)
            out.append(attach)
            if first_only:
                return out
    return out


def attached(tm: TableMeld, card: Card, config: BurracoConfig) -> TableMeld | None:
    """``tm`` with ``card`` attached (a new table meld), or ``None`` if it does not go there: what
    :func:`~cardcli.games.burraco.table.extend` gives, read from the generator's cache, so that
    playing an attachment it listed reads the meld once."""
    fits = _tables(config).fits.get((tm.layout, tm.layout.wrap, tm.pinned_two, tm.team))
    if fits is None:
        got = attach_card(tm, card, config)
    else:
        cached = fits.get(card)
        if cached is _UNREAD:
            cached = fits[card] = attach_card(tm, card, config)
        got = cached
    return got.copy() if got is not None else None


class _Unread(Enum):
    """The mark of a cache miss (``None`` is a cached answer: refused, or does not fit)."""

    UNREAD = 0


_UNREAD: Final = _Unread.UNREAD


def _read_lay(cards: tuple[Card, ...], config: BurracoConfig) -> _Lay | None:
    lay = read_new(cards, config)
    if not isinstance(lay, Meld):
        return None
    return mv.MeldMove(cards), lay, (lay.rank or "") if lay.kind == "set" else None


def _may_go(tm: TableMeld, rules: MeldRules) -> dict[Card, TableMeld | _Unread | None]:
    """The cards that may go on ``tm`` as far as a glance at it can tell, each still to be tried.

    A card left out is one that reading the meld with it added
    (:func:`~cardcli.engine.melds.read_meld`) surely refuses; the glance matters because a
    refusal is the costly reading (its reason is written out) and most tries are refused.
    Sure refusals: a card of another rank or suit; a set past its largest size; more wildcards
    than the meld may hold (in a run, one two of its suit may turn out natural in its place);
    a second natural ace; and a run's card the same as one of its naturals or too far from them.
    Naturals other than aces and twos keep their places in the longer run (an ace may go low
    or high, a two of the suit may be natural or wild), so the run one card longer spans them
    and the new card.
    """
    lay = tm.layout
    cards = lay.cards
    size = len(cards)
    wilds = sum(1 for c in cards if rules.is_wild(c))
    if lay.kind == "set":
        if rules.max_set_size is not None and size >= rules.max_set_size:
            return {}
        tries = [(lay.rank or "") + s for s in SUITS]
        if wilds < rules.max_wilds_set:
            tries.extend(_WILDCARDS)
        return dict.fromkeys(tries, _UNREAD)
    suit = lay.suit or ""
    wild_at = lay.wild_at
    fixed = [_POSITION[c[0]] for i, c in enumerate(cards) if i not in wild_at and c[0] not in "A2"]
    if rules.ace == "wrap" or not fixed:  # no fixed places to judge by: leave it to the reading
        return dict.fromkeys([*(r + suit for r in RANKS), *_WILDCARDS], _UNREAD)
    out: dict[Card, TableMeld | _Unread | None] = {}
    own_two = "2" + suit
    for w in _WILDCARDS:
        natural_two = rules.natural_two_in_place and (w == own_two or own_two in cards)
        if wilds + 1 - natural_two <= rules.max_wilds_run:
            out[w] = _UNREAD
    low, high = max(fixed) - size, min(fixed) + size
    if rules.two_natural_aces or not any(c[0] == "A" for c in cards):
        if (rules.ace in ("low", "both") and max(fixed) <= size + 1) or (
            rules.ace in ("high", "both") and min(fixed) >= 14 - size
        ):
            out["A" + suit] = _UNREAD
    for p in range(max(low, 3), min(high, 13) + 1):
        if p not in fixed:
            out[RANKS[p - 1] + suit] = _UNREAD
    return out


_WILDCARDS = (JOKER, *("2" + s for s in SUITS))
_POSITION = {r: i + 1 for i, r in enumerate(RANKS)}


def without(hand: Sequence[Card], cards: Sequence[str]) -> list[Card]:
    """``hand`` less one copy of each of ``cards`` (which it holds)."""
    rest = list(hand)
    for c in cards:
        rest.remove(Card(c))
    return rest
