"""Seeded rollouts: what a decision was worth, estimated by playing the hand on with bots.

A rollout starts its own trusting :class:`~cardcli.engine.fold.Table` from the
hand's start, folds the hand's log up to the decision, deals the cards the
deciding seat could not see anew (the game's ``hidden_from`` lists, shuffled
among themselves with a seeded stream: what the seat knew stays, what it did
not know is guessed), makes one candidate move and lets the strongest bot play
every seat to the end of the hand. Both candidates of a rollout see the same
guessed cards and the same bot streams (common random numbers), so their
difference is the decision's, not the luck's.

The work is bounded by a count of moves (a *budget*), not by a clock, so a
review says the same on every machine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardcli.engine.deal import reshuffle
from cardcli.engine.fold import HandLog, Table
from cardcli.engine.game import Game
from cardcli.engine.rng import Rng
from cardcli.review.collect import Decision, HandTape

ROLLOUTS = 64
"""Most paired rollouts per decision."""
FIRST = 24
"""Paired rollouts a decision gets before its difference may be reported (sixteen let a lucky run through)."""
ROUND = 8
"""Paired rollouts between two looks at a decision's difference."""
SURE = 3.0
"""Standard errors the mean difference must exceed to be reported (about 99%). Two (about 95%) is
not enough: a hand has a dozen differing choices, so at 95% one in twenty of those that cost
nothing would be reported, and a reported difference that barely passes shrinks when checked."""
EARLY = 3.5
"""Standard errors that close a decision before its last round (so strict that the early looks
leave the stated confidence nearly whole: a Haybittle–Peto boundary)."""
ROOM = 1.0
"""Standard errors the difference must keep with one more rollout as contrary as the hand's largest swing."""
HOPELESS = 1.0
"""Standard errors under which a decision is given up after ``FIRST`` rollouts: its difference could
reach ``SURE`` within ``ROLLOUTS`` only by a run of luck, and the budget is better spent on the next."""
CONFIDENCE = 99
"""The confidence ``SURE`` stands for, in percent (as the review states it)."""
TURN = 40
"""Most moves of the deciding seat's turn that :meth:`Rollouts.apart` plays after a candidate."""
HORIZON = 250
"""Most moves a rollout plays before giving up on reaching the hand's end (such a rollout is dropped)."""


@dataclass
class Budget:
    """Moves the rollouts of one hand's review may still play."""

    moves: int
    used: int = 0
    swing: float = 0.0
    """The largest paired difference (either sign) any rollout of this hand has shown so far: how far
    one unlucky rollout can go in this hand (see :meth:`Rollouts.sure`)."""

    @property
    def spent(self) -> bool:
        return self.used >= self.moves


def net_points(game: Game[Any, Any, Any, Any], config: Any, players: int, seat: int, points: Sequence[float]) -> float:
    """The seat's side's points minus the best other side's, for one hand."""
    sides = game.sides(config, players)
    mine = next(i for i, s in enumerate(sides) if seat in s.seats)
    others = [p for i, p in enumerate(points) if i != mine]
    return float(points[mine]) - (max(others) if others else 0.0)


