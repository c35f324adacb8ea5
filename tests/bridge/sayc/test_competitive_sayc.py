"""SAYC competitive bidding, situation by situation: a hand and an auction, the call cardcli's
system makes (the bots, ``hint`` and ``explain`` read the same table) and words of its meaning.
Each case names the section of the SAYC booklet it follows. Hands are written spades, hearts,
diamonds, clubs ("-" for a void); North deals every auction, so the hand is that of the player
whose turn it is after the calls given."""

from __future__ import annotations

import pytest

from cardcli.games.bridge import bidding as bd
from cardcli.games.bridge.auction import call_name
from cardcli.games.bridge.moves import parse_call

MICHAELS = "SAYC: Defensive bidding, Michaels cue-bid"
UNUSUAL = "SAYC: Defensive bidding, Unusual notrump"
OVERCALLS = "SAYC: Defensive bidding, Overcalls"
TAKEOUT = "SAYC: Defensive bidding, Takeout doubles"
BALANCING = "SAYC: Defensive bidding, Reopening (balancing)"
NT_DOUBLED = "SAYC: Interference after a 1NT opening, 1NT doubled"
NEGATIVE = "SAYC: Competitive bidding, Negative doubles"
INTERFERENCE = "SAYC: Competitive bidding, Bids after interference"
RESPONSIVE = "SAYC: Competitive bidding, Other doubles (no responsive doubles)"


def cards(hand: str) -> list[str]:
    """ "AQ863 KJ952 4 72" (spades, hearts, diamonds, clubs) as card codes."""
    out = []
    for holding, suit in zip(hand.split(), "SHDC"):
        out += [f"{r}{suit}" for r in holding if r != "-"]
    assert len(out) == 13, hand
    return out


def score0(seat: int) -> bd.Score:
    return bd.Score()


