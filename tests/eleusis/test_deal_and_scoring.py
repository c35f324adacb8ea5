"""The corrected deck trimming (rules digest §A2), the deal, and the seed's scoring with its two
examples (§A3), the bonus split on ties and `cardcli score eleusis`."""

from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest
from click.testing import CliRunner
from eleusis.helpers import GAME

from cardcli.cli import cli
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.game import HandResult
from cardcli.games.eleusis.config import EleusisConfig, deck_size
from cardcli.games.eleusis.scoring import as_number, dealer_score, player_scores


@pytest.mark.parametrize(("players", "deck", "each"), [(3, 51, 25), (4, 52, 17), (5, 49, 12), (6, 51, 10), (7, 49, 8)])
def test_trimming_gives_everyone_the_same_number_of_cards(players: int, deck: int, each: int) -> None:
    assert deck_size(players) == deck
    for seed in range(3):
        cards = shuffled_deck(GAME.deck(EleusisConfig(), players), seed, 1)
        state = GAME.new_match(EleusisConfig(), players, seed % players)
        GAME.start_hand(state, cards)
        sizes = [len(h) for i, h in enumerate(state.hands) if i != state.dealer]
        assert sizes == [each] * (players - 1)
        assert state.hands[state.dealer] == []
        assert state.removed == cards[: 52 - deck]  # the top cards, face down
        assert state.mainline == [cards[-1]]  # the last card is the starter
        # one card at a time clockwise from the dealer's left, skipping the dealer
        first = (state.dealer + 1) % players
        assert state.hands[first][0] == cards[52 - deck]
        assert sum(map(len, state.hands)) + len(state.removed) + 1 == 52


def test_the_seeds_table_is_wrong_for_five_to_seven_players() -> None:
    seed_table = {3: 51, 4: 52, 5: 51, 6: 49, 7: 50}
    for players, deck in seed_table.items():
        divides = (deck - 1) % (players - 1) == 0
        assert divides == (players in (3, 4))


def test_removed_cards_are_hidden_from_everyone() -> None:
    state = GAME.new_match(EleusisConfig(), 5, 0)
    GAME.start_hand(state, shuffled_deck(GAME.deck(EleusisConfig(), 5), 9, 1))
    for seat in [*range(5), None]:
        assert state.removed in GAME.hidden_from(state, seat)
        assert not set(state.removed) & set(map(str, repr(GAME.view(state, seat)).split("'")))


def test_the_dealers_example() -> None:
    # X = 3, wrong cards 11, 8, 6: 19 - 2 x 6 = 7
    assert dealer_score([11, 8, 6]) == 7
    assert dealer_score([5, 9]) == 4  # two players: the difference
    assert dealer_score([4, 4, 4]) == 0


def test_the_players_example() -> None:
    # four players left with 0, 2, 5, 7 cards: 20, 6, 0, 0 (the seed's garbled first line read as 14 + 6)
    assert player_scores([0, 2, 5, 7]) == [20, 6, 0, 0]


@pytest.mark.parametrize(
    ("left", "expected"),
    [
        ([3, 3], [Fraction(3), Fraction(3)]),
        ([2, 2, 2, 2, 5], [Fraction(9, 2)] * 4 + [Fraction(0)]),
        ([1, 1, 1, 1, 1], [Fraction(6, 5)] * 5),
        ([0, 0, 4], [Fraction(7), Fraction(7), Fraction(0)]),  # 4 - 3 x 0 = 4, + 3 each
    ],
)
def test_the_bonus_is_split_on_ties(left: list[int], expected: list[Fraction]) -> None:
    assert player_scores(left) == expected


def test_fractional_scores_round_trip_through_json_exactly() -> None:
    totals = [Fraction(0)] * 5
    for _ in range(7):
        totals = [t + s for t, s in zip(totals, player_scores([1, 1, 1, 1, 1]))]
    res = HandResult(points=[as_number(Fraction(6, 5))], totals=[as_number(t) for t in totals])
    back = msgspec.json.decode(msgspec.json.encode(res), type=HandResult)
    assert back == res and back.totals[0] == 8.4 and str(back.totals[0]) == "8.4"


def score(text: str, *args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["score", "eleusis", "-", *args], input=text)
    return res.exit_code, res.output


def test_score_command_reproduces_the_seeds_examples() -> None:
    code, out = score("wrong 11 8 6\n")
    assert code == 0 and "= 7" in out and "19 - (X-1 = 2) × the fewest 6" in out
    import json

    code, out = score("left 0 2 5 7\n", "--json")
    assert code == 0
    assert json.loads(out)["points"] == {"P2": 20, "P3": 6, "P4": 0, "P5": 0}
    code, out = score("dealer P3\nwrong P4=11 P1=8 P2=6\nleft 0 2 1\n", "--json")
    data = json.loads(out)
    assert code == 0 and data["points"]["P3"] == 7 and data["points"]["P4"] == 3 + 6 and data["dealer"] == "P3"
    code, out = score("players 6\nleft 2 2 2 2 5\n", "--json")
    assert json.loads(out)["points"]["P2"] == 4.5


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "give a `wrong` line"),
        ("wrong 1 2 x\n", "'x' is not a count"),
        ("wrong 1 2\nleft 1 2 3\n", "different numbers of players"),
        ("left 1 2 3 4 5 6 7 8\n", "3 to 7 players"),
        ("dealer P9\nwrong 1 2\n", "is not a seat"),
        ("wrong P1=3 P2=4\n", "is the dealer"),
        ("wrong 1 2\nleft 3 0\n", "phase two is played from the wrong cards"),
        ("bonus 3\n", "line 1: expected `wrong`"),
    ],
)
def test_score_command_errors_are_one_line(text: str, words: str) -> None:
    code, out = score(text)
    assert code == 1 and words in out and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1
