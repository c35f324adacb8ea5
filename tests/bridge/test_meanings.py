"""One meaning per call per auction: `explain`, `hint`, the auction on the table, the PBN notes and
the bots' own reading of the auction agree, and each kind of reason is true of the position it
describes (doubles, passed hands, claims, play hints)."""

from __future__ import annotations

import re

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng
from cardcli.games.bridge import bidding as bd
from cardcli.games.bridge import bots as B
from cardcli.games.bridge import commands
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import call_name, caller
from cardcli.games.bridge.ddsolve import solve_position, tricks_for
from cardcli.games.bridge.moves import Bid, Double, Pass, parse_call
from cardcli.games.bridge.play import trump_of
from cardcli.games.bridge.sampling import knowledge, sample_deals
from cardcli.games.bridge.view import call_text
from tests.bridge.conftest import Table

NAMES = ("North", "East", "South", "West")
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def calls(text: str) -> list[mv.Call]:
    out = []
    for t in text.split():
        c = parse_call(t)
        assert c is not None, t
        out.append(c)
    return out


def score0(seat: int) -> bd.Score:
    return bd.Score()


def hcp(cards: list[str]) -> int:
    return sum(HCP.get(c[0], 0) for c in cards)


def last_meaning_line(game, view) -> str:
    lines = ["".join(t for _s, t in ln) for ln in game.render(view, "ascii")]
    return next(
        ln.strip()
        for ln in lines
        if "'s " in ln and ": " in ln and ln.startswith("  ") and "Auction" not in ln and ln.strip().split("'s ")[0] in NAMES
    )


# -- the property: explain, hint, summary, table and PBN notes say the same ---------------------------


def test_explain_hint_summary_and_notes_agree_on_every_call_of_1000_seeded_auctions() -> None:
    game = load("bridge")
    cfg = game.presets["rubber"]
    bot = B.SystemBot()
    checked = doubles = part_scores = 0
    for seed in range(1000):
        state = game.new_match(cfg, 4, seed % 4)
        # a spread of rubber scores: part scores and vulnerability change what calls mean
        if seed % 5 == 1:
            state.rubber.leg = [60, 0]
        elif seed % 5 == 2:
            state.rubber.leg = [0, 40]
        if seed % 7 == 3:
            state.rubber.games = [1, 0]
        game.start_hand(state, shuffled_deck(game.deck(cfg, 4), f"meaning-{seed}", 1))
        hints: list[str] = []
        explains: list[str] = []
        tables: list[str] = []
        while state.phase == "auction":
            seat = game.to_act(state)
            view = game.view(state, seat)
            move, why = bot.advise(view, game.legal_moves(state), Rng(seed, len(state.calls)))
            assert isinstance(move, (Bid, Pass, Double, mv.Redouble))
            prefix = f"{call_name(move)} by {NAMES[seat]} now: "
            (said,) = commands.explain(view, call_name(move))
            assert said.startswith(prefix), said
            meaning = said[len(prefix) :]
            # the hint is the meaning, then facts about this hand that are true
            assert why.startswith(meaning + " (this hand: "), (seed, state.calls, why, meaning)
            facts = why[len(meaning) + len(" (this hand: ") : -1]
            first = facts.split(", ")[0]
            assert first.startswith(f"{hcp(list(state.hands[seat]))} HCP"), (why, state.hands[seat])
            if " = " in first:
                # a count in points is shown as a sum the player can check, and it is the system's count
                h = bd.Hand(list(state.hands[seat]))
                total = int(first.split(" = ")[1].split()[0])
                assert total in (h.pts, *(h.sup(s) for s in bd.SUITS)), (why, state.hands[seat])
                assert f"+ {total - h.hcp} for " in first, why
            if isinstance(move, Bid) and move.strain != "N":
                n = sum(1 for c in state.hands[seat] if c[1] == move.strain)
                assert f"{n} {bd.sname(move.strain)}" in facts
            hints.append(meaning)
            explains.append(meaning)
            game.apply(state, move)
            if state.phase == "auction":
                line = last_meaning_line(game, game.view(state, (seat + 1) % 4))
                assert line == f"{NAMES[seat]}'s {call_text(move)}: {meaning}", line
                tables.append(meaning)
        if state.rubber.leg != [0, 0]:
            part_scores += 1
        # after the auction: the summary of every call, from every seat, and the PBN notes
        vul = state.rubber.vulnerability()
        notes = bd.auction_notes(state.dealer, state.calls, vul, state.rubber.leg)
        for seat in range(4):
            view = game.view(state, seat)
            for i, call in enumerate(state.calls):
                (line,) = commands.explain(view, str(i + 1))
                assert line == f"{i + 1}. {NAMES[caller(state.dealer, i)]} {call_name(call)}: {explains[i]}", (seed, line)
        assert notes == explains
        texts, _know = bd.interpret(state.dealer, state.calls, bd.score_for_side(vul, state.rubber.leg))
        assert texts == explains
        assert tables == explains[: len(tables)]
        # doubles: the text says what the one classification says
        reading = bd.read_auction(state.dealer, state.calls, bd.score_for_side(vul, state.rubber.leg))
        for i, m in enumerate(reading.meanings):
            if isinstance(m.call, Double):
                doubles += 1
                assert m.double == bd.double_kind(state.dealer, state.calls[:i])
                if m.double == bd.PENALTY:
                    assert "penalt" in m.text and "takeout" not in m.text, m.text
                else:
                    assert "takeout" in m.text or "negative" in m.text, m.text
        checked += len(state.calls)
    assert checked > 7000 and doubles > 50 and part_scores > 300


