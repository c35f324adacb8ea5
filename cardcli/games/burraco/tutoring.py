"""The tutor's part of burraco: lesson positions, its quiz words and its drills.

Imported only by the tutor (:attr:`cardcli.engine.teaching.Teaching.tutor_module`), so that a lesson,
a drill or ``learn --check`` finds burraco's own pieces here instead of in the tutor's modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardcli.engine.cards import Card
from cardcli.engine.rng import Rng
from cardcli.i18n import N_, _
from cardcli.tutor.drills import (
    Exercise,
    hand_text,
    legacy,
    meld_candidate,
    points_drill,
    verdict_text,
)
from cardcli.tutor.model import LessonError, Position
from cardcli.tutor.position import Pool, cards_of, fill, round_robin, seat_hands, stock_cards


def position_deck(game: Any, config: Any, players: int, dealer: int, pos: Position) -> list[Card]:
    """The deck whose deal (``dealer`` dealing) gives each seat the hand ``pos`` names, the rest in the
    deck's fixed order: the game's ``start_hand`` inverted."""
    from cardcli.games.burraco.pozzetto import POZZETTO_SIZE
    from cardcli.games.burraco.rules import HAND_SIZE

    pool = Pool(game.deck(config, players))
    hands = seat_hands(game, players, pos, pool, HAND_SIZE)
    stock = stock_cards(pos, pool)
    given = [[pool.take(c, "pozzetto") for c in cards_of(p, "position pozzetti")] for p in pos.pozzetti]
    if len(given) > 2 or any(len(p) > POZZETTO_SIZE for p in given):
        raise LessonError(f"position: two pozzetti of {POZZETTO_SIZE} cards at most")
    fill(hands, HAND_SIZE, pool)
    pozzetti = given + [[] for _ in range(2 - len(given))]
    for p in pozzetti:
        while len(p) < POZZETTO_SIZE:
            p.append(pool.filler())
    order = [(dealer + i) % players for i in range(1, players + 1)]
    top = round_robin(hands, order, HAND_SIZE) + stock
    bottom = [pozzetti[i % 2][i // 2] for i in range(2 * POZZETTO_SIZE)]  # deck[-1 - i]
    middle = pool.rest()
    return top + middle + list(reversed(bottom))


def _meld_at(session: Any, arg: str) -> Any:
    melds = session.state.melds
    if not arg.strip().isdigit() or not 1 <= int(arg) <= len(melds):
        raise LessonError(f"there is no meld {arg!r} on the table ({len(melds)} melds)")
    return melds[int(arg) - 1]


def _burraco_kind(session: Any, arg: str) -> str:
    from cardcli.games.burraco.table import burraco_kind

    kind = burraco_kind(_meld_at(session, arg), session.config)
    if kind is None:
        return "none"
    return "semi-clean" if kind == "semiclean" else str(kind)


def _burraco_meld(seed: str) -> Exercise:
    from cardcli.engine.melds import Meld
    from cardcli.games.burraco.config import BurracoConfig
    from cardcli.games.burraco.table import read_new

    cards = meld_candidate(Rng(seed, "drill"), ("JK", "2S", "2H", "2D", "2C"))
    got = read_new(cards, BurracoConfig())
    return Exercise(
        _("Burraco: is {cards} a legal new meld? (yes/no)").format(cards=hand_text(cards)),
        "yes" if isinstance(got, Meld) else "no",
        verdict_text(got),
    )


def _burraco_take(seed: str) -> Exercise:
    from cardcli.games.burraco import moves as bmv
    from cardcli.session import Session

    s = Session.new("burraco", seed=seed, hands_limit=1, preset="fibur-internazionale")
    s.deal_if_needed()
    seat = s.human_seats[0]
    if s.to_act() != seat:
        s.run_bots()
    verdict = s.game.check(s.state, bmv.Take())
    return Exercise(
        _(
            "Burraco, FIBUR International code (the pile only if you then meld or attach). The discard "
            "pile: {pile}. Your hand: {hand}. May you take the pile? (yes/no)"
        ).format(pile=hand_text(s.state.discard), hand=hand_text(s.state.hands[seat])),
        "yes" if verdict.ok else "no",
        verdict.reason or _("with the pile you can meld or attach at least one card"),
    )


COMPUTES: dict[str, Callable[[Any, str], str]] = {"burraco": _burraco_kind}
"""The quiz words only this game answers (``compute = "WORD ARG"``)."""


DRILLS: dict[str, tuple[str, Callable[[str], Exercise]]] = {
    "score": (N_("count the cards left in a hand"), legacy(points_drill("burraco"))),
    "meld": (N_("is this meld legal?"), _burraco_meld),
    "take": (N_("may you take the pile?"), _burraco_take),
}
