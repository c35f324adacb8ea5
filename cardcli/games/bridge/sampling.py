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
    # cards whose suit some unknown seat is void in go first, to the seats that may hold them
    pool = sorted(k.unseen, key=lambda c: -sum(1 for s in unknown if c[1] in k.voids[s]))
    constrained = sum(1 for c in pool if any(c[1] in k.voids[s] for s in unknown))
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


def _deal_once(
    k: Knowledge, unknown: Sequence[int], pool: list[Card], constrained: int, draw: object
) -> dict[int, list[Card]] | None:
    rand = draw  # random.Random.random
    cards = list(pool)
    # shuffle the unconstrained tail (Fisher-Yates on random())
    for i in range(len(cards) - 1, constrained, -1):
        j = constrained + int(rand() * (i - constrained + 1))  # type: ignore[operator]
        cards[i], cards[j] = cards[j], cards[i]
    room = {s: k.sizes[s] for s in unknown}
    hands: dict[int, list[Card]] = {s: [] for s in unknown}
    for idx, c in enumerate(cards):
        if idx < constrained:
            eligible = [s for s in unknown if room[s] > 0 and c[1] not in k.voids[s]]
        else:
            eligible = [s for s in unknown if room[s] > 0 and c[1] not in k.voids[s]]
        if not eligible:
            return None
        if len(eligible) == 1:
            s = eligible[0]
        else:
            total = sum(room[x] for x in eligible)
            pick = int(rand() * total)  # type: ignore[operator]
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
    for s in unknown:
        lo, hi, lens, _played = limits[s]
        cards = deal[s]
        if hcp:
            h = 0
            for c in cards:
                h += _HCP.get(c[0], 0)
            if not lo <= h <= hi:
                return False
        counts = {"S": 0, "H": 0, "D": 0, "C": 0}
        for c in cards:
            counts[c[1]] += 1
        for i, suit in enumerate(SUITS):
            a, b = lens[i]
            if not a <= counts[suit] <= b:
                return False
    return True
