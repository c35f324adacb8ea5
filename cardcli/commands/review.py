"""`cardcli replay review FILE`: the end-of-hand review of every hand of a recorded game."""

from __future__ import annotations

import click

from cardcli.engine.text import safe
from cardcli.i18n import _, ngettext
from cardcli.replay.io import ReplayError
from cardcli.replay.share import load as read
from cardcli.session import Session
from cardcli.ui.console import Console


def review(file: str, seat: str | None, hands: tuple[int, ...], write: bool, charset: str | None,
           color: bool | None = None) -> int:
    from cardcli.commands.common import parse_seat
    from cardcli.review import review_replay
    from cardcli.review.show import as_annotations, print_review

    try:
        replay = read(file)
        session = Session.from_replay(replay)  # strict: a review is of a game that verifies
    except ReplayError as err:
        raise click.ClickException(str(err)) from None
    names = [s.name for s in replay.seats]
    seats = [parse_seat(seat, names)] if seat else None
    for h in hands:
        if h > len(replay.hands):
            n = len(replay.hands)
            raise click.UsageError(ngettext("the file has {n} hand, not {h}", "the file has {n} hands, not {h}",
                                            n).format(n=n, h=h))
    console = Console.detect("auto" if color is None else ("always" if color else "never"), charset)
    reviews = review_replay(replay, seats, set(hands) or None, console.charset)
    game_spell = getattr(session.game, "spell_cards", None)
    spell = (lambda text: str(game_spell(text, console.charset))) if game_spell else None
    console.say(safe(replay.title or _("{game} replay").format(game=session.game.match_title(session.config))), "title")
    for r in reviews:
        console.say("")
        print_review(console, r, [safe(n) for n in names], spell)
    if not reviews:
        console.say(_("no finished hand to review"))
    if write:
        import msgspec

        from cardcli.replay.io import write as write_replay

        done = {r.hand for r in reviews}
        kept = [a for a in replay.annotations if not (a.kind == "review" and a.hand in done)]
        notes = kept + [a for r in reviews for a in as_annotations(r)]
        notes.sort(key=lambda a: (a.hand, a.ply))
        try:
            write_replay(file, msgspec.structs.replace(replay, annotations=notes))
        except OSError as err:
            raise click.ClickException(f"cannot write {file}: {err.strerror}") from None
        console.say(_("review written into {file} (`cardcli replay view` shows it)").format(file=file), "ok")
    return 0
