"""Rummy, burraco and canasta: the reviewed seat's decisions where the strongest bot differs.

For each move of the seat with a choice, the strongest bot (the game's default
bot, which also gives ``hint``) is asked from the seat's view at that moment,
with the stream ``hint`` would use. Where it would have moved differently the
review weighs the two moves with paired seeded rollouts
(:mod:`cardcli.review.rollout`: the same guessed cards and bot streams for
both). A decision is reported only when the mean difference is beyond three
standard errors (about 99%: see ``SURE``); rollouts are noisy, and a difference that few
rollouts cannot tell from luck is counted, not stated as fact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardcli.engine.game import Game
from cardcli.engine.rng import Rng
from cardcli.i18n import _, ngettext
from cardcli.review.collect import Decision, HandTape
from cardcli.review.model import HandReview, Note, Section
from cardcli.review.rollout import CONFIDENCE, ROLLOUTS, ROUND, Budget, Rollouts

BUDGET = 8000
"""Moves all the rollouts of one hand's review may play (bounds its work: see the benchmarks)."""


@dataclass
class Finding:
    decision: Decision
    advice: str
    """The bot's move, in notation."""
    reason: str
    bot_move: Any = None
    stake: float | None = None
    """Mean net points the bot's move gained over the one played in the paired rollouts (None: none)."""
    error: float | None = None
    """The standard error of ``stake``."""
    sure: bool = False
    """Whether ``stake`` is beyond ``SURE`` standard errors: only such findings are reported."""
    rollouts: int = 0
    """Paired rollouts that reached the hand's end for both moves."""
    apart: int = 0
    """Cards the two moves put in different places by the end of the seat's turn (0: the same in effect)."""
    weighed: bool = False
    """Whether rollouts were spent on it (the budget may run out first: then it is counted, not weighed)."""


def advice(game: Game[Any, Any, Any, Any], seed: str, hand: int, d: Decision) -> tuple[Any, str] | None:
    """The strongest bot's move and reason at decision ``d``, from the seat's view (None: no choice)."""
    legal = game.legal_moves(d.before)
    if len(legal) < 2:
        return None
    bot = game.bots[game.default_bot]()
    view = game.view(d.before, d.seat)
    rng = Rng(seed or "no-seed", "bot", hand, d.seat, d.ply - 1)  # the stream `hint` uses at this position
    if hasattr(bot, "advise"):
        move, why = bot.advise(view, legal, rng)
    else:
        move, why = bot.choose(view, legal, rng), ""
    return move, str(why)


def findings(
    game: Game[Any, Any, Any, Any],
    config: Any,
    players: int,
    first_dealer: int,
    seed: str,
    tape: HandTape,
    budget: Budget | None = None,
) -> list[Finding]:
    budget = budget or Budget(BUDGET)
    out: list[Finding] = []
    for d in tape.decisions:
        got = advice(game, seed, tape.hand, d)
        if got is None:
            continue
        move, why = got
        notation = game.format_move(move)
        if notation == d.notation:
            continue
        out.append(Finding(d, notation, why, bot_move=move))
    # Rank before spending: each decision's two moves are played to the end of the seat's turn on the
    # true cards (cheap); moves that leave every card in the same place are the same in effect and get
    # no rollouts. The others are screened in order of how many cards their moves put elsewhere (later
    # decisions first among equals: their rollouts are shorter and less noisy) with ROUND paired
    # rollouts each, within half the budget; then the rest of the budget goes to the most promising
    # (the largest difference against its noise), in rounds of ROUND, each until it is sure, hopeless
    # or at ROLLOUTS (sequential testing).
    runs: list[Rollouts | None] = []
    for f in out:
        r = Rollouts(game, config, players, first_dealer, seed, tape, f.decision, [f.decision.move, f.bot_move])
        f.apart = r.apart(budget)
        runs.append(r if f.apart else None)
    ends = len(tape.moves)
    order = sorted(
        (i for i, r in enumerate(runs) if r is not None), key=lambda i: -out[i].apart / (ends - out[i].decision.ply + 10)
    )
    screen = budget.used + (budget.moves - budget.used) // 2
    for i in order:
        if budget.used >= screen:
            break
        out[i].weighed = True
        for _k in range(ROUND):
            _run(runs[i], budget)
    promising = sorted((i for i in order if out[i].weighed and not _closed(runs[i])), key=lambda i: -_z(runs[i]))
    for i in promising:
        while not budget.spent and not _closed(runs[i]):
            for _k in range(ROUND):
                _run(runs[i], budget)
    for f, maybe in zip(out, runs):
        if maybe is None:
            f.stake, f.error = 0.0, 0.0
            continue
        diff = maybe.difference()
        f.rollouts = len(maybe.diffs)
        if diff is not None:
            f.stake, f.error = diff
            f.sure = maybe.sure() and round(abs(f.stake)) >= 1  # a sure fraction of a point is no cost to state
    return out


