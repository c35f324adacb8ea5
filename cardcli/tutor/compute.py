"""Quiz answers worked out by the games' own code, never trusted from a lesson file.

A quiz's ``compute`` names a question the rules code can answer about the
position the lesson has reached:

==================  =============================================================
``legal``           the one choice (a move) the rules allow now
``illegal``         the one choice the rules refuse now
``hint``            the move cardcli's own bot would choose now (bidding system)
``hcp SEAT``        bridge: high-card points of SEAT's hand (as dealt)
``points SEAT``     the card points of SEAT's hand (rummy, burraco, canasta); bridge: the bidding
                    system's points of the hand as dealt (HCP plus one per card beyond four in a suit)
``result [WHO]``    what the learner's side scored in the hand just finished (``result them``:
                    the other side; bridge ``result declarer`` / ``result defenders``)
``sure [SUIT]``     bridge: declarer's side's sure tricks (top winners it can cash without
                    losing the lead), in one suit or in all
``losers [SUIT]``   bridge: declarer's losers as dealt, in one suit or in all: in each suit the
                    top three places of declarer's holding, less the aces, kings and queens the
                    two hands hold for them
``bridge-score C T VUL``  bridge: what contract C (``4S``, ``3NX``) makes with T tricks
``winner``          bridge: the seat that won the last trick
``declarer``        bridge: the declarer of the contract
``minimum``         canasta: the learner's side's opening minimum in this hand
``fits CARD``       eleusis: ``yes`` if CARD would be right on the mainline now
``cards WHERE``     how many cards are in a place (``stock``, ``hand South``)
``allowed MOVE``    ``yes`` if the rules allow MOVE now, else ``no``
``burraco N``       burraco: the kind of meld N (clean, semi-clean, dirty, or none)
``canasta N``       canasta: the kind of meld N (clean, dirty, … or none)
``red-threes N C D``  canasta: what N red threes score with C clean and D dirty canastas
``value CARDS``     canasta: the card points of CARDS (``value A A A``: 60)
``dealer-score W…``   eleusis: the dealer's score when the players made W… wrong cards
``player-scores L…``  eleusis: each player's score when they hold L… cards at the end
``explains RULE``   eleusis: ``yes`` if the hypothesis RULE agrees with every card played so far
                    (what ``guess RULE`` says)
``phase-two``       eleusis: ``played`` or ``skipped``: phase two in the hand just finished
``total [N]``       the running total of the learner's side (or of side N) after the hand
==================  =============================================================

The words only one game answers (bridge's ``hcp``, ``sure``, ``losers``, ``bridge-score``, ``winner``,
``declarer``, ``dd`` and ``meaning``; canasta's ``minimum``, ``canasta N``, ``value`` and ``red-threes``;
``burraco N``; eleusis' ``fits`` and the rest) are the ``COMPUTES`` (``CHOICE_COMPUTES``: those that pick
one of the step's choices) of that game's tutor module
(:attr:`~cardcli.engine.teaching.Teaching.tutor_module`), so a new game adds its own there; here are
the words every game answers.
"""

from __future__ import annotations

from typing import Any

from cardcli.tutor.compute_games import GAME_COMPUTES
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
    picking = game.tutor_part("CHOICE_COMPUTES", {}).get(word)
    if picking is not None:
        chosen: str = picking(session, arg, choices)
        return chosen
    own = game.tutor_part("COMPUTES", {}).get(word)
    if own is not None:
        answer: str = own(session, arg)
        return answer
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
    if word == "points":
        return str(hand_points(session, seat_index(game, session.players, arg)))
    if word == "result":
        res = session.results[-1] if session.results else None
        if res is None:
            raise LessonError("the hand is not over, so it has no score yet")
        return str(res.points[result_side(session, learner, arg.strip().lower())])
    if word == "cards":
        locs = game.card_locations(state)
        for name, cards in locs.items():
            if name.lower() == arg.lower():
                return str(len(cards))
        raise LessonError(f"no place {arg!r} (places: {', '.join(locs)})")
    if word in GAME_COMPUTES:
        return GAME_COMPUTES[word](session, arg)
    raise LessonError(f"unknown compute {spec!r}")


def result_side(session: Any, learner: int, who: str) -> int:
    """The side a ``result`` quiz asks about: ours (default), theirs, or bridge's declarer/defenders."""
    mine = side_of(session, learner)
    if who in ("", "us", "we"):
        return mine
    if who in ("them", "they"):
        return 1 - mine
    contract = getattr(session.state, "contract", None)
    if who in ("declarer", "defenders") and contract is not None:
        declaring = contract.declarer % 2
        return declaring if who == "declarer" else 1 - declaring
    raise LessonError(f"result of {who!r}? (us, them, declarer or defenders)")


def hand_points(session: Any, seat: int) -> int:
    """The card points of ``seat``'s hand as the game counts them (:meth:`Teaching.hand_facts`'s
    ``points``; bridge: the bidding system's count of the hand as dealt, HCP plus length)."""
    points = session.game.hand_facts(session.state, seat).get("points")
    if points is None:
        raise LessonError(f"{session.game.name} hands have no card points")
    return int(points)


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