CASES = [
    # Michaels: both majors over a minor, the other major and a minor over a major; weak or strong
    (MICHAELS, "1C", "AQ863 KJ952 4 72", "2C", "Michaels cue bid: 5+ spades and 5+ hearts, weak: 6-11 HCP"),
    (MICHAELS, "1D", "KQ964 AJ873 5 82", "2D", "5+ spades and 5+ hearts"),
    (MICHAELS, "1C", "AKQ74 AKJ83 4 72", "2C", "strong: 16+ HCP"),
    (MICHAELS, "1H", "KQ984 3 KJ952 82", "2H", "5+ spades and a 5-card minor"),
    (MICHAELS, "1S", "5 KJ984 82 KQ953", "2S", "5+ hearts and a 5-card minor"),
    (MICHAELS, "1H", "KQJ84 3 AQ952 82", "1S", "overcall"),  # 12 HCP: between weak and strong
    (MICHAELS, "1C", "AQ863 KJ95 42 72", "1S", "overcall"),  # 5-4: not two-suited
    (MICHAELS, "1C 2C P", "87 Q963 KJ84 Q83", "2H", "picks partner's hearts"),
    (MICHAELS, "1C 2C P", "K872 A93 KJ84 83", "3S", "invitational"),
    (MICHAELS, "1D 2D P", "AJ72 K93 KQ84 83", "4S", "game in partner's spades"),
    (MICHAELS, "1H 2H P", "72 Q983 KJ84 Q83", "2NT", "asks for partner's minor"),
    (MICHAELS, "1H 2H P", "K72 983 QJ84 Q83", "2S", "picks partner's spades"),
    (MICHAELS, "1H 2H P 2NT P", "KQ984 3 KJ952 82", "3D", "shows the minor partner asked for: 5+ diamonds"),
    (MICHAELS, "1H 2H", "K72 Q984 K84 832", "3H", "raise"),
    (MICHAELS, "1H 2H", "A72 Q984 K84 Q32", "2S", "cue bid: a limit raise or better in hearts"),
    (MICHAELS, "1H 2H", "AJ72 98 KQ84 Q32", "X", "the hand is ours"),
    (UNUSUAL, "1C 2NT", "KJ72 Q98 A4 KJ32", "X", "the hand is ours"),
    # Unusual 2NT: the two lowest unbid suits
    (UNUSUAL, "1H", "5 3 KQ984 AJ9532", "2NT", "Unusual 2NT: 5+ diamonds and 5+ clubs"),
    (UNUSUAL, "1S", "4 5 KJ8742 KQ962", "2NT", "5+ diamonds and 5+ clubs"),
    (UNUSUAL, "1C", "4 KQ984 AJ953 72", "2NT", "5+ hearts and 5+ diamonds"),
    (UNUSUAL, "1D", "4 KQ984 72 AJ953", "2NT", "5+ hearts and 5+ clubs"),
    (UNUSUAL, "1S 2NT P", "8732 Q932 K4 Q83", "3C", "picks partner's clubs"),
    # overcalls and takeout doubles, and their answers
    (OVERCALLS, "1D", "AQJ84 K52 84 842", "1S", "overcall: 5+ spades"),
    (OVERCALLS, "1D", "KQJ984 52 84 842", "2S", "weak jump overcall"),
    (OVERCALLS, "1S", "52 84 AKJ84 K842", "2D", "overcall at the 2 level"),
    (OVERCALLS, "1D", "AQ4 KJ5 KQ84 J42", "1NT", "15-18 HCP, balanced"),
    (OVERCALLS, "1H", "KQ984 52 84 Q842", "Pass", "no suitable overcall"),
    (TAKEOUT, "1H", "AJ84 5 KQ84 Q842", "X", "takeout double: 12+ HCP"),
    (TAKEOUT, "1H", "AKJ4 AQ5 KQ8 842", "X", "or 17+ HCP"),
    (TAKEOUT, "1H X P", "8632 74 QJ4 K842", "1S", "answers the double"),
    (TAKEOUT, "1H X P", "KQ63 74 QJ4 K842", "2S", "jump answer"),
    (TAKEOUT, "1H X P", "AQ63 74 KJ4 K842", "4S", "game"),
    (TAKEOUT, "1H X P", "863 KQJ98 Q4 842", "Pass", "converts the double to penalties"),
    (RESPONSIVE, "1H X 2H", "842 KJ95 Q84 K42", "X", "penalty double"),
    # balancing: the pass-out seat bids on about 3 points less
    (BALANCING, "1H P P", "AJ84 5 Q984 Q842", "X", "balancing takeout double"),
    (BALANCING, "1H P P", "K94 A5 KJ84 Q842", "1NT", "balancing: 12-15 HCP"),
    (BALANCING, "1H P P", "KQ984 52 84 Q842", "1S", "balancing overcall"),
    # 1NT doubled: systems on, 2S to play
    (NT_DOUBLED, "1NT X", "QJ9743 K52 8743 -", "2H", "Jacoby transfer: 5+ spades"),
    (NT_DOUBLED, "1NT X", "852 KJ8743 87 43", "2D", "Jacoby transfer: 5+ hearts"),
    (NT_DOUBLED, "1NT X", "KJ85 Q874 K942 3", "2C", "Stayman"),
    (NT_DOUBLED, "1NT X", "KJ85 Q874 K4 943", "Pass", "content to play 1NT doubled"),
    (NT_DOUBLED, "1NT X", "K52 AJ8 Q874 K43", "XX", "redouble: 10+ HCP"),
    (NT_DOUBLED, "1NT X", "52 K8 Q87432 943", "3D", "to play: 6+ diamonds"),
    (NT_DOUBLED, "1NT X 2S P", "K84 AQ5 KJ84 Q42", "Pass", "to play"),
    (NT_DOUBLED, "1NT X 2D P", "K84 AQ5 KJ84 Q42", "2H", "completes the transfer"),
    # negative doubles through 2S, and opener's answers
    (NEGATIVE, "1C 1D", "KJ84 Q873 843 K4", "X", "negative double"),
    (NEGATIVE, "1C 1H", "KJ84 873 Q43 K42", "X", "4 cards in the unbid major (spades)"),
    (NEGATIVE, "1C 1H", "KJ843 73 Q43 K42", "1S", "5+ spades, forcing"),
    (NEGATIVE, "1D 2S", "73 KJ84 A843 Q42", "X", "negative double"),
    (NEGATIVE, "1H 1S", "73 84 KJ84 AQ842", "X", "4+ cards in both minors"),
    (NEGATIVE, "1D 2C", "AKJ84 73 Q43 K42", "2S", "10+ HCP, 5+ spades, forcing"),
    (NEGATIVE, "1D 2C X 3C", "K3 AQ4 AQ9843 72", "3D", "answers the negative double: 6+ diamonds"),
    (NEGATIVE, "1C 1D X P", "AQ84 K3 Q84 K842", "1S", "answers the negative double: 4+ spades, 12-15 points"),
    (NEGATIVE, "1C 1D X P", "AQ84 K3 Q84 AK42", "2S", "with a jump"),
    (NEGATIVE, "1C 1D X P", "A84 K3 Q84 KQ842", "1NT", "balanced, a stopper"),
    (NEGATIVE, "1H 2D X P", "A4 KQ983 KQT9 42", "Pass", "converts the negative double to penalties"),
    (NEGATIVE, "1C 1D X P", "K4 Q73 A4 KJ9843", "2C", "answers the negative double: 6+ clubs"),
    # a strong opener competes when partner has passed; the reopening double
    (INTERFERENCE, "1D 1H P 2H", "KJ54 - AKQ98 AQ82", "X", "takeout double: 16+ HCP"),
    (INTERFERENCE, "1D 1H P 2H", "KJ5 - AKQ984 AQ82", "3D", "competes: 6+ diamonds, 16+ points"),
    (INTERFERENCE, "1D 1H P 2H X P", "842 953 J4 Q9842", "3C", "answers the double"),
    (INTERFERENCE, "1D 1S P P", "4 K842 AQ984 K42", "X", "reopening takeout double"),
    # a new suit over a two-level overcall goes to the three level: forcing, 11+ HCP
    (INTERFERENCE, "1C 2S", "- 983 AKJ987 AKJ8", "3D", "11+ HCP, 5+ diamonds, forcing"),
    (INTERFERENCE, "1C 2S", "- 983 J98765 KJ87", "Pass", "pass: nothing useful"),
]