class Rollouts:
    """The rollouts of one decision: the candidates' net points, one seeded rollout at a time."""

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        config: Any,
        players: int,
        first_dealer: int,
        seed: str,
        tape: HandTape,
        decision: Decision,
        candidates: Sequence[Any],
        name: str = "review",
    ) -> None:
        self.name = name
        """Names the streams: another name gives rollouts independent of these (a re-check)."""
        self.game, self.config, self.players, self.seed = game, config, players, seed
        self.tape, self.decision, self.candidates = tape, decision, list(candidates)
        self.keep = decision.ply - 1
        self.table: Table[Any, Any] = Table(game, config, players, first_dealer, strict=False)
        self.table.state = tape.pre_deal.clone()
        self.table.replay_hand(HandLog(tape.deck, tape.moves, None), self.keep)
        self.base = self.table.state
        """The position before the decision: every rollout starts from a copy of it."""
        self.sums = [0.0] * len(self.candidates)
        self.counts = [0] * len(self.candidates)
        self.done = 0
        self.budget: Budget | None = None
        """The budget the last rollout drew on (it knows the hand's largest swing)."""
        self.diffs: list[float] = []
        """Per rollout where every candidate reached the hand's end: the second's net points minus the first's."""

    def run(self, budget: Budget) -> None:
        """One more rollout of every candidate (the same guessed cards and bot streams for each)."""
        i = self.done
        self.done += 1
        d = self.decision
        stream = Rng(self.seed or "no-seed", self.name, self.tape.hand, d.ply, i)
        guessed = self.base.clone()
        _guess_hidden(self.game, guessed, d.seat, stream.fork("deal"))
        got: list[float | None] = []
        for k, move in enumerate(self.candidates):
            value = _play_out(self.game, self.config, self.players, guessed.clone(), move, d.seat, stream, budget)
            got.append(value)
            if value is not None:
                self.sums[k] += value
                self.counts[k] += 1
        if len(got) == 2 and got[0] is not None and got[1] is not None:
            self.diffs.append(got[1] - got[0])
            budget.swing = max(budget.swing, abs(got[1] - got[0]))
        self.budget = budget

    def apart(self, budget: Budget, most: int = TURN) -> int:
        """How many cards lie elsewhere once each candidate's turn is played out by the bot on the true
        cards: 0 says the two moves come to the same (they are equivalent); more says the choice moved
        more cards, a cheap first guess at which decisions matter (it ranks them before any rollout)."""
        places: list[dict[str, Counter[str]]] = []
        d = self.decision
        for move in self.candidates:
            state = self.base.clone()
            stream = Rng(self.seed or "no-seed", self.name, self.tape.hand, d.ply, "turn")
            bot = self.game.bots[self.game.default_bot]()
            try:
                self.game.apply(state, move)
                for n in range(most):
                    if self.game.hand_over(state) or self.game.to_act(state) != d.seat:
                        break
                    legal = self.game.legal_moves(state)
                    self.game.apply(state, bot.choose(self.game.view(state, d.seat), legal, stream.fork("bot", n)))
                    budget.used += 1
            except Exception:  # noqa: BLE001 - a move the rules cannot continue from: count it as far apart
                return 10**6
            where = {k: Counter(map(str, v)) for k, v in self.game.card_locations(state).items()}
            where[" actor"] = Counter([str(self.game.to_act(state))])
            places.append(where)
        a, b = places[0], places[1]
        return sum((a.get(k, Counter()) - b.get(k, Counter())).total() for k in set(a) | set(b))

    def difference(self) -> tuple[float, float] | None:
        """The mean of the paired differences and its standard error (None: fewer than two pairs)."""
        n = len(self.diffs)
        if n < 2:
            return None
        mean = sum(self.diffs) / n
        var = sum((x - mean) ** 2 for x in self.diffs) / (n - 1)
        return mean, (var / n) ** 0.5

    def sure(self, z: float | None = None) -> bool:
        """Whether the mean difference is beyond ``z`` standard errors of nought (by default ``SURE`` once
        every rollout is in, ``EARLY`` before); a difference of nought in every rollout is none."""
        if z is None:
            z = SURE if self.done >= ROLLOUTS else EARLY
        if self.done < FIRST:
            return False
        got = self.difference()
        if got is None:
            return False
        mean, se = got
        if mean == 0 or abs(mean) <= z * se:
            return False
        # Rollouts of a meld game have rare large swings (a pozzo taken, a hand closed): two dozen
        # rollouts that all came out a few points apart may not have met one. A cost is stated only
        # if one more rollout, contrary by the largest swing seen in this hand, would leave it beyond
        # ``ROOM`` standard errors (a difference sure only because its rare swings were not drawn is not).
        swing = max(self.budget.swing if self.budget else 0.0, max(abs(x) for x in self.diffs))
        more = [*self.diffs, -swing if mean > 0 else swing]
        n = len(more)
        m = sum(more) / n
        se2 = (sum((x - m) ** 2 for x in more) / (n - 1) / n) ** 0.5
        return (m > 0) == (mean > 0) and abs(m) > ROOM * se2

    def hopeless(self) -> bool:
        """Whether the difference is, after ``FIRST`` rollouts, too small against its noise to be worth more."""
        got = self.difference()
        if self.done < ROUND:
            return False
        if got is None or got[0] == 0:
            return True  # every pair came to the same points so far, or none reached the end
        mean, se = got
        return self.done >= FIRST and abs(mean) < HOPELESS * se

    def values(self) -> list[float | None]:
        """The average net points per candidate (None: no rollout of it reached the hand's end)."""
        return [s / n if n else None for s, n in zip(self.sums, self.counts)]


def _guess_hidden(game: Game[Any, Any, Any, Any], state: Any, seat: int, rng: Rng) -> None:
    """Shuffle the cards ``seat`` cannot see among the places they are in (sizes kept)."""
    reshuffle(game.hidden_from(state, seat), rng.shuffle)


def _play_out(
    game: Game[Any, Any, Any, Any],
    config: Any,
    players: int,
    state: Any,
    move: Any,
    seat: int,
    stream: Rng,
    budget: Budget,
) -> float | None:
    """Make ``move`` on ``state`` (a copy of its own), let the strongest bot play every seat to the hand's
    end; the seat's net points. The moves are applied to the state alone: a rollout needs no log."""
    bots = [game.bots[game.default_bot]() for _ in range(players)]
    try:
        game.apply(state, move)
        for n in range(HORIZON):
            if game.hand_over(state):
                break
            actor = game.to_act(state)
            if actor is None:
                break
            legal = game.legal_moves(state)
            game.apply(state, bots[actor].choose(game.view(state, actor), legal, stream.fork("bot", n)))
            budget.used += 1
    except Exception:  # noqa: BLE001 - a guessed deal the rules cannot continue: drop this rollout
        return None
    result = game.hand_result(state) if game.hand_over(state) else None
    if result is None:
        return None
    return net_points(game, config, players, seat, result.points)
