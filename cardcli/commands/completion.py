"""`cardcli completion SHELL` and the completers behind it (click's shell completion).

The script printed for bash, zsh or fish calls cardcli back with
``_CARDCLI_COMPLETE=<shell>_complete``; click then asks the parameters below for
candidates: games, presets, rule options and their values, seats and dealers,
bots, languages, saves, lessons, drills and rule topics of the game already
typed, and files.

cardcli's bash script differs from click's in two ways a user meets at once:
files are added to the other candidates instead of replacing them (``--resume``
offers the saves *and* the replay files), and the words are read from the whole
command line, so ``--option ace=`` is one word although bash breaks words at
``=`` (the candidates are then given back from where bash's own word starts).
"""

from __future__ import annotations

import os
from typing import Any

import click
from click.shell_completion import BashComplete, CompletionItem, add_completion_class, get_completion_class, split_arg_string

from cardcli.i18n import _

SHELLS = ("bash", "zsh", "fish")
VAR = "_CARDCLI_COMPLETE"

_BASH = r"""
%(complete_func)s() {
    local IFS=$'\n'
    local response cur="${COMP_WORDS[COMP_CWORD]}"
    [[ $cur == "=" || $cur == ":" ]] && cur=""

    response=$(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD COMP_LINE="$COMP_LINE" \
        COMP_POINT=$COMP_POINT %(complete_var)s=bash_complete $1)

    COMPREPLY=()
    for completion in $response; do
        IFS=',' read type value <<< "$completion"
        if [[ $type == 'dir' ]]; then
            COMPREPLY+=($(compgen -d -- "$cur"))
            compopt -o filenames 2>/dev/null
        elif [[ $type == 'file' ]]; then
            COMPREPLY+=($(compgen -f -- "$cur"))
            compopt -o filenames 2>/dev/null
        elif [[ $type == 'plain' ]]; then
            COMPREPLY+=("$value")
        fi
    done
    return 0
}

%(complete_func)s_setup() {
    complete -o nosort -F %(complete_func)s %(prog_name)s
}

%(complete_func)s_setup;
"""


class Bash(BashComplete):
    """Bash, with the whole line read (``ace=`` stays one word) and files added to the candidates."""

    source_template = _BASH

    def _bash_word(self) -> str:
        words = os.environ.get("COMP_WORDS", "").split("\n")
        try:
            word = words[int(os.environ["COMP_CWORD"])]
        except (KeyError, ValueError, IndexError):
            return ""
        return "" if word in ("=", ":") else word

    def get_completion_args(self) -> tuple[list[str], str]:
        line = os.environ.get("COMP_LINE")
        if not line:  # called by hand with only the words (as click's own script does)
            return super().get_completion_args()
        try:
            typed = line[: int(os.environ.get("COMP_POINT", len(line)))]
        except ValueError:
            typed = line
        args = split_arg_string(typed)
        incomplete = "" if not typed or typed[-1].isspace() or not args else args.pop()
        self._incomplete = incomplete
        return args[1:], incomplete

    def format_completion(self, item: CompletionItem) -> str:
        value = item.value
        full = getattr(self, "_incomplete", "")
        cut = len(full) - len(self._bash_word())
        if item.type == "plain" and cut > 0 and value.startswith(full[:cut]):
            value = value[cut:]  # bash replaces only its own word (after the `=`)
        return f"{item.type},{value}"


def register() -> None:
    """Use cardcli's bash script and reading (zsh and fish keep click's, which read words whole)."""
    add_completion_class(Bash, "bash")


def script(shell: str) -> str:
    """The completion script for ``shell`` (what ``cardcli completion SHELL`` prints)."""
    from cardcli.cli import cli

    register()
    cls = get_completion_class(shell)
    if cls is None:
        raise click.UsageError(_("unknown shell {shell!r} (bash, zsh or fish)").format(shell=shell))
    return cls(cli, {}, "cardcli", VAR).source()


def _typed_game(ctx: click.Context) -> str | None:
    """The game already typed: parsed by click, or (an option still waiting for its value stops
    click's parsing) the first game name among the words the shell sent."""
    name = ctx.params.get("game")
    if name:
        return str(name)
    import os
    import shlex

    from cardcli.engine.registry import names

    try:
        words = shlex.split(os.environ.get("COMP_WORDS", ""))
    except ValueError:
        words = os.environ.get("COMP_WORDS", "").split()
    known = set(names())
    return next((w for w in words[1:] if w in known), None)


