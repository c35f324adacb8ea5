"""Explanations against hands over seeded bot auctions: every call the bots make is held to the
meaning cardcli's system gives it for the hand that makes it (the same test ``learn --check`` applies
to a lesson's scripted calls). Prints the count and the first cases; run with ``-m benchmark -s``
(``CARDCLI_FIT_DEALS`` sets the number of deals, 3,000 by default)."""

from __future__ import annotations

import os
import random
import re
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


def _range_breaks(text: str, hand: bidding.Hand) -> list[str]:
    out = []
    for lo, hi, unit in re.findall(r"(\d+)-(\d+) (HCP|points)(?! together)", text):
        value = hand.hcp if unit == "HCP" else hand.pts
        if not int(lo) <= value <= int(hi):
            out.append(f"{lo}-{hi} {unit}: {value}")
    for lo, unit in re.findall(r"(\d+)\+ (HCP|points|spades|hearts|diamonds|clubs)(?! together)", text):
        value = hand.lens[SUIT_WORDS[unit]] if unit in SUIT_WORDS else hand.hcp if unit == "HCP" else hand.pts
        if value < int(lo):
            out.append(f"{lo}+ {unit}: {value}")
    return out


def text_breaks(meaning: str, cards: list[str]) -> list[str]:
    """The ranges a meaning's words state ("6-10 HCP", "12+ points", "5+ hearts") that the hand
    breaks, when it breaks every alternative the meaning offers ("…; or …", "(or 18+ HCP)"): what a
    player reading ``explain`` would call wrong. Ranges of the partnership ("25+ points together")
    are not the hand's; "points" are the system's own count of the hand."""
    hand = bidding.Hand(list(cards))
    alternatives = [a for part in re.split(r"; or ", meaning) for a in re.split(r" \(or ", part)]
    found = [_range_breaks(a, hand) for a in alternatives]
    if any(not f for f in found):
        return []
    return [b for f in found for b in f]


def auctions(deals: int, seed: int = 23) -> tuple[int, list[tuple[int, str, str, str, str]]]:
    """(calls made, [(deal, auction so far, call, meaning, hand)] for every call that breaks its meaning)."""
    game: Any = load("bridge")
    config = game.presets[game.default_preset] if hasattr(game, "default_preset") else game.config_type()
    bot = game.bots[game.default_bot]()
    rng = random.Random(seed)
    calls = 0
    broken: list[tuple[int, str, str, str, str]] = []
    for d in range(deals):
        state = game.new_match(config, 4, d % 4)
        cards = game.deck(config, 4)
        rng.shuffle(cards)
        game.start_hand(state, cards)
        while state.phase == "auction":
            seat = game.to_act(state)
            legal = game.legal_moves(state)
            move = bot.choose(game.view(state, seat), legal, Rng("fit", d, len(state.calls)))
            calls += 1
            fits, meaning, _in_system = call_fit(state, seat, move)
            words = text_breaks(meaning, list(state.original[seat]))
            if not fits or words:
                meaning = meaning + (" [" + "; ".join(words) + "]" if words else "") + ("" if fits else " [test]")
                so_far = " ".join(call_name(c) for c in state.calls)
                broken.append((d, so_far, call_name(move), meaning, hand_words(state.original[seat])))
            game.apply(state, move)
    return calls, broken


def test_bot_calls_fit_their_meanings() -> None:
    deals = int(os.environ.get("CARDCLI_FIT_DEALS", "3000"))
    calls, broken = auctions(deals)
    kinds = Counter(re.sub(r" \[.*", "", b[3]) for b in broken)
    tested = sum(1 for b in broken if b[3].endswith("[test]"))
    print(
        f"\n{deals} deals, {calls} calls, {len(broken)} break the meaning they are explained with "
        f"({tested} fail the system's own test of the call, the rest only the ranges its words state)"
    )
    for meaning, n in kinds.most_common(15):
        print(f"  {n:4}  {meaning}")
    for d, so_far, call, meaning, hand in broken[:20]:
        print(f"  deal {d}: after [{so_far}] {call} ({meaning}) with {hand}")
    assert calls > deals * 4
