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

The words only one game answers (``burraco N``, ``canasta N``, ``value``, ``red-threes``, the eleusis
words) are the ``COMPUTES`` of that game's tutor module
(:attr:`~cardcli.engine.teaching.Teaching.tutor_module`), so a new game adds its own there.
"""

from __future__ import annotations

from typing import Any

from cardcli.engine.cards import parse_card
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
        return str(res.points[result_side(session, learner, arg.strip().lower())])
    if word == "sure":
        return str(sure_tricks(session, arg.strip().upper()))
    if word == "losers":
        return str(losers(session, arg.strip().upper()))
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
    own = game.tutor_part("COMPUTES", {}).get(word)
    if own is not None:
        answer: str = own(session, arg)
        return answer
    if word in GAME_COMPUTES:
        return GAME_COMPUTES[word](session, arg)
    if word == "dd":
        return str(dd_tricks(session, learner, arg))
    if word == "meaning":
        return call_meaning(session, arg, choices)
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


def sure_tricks(session: Any, suit: str = "") -> int:
    """Bridge: the tricks declarer's side can take from the top without giving up the lead: in each
    suit the unbroken run of top cards the two hands hold together (A K Q …, the cards already played
    counting as gone), at most as many as the longer of the two holdings."""
    state = session.state
    if getattr(state, "contract", None) is None:
        raise LessonError("sure tricks need a contract")
    side = (state.contract.declarer, state.contract.dummy)
    hands = state.hands
    played = {c for t in state.tricks for c in t.cards} | set(state.trick)
    total = 0
    for s in suit or "SHDC":
        ours = {c for seat in side for c in hands[seat] if c[1] == s}
        run = 0
        for rank in "AKQJT98765432":
            card = rank + s
            if card in played:
                continue
            if card not in ours:
                break
            run += 1
        longest = max(sum(1 for c in hands[seat] if c[1] == s) for seat in side)
        total += min(run, longest)
    return total


def losers(session: Any, suit: str = "") -> int:
    """Bridge: the losers a beginner counts in declarer's hand before the play. In each suit only the
    first three cards of declarer's holding (as dealt) can lose a trick, so a suit of L cards has
    min(L, 3) places; each of the top min(L, 3) ranks (ace, king, queen) the partnership holds, in
    declarer's hand or dummy's, fills one place. What is left are the losers: ``8 6 4`` opposite
    ``A 5 3`` is two, a singleton one, a void none. Ruffs and finesses are what a plan adds later."""
    state = session.state
    if getattr(state, "contract", None) is None:
        raise LessonError("losers need a contract")
    if suit and suit not in "SHDC":
        raise LessonError(f"no suit {suit!r} (S, H, D or C)")
    mine, dummy = state.original[state.contract.declarer], state.original[state.contract.dummy]
    total = 0
    for s in suit or "SHDC":
        places = min(3, sum(1 for c in mine if c[1] == s))
        total += sum(1 for rank in "AKQ"[:places] if rank + s not in mine and rank + s not in dummy)
    return total


def dd_tricks(session: Any, learner: int, card: str = "") -> int:
    """Bridge: the tricks the learner's side ends the hand with under best play by all four hands
    from now (after ``card`` is played, if given), by cardcli's double-dummy solver."""
    from cardcli.games.bridge.ddsolve import Budget, solve_position, tricks_for

    state = session.state
    if getattr(state, "contract", None) is None or state.phase != "play":
        raise LessonError("dd needs a bridge hand in the play")
    side = learner % 2
    trump = None if state.contract.strain == "N" else state.contract.strain
    seat = (state.leader + len(state.trick)) % 4
    try:
        if not card.strip():
            return state.won[side] + tricks_for(state.hands, trump, state.leader, state.trick, side)
        want = parse_card(card.strip())
        if want not in state.hands[seat]:
            raise LessonError(f"{card!r} is not in the hand to play")
        values = solve_position(state.hands, trump, state.leader, state.trick)
    except Budget:
        raise LessonError("the position is too big for the double-dummy solver") from None
    if want not in values:
        raise LessonError(f"{card!r} cannot be played now")
    mine = values[want]  # tricks of the side to play, from this trick on
    left = (sum(len(h) for h in state.hands) + len(state.trick)) // 4
    return state.won[side] + (mine if seat % 2 == side else left - mine)


def call_meaning(session: Any, call_text: str, choices: list[str]) -> str:
    """Bridge: the choice that is the system's meaning of ``call_text`` for the player to call now."""
    game, state = session.game, session.state
    if state.phase != "auction":
        raise LessonError("meaning needs a bridge auction in progress")
    try:
        call = game.parse_move(call_text)
    except ValueError:
        raise LessonError(f"{call_text!r} is not a call") from None
    text = meaning_text(session, call)
    if not choices:
        return text
    picked = [c for c in choices if normalize(c) == normalize(text)]
    if len(picked) != 1:
        raise LessonError(f"the system says {call_text} means {text!r}, which is not one of the choices")
    return picked[0]


def meaning_text(session: Any, call: Any) -> str:
    """What ``call`` would mean if the player to call made it now (what ``explain`` says)."""
    from cardcli.games.bridge import bidding
    from cardcli.games.bridge.bots import score_for_view

    view = session.game.view(session.state, session.state.turn)
    return bidding.explain(view.dealer, view.calls, score_for_view(view), call)


def hand_points(session: Any, seat: int) -> int:
    """The card points of ``seat``'s hand as the game counts them (:meth:`Teaching.hand_facts`'s
    ``points``; bridge: the bidding system's count of the hand as dealt, HCP plus length)."""
    points = session.game.hand_facts(session.state, seat).get("points")
    if points is None:
        raise LessonError(f"{session.game.name} hands have no card points")
    return int(points)


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
