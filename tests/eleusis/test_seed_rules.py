"""The seed's seven rules (rules digest §A1, §A4): each parses, judges the digest's sequences as the
seed describes, and passes the one-fifth rule with the digest's exact minima; the digest's other
examples (§A9.4) are accepted or refused with a witness."""

from __future__ import annotations

import pytest
from eleusis.helpers import judge_sequence, verdicts_along

from cardcli.games.eleusis.fairness import check_fairness, fairness_of
from cardcli.games.eleusis.language import compile_text
from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.library import BY_ID, LIBRARY

T, F = True, False

SEQUENCES = {
    # seed rule: (starter, cards played in turn, verdicts)
    "seed-1": ("5H", ["3C", "7D", "9S", "QS", "KH"], [T, T, T, F, T]),
    "seed-2": ("4C", ["7H", "QS", "JD", "KC", "AS", "TH"], [T, T, T, F, F, T]),
    # the first card is free (no p2 yet), then two odd, two even: 3 8 | 6 5 9 2 Q
    "seed-3": ("3C", ["8D", "6S", "5H", "4H", "9C", "2D", "7S", "QC"], [T, T, T, F, T, T, F, T]),
    "seed-4": ("7H", ["2D", "2S", "KC", "QH", "KD"], [T, T, T, F, T]),
    # 3+J = 14, 5 and 9 sum to 14, K after 5S is neither
    "seed-5": ("3H", ["JS", "5C", "9D", "8S", "5S", "KH", "AC"], [T, T, T, F, T, F, T]),
    # colours until the 7H (judged by colours), then parity until the 7S, then colours again
    "seed-6": ("4D", ["9D", "9S", "7H", "2H", "6D", "5C", "4C", "7S", "8C", "8D"], [F, T, T, T, F, T, T, T, F, T]),
    # odd → spade or club, even → heart or diamond (K is odd, Q even)
    "seed-7": ("3D", ["5H", "8S", "KH", "QC", "4S", "4D"], [F, T, T, T, F, T]),
}

MINIMA = {"seed-1": 26, "seed-2": 24, "seed-3": 24, "seed-4": 28, "seed-5": 28, "seed-6": 24, "seed-7": 26}


def test_the_library_holds_the_seeds_seven_rules() -> None:
    """The seven classic rules, in the seed's order, still found by their former ids seed-1 … seed-7."""
    assert [r for r in LIBRARY if r.classic] == [BY_ID[f"seed-{i}"] for i in range(1, 8)]


@pytest.mark.parametrize("rule_id", list(SEQUENCES))
def test_seed_rule_judges_the_sequence(rule_id: str) -> None:
    starter, plays, verdicts = SEQUENCES[rule_id]
    assert verdicts_along(BY_ID[rule_id].text, starter, plays) == verdicts


@pytest.mark.parametrize("rule_id", list(MINIMA))
def test_seed_rule_passes_the_one_fifth_rule_with_the_digests_minimum(rule_id: str) -> None:
    f = fairness_of(BY_ID[rule_id].text)
    assert f.ok and f.minimum == MINIMA[rule_id]


def test_rule_2_after_even_and_after_odd() -> None:
    text = BY_ID["seed-2"].text
    assert sum(judge_sequence(text, ["4C"], list(D.CARDS))) == 28  # after an even card: the 28 odd cards
    assert sum(judge_sequence(text, ["5C"], list(D.CARDS))) == 24


def test_rule_5_symmetric_pairs_and_counts() -> None:
    text = BY_ID["seed-5"].text
    for a, b in [("AC", "KD"), ("2C", "QD"), ("3C", "JD"), ("4C", "TD"), ("5C", "9D"), ("6C", "8D"), ("7C", "7D")]:
        assert judge_sequence(text, [a], [b]) == [True], (a, b)
        assert judge_sequence(text, [b], [a]) == [True], (b, a)
    assert sum(judge_sequence(text, ["7C"], list(D.CARDS))) == 28  # after a 7 the symmetric rank is the same rank
    assert sum(judge_sequence(text, ["5C"], list(D.CARDS))) == 30


def test_rule_6_a_seven_starter_switches_at_once() -> None:
    text = BY_ID["seed-6"].text
    # the starter is on the pile, so a 7 starter switches to parity: 9H (odd after odd) is wrong
    assert verdicts_along(text, "7C", ["9H", "2S", "3S"]) == [F, T, T]
    rule = compile_text(text)
    assert rule.start(D.INDEX["7C"])[0] == 1 and rule.start(D.INDEX["6C"])[0] == 0


def test_rule_3_the_first_card_is_right_anyway() -> None:
    text = BY_ID["seed-3"].text
    assert all(judge_sequence(text, ["3C"], [c])[0] for c in D.CARDS)


@pytest.mark.parametrize(
    ("text", "minimum", "ok", "witness"),
    [
        ("accept: rank(c) == rank(p1) + 1", 0, False, "after KC no card is playable"),
        ("accept: (rank(c) - rank(p1)) % 13 == 1", 4, False, "after AC only 4 cards are playable (2C 2D 2H 2S)"),
        ("accept: (rank(c) - rank(p1)) % 13 in 1..3", 12, True, ""),
        ("accept: suit(c) != suit(p1)", 39, True, ""),
        ("accept: suit(c) == suit(p1) or (face(c) and not face(p1))", 13, True, ""),
        ("accept: if red(p1) then rank(c) > rank(p1) else rank(c) <= rank(p1)", 0, False, "after KD no card is playable"),
        ("accept: if phase(2) == 0 then red(c) else black(c)", 26, True, ""),
        # the same rank (4 cards, the top card included: identities are counted over a full deck) or a spade
        ("accept: rank(c) == rank(p1) or suit(c) == S", 16, True, ""),
        (
            "accept: rank(c) == rank(p1) or suit(c) == S and rank(c) < 4",
            6,
            False,
            "after AC only 6 cards are playable (AC AD AH AS 2S 3S)",
        ),
        # only p2: the search must still remember p1, which becomes the next p2
        ("accept: rank(c) == rank(p2)", 4, False, "after AC 2C only 4 cards are playable (AC AD AH AS)"),
        ("accept: suit(c) != suit(p2)", 39, True, ""),
        # a face card switches to "kings only"; a face starter switches at once
        (
            "modes: a, b; when a: red(c); when b: rank(c) == K; on face(c): next",
            4,
            False,
            "after JC only 4 cards are playable (KC KD KH KS)",
        ),
        (
            "modes: a, b; when a: red(c); when b: rank(c) == K; on face(c) and rank(p1) > 0: next",
            4,
            False,
            "after AC JD only 4 cards are playable (KC KD KH KS)",
        ),
    ],
)
def test_digest_examples_and_witnesses(text: str, minimum: int, ok: bool, witness: str) -> None:
    f = check_fairness(compile_text(text))
    assert (f.minimum, f.ok) == (minimum, ok)
    if not ok:
        assert witness in f.reason()
        # the witness is a real position: replaying it leaves exactly the cards it lists
        rule = compile_text(text)
        st = rule.start(D.INDEX[f.witness[0]])
        for card in f.witness[1:]:
            assert rule.accepts(st, D.INDEX[card])
            st = rule.step(st, D.INDEX[card])
        assert tuple(D.cards_of(rule.mask(st))) == f.playable


def test_every_library_rule_is_fair() -> None:
    for r in LIBRARY:
        f = fairness_of(r.text)
        assert f.ok, (r.id, f.reason())
        assert r.level in (1, 2, 3) and r.description
