"""Printing a review, and keeping it in the replay as ``review`` annotations."""

from __future__ import annotations

from collections.abc import Callable

from cardcli.engine.text import cards_in_text
from cardcli.i18n import _
from cardcli.replay.model import Annotation
from cardcli.review.model import HandReview
from cardcli.ui.console import Console


def print_review(console: Console, review: HandReview, names: list[str],
                 spell: Callable[[str], str] | None = None, score: bool = True) -> None:
    """Print ``review``; ``spell`` writes a line's card notation for the console (bridge knows that
    ``2C`` in an auction is a call): by default every card token is spelt. ``score=False`` leaves out
    the hand's score (the REPL printed it a moment before, when the hand ended)."""
    spell = spell or (lambda text: cards_in_text(text, console.charset))
    who = " & ".join(names[s] for s in review.seats)
    console.say(_("Review of hand {n} (for {who})").format(n=review.hand, who=who), "title")
    for section in review.sections:
        if section.score and not score:
            continue
        console.say("· " + section.title, "title")
        if section.drawn:
            console.print_lines([[("", "  ")] + line for line in section.drawn])
        for line in section.lines:
            console.say(spell("  " + line))


def as_annotations(review: HandReview) -> list[Annotation]:
    """The review's notes as annotations of its hand (kind ``review``)."""
    return [Annotation(hand=review.hand, ply=n.ply, kind="review", text=n.text) for n in review.notes]
