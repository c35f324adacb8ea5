"""The UI-agnostic session: one match in progress.

Both drivers (prompt-toolkit and the plain line driver), the tutor and the
tests go through this object, so they cannot diverge. It owns the state, the
move log per hand, the bots, undo, autosave and resume. It knows nothing of
screens: it returns events (who did what, in words for one observer) and
leaves printing to the driver.

Every move goes through one :class:`~cardcli.engine.fold.Table` (the fold), so
live play, resume and ``replay verify`` accept exactly the same moves. Undo
re-folds the current hand from its deal instead of reversing moves, so no game
needs undo logic of its own (python-chess's move stack, without the snapshots).

Undo is fair: it takes back only your own moves made since another seat last
acted (what a bot did after your move has been seen and cannot be unseen), and
never a move that showed you a hidden card (the game's ``undo_barrier``).

Rebuilding a session from a file holds the file to its moves with the checks of
:mod:`cardcli.replay.claims`.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from cardcli import __version__
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import FoldError, HandLog, LegalCheck, Table, Visitor, fold
from cardcli.engine.game import Advisor, Game, HandResult, LevelledAdvisor, MatchResult
from cardcli.engine.notation import resolve
from cardcli.engine.options import build_config
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng, fresh_seed, normalize_seed
from cardcli.engine.text import safe
from cardcli.engine.verdict import IllegalMove, MoveError, Verdict
from cardcli.engine.words import seat_label as _seat_label
from cardcli.i18n import _, ngettext
from cardcli.replay.claims import ResultCheck, check_match_result, game_of, log_of, seeded_deck_check
from cardcli.replay.io import ReplayError, write
from cardcli.replay.model import FORMAT, VERSION, Annotation, HandRecord, MoveRecord, Replay, SeatRecord

# log_of lives in cardcli.replay.claims (with the other checks of a file against its moves); it is
# named here too for the code that imports it from the session.
__all__ = ["Event", "SeatSpec", "Session", "SessionError", "UndoRefused", "fold_position", "log_of"]


@dataclass
class Event:
    """Something that happened, told to the session's observer."""

    kind: str  # "move", "deal", "hand-over", "match-over"
    text: str
    seat: int | None = None
    move: str | None = None


@dataclass
class SeatSpec:
    name: str
    human: bool
    bot: str | None = None


class SessionError(ValueError):
    """A session that cannot start (bad options, bad seats); one line for the user."""


class UndoRefused(ValueError):
    """Undo would let a player unsee hidden information; the message says what."""