# -- the example of the issue: North's 3H after 1H X ---------------------------------------------------

# South opens 1H, West doubles for takeout, North has four hearts and two points.
JUMP_DEAL = "N:432.Q876.98765.6 8765.T9.JT.Q9875 AK.AKJ543.43.432 QJT9.2.AKQ2.AKJT"


def test_north_3h_after_1h_x_means_one_thing_everywhere() -> None:
    t = Table(JUMP_DEAL, dealer=2)
    bot = B.SystemBot()
    for expected in ("1H", "X"):
        seat = t.game.to_act(t.state)
        move, _why = bot.advise(t.view(seat), t.game.legal_moves(t.state), Rng(1))
        assert call_name(move) == expected
        t.do(expected)
    move, hint = bot.advise(t.view(0), t.game.legal_moves(t.state), Rng(1))
    assert move == Bid(3, "H")
    (explained,) = commands.explain(t.view(0), "3H")
    meaning = explained.split(": ", 1)[1]
    assert meaning == "pre-emptive jump raise: 4+ hearts, weak"
    assert hint == meaning + " (this hand: 2 HCP, 4 hearts)"
    t.do("3H")
    assert last_meaning_line(t.game, t.view(1)) == "North's 3H: " + meaning
    assert commands.explain(t.view(2), "3") == ["3. North 3H: " + meaning]
    assert bd.auction_notes(2, t.state.calls, (False, False), (0, 0))[2] == meaning


