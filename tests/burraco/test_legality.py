"""Burraco rule tables: situations from the rules digest (§2, §3, §4, §6) → verdict and rule id.

Each case also checks that the refusal names a rule present in the rulebook, and that the
legal-move generator lists a canonical move exactly when the checker allows it.
"""

from __future__ import annotations

import pytest
from burraco.situations import GAME, legal, situation, verdict

NS, EW = 0, 1
TWO = ["KS QS", "9D"]  # a 2-player table with South to play; tests replace South's hand
BURRACO_NS = (NS, "3S 4S 5S 6S 7S 8S 9S")  # a clean burraco for North-South

CASES = [
    # -- turn order --------------------------------------------------------------------------------------------
    ("meld before drawing", dict(hands=["5H 6H 7H KS", "9D"], phase="draw"), "meld 5H 6H 7H", "turn.draw-first"),
    ("discard before drawing", dict(hands=["5H 6H 7H KS", "9D"], phase="draw"), "discard KS", "turn.draw-first"),
    ("a second draw", dict(hands=["5H 6H 7H KS", "9D"]), "draw", "turn.drawn"),
    ("taking the pile after drawing", dict(hands=["5H 6H 7H KS", "9D"]), "take", "turn.drawn"),
    ("draw", dict(hands=["5H KS", "9D"], phase="draw"), "draw", None),
    ("take the pile", dict(hands=["5H KS", "9D"], phase="draw", discard="4C 7D"), "take", None),
    ("the last two stock cards are never drawn", dict(hands=["5H KS", "9D"], phase="draw", stock=2), "draw", "draw.stock-end"),
    # -- runs ------------------------------------------------------------------------------------------------
    ("a run", dict(hands=["5H 6H 7H KS", "9D"]), "meld 5H 6H 7H", None),
    ("two naturals and a matta", dict(hands=["5H 6H JK KS", "9D"]), "meld 5H 6H JK", None),
    ("a matta in the gap", dict(hands=["5H 7H JK KS", "9D"]), "meld 5H JK 7H", None),
    ("two wildcards in a run", dict(hands=["5H 6H JK 2S KS", "9D"]), "meld 5H 6H JK 2S", "meld.run.wilds"),
    ("a pinella as natural two plus one matta", dict(hands=["AC 2C 3C 4C JK KS", "9D"]), "meld AC 2C 3C 4C JK", None),
    ("a pinella of another suit is a second matta", dict(hands=["3C 2S 5C JK KS", "9D"]), "meld 3C 2S 5C JK", "meld.run.wilds"),
    ("the same card twice in a run", dict(hands=["5H 6H 6H 7H KS", "9D"]), "meld 5H 6H 6H 7H", "meld.run.sequence"),
    ("mixed suits", dict(hands=["5H 6H 7S KS", "9D"]), "meld 5H 6H 7S", "meld.run.suit"),
    ("a gap without a matta", dict(hands=["5H 6H 8H KS", "9D"]), "meld 5H 6H 8H", "meld.run.sequence"),
    ("ace high", dict(hands=["QH KH AH 5S", "9D"]), "meld QH KH AH", None),
    ("ace low", dict(hands=["AH 2H 3H 5S", "9D"]), "meld AH 2H 3H", None),
    ("wrap-around K-A-2-3", dict(hands=["KH AH 2H 3H 5S", "9D"]), "meld KH AH 2H 3H", "meld.run.ace"),
    ("wrap-around Q-K-A-3 with the ace inside", dict(hands=["QH KH AH 3H 5S", "9D"]), "meld QH KH AH 3H", "meld.run.sequence"),
    (
        "two natural aces",
        dict(hands=["AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 5S", "9D"]),
        "meld AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "meld.run.ace",
    ),
    (
        "14 cards: A to K and a matta as the high ace",
        dict(hands=["AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK 5S", "9D"]),
        "meld AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK",
        None,
    ),
    ("two cards", dict(hands=["5H 6H KS", "9D"]), "meld 5H 6H", "meld.size"),
    # -- sets ------------------------------------------------------------------------------------------------
    ("a set with a repeated suit", dict(hands=["7H 7H 7S KS", "9D"]), "meld 7H 7H 7S", None),
    ("a set with one matta", dict(hands=["7H 7S JK KS", "9D"]), "meld 7H 7S JK", None),
    ("a set with two mattas", dict(hands=["7H 7S JK 2D KS", "9D"]), "meld 7H 7S JK 2D", "meld.set.wilds"),
    ("a set of twos", dict(hands=["2H 2S 2C KS", "9D"]), "meld 2H 2S 2C", "meld.wild-only"),
    ("a set of jokers and twos", dict(hands=["2H JK 2C KS", "9D"]), "meld 2H JK 2C", "meld.wild-only"),
    (
        "a second set of a rank the team has",
        dict(hands=["7C 7D 7D KS", "9D"], melds=[(NS, "7H 7S 7H")]),
        "meld 7C 7D 7D",
        "meld.same-rank",
    ),
    (
        "a set of a rank only the opponents have",
        dict(hands=["7C 7D 7D KS", "9D"], melds=[(EW, "7H 7S 7H")]),
        "meld 7C 7D 7D",
        None,
    ),
    ("a second run of the same suit", dict(hands=["9H TH JH KS", "9D"], melds=[(NS, "3H 4H 5H")]), "meld 9H TH JH", None),
    (
        "International: sets of kings",
        dict(hands=["KC KD KH 5S", "9D"], preset="fibur-internazionale"),
        "meld KC KD KH",
        "meld.set.rank",
    ),
    ("International: sets of threes", dict(hands=["3C 3D 3H 5S", "9D"], preset="fibur-internazionale"), "meld 3C 3D 3H", None),
    ("a tenth card in a set", dict(hands=["7D KS 5S", "9D"], melds=[(NS, "7H 7H 7S 7S 7C 7C 7D JK")]), "attach 7D 1", None),
    (
        "a set of nine takes no more",
        dict(hands=["2C KS 5S", "9D"], melds=[(NS, "7H 7H 7S 7S 7C 7C 7D 7D JK")]),
        "attach 2C 1",
        "meld.set.size",
    ),
    ("meld cards not held", dict(hands=["5H 6H KS", "9D"]), "meld 5H 6H 7H", "meld.held"),
    # -- attaching ------------------------------------------------------------------------------------------
    ("attach to the team's meld", dict(hands=["8H KS QS", "9D"], melds=[(NS, "5H 6H 7H")]), "attach 8H 1", None),
    ("attach to the opponents' meld", dict(hands=["8H KS QS", "9D"], melds=[(EW, "5H 6H 7H")]), "attach 8H 1", "attach.own-team"),
    (
        "attach to the partner's meld (4 players)",
        dict(hands=["8H KS QS", "9D", "4C", "4D"], melds=[(NS, "5H 6H 7H")]),
        "attach 8H 1",
        None,
    ),
    (
        "attach to a meld that does not exist",
        dict(hands=["8H KS QS", "9D"], melds=[(NS, "5H 6H 7H")]),
        "attach 8H 2",
        "attach.target",
    ),
    ("a second matta on a run", dict(hands=["2S KS QS", "9D"], melds=[(NS, "5H 6H JK")]), "attach 2S 1", "meld.run.wilds"),
    ("a second matta on a set", dict(hands=["2S KS QS", "9D"], melds=[(NS, "7H 7S JK")]), "attach 2S 1", "meld.set.wilds"),
    ("replace the matta with its natural card", dict(hands=["7C KS QS", "9D"], melds=[(NS, "6C JK 8C")]), "attach 7C 1", None),
    ("10C alone on 6C JK 8C", dict(hands=["TC KS QS", "9D"], melds=[(NS, "6C JK 8C")]), "attach TC 1", "meld.run.sequence"),
    ("7C and 10C together on 6C JK 8C", dict(hands=["7C TC KS QS", "9D"], melds=[(NS, "6C JK 8C")]), "attach 7C TC 1", None),
    ("the free matta moves to let 8C in", dict(hands=["8C KS QS", "9D"], melds=[(NS, "5C 6C 2D")]), "attach 8C 1", None),
    (
        "a natural two stays natural",
        dict(hands=["6H KS QS", "9D"], melds=[(NS, "2H 3H 4H")]),
        "attach 6H 1",
        "attach.natural-two",
    ),
    ("wild=CARD at the other end", dict(hands=["5H 6H JK KS", "9D"]), "meld 5H 6H JK wild=7H", None),
    ("wild=CARD where it cannot go", dict(hands=["5H 6H JK KS", "9D"]), "meld 5H 6H JK wild=9H", "wild.place"),
    ("wild=CARD for an inner matta", dict(hands=["5H 7H JK KS", "9D"]), "meld 5H JK 7H wild=8H", "wild.place"),
    # -- discarding ----------------------------------------------------------------------------------------
    (
        "discard the single card just taken from a one-card pile",
        dict(hands=["7D KS QS", "9D"], single_taken="7D", discard=""),
        "discard 7D",
        "discard.single-pile",
    ),
    (
        "discard another card after taking a one-card pile",
        dict(hands=["7D KS QS", "9D"], single_taken="7D", discard=""),
        "discard KS",
        None,
    ),
    (
        "discard its twin (forbidden by default)",
        dict(hands=["7D 7D KS QS", "9D"], single_taken="7D", discard=""),
        "discard 7D",
        "discard.single-pile",
    ),
    (
        "discard its twin with single_pile_twin_discard",
        dict(hands=["7D 7D KS QS", "9D"], single_taken="7D", discard="", single_pile_twin_discard=True),
        "discard 7D",
        None,
    ),
    (
        "discard a card just taken from a pile of several",
        dict(hands=["7D 4C KS QS", "9D"], took_pile=True, discard=""),
        "discard 7D",
        None,
    ),
    ("discard a wildcard (not closing)", dict(hands=["JK KS QS", "9D"]), "discard JK", None),
    ("discard a card not held", dict(hands=["KS QS", "9D"]), "discard JS", "discard.held"),
    (
        "International: discard right after taking the pile",
        dict(hands=["7D 7C 7H KS", "9D"], took_pile=True, discard="", preset="fibur-internazionale", set_ranks="A37"),
        "discard KS",
        "take.must-meld",
    ),
    (
        "International: discard after taking and melding",
        dict(hands=["KS QS", "9D"], took_pile=True, played_after_take=True, discard="", preset="fibur-internazionale"),
        "discard KS",
        None,
    ),
    (
        "International: no pile without a meld to make",
        dict(hands=["4C 9H", "9D"], phase="draw", discard="KD", preset="fibur-internazionale"),
        "take",
        "take.must-meld",
    ),
    (
        "International: the pile when it makes a meld",
        dict(hands=["4C 5C 9H", "9D"], phase="draw", discard="6C", preset="fibur-internazionale"),
        "take",
        None,
    ),
    (
        "house rule: no pile before the team has a meld",
        dict(hands=["4C 9H", "9D"], phase="draw", discard="KD", house_open_before_pile=True),
        "take",
        "take.house-open",
    ),
    (
        "a one-card pile of the only card you hold",
        dict(hands=["7D", "9D"], phase="draw", discard="7D"),
        "take",
        "take.single-twin",
    ),
    # -- the last-card rule and closing -----------------------------------------------------------------------
    ("al volo: meld every card before the pozzetto", dict(hands=["5H 6H 7H", "9D"]), "meld 5H 6H 7H", None),
    ("leave a matta before the pozzetto", dict(hands=["5H 6H 7H JK", "9D"]), "meld 5H 6H 7H", None),
    (
        "closing by melding the last card",
        dict(hands=["5H 6H 7H", "9D"], pozzetto=(1, 0), melds=[BURRACO_NS]),
        "meld 5H 6H 7H",
        "close.discard-needed",
    ),
    (
        "attaching the last card after the pozzetto",
        dict(hands=["TS", "9D"], pozzetto=(1, 0), melds=[BURRACO_NS]),
        "attach TS 1",
        "close.discard-needed",
    ),
    (
        "a meld leaving a matta as the last card",
        dict(hands=["5H 6H 7H JK", "9D"], pozzetto=(1, 0), melds=[BURRACO_NS]),
        "meld 5H 6H 7H",
        "close.wildcard",
    ),
    (
        "a meld leaving a card without a burraco",
        dict(hands=["5H 6H 7H KS", "9D"], pozzetto=(1, 0)),
        "meld 5H 6H 7H",
        "close.burraco",
    ),
    (
        "a meld leaving a closing card",
        dict(hands=["5H 6H 7H KS", "9D"], pozzetto=(1, 0), melds=[BURRACO_NS]),
        "meld 5H 6H 7H",
        None,
    ),
    (
        "the meld that makes the burraco may leave the closing card",
        dict(hands=["TS KH", "9D"], pozzetto=(1, 0), melds=[(NS, "4S 5S 6S 7S 8S 9S")]),
        "attach TS 1",
        None,
    ),
    (
        "a meld leaving the card just taken from a one-card pile",
        dict(hands=["5H 6H 7H 7D", "9D"], single_taken="7D", discard=""),
        "meld 5H 6H 7H",
        "lastcard.single-pile",
    ),
    (
        "an attachment leaving only two copies of the card just taken",
        dict(hands=["3S 3S KH", "9D"], single_taken="3S", discard="", melds=[(NS, "TH JH QH")]),
        "attach KH 1",
        "lastcard.single-pile",
    ),
    (
        "International: a dirty burraco does not let you close",
        dict(hands=["5H 6H 7H KS", "9D"], pozzetto=(1, 0), melds=[(NS, "3S 4S 5S JK 7S 8S 9S")], preset="fibur-internazionale"),
        "meld 5H 6H 7H",
        "close.burraco",
    ),
    ("close", dict(hands=["KS", "9D"], pozzetto=(1, 0), melds=[BURRACO_NS]), "discard KS", None),
    ("close stated as such", dict(hands=["KS", "9D"], pozzetto=(1, 0), melds=[BURRACO_NS]), "close KS", None),
    ("closing on a wildcard", dict(hands=["2D", "9D"], pozzetto=(1, 0), melds=[BURRACO_NS]), "discard 2D", "close.wildcard"),
    ("closing without a burraco", dict(hands=["KS", "9D"], pozzetto=(1, 0)), "discard KS", "close.burraco"),
    ("closing without the pozzetto", dict(hands=["KS", "9D"], melds=[BURRACO_NS]), "close KS", "close.pozzetto"),
    ("the last card before the pozzetto is not a close", dict(hands=["KS", "9D"], melds=[BURRACO_NS]), "discard KS", None),
    ("a wildcard as the last card before the pozzetto", dict(hands=["JK", "9D"]), "discard JK", None),
    ("`close` with cards left", dict(hands=["KS QS", "9D"], pozzetto=(1, 0), melds=[BURRACO_NS]), "close KS", "close.last-card"),
    (
        "the partner closes once the team has the pozzetto",
        dict(hands=["KS", "9D", "4C 4D", "5D"], pozzetto=(2, 0), melds=[BURRACO_NS]),
        "discard KS",
        None,
    ),
]