@pytest.mark.parametrize("section,auction,hand,call,words", CASES, ids=[f"{c[1]}:{c[3]}" for c in CASES])
def test_sayc_competitive_call(section: str, auction: str, hand: str, call: str, words: str) -> None:
    check_call(section, auction, hand, call, words)


def check_call(section: str, auction: str, hand: str, call: str, words: str) -> None:
    """South, after ``auction``, holding ``hand``, bids ``call`` for a reason with ``words`` in it;
    ``explain`` says the same, and the hand fits the call's stated shape."""
    calls = [parse_call(t) for t in auction.split()]
    got, why = bd.choose(cards(hand), 0, calls, score0)
    assert (call_name(got), section) == (call, section), why
    assert words in why, (section, why)
    # explain gives the same words as the bot's reason, and the hand fits the call's shape
    assert bd.explain(0, calls, score0, got) == why
    assert bd.meaning(bd.position(0, calls, score0), got).shape.holds(bd.Hand(cards(hand)))


def test_the_table_is_large_enough() -> None:
    assert len(CASES) >= 45
    assert len({c[0] for c in CASES}) >= 8


def _bot_auction(seed: str | int) -> list[str]:
    """The bots' auction of the first deal of ``cardcli play bridge --bots all --seed SEED``."""
    from cardcli.engine.deal import shuffled_deck
    from cardcli.engine.registry import load
    from cardcli.engine.rng import Rng

    game = load("bridge")
    cfg = game.presets["rubber"]
    state = game.new_match(cfg, 4, game.first_dealer(cfg, 4, seed))
    game.start_hand(state, shuffled_deck(game.deck(cfg, 4), seed, 1))
    bot = game.bots[game.default_bot]()
    while state.phase == "auction":
        seat = game.to_act(state)
        game.apply(state, bot.choose(game.view(state, seat), game.legal_moves(state), Rng(seed, seat, len(state.calls))))
    return [call_name(c) for c in state.calls]


def test_ex25_spades_over_1nt_doubled_are_played_in_spades() -> None:
    """Seed ex25: 1NT is doubled and responder holds six spades and no clubs; once 3C relayed to down 4."""
    calls = _bot_auction("ex25")
    assert calls[2:4] == ["1NT", "X"] and "3C" not in calls
    assert [c for c in calls if c not in ("Pass",)][-1] == "2S"


def test_228_a_strong_opener_does_not_pass_their_raise_out() -> None:
    """Seed 228: the 20-HCP opener with a heart void competes over 1D (1H) P (3H), the
    advancer's pre-emptive jump raise."""
    calls = _bot_auction(228)
    assert calls[:4] == ["1D", "1H", "Pass", "3H"]
    assert calls[4] != "Pass"
