"""Sampling the hidden hands: deals consistent with what one player knows.

A bot that plays by double dummy (PIMC, rules digest §4) cannot look at the
hidden hands, so it imagines them: it deals the unseen cards to the seats it
cannot see, many times, keeping only deals that agree with

* the cards still held by each hand (its size),
* suits a player has shown out of (a void, known from a failure to follow),
* what the auction said: each seat's HCP range and suit lengths, read by
  :func:`cardcli.games.bridge.bidding.read_auction` and applied to the hand as it
  was dealt (cards still held plus the ones that seat has played).

Rejection sampling with a bounded number of attempts; when the constraints
are too tight (a bid outside the system, a misread auction), the HCP limits
and then the lengths are dropped rather than failing. The random stream is
the bot's seeded :class:`~cardcli.engine.rng.Rng`, so a bot game replays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardcli.engine.cards import Card
from cardcli.engine.rng import Rng
from cardcli.games.bridge.bidding import SUITS, Score, Shape, read_auction, score_for_side
from cardcli.games.bridge.view import BridgeView

ALL_CARDS = [r + s for s in "SHDC" for r in "23456789TJQKA"]
_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


@dataclass
class Knowledge:
    """What a player knows about the four hands now."""

    known: dict[int, list[Card]]
    """Seats whose current cards are known (own, dummy, faced hands)."""
    sizes: list[int]
    unseen: list[Card]
    voids: list[set[str]]
    played: list[list[Card]]
    shapes: list[Shape]


def score_for_view(view: BridgeView) -> Callable[[int], Score]:
    """The rubber score from each seat's side, as the view shows it."""
    return score_for_side(view.vulnerable, view.leg)


def knowledge(view: BridgeView, use_auction: bool = True) -> Knowledge:
    assert view.seat is not None
    known: dict[int, list[Card]] = {view.seat: list(view.hand)}
    if view.dummy_hand is not None and view.dummy is not None:
        known[view.dummy] = list(view.dummy_hand)
    for s, faced in view.shown:
        known[s] = list(faced)
    played = view.played_by()
    seen = {c for cards in known.values() for c in cards} | {c for p in played.values() for c in p}
    unseen = [c for c in ALL_CARDS if c not in seen]
    voids: list[set[str]] = [set(), set(), set(), set()]
    tricks: list[tuple[int, list[Card]]] = [(leader, list(cards)) for leader, cards, _w in view.tricks]
    if view.trick:
        tricks.append((view.leader, list(view.trick)))
    for leader, cards in tricks:
        led = cards[0][1]
        for i, c in enumerate(cards):
            if c[1] != led:
                voids[(leader + i) % 4].add(led)
    shapes = [Shape()] * 4
    if use_auction and view.calls:
        shapes = list(read_auction(view.dealer, view.calls, score_for_view(view)).know)
    return Knowledge(known, list(view.hand_sizes), unseen, voids, [played[s] for s in range(4)], shapes)


def sample_deals(k: Knowledge, count: int, rng: Rng, max_attempts: int = 3000) -> list[list[list[Card]]]:
    """``count`` full layouts (current cards per seat) consistent with ``k``; fewer if impossible.

    The draws use :class:`random.Random` seeded from the bot's stream and only
    its ``random()`` method, which Python keeps stable across versions, so
    sampling is fast and a bot game still replays identically.
    """
    unknown = [s for s in range(4) if s not in k.known]
    if not unknown:
        return [[list(k.known[s]) for s in range(4)]]
    fast = random.Random(rng.randbelow(2**62))
    draw = fast.random
    pool, constrained = deal_pool(k, unknown)
    limits = _limits(k, unknown)
    out: list[list[list[Card]]] = []
    level = 0
    attempts = 0
    while len(out) < count and level < 3:
        attempts += 1
        if attempts > max_attempts:
            level += 1
            attempts = 0
            continue
        deal = _deal_once(k, unknown, pool, constrained, draw)
        if deal is None:
            continue
        if level < 2 and not _fits(limits, deal, unknown, hcp=level == 0):
            continue
        out.append([list(k.known[s]) if s in k.known else deal[s] for s in range(4)])
    return out


def deal_pool(k: Knowledge, unknown: Sequence[int]) -> tuple[list[Card], int]:
    """The unseen cards in dealing order, and how many lead it: cards whose suit some unknown seat
    is void in go first, to the seats that may hold them; the rest are shuffled."""
    pool = sorted(k.unseen, key=lambda c: -sum(1 for s in unknown if c[1] in k.voids[s]))
    constrained = sum(1 for c in pool if any(c[1] in k.voids[s] for s in unknown))
    return pool, constrained


