"""The review in the REPL: shown when a hand ends, before the pause, and kept in the replay."""

from __future__ import annotations

from typing import Any

from cardcli.i18n import _


def show_review(controller: Any) -> None:
    """Print the review of the session's last hand and annotate the session with its notes."""
    from cardcli.review import review_session_hand
    from cardcli.review.show import as_annotations, print_review

    session = controller.session
    if not session.human_seats:
        return
    try:
        review = review_session_hand(session, charset=controller.console.charset)
    except Exception as err:  # noqa: BLE001 - a review must never stop the game
        controller.console.error(_("the review of this hand failed: {why}").format(why=err))
        return
    if review is None:
        return
    # the score was printed as the hand ended, just above: once is enough
    print_review(controller.console, review, [s.name for s in session.seats], controller.spell, score=False)
    for note in as_annotations(review):
        session.annotate(note)
