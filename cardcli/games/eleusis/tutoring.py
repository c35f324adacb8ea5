"""The tutor's part of eleusis: lesson positions, its quiz words and its drills.

Imported only by the tutor (:attr:`cardcli.engine.teaching.Teaching.tutor_module`), so that a lesson,
a drill or ``learn --check`` finds eleusis's own pieces here instead of in the tutor's modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardcli.engine.cards import Card
from cardcli.engine.rng import Rng
from cardcli.i18n import N_, _
from cardcli.tutor.compute_games import numbers
from cardcli.tutor.drills import (
    RANKS,
    Exercise,
    pick,
    session_for,
    shuffled,
)
from cardcli.tutor.model import LessonError, Position
from cardcli.tutor.position import Pool, cards_of, round_robin, seat_hands


def position_deck(game: Any, config: Any, players: int, dealer: int, pos: Position) -> list[Card]:
    """The deck whose deal (``dealer`` dealing) gives each seat the hand ``pos`` names, the rest in the
    deck's fixed order: the game's ``start_hand`` inverted."""
    from cardcli.games.eleusis.config import deck_size

    pool = Pool(game.deck(config, players))
    trim = 52 - deck_size(players)
    per = (deck_size(players) - 1) // (players - 1)
    hands = seat_hands(game, players, pos, pool, per)
    if hands[dealer]:
        raise LessonError("position: the dealer holds no cards in eleusis")
    removed = [pool.take(c, "removed") for c in cards_of(pos.removed, "position removed")]
    starter = [pool.take(c, "starter") for c in cards_of([pos.starter], "position starter")] if pos.starter else []
    if len(removed) > trim:
        raise LessonError(f"position: {players} players trim {trim} cards, not {len(removed)}")
    state = game.new_match(config, players, dealer)
    order, seat = [], dealer
    for _i in range(players - 1):
        seat = state.next_player(seat)
        order.append(seat)
    for s in order:
        while len(hands[s]) < per:
            hands[s].append(pool.filler())
    while len(removed) < trim:
        removed.append(pool.filler())
    if not starter:
        starter = [pool.filler()]
    return removed + round_robin(hands, order, per) + starter


def _dealer_score(session: Any, arg: str) -> str:
    from cardcli.games.eleusis.scoring import dealer_score

    nums = numbers(arg, "dealer-score")
    if len(nums) < 2:
        raise LessonError("dealer-score needs the wrong cards of two players or more")
    return str(dealer_score(nums))


def _player_scores(session: Any, arg: str) -> str:
    from cardcli.games.eleusis.scoring import fmt, player_scores

    nums = numbers(arg, "player-scores")
    if len(nums) < 2:
        raise LessonError("player-scores needs the cards of two players or more")
    return " ".join(fmt(x) for x in player_scores(nums))


def _explains(session: Any, arg: str) -> str:
    """Eleusis: ``yes`` if the hypothesis RULE agrees with every card played so far (what ``guess RULE``
    tells the learner, from the learner's view only)."""
    from cardcli.games.eleusis.commands import check_hypothesis
    from cardcli.games.eleusis.language import RuleError

    try:
        ok, _why = check_hypothesis(session.view(session.human_seats[0]), arg)
    except RuleError as err:
        raise LessonError(f"explains: {err.one_line()}") from None
    return "yes" if ok else "no"


def _phase_two(session: Any, arg: str) -> str:
    """Eleusis: how phase two went in the hand just finished, in a word for a lesson text ("In this hand
    phase two was {phase-two}"): ``played``, or ``skipped`` (a player ended phase one with no wrong card,
    or the option ``phase_two=false``). Whether it is played depends on the rule and the play, so a text
    must not say it by hand."""
    from cardcli.i18n import _

    res = session.results[-1] if session.results else None
    if res is None:
        raise LessonError("the hand is not over, so phase two has not ended yet")
    return _("skipped") if res.detail.get("ended") in ("skipped", "phase-one") else _("played")


def _eleusis_fits(seed: str) -> Exercise:
    """A library rule, a few cards already played (some right, some wrong), and one card to judge; the
    answer's reason is the clause of the rule that decides it, with the values it compares."""
    from cardcli.games.eleusis.language import deck as D
    from cardcli.games.eleusis.language.explain import why_card
    from cardcli.games.eleusis.library import LIBRARY

    s = session_for("eleusis", seed)
    r = Rng(seed, "drill")
    rule = LIBRARY[r.randbelow(len(LIBRARY))]
    s.play(s.game.parse_move("rule " + rule.source))
    for _k in range(2 + r.randbelow(5)):
        s.play(pick(r, s.legal_moves()))
    hand = s.state.hands[s.to_act()]
    card = pick(r, hand)
    fits = "yes" if s.game.judge(s.state, card) else "no"
    return Exercise(
        _(
            "Rule `{rule}` (c is the card played, p1 the last right card, p2 the one before). The "
            "mainline so far: {mainline}. Is {card} right next? (yes/no)"
        ).format(rule=rule.source, mainline=" ".join(s.state.mainline), card=card),
        fits,
        why_card(s.state.rule, s.state.rstate, D.INDEX[card]),
    )


def eleusis_verdicts(source: str, starter: str, cards: list[str]) -> list[bool]:
    """Which of ``cards``, played in turn after ``starter``, the rule ``source`` accepts (eleusis's engine)."""
    from cardcli.games.eleusis.language import compile_text
    from cardcli.games.eleusis.language import deck as D

    rule = compile_text(source)
    st = rule.start(D.INDEX[starter])
    out = []
    for c in cards:
        ok = bool(rule.accepts(st, D.INDEX[c]))
        if ok:
            st = rule.step(st, D.INDEX[c])
        out.append(ok)
    return out


def _describe(rule: Any) -> str:
    return _(rule.description)


def _eleusis_rule(seed: str) -> Exercise:
    from cardcli.games.eleusis.library import LIBRARY

    r = Rng(seed, "drill")
    deck = shuffled(r, [rk + su for rk in RANKS for su in "SHDC"])
    starter, cards = deck[0], deck[1:13]
    pool = [x for x in LIBRARY if x.level <= 2]
    target = pick(r, pool)
    seen = eleusis_verdicts(target.source, starter, cards)
    others = [
        x
        for x in shuffled(r, pool)
        if x is not target and _describe(x) != _describe(target) and eleusis_verdicts(x.source, starter, cards) != seen
    ][:3]
    shown = [starter] + [c if ok else f"({c})" for c, ok in zip(cards, seen)]
    choices = tuple(shuffled(r, [_describe(x) for x in others + [target]]))
    return Exercise(
        _("Eleusis: the starter and the cards played after it (in brackets: judged wrong): {line}. Which rule is it?").format(
            line=" ".join(shown)
        ),
        _describe(target),
        _("only this rule judges every card as the dealer did"),
        choices=choices,
    )


def _fits(session: Any, arg: str) -> str:
    """``fits CARD``: ``yes`` if CARD would be right on the mainline now."""
    from cardcli.engine.cards import parse_card

    card = parse_card(arg)
    if session.state.rule is None:
        raise LessonError("no rule has been written yet")
    return "yes" if session.game.judge(session.state, card) else "no"


COMPUTES: dict[str, Callable[[Any, str], str]] = {
    "fits": _fits,
    "explains": _explains,
    "phase-two": _phase_two,
    "dealer-score": _dealer_score,
    "player-scores": _player_scores,
}
"""The quiz words only this game answers (``compute = "WORD ARG"``)."""


DRILLS: dict[str, tuple[str, Callable[[str], Exercise]]] = {
    "fits": (N_("does this card fit the rule?"), _eleusis_fits),
    "rule": (N_("find the rule from a mainline"), _eleusis_rule),
}
