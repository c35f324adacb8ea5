"""What the tutor asks bridge about a move (:mod:`cardcli.engine.teaching`).

Bridge knows two things for sure, and a lesson is held to both:

* a **call** means what cardcli's bidding system says it means in its auction
  (:func:`~.bidding.meaning`, the same text ``explain`` gives): a scripted call
  must fit that meaning for the hand that makes it (HCP, points, lengths);
* a **card** is worth the tricks its side takes from there with best play by all
  four hands (double dummy, through DDS when ``endplay`` is installed, else
  cardcli's own solver for small endings): a card presented as right play must
  lose no trick, and a learner's card that loses none is never a mistake.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from cardcli.engine.teaching import Rating, RuleClaim, Teaching
from cardcli.games.bridge import moves as mv
from cardcli.i18n import N_, _

GOALS = {
    "suit S": N_("plays a card of suit S (S, H, D or C)"),
    "ruffs": N_("plays a trump on a trick led in another suit"),
    "wins": N_("plays a card that wins the trick as it stands when the trick is complete"),
    "call": N_("makes any call (the auction, not the play)"),
}
SEATS = ("North", "East", "South", "West")


class Unsolved(Exception):
    """The position is too big for the solver at hand (no ``endplay``, and not an ending)."""


def card_tricks(state: Any) -> dict[str, int]:
    """For each card the player to act may play: the tricks its side takes from now on (the trick
    in progress included) with best play by all four hands. Raises :class:`Unsolved`."""
    trump = None if state.contract.strain == "N" else state.contract.strain
    return dict(_solved(tuple(tuple(h) for h in state.hands), trump, state.leader, tuple(state.trick)))


@lru_cache(maxsize=256)
def _solved(
    hands: tuple[tuple[str, ...], ...], trump: str | None, leader: int, trick: tuple[str, ...]
) -> tuple[tuple[str, int], ...]:
    """One position solved once: a lesson's step asks for its lesson move and the learner's alike."""
    from cardcli.games.bridge import dds

    if dds.available():
        return tuple(dds.solve([(hands, trump, leader, list(trick))])[0].items())
    from cardcli.games.bridge.ddsolve import Budget, solve_position

    try:
        return tuple(solve_position(hands, trump, leader, list(trick)).items())
    except Budget:
        raise Unsolved from None


def side_total(state: Any, seat: int, from_now: int) -> int:
    """Tricks ``seat``'s side ends with: those won already plus ``from_now``."""
    return state.won[seat % 2] + from_now


def call_fit(state: Any, seat: int, call: mv.Call) -> tuple[bool, str, bool]:
    """``(fits, meaning, in_system)``: whether ``seat``'s hand as dealt fits what ``call`` means now."""
    from cardcli.games.bridge import bidding
    from cardcli.games.bridge.sampling import score_for_view
    from cardcli.games.bridge.view import view_of

    view = view_of(state, seat, SEATS)
    ctx = bidding.position(view.dealer, view.calls, score_for_view(view))
    meaning = bidding.meaning(ctx, call)
    row = bidding.find(bidding.candidates(ctx), call)
    hand = bidding.Hand(list(state.original[seat]))
    fits = row.test(hand) if row is not None else meaning.shape.holds(hand)
    return fits, meaning.text, meaning.in_system


def hand_words(cards: Sequence[str]) -> str:
    """A hand's counts in words: "8 HCP (10 points), 5 spades, 3 hearts, 3 diamonds, 2 clubs"."""
    from cardcli.games.bridge import bidding

    h = bidding.Hand(list(cards))
    lens = ", ".join(f"{h.lens[s]} {bidding.sname(s)}" for s in bidding.SUITS)
    return _("{hcp} HCP ({pts} points), {lens}").format(hcp=h.hcp, pts=h.pts, lens=lens)


class BridgeTeaching(Teaching):
    tutor_module = "cardcli.games.bridge.tutoring"

    def goal_met(self, goal: str, before: Any, move: Any, after: Any, seat: int) -> bool | None:
        word, _sep, arg = goal.strip().partition(" ")
        if word == "call":
            return isinstance(move, mv.Bid | mv.Pass | mv.Double | mv.Redouble)
        if not isinstance(move, mv.Play):
            return False if word in ("suit", "ruffs", "wins") else None
        if word == "suit":
            return move.card[1] == arg.strip().upper()[:1]
        if word == "ruffs":
            trump = before.contract.strain if before.contract else "N"
            return bool(before.trick) and before.trick[0][1] != trump and move.card[1] == trump
        if word == "wins":
            if len(before.trick) == 3:
                return after.tricks[-1].winner % 2 == seat % 2
            return None
        return None

    def goal_words(self) -> dict[str, str]:
        return dict(GOALS)

    def rate_move(self, state: Any, move: Any, seat: int) -> Rating | None:
        if not isinstance(move, mv.Play) or state.phase != "play" or state.contract is None:
            return None
        try:
            values = card_tricks(state)
        except Unsolved:
            return None
        if move.card not in values:
            return None
        total = side_total(state, seat, values[move.card])
        return Rating(total, _("{n} tricks for your side with best play").format(n=total), sure=True)

    def audit_move(self, state: Any, move: Any, seat: int) -> str | None:
        from cardcli.games.bridge.auction import call_name

        if isinstance(move, mv.Bid | mv.Pass | mv.Double | mv.Redouble) and state.phase == "auction":
            fits, text, in_system = call_fit(state, seat, move)
            if fits and in_system:
                return None
            why = _("is not in cardcli's system here") if not in_system else _("does not fit the hand")
            return _("{seat}'s {call} ({meaning}) {why}: {hand}").format(
                seat=SEATS[seat], call=call_name(move), meaning=text, why=why, hand=hand_words(state.original[seat])
            )
        if isinstance(move, mv.Play) and state.phase == "play" and state.contract is not None:
            try:
                values = card_tricks(state)
            except Unsolved:
                return None
            best = max(values.values())
            got = values.get(move.card, best)
            if got < best:
                better = " ".join(sorted((c for c, v in values.items() if v == best), key=_order))
                return _("{seat}'s {card} loses a trick double dummy: {got} tricks for that side, {best} with {better}").format(
                    seat=SEATS[seat],
                    card=move.card,
                    got=side_total(state, seat, got),
                    best=side_total(state, seat, best),
                    better=better,
                )
        return None

    def hand_facts(self, state: Any, seat: int) -> dict[str, int]:
        from cardcli.games.bridge import bidding

        if not state.original:
            return {}
        h = bidding.Hand(list(state.original[seat]))
        return {"hcp": h.hcp, "points": h.pts}

    def rule_claims(self, config: Any) -> Sequence[RuleClaim]:
        return (
            RuleClaim(r"\bgame (?:needs|is) (\d+|\w+) (?:trick )?points", 100, _("trick points for game")),
            RuleClaim(r"small slam[^.]*?(\d+) not vulnerable", 500, _("small slam bonus, not vulnerable")),
            RuleClaim(r"grand slam[^.]*?(\d+) not vulnerable", 1000, _("grand slam bonus, not vulnerable")),
        )


def _order(card: str) -> tuple[int, int]:
    return ("SHDC".index(card[1]), -"23456789TJQKA".index(card[0]))
