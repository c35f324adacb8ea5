"""The review in the REPL: its summary shown when a hand ends, before the pause (the `review` command
shows all of it), and kept in the replay."""

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
    controller.last_review = review
    # the score was printed as the hand ended, just above: once is enough
    print_review(
        controller.console,
        review,
        [s.name for s in session.seats],
        controller.spell,
        full=False,
        more=_("(`review` shows the whole review of this hand)"),
        score=False,
    )
    for note in as_annotations(review):
        session.annotate(note)


def show_full_review(controller: Any) -> None:
    """The whole review of the last hand reviewed (the `review` command)."""
    from cardcli.review.show import print_review

    review = getattr(controller, "last_review", None)
    if review is None:
        controller.console.error(_("no hand has been reviewed yet: the review comes when a hand ends"))
        return
    print_review(controller.console, review, [s.name for s in controller.session.seats], controller.spell)