@pytest.mark.parametrize(("what", "kw", "move", "rule"), CASES, ids=[c[0] for c in CASES])
def test_rule_table(what: str, kw: dict, move: str, rule: str | None) -> None:
    st = situation(**kw)
    v = verdict(st, move)
    if rule is None:
        assert v.ok, f"{what}: refused: {v.reason} [{v.rule}]"
    else:
        assert not v.ok, f"{what}: allowed"
        assert v.rule == rule, f"{what}: {v.reason} [{v.rule}]"
        assert v.reason and "\n" not in v.reason
        assert GAME.rulebook.get(v.rule) is not None, f"rule {v.rule} is not in the rulebook"
    parsed = GAME.parse_move(move)
    canonical = GAME.format_move(parsed)
    generated = legal(st)
    listed_kinds = ("draw", "take", "discard")
    if canonical.split()[0] in listed_kinds or (
        canonical.startswith("attach") and len(parsed.cards) == 1 and "wild=" not in canonical
    ):
        assert (canonical in generated) == v.ok, f"{what}: generator lists {generated}"


def test_generated_melds_are_the_checked_ones() -> None:
    """In positions with wildcards and twos, every generated meld is allowed and the allowed ones are listed."""
    st = situation(["AC 2C 3C 4C 5C JK 2H 7C 7C 7D KS", "9D"], melds=[(NS, "7H 7S 7S")])
    gen = [m for m in legal(st) if m.startswith("meld")]
    assert "meld AC 2C 3C" in gen and "meld 2H 3C 4C" in gen and "meld AC 2C 3C 4C 5C JK" in gen
    assert not any(sorted(m.split()[1:]) == ["7C", "7C", "7D"] for m in gen)  # second set of sevens
    for m in gen:
        assert verdict(st, m).ok, m


