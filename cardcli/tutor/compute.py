"""Quiz answers worked out by the games' own code, never trusted from a lesson file.

A quiz's ``compute`` names a question the rules code can answer about the
position the lesson has reached:

==================  =============================================================
``legal``           the one choice (a move) the rules allow now
``illegal``         the one choice the rules refuse now
``hint``            the move cardcli's own bot would choose now (bidding system)
``hcp SEAT``        bridge: high-card points of SEAT's hand (as dealt)
``points SEAT``     the card points of SEAT's hand (rummy, burraco, canasta)
``result``          what the learner's side scored in the hand just finished
``bridge-score C T VUL``  bridge: what contract C (``4S``, ``3NX``) makes with T tricks
``winner``          bridge: the seat that won the last trick
``declarer``        bridge: the declarer of the contract
``minimum``         canasta: the learner's side's opening minimum in this hand
``fits CARD``       eleusis: ``yes`` if CARD would be right on the mainline now
``cards WHERE``     how many cards are in a place (``stock``, ``hand South``)
==================  =============================================================
"""

from __future__ import annotations

from typing import Any

from cardcli.engine.cards import parse_card
from cardcli.tutor.model import LessonError


def normalize(text: str) -> str:
    return " ".join(text.strip().lower().rstrip(".!").split())


def seat_index(game: Any, players: int, name: str) -> int:
    names = [n.lower() for n in game.seat_names(players)]
    if name.lower() not in names:
        raise LessonError(f"there is no seat {name!r}")
    return names.index(name.lower())


def side_of(session: Any, seat: int) -> int:
    for i, side in enumerate(session.game.sides(session.config, session.players)):
        if seat in side.seats:
            return i
    return 0


def compute(spec: str, session: Any, learner: int, choices: list[str]) -> str:
    """The answer to a computed quiz, as text; :class:`LessonError` if it cannot be worked out here."""
    word, _sep, arg = spec.strip().partition(" ")
    game, state = session.game, session.state
    if word in ("legal", "illegal"):
        want = word == "legal"
        picked = []
        for choice in choices:
            try:
                move = game.parse_move(choice)
            except ValueError:
                raise LessonError(f"choice {choice!r} is not a {game.name} move") from None
            if game.check(state, move).ok == want:
                picked.append(choice)
        if len(picked) != 1:
            raise LessonError(f"{len(picked)} of the choices are {'legal' if want else 'illegal'} here, not one")
        return picked[0]
    if word == "hint":
        return game.format_move(advice(session)[0])
    if word == "hcp":
        from cardcli.games.bridge.play import hcp

        return str(hcp(state.original[seat_index(game, session.players, arg)]))
    if word == "points":
        return str(hand_points(session, seat_index(game, session.players, arg)))
    if word == "result":
        res = session.results[-1] if session.results else None
        if res is None:
            raise LessonError("the hand is not over, so it has no score yet")
        return str(res.points[side_of(session, learner)])
    if word == "bridge-score":
        return str(bridge_score(arg, session.config))
    if word == "declarer":
        if state.contract is None:
            raise LessonError("there is no contract yet")
        return game.seat_names(session.players)[state.contract.declarer]
    if word == "winner":
        if not state.tricks:
            raise LessonError("no trick has been played yet")
        return game.seat_names(session.players)[state.tricks[-1].winner]
    if word == "minimum":
        from cardcli.games.canasta.opening import minimum

        return str(minimum(state.start_totals[side_of(session, learner)], session.config))
    if word == "fits":
        card = parse_card(arg)
        if state.rule is None:
            raise LessonError("no rule has been written yet")
        return "yes" if game.judge(state, card) else "no"
    if word == "cards":
        locs = game.card_locations(state)
        for name, cards in locs.items():
            if name.lower() == arg.lower():
                return str(len(cards))
        raise LessonError(f"no place {arg!r} (places: {', '.join(locs)})")
    raise LessonError(f"unknown compute {spec!r}")


def hand_points(session: Any, seat: int) -> int:
    game, state, cfg = session.game, session.state, session.config
    hand = state.hands[seat]
    if game.name == "rummy":
        from cardcli.games.rummy.scoring import hand_value

        return hand_value(hand, cfg.ace_points)
    if game.name == "burraco":
        from cardcli.games.burraco.table import card_points

        return sum(card_points(c) for c in hand)
    if game.name == "canasta":
        from cardcli.games.canasta.tokens import cards_value

        return cards_value(hand, cfg.black3_value)
    raise LessonError(f"{game.name} hands have no card points")


def bridge_score(arg: str, config: Any) -> int:
    """``4S 10 nv`` → what declarer's side scores (negative when the contract fails)."""
    parts = arg.split()
    if len(parts) != 3 or parts[2] not in ("nv", "vul"):
        raise LessonError(f"bridge-score needs CONTRACT TRICKS nv|vul, not {arg!r}")
    contract, tricks, vul = parts[0].upper(), int(parts[1]), parts[2] == "vul"
    doubled = contract.count("X")
    level, strain = int(contract[0]), contract[1]
    from cardcli.games.bridge.scoring import score_deal

    total = 0
    for e in score_deal(level, strain, doubled, 0, tricks, vul, config):
        total += e.points if e.side == 0 else -e.points
    return total


def advice(session: Any) -> tuple[Any, str]:
    """The default bot's move and reason for the seat to act, without counting it as a hint."""
    game = session.game
    seat = session.to_act()
    bot = game.bots[game.default_bot]()
    legal = session.legal_moves()
    view = game.view(session.state, seat)
    rng = session.bot_rng(seat)
    if hasattr(bot, "advise"):
        move, why = bot.advise(view, legal, rng)
        return move, why
    return bot.choose(view, legal, rng), ""
