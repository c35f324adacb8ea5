"""The deal and the initial pozzo (digest §1.5-§1.7), for every possible upcard."""

from __future__ import annotations

from collections import Counter

import pytest

from cardcli.engine.cards import STANDARD_DECK, multi_deck
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load
from cardcli.games.canasta import pozzo
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.tokens import is_red_three

UNDER = {"4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
FILLER = [f"{r}S" for r in "456789TJQK"] * 4  # 40 cards, none of them special


def _stock(*top: str) -> list[str]:
    """A stock whose top cards (drawn first) are ``top``; the last element is the top."""
    return list(FILLER) + list(reversed(top))


@pytest.mark.parametrize("rank", list(UNDER))
def test_every_natural_upcard_gets_its_rank_in_cards(rank: str) -> None:
    stock = _stock(rank + "H")
    before = len(stock)
    built = pozzo.build(stock, CanastaConfig())
    assert built.upcard == rank + "H"
    assert len(built.covered) == UNDER[rank]
    assert built.rejected == []
    assert len(stock) == before - 1 - UNDER[rank]
    # the covered cards are the ones that were just under the upcard
    assert built.covered == list(reversed(FILLER[-UNDER[rank] :]))


@pytest.mark.parametrize("card", ["2H", "2S", "JK", "3H", "3D", "3C", "3S"])
def test_cards_that_cannot_start_the_pozzo_go_into_it(card: str) -> None:
    stock = _stock(card, "KD")
    built = pozzo.build(stock, CanastaConfig())
    assert built.upcard == "KD"
    assert built.rejected == [card]
    assert len(built.covered) == 13 + 1
    assert built.covered[-1] == card  # on top of the 13 cards put under the king


def test_several_rejected_upcards_in_a_row() -> None:
    built = pozzo.build(_stock("2C", "JK", "3H", "7D"), CanastaConfig())
    assert built.upcard == "7D"
    assert built.rejected == ["2C", "JK", "3H"]
    assert len(built.covered) == 7 + 3


def test_black_three_may_start_the_pozzo_when_allowed() -> None:
    cfg = CanastaConfig(upcard_black3_allowed=True)
    built = pozzo.build(_stock("3S"), cfg)
    assert built.upcard == "3S" and len(built.covered) == 3
    # a red three is still rejected
    built = pozzo.build(_stock("3H", "3C"), cfg)
    assert built.upcard == "3C" and built.rejected == ["3H"] and len(built.covered) == 3 + 1


def test_ace_count_option() -> None:
    assert len(pozzo.build(_stock("AH"), CanastaConfig(pozzo_ace_count=11)).covered) == 11


def test_rejected_upcard_to_the_bottom_of_the_stock() -> None:
    stock = _stock("JK", "2D", "5C")
    built = pozzo.build(stock, CanastaConfig(rejected_upcard_to_pozzo=False))
    assert built.upcard == "5C" and built.rejected == ["JK", "2D"] and len(built.covered) == 5
    assert stock[:2] == ["2D", "JK"]  # the bottom of the stock; the first one turned is lowest


def test_every_card_of_a_deck_as_upcard() -> None:
    """Each of the 54 distinct cards on top of the stock: the pozzo is 1 + N + rejected cards."""
    for card in set(multi_deck(1, jokers=1)):
        stock = _stock(card, "9C")
        built = pozzo.build(stock, CanastaConfig())
        natural = card[0] in UNDER and card != "JK"
        if natural:
            assert (built.upcard, len(built.covered)) == (card, UNDER[card[0]])
        else:
            assert (built.upcard, len(built.covered), built.rejected) == ("9C", 9 + 1, [card])


# -- the deal ----------------------------------------------------------------------------------


def _deal(seed: int, players: int = 4, **opts: object):
    g = load("canasta")
    cfg = CanastaConfig(**opts)  # type: ignore[arg-type]
    st = g.new_match(cfg, players, g.first_dealer(cfg, players, seed))
    deck = shuffled_deck(g.deck(cfg, players), seed, 1)
    g.start_hand(st, deck)
    return g, st, deck


@pytest.mark.parametrize("players", [4, 2])
def test_deal_fifteen_each_no_red_threes_all_cards_accounted(players: int) -> None:
    for seed in range(25):
        g, st, deck = _deal(seed, players)
        assert len(deck) == 162 and Counter(deck)["JK"] == 6
        assert all(len(h) == 15 for h in st.hands)
        assert not any(is_red_three(c) for h in st.hands for c in h)
        have = Counter(c for cards in g.card_locations(st).values() for c in cards)
        assert have == Counter(deck)
        top = st.pozzo[-1]
        assert top[0] in UNDER and top != "JK"
        assert len(st.covered) == UNDER[top[0]] + len(st.rejected)
        assert st.turn == st.next_seat(st.dealer)


def test_red_threes_replaced_from_the_bottom_or_the_top() -> None:
    g = load("canasta")
    base = multi_deck(3, jokers=6)
    reds = [c for c in base if is_red_three(c)]
    rest = [c for c in base if not is_red_three(c)]
    # The first card dealt is a red three, and the other five red threes are at the bottom.
    deck = [reds[0]] + rest + reds[1:]
    assert len(deck) == 162 and Counter(deck) == Counter(base)
    for mode in ("bottom", "top"):
        cfg = CanastaConfig(red3_deal_replacement=mode)  # type: ignore[arg-type]
        st = g.new_match(cfg, 4, 3)
        g.start_hand(st, deck)
        first = st.next_seat(st.dealer)
        if mode == "bottom":
            # each replacement from the bottom is another red three, until all six are out
            assert len(st.red3[first]) == 6
        else:
            assert st.red3[first] == [reds[0]]
        assert not any(is_red_three(c) for h in st.hands for c in h)
        assert all(len(h) == 15 for h in st.hands)
        have = Counter(c for cards in g.card_locations(st).values() for c in cards)
        assert have == Counter(deck)


def test_direction_of_play() -> None:
    _g, st, _deck = _deal(3, 4, direction="counterclockwise")
    assert st.turn == (st.dealer - 1) % 4
    _g, st, _deck = _deal(3, 4)
    assert st.turn == (st.dealer + 1) % 4


def test_standard_deck_order_is_the_shuffle_input() -> None:
    deck = load("canasta").deck(CanastaConfig(), 4)
    assert deck[:52] == list(STANDARD_DECK) and deck[-6:] == ["JK"] * 6
