"""Card notation: canonical spelling, friendly parsing, display charsets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardcli.engine.cards import (
    JOKER,
    STANDARD_DECK,
    CardParseError,
    contains_all,
    format_card,
    is_card,
    multi_deck,
    parse_card,
    parse_cards,
    rank_index,
    sort_key,
    sorted_cards,
)

ALL = list(STANDARD_DECK) + [JOKER]


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("TH", "TH"),
        ("th", "TH"),
        ("10h", "TH"),
        ("10H", "TH"),
        ("T♥", "TH"),
        ("10♥", "TH"),
        ("♥10", "TH"),
        ("h10", "TH"),
        ("q♠", "QS"),
        ("♠Q", "QS"),
        ("queen of spades", "QS"),
        ("Queen of Spades", "QS"),
        ("asso di cuori", "AH"),
        ("7 fiori", "7C"),
        ("7p", "7S"),
        ("ac", "AC"),
        ("ca", "AC"),
        ("2♦", "2D"),
        ("JK", "JK"),
        ("joker", "JK"),
        ("Jolly", "JK"),
        ("ten of diamonds", "TD"),
        ("k ♣", "KC"),
    ],
)
def test_friendly_spellings(text: str, card: str) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "1", "ZZ", "11h", "Xs", "queen of stars", "HH", "J", "♥", "10", "KK"])
def test_not_cards_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(CardParseError) as err:
        parse_card(text)
    assert str(err.value)


@given(st.sampled_from(ALL), st.sampled_from(["unicode", "ascii", "words"]))
def test_every_rendering_parses_back(card: str, charset: str) -> None:
    assert parse_card(format_card(card, charset)) == card  # type: ignore[arg-type]


@given(st.sampled_from(ALL))
def test_canonical_is_fixed_point(card: str) -> None:
    assert is_card(card)
    assert parse_card(card) == card
    assert parse_card(card.lower()) == card


def test_deck_sizes_and_order() -> None:
    assert len(STANDARD_DECK) == 52 == len(set(STANDARD_DECK))
    assert STANDARD_DECK[:3] == ("AC", "2C", "3C") and STANDARD_DECK[-1] == "KS"
    canasta = multi_deck(3, 6)
    assert len(canasta) == 162 and canasta.count("JK") == 6 and canasta.count("QH") == 3
    assert len(multi_deck(2, 4)) == 108


def test_display_forms() -> None:
    assert format_card("TH", "unicode") == "10♥"
    assert format_card("QS", "ascii") == "QS"
    assert format_card("AD", "words") == "ace of diamonds"
    assert format_card("JK", "words") == "joker"


def test_sorting_and_multisets() -> None:
    assert sorted_cards(["KS", "2C", "AH", "JK", "TC"]) == ["2C", "TC", "AH", "KS", "JK"]
    assert sort_key("AS", ace_high=True) > sort_key("KS", ace_high=True)
    assert rank_index("AS") == 1 and rank_index("KS") == 13 and rank_index("JK") == 0
    assert contains_all(["7H", "7H", "8S"], ["7H", "7H"])
    assert not contains_all(["7H", "8S"], ["7H", "7H"])
    assert parse_cards("10h, JH  qh") == ["TH", "JH", "QH"]