def test_wildcard_layouts() -> None:
    """Where the matta stands: in the gap, at the low end by default, where it was when still free."""
    from burraco.situations import play

    st = situation(["5C 6C 2D 8C 4C KS QS JS", "9D"])
    play(st, "meld 5C 6C 2D")
    assert st.melds[0].layout.cards == ("2D", "5C", "6C")  # free matta at the low end (4C)
    play(st, "attach 8C 1")
    assert st.melds[0].layout.cards == ("5C", "6C", "2D", "8C")  # moved to 7C to let 8C in
    play(st, "attach 4C 1")
    assert st.melds[0].layout.cards == ("4C", "5C", "6C", "2D", "8C")
    st = situation(["5H 6H JK 4H KS", "9D"])
    play(st, "meld 5H 6H JK wild=7H", "attach 4H 1")
    assert st.melds[0].layout.cards == ("4H", "5H", "6H", "JK")  # stays at the high end


def test_replacing_the_matta_frees_it_to_an_end() -> None:
    from burraco.situations import play

    st = situation(["7C KS QS", "9D"], melds=[(NS, "6C JK 8C")])
    play(st, "attach 7C 1")
    lay = st.melds[0].layout
    assert lay.cards == ("JK", "6C", "7C", "8C") and lay.stands_for(0) == "5C"


