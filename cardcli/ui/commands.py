"""The REPL's meta-commands and the controller that both drivers share.

A line is either a meta-command (``help``, ``rules``, ``why``, ``hint``,
``undo``, ``score``, ``save``, ``quit`` …, optionally written with a leading
``:``) or a move. Commands live in a registry (litecli's special commands), so
help and Tab completion come from the same table as dispatch. Games may add
read-only commands of their own (bridge's ``explain``, eleusis' ``guess``)
through ``Game.commands()``; those receive only the seat's view.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardcli.engine.verdict import AmbiguousMove, IllegalMove, MoveError
from cardcli.engine.words import seat_label
from cardcli.i18n import N_, _
from cardcli.session import Event, Session
from cardcli.ui.console import Console


@dataclass(frozen=True)
class Command:
    name: str
    summary: str
    handler: Callable[[Controller, str], bool]
    aliases: tuple[str, ...] = ()
    usage: str = ""


COMMANDS: dict[str, Command] = {}


def command(
    name: str, summary: str, aliases: tuple[str, ...] = (), usage: str = ""
) -> Callable[[Callable[[Controller, str], bool]], Callable[[Controller, str], bool]]:
    """Register a meta-command; the handler returns False to end the REPL."""

    def deco(fn: Callable[[Controller, str], bool]) -> Callable[[Controller, str], bool]:
        COMMANDS[name] = Command(name, summary, fn, aliases, usage or name)
        return fn

    return deco


def find_command(word: str) -> Command | None:
    w = word.lower().lstrip(":")
    for c in COMMANDS.values():
        if w == c.name or w in c.aliases:
            return c
    return None


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


@command("help", N_("list the commands and how to write moves"), ("?", "aiuto"), "help")
def _help(c: Controller, arg: str) -> bool:
    c.console.say(_("Moves:"), "title")
    for notation, meaning in c.game.move_help():
        c.console.say(f"  {notation:<28} {meaning}")
    c.console.say(_("Commands:"), "title")
    for cmd in COMMANDS.values():
        c.console.say(f"  {cmd.usage:<28} {_(cmd.summary)}")
    for name, (summary, _fn) in c._game_commands().items():
        c.console.say(f"  {name:<28} {_(summary)}")
    c.console.say(c.game.card_help(), "hint")
    from cardcli.games.handline import GAMES, numbers_note

    if c.game.name in GAMES:
        c.console.say(numbers_note(), "hint")
    return True


@command("rules", N_("explain the rules, or one topic of them"), ("regole",), "rules [topic]")
def _rules(c: Controller, arg: str) -> bool:
    book = c.game.rulebook
    if not arg:
        c.console.say(_(book.intro))
        c.console.say(_("Topics (`rules TOPIC`):"), "title")
        for line in book.topic_lines():
            c.console.say("  " + line)
        return True
    head, _sep, rest = arg.partition(" ")
    if rest and head.lower() in (c.game.name, *c.game.aliases):  # `rules eleusis language`, as the shell says it
        arg = rest.strip()
    found = book.find(arg)
    if not found:
        c.console.error(_("no rule or topic {arg!r}; `rules` lists the topics").format(arg=arg))
        return True
    for r in found:
        c.console.say(f"[{r.id}] {_(r.title)}", "title")
        for line in _(r.text).splitlines():
            c.console.say("  " + line)
    return True


@command(
    "why", N_("why the last move was refused, or what a move would do (`why MOVE`)"), ("perché", "perche", "perchè"), "why [move]"
)
def _why(c: Controller, arg: str) -> bool:
    s = c.session
    book = c.game.rulebook
    if not arg:
        err = s.last_refusal
        if err is None:
            c.console.say(_("nothing has been refused yet; `why MOVE` tells what a move would do"))
            return True
        c.console.say(c.spell(err.message), "error")
        if err.rule and book.get(err.rule):
            c.console.say(book.explain(err.rule))
            c.console.say(_("(cardcli rules {game} {rule})").format(game=c.game.name, rule=err.rule), "dim")
        return True
    actor = s.to_act()
    if actor is None:
        c.console.say(_("nobody can move now"))
        return True
    if not s.is_human(actor):
        c.console.say(_("it is not your turn: `why MOVE` tells about your own moves"))
        return True
    from cardcli.engine.notation import RulesDisagreement

    try:
        move = s.resolve(arg, remember=False)
    except RulesDisagreement as err:
        c.console.error(_("internal error: {why} (please report it)").format(why=err))
        return True
    except MoveError as err:
        c.console.say(c.spell(err.message), "error")
        if err.rule and book.get(err.rule):
            c.console.say(book.explain(err.rule))
        return True
    c.tell_cards(_("legal: ") + c.game.preview(s.view(actor), move), "ok")
    return True


@command("hint", N_("suggest a move and say why (hints are counted in the replay)"), ("suggerimento",), "hint")
def _hint(c: Controller, arg: str) -> bool:
    s = c.session
    actor = s.to_act()
    if actor is None or not s.is_human(actor):
        c.console.say(_("no hint: it is not your turn"))
        return True
    move, why = s.hint(actor)
    c.tell_cards(_("hint: {move}").format(move=c.game.format_move(move)) + (f" — {why}" if why else ""), "hint")
    return True


@command("undo", N_("take back your last move, if no other player has moved since"), ("takeback", "annulla"), "undo")
def _undo(c: Controller, arg: str) -> bool:
    if not c.game.undo_allowed:
        c.console.say(
            _("undo is not available in {game}: a move, once judged, cannot be unseen").format(
                game=c.game.match_title(c.session.config)
            )
        )
        return True
    from cardcli.session import UndoRefused

    try:
        n = c.session.undo()
    except UndoRefused as err:
        c.console.say(_("cannot undo: {why}").format(why=err), "error")
        return True
    if n == 0:
        c.console.say(_("nothing to undo in this hand"))
    else:
        c.console.say(_("took back your last move"), "ok")
        c.show_table()
    return True


@command("score", N_("the scores, and how the last hand was scored"), ("scores", "punteggio"), "score")
def _score(c: Controller, arg: str) -> bool:
    s = c.session
    res = s.match_result()
    sides = c.game.sides(s.config, s.players)
    running = c.game.running_totals(s.state) if not res.complete else list(res.totals)
    c.console.say(_("Scores: ") + ", ".join(f"{side.name} {t}" for side, t in zip(sides, running)), "title")
    if list(res.totals) != running:  # what stopping now would add is said as such (bridge: Law 80)
        c.console.say(
            _("If play stopped now: {scores}").format(scores=", ".join(f"{side.name} {t}" for side, t in zip(sides, res.totals))),
            "dim",
        )
    done = [r for r in s.results if r is not None]
    if done:
        c.console.say(_("Last hand:"))
        for line in c.game.explain_result(done[-1], s.config, s.players, done[:-1]):
            c.tell_cards("  " + line)
    return True


@command("review", N_("the whole review of the last hand (its summary comes when the hand ends)"), ("rivedi",), "review")
def _review(c: Controller, arg: str) -> bool:
    from cardcli.review.live import show_full_review

    show_full_review(c)
    return True


@command("moves", N_("list every legal move now"), ("legal", "mosse"), "moves")
def _moves(c: Controller, arg: str) -> bool:
    s = c.session
    if not s.is_human(s.to_act()):
        c.console.say(_("no moves for you now: it is not your turn"))
        return True
    moves = s.legal_notation()
    if not moves:
        c.console.say(_("no moves now"))
    else:
        c.tell_cards(", ".join(moves))
    return True


@command("table", N_("show the table and your hand again"), ("look", "hand", "board", "tavolo"), "table")
def _table(c: Controller, arg: str) -> bool:
    c.show_table()
    return True


@command("save", N_("save the game (to FILE, or to the autosave)"), (), "save [file]")
def _save(c: Controller, arg: str) -> bool:
    target = Path(arg).expanduser() if arg else c.record_path
    if target is None:
        if c.autosave is not None and c.autosave.problem is None:
            from cardcli.saves import save_name

            c.console.say(
                _("the game is saved as you play (as {name}); `save FILE` also writes a replay file").format(
                    name=save_name(c.autosave.path)
                ),
                "ok",
            )
        else:
            c.console.error(_("give a file name: `save game.cardcli.json`"))
        return True
    if c._save_to(target):
        c.console.say(_("saved to {path}").format(path=target), "ok")
    return True


@command("quit", N_("save and leave; `cardcli play --resume` continues"), ("exit", "bye", "esci"), "quit")
def _quit(c: Controller, arg: str) -> bool:
    c.leave()
    return False
