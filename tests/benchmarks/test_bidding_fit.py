"""Explanations against hands over seeded bot auctions: every call the bots make is held to the
meaning cardcli's system gives it for the hand that makes it (the same test ``learn --check`` applies
to a lesson's scripted calls). Prints the count and the first cases; run with ``-m benchmark -s``
(``CARDCLI_FIT_DEALS`` sets the number of deals, 3,000 by default)."""

from __future__ import annotations

import os
import random
import re
import time
from collections import Counter
from typing import Any

import pytest

from cardcli.engine.registry import load
from cardcli.engine.rng import Rng
from cardcli.games.bridge import bidding
from cardcli.games.bridge.auction import call_name
from cardcli.games.bridge.teaching import call_fit, hand_words

pytestmark = pytest.mark.benchmark


SUIT_WORDS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def _values(word: str, hand: bidding.Hand, units: list[str]) -> list[int] | None:
    """The hand's counts a range in ``word`` is held to; ``None`` when the meaning says "points" but
    counts none (its rows count HCP): a range in one unit shown against a count in another."""
    if word in SUIT_WORDS:
        return [hand.lens[SUIT_WORDS[word]]]
    if word == "HCP":
        return [hand.hcp]
    counted = [hand.count(u) for u in units if u != "hcp"]
    return counted or None


def _range_breaks(text: str, hand: bidding.Hand, units: list[str]) -> list[str]:
    out = []
    for lo, hi, unit in re.findall(r"(\d+)-(\d+) (HCP|points)(?! together)", text):
        values = _values(unit, hand, units)
        if values is None:
            out.append(f"{lo}-{hi} {unit}: counted in HCP ({hand.hcp})")
        elif not any(int(lo) <= v <= int(hi) for v in values):
            out.append(f"{lo}-{hi} {unit}: {'/'.join(map(str, values))}")
    for lo, unit in re.findall(r"(\d+)\+ (HCP|points|spades|hearts|diamonds|clubs)(?! together)", text):
        values = _values(unit, hand, units)
        if values is None:
            out.append(f"{lo}+ {unit}: counted in HCP ({hand.hcp})")
        elif not any(v >= int(lo) for v in values):
            out.append(f"{lo}+ {unit}: {'/'.join(map(str, values))}")
    return out


def text_breaks(meaning: str, cards: list[str], unit: str = "pts") -> list[str]:
    """The ranges a meaning's words state ("6-10 HCP", "12+ points", "5+ hearts") that the hand
    breaks, when it breaks every alternative the meaning offers ("…; or …", "(or 18+ HCP)"): what a
    player reading ``explain`` would call wrong. Ranges of the partnership ("25+ points together")
    are not the hand's; "points" are held to the count the meaning's rows use (``unit``: points with
    length, or a raiser's support points), and "points" over rows that count only HCP is a break."""
    hand = bidding.Hand(list(cards))
    units = unit.split(",")
    alternatives = [a for part in re.split(r"; or ", meaning) for a in re.split(r" \(or ", part)]
    found = [_range_breaks(a, hand, units) for a in alternatives]
    if any(not f for f in found):
        return []
    return [b for f in found for b in f]


def _unit(state: Any, seat: int, call: Any) -> str:
    """The unit(s) the meaning of ``call`` counts in, read from the seat's own view."""
    from cardcli.games.bridge.sampling import score_for_view
    from cardcli.games.bridge.teaching import SEATS
    from cardcli.games.bridge.view import view_of

    view = view_of(state, seat, SEATS)
    return bidding.meaning(bidding.position(view.dealer, view.calls, score_for_view(view)), call).unit


def auctions(deals: int, seed: int = 23) -> tuple[int, list[tuple[int, str, str, str, str]], list[float]]:
    """(calls made, [(deal, auction so far, call, meaning, hand)] for every call that breaks its
    meaning, the seconds each bot call took)."""
    game: Any = load("bridge")
    config = game.presets[game.default_preset] if hasattr(game, "default_preset") else game.config_type()
    bot = game.bots[game.default_bot]()
    rng = random.Random(seed)
    calls = 0
    broken: list[tuple[int, str, str, str, str]] = []
    times: list[float] = []
    for d in range(deals):
        state = game.new_match(config, 4, d % 4)
        cards = game.deck(config, 4)
        rng.shuffle(cards)
        game.start_hand(state, cards)
        while state.phase == "auction":
            seat = game.to_act(state)
            legal = game.legal_moves(state)
            view = game.view(state, seat)
            start = time.perf_counter()
            move = bot.choose(view, legal, Rng("fit", d, len(state.calls)))
            times.append(time.perf_counter() - start)
            calls += 1
            fits, meaning, _in_system = call_fit(state, seat, move)
            words = text_breaks(meaning, list(state.original[seat]), _unit(state, seat, move))
            if not fits or words:
                meaning = meaning + (" [" + "; ".join(words) + "]" if words else "") + ("" if fits else " [test]")
                so_far = " ".join(call_name(c) for c in state.calls)
                broken.append((d, so_far, call_name(move), meaning, hand_words(state.original[seat])))
            game.apply(state, move)
    return calls, broken, times


def test_bot_calls_fit_their_meanings() -> None:
    deals = int(os.environ.get("CARDCLI_FIT_DEALS", "3000"))
    calls, broken, times = auctions(deals)
    times.sort()
    p95 = times[int(len(times) * 0.95)] * 1000
    print(f"\nbidding think time per bot call: median {times[len(times) // 2] * 1000:.2f} ms, p95 {p95:.2f} ms")
    kinds = Counter(re.sub(r" \[.*", "", b[3]) for b in broken)
    tested = sum(1 for b in broken if b[3].endswith("[test]"))
    print(
        f"\n{deals} deals, {calls} calls, {len(broken)} break the meaning they are explained with "
        f"({tested} fail the system's own test of the call, the rest only the ranges its words state)"
    )
    for meaning, n in kinds.most_common(15):
        print(f"  {n:4}  {meaning}")
    for d, so_far, call, meaning, hand in broken[: int(os.environ.get("CARDCLI_FIT_SHOW", "20"))]:
        print(f"  deal {d}: after [{so_far}] {call} ({meaning}) with {hand}")
    assert calls > deals * 4
