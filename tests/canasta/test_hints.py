"""Canasta hints are facts: regression positions from the issue, reason tables, and a seeded sweep."""

from __future__ import annotations

from collections import Counter

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng
from cardcli.games.canasta import moves as mv
from cardcli.games.canasta.bots import COPIES, CanastaBot, Reason
from cardcli.games.canasta.position import position
from cardcli.games.canasta.tokens import is_wild, token

GAME = load("canasta")


def _explain(st, bot: str = "basic", seat: int | None = None) -> tuple[str, Reason | str]:
    seat = st.to_act() if seat is None else seat
    b = GAME.bots[bot]()
    view, legal = GAME.view(st, seat), GAME.legal_moves(st)
    if hasattr(b, "explain"):
        move, reason = b.explain(view, legal, Rng(1, "t"))
        return GAME.format_move(move), reason
    move, why = b.advise(view, legal, Rng(1, "t"))
    return GAME.format_move(move), why


# -- the examples ----------------------------------------------------------------------


def test_a_pair_is_promised_only_when_it_stays_in_hand() -> None:
    """All three kings melded: the first bot said "a pair stays in hand for the pozzo"."""
    hand = "K K K 4 5 6 7 8 9 T J Q A 4 5 6 7 8 9"
    st = position(phase="play", hands={0: hand}, melds={0: ["Q Q Q Q Q Q Q"]}, pozzo="9H", stock=60)
    old_move, old_why = _explain(st, "basic-v1")
    assert old_move == "meld K K K" and "a pair stays in hand" in str(old_why)  # the old, false reason
    move, reason = _explain(st)
    assert isinstance(reason, Reason)
    if move.startswith("meld K"):
        assert reason.kind == "meld"  # no promise of a pair
    else:
        assert reason.kind != "meld-keep-pair" or _hand_after(st, move)["K"] >= 2


def _hand_after(st, move: str) -> Counter[str]:
    hand = Counter(token(c) for c in st.hands[st.to_act()])
    hand.subtract(GAME.parse_move(move).cards)  # type: ignore[union-attr]
    return hand


def test_keeps_its_twos_while_the_side_has_no_dirty_canasta() -> None:
    """Following the first bot a learner threw 2s on big pozzi and never made a dirty canasta."""
    st = position(
        phase="play",
        hands={0: "2 2 5 9 J K"},
        melds={0: ["Q Q Q Q Q Q Q", "8 8 8 8"]},
        pozzo="4H 5D 6C 7S 9D TC JH KS 4D 5C 6H 7D AS",
        stock=60,
    )
    assert _explain(st, "basic-v1")[0] == "discard 2"
    move, reason = _explain(st)
    assert move != "discard 2" and isinstance(reason, Reason) and reason.kind.startswith("discard")


def test_never_throws_a_wildcard_on_a_pozzo_already_frozen() -> None:
    st = position(
        phase="play",
        hands={0: "2 JK 5 9 J K"},
        melds={0: ["Q Q Q Q Q Q Q", "8 8 8 8 8 8 2"]},
        pozzo="4H 5D 6C 7S 9D TC JH KS 4D 5C 6H 7D AS 2D",
        stock=60,
        needs_three=True,
    )
    move, _r = _explain(st)
    assert move not in ("discard 2", "discard JK")


# -- reason kinds against the position --------------------------------------------------------


