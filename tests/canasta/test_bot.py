"""The basic bot against a random-legal-move side, over the seeded hands `cardcli simulate` plays."""

from __future__ import annotations

import pytest

from cardcli.commands.simulate import play_one
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng
from cardcli.games.canasta import moves as mv
from cardcli.games.canasta.position import position


def _win_rate(players: int, hands: int, base: str = "1") -> float:
    wins = 0.0
    for i in range(hands):
        o = play_one("canasta", f"{base}/{i}", players, ["basic", "random"], None, {}, 1)
        wins += 1 / len(o.winners) if 0 in o.winners else 0
    return wins / hands


def test_beats_random_four_players() -> None:
    """Exactly the 200 hands of `cardcli simulate canasta --games 200 --hands 1 --bots basic,random`."""
    assert _win_rate(4, 200) >= 0.90


def test_beats_random_two_players() -> None:
    assert _win_rate(2, 200) >= 0.90


@pytest.mark.soak
@pytest.mark.parametrize("players", [4, 2])
def test_beats_random_soak(players: int) -> None:
    assert _win_rate(players, 1000, base="soak") >= 0.90


def _advice(st, seat: int = 0) -> tuple[str, str]:
    game = load("canasta")
    bot = game.bots["basic"]()
    move, why = bot.advise(game.view(st, seat), game.legal_moves(st), Rng(1, "test"))
    return game.format_move(move), why


def test_opens_when_it_can_and_keeps_the_pair_for_the_pozzo() -> None:
    st = position(opened=(False, False), hands={0: "K K K Q Q Q 9 9 5 6"}, pozzo="7C 9H")
    move, why = _advice(st)
    assert move in ("meld K K K", "meld Q Q Q") and "open" in why


def test_takes_the_pozzo() -> None:
    st = position(hands={0: "9 9 5 6 7"}, pozzo="7C 8D 9H")
    assert _advice(st)[0] == "take"


def test_freezes_a_big_pozzo_with_a_black_three() -> None:
    st = position(
        phase="play", hands={0: "3 K Q 8 6 5", 1: "4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4"}, pozzo="KH 9D 9C 8S 7D 6H 5C TD JS QH AS 4D"
    )
    move, why = _advice(st)
    assert move == "discard 3" and "cannot take the pozzo" in why


def test_goes_out_when_ahead() -> None:
    st = position(
        players=2, phase="play", hands={0: "K K K", 1: "A A A A A A A"}, melds={0: ["Q Q Q Q Q Q Q", "8 8 8 8 8 8 JK"], 1: []}
    )
    assert _advice(st)[0] == "meld K K K"


def test_answers_partner() -> None:
    st = position(phase="answer", hands={0: "9 5", 2: "5 6"}, asked="asked", melds={0: ["Q Q Q Q Q Q Q", "8 8 8 8 8 8 JK"]})
    game = load("canasta")
    bot = game.bots["basic"]()
    move = bot.choose(game.view(st, 2), game.legal_moves(st), Rng(1, "t"))
    assert move == mv.Answer(True)
    st.hands[2] = ["JK", "JK", "JK", "AC", "AC", "KC", "KC"]  # 210 points still to meld
    move = bot.choose(game.view(st, 2), game.legal_moves(st), Rng(1, "t"))
    assert move == mv.Answer(False)
