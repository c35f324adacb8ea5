"""Burraco hints are facts: regression positions from the issue, reason tables, and a seeded sweep."""

from __future__ import annotations

from collections import Counter

import pytest
from burraco.situations import GAME, situation

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.rng import Rng
from cardcli.games.burraco import moves as mv
from cardcli.games.burraco.basic_v1 import _Context
from cardcli.games.burraco.bots import BurracoBot, Reason, new_melds_with, partners
from cardcli.games.burraco.table import is_wild

OPP = "4D 5D 6D 8S 9S TS JS QS KD 3H 4H"


def _explain(st, bot: str = "basic") -> tuple[str, Reason | str]:
    b = GAME.bots[bot]()
    view, legal = GAME.view(st, st.turn), GAME.legal_moves(st)
    if hasattr(b, "explain"):
        move, reason = b.explain(view, legal, Rng(1, "t"))
        return GAME.format_move(move), reason
    move, why = b.advise(view, legal, Rng(1, "t"))
    return GAME.format_move(move), why


# -- the examples ----------------------------------------------------------------------


def test_takes_a_one_card_pile_that_makes_a_set() -> None:
    """The first bot's greedy count saw the run 8H 9H TH and missed the set 9D 9H 9S (same points)."""
    st = situation(
        ["3C 5C KC AD 9D QD 6H 8H 9H TH 4S", OPP], discard="9S", phase="draw", melds=[(0, "AD AS AH"), (0, "6S 6C JK")]
    )
    assert _explain(st, "basic-v1")[0] == "draw"
    move, reason = _explain(st)
    assert move == "take" and isinstance(reason, Reason) and reason.kind == "take-meld"
    assert "9S" in reason.text and "9D" in reason.text and "9H" in reason.text


def test_does_not_discard_an_ace_that_fits_the_opponents_run() -> None:
    st = situation(["AH 5C 5D 6C 6D", OPP], melds=[(1, "JH QH KH")], discard="3C")
    assert _explain(st, "basic-v1")[0] == "discard AH"
    move, reason = _explain(st)
    assert move != "discard AH" and isinstance(reason, Reason)
    assert "opponents" not in reason.text  # the card thrown fits none of their melds


def test_partners() -> None:
    hand = ["AH", "KH", "QH", "2H", "3H", "AS", "9D", "JK"]
    assert partners("AH", hand) == ["KH", "QH", "3H", "AS"]  # twos and jokers are wildcards, never partners
    assert partners("9D", hand) == []


# -- reason kinds against the position --------------------------------------------------------


def _check(st, move: str, reason: Reason, seat: int) -> None:
    view = GAME.view(st, seat)
    ctx = _Context(view)
    hand = list(view.hand)
    m = GAME.parse_move(move)
    k = reason.kind
    info = (k, move, reason.text, hand, view.discard)
    if k == "take-meld":
        assert isinstance(m, mv.Take) and len(view.discard) == 1 and new_melds_with(view.discard[0], hand, ctx), info
    elif k == "take-useful":
        named = reason.text.split(": ", 1)[1].split(" join")[0].split()
        for c in named:
            assert c in view.discard and (is_wild(c) or ctx.fits_own(c) or new_melds_with(c, hand, ctx)), info
    elif k == "draw-useless":
        assert not any(is_wild(c) or ctx.fits_own(c) or new_melds_with(c, hand, ctx) for c in view.discard), info
    elif k == "draw-wild-back":
        assert all(is_wild(c) for c in hand) and len(view.discard) == 1, info
    elif k == "meld-clean":
        assert isinstance(m, mv.MeldMove), info
        wilds = [c for c in m.cards if is_wild(c)]
        assert not wilds or (len(wilds) == 1 and wilds[0] != "JK"), info
    elif k == "attach-burraco":
        assert isinstance(m, mv.Attach) and ctx.meld_size(m.target) < 7 <= ctx.meld_size(m.target) + len(m.cards), info
    elif k == "discard-nothing":
        assert isinstance(m, mv.Discard) and not ctx.fits_own(m.card), info
        r = m.card[0]
        others = list(hand)
        others.remove(m.card)
        assert not any(c[0] == r for c in others if not is_wild(c)), info  # no card of the same rank
        assert not partners(m.card, hand), info
    elif k == "discard-partners":
        assert isinstance(m, mv.Discard)
        named = reason.text.split("goes only with ", 1)[1].split(" (")[0].split()
        assert Counter(named) == Counter(partners(m.card, hand)), info
    elif k == "discard-last":
        assert len(hand) == 1, info
    if k.startswith("discard-") and k != "discard-last" and isinstance(m, mv.Discard) and not is_wild(m.card):
        assert ("opponents' meld" in reason.text) == ctx.fits_opponents(m.card), info


@pytest.mark.parametrize("players", [4, 2])
def test_reasons_hold_over_seeded_playouts(players: int) -> None:
    cfg = GAME.presets[GAME.default_preset]
    kinds: Counter[str] = Counter()
    for h in range(4):
        seed = f"reasons-{players}-{h}"
        st = GAME.new_match(cfg, players, 0)
        GAME.start_hand(st, shuffled_deck(GAME.deck(cfg, players), seed, 1))
        bot = BurracoBot()
        ply = 0
        while not GAME.hand_over(st):
            seat = GAME.to_act(st)
            move, reason = bot.explain(GAME.view(st, seat), GAME.legal_moves(st), Rng(seed, "bot", 1, seat, ply))
            _check(st, GAME.format_move(move), reason, seat)
            kinds[reason.kind] += 1
            GAME.apply(st, move)
            ply += 1
    assert {"meld-clean", "discard-partners"} <= set(kinds), kinds
