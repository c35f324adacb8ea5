"""Printing a review, and keeping it in the replay as ``review`` annotations.

A review is printed as a summary that fits a 80×24 screen (what happened, the score,
the result against the best, the two or three decisions that cost most) unless the
whole of it is asked for (``full``: the hands as dealt, the double-dummy table, every
decision).
"""

from __future__ import annotations

from collections.abc import Callable

from cardcli.engine.text import cards_in_text
from cardcli.i18n import _, ngettext
from cardcli.replay.model import Annotation
from cardcli.review.model import HandReview, Section
from cardcli.ui.console import Console

COSTLIEST = 3
"""How many costly decisions the summary names."""
SECTION_LINES = 4
"""The most lines of an analysis section the summary shows when the analysis gives no brief of its own."""


def print_review(
    console: Console,
    review: HandReview,
    names: list[str],
    spell: Callable[[str], str] | None = None,
    full: bool = True,
    more: str | None = None,
    score: bool = True,
) -> None:
    """Print ``review`` (all of it, or with ``full=False`` its summary, then ``more``: how to see the rest);
    ``spell`` writes a line's card notation for the console (bridge knows that ``2C`` in an auction is a
    call): by default every card token is spelt. ``score=False`` leaves out the hand's score (the REPL
    printed it a moment before, when the hand ended)."""
    spell = spell or (lambda text: cards_in_text(text, console.charset))
    who = " & ".join(names[s] for s in review.seats)
    console.say(_("Review of hand {n} (for {who})").format(n=review.hand, who=who), "title")
    if not full:
        for line in summary_lines(review, score=score):
            console.say(spell("  " + line))
        if more:
            console.say(more, "dim")
        return
    for section in review.sections:
        if section.score and not score:
            continue
        console.say("· " + section.title, "title")
        if section.drawn:
            console.print_lines([[("", "  ")] + line for line in section.drawn])
        for line in section.lines:
            console.say(spell("  " + line))


def summary_lines(review: HandReview, score: bool = True) -> list[str]:
    """The review in a few lines: what happened, the score (unless ``score`` is false), the result
    against the best, the costliest decisions (the rest is in the full review)."""
    out: list[str] = []
    sections = [s for s in review.sections if s.lines and not s.drawn]
    what = next((s for s in sections if s.title == _("What happened")), None)
    scored = next((s for s in sections if s.title == _("The score")), None)
    if what is not None:
        out.extend(what.lines if len(what.lines) <= 3 else what.lines[-1:])
    if scored is not None and score:
        out.extend(scored.lines[:1] + (scored.lines[-1:] if len(scored.lines) > 1 else []))
    analysis: list[Section] = [s for s in sections if s is not what and s is not scored]
    out.extend(review.brief)
    if review.costly:
        ranked = sorted(enumerate(review.costly), key=lambda kv: (-kv[1][0], kv[0]))
        out.extend(text for _i, (_cost, text) in sorted(ranked[:COSTLIEST]))
        rest = len(review.costly) - COSTLIEST
        if rest > 0:
            out.append(
                ngettext(
                    "and {n} more decision that cost something (in the full review)",
                    "and {n} more decisions that cost something (in the full review)",
                    rest,
                ).format(n=rest)
            )
    elif not review.brief:
        for section in analysis:
            out.extend(section.lines[:SECTION_LINES])
            if len(section.lines) > SECTION_LINES:
                out.append(_("… {n} more lines in the full review").format(n=len(section.lines) - SECTION_LINES))
    return out


def as_annotations(review: HandReview) -> list[Annotation]:
    """The review's notes as annotations of its hand (kind ``review``)."""
    return [Annotation(hand=review.hand, ply=n.ply, kind="review", text=n.text) for n in review.notes]