def _run(r: Rollouts | None, budget: Budget) -> None:
    assert r is not None
    r.run(budget)


def _closed(r: Rollouts | None) -> bool:
    """Whether a decision needs no more rollouts: sure, hopeless or at ``ROLLOUTS``."""
    assert r is not None
    return r.done >= ROLLOUTS or r.sure() or r.hopeless()


def _z(r: Rollouts | None) -> float:
    """The decision's mean difference in standard errors (how promising it is after the screen)."""
    assert r is not None
    got = r.difference()
    if got is None or got[0] == 0:
        return 0.0
    return abs(got[0]) / got[1] if got[1] else float("inf")


def analyse(
    game: Game[Any, Any, Any, Any],
    config: Any,
    players: int,
    first_dealer: int,
    seed: str,
    names: list[str],
    tape: HandTape,
    review: HandReview,
) -> None:
    found = findings(game, config, players, first_dealer, seed, tape)
    review.figures["findings"] = found
    title = _("Your decisions")
    lines: list[str] = []
    asked = sum(1 for d in tape.decisions if len(game.legal_moves(d.before)) > 1)
    sure = [f for f in found if f.sure]
    for f in sure:
        d = f.decision
        text = _("move {ply}: {who} played {played}; the bot would play {bot}: {why}").format(
            ply=d.ply, who=names[d.seat], played=d.notation, bot=f.advice, why=f.reason
        )
        text += " · " + stake_text(f)
        lines.append(text)
        if f.stake is not None and f.stake > 0:
            review.costly.append((f.stake, text))
        review.notes.append(Note(d.ply, text))
    unclear = len(found) - len(sure)
    unweighed = sum(1 for f in found if not f.weighed and f.apart)
    if unclear and unweighed:
        lines.append(
            ngettext(
                "{n} other choice differed from the bot's with no clear cost ({m} of them not weighed: "
                "the review's rollouts went to the likelier ones first)",
                "{n} other choices differed from the bot's with no clear cost ({m} of them not weighed: "
                "the review's rollouts went to the likelier ones first)",
                unclear,
            ).format(n=unclear, m=unweighed)
        )
    elif unclear:
        lines.append(
            ngettext(
                "{n} other choice differed from the bot's with no clear cost",
                "{n} other choices differed from the bot's with no clear cost",
                unclear,
            ).format(n=unclear)
        )
    if not found:
        lines.append(_("the strongest bot would have made every one of these {n} choices the same way").format(n=asked))
    else:
        lines.append(
            _(
                "{k} of {n} choices differ from the strongest bot's; a cost is stated only when paired seeded "
                "rollouts to the end of the hand (up to {r} per move, the cards you could not see dealt anew) "
                "make it sure at {c}%"
            ).format(k=len(found), n=asked, r=ROLLOUTS, c=CONFIDENCE)
        )
    review.brief.append(lines[-1])  # the summary: how many choices differ, then the costliest
    review.sections.append(Section(title, lines))


def stake_text(f: Finding) -> str:
    """What the move played cost (or gained) against the bot's, and how sure that is."""
    s = round(f.stake or 0.0)
    if s >= 0:
        return ngettext(
            "sure at {c}%, over {r} rollouts: this cost about {n} point",
            "sure at {c}%, over {r} rollouts: this cost about {n} points",
            s,
        ).format(n=s, c=CONFIDENCE, r=f.rollouts)
    return ngettext(
        "sure at {c}%, over {r} rollouts: this gained about {n} point over the bot's move",
        "sure at {c}%, over {r} rollouts: this gained about {n} points over the bot's move",
        -s,
    ).format(n=-s, c=CONFIDENCE, r=f.rollouts)
