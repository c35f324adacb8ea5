"""Rummy hints are facts: regression positions from the issue, reason tables, and a seeded sweep."""

from __future__ import annotations

from collections import Counter

from rummy.situations import GAME, situation

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.meld_search import best_partition
from cardcli.engine.rng import Rng
from cardcli.games.rummy import moves as mv
from cardcli.games.rummy.bots import HIGH, BasicRummyBot, Reason, partners
from cardcli.games.rummy.scoring import card_value


def _explain(st) -> tuple[str, Reason]:
    move, reason = BasicRummyBot().explain(GAME.view(st, st.turn), GAME.legal_moves(st), Rng(1, "t"))
    return GAME.format_move(move), reason


def _near(card: str, hand: list[str]) -> bool:
    """A card of the same rank, or of the same suit within two ranks (ace low), is in ``hand``."""
    ranks = "A23456789TJQK"
    return any(
        c != card and (c[0] == card[0] or (c[1] == card[1] and abs(ranks.index(c[0]) - ranks.index(card[0])) <= 2)) for c in hand
    )


def test_nine_of_diamonds_with_the_eight_in_hand() -> None:
    """The hint said "9D joins nothing in your hand" while the hand held 8D."""
    st = situation(["8D 2C 5S KH QC 7S JD", "4C 4D 4H 5C 6C 7C 8C"], discard="9D", phase="draw")
    move, reason = _explain(st)
    assert move == "draw stock"
    assert "joins nothing" not in reason.text and reason.kind == "draw-partial" and "8D" in reason.text


def test_no_high_cards_talk_about_a_pair_of_twos() -> None:
    """The hint said "shed high cards" about a hand of 2C 2D."""
    st = situation(["2C 2D 5H", "4C 4D"], discard="KS", phase="play", stock="9C 9D 9H")
    move, reason = _explain(st)
    assert "high cards" not in reason.text
    assert reason.kind != "discard-high"


def _check(st, move: str, reason: Reason) -> None:
    view = GAME.view(st, st.turn)
    hand = list(view.hand)
    ace = view.config.ace_points
    rules = view.config.meld_rules()
    m = GAME.parse_move(move)
    k = reason.kind
    info = (k, move, reason.text, hand, view.discard_top)
    if k == "draw-nothing":
        assert not _near(view.discard_top, hand), info
    elif k == "draw-partial":
        assert _near(view.discard_top, hand), info
        melds, _left = best_partition(hand + [view.discard_top], rules, lambda c: card_value(c, ace))
        assert not any(view.discard_top in x for x in melds), info
    elif k == "take-meld":
        melds, _left = best_partition(hand + [view.discard_top], rules, lambda c: card_value(c, ace))
        assert any(view.discard_top in x for x in melds), info
    elif k == "meld":
        assert isinstance(m, mv.Meld), info
    elif k == "layoff-alone":
        assert isinstance(m, mv.LayOff) and not _near(m.card, hand), info
    elif k == "discard-nothing":
        assert isinstance(m, mv.Discard) and not _near(m.card, hand), info
    elif k == "discard-partners":
        assert isinstance(m, mv.Discard) and _near(m.card, hand), info
        named = reason.text.split("goes only with ", 1)[1].split()
        assert Counter(named) == Counter(partners(m.card, hand)), info
    elif k == "discard-high":
        assert isinstance(m, mv.Discard) and card_value(m.card, ace) >= HIGH, info
        melds, left = best_partition(hand, rules, lambda c: card_value(c, ace))
        assert card_value(m.card, ace) == max(card_value(c, ace) for c in left), info
    elif k == "discard-break":
        melds, left = best_partition(hand, rules, lambda c: card_value(c, ace))
        assert isinstance(m, mv.Discard) and any(m.card in x for x in melds), info


def test_reason_table() -> None:
    cases = [
        situation(["8D 2C 5S KH QC 7S JD", "4C 4D 4H 5C 6C 7C 8C"], discard="9D", phase="draw"),
        situation(["8D 2C 5S KH QC 7S JD", "4C 4D 4H 5C 6C 7C 8C"], discard="3H", phase="draw"),
        situation(["8D 9D 5S KH QC 7S JD", "4C 4D 4H 5C 6C 7C 8C"], discard="TD", phase="draw"),
        situation(["8D 9D 5S KH QC 7S JD 2C", "4C 4D 4H 5C 6C 7C 8C"], phase="play"),
        situation(["2C 2D 5H", "4C 4D"], discard="KS", phase="play", stock="9C 9D 9H"),
        situation(["2C 2D KH", "4C 4D"], discard="KS", phase="play", stock="9C 9D 9H"),
    ]
    for st in cases:
        move, reason = _explain(st)
        _check(st, move, reason)


def test_reasons_hold_over_seeded_playouts() -> None:
    kinds: Counter[str] = Counter()
    for players in (2, 3, 4):
        cfg = GAME.presets[GAME.default_preset]
        for h in range(8):
            seed = f"reasons-{players}-{h}"
            st = GAME.new_match(cfg, players, 0)
            GAME.start_hand(st, shuffled_deck(GAME.deck(cfg, players), seed, 1))
            bot = BasicRummyBot()
            ply = 0
            while not GAME.hand_over(st):
                seat = GAME.to_act(st)
                move, reason = bot.explain(GAME.view(st, seat), GAME.legal_moves(st), Rng(seed, "bot", 1, seat, ply))
                _check(st, GAME.format_move(move), reason)
                kinds[reason.kind] += 1
                GAME.apply(st, move)
                ply += 1
    assert {"draw-nothing", "draw-partial", "discard-partners", "meld"} <= set(kinds), kinds
