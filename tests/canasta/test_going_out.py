"""Going out (digest §6), asking partner, and the end of the stock."""

from __future__ import annotations

import pytest

from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.position import position

CLEAN = "Q Q Q Q Q Q Q"
DIRTY = "8 8 8 8 8 8 JK"


def _end_of_turn(hand: str, melds=(CLEAN, DIRTY), players: int = 4, **kw: object):
    opts = {k: kw.pop(k) for k in list(kw) if k in CanastaConfig.__struct_fields__}
    return position(
        config=CanastaConfig(**opts),
        players=players,
        phase="play",
        hands={0: hand},  # type: ignore[arg-type]
        melds={0: list(melds), 1: []},
        **kw,
    )  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "melds", "text", "ok", "rule"),
    [
        ("9", (CLEAN, DIRTY), "discard 9", True, ""),
        ("9", (CLEAN,), "discard 9", False, "out.canastas"),  # no dirty canasta
        ("9", (DIRTY,), "discard 9", False, "out.canastas"),  # no clean canasta
        ("9", (), "discard 9", False, "out.canastas"),
        ("JK", (CLEAN, DIRTY), "discard JK", False, "out.last-discard"),  # not on a wildcard
        ("3", (CLEAN, DIRTY), "discard 3", False, "out.last-discard"),  # nor on a black three
        ("9 9", (CLEAN,), "discard 9", True, ""),  # not going out: fine
        ("K K K", (CLEAN, DIRTY), "meld K K K", True, ""),  # going out by melding
        ("K K K", (CLEAN,), "meld K K K", False, "out.canastas"),
        ("K K K 9", (CLEAN,), "meld K K K", False, "out.canastas"),  # one card left, cannot go out
        ("K K K JK", (CLEAN, DIRTY), "meld K K K", False, "out.last-discard"),  # one card left: a wildcard
        ("K K K 9", (CLEAN, DIRTY), "meld K K K", True, ""),
        ("K K K 9 9", (CLEAN,), "meld K K K", True, ""),
        ("2 2 2 2 2 2 2 9", (DIRTY,), "meld 2 2 2 2 2 2 2", True, ""),  # a clean pinelle canasta...
        ("2 2 2 2 2 2 2 9", (CLEAN,), "meld 2 2 2 2 2 2 2", False, "out.canastas"),
        ("JK JK JK JK JK 2 2", (CLEAN,), "meld JK JK JK JK JK 2 2", True, ""),  # ...or a jolly one completes it
    ],
)
def test_going_out_table(judge, hand: str, melds, text: str, ok: bool, rule: str) -> None:
    v = judge(_end_of_turn(hand, melds), text)
    assert (v.ok, v.rule) == (ok, rule), v


def test_options(judge) -> None:
    v = judge(_end_of_turn("K K K", go_out_discard="required"), "meld K K K")
    assert not v.ok and v.rule == "out.discard-required"
    assert judge(_end_of_turn("K K K 9", go_out_discard="required"), "meld K K K").ok
    assert judge(_end_of_turn("JK", go_out_forbidden_discards="black3"), "discard JK").ok
    assert not judge(_end_of_turn("3", go_out_forbidden_discards="black3"), "discard 3").ok
    assert judge(_end_of_turn("3", go_out_forbidden_discards="none"), "discard 3").ok
    v = judge(_end_of_turn("9", (CLEAN, "2 2 2 2 2 2 JK"), wild_canastas_count=False), "discard 9")
    assert not v.ok and v.rule == "out.canastas"


def test_going_out_ends_the_hand_and_scores(game) -> None:
    st = _end_of_turn("9", red3={0: "3H"})
    game.apply(st, game.parse_move("discard 9"))
    assert st.phase == "over" and st.went_out == 0
    res = st.result
    assert res is not None and res.detail["out"] == "South"
    ns = res.detail["sides"][0]
    # 500 + 300 canastas, 300 for going out, +100 red three, 70 + 110 card points, and the
    # partner's hand (North holds the default 4..K filler: 80 points) is deducted.
    assert ns["canasta_bonus"] == 800 and ns["going_out"] == 300 and ns["red3_points"] == 100
    assert ns["melded"] == 70 + 60 + 50
    assert ns["hand_penalty"] == -80
    assert res.points[0] == 800 + 300 + 100 + 180 - 80


def test_ask_partner_flow(game, judge) -> None:
    st = _end_of_turn("9 5")
    assert judge(st, "ask").ok
    game.apply(st, game.parse_move("ask"))
    assert st.phase == "answer" and game.to_act(st) == 2
    v = judge(st, "discard 9")
    assert not v.ok and v.rule == "ask.waiting"
    assert judge(st, "no").ok
    game.apply(st, game.parse_move("no"))
    assert game.to_act(st) == 0
    v = judge(st, "ask")
    assert not v.ok and v.rule == "ask.once"
    game.apply(st, game.parse_move("discard 5"))
    assert st.phase == "start" and st.turn == 1  # no going out after a no
    st = _end_of_turn("9 5")
    game.apply(st, game.parse_move("ask"))
    game.apply(st, game.parse_move("yes"))
    assert judge(st, "discard 5").ok  # a yes permits, it does not force


