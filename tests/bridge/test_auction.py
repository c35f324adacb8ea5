"""Auction legality and the contract it ends in: the rules digest's cases (§3.1), one test each,
plus the generator and the checker compared on random auctions."""

from __future__ import annotations

import random

import pytest

from cardcli.engine.registry import load
from cardcli.games.bridge.auction import auction_over, check_call, final_contract, legal_calls, passed_out
from cardcli.games.bridge.moves import ALL_BIDS, DOUBLE, PASS, REDOUBLE, parse_call

SEATS = "NESW"


def calls(text: str) -> list:
    out = []
    for tok in text.split():
        c = parse_call(tok.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C"))
        assert c is not None, tok
        out.append(c)
    return out


# (dealer, calls, expected): expected is (contract text, declarer, leader, dummy), "passed out",
# or ("illegal", rule id) for the last call.
CASES = [
    ("N", "1H P 2H P P P", ("2H", "N", "E", "S")),
    ("N", "1S 2H 2S 3H 4S P P P", ("4S", "N", "E", "S")),
    ("N", "1H X XX 1S P P P", ("1S", "W", "N", "E")),
    ("N", "1H P X", ("illegal", "auction.double-partner")),
    ("N", "1H X P XX", ("illegal", "auction.redouble-partner")),
    ("N", "1H P P X P P P", ("1HX", "N", "E", "S")),
    ("N", "1C 1C", ("illegal", "auction.insufficient")),
    ("E", "P P P P", "passed out"),
    ("N", "1NT X P P XX P P P", ("1NXX", "N", "E", "S")),
    ("N", "2D P 2NT P 3NT P P P", ("3N", "S", "W", "N")),
    ("N", "1S X P P P", ("1SX", "N", "E", "S")),
    ("N", "1S P P P P", ("illegal", "auction.over")),
    ("W", "1D X XX X", ("illegal", "auction.double-twice")),
]


@pytest.mark.parametrize("dealer,text,expected", CASES, ids=[f"{d}:{t}" for d, t, _e in CASES])
def test_digest_auction_case(dealer: str, text: str, expected: object) -> None:
    d = SEATS.index(dealer)
    cs = calls(text)
    if isinstance(expected, tuple) and expected[0] == "illegal":
        prefix, last = cs[:-1], cs[-1]
        for i, c in enumerate(prefix):
            assert check_call(d, prefix[:i], c).ok
        v = check_call(d, prefix, last)
        assert not v.ok
        assert v.rule == expected[1]
        assert "Law" in v.reason
        assert load("bridge").rulebook.get(v.rule) is not None
        assert last not in legal_calls(d, prefix)
        return
    for i, c in enumerate(cs):
        assert check_call(d, cs[:i], c).ok, (i, c)
        assert c in legal_calls(d, cs[:i])
    assert auction_over(cs)
    if expected == "passed out":
        assert passed_out(cs)
        assert final_contract(d, cs) is None
        return
    contract, declarer, leader, dummy = expected  # type: ignore[misc]
    c = final_contract(d, cs)
    assert c is not None
    assert c.text() == contract
    assert SEATS[c.declarer] == declarer
    assert SEATS[c.leader] == leader
    assert SEATS[c.dummy] == dummy


def test_passed_out_hand_next_dealer_deals() -> None:
    g = load("bridge")
    st = g.new_match(g.presets["rubber"], 4, 1)  # East deals first
    from cardcli.engine.deal import shuffled_deck

    g.start_hand(st, shuffled_deck(g.deck(None, 4), 5, 1))
    for _ in range(4):
        g.apply(st, PASS)
    assert g.hand_over(st)
    res = g.hand_result(st)
    assert res is not None and res.detail["passed_out"] and res.points == [0, 0]
    assert g.next_dealer(st) == 2  # South deals the next hand
    assert g.needs_deal(st)


def test_redouble_by_the_future_dummy_is_legal() -> None:
    # 1S by N, doubled by E: S (North's partner) may redouble (Law 19B; the seed says only declarer may).
    cs = calls("1S X")
    assert check_call(0, cs, REDOUBLE).ok


def test_double_after_intervening_bid_of_own_side_is_refused() -> None:
    cs = calls("1S 2H 2S")  # dealer N: West calls next and may double South's 2S
    assert check_call(0, cs, DOUBLE).ok
    cs2 = calls("1S 2H 2S X")  # West doubled; North (South's partner) may redouble, not double
    assert check_call(0, cs2, REDOUBLE).ok
    assert not check_call(0, cs2, DOUBLE).ok


def test_nobody_is_forced_to_pass() -> None:
    # the seed says a player unable to beat the bid must pass; every player can always bid 7NT or less
    cs = calls("6NT")
    legal = legal_calls(0, cs)
    assert PASS in legal and parse_call("7N") in legal and DOUBLE in legal


def test_generator_and_checker_agree_on_random_auctions() -> None:
    rnd = random.Random(20240607)
    everything = [PASS, DOUBLE, REDOUBLE, *ALL_BIDS]
    for _ in range(1000):
        dealer = rnd.randrange(4)
        cs: list = []
        while not auction_over(cs):
            legal = legal_calls(dealer, cs)
            for c in everything:
                v = check_call(dealer, cs, c)
                assert v.ok == (c in legal), (dealer, cs, c, v)
                if not v.ok:
                    assert v.rule and v.reason
            cs.append(PASS if rnd.random() < 0.55 else rnd.choice(legal))
        c = final_contract(dealer, cs)
        if c is not None:
            # the declarer named the strain first for the side that made the final bid
            seats = [(dealer + i) % 4 for i in range(len(cs))]
            firsts = [s for s, x in zip(seats, cs) if getattr(x, "strain", None) == c.strain and s % 2 == c.declarer % 2]
            assert firsts[0] == c.declarer
