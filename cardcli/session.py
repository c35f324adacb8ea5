"""The UI-agnostic session: one match in progress.

Both drivers (prompt-toolkit and the plain line driver), the tutor and the
tests go through this object, so they cannot diverge. It owns the state, the
move log per hand, the bots, undo, autosave and resume. It knows nothing of
screens: it returns events (who did what, in words for one observer) and
leaves printing to the driver.

Undo re-folds the current hand from its deal instead of reversing moves, so no
game needs undo logic of its own (python-chess's move stack, without the
snapshots).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from cardcli import __version__
from cardcli.engine.cards import Card
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.game import Game, HandResult, MatchResult, build_config, config_from_builtins
from cardcli.engine.notation import resolve
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng, fresh_seed, normalize_seed
from cardcli.engine.verdict import IllegalMove, MoveError, Verdict
from cardcli.i18n import _
from cardcli.replay.io import ReplayError, write
from cardcli.replay.model import FORMAT, VERSION, Annotation, HandRecord, MoveRecord, Replay, SeatRecord


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


@dataclass
class _Hand:
    dealer: int
    deck: list[Card]
    moves: list[MoveRecord] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


class SessionError(ValueError):
    """A session that cannot start (bad options, bad seats); one line for the user."""


class UndoRefused(ValueError):
    """Undo would let a player unsee hidden information; the message says what."""


class Session:
    """A match being played: state, log, bots, undo and saving."""

    def __init__(self, game: Game[Any, Any], config: Any, preset: str, players: int, seats: Sequence[SeatSpec],
                 seed: str, first_dealer: int, hands_limit: int | None = None,
                 started: str | None = None, autosave: Path | None = None) -> None:
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
        self.hands: list[_Hand] = []
        self.results: list[HandResult | None] = []
        self.state = game.new_match(config, players, first_dealer)
        self._hand_start: Any = None
        self._bots: dict[int, Any] = {}
        for i, s in enumerate(self.seats):
            if not s.human:
                bot_id = s.bot or game.default_bot
                if bot_id not in game.bots:
                    raise SessionError(f"{game.name} has no bot {bot_id!r} (bots: {', '.join(game.bots)})")
                self._bots[i] = game.bots[bot_id]()
        self.last_refusal: MoveError | None = None

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def new(cls, game_name: str, *, seed: int | str | None = None, players: int | None = None,
            preset: str | None = None, options: dict[str, str] | None = None, human_seats: Sequence[int] = (0,),
            bot: str | None = None, bots: dict[int, str] | None = None, hands_limit: int | None = None,
            autosave: Path | None = None) -> Session:
        game = load(game_name)
        n = players or game.default_players
        config = build_config(game, preset, options or {})
        problem = game.check_setup(config, n)
        if problem:
            raise SessionError(problem)
        names = game.seat_names(n)
        for h in human_seats:
            if not 0 <= h < n:
                raise SessionError(f"there is no seat {h + 1} with {n} players")
        seats = [SeatSpec(names[i], i in human_seats, None if i in human_seats else ((bots or {}).get(i) or bot))
                 for i in range(n)]
        seed_text = normalize_seed(seed) if seed is not None else fresh_seed()
        first = game.first_dealer(config, n, seed_text)
        return cls(game, config, preset or game.default_preset, n, seats, seed_text, first, hands_limit,
                   autosave=autosave)

    @classmethod
    def from_replay(cls, replay: Replay, autosave: Path | None = None, strict: bool = True) -> Session:
        """Rebuild a session by replaying a file (used by ``--resume`` and the viewer).

        Every move is checked; an illegal one raises :class:`ReplayError`.
        """
        from cardcli.engine.game import ConfigError
        from cardcli.engine.registry import UnknownGame

        try:
            game = load(replay.game)
            config = config_from_builtins(game, replay.config)
        except (UnknownGame, ConfigError) as err:
            raise ReplayError(str(err)) from None
        problem = game.check_setup(config, replay.players)
        if problem:
            raise ReplayError(problem)
        if len(replay.seats) != replay.players:
            raise ReplayError(f"the file lists {len(replay.seats)} seats for {replay.players} players")
        seats = [SeatSpec(s.name, s.kind == "human", s.bot) for s in replay.seats]
        sess = cls(game, config, replay.preset, replay.players, seats, replay.seed or "", replay.first_dealer,
                   replay.hands_limit, started=replay.started, autosave=autosave)
        sess.annotations = list(replay.annotations)
        sess.title = replay.title
        for h_no, hand in enumerate(replay.hands, 1):
            if not game.needs_deal(sess.state):
                raise ReplayError(f"hand {h_no}: recorded, but the match had no hand left to deal")
            if replay.seed and strict:
                seeded = shuffled_deck(game.deck(config, replay.players), replay.seed, h_no)
                if list(hand.deck) != seeded:
                    raise ReplayError(f"hand {h_no}: the deck is not the one seed {replay.seed!r} deals "
                                      "(remove the seed to keep a hand-made deal)")
            sess._deal(list(hand.deck), h_no, hand.extra)
            if sess.hands[-1].dealer != hand.dealer:
                said = sess.seats[hand.dealer].name if 0 <= hand.dealer < len(sess.seats) else f"seat {hand.dealer}"
                raise ReplayError(f"hand {h_no}: the file says {said} dealt, "
                                  f"but by the rules {sess.seats[sess.hands[-1].dealer].name} deals")
            for ply, rec in enumerate(hand.moves, 1):
                where = f"hand {h_no}, move {ply}"
                actor = game.to_act(sess.state)
                if actor is None:
                    raise ReplayError(f"{where} ({rec.move!r}): the hand was already over")
                if rec.seat != actor:
                    name = sess.seats[actor].name
                    raise ReplayError(f"{where} ({rec.move!r}): it was {name}'s turn, not seat {rec.seat + 1}'s")
                try:
                    move = game.parse_move(rec.move)
                except MoveError as err:
                    raise ReplayError(f"{where}: {rec.move!r} is not a {game.name} move ({err.message})") from None
                if strict and game.format_move(move) != rec.move:
                    raise ReplayError(f"{where}: {rec.move!r} is not canonical notation "
                                      f"(expected {game.format_move(move)!r})")
                verdict = game.check(sess.state, move)
                if not verdict.ok:
                    raise ReplayError(f"{where} ({sess.seats[actor].name} {rec.move!r}): illegal: "
                                      f"{verdict.reason} [rule {game.name} {verdict.rule}]")
                game.apply(sess.state, move)
                sess.hands[-1].moves.append(MoveRecord(rec.seat, sess.game.format_move(move), rec.secret))
            sess._after_moves()
            if hand.result is not None:
                got = game.hand_result(sess.state)
                if got is None:
                    raise ReplayError(f"hand {h_no}: the file records a result but the hand is not over")
                if msgspec.to_builtins(got) != msgspec.to_builtins(hand.result):
                    raise ReplayError(f"hand {h_no}: the recorded result {_fmt_points(hand.result)} does not match "
                                      f"the moves, which give {_fmt_points(got)}")
        if replay.result is not None:
            if replay.result.complete and not sess.finished:
                raise ReplayError("the file says the match is complete, but its moves do not finish it")
            got_m = sess.match_result()
            if msgspec.to_builtins(got_m) != msgspec.to_builtins(replay.result):
                raise ReplayError(f"the recorded match result {replay.result.totals} (winners "
                                  f"{replay.result.winners}) does not match the moves "
                                  f"({got_m.totals}, winners {got_m.winners})")
        return sess

    # -- dealing -------------------------------------------------------------------------------
    def _deal(self, deck: list[Card], hand_no: int, extra: dict[str, Any] | None = None) -> None:
        expected = sorted(self.game.deck(self.config, self.players))
        if sorted(deck) != expected:
            raise ReplayError(f"hand {hand_no}: the deck is not the {len(expected)} cards of a {self.game.name} deal")
        dealer = self.game.next_dealer(self.state)
        self._hand_start = self.state.clone()
        self.game.start_hand(self.state, deck)
        self.hands.append(_Hand(dealer, list(deck), extra=dict(extra or {})))
        self.results.append(None)

    def deal_if_needed(self) -> Event | None:
        """Deal the next hand from the seed when the previous one ended (and the match goes on)."""
        if self.finished or not self.game.needs_deal(self.state):
            return None
        hand_no = len(self.hands) + 1
        deck = shuffled_deck(self.game.deck(self.config, self.players), self.seed, hand_no)
        self._deal(deck, hand_no)
        dealer = self.seats[self.hands[-1].dealer].name
        return Event("deal", _("Hand {n}: {dealer} deals.").format(n=hand_no, dealer=dealer))

    def _after_moves(self) -> None:
        if self.hands and self.game.hand_over(self.state):
            self.results[-1] = self.game.hand_result(self.state)
            self.hands[-1].extra.update(self.game.hand_extra(self.state))

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
        return seat is not None and self.seats[seat].human

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
        return len(self.hands[-1].moves) if self.hands else 0

    def match_result(self) -> MatchResult:
        res = self.game.match_result(self.state)
        if self.hands_limit is not None and self.finished and not res.complete:
            best = max(res.totals) if res.totals else 0
            res = MatchResult(totals=res.totals, winners=[i for i, t in enumerate(res.totals) if t == best],
                              hands=res.hands, complete=True)
        return res

    # -- moving --------------------------------------------------------------------------------
    def resolve(self, text: str) -> Any:
        """The move a person's text means, or a MoveError (also remembered for ``why``)."""
        try:
            move = resolve(self.game, self.state, text, self.legal_moves())
        except MoveError as err:
            self.last_refusal = err
            raise
        return move

    def check(self, move: Any) -> Verdict:
        return self.game.check(self.state, move)

    def play(self, move: Any, observer: int | None = None) -> list[Event]:
        """Apply a move for the seat to act (a resolved, legal move) and record it."""
        seat = self.to_act()
        if seat is None:
            raise IllegalMove(Verdict(False, "nobody can move now", "turn.over"))
        verdict = self.game.check(self.state, move)
        if not verdict.ok:
            err = IllegalMove(verdict)
            self.last_refusal = err
            raise err
        text = self.game.narrate(self.state, move, observer)
        notation = self.game.format_move(move)
        secret = self.game.is_secret_move(move)
        self.game.apply(self.state, move)
        self.hands[-1].moves.append(MoveRecord(seat, notation, secret))
        self._after_moves()
        events = [Event("move", text, seat, notation)]
        events.extend(self._end_events())
        self._autosave()
        return events

    def _end_events(self) -> list[Event]:
        out: list[Event] = []
        if self.game.hand_over(self.state):
            res = self.results[-1]
            if res is not None:
                lines = self.game.explain_result(res, self.config, self.players)
                out.append(Event("hand-over", "\n".join(lines)))
            if self.finished:
                out.append(Event("match-over", self.describe_match_result()))
        return out

    def describe_match_result(self) -> str:
        res = self.match_result()
        sides = self.game.sides(self.config, self.players)
        scores = ", ".join(f"{s.name} {t}" for s, t in zip(sides, res.totals))
        if not res.winners:
            return _("Match stopped after {n} hands: {scores}.").format(n=res.hands, scores=scores)
        if len(res.winners) > 1:
            names = _(" and ").join(sides[w].name for w in res.winners)
            return _("Final scores: {scores}. {names} tie.").format(scores=scores, names=names)
        return _("Final scores: {scores}. {name} wins.").format(scores=scores, name=sides[res.winners[0]].name)

    def bot_to_act(self) -> bool:
        seat = self.to_act()
        return seat is not None and not self.seats[seat].human

    def bot_rng(self, seat: int) -> Rng:
        return Rng(self.seed or "no-seed", "bot", len(self.hands), seat, self.ply)

    def bot_move(self) -> Any:
        seat = self.to_act()
        assert seat is not None
        bot = self._bots[seat]
        legal = self.legal_moves()
        return bot.choose(self.game.view(self.state, seat), legal, self.bot_rng(seat))

    def run_bots(self, observer: int | None = None, on_event: Callable[[Event], None] | None = None,
                 stop_at_hand_end: bool = False) -> list[Event]:
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

    def hint(self, seat: int) -> tuple[Any, str]:
        """The default bot's move for ``seat`` and its reason (counted in the replay)."""
        bot = self.game.bots[self.game.default_bot]()
        legal = self.legal_moves()
        view = self.game.view(self.state, seat)
        rng = self.bot_rng(seat)
        if hasattr(bot, "advise"):
            move, why = bot.advise(view, legal, rng)
        else:
            move, why = bot.choose(view, legal, rng), ""
        self.hints_used += 1
        self.annotations.append(Annotation(hand=len(self.hands), ply=self.ply, kind="hint",
                                           text=self.game.format_move(move)))
        return move, why

    def undo(self) -> int:
        """Take back the human's last move and the bot moves after it; returns moves removed.

        Undo never crosses into a finished hand (the deal is the limit), and never
        takes back a move that showed its maker something hidden (the game's
        :meth:`~cardcli.engine.game.Game.undo_barrier`); that raises :class:`UndoRefused`.
        """
        if not self.hands or not self.game.undo_allowed:
            return 0
        moves = self.hands[-1].moves
        humans = set(self.human_seats)
        cut = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].seat in humans), None)
        if cut is None or self.game.hand_over(self.state):
            return 0
        kept = moves[:cut]
        before = self._hand_start.clone()
        self.game.start_hand(before, self.hands[-1].deck)
        for rec in kept:
            self.game.apply(before, self.game.parse_move(rec.move))
        probe = before.clone()
        for rec in moves[cut:]:
            move = self.game.parse_move(rec.move)
            for viewer in humans:
                barrier = self.game.undo_barrier(probe, move, viewer)
                if barrier:
                    raise UndoRefused(barrier)
            self.game.apply(probe, move)
        removed = len(moves) - cut
        self.state = before
        self.hands[-1].moves = list(kept)
        self.results[-1] = None
        self.undos += 1
        self.annotations.append(Annotation(hand=len(self.hands), ply=cut, kind="undo", text=f"{removed} moves"))
        self._autosave()
        return removed

    # -- saving --------------------------------------------------------------------------------
    def to_replay(self) -> Replay:
        hands = [HandRecord(dealer=h.dealer, deck=list(h.deck), moves=list(h.moves), result=r, extra=h.extra)
                 for h, r in zip(self.hands, self.results)]
        return Replay(
            format=FORMAT, version=VERSION, app_version=__version__, game=self.game.name, preset=self.preset,
            config=msgspec.to_builtins(self.config), players=self.players,
            seats=[SeatRecord(name=s.name, kind="human" if s.human else "bot",
                              bot=None if s.human else (s.bot or self.game.default_bot)) for s in self.seats],
            seed=self.seed or None, first_dealer=self.first_dealer, started=self.started,
            hands_limit=self.hands_limit, hands=hands,
            result=self.match_result() if self.finished else None,
            annotations=list(self.annotations), title=self.title,
        )

    def save(self, path: str | Path) -> None:
        write(path, self.to_replay())

    def _autosave(self) -> None:
        if self.autosave_path is not None:
            self.save(self.autosave_path)


def _fmt_points(res: HandResult) -> str:
    return "points " + "/".join(str(p) for p in res.points) + ", totals " + "/".join(str(t) for t in res.totals)