# -- doubles -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "dealer,auction,kind",
    [
        (0, "1H", bd.TAKEOUT),  # direct double of a one-level suit opening
        (0, "1H P 2H", bd.TAKEOUT),  # our side has only passed: still takeout
        (0, "1H P P", bd.TAKEOUT),  # the pass-out seat: balancing takeout
        (0, "3S", bd.TAKEOUT),  # a pre-empt at the 3 level
        (0, "4S", bd.PENALTY),  # the 4 level: penalty
        (0, "1N", bd.PENALTY),  # notrump: penalty
        (0, "1H 2C", bd.NEGATIVE),  # responder over an overcall: negative
        (0, "1H 2S", bd.NEGATIVE),  # through 2S
        (0, "1H 3C", bd.PENALTY),  # a 3-level overcall: penalty (negative doubles through 2S)
        (0, "1N 2H", bd.PENALTY),  # partner opened 1NT: penalty
        (0, "1H 1S 2H", bd.PENALTY),  # West's partner overcalled: penalty
        (0, "1H X 2C", bd.PENALTY),  # after their double and bid: penalty
        (0, "P 1S 2H 3H", bd.PENALTY),  # partner overcalled: penalty
    ],
)
def test_every_double_is_classified_by_one_rule(dealer: int, auction: str, kind: str) -> None:
    cs = calls(auction)
    assert bd.double_kind(dealer, cs) == kind
    text = bd.explain(dealer, cs, score0, Double())
    assert ("penalt" in text) == (kind == bd.PENALTY), text
    assert bd.meaning(bd.position(dealer, cs, score0), Double()).double == kind


# West opens 1NT, North doubles for penalties (16 HCP), East passes; South has five spades and no points.
PENALTY_DEAL = "N:KJ4.AQ5.AJ5.J842 52.7632.Q43.AKT5 T9876.T98.T97.96 AQ3.KJ4.K862.Q73"


def test_partner_leaves_a_penalty_double_in() -> None:
    t = Table(PENALTY_DEAL, dealer=3)
    bot = B.SystemBot()
    for expected in ("1NT", "X", "Pass"):
        seat = t.game.to_act(t.state)
        move, _why = bot.advise(t.view(seat), t.game.legal_moves(t.state), Rng(1))
        assert call_name(move) == expected, (expected, _why)
        t.do(expected)
    assert commands.explain(t.view(2), "2") == ["2. North X: penalty double of 1NT: 16+ HCP"]
    move, hint = bot.advise(t.view(2), t.game.legal_moves(t.state), Rng(1))
    # before the fix South "answered the double" in spades, as if it were for takeout
    assert move == Pass(), hint
    assert hint.startswith("pass: leaves partner's penalty double in")


def test_a_takeout_double_is_answered_and_a_negative_double_shows_the_major() -> None:
    # a takeout double: partner bids the best unbid suit, even with nothing
    call, why = bd.choose("TS 9S 8S 7S 6S TH 9H 8H TD 9D 7D 9C 6C".split(), 0, calls("1H X P"), score0)
    assert call == Bid(1, "S") and why.startswith("answers the double")
    # a negative double: opener shows four spades (a minimum cheaply, 16-18 points with a jump)
    call, why = bd.choose("AS KS 5S 4S JH KH QH 6H 3H 7D 2D 8C 3C".split(), 0, calls("1H 2C X P"), score0)
    assert call == Bid(2, "S") and why.startswith("answers the negative double: 4+ spades")
    call, why = bd.choose("AS KS 5S 4S AH KH QH 6H 3H 7D 2D 8C 3C".split(), 0, calls("1H 2C X P"), score0)
    assert call == Bid(3, "S") and why.startswith("answers the negative double with a jump: 4+ spades")
    assert bd.explain(0, calls("1H 2C"), score0, Double()).startswith("negative double")


# -- a passed hand ------------------------------------------------------------------------------------


def test_a_passed_hands_new_suit_is_not_forcing() -> None:
    # North passed, South opened 1H in third seat, North bids 1S
    reading = bd.read_auction(0, calls("P P 1H P 1S"), score0)
    assert reading.texts[4] == "4+ spades, 6-11 HCP, not forcing (a passed hand)"
    assert reading.forcing[4] is False and reading.know[0].hcp[1] <= 12
    # the same bid from a hand that has not passed is forcing
    fresh = bd.read_auction(2, calls("1H P 1S"), score0)
    assert "forcing one round" in fresh.texts[2] and fresh.forcing[2] is True
    # opener with a minimum and three spades may pass it, and says why
    call, why = bd.choose("QS 7S 4S AH KH 8H 6H 3H KD 7D 2D 8C 3C".split(), 0, calls("P P 1H P 1S P"), score0)
    assert call == Pass() and "not forcing" in why
    # over the forcing version the same hand must bid
    call, _why = bd.choose("QS 7S 4S AH KH 8H 6H 3H KD 7D 2D 8C 3C".split(), 2, calls("1H P 1S P"), score0)
    assert call != Pass()


