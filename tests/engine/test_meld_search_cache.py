"""The meld search's caches (:mod:`cardcli.engine.meld_search`): what a warm cache answers is what
the search finds from scratch.

The parts of the search are cached on the cards of one rank or suit, on the wildcards the part
can use (each wildcard only as many times as a meld takes it) and on the longest meld it can
make, not on the whole hand: these tests would fail if a part were keyed on too little, so that
a hand found another hand's part, or if the bounded caches lost their entries' order.
"""

from __future__ import annotations

import random

from cardcli.engine.cards import multi_deck
from cardcli.engine.meld_search import candidate_melds
from cardcli.engine.melds import MeldRules

# isort: split
from cardcli.engine import meld_search

RULES = [
    MeldRules(),
    MeldRules(ace="both", max_set_size=4),
    MeldRules(ace="wrap", max_set_size=4),
    MeldRules(
        ace="both",
        wild_twos=True,
        natural_two_in_place=True,
        max_wilds_run=1,
        max_wilds_set=1,
        set_ranks="A3456789TJQK",
        max_set_size=9,
    ),
    MeldRules(ace="both", wild_twos=True, natural_two_in_place=True, max_wilds_run=1, max_wilds_set=2, two_natural_aces=True),
    MeldRules(wild_twos=True, max_wilds_run=2, max_wilds_set=2, naturals_exceed_wilds=True, min_naturals=2),
    MeldRules(ace="high", wild_twos=True, max_wilds_run=0, max_wilds_set=3, runs=True, sets=True),
]


def _hands(seed: int, count: int) -> list[list[str]]:
    """Seeded hands of two decks with jokers, some of one suit and its wildcards only (long runs,
    copies of the same wildcard)."""
    rng = random.Random(seed)
    deck = multi_deck(2, jokers=4)
    out = []
    for i in range(count):
        size = rng.choice([3, 6, 9, 11, 15, 22])
        pool = deck
        if i % 3 == 0:
            suit = rng.choice("CDHS")
            pool = [c for c in deck if c[1] == suit or c == "JK" or c[0] == "2"]
        out.append(rng.sample(pool, min(size, len(pool))))
    return out


def test_warm_caches_answer_what_a_fresh_search_finds() -> None:
    for n, rules in enumerate(RULES):
        hands = _hands(n, 250)
        meld_search._SEARCHES.clear()
        warm = [candidate_melds(h, rules, size) for h in hands for size in (None, 4)]
        for h in _hands(100 + n, 250):  # other hands, whose parts the caches now hold too
            candidate_melds(h, rules)
        again = [candidate_melds(h, rules, size) for h in hands for size in (None, 4)]
        fresh = []
        for h in hands:
            for size in (None, 4):
                meld_search._SEARCHES.clear()
                fresh.append(candidate_melds(h, rules, size))
        assert warm == fresh, rules
        assert again == fresh, rules
        # a size limit only leaves out the longer melds (a part is keyed on the longest it makes)
        for h in hands[:80]:
            whole = candidate_melds(h, rules)
            for size in (3, 4, 6):
                assert candidate_melds(h, rules, size) == [m for m in whole if len(m) <= size], (rules, h, size)


def test_a_lone_ace_is_not_used_low_and_high_at_once() -> None:
    """With two natural aces allowed, a run from the low ace to the high one needs both aces: a
    hand holding one must not be offered it (the search places the ace at both ends)."""
    rules = MeldRules(ace="both", wild_jokers=True, max_wilds_run=1, two_natural_aces=True)
    suit = [r + "H" for r in "A23456789TJQK"]
    one = candidate_melds([*suit, "JK"], rules)
    assert one and all(m.count("AH") <= 1 for m in one)
    two = candidate_melds([*suit, "AH", "JK"], rules)
    assert ("AH", *suit[1:], "AH") in two


def test_a_full_cache_keeps_its_newer_entries() -> None:
    cache: meld_search._Cache[int, int] = meld_search._Cache(8)
    for i in range(30):
        cache.put(i, i * i)
        assert cache.get(i) == i * i
    assert len(cache.data) <= 8
    assert list(cache.data) == sorted(cache.data)  # oldest first, still
    assert cache.get(29) == 841 and cache.get(0) is None