def _check(st, move: str, reason: Reason, seat: int) -> None:
    """Each kind of reason is a fact about the view it was given; fail with the position if not."""
    view = GAME.view(st, seat)
    side = view.side_of(seat)
    hand = Counter(token(c) for c in view.hand)
    m = GAME.parse_move(move)
    k = reason.kind
    melds = {x.key: x for x in view.melds[side] if not x.closed}
    canastas = [x.canasta for x in view.melds[side] if x.canasta]
    clean = sum(1 for c in canastas if c in ("clean", "clean-aces", "pinelle-clean"))
    ctx = (k, move, reason.text, view.hand)
    if k == "only":
        assert len(GAME.legal_moves(st)) == 1 or move == GAME.format_move(GAME.legal_moves(st)[0]), ctx
    elif k == "open":
        assert not view.opened[side] and isinstance(m, (mv.Meld, mv.Add)), ctx
    elif k == "take":
        assert isinstance(m, mv.Take) and str(view.pozzo_size) in reason.text, ctx
    elif k in ("ask", "go-out"):
        assert clean >= 1 and len(canastas) - clean >= 1, ctx
    elif k == "add-clean":
        assert isinstance(m, mv.Add) and not any(is_wild(c) for c in m.cards), ctx
        assert melds[m.target].shape()[1:] == (0, 0), ctx
    elif k == "meld-keep-pair":
        assert isinstance(m, mv.Meld) and hand[m.cards[0]] - len(m.cards) >= 2, ctx
    elif k == "meld":
        assert isinstance(m, mv.Meld) and not any(is_wild(c) for c in m.cards), ctx
    elif k == "complete-dirty":
        assert isinstance(m, mv.Add) and len(melds[m.target].cards) + len(m.cards) >= 7, ctx
        assert any(is_wild(c) for c in m.cards) or melds[m.target].shape()[1:] != (0, 0), ctx
    elif k in ("add-wild", "start-wild"):
        assert isinstance(m, (mv.Add, mv.Meld)) and all(is_wild(c) for c in m.cards), ctx
    elif k == "discard-three":
        assert move == "discard 3", ctx
    elif k == "discard-wild-freeze":
        assert isinstance(m, mv.Discard) and is_wild(m.card) and not view.needs_three, ctx
    elif k == "discard-wild-forced":
        assert all(is_wild(token(c)) or token(c) == "3" for c in view.hand), ctx
    elif k == "discard-unopened":
        assert not view.opened[view.side_of(view.next_seat(seat))], ctx
    elif k == "discard-seen":
        assert isinstance(m, mv.Discard)
        seen = Counter(token(c) for c in view.pozzo) + Counter(t for s in view.melds for x in s for t in x.tokens)
        assert f" {hand[m.card] + seen[m.card]} of the {COPIES} " in reason.text, ctx
    elif k == "discard-blocked":
        their = {x.key: x for x in view.melds[view.side_of(view.next_seat(seat))]}
        assert isinstance(m, mv.Discard) and m.card in their, ctx
        assert len(their[m.card].cards) >= 6 or their[m.card].closed, ctx


def test_reason_table() -> None:
    cases = [
        position(opened=(False, False), hands={0: "K K K Q Q Q 9 9 5 6"}, pozzo="7C 9H"),
        position(hands={0: "9 9 5 6 7"}, pozzo="7C 8D 9H"),
        position(phase="play", hands={0: "3 K Q 8 6 5"}, pozzo="KH 9D 9C 8S 7D 6H 5C TD JS QH AS 4D"),
        position(phase="play", hands={0: "K Q 8 6 5"}, opened=(True, False), pozzo="KH 9D"),
        position(
            players=2, phase="play", hands={0: "K K K", 1: "A A A A A A A"}, melds={0: ["Q Q Q Q Q Q Q", "8 8 8 8 8 8 JK"], 1: []}
        ),
        position(phase="play", hands={0: "J J J J J 4 9"}, stock=10),
    ]
    for st in cases:
        seat = st.to_act()
        move, reason = _explain(st)
        assert isinstance(reason, Reason)
        _check(st, move, reason, seat)


@pytest.mark.parametrize("players", [4, 2])
def test_reasons_hold_over_seeded_playouts(players: int) -> None:
    """Every decision of the default bot in seeded hands: its reason's fact holds in its view."""
    cfg = GAME.presets[GAME.default_preset]
    kinds: Counter[str] = Counter()
    for h in range(6):
        seed = f"reasons-{players}-{h}"
        st = GAME.new_match(cfg, players, 0)
        GAME.start_hand(st, shuffled_deck(GAME.deck(cfg, players), seed, 1))
        bot = CanastaBot()
        ply = 0
        while not GAME.hand_over(st):
            seat = GAME.to_act(st)
            legal = GAME.legal_moves(st)
            move, reason = bot.explain(GAME.view(st, seat), legal, Rng(seed, "bot", 1, seat, ply))
            _check(st, GAME.format_move(move), reason, seat)
            kinds[reason.kind] += 1
            GAME.apply(st, move)
            ply += 1
    assert {"take", "discard-seen", "meld"} <= set(kinds), kinds
