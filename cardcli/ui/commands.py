"""The controller that both drivers share: it turns lines of input into moves and meta-commands.

A line is either a meta-command (``help``, ``rules``, ``why``, ``hint``,
``undo``, ``score``, ``save``, ``quit`` …, optionally written with a leading
``:``; declared in :mod:`cardcli.ui.metacommands`) or a move. Games may add
read-only commands of their own (bridge's ``explain``, eleusis' ``guess``)
through ``Game.commands()``; those receive only the seat's view.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from cardcli.engine.verdict import AmbiguousMove, IllegalMove, MoveError
from cardcli.engine.words import seat_label
from cardcli.i18n import _
from cardcli.session import Event, Session
from cardcli.ui.console import Console
from cardcli.ui.metacommands import COMMANDS, Command, command, find_command

__all__ = ["COMMANDS", "Command", "Controller", "command", "find_command"]


class Controller:
    """Turns lines of input into moves and commands, and tells the console what happened."""

    def __init__(
        self,
        session: Session,
        console: Console,
        autosave: Any = None,
        record_path: Path | None = None,
        show_all_moves: bool = True,
    ) -> None:
        self.session = session
        self.console = console
        self.autosave = autosave
        """The save's :class:`~cardcli.saves.AutoSave`, or None (tests, lessons)."""
        self.record_path = record_path
        self.show_all_moves = show_all_moves
        self.done = False
        self._told: str | None = None
        self.pace = 0.0
        """Seconds to wait before showing each bot move (0: instant; the drivers set it for terminals)."""
        self.wait_for_key: Callable[[str], object] | None = None
        """Shows a prompt and waits for Enter (set by a driver that talks to a person), or None."""
        self.flush_input: Callable[[], None] | None = None
        """Drops whatever was typed ahead while the bots played (set by terminal drivers)."""
        self.quiet_keys: Any = None
        """A :class:`~cardcli.ui.console.QuietKeys` (set by terminal drivers): no echo while the bots play."""
        self.read_key: Callable[[str], str] | None = None
        """Shows a prompt and returns the line typed (set by a driver that talks to a person), or None."""
        self.poll_key: Callable[[], str | None] | None = None
        """Returns a line typed meanwhile, without waiting (None: nothing typed), or is None itself."""
        self.watch_mode: str | None = None
        """How a hand you only watch goes on (eleusis, as dealer): ``None`` (not asked yet this hand),
        ``pace``, ``step`` (wait after each play) or ``finish`` (the rest at once)."""
        self.autoplay = False
        """Play a forced move (the only legal card) for the human, and say so (`play` turns it on)."""
        self._seen: dict[int, Any] = {}
        self._bots_moved = False

    # -- whose eyes ----------------------------------------------------------------------------
    @property
    def seat(self) -> int:
        """The seat whose view is shown: the human one to act, else one the human plays for
        (bridge: the declarer's, when you play partner's contract), else the first human."""
        return self.session.eyes()

    @property
    def game(self) -> Any:
        return self.session.game

    # -- flow ----------------------------------------------------------------------------------
    def start(self) -> None:
        s = self.session
        self.console.say(
            _("{title} · seed {seed} · you are {seat} · type `help` for commands, Tab to complete").format(
                title=self.game.match_title(s.config),
                seed=s.seed or _("none"),
                seat=" & ".join(seat_label(s.seats[i].name) for i in s.human_seats),
            ),
            "title",
        )
        self.advance()

    def advance(self) -> None:
        """Deal and let bots play until a human must act; show the table when one must."""
        s = self.session
        if s.bot_to_act() and s.human_seats:  # your turn is over: what changes from now on is marked
            self._seen[self.seat] = s.view(self.seat)
        while True:
            with self.quiet_keys if self.quiet_keys is not None else nullcontext():
                s.run_bots(observer=self.seat, on_event=self.on_event)
            if s.finished:
                self.finish()
                return
            forced = self._forced_move()
            if forced is None:
                break
            self.console.say(_("(your only legal move, played for you)"), "dim")
            for ev in s.play(forced, observer=self.seat):
                self.on_event(ev)
        self.show_table()
        self.checkpoint()
        if self._bots_moved and self.flush_input is not None:
            self.flush_input()  # keys typed while the bots played are not the next move
        self._bots_moved = False

    def _forced_move(self) -> Any:
        """The move the human to act would have to make anyway (the game's ``forced_move``), if autoplay is on."""
        s = self.session
        if not self.autoplay or not s.is_human(s.to_act()):
            return None
        return self.game.forced_move(s.state, s.legal_moves())

    def on_event(self, ev: Event) -> None:
        """Show one event; at the end of a hand, leave the result on screen until a key is pressed."""
        self._show_event(ev)
        if ev.kind == "hand-over":
            self.pause_at_hand_end()

    def pause_at_hand_end(self) -> None:
        """Wait for Enter after whatever the hand's end showed, unless the match is over (nothing follows)."""
        if self.wait_for_key is None or self.session.finished:
            return
        if self.flush_input is not None:
            self.flush_input()  # an Enter typed during the bots' turns must not skip the result
        with self.typing():
            self.wait_for_key(_("Press Enter for the next hand "))
        self._bots_moved = False

    def checkpoint(self) -> None:
        """The game now waits for the human: make sure what is on screen is saved."""
        if self.record_path is not None:
            self._save_to(self.record_path)
        problem = getattr(self.autosave, "problem", None)
        if problem and problem != self._told:
            self.console.error(_("the game is not being saved: {why}").format(why=problem))
        self._told = problem

    def _show_event(self, ev: Event) -> None:
        if ev.kind == "move":
            bot = not self.session.is_human(ev.seat)
            view = self.session.view(self.seat) if bot and self.show_all_moves else None
            watch = view is not None and getattr(view, "watching", False) and self.pace > 0
            if bot:
                self._bots_moved = True
                if self.pace > 0 and self.show_all_moves and (not watch or self.watch_mode == "pace"):
                    time.sleep(self.pace)
            if self.show_all_moves:
                self.tell_cards("  " + ev.text, "dim" if bot else "")
            if watch:
                self.watch_step(view)
        elif ev.kind == "deal":
            self.watch_mode = None
            self.console.say(ev.text, "title")
        elif ev.kind == "hand-over":
            self.console.say(_("The hand is over."), "title")
            self.tell_cards(ev.text)
            if self.review_hands:
                self.show_review()
        elif ev.kind == "match-over":
            self.console.say(ev.text, "title")

    def watch_step(self, view: Any) -> None:
        """After a play you only watch (eleusis, as dealer): the mainline as it grows, and a choice
        of how to go on: at the pace, one play at a time, or the rest of the hand at once."""
        if self.watch_mode == "finish":
            return
        self.console.print_lines(view.watch_lines(self.console.charset))
        if self.read_key is None:
            self.watch_mode = "pace"
            return
        if self.watch_mode == "pace":
            typed = self.poll_key() if self.poll_key is not None else None
            if typed is None:
                return
            answer = typed.strip().lower()  # a key typed while the plays go by: `s` steps, `f` finishes
            self.watch_mode = {"s": "step", "f": "finish"}.get(answer[:1], "pace")
            if self.watch_mode != "step":
                return
        if self.watch_mode is None:
            with self.typing():
                answer = self.read_key(_("Enter: play on at the pace · s: one play at a time · f: finish the hand "))
            self.watch_mode = {"s": "step", "f": "finish"}.get(answer.strip().lower()[:1], "pace")
            return
        with self.typing():
            answer = self.read_key(_("Enter or s: next play · c: play on at the pace · f: finish the hand "))
        self.watch_mode = {"c": "pace", "f": "finish"}.get(answer.strip().lower()[:1], "step")

    def typing(self) -> Any:
        """Echo on for a question asked while the bots play (echo is off meanwhile)."""
        return self.quiet_keys.typing() if self.quiet_keys is not None else nullcontext()

    review_hands = False
    """Show the review when a hand ends (`cardcli play` turns it on; lessons and tests leave it off)."""
    last_review: Any = None
    """The review of the last hand that ended (the `review` command shows all of it)."""
    coach = False
    """`play --coach`: after a move of yours the coach would not have made, say what it would do."""

    def coach_advice(self, seat: int) -> Any:
        """What the coach would do now, from ``seat``'s view (asked before the move is made)."""
        from cardcli.review.coach import advise

        return advise(self.session, seat)

    def coach_remark(self, advice: Any) -> None:
        """After the move: one line when it is not what the coach would have done (kept in the replay)."""
        from cardcli.review.coach import remark

        line = remark(self.session, advice, self.console.charset)
        if line:
            self.tell_cards(line, "hint")

    def show_review(self) -> None:
        """The review of the hand just over, kept in the replay (:mod:`cardcli.review.live`)."""
        from cardcli.review.live import show_review

        show_review(self)

    def spell(self, text: str) -> str:
        """``text`` with card notation written in the console's charset (the game may say which
        tokens are cards: bridge's ``2S`` is a call)."""
        from cardcli.ui.console import spell

        return spell(self.game, text, self.console.charset)

    def tell_cards(self, text: str, style: str = "") -> None:
        """Say a line of game text (narration, hints, refusals) with its cards in the charset."""
        self.console.say(self.spell(text), style)

    def show_table(self) -> None:
        view = self.session.view(self.seat)
        lines = self.game.render_since(view, self._seen.get(self.seat), self.console.charset)
        self.console.print_lines(lines)

    def prompt_text(self) -> str:
        s = self.session
        actor = s.to_act()
        name = seat_label(s.seats[actor].name) if actor is not None else "-"
        return f"{name}> "

    def toolbar_text(self) -> str:
        s = self.session
        actor = s.to_act()
        legal = s.legal_notation() if actor is not None and s.is_human(actor) else []
        status = self.game.status_now(s.view(self.seat), legal)
        return status or self.game.match_title(s.config)

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        if self.record_path is not None:
            self._save_to(self.record_path, quiet=False)
        save = self.autosave.path if self.autosave is not None else None
        if self.autosave is not None:
            self.autosave.discard()
        if self.session.human_seats:
            from cardcli.saves import record_in_history

            problem = record_in_history(self.session, self.record_path, save)
            if problem:
                self.console.error(_("the game is not in your history: {why}").format(why=problem))

    def handle(self, line: str) -> bool:
        """Process one line of input; False means the REPL should end."""
        text = line.strip()
        if not text:
            return not self.done
        word, _sep, rest = text.partition(" ")
        cmd = find_command(word)
        if cmd is not None:
            if not word.startswith(":") and self._also_a_move(text):
                self.console.error(
                    _("{word!r} is both a command and a move here: type `:{cmd}` for the command, or more of the move").format(
                        word=word, cmd=cmd.name
                    )
                )
                return True
            return cmd.handler(self, rest.strip())
        game_cmd = self._game_commands().get(word.lower().lstrip(":"))
        if game_cmd is not None:
            for out in game_cmd[1](self.session.view(self.seat), rest.strip()):
                self.tell_cards(out)
            return True
        self.try_move(text)
        return not self.done

    def _also_a_move(self, text: str) -> bool:
        """True when ``text`` would also name a legal move of the human to act (then we ask)."""
        from cardcli.engine.notation import prefix_matches

        s = self.session
        actor = s.to_act()
        if actor is None or not s.is_human(actor):
            return False
        return bool(prefix_matches(self.game, text, s.legal_moves()))

    def _game_commands(self) -> dict[str, tuple[str, Callable[[Any, str], list[str]]]]:
        return self.game.commands()

    def try_move(self, text: str) -> None:
        s = self.session
        if s.finished:
            self.console.error(_("the match is over; `quit` to leave"))
            return
        actor = s.to_act()
        if actor is None or not s.is_human(actor):
            self.console.error(_("it is not your turn"))
            return
        from cardcli.engine.notation import RulesDisagreement

        try:
            move = s.resolve(text)
            coached = self.coach_advice(actor) if self.coach else None
            events = s.play(move, observer=actor)
        except RulesDisagreement as err:
            self.console.error(_("internal error, the move was not played: {why} (please report it)").format(why=err))
            return
        except AmbiguousMove as err:
            self.console.error(self.spell(_("ambiguous: {msg}").format(msg=err.message)))
            self.console.say(_("type more of the move, or use Tab to pick one"), "hint")
            return
        except IllegalMove as err:
            self.console.error(self.spell(_("illegal: {msg}").format(msg=err.message)))
            rule = self.game.rulebook.get(err.rule)
            if rule is not None:
                self.console.say(
                    _("rule {id} — {title}. Type `why` for the rule, `moves` for what you can do.").format(
                        id=err.rule, title=_(rule.title)
                    ),
                    "hint",
                )
            return
        except MoveError as err:
            self.console.error(_("not a move: {msg}").format(msg=err.message))
            self.console.say(_("`help` lists the moves and commands; Tab completes them"), "hint")
            return
        if coached is not None:
            self.coach_remark(coached)
        for ev in events:
            self.on_event(ev)
        self.advance()

    def leave(self) -> None:
        """Save (autosave and record file) before leaving an unfinished match."""
        if self.session.finished:
            return
        if self.record_path is not None:
            self._save_to(self.record_path)
        if self.autosave is not None:
            self.autosave.close()
            if self.autosave.problem is None:
                from cardcli.saves import record_in_history, save_name

                if self.session.human_seats:  # listed in the history as unfinished, with how to resume it
                    problem = record_in_history(self.session, self.record_path, self.autosave.path)
                    if problem:
                        self.console.error(_("the game is not in your history: {why}").format(why=problem))
                name = save_name(self.autosave.path)
                self.console.say(_("Game saved as {name}. Resume with `cardcli play --resume {name}`.").format(name=name), "ok")
            else:
                self.console.error(_("the game could not be saved: {why}").format(why=self.autosave.problem))
        elif self.record_path is not None:
            self.console.say(_("Game saved to {path}.").format(path=self.record_path), "ok")

    def _save_to(self, path: Path, quiet: bool = True) -> bool:
        try:
            self.session.save(path)
        except OSError as err:
            self.console.error(_("could not save to {path}: {err}").format(path=path, err=err.strerror or err))
            return False
        if not quiet:
            self.console.say(_("Game recorded in {path}").format(path=path), "ok")
        return True


# -- the commands ------------------------------------------------------------------------------
