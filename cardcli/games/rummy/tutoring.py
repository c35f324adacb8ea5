"""The tutor's part of rummy: lesson positions, its quiz words and its drills.

Imported only by the tutor (:attr:`cardcli.engine.teaching.Teaching.tutor_module`), so that a lesson,
a drill or ``learn --check`` finds rummy's own pieces here instead of in the tutor's modules.
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
    session_for,
    verdict_text,
)
from cardcli.tutor.model import LessonError, Position
from cardcli.tutor.position import Pool, fill, round_robin, seat_hands, stock_cards


def position_deck(game: Any, config: Any, players: int, dealer: int, pos: Position) -> list[Card]:
    """The deck whose deal (``dealer`` dealing) gives each seat the hand ``pos`` names, the rest in the
    deck's fixed order: the game's ``start_hand`` inverted."""
    from cardcli.games.rummy.config import DEAL_SIZES

    size = DEAL_SIZES[players]
    pool = Pool(game.deck(config, players))
    hands = seat_hands(game, players, pos, pool, size)
    stock = stock_cards(pos, pool)
    fill(hands, size, pool)
    order = [(dealer + i) % players for i in range(1, players + 1)]
    return round_robin(hands, order, size) + stock + pool.rest()


def _rummy_meld(seed: str) -> Exercise:
    from cardcli.engine.melds import Meld, read_meld
    from cardcli.games.rummy.config import RummyConfig

    cards = list(dict.fromkeys(meld_candidate(Rng(seed, "drill"), ())))
    got = read_meld(cards, RummyConfig().meld_rules())
    return Exercise(
        _("Rummy: is {cards} a legal meld? (yes/no)").format(cards=hand_text(cards)),
        "yes" if isinstance(got, Meld) else "no",
        verdict_text(got),
    )


def _rummy_discard(seed: str) -> Exercise:
    from cardcli.games.rummy import moves as rmv

    for k in range(10):
        s = session_for("rummy", seed if k == 0 else f"{seed}/{k}")
        seat = s.human_seats[0]
        if s.to_act() != seat:
            s.run_bots()
        s.play(s.game.parse_move("draw stock"))
        made: list[str] = []
        bot = s.game.bots[s.game.default_bot]()
        while s.to_act() == seat:
            move = bot.choose(s.game.view(s.state, seat), s.legal_moves(), s.bot_rng(seat))
            if isinstance(move, rmv.Discard):
                if not s.state.hands[seat] or len(s.state.hands[seat]) == 1:
                    break  # the discard would go out: no choice to ask about
                lead = _(" (you have melded {made})").format(made="; ".join(made)) if made else ""
                return Exercise(
                    _(
                        "Rummy: you drew from the stock{lead}. Your hand: {hand}. Which card does "
                        "cardcli's strongest bot discard?"
                    ).format(lead=lead, hand=hand_text(s.state.hands[seat])),
                    move.card,
                    _("it keeps the cards closest to melds and throws the highest loner"),
                    game="rummy",
                    also=(f"discard {move.card}",),
                )
            made.append(s.game.format_move(move))
            s.play(move)
    raise LessonError("no discard to ask about")  # pragma: no cover


DRILLS: dict[str, tuple[str, Callable[[str], Exercise]]] = {
    "score": (N_("count a hand left when someone goes out"), legacy(points_drill("rummy"))),
    "meld": (N_("is this meld legal?"), _rummy_meld),
    "discard": (N_("which discard? (the strongest bot's choice)"), _rummy_discard),
}