def test_partner_no_binds(game, judge) -> None:
    st = _end_of_turn("K K K 9")
    game.apply(st, game.parse_move("ask"))
    game.apply(st, game.parse_move("no"))
    v = judge(st, "meld K K K")
    assert not v.ok and v.rule == "out.partner-no" and "answered no" in v.reason


@pytest.mark.parametrize(
    ("players", "hand", "melds", "opts", "rule"),
    [
        (2, "9 5", (CLEAN, DIRTY), {}, "ask.no-partner"),
        (4, "9 5", (CLEAN,), {}, "ask.cannot"),
        (4, "9", (CLEAN, DIRTY), {}, "ask.keep-cards"),
        (4, "9 5", (CLEAN, DIRTY), {"ask_partner": "off"}, "ask.off"),
    ],
)
def test_ask_refusals(judge, players: int, hand: str, melds, opts: dict, rule: str) -> None:
    v = judge(_end_of_turn(hand, melds, players=players, **opts), "ask")
    assert not v.ok and v.rule == rule


def test_mandatory_asking(game, judge) -> None:
    st = _end_of_turn("9 5", ask_partner="mandatory")
    game.apply(st, game.parse_move("discard 5"))
    st = _end_of_turn("K K K", ask_partner="mandatory")
    v = judge(st, "meld K K K")
    assert not v.ok and v.rule == "out.ask-first" and "ask" in v.reason
    st = _end_of_turn("K K K 9", ask_partner="mandatory")
    game.apply(st, game.parse_move("ask"))
    game.apply(st, game.parse_move("yes"))
    assert judge(st, "meld K K K").ok


def test_answers_only_when_asked(judge) -> None:
    v = judge(_end_of_turn("9 5"), "yes")
    assert not v.ok and v.rule == "ask.not-asked"


def test_stock_runs_out(game, judge) -> None:
    st = _end_of_turn("9 5 6", stock=1)
    st.phase = "start"
    game.apply(st, game.parse_move("draw"))
    assert len(st.hands[0]) == 4 and not st.stock  # one card was left: draw it
    game.apply(st, game.parse_move("discard 5"))
    assert st.phase == "over" and st.went_out is None  # the next turn cannot begin
    assert st.result is not None and st.result.detail["sides"][0]["going_out"] == 0


def test_stock_ends_on_red_threes_and_leaves_one_card(game) -> None:
    """Found by the soak run: the last stock card is a red three, so the draw brings nothing and
    the player holds a single black three that can be neither discarded nor melded."""
    st = position(hands={0: "3"}, stock="3H 3D")
    game.apply(st, game.parse_move("draw"))
    assert st.red3[0] == ["3D", "3H"] and st.hands[0] == ["3C"]
    assert st.phase == "over" and st.went_out is None
    st = position(hands={0: "3"}, stock="3H 9D")  # a real card comes: play on
    game.apply(st, game.parse_move("draw"))
    assert st.phase == "play" and len(st.hands[0]) == 2


def test_pozzo_when_the_stock_is_empty(game, judge) -> None:
    st = position(
        config=CanastaConfig(pozzo_allowed_when_stock_empty=True),
        phase="play",
        hands={0: "5 6 9", 1: "K K 9 9"},
        stock=0,
        pozzo="7C",
    )
    game.apply(st, game.parse_move("discard 9"))
    assert st.phase == "start" and st.turn == 1
    v = judge(st, "draw")
    assert not v.ok and v.rule == "draw.stock-empty"
    assert judge(st, "take").ok and judge(st, "end").ok
    game.apply(st, game.parse_move("end"))
    assert st.phase == "over"
    v = judge(position(), "end")
    assert not v.ok and v.rule == "stock.end"


def test_an_unfinished_opening_goes_back_to_the_hand_when_the_hand_ends(game, judge) -> None:
    st = position(
        config=CanastaConfig(pozzo_allowed_when_stock_empty=True), opened=(False, False), hands={0: "K K K A A A 5"}, stock=0
    )
    game.apply(st, game.parse_move("meld K K K"))
    assert not judge(st, "draw").ok and judge(st, "end").ok
    game.apply(st, game.parse_move("end"))
    assert st.phase == "over" and st.melds[0] == [] and len(st.hands[0]) == 7
    assert st.result is not None and st.result.detail["sides"][0]["melded"] == 0