# -- claims name the claiming side -----------------------------------------------------------------------


def _ending() -> Table:
    """The test deal (1S by North, raised to 2S) played by the bots for 8 tricks."""
    t = Table()
    t.do("1S", "P", "2S", "P", "P", "P")
    bot = B.SystemBot()
    while t.state.cards_played < 32:
        seat = t.game.to_act(t.state)
        m = bot.choose(t.view(seat), t.game.legal_moves(t.state), Rng(1, "t", seat, t.state.cards_played))
        if isinstance(m, mv.Claim):
            m = next(x for x in t.game.legal_moves(t.state) if isinstance(x, mv.Play))
        t.game.apply(t.state, m)
    return t


@pytest.mark.parametrize("extra", [0, 1])
def test_the_claim_hint_names_the_claiming_side_and_counts_its_tricks(extra: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardcli.games.bridge import dds as ddsmod

    monkeypatch.setattr(ddsmod, "available", lambda: False)
    t = _ending()
    claimer = t.game.to_act(t.state)
    side = claimer % 2
    hands = [list(h) for h in t.state.hands]
    can = tricks_for(hands, trump_of(t.state.contract.strain), t.state.leader, list(t.state.trick), side)
    have = t.state.won[side]
    claimed = have + can + extra
    if claimed > have + 13 - len(t.state.tricks):
        pytest.skip("cannot claim more than every trick")
    t.game.apply(t.state, mv.Claim(claimed))
    responder = t.game.to_act(t.state)
    assert responder % 2 != side
    move, why = B.SystemBot().advise(t.view(responder), t.game.legal_moves(t.state), Rng(1))
    assert move == mv.Respond(extra == 0)
    side_name = ("NS", "EW")[side]
    assert f"{side_name} ({NAMES[claimer]}'s side)" in why, why
    assert "your side" not in why
    assert f" {have + can} tricks" in why and f"{claimed}" in why


# -- play hints count the contract's tricks ----------------------------------------------------------------


def test_the_play_hint_counts_the_tricks_already_won() -> None:
    t = _ending()
    seat = t.game.to_act(t.state)
    view = t.view(t.state.contract.declarer if seat == t.state.contract.dummy else seat)
    side = seat % 2
    won = t.state.won[side]
    assert won >= 3  # the example: tricks already won must be counted
    cards = [m.card for m in t.game.legal_moves(t.state) if isinstance(m, mv.Play)]
    got = B.pimc(view, cards, Rng(4), "python", samples=8)
    assert got is not None
    card, why = got
    # recount independently: the same sampled layouts, solved again
    layouts = sample_deals(knowledge(view), 8, Rng(4).fork("pimc"))
    scores = [
        solve_position(h, trump_of(t.state.contract.strain), view.leader, list(view.trick), max_nodes=40_000) for h in layouts
    ]
    to_come = sum(s[card] for s in scores) / len(scores)
    side_name = ("NS", "EW")[side]
    m = re.search(
        rf"with {card}, {side_name} end with ([0-9.]+) tricks on average \((\d+) won, ([0-9.]+) of the (\d+) "
        r"to come\)",
        why,
    )
    assert m is not None, why
    assert float(m.group(1)) == pytest.approx(won + to_come, abs=0.05)
    assert int(m.group(2)) == won and float(m.group(3)) == pytest.approx(to_come, abs=0.05)
    assert int(m.group(4)) == 13 - len(t.state.tricks)
    c = t.state.contract
    assert f"{c.level}{c.strain} needs {c.level + 6}" in why or f"beat {c.level}{c.strain}" in why