class Session:
    """A match being played: state, log, bots, undo and saving."""

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        config: Any,
        preset: str,
        players: int,
        seats: Sequence[SeatSpec],
        seed: str,
        first_dealer: int,
        hands_limit: int | None = None,
        started: str | None = None,
        autosave: Path | None = None,
        table: Table[Any, Any] | None = None,
    ) -> None:
        self.game = game
        self.config = config
        self.preset = preset
        self.players = players
        self.seats = list(seats)
        self.seed = seed
        self.first_dealer = first_dealer
        self.hands_limit = hands_limit
        self.started = started or _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()
        self.autosave_path = autosave
        self.annotations: list[Annotation] = []
        self.hints_used = 0
        self.undos = 0
        self.title: str | None = None
        self.extras: list[dict[str, Any]] = []
        self.listeners: list[Callable[[str, Any], None]] = []
        """Called with (event kind, data) for every change a save must keep: ``deal``, ``move``,
        ``undo``, ``note``, ``title`` (the autosave journal listens)."""
        self.table: Table[Any, Any] = table or Table(game, config, players, first_dealer)
        self._bot_ids: dict[int, str] = {}
        for i, s in enumerate(self.seats):
            if not s.human:
                bot_id = s.bot or game.default_bot
                if not game.has_bot(bot_id):
                    raise SessionError(
                        _("{game} has no bot {bot} (bots: {bots})").format(
                            game=game.name, bot=repr(bot_id), bots=", ".join(game.bots)
                        )
                    )
                self._bot_ids[i] = bot_id
        self._bots: dict[int, Any] = {}
        """Each seat's bot, built at its first move (verifying or showing a replay builds none)."""
        self.last_refusal: MoveError | None = None
        self._hint_streak: tuple[tuple[int, int, int] | None, int] = (None, 0)
        """(hand, ply, seat) of the last hint and how many were asked there in a row."""
        self.declare = "partner"
        """Bridge: ``me`` and ``auto`` let the human play the contract when a bot partner declares
        (both hands, from the declarer's seat; the moves are still the declarer's); ``partner``
        leaves it to the bot. (A partner who is a person always plays their own contract.)"""

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_name: str,
        *,
        seed: int | str | None = None,
        players: int | None = None,
        preset: str | None = None,
        options: dict[str, str] | None = None,
        human_seats: Sequence[int] = (0,),
        bot: str | None = None,
        bots: dict[int, str] | None = None,
        hands_limit: int | None = None,
        autosave: Path | None = None,
    ) -> Session:
        game = load(game_name)
        n = players or game.default_players
        config = build_config(game, preset, options or {})
        problem = game.check_setup(config, n)
        if problem:
            raise SessionError(problem)
        names = game.seat_names(n)
        for h in human_seats:
            if not 0 <= h < n:
                raise SessionError(_("there is no seat {seat} with {n} players").format(seat=h + 1, n=n))
        seats = [
            SeatSpec(names[i], i in human_seats, None if i in human_seats else ((bots or {}).get(i) or bot)) for i in range(n)
        ]
        seed_text = normalize_seed(seed) if seed is not None else fresh_seed()
        first = game.first_dealer(config, n, seed_text)
        return cls(game, config, preset or game.default_preset, n, seats, seed_text, first, hands_limit, autosave=autosave)

    @classmethod
    def from_replay(cls, replay: Replay, autosave: Path | None = None, strict: bool = True, legal: bool = False) -> Session:
        """Rebuild a session by folding a file's match log (``--resume``, ``replay verify``, the viewer).

        A strict fold checks every move and derives every fact itself (turns, dealers,
        secret flags, results); anything the file claims that the moves do not give
        raises :class:`ReplayError` naming the hand and move. ``legal`` also holds each
        move to the legal list of its position (:class:`~cardcli.engine.fold.LegalCheck`).
        """
        game, config = game_of(replay)
        # names and the title come from a file: control characters never reach a terminal
        seats = [SeatSpec(safe(s.name), s.kind == "human", s.bot) for s in replay.seats]
        deck_check = seeded_deck_check(game, config, replay) if strict else None
        checker = ResultCheck(replay.hands)
        visitors: list[Visitor] = [checker, LegalCheck()] if legal else [checker]
        try:
            table = fold(
                game,
                config,
                replay.players,
                replay.first_dealer,
                log_of(replay),
                strict=strict,
                visitors=visitors,
                deck_check=deck_check,
            )
            checker.finish(table)
        except FoldError as err:
            raise ReplayError(str(err)) from None
        table.visitors = [v for v in table.visitors if v not in visitors]
        sess = cls(
            game,
            config,
            replay.preset,
            replay.players,
            seats,
            replay.seed or "",
            replay.first_dealer,
            replay.hands_limit,
            started=replay.started,
            autosave=autosave,
            table=table,
        )
        sess.annotations = list(replay.annotations)
        sess.title = safe(replay.title) if replay.title is not None else None
        sess.extras = [dict(h.extra) | checker.extras.get(i, {}) for i, h in enumerate(replay.hands, 1)]
        check_match_result(replay.result, sess.finished, sess.match_result())
        return sess

    # -- the table -----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.table.state

    @state.setter
    def state(self, value: Any) -> None:
        self.table.state = value

    @property
    def hands(self) -> list[HandLog]:
        return self.table.hands

    @property
    def results(self) -> list[HandResult | None]:
        return self.table.results

    def _notify(self, kind: str, data: Any) -> None:
        for listener in self.listeners:
            listener(kind, data)

    # -- dealing -------------------------------------------------------------------------------
    def deal_if_needed(self) -> Event | None:
        """Deal the next hand from the seed when the previous one ended (and the match goes on)."""
        if self.finished or not self.game.needs_deal(self.state):
            return None
        hand_no = len(self.hands) + 1
        deck = shuffled_deck(self.game.deck(self.config, self.players), self.seed, hand_no)
        self.table.deal(deck)
        self.extras.append({})
        self._notify("deal", self.hands[-1])
        dealer = _seat_label(self.seats[self.hands[-1].dealer or 0].name)
        return Event("deal", _("Hand {n}: {dealer} deals.").format(n=hand_no, dealer=dealer))

    # -- queries -------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        if self.game.match_over(self.state):
            return True
        if self.hands_limit is not None and len(self.hands) >= self.hands_limit and self.game.hand_over(self.state):
            return True
        return False

    def to_act(self) -> int | None:
        if self.finished:
            return None
        return self.game.to_act(self.state)

    def is_human(self, seat: int | None) -> bool:
        """True when a person makes ``seat``'s moves now: a human seat, or (bridge, unless
        ``declare="partner"``) the declarer's seat when the human is dummy: the human plays both hands."""
        return seat is not None and self.plays_for(seat) is not None

    def plays_for(self, seat: int, state: Any = None) -> int | None:
        """The human seat whose player makes ``seat``'s moves in ``state`` (default: now), or None
        when a bot makes them. Bridge: the human dummy plays the declarer's seat (``played_by``)
        unless ``declare`` is ``partner``."""
        if self.seats[seat].human:
            return seat
        if self.declare in ("me", "auto"):
            other = self.game.played_by(self.state if state is None else state, seat)
            if other is not None and self.seats[other].human:
                return other
        return None

    def eyes(self) -> int:
        """The seat whose view a person is shown now: the human seat to act, else a seat the human
        plays for (bridge: the declarer's, when the human plays partner's contract), else the first
        human seat."""
        actor = self.to_act()
        if actor is not None and self.is_human(actor):
            return actor
        for seat, spec in enumerate(self.seats):
            if not spec.human and self.plays_for(seat) is not None:
                return seat
        return self.human_seats[0] if self.human_seats else 0

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def legal_moves(self) -> list[Any]:
        return self.game.legal_moves(self.state) if self.to_act() is not None else []

    def legal_notation(self) -> list[str]:
        return [self.game.format_move(m) for m in self.legal_moves()]

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    @property
    def ply(self) -> int:
        return self.table.ply

    def match_result(self) -> MatchResult:
        res = self.game.match_result(self.state)
        if self.hands_limit is not None and self.finished and not res.complete:
            best = max(res.totals) if res.totals else 0
            res = MatchResult(
                totals=res.totals, winners=[i for i, t in enumerate(res.totals) if t == best], hands=res.hands, complete=True
            )
        return res

    # -- moving --------------------------------------------------------------------------------
    def resolve(self, text: str, remember: bool = True) -> Any:
        """The move a person's text means, or a MoveError (remembered for ``why`` unless ``remember`` is off)."""
        try:
            move = resolve(self.game, self.state, text, self.legal_moves())
        except MoveError as err:
            if remember:
                self.last_refusal = err
            raise
        return move

    def check(self, move: Any) -> Verdict:
        return self.game.check(self.state, move)

    def play(self, move: Any, observer: int | None = None) -> list[Event]:
        """Apply a move for the seat to act (a resolved, legal move) and record it."""
        seat = self.to_act()
        if seat is None:
            raise IllegalMove(Verdict(False, _("nobody can move now"), "turn.over"))
        verdict = self.game.check(self.state, move)
        if not verdict.ok:
            err = IllegalMove(verdict)
            self.last_refusal = err
            raise err
        if not self.seats[seat].human:
            person = self.plays_for(seat)
            if person is not None:  # a person plays this seat's moves (bridge: partner's contract)
                self.extras[-1].setdefault("played_by", {})[str(seat)] = person
        step = self.table.push(move)
        if self.game.hand_over(self.state):
            self.extras[-1].update(self.game.hand_extra(self.state))
        self._notify("move", step)
        events = [Event("move", self.game.narrate(step.outcome, observer), seat, step.notation)]
        events.extend(self._end_events())
        return events

    def _end_events(self) -> list[Event]:
        out: list[Event] = []
        if self.game.hand_over(self.state):
            res = self.results[-1]
            if res is not None:
                lines = self.game.explain_result(res, self.config, self.players, self.results[:-1])
                out.append(Event("hand-over", "\n".join(lines)))
            if self.finished:
                out.append(Event("match-over", self.describe_match_result()))
        return out

    def describe_match_result(self) -> str:
        res = self.match_result()
        sides = self.game.sides(self.config, self.players)
        scores = ", ".join(f"{s.name} {t}" for s, t in zip(sides, res.totals))
        if not res.winners:
            return ngettext(
                "Match stopped after {n} hand: {scores}.", "Match stopped after {n} hands: {scores}.", res.hands
            ).format(n=res.hands, scores=scores)
        if len(res.winners) > 1:
            names = _(" and ").join(sides[w].name for w in res.winners)
            return _("Final scores: {scores}. {names} tie.").format(scores=scores, names=names)
        return _("Final scores: {scores}. {name} wins.").format(scores=scores, name=sides[res.winners[0]].name)

    def bot_to_act(self) -> bool:
        seat = self.to_act()
        return seat is not None and not self.is_human(seat)

    def bot_rng(self, seat: int) -> Rng:
        return Rng(self.seed or "no-seed", "bot", len(self.hands), seat, self.ply)

    def bot_move(self) -> Any:
        seat = self.to_act()
        assert seat is not None
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = self.game.bots[self._bot_ids[seat]]()
        legal = self.legal_moves()
        return bot.choose(self.game.view(self.state, seat), legal, self.bot_rng(seat))

    def run_bots(
        self, observer: int | None = None, on_event: Callable[[Event], None] | None = None, stop_at_hand_end: bool = False
    ) -> list[Event]:
        """Let bots move (dealing new hands as needed) until a human must act or the match ends."""
        events: list[Event] = []

        def emit(ev: Event) -> None:
            events.append(ev)
            if on_event:
                on_event(ev)

        while not self.finished:
            if self.game.needs_deal(self.state):
                if stop_at_hand_end and self.hands and self.human_seats:
                    break
                ev = self.deal_if_needed()
                if ev:
                    emit(ev)
                continue
            if not self.bot_to_act():
                break
            for ev in self.play(self.bot_move(), observer):
                emit(ev)
        return events

    def annotate(self, note: Annotation) -> None:
        self.annotations.append(note)
        self._notify("note", note)

    def hint(self, seat: int) -> tuple[Any, str]:
        """The default bot's move for ``seat`` and its reason (counted in the replay)."""
        bot = self.game.bots[self.game.default_bot]()
        legal = self.legal_moves()
        view = self.game.view(self.state, seat)
        rng = self.bot_rng(seat)
        # A bot with hint levels (eleusis) says more each time `hint` is asked again at the same position.
        here = (len(self.hands), self.ply, seat)
        streak = self._hint_streak[1] + 1 if self._hint_streak[0] == here else 1
        self._hint_streak = (here, streak)
        if isinstance(bot, LevelledAdvisor):
            move, why = bot.advise(view, legal, rng, level=min(streak, bot.hint_levels))
        elif isinstance(bot, Advisor):
            move, why = bot.advise(view, legal, rng)
        else:
            move, why = bot.choose(view, legal, rng), ""
        self.hints_used += 1
        self.annotate(Annotation(hand=len(self.hands), ply=self.ply, kind="hint", text=self.game.format_move(move)))
        return move, why

    def undo(self) -> int:
        """Take back the human's last move; returns the number of moves removed (0 or 1).

        Only a move of your own made since another seat last acted can be taken back:
        once a bot has replied, you have seen its reply. Undo never crosses into a
        finished hand, and never takes back a move that showed its maker something
        hidden (the game's :meth:`~cardcli.engine.game.Game.undo_barrier`); those raise
        :class:`UndoRefused` with the reason.
        """
        if not self.hands or not self.game.undo_allowed:
            return 0
        moves = self.hands[-1].moves
        if not moves or self.game.hand_over(self.state):
            return 0
        last = moves[-1]
        keep = len(moves) - 1
        before = fold_position(self.table, keep)
        # your moves: your seats', and those of a seat you played for then (bridge: partner's
        # contract, played from the declarer's seat; the moves are logged as the declarer's)
        if self.plays_for(last.seat, before) is None:
            if any(m.seat in self.human_seats for m in moves):
                raise UndoRefused(
                    _("{who} has moved since your last move, and you have seen it").format(
                        who=_seat_label(self.seats[last.seat].name)
                    )
                )
            return 0
        move = self.game.parse_move(last.move)
        for viewer in {*self.human_seats, last.seat}:
            barrier = self.game.undo_barrier(before, move, viewer)
            if barrier:
                raise UndoRefused(barrier)
        self.table.rewind(keep)
        self.undos += 1
        self._notify("undo", 1)
        self.annotate(Annotation(hand=len(self.hands), ply=keep, kind="undo", text="1 move"))
        return 1

    # -- saving --------------------------------------------------------------------------------
    def to_replay(self) -> Replay:
        hands = [
            HandRecord(
                dealer=h.dealer or 0,
                deck=list(h.deck),
                moves=[MoveRecord(m.seat, m.move, bool(m.secret)) for m in h.moves],
                result=r,
                extra=self.extras[i] if i < len(self.extras) else {},
            )
            for i, (h, r) in enumerate(zip(self.hands, self.results))
        ]
        return Replay(
            format=FORMAT,
            version=VERSION,
            app_version=__version__,
            game=self.game.name,
            preset=self.preset,
            config=msgspec.to_builtins(self.config),
            players=self.players,
            seats=[
                SeatRecord(
                    name=s.name, kind="human" if s.human else "bot", bot=None if s.human else (s.bot or self.game.default_bot)
                )
                for s in self.seats
            ],
            seed=self.seed or None,
            first_dealer=self.first_dealer,
            started=self.started,
            hands_limit=self.hands_limit,
            hands=hands,
            result=self.match_result() if self.finished else None,
            annotations=list(self.annotations),
            title=self.title,
        )

    def save(self, path: str | Path) -> None:
        write(path, self.to_replay())


def fold_position(table: Table[Any, Any], keep: int) -> Any:
    """The state of ``table``'s current hand after its first ``keep`` moves (a new, trusting fold)."""
    sub: Table[Any, Any] = Table(table.game, table.config, table.players, table.first_dealer, strict=False)
    sub.state = table.hand_start(table.hand)
    sub.replay_hand(HandLog(table.hands[-1].deck, table.hands[-1].moves, None), keep)
    return sub.state
