"""Rummy, burraco and canasta: the reviewed seat's decisions where the strongest bot differs.

For each move of the seat with a choice, the strongest bot (the game's default
bot, which also gives ``hint``) is asked from the seat's view at that moment,
with the stream ``hint`` would use. Where it would have moved differently the
review prints its move and its reason, and seeded rollouts
(:mod:`cardcli.review.rollout`) estimate the points at stake.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardcli.engine.game import Game
from cardcli.engine.rng import Rng
from cardcli.i18n import _
from cardcli.review.collect import Decision, HandTape
from cardcli.review.model import HandReview, Note, Section
from cardcli.review.rollout import ROLLOUTS, Budget, Rollouts

BUDGET = 2000
"""Moves all the rollouts of one hand's review may play (bounds its time: see the benchmark)."""


@dataclass
class Finding:
    decision: Decision
    advice: str
    """The bot's move, in notation."""
    reason: str
    bot_move: Any = None
    stake: float | None = None
    """Estimated net points the bot's move gains over the one played (None: not estimated)."""
    rollouts: int = 0


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
    # Rollouts in passes (one more per decision each pass) until the budget is spent: every
    # decision gets its first rollout before any gets a second.
    runs: dict[int, Rollouts] = {}
    for _pass in range(ROLLOUTS):
        for i, f in enumerate(out):
            if budget.spent:
                break
            r = runs.get(i)
            if r is None:
                r = runs[i] = Rollouts(game, config, players, first_dealer, seed, tape, f.decision, [f.decision.move, f.bot_move])
            r.run(budget)
    for i, r in runs.items():
        played, better = r.values()
        out[i].rollouts = r.done
        if played is not None and better is not None:
            out[i].stake = better - played
    return out


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
    for f in found:
        d = f.decision
        text = _("move {ply}: {who} played {played}; the bot would play {bot}: {why}").format(
            ply=d.ply, who=names[d.seat], played=d.notation, bot=f.advice, why=f.reason
        )
        text += " · " + stake_text(f)
        lines.append(text)
        if f.stake is not None and round(f.stake) > 0:
            review.costly.append((f.stake, text))
        review.notes.append(Note(d.ply, text))
    if not found:
        lines.append(_("the strongest bot would have made every one of these {n} choices the same way").format(n=asked))
    else:
        lines.append(
            _(
                "{k} of {n} choices differ from the strongest bot's; points at stake are the average of "
                "up to {r} seeded rollouts per move to the end of the hand, the cards you could not see "
                "dealt anew"
            ).format(k=len(found), n=asked, r=ROLLOUTS)
        )
    review.brief.append(lines[-1])  # the summary: how many choices differ, then the costliest
    review.sections.append(Section(title, lines))


def stake_text(f: Finding) -> str:
    if f.stake is None:
        return (
            _("points at stake not estimated (rollout budget spent)")
            if not f.rollouts
            else _("points at stake not estimated (no rollout reached the end of the hand)")
        )
    s = round(f.stake)
    if s > 0:
        return _("about {n} points better for your side in rollouts").format(n=s)
    if s < 0:
        return _("your move did {n} points better in rollouts").format(n=-s)
    return _("no difference in points in rollouts")
