"""The tutor's part of Italian canasta: lesson positions, its quiz words and its drills.

Imported only by the tutor (:attr:`cardcli.engine.teaching.Teaching.tutor_module`), so that a lesson,
a drill or ``learn --check`` finds Italian canasta's own pieces here instead of in the tutor's modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardcli.engine.cards import Card
from cardcli.engine.rng import Rng
from cardcli.i18n import N_, _
from cardcli.tutor.compute_games import numbers
from cardcli.tutor.drills import (
    Exercise,
    hand_text,
    legacy,
    pick,
    points_drill,
    verdict_text,
)
from cardcli.tutor.model import LessonError, Position
from cardcli.tutor.position import Pool, round_robin, seat_hands, stock_cards


def position_deck(game: Any, config: Any, players: int, dealer: int, pos: Position) -> list[Card]:
    """The deck whose deal (``dealer`` dealing) gives each seat the hand ``pos`` names, the rest in the
    deck's fixed order: the game's ``start_hand`` inverted."""
    from cardcli.games.canasta.rules import HAND_SIZE

    pool = Pool(game.deck(config, players))
    hands = seat_hands(game, players, pos, pool, HAND_SIZE)
    stock = stock_cards(pos, pool)
    rest = []
    # Filler cards must not be red threes (the deal would lay them out and replace them).
    for h in hands:
        while len(h) < HAND_SIZE:
            c = pool.filler()
            if c in ("3H", "3D"):
                rest.append(c)
                continue
            h.append(c)
    state = game.new_match(config, players, dealer)
    order, seat = [], dealer
    for _i in range(players):
        seat = state.next_seat(seat)
        order.append(seat)
    return round_robin(hands, order, HAND_SIZE) + stock + rest + pool.rest()


def _canasta_kind(session: Any, arg: str) -> str:
    """Canasta keeps melds per side: N counts the learner's side's melds in the order they were laid."""
    from cardcli.games.canasta.tablemelds import canasta_kind
    from cardcli.tutor.compute import side_of

    melds = session.state.melds[side_of(session, session.human_seats[0])]
    if not arg.strip().isdigit() or not 1 <= int(arg) <= len(melds):
        raise LessonError(f"there is no meld {arg!r} of your side ({len(melds)} melds)")
    return str(canasta_kind(melds[int(arg) - 1]) or "none")


def _canasta_value(session: Any, arg: str) -> str:
    """Canasta: the card points of the cards named (``value A A A`` → 60), read as a meld's cards."""
    from cardcli.games.canasta.tokens import tokens_value

    try:
        move = session.game.parse_move(f"meld {arg}")
    except ValueError:
        raise LessonError(f"{arg!r} are not canasta cards") from None
    return str(tokens_value(move.cards, session.config.black3_value))


def _red_threes(session: Any, arg: str) -> str:
    from cardcli.games.canasta.scoring import red_three_points

    nums = numbers(arg, "red-threes")
    if len(nums) != 3:
        raise LessonError("red-threes needs N CLEAN DIRTY")
    return str(red_three_points(nums[0], nums[1], nums[2], session.config))


def canasta_meld_verdict(tokens: list[str]) -> Any:
    """What canasta's meld rules say of a new meld of these ranks (during play, after the opening)."""
    from cardcli.engine.melds import read_meld
    from cardcli.games.canasta import wildmelds
    from cardcli.games.canasta.config import CanastaConfig

    if all(t in ("JK", "2") for t in tokens):
        return wildmelds.shape_problem(tokens.count("JK"), tokens.count("2"))
    return read_meld(tokens, CanastaConfig().play_meld_rules(), kind="set")


def _canasta_meld(seed: str) -> Exercise:
    from cardcli.engine.melds import Meld

    r = Rng(seed, "drill")
    size = 3 + r.randbelow(3)
    rank = pick(r, "456789TJQKA")
    other = pick(r, [x for x in "456789TJQKA" if x != rank])
    naturals = size - r.randbelow(3)
    tokens = [rank] * naturals + [pick(r, ("JK", "2")) for _i in range(size - naturals)]
    if r.randbelow(4) == 0:
        tokens[0] = other
    if r.randbelow(6) == 0:
        tokens = [pick(r, ("JK", "2")) for _i in range(size)]
    got = canasta_meld_verdict(tokens)
    ok = got is None or isinstance(got, Meld)
    return Exercise(
        _("Canasta, your side has opened: is {cards} a legal new meld? (yes/no)").format(cards=hand_text(tokens)),
        "yes" if ok else "no",
        verdict_text(got) if got is not None else _("a legal meld"),
    )


def _canasta_minimum(seed: str) -> Exercise:
    from cardcli.engine.options import build_config
    from cardcli.engine.registry import load as load_game
    from cardcli.games.canasta.opening import minimum

    r = Rng(seed, "drill")
    table = pick(r, ("s0", "rg"))
    score = pick(r, (-1, 1, 5, 10, 15, 20, 25, 30, 35, 40, 50, 55, 60, 70, 75, 80, 100, 110, 120, 125, 130)) * 100
    score -= 5 * r.randbelow(4) * (1 if score > 0 else -1) * 10
    config = build_config(load_game("canasta"), None, {"opening_table": table})
    return Exercise(
        _("Canasta (opening table `{table}`): your side's running score is {score}. What is your opening minimum?").format(
            table=table, score=score
        ),
        str(minimum(score, config)),
        _("`cardcli rules canasta open` has the table"),
    )


def _minimum(session: Any, arg: str) -> str:
    """``minimum``: the learner's side's opening minimum in this hand."""
    from cardcli.games.canasta.opening import minimum
    from cardcli.tutor.compute import side_of

    return str(minimum(session.state.start_totals[side_of(session, session.human_seats[0])], session.config))


COMPUTES: dict[str, Callable[[Any, str], str]] = {
    "canasta": _canasta_kind,
    "value": _canasta_value,
    "red-threes": _red_threes,
    "minimum": _minimum,
}
"""The quiz words only this game answers (``compute = "WORD ARG"``)."""


DRILLS: dict[str, tuple[str, Callable[[str], Exercise]]] = {
    "score": (N_("count the cards left in a hand"), legacy(points_drill("canasta"))),
    "meld": (N_("is this meld legal?"), _canasta_meld),
    "minimum": (N_("the opening minimum for a running score"), _canasta_minimum),
}