def shuffled_pool(pool: list[Card], constrained: int, rand: Callable[[], float]) -> list[Card]:
    """A copy of ``pool`` with its tail after the ``constrained`` cards shuffled (Fisher-Yates on
    ``random()``, whose stream Python keeps stable)."""
    cards = list(pool)
    first = constrained
    for span in range(len(cards) - first, 1, -1):  # i = first + span - 1 down to first + 1
        i = first + span - 1
        j = first + int(rand() * span)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _deal_once(
    k: Knowledge, unknown: Sequence[int], pool: list[Card], constrained: int, draw: object
) -> dict[int, list[Card]] | None:
    """One random deal of ``pool`` to the ``unknown`` seats, each getting its size and no card of a
    suit it is void in (``None`` when the cards run out of room): the tail of the pool shuffled, then
    each card to a seat with room, chosen with weights by the room left.

    The hot loop of every PIMC decision (hundreds of attempts when the auction's limits are tight):
    written out for two and three hidden seats, with the same draws in the same order as the
    general loop, so both deal the same cards from the same stream."""
    rand: Callable[[], float] = draw  # type: ignore[assignment]  # random.Random.random
    cards = shuffled_pool(pool, constrained, rand)
    sizes, voids = k.sizes, k.voids
    if len(unknown) == 2:
        a, b = unknown
        ra, rb, va, vb = sizes[a], sizes[b], voids[a], voids[b]
        ha: list[Card] = []
        hb: list[Card] = []
        for c in cards:
            suit = c[1]
            if ra and suit not in va:
                if rb and suit not in vb and int(rand() * (ra + rb)) >= ra:
                    hb.append(c)
                    rb -= 1
                else:
                    ha.append(c)
                    ra -= 1
            elif rb and suit not in vb:
                hb.append(c)
                rb -= 1
            else:
                return None
        return {a: ha, b: hb}
    if len(unknown) == 3:  # the opening lead: only the leader's own hand is seen
        a, b, d = unknown
        ra, rb, rd, va, vb, vd = sizes[a], sizes[b], sizes[d], voids[a], voids[b], voids[d]
        ha, hb, hd = [], [], []
        for c in cards:
            suit = c[1]
            # each seat's weight: its room when it may take the card, else 0
            wa = 0 if suit in va else ra
            wb = 0 if suit in vb else rb
            wd = 0 if suit in vd else rd
            if (wa > 0) + (wb > 0) + (wd > 0) > 1:
                pick = int(rand() * (wa + wb + wd))
                seat = 0 if pick < wa else 1 if pick < wa + wb else 2
            elif wa:
                seat = 0
            elif wb:
                seat = 1
            elif wd:
                seat = 2
            else:
                return None
            if seat == 0:
                ha.append(c)
                ra -= 1
            elif seat == 1:
                hb.append(c)
                rb -= 1
            else:
                hd.append(c)
                rd -= 1
        return {a: ha, b: hb, d: hd}
    return deal_shuffled(k, unknown, cards, rand)


def deal_shuffled(
    k: Knowledge, unknown: Sequence[int], cards: list[Card], rand: Callable[[], float]
) -> dict[int, list[Card]] | None:
    """The general loop of :func:`_deal_once` once the pool is shuffled, for any number of hidden
    seats: the statement of the dealing rule that its written-out cases must draw and deal alike."""
    sizes, voids = k.sizes, k.voids
    room = {s: sizes[s] for s in unknown}
    hands: dict[int, list[Card]] = {s: [] for s in unknown}
    for c in cards:
        eligible = [s for s in unknown if room[s] > 0 and c[1] not in voids[s]]
        if not eligible:
            return None
        if len(eligible) == 1:
            s = eligible[0]
        else:
            total = sum(room[x] for x in eligible)
            pick = int(rand() * total)
            for s in eligible:
                if pick < room[s]:
                    break
                pick -= room[s]
        hands[s].append(c)
        room[s] -= 1
    return hands


def _limits(k: Knowledge, unknown: Sequence[int]) -> dict[int, tuple[int, int, list[tuple[int, int]], list[Card]]]:
    """Per unknown seat: the HCP range and suit-length ranges its *current* cards must meet."""
    out = {}
    for s in unknown:
        shape = k.shapes[s]
        played = k.played[s]
        ph = sum(_HCP.get(c[0], 0) for c in played)
        lens = []
        for i, suit in enumerate(SUITS):
            n = sum(1 for c in played if c[1] == suit)
            lens.append((shape.lo[i] - n, shape.hi[i] - n))
        out[s] = (shape.hcp[0] - ph, shape.hcp[1] - ph, lens, played)
    return out


def _fits(
    limits: dict[int, tuple[int, int, list[tuple[int, int]], list[Card]]],
    deal: dict[int, list[Card]],
    unknown: Sequence[int],
    hcp: bool,
) -> bool:
    """Whether each unknown seat's cards in ``deal`` meet its HCP range (``hcp``) and suit lengths:
    counted on the hand's letters (every card is two, rank then suit), as this runs once a deal."""
    for s in unknown:
        lo, hi, lens, _played = limits[s]
        letters = "".join(deal[s])
        if hcp:
            ranks = letters[0::2]
            h = 4 * ranks.count("A") + 3 * ranks.count("K") + 2 * ranks.count("Q") + ranks.count("J")
            if not lo <= h <= hi:
                return False
        suits = letters[1::2]
        for (a, b), suit in zip(lens, SUITS):
            if not a <= suits.count(suit) <= b:
                return False
    return True
