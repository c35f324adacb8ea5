"""The REPL's meta-commands (``help``, ``rules``, ``why``, ``hint``, ``undo``, ``score``, ``save``,
``quit`` …) and the registry they are declared in.

Commands live in a registry (litecli's special commands), so help and Tab completion come from the
same table as dispatch; the :class:`~cardcli.ui.commands.Controller` looks a line's first word up
here before reading it as a move. Each handler gets the controller and the rest of the line, and
returns False to end the REPL.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardcli.engine.verdict import MoveError
from cardcli.i18n import N_, _

if TYPE_CHECKING:
    from cardcli.ui.commands import Controller


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
