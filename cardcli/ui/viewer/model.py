"""The viewer's model: every position of a replay, a cursor over them, and what each one shows.

Positions are (hand, ply): ply 0 is the deal, ply ``p`` the position after the hand's
``p``-th move. They are all kept from one fold of the file (a :class:`Timeline` visitor
clones the state after each move), so the viewer has no move loop and no per-game undo.
Both the key-driven viewer and the line viewer drive this model; neither knows a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardcli.engine.fold import Step, Table, Visitor, fold
from cardcli.engine.game import Game, HandResult, Line
from cardcli.engine.options import config_from_builtins
from cardcli.engine.registry import load
from cardcli.engine.text import cards_in_text, safe
from cardcli.i18n import _
from cardcli.replay.model import Replay
from cardcli.session import log_of


class Timeline(Visitor):
    """Keeps every position of the fold: the deal of each hand, the state after each move, the results."""

    def __init__(self) -> None:
        self.states: list[list[Any]] = []
        self.steps: list[list[Step[Any]]] = []
        self.results: list[HandResult | None] = []

    def begin_hand(self, table: Table[Any, Any], hand: int) -> None:
        self.states.append([table.state.clone()])
        self.steps.append([])
        self.results.append(None)

    def after_move(self, table: Table[Any, Any], step: Step[Any]) -> None:
        self.states[-1].append(table.state.clone())
        self.steps[-1].append(step)

    def end_hand(self, table: Table[Any, Any], hand: int, result: HandResult | None) -> None:
        self.results[-1] = result


@dataclass(frozen=True)
class Screen:
    """What one position shows, as styled lines, before it is fitted to a terminal."""

    title: Line
    table: list[Line]
    narration: list[Line]
    notes: list[Line]
    score: list[Line]


def parse_position(text: str, hand: int) -> tuple[int, int] | None:
    """``H.P`` (hand H, move P) or ``P`` (move P of ``hand``); ``None`` when it is neither."""
    hand_s, dot, ply_s = text.strip().partition(".")
    try:
        if dot:
            return int(hand_s), int(ply_s)
        return hand, int(hand_s)
    except ValueError:
        return None


class ViewerModel:
    """A cursor over a replay's positions, the seat whose view is shown, and whether secrets show."""

    def __init__(self, replay: Replay, seat: int | None = None, reveal: bool = False, charset: str = "unicode") -> None:
        self.replay = replay
        self.game: Game[Any, Any, Any, Any] = load(replay.game)
        self.config = config_from_builtins(self.game, replay.config)
        self.names = [s.name for s in replay.seats]
        self.seat = seat
        self.reveal = reveal
        self.charset: Any = charset
        self.timeline = Timeline()
        fold(self.game, self.config, replay.players, replay.first_dealer, log_of(replay), strict=False, visitors=[self.timeline])
        self.hand = 1 if self.timeline.states else 0
        self.ply = 0
        self.locked = None if reveal else self._recording_seat()
        """While the match is not over (a game still being played and recorded), the seat whose view
        alone is shown: what that seat could not see stays hidden, as `replay show` hides it, unless
        ``--reveal`` asked for everything."""
        self.message = ""
        if self.locked is not None:
            if seat is not None and seat != self.locked:
                self._refuse_other_views()
            self.seat = self.locked
        """A one-line answer to the last key (shown in the status line until the next key)."""
        self._bounds: dict[int, list[int]] = {}

    # -- the positions ---------------------------------------------------------------------------
    @property
    def hands(self) -> int:
        return len(self.timeline.states)

    def moves(self, hand: int | None = None) -> int:
        h = self.hand if hand is None else hand
        return len(self.timeline.steps[h - 1]) if 1 <= h <= self.hands else 0

    def state(self) -> Any:
        return self.timeline.states[self.hand - 1][self.ply]

    def step_at(self) -> Step[Any] | None:
        return self.timeline.steps[self.hand - 1][self.ply - 1] if self.hands and self.ply else None

    def has_tricks(self) -> bool:
        """True when ↑/↓ step a trick (the game's views have tricks), else they step a turn."""
        return bool(self.hands) and hasattr(self.game.view(self.timeline.states[0][0], None), "tricks")

    def has_secrets(self) -> bool:
        return any(s.secret for steps in self.timeline.steps for s in steps)

    # -- moving ----------------------------------------------------------------------------------
    def go(self, hand: int, ply: int) -> bool:
        """Jump to (hand, ply), clamping the move; False (and a message) for a hand that does not exist."""
        if not 1 <= hand <= self.hands:
            self.message = _("there is no hand {h} (hands 1 to {n})").format(h=hand, n=self.hands)
            return False
        self.hand, self.ply = hand, max(0, min(ply, self.moves(hand)))
        return True

    def step(self, delta: int) -> None:
        """``delta`` moves forward (or back), going on into the next (or previous) hand."""
        if not self.hands:
            return
        ply = self.ply + delta
        while ply > self.moves() and self.hand < self.hands:
            ply -= self.moves() + 1
            self.hand += 1
        while ply < 0 and self.hand > 1:
            self.hand -= 1
            ply += self.moves() + 1
        self.ply = max(0, min(ply, self.moves()))

    def bounds(self, hand: int) -> list[int]:
        """The positions of ``hand`` that ↑/↓ stop at: the end of each trick (and of the auction)
        in a game whose view has tricks; otherwise the end of each seat's turn."""
        if hand in self._bounds:
            return self._bounds[hand]
        steps = self.timeline.steps[hand - 1]
        states = self.timeline.states[hand - 1]
        views = [self.game.view(s, None) for s in states]
        out = [0]
        if all(hasattr(v, "tricks") for v in views):

            def key(v: Any) -> tuple[Any, int]:
                return getattr(v, "phase", None), len(v.tricks)

            out += [p for p in range(1, len(states)) if key(views[p]) != key(views[p - 1])]
        else:
            out += [p for p in range(1, len(steps)) if steps[p - 1].seat != steps[p].seat]
        if out[-1] != len(steps):
            out.append(len(steps))
        self._bounds[hand] = out
        return out

    def turn(self, delta: int) -> None:
        """One trick or turn forward (``delta`` > 0) or back."""
        if not self.hands:
            return
        if delta > 0:
            ahead = [b for b in self.bounds(self.hand) if b > self.ply]
            if ahead:
                self.ply = ahead[0]
            elif self.hand < self.hands:
                self.hand, self.ply = self.hand + 1, 0
        else:
            behind = [b for b in self.bounds(self.hand) if b < self.ply]
            if behind:
                self.ply = behind[-1]
            elif self.hand > 1:
                self.hand -= 1
                self.ply = self.moves()

    def next_hand(self, delta: int) -> None:
        if not self.hands:
            return
        if delta < 0 and self.ply > 0:
            self.ply = 0
            return
        self.hand = max(1, min(self.hands, self.hand + delta))
        self.ply = 0

    def home(self) -> None:
        if self.hands:
            self.hand, self.ply = 1, 0

    def end(self) -> None:
        if self.hands:
            self.hand = self.hands
            self.ply = self.moves()

    # -- seats and secrets ------------------------------------------------------------------------
    def _recording_seat(self) -> int | None:
        """The seat a match still in progress is shown from (its first person's, else the game's usual
        seat); ``None`` once the match is over, when every hand may be shown."""
        if self.finished():
            return None
        humans = [i for i, s in enumerate(self.replay.seats) if s.kind == "human"]
        if humans:
            return humans[0]
        return self.game.default_seat if self.game.default_seat < len(self.names) else 0

    def finished(self) -> bool:
        """Whether the match the replay records is over, as the rules say (not as the file says)."""
        if not self.timeline.states:
            return False
        last = self.timeline.states[-1][-1]
        if self.game.match_over(last):
            return True
        limit = self.replay.hands_limit
        return limit is not None and self.hands >= limit and self.game.hand_over(last)

    def _refuse_other_views(self) -> bool:
        """True (with the message) when the match is not over and the view must stay the recording seat's."""
        if self.locked is None:
            return False
        self.message = _("the match is not over: {who}'s view only (--reveal shows every hand)").format(
            who=safe(self.names[self.locked])
        )
        return True

    def set_seat(self, seat: int) -> None:
        if seat != self.locked and self._refuse_other_views():
            return
        self.seat = seat
        self.message = _("the view of {who}").format(who=safe(self.names[self.seat]))

    def next_seat(self) -> None:
        if self._refuse_other_views():
            return
        self.seat = 0 if self.seat is None else (self.seat + 1) % len(self.names)
        self.message = _("the view of {who}").format(who=safe(self.names[self.seat]))

    def all_hands(self) -> None:
        if self._refuse_other_views():
            return
        self.seat = None
        self.message = _("all hands")

    def toggle_reveal(self) -> None:
        if self.locked is not None and self.has_secrets():
            self._refuse_other_views()
            return
        if not self.has_secrets():
            self.message = _("nothing to reveal: {game} has no secret moves").format(game=self.game.name)
            return
        self.reveal = not self.reveal
        self.message = _("secret moves shown") if self.reveal else _("secret moves hidden")

    # -- what a position shows ----------------------------------------------------------------------
    def _text(self, text: str, style: str = "") -> Line:
        return [(style, cards_in_text(safe(text), self.charset))]

    def narration(self) -> str:
        step = self.step_at()
        if step is None:
            return _("the deal")
        if step.secret and not self.reveal:
            return _("{who} makes a secret move").format(who=self.names[step.seat])
        observer = step.seat if self.seat is None or (step.secret and self.reveal) else self.seat
        return self.game.narrate(step.outcome, observer)

    def notes(self) -> list[str]:
        """The annotations made at this position (hints, undos, comments, tutor notes, claims);
        the file's own notes at the deal of hand 1."""
        out = []
        for a in self.replay.annotations:
            here = (a.hand, a.ply) == (self.hand, self.ply) or (a.hand == 0 and (self.hand, self.ply) == (1, 0))
            if here:
                out.append(f"{a.kind}: {a.text}" if a.text else a.kind)
        if self.reveal:
            for s in self.timeline.steps[self.hand - 1][: self.ply]:
                if s.secret:
                    out.append(_("secret: ") + self.game.narrate(s.outcome, s.seat))
        return out

    def score(self) -> list[str]:
        """The hand's score, at its last move (when it ended)."""
        if not self.hands or self.ply != self.moves():
            return []
        result = self.timeline.results[self.hand - 1]
        if result is None:
            return []
        return [
            _("Hand {n} is over:").format(n=self.hand),
            *self.game.explain_result(result, self.config, self.replay.players, self.timeline.results[: self.hand - 1]),
        ]

    def where(self) -> str:
        who = _("all hands") if self.seat is None else safe(self.names[self.seat])
        return _("Hand {h}/{n} · move {p}/{m} · {who}").format(h=self.hand, n=self.hands, p=self.ply, m=self.moves(), who=who)

    def screen(self) -> Screen:
        if not self.hands:
            return Screen(self._text(_("this replay has no hands"), "title"), [], [], [], [])
        g = self.game
        state = self.state()
        if self.reveal:
            view = g.revealed_view(state, self.seat)
        else:
            view = g.full_view(state) if self.seat is None else g.view(state, self.seat)
        table = [[(style, safe(text)) for style, text in line] for line in g.render(view, self.charset)]
        title = safe(self.replay.title or self.game.match_title(self.config))
        return Screen(
            title=self._text(self.where(), "title") + [("dim", " · " + title)],
            table=table,
            narration=[self._text(self.narration())],
            notes=[self._text(n, "hint") for n in self.notes()],
            score=[self._text(s, "ok") for s in self.score()],
        )