def test_renaturalised_pinella() -> None:
    """Digest A14: 4H 5H 2H(=3H) plus 3H makes the 2H natural again, unless the option is off."""
    from burraco.situations import play

    from cardcli.games.burraco.table import burraco_kind

    for allow, wilds in ((True, 0), (False, 1)):
        st = situation(["3H 6H 7H 8H KS QS", "9D"], melds=[(NS, "4H 5H 2H")], pinella_can_renaturalize=allow)
        play(st, "attach 3H 1", "attach 6H 1", "attach 7H 1", "attach 8H 1")
        tm = st.melds[0]
        assert tm.layout.cards == ("2H", "3H", "4H", "5H", "6H", "7H", "8H")
        from cardcli.games.burraco.table import wild_positions

        assert len(wild_positions(tm)) == wilds
        assert burraco_kind(tm, st.config) == ("clean" if allow else "dirty")  # 6 naturals beside the two
    st = situation(["3H JK KS QS", "9D"], melds=[(NS, "4H 5H 2H")], pinella_can_renaturalize=False)
    play(st, "attach 3H 1")
    assert verdict(st, "attach JK 1").rule == "meld.run.wilds"


def test_refusals_read_as_one_line_with_a_rule() -> None:
    st = situation(["2H 2S 2C KS", "9D"])
    v = verdict(st, "meld 2H 2S 2C")
    assert "sets of twos" in v.reason
    st = situation(["8H KS QS", "9D"], melds=[(EW, "5H 6H 7H")])
    assert "opponents" in verdict(st, "attach 8H 1").reason