def _game(ctx: click.Context) -> Any | None:
    name = _typed_game(ctx)
    if not name:
        return None
    try:
        from cardcli.engine.registry import load

        return load(str(name))
    except Exception:  # an unknown game completes nothing
        return None


def complete_preset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    game = _game(ctx)
    if game is None:
        return []
    return [CompletionItem(p, help=_(game.preset_help.get(p, "")) or None) for p in game.presets if p.startswith(incomplete)]


def complete_option(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    game = _game(ctx)
    if game is None:
        return []
    if "=" in incomplete:
        key, _sep, value = incomplete.partition("=")
        for o in game.options():
            if o.name == key:
                values = ["true", "false"] if o.type == "bool" else o.type.split("|") if "|" in o.type else []
                return [CompletionItem(f"{key}={v}") for v in values if v.startswith(value)]
        return []
    return [CompletionItem(f"{o.name}=", help=_(o.help) or None) for o in game.options() if o.name.startswith(incomplete)]


def complete_seat(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    game = _game(ctx)
    if game is None:
        return []
    players = ctx.params.get("players") or game.default_players
    try:
        names = game.seat_names(int(players))
    except Exception:
        return []
    return [CompletionItem(n) for n in names if n.lower().startswith(incomplete.lower())]


def complete_dealer(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """The first dealer: a seat, a name given with ``--names``, or ``me``."""
    out = complete_seat(ctx, param, incomplete)
    names = str(ctx.params.get("names") or "")
    out += [CompletionItem(n.strip()) for n in names.split(",") if n.strip() and n.strip().lower().startswith(incomplete.lower())]
    if "me".startswith(incomplete.lower()) and ctx.command.name == "play":
        out.append(CompletionItem("me", help=_("you deal")))
    return out


def _last(incomplete: str) -> tuple[str, str]:
    """A comma list being typed: what is before the last item, and the last item."""
    head, sep, last = incomplete.rpartition(",")
    return head + sep, last


def complete_bot(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    game = _game(ctx)
    ids = list(game.bot_ids) if game is not None else []
    head, last = _last(incomplete)
    return [CompletionItem(head + b) for b in ids if b.startswith(last)]


def complete_bots(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    head, last = _last(incomplete)
    seats = [CompletionItem(head + c.value) for c in complete_seat(ctx, param, last)]
    every = [CompletionItem("all", help=_("no human: the bots play every seat"))] if not head and "all".startswith(last) else []
    return every + seats


def complete_lang(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return [
        CompletionItem(code, help=name) for code, name in (("en", "English"), ("it", "italiano")) if code.startswith(incomplete)
    ]


def complete_drill(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    game = _typed_game(ctx)
    if not game:
        return []
    from cardcli.tutor.drills import kinds

    return [CompletionItem(k, help=_(v)) for k, v in kinds(str(game)).items() if k.startswith(incomplete)]


def complete_topic(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """A rule topic (``discard``) or rule id (``discard.taken``) of the game typed."""
    game = _game(ctx)
    if game is None:
        return []
    book = game.rulebook
    topics = [CompletionItem(t, help=_(summary)) for t, summary in book.topics.items() if t.startswith(incomplete)]
    if "." in incomplete or not topics:
        topics += [CompletionItem(r.id) for r in book.rules.values() if r.id.startswith(incomplete)]
    return topics


def complete_file(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    return [CompletionItem(incomplete, type="file")]


def complete_save(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    from cardcli.saves import list_saves

    try:
        found = [CompletionItem(s.name, help=s.game) for s in list_saves(ctx.params.get("game")) if s.name.startswith(incomplete)]
    except Exception:
        found = []
    return found + [CompletionItem(incomplete, type="file")]


def complete_lesson(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    game = _typed_game(ctx)
    if not game:
        return []
    from cardcli.tutor.catalog import lessons

    return [
        CompletionItem(e.id)
        for e in lessons(str(game))
        if e.id.startswith(incomplete) or e.id.split("-", 1)[-1].startswith(incomplete)
    ]
