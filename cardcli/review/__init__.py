"""The review at the end of every hand, and ``cardcli replay review FILE``.

The review is a visitor of the one fold (:class:`~cardcli.review.collect.Collector`):
it folds a hand's log, keeps the positions where a reviewed seat moved, and
turns them into sections for people (:mod:`cardcli.review.review`) and notes
kept in the replay as ``review`` annotations. Modules:

* :mod:`.collect` — the visitor; :mod:`.model` — sections and notes;
* :mod:`.review` — the common sections and the dispatch per game;
* :mod:`.bridge` — double dummy (the ``dds`` extra); :mod:`.decisions` and
  :mod:`.rollout` — the strongest bot's other choices and their seeded rollouts;
  :mod:`.eleusis` — the mainline with the clause that judged each card;
* :mod:`.show` — printing, and the notes as annotations.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from cardcli.engine.cards import Charset
from cardcli.engine.fold import HandLog, Table, fold
from cardcli.review.collect import Collector, HandTape
from cardcli.review.model import HandReview, Note, Section
from cardcli.review.review import Match, review_tape

if TYPE_CHECKING:
    from cardcli.replay.model import Replay
    from cardcli.session import Session

__all__ = [
    "Collector",
    "HandReview",
    "HandTape",
    "Match",
    "Note",
    "Section",
    "review_replay",
    "review_session_hand",
    "review_tape",
    "reviewed_seats",
]


def reviewed_seats(game: Any, humans: Sequence[int], players: int) -> tuple[int, ...]:
    """The seats a review looks at: the human seats, else the game's default seat."""
    if humans:
        return tuple(humans)
    return (game.default_seat if game.default_seat < players else 0,)


def review_replay(
    replay: Replay, seats: Sequence[int] | None = None, hands: Collection[int] | None = None, charset: Charset = "ascii"
) -> list[HandReview]:
    """Review the hands of a verified replay (all, or those numbered in ``hands``)."""
    from cardcli.engine.options import config_from_builtins
    from cardcli.engine.registry import load
    from cardcli.session import log_of

    game = load(replay.game)
    config = config_from_builtins(game, replay.config)
    humans = [i for i, s in enumerate(replay.seats) if s.kind == "human"]
    chosen = tuple(seats) if seats else reviewed_seats(game, humans, replay.players)
    match = Match(game, config, replay.players, replay.first_dealer, replay.seed or "", [s.name for s in replay.seats])
    out: list[HandReview] = []

    def plays_for(table: Table[Any, Any], state: Any, seat: int) -> int | None:
        # the file says which seats' moves a person made from another seat (``played_by``, kept
        # per hand by the session): the person's decisions, reviewed as theirs
        record = replay.hands[table.hand - 1].extra.get("played_by") if 0 < table.hand <= len(replay.hands) else None
        if not isinstance(record, dict):
            return None
        other = game.played_by(state, seat)
        return other if other is not None and record.get(str(seat)) == other else None

    collector = Collector(
        chosen, hands, on_hand=lambda tape: out.append(review_tape(match, tape, chosen, charset)), plays_for=plays_for
    )
    fold(game, config, replay.players, replay.first_dealer, log_of(replay), strict=False, visitors=[collector])
    return out


def review_session_hand(session: Session, hand: int | None = None, charset: Charset = "ascii") -> HandReview | None:
    """Review a finished hand of a live session (the last one by default), for its human seats."""
    table = session.table
    number = hand or table.hand
    if number < 1 or table.results[number - 1] is None:
        return None
    seats = reviewed_seats(session.game, session.human_seats, session.players)
    match = Match(
        session.game, session.config, session.players, session.first_dealer, session.seed, [s.name for s in session.seats]
    )
    collector = Collector(seats, plays_for=lambda _t, state, seat: session.plays_for(seat, state))
    sub: Table[Any, Any] = Table(
        session.game, session.config, session.players, session.first_dealer, strict=False, visitors=[collector]
    )
    sub.state = table.hand_start(number)
    log = table.hands[number - 1]
    sub.replay_hand(HandLog(list(log.deck), list(log.moves), None))
    if not collector.tapes:
        return None
    tape = collector.tapes[0]
    tape.hand = number  # the sub-table counts from its own first hand
    return review_tape(match, tape, seats, charset)
