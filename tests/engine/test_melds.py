"""The shared meld module: tables of real melds from the rummy and burraco digests."""

from __future__ import annotations

import pytest

from cardcli.engine.meld_search import best_partition, candidate_melds
from cardcli.engine.melds import (
    MELD_RULE_IDS,
    Meld,
    MeldRules,
    extend_meld,
    lay_off_targets,
    meld_rule_texts,
    read_meld,
)
from cardcli.engine.verdict import Verdict

RUMMY = MeldRules(max_set_size=4)
HIGH_LOW = MeldRules(ace="both", max_set_size=4)
WRAP = MeldRules(ace="wrap", max_set_size=4)
BURRACO = MeldRules(
    ace="both",
    wild_twos=True,
    natural_two_in_place=True,
    max_wilds_run=1,
    max_wilds_set=1,
    set_ranks="A3456789TJQK",
    max_set_size=9,
)
CANASTA = MeldRules(
    runs=False, wild_twos=True, max_wilds_set=2, naturals_exceed_wilds=True, min_naturals=2, set_ranks="A456789TJQK"
)


def cards(text: str) -> list[str]:
    return text.split()


LEGAL = [
    (RUMMY, "3H 4H 5H", "run", "3H 4H 5H"),
    (RUMMY, "5H 3H 4H", "run", "3H 4H 5H"),
    (RUMMY, "AH 2H 3H", "run", "AH 2H 3H"),
    (RUMMY, "7H 7S 7D", "set", "7H 7S 7D"),
    (RUMMY, "7H 7S 7D 7C", "set", "7H 7S 7D 7C"),
    (RUMMY, "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "run", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"),
    (HIGH_LOW, "QH KH AH", "run", "QH KH AH"),
    (HIGH_LOW, "AH 2H 3H", "run", "AH 2H 3H"),
    (WRAP, "KH AH 2H", "run", "KH AH 2H"),
    (WRAP, "QS KS AS 2S 3S", "run", "QS KS AS 2S 3S"),
    # burraco (digest §2.2-2.4)
    (BURRACO, "AC 2C 3C 4C JK", "run", "AC 2C 3C 4C JK"),  # natural 2 plus one matta
    (BURRACO, "5H 6H JK", "run", "JK 5H 6H"),  # spare matta goes low by convention
    (BURRACO, "5H JK 7H", "run", "5H JK 7H"),
    (BURRACO, "5C 6C 2D", "run", "2D 5C 6C"),
    (BURRACO, "6C JK 8C TC 7C", "run", "6C 7C 8C JK TC"),  # the displaced joker fills the 9
    (BURRACO, "QH KH AH", "run", "QH KH AH"),
    (BURRACO, "7H 7H 2S", "set", "7H 7H 2S"),  # same suit twice: two decks
    (BURRACO, "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK", "run", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK"),
    (CANASTA, "KH KS JK", "set", "KH KS JK"),
    (CANASTA, "KH KS KD 2C JK", "set", "KH KS KD 2C JK"),
]


@pytest.mark.parametrize(("rules", "text", "kind", "layout"), LEGAL)
def test_legal_melds(rules: MeldRules, text: str, kind: str, layout: str) -> None:
    m = read_meld(cards(text), rules)
    assert isinstance(m, Meld), m
    assert m.kind == kind
    assert " ".join(m.cards) == layout


ILLEGAL = [
    (RUMMY, "7H 7S", "meld.size", "at least 3"),
    (RUMMY, "5H 6H 8H", "meld.run.sequence", "7H is missing"),
    (RUMMY, "5H 6H 7S", "meld.run.suit", "different suits"),
    (RUMMY, "QH KH AH", "meld.run.ace", "low only"),
    (RUMMY, "KH AH 2H", "meld.run.ace", "corner"),
    (HIGH_LOW, "KH AH 2H", "meld.run.ace", "corner"),
    (RUMMY, "7H 7S 8D", "meld.run.suit", "different suits"),
    (BURRACO, "3C 2S 5C JK", "meld.run.wilds", "only one wildcard"),  # two matte
    (BURRACO, "2C 2D 2H", "meld.wild-only", "wildcards alone"),  # a set of twos
    (BURRACO, "7H 2S JK", "meld.set.wilds", "only one wildcard"),
    (BURRACO, "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH", "meld.run.ace", "one natural ace"),
    (BURRACO, "6C JK 8C TC", "meld.run.sequence", "too far apart"),
    (CANASTA, "KH 2C JK", "meld.wild-balance", "more natural cards"),
    (CANASTA, "3H 3D 3S", "meld.set.rank", "threes"),
    (CANASTA, "KH KS KD 2C 2S JK", "meld.set.wilds", "at most 2"),
    (CANASTA, "5H 6H 7H", "meld.set.rank", "not all of one rank"),
]


@pytest.mark.parametrize(("rules", "text", "rule_id", "phrase"), ILLEGAL)
def test_illegal_melds_name_their_rule(rules: MeldRules, text: str, rule_id: str, phrase: str) -> None:
    v = read_meld(cards(text), rules)
    assert isinstance(v, Verdict) and not v.ok
    assert v.rule == rule_id
    assert phrase in v.reason
    assert v.rule in MELD_RULE_IDS


def test_every_rule_id_has_a_default_text() -> None:
    assert {r.id for r in meld_rule_texts()} == set(MELD_RULE_IDS)


def test_extend_keeps_the_kind_and_fills_gaps() -> None:
    run = read_meld(cards("5C 6C 2D"), BURRACO)
    assert isinstance(run, Meld) and run.stands_for(0) == "4C"
    moved = extend_meld(run, ["8C"], BURRACO)  # the free matta moves to the 7 (digest §2.4)
    assert isinstance(moved, Meld) and " ".join(moved.cards) == "5C 6C 2D 8C"
    inner = read_meld(cards("6C JK 8C"), BURRACO)
    assert isinstance(inner, Meld)
    assert isinstance(extend_meld(inner, ["TC"], BURRACO), Verdict)  # 10 alone cannot be attached
    assert isinstance(extend_meld(inner, ["7C", "TC"], BURRACO), Meld)
    full_set = read_meld(cards("7H 7S 7D 7C"), RUMMY)
    assert isinstance(full_set, Meld) and lay_off_targets(full_set, ["7H"], RUMMY) == []
    long_run = read_meld(cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"), RUMMY)
    assert isinstance(long_run, Meld) and isinstance(extend_meld(long_run, ["AC"], RUMMY), Verdict)
    three = read_meld(cards("3H 4H 5H"), RUMMY)
    assert isinstance(three, Meld) and lay_off_targets(three, ["2H", "6H", "7H", "3S"], RUMMY) == ["2H", "6H"]


def test_semi_clean_measure() -> None:
    m = read_meld(cards("3S 4S 5S 6S 7S 8S 9S JK"), BURRACO)
    assert isinstance(m, Meld) and m.longest_natural_block() == 7 and not m.clean
    dirty = read_meld(cards("3S 4S JK 6S 7S 8S 9S"), BURRACO)
    assert isinstance(dirty, Meld) and dirty.longest_natural_block() == 4


def test_candidate_melds_and_partition() -> None:
    hand = cards("3H 4H 5H 6H 5S 5D 5C KH AH 9C")
    found = {" ".join(sorted(m)) for m in candidate_melds(hand, RUMMY)}
    assert "3H 4H 5H" in found and "3H 4H 5H 6H" in found and "5C 5D 5S" in found and "5C 5D 5H 5S" in found
    assert "AH KH QH" not in found
    melds, left = best_partition(hand, RUMMY, lambda c: 10)
    assert sorted(left) == ["9C", "AH", "KH"]
    assert sum(len(m) for m in melds) == 7


def test_partition_is_exact_where_greedy_fails() -> None:
    # The rummy digest's 11-card example (§B3.3): a "maximise melded value" search leaves
    # As Ah after discarding; the exact answer discards 3C and melds everything else.
    hand = cards("AS 2S 4S AC 2C 3C 2D 4D AH 2H 4H")
    value = {"A": 1, "2": 2, "3": 3, "4": 4}

    def left_value(cs: list[str]) -> int:
        return sum(value[c[0]] for c in best_partition(cs, RUMMY, lambda c: value[c[0]])[1])

    assert left_value(hand) == 2  # keeping all 11: AS AH are cheaper to keep than 3C
    best_discard = min(hand, key=lambda d: left_value([c for c in hand if c != d]))
    assert best_discard == "3C"
    assert left_value([c for c in hand if c != "3C"]) == 0


def test_wild_candidates_respect_limits() -> None:
    found = candidate_melds(cards("5H 6H JK 2S 9C 9D"), BURRACO)
    for m in found:
        got = read_meld(list(m), BURRACO)
        assert isinstance(got, Meld)
        assert len(got.wild_at) <= 1
    assert any(sorted(m) == sorted(["5H", "6H", "JK"]) for m in found)
    assert any(sorted(m) == sorted(["9C", "9D", "2S"]) for m in found)
