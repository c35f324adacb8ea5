"""Generate the man pages from the click definitions, the rulebooks and the file formats.

``python -m cardcli.manpage --write`` rewrites ``man/`` (English) and ``man/it/``
(Italian); ``python -m cardcli.manpage`` alone prints ``cardcli.1``. A test
compares the committed pages with a fresh rendering and lints them with groff.

* ``cardcli.1``: the overview, every command, the environment and exit codes;
* ``cardcli-COMMAND.1``: one page per command (a group's page holds its subcommands);
* ``cardcli-replay.5``: the replay file, its schema, autosave journals, share codes, lessons;
* ``cardcli-GAME.6``: each game's rules, from the same rulebook texts as ``cardcli rules GAME``.

(click-man walks only eagerly registered commands and uses deprecated click helpers, so a small
generator of our own is simpler, as httpie does.)
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from cardcli import __version__
from cardcli.cli import cli
from cardcli.i18n import N_, _, language, localize, using

DATE = "2026-12-01"
ROOT = Path(__file__).resolve().parents[1] / "man"
LANGUAGES = ("en", "it")

DESCRIPTION = N_(
    "cardcli plays and teaches five card games in the terminal: contract bridge (rubber), Italian "
    "canasta, burraco, rummy and eleusis. It deals from seeds, takes moves at a prompt that explains "
    "every rule it enforces, lets any seat be a bot, and records every game as a replay file that can "
    "be verified, stepped through and shared."
)

NAME_LINE = N_("play and learn bridge, canasta, burraco, rummy and eleusis in the terminal")

SECTIONS = [
    (
        N_("MOVES AND COMMANDS IN A GAME"),
        N_("""\
Moves are typed in each game's notation (rummy: \\fBdraw stock\\fR, \\fBdraw discard\\fR,
\\fBmeld 3H 4H 5H\\fR, \\fBlayoff 6H 2\\fR, \\fBdiscard KS\\fR); cards are written rank then suit
(\\fBTH\\fR, \\fB10h\\fR, \\fB10\\[u2665]\\fR, \\fBqueen of spades\\fR, \\fBJK\\fR). Shorthand that matches
one legal move is enough (a lone card discards it). Tab completes moves and commands.
.PP
Italian works everywhere too: cards (\\fBdonna di cuori\\fR, \\fBasso di picche\\fR, \\fBDc\\fR for the
queen of hearts) and the same verbs in every game: \\fBpesca\\fR, \\fBprendi\\fR or \\fBraccogli\\fR,
\\fBcala\\fR, \\fBattacca\\fR, \\fBscarta\\fR, \\fBchiudi\\fR, \\fBpasso\\fR, \\fBcontro\\fR,
\\fBsurcontro\\fR, \\fBgioca\\fR. Replays always store the canonical notation.
.PP
Commands: \\fBhelp\\fR, \\fBrules\\fR [\\fItopic\\fR], \\fBwhy\\fR [\\fImove\\fR] (why the last move was
refused, or what a move would do), \\fBhint\\fR (counted in the replay), \\fBundo\\fR, \\fBscore\\fR,
\\fBmoves\\fR, \\fBtable\\fR, \\fBsave\\fR [\\fIfile\\fR], \\fBquit\\fR. Ctrl-C clears the line;
Ctrl-D and \\fBquit\\fR save the game, and \\fBcardcli play --resume\\fR continues it.
.PP
When standard input is not a terminal (or with \\fB--plain\\fR or \\fBTERM=dumb\\fR) the same
commands are read one per line and the output is plain text, for pipes, scripts and screen
readers."""),
    ),
    (
        N_("REPLAY FILES"),
        N_("""\
Replays (\\fI*.cardcli.json\\fR) are JSON: an envelope (\\fBformat\\fR "cardcli-replay",
\\fBversion\\fR), the game, its rules (preset and full config), the seats, the seed, and for every
hand the full deck order as dealt and the moves in canonical notation with the seat that made
each, plus the results and annotations (hints, undos, notes). Files ending in \\fI.msgpack\\fR are
the same in MessagePack. \\fBcardcli replay schema\\fR prints the JSON Schema;
\\fBcardcli-replay\\fR(5) describes the format, share codes and lessons.
\\fBcardcli replay verify\\fR re-plays every move and fails with the hand, move number and rule of
the first illegal move."""),
    ),
    (
        N_("SEEDS"),
        N_("""\
A seed (a number or any text) gives the same deals on every machine: the deck is shuffled by
Fisher\\(enYates driven by SHA-256 in counter mode over the seed and the hand number. Bots draw
their randomness from (seed, hand, seat, move), so a bot game replays identically."""),
    ),
    (
        N_("SHELL COMPLETION"),
        N_("""\
\\fBcardcli completion bash\\fR, \\fBzsh\\fR or \\fBfish\\fR prints a script that completes commands,
options, games, presets, rule options, seats, saves, lessons and files. Enable it with
\\fBeval "$(cardcli completion bash)"\\fR in \\fI~/.bashrc\\fR (zsh: the same with \\fBzsh\\fR in
\\fI~/.zshrc\\fR; fish: \\fBcardcli completion fish > ~/.config/fish/completions/cardcli.fish\\fR)."""),
    ),
    (
        N_("ENVIRONMENT"),
        N_("""\
.TP
\\fBCARDCLI_HOME\\fR
Where saves, history, scorepads and lesson progress are kept (default: the platform's user
data directory).
.TP
\\fBCARDCLI_LANG\\fR
Language of messages, help and rules: \\fBen\\fR or \\fBit\\fR (as \\fB--lang\\fR). When it is not
set, the locale decides (\\fBLANGUAGE\\fR, \\fBLC_ALL\\fR, \\fBLC_MESSAGES\\fR, \\fBLANG\\fR, e.g.
\\fBLANG=it_IT.UTF-8\\fR); the default is English.
.TP
\\fBNO_COLOR\\fR
When set and not empty, no colour is used (unless \\fB--color\\fR is given).
.TP
\\fBFORCE_COLOR\\fR
Colour even when the output is not a terminal.
.TP
\\fBTERM\\fR
\\fBdumb\\fR selects the plain line interface, ASCII cards and no colour.
.TP
\\fBCARDCLI_CHARSET\\fR
\\fBunicode\\fR, \\fBascii\\fR or \\fBwords\\fR, as \\fB--charset\\fR."""),
    ),
    (
        N_("FILES"),
        N_("""\
.TP
\\fI$CARDCLI_HOME/saves/\\fR
The saves of unfinished games, one per game, kept move by move (\\fBcardcli saves\\fR lists them).
.TP
\\fI$CARDCLI_HOME/history\\fR
The prompt's input history."""),
    ),
    (
        N_("EXIT STATUS"),
        N_("""\
.TP
0
Success.
.TP
1
An error: a bad file, a failed verification, bad input to \\fBscore\\fR.
.TP
2
Wrong usage: an unknown game, option or preset.
.TP
130
Interrupted."""),
    ),
    (
        N_("EXAMPLES"),
        N_("""\
.nf
cardcli play rummy
cardcli --lang it play burraco
cardcli play rummy --seed 7 --players 3 --bots all --record game.cardcli.json
cardcli replay verify game.cardcli.json
cardcli deal rummy --seed 7 --players 3 --format json
printf 'closer P1\\\\nP2 KS QH 5C\\\\n' | cardcli score rummy
cardcli simulate rummy --games 200 --bots basic,random --jobs 2
.fi"""),
    ),
]

REPLAY_INTRO = N_(
    "A replay (*.cardcli.json, or *.cardcli.msgpack in MessagePack) holds a whole match: the game, its "
    "rules, the seats, the seed, and for every hand the full deck order as dealt and every move in "
    "canonical notation, with the results. It replays identically even if dealing ever changed, and "
    "nothing in it is trusted: every reader folds the moves through the rules again, so a file that "
    "was edited by hand is refused with the hand, move number and rule of the first illegal move."
)
REPLAY_FIELDS = N_(
    "The top-level object, its fields (required ones are marked) and the objects inside it. "
    "`cardcli replay schema` prints the same as a JSON Schema."
)
REPLAY_MOVES = N_(
    'Moves are [seat, "notation"] pairs (seats count from 0 in play order); a third element true marks '
    "a secret move (eleusis' rule), which `replay show` hides unless --reveal is given. Cards are written "
    "rank then suit in ASCII: 2-9, T, J, Q, K, A and C, D, H, S (TH is the ten of hearts), and JK is a "
    "joker. The notation of each game's moves is the one `help` shows in the game; it never depends on "
    "the language of the messages."
)
IMPORT_TEXT = N_(
    "A replay imported from another program's file (`cardcli replay import`: PBN, LIN, a BBO handviewer "
    "link) holds only what the file says: a board with no auction is a deal to play, an auction or a play "
    "that stops is a position to play on from (nothing is made up to finish it), and a set of tournament "
    "boards is one match of independent deals whose boards may stop where their records stop. Each "
    "hand's extra object keeps its file's record under \"source\" (the tags in their order, the names, "
    'notes, alerts, comments and tables) and its board number under "board"; `replay export` writes '
    "the record back, and marks what cardcli adds (its bidding system's explanations) as cardcli's."
)
JOURNAL_TEXT = N_(
    "A game being played is saved as a journal (*.cardcli.jsonl): one JSON value per line, appended and "
    "flushed as the game goes, each followed by a space and the CRC-32 of the JSON in eight hex digits. "
    "The first two lines are the header, written twice (the match as a replay with no hands, and the "
    '--record file asked for); then a dealt hand is {"deal": [cards…], "dealer": N}, a move is '
    '[seat, "notation"], an undo is {"undo": N}, an annotation is {"note": {…}} and a new caption '
    '{"title": "…"}. An incomplete last line (a crash while writing) is ignored. A damaged line is '
    "rebuilt when one event fits the game there (a legal move, an undo, the deal the seed makes); otherwise "
    "`cardcli saves --repair NAME` continues the game from the last good move, and the damaged file is kept "
    "as NAME.cardcli.jsonl.damaged. While a game is played its save is locked (.NAME.cardcli.jsonl.lock, "
    "holding the process id): a second cardcli does not resume it."
)
SHARE_TEXT = N_(
    "A share code ({prefix}{version}-…, printed by `cardcli share`) is a whole match, or one hand, as "
    "URL-safe text: base64url without padding of the payload's length, a CRC32 checksum and a "
    "MessagePack payload (the game, the preset and the options that differ from it, the players, the "
    "dealer, the seats, the seed, and per hand the deck and the moves, each packed as its index among "
    "the legal moves). A mistyped or cut code is refused. Wherever a replay file is accepted, a code "
    "works too: `cardcli replay view CODE`, `cardcli replay import CODE -o game.cardcli.json`."
)
LESSON_TEXT = N_(
    "A lesson (`cardcli learn`) is a TOML file: its game's position and the steps that teach it. "
    "Unknown fields are refused; `cardcli learn --check FILE` plays every step and checks every move, "
    "rule id and answer. The fields of a lesson:"
)
LESSON_STEPS = N_(
    "Each [[steps]] table has a kind: say (narration), move (the learner's move: one of expect, or any "
    "legal move whose notation starts with match, with hints), reply (scripted moves of the other seats, "
    "or bots = true), quiz (a typed answer or a choice; compute names how the game's own code works out "
    "the answer) and free (bots take the other seats and the learner plays on with coaching). The fields "
    "of each kind:"
)


def _esc(text: str) -> str:
    """Text for a roff line: backslashes, hyphens and quotes escaped, non-ASCII as \\[uXXXX]."""
    out = text.replace("\\", "\\e").replace("-", "\\-").replace("'", "\\(aq").replace("`", "\\(ga")
    out = "".join(ch if ord(ch) < 128 else f"\\[u{ord(ch):04X}]" for ch in out)
    return "\\&" + out if out.startswith((".", "'")) else out


def _roff(body: str) -> str:
    """Roff source written in a message (already escaped): only non-ASCII needs care."""
    return "".join(ch if ord(ch) < 128 else f"\\[u{ord(ch):04X}]" for ch in body)


def _help_paragraphs(text: str) -> list[str]:
    """Click help → roff: ``\\b`` blocks keep their lines, other paragraphs are filled."""
    out: list[str] = []
    paras = [p for p in inspect.cleandoc(text).split("\f")[0].split("\n\n") if p.strip()]
    for i, para in enumerate(paras):
        if i:
            out.append(".PP")
        if para.lstrip().startswith("\b"):
            out.append(".nf")
            out.extend(_esc(line) for line in para.lstrip().lstrip("\b").strip("\n").splitlines())
            out.append(".fi")
        else:
            out.append(_esc(" ".join(para.split())))
    return out


def _first_line(cmd: click.Command) -> str:
    text = inspect.cleandoc(cmd.help or "").split("\n\n")[0]
    return " ".join(text.split()).rstrip(".")


def _options(cmd: click.Command, ctx: click.Context) -> list[str]:
    out: list[str] = []
    for param in cmd.get_params(ctx):
        if not isinstance(param, click.Option) or param.hidden:
            continue
        record = param.get_help_record(ctx)
        if record is None or "--help" in record[0]:
            continue
        out += [".TP", f"\\fB{_esc(record[0])}\\fR", _esc(record[1]) if record[1] else "\\&"]
    return out


def _commands(group: click.Group, ctx: click.Context) -> Iterator[tuple[str, click.Command, click.Context]]:
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None or cmd.hidden:
            continue
        yield name, cmd, click.Context(cmd, info_name=name, parent=ctx)


def _usage(cmd: click.Command, ctx: click.Context, full: str) -> str:
    return f"\\fBcardcli {_esc(full)}\\fR {_esc(' '.join(cmd.collect_usage_pieces(ctx)))}".rstrip()


def _command_sections(group: click.Group, prefix: str, ctx: click.Context) -> list[str]:
    out: list[str] = []
    for name, cmd, sub_ctx in _commands(group, ctx):
        full = f"{prefix} {name}".strip()
        if isinstance(cmd, click.Group):
            out.extend(_command_sections(cmd, full, sub_ctx))
            continue
        out.append(f".SS {_esc('cardcli ' + full)}")
        out.append(_usage(cmd, sub_ctx, full))
        out.append(".PP")
        out.extend(_help_paragraphs(cmd.help or ""))
        out.extend(_options(cmd, sub_ctx))
    return out


def _th(name: str, section: int, title: str) -> str:
    """The title line; a page in another language than English then says so to groff.

    groff hyphenates with the patterns of the hyphenation language (English by default), which
    breaks Italian words where Italian never does ("Dis-tribuisce"). ``.hla it`` selects Italian:
    a groff with Italian patterns hyphenates by Italian rules, one without hyphenates nothing.
    """
    line = f'.TH {_esc(name.upper())} {section} "{DATE}" "cardcli {__version__}" "{_esc(title)}"'
    lang = language()
    return line if lang == "en" else line + f"\n.hla {lang}"


def _unadjusted(text: str) -> list[str]:
    """Lines of ``text`` set ragged-right: a list of long ``key=value`` words cannot be justified
    (groff warns "cannot adjust line" and stretches the spaces)."""
    return [".na", text, ".ad"]


def _see_also(*refs: str) -> list[str]:
    items = []
    for ref in refs:
        name, _sep, section = ref.partition("(")
        items.append(f"\\fB{_esc(name)}\\fR({section}")
    return [".SH " + _("SEE ALSO"), ",\n".join(items)]


def _root_ctx() -> click.Context:
    return click.Context(cli, info_name="cardcli")


def _games() -> list[Any]:
    from cardcli.engine.registry import available, load

    return [load(name) for name in available()]


def render() -> str:
    """``cardcli.1`` in the active language."""
    localize(cli)
    ctx = _root_ctx()
    lines = [
        _th("cardcli", 1, _("User Commands")),
        ".SH " + _("NAME"),
        "cardcli \\- " + _esc(_(NAME_LINE)),
        ".SH " + _("SYNOPSIS"),
        "\\fBcardcli\\fR [\\fB\\-\\-lang\\fR \\fIit\\fR|\\fIen\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGS\\fR]",
        ".br",
        "\\fBcardcli\\fR \\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR",
        ".SH " + _("DESCRIPTION"),
        _esc(_(DESCRIPTION)),
        ".SH " + _("OPTIONS"),
        *_options(cli, ctx),
        ".SH " + _("COMMANDS"),
        *_command_sections(cli, "", ctx),
    ]
    for title, body in SECTIONS:
        lines.append(f".SH {_esc(_(title))}")
        lines.append(_roff(_(body)))
    names = [name for name, _c, _x in _commands(cli, ctx)]
    lines += _see_also(*[f"cardcli-{n}(1)" for n in names], "cardcli-replay(5)", *[f"cardcli-{g.name}(6)" for g in _games()])
    return "\n".join(lines) + "\n"


def render_command(name: str) -> str:
    """``cardcli-NAME.1``: one command (a group with all its subcommands)."""
    localize(cli)
    ctx = _root_ctx()
    cmd = cli.get_command(ctx, name)
    assert cmd is not None, name
    sub_ctx = click.Context(cmd, info_name=name, parent=ctx)
    lines = [
        _th(f"cardcli-{name}", 1, _("User Commands")),
        ".SH " + _("NAME"),
        f"cardcli\\-{_esc(name)} \\- {_esc(_first_line(cmd))}",
        ".SH " + _("SYNOPSIS"),
    ]
    if isinstance(cmd, click.Group):
        subs = list(_commands(cmd, sub_ctx))
        for i, (sub, sc, sx) in enumerate(subs):
            if i:
                lines.append(".br")
            lines.append(_usage(sc, sx, f"{name} {sub}"))
        lines += [".SH " + _("DESCRIPTION"), *_help_paragraphs(cmd.help or ""), ".SH " + _("COMMANDS")]
        lines += _command_sections(cmd, name, sub_ctx)
    else:
        lines.append(_usage(cmd, sub_ctx, name))
        lines += [".SH " + _("DESCRIPTION"), *_help_paragraphs(cmd.help or "")]
        options = _options(cmd, sub_ctx)
        if options:
            lines += [".SH " + _("OPTIONS"), *options]
    refs = ["cardcli(1)"]
    if name in ("replay", "share", "learn", "saves"):
        refs.append("cardcli-replay(5)")
    if name in ("play", "rules", "deal", "score", "simulate", "learn"):
        refs += [f"cardcli-{g.name}(6)" for g in _games()]
    lines += _see_also(*refs)
    return "\n".join(lines) + "\n"


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def render_game(game: Any) -> str:
    """``cardcli-GAME.6``: the rulebook, presets and rule options of one game."""
    import msgspec

    book = game.rulebook
    lines = [
        _th(f"cardcli-{game.name}", 6, _("Games")),
        ".SH " + _("NAME"),
        f"cardcli\\-{_esc(game.name)} \\- {_esc(_(game.title))}: {_esc(_(game.summary))}",
        ".SH " + _("SYNOPSIS"),
        f"\\fBcardcli play {game.name}\\fR [\\fIOPTIONS\\fR]",
        ".br",
        f"\\fBcardcli rules {game.name}\\fR [\\fITOPIC\\fR]",
        ".br",
        f"\\fBcardcli learn {game.name}\\fR [\\fILESSON\\fR]",
        ".SH " + _("DESCRIPTION"),
        _esc(_(book.intro)),
        ".PP",
        _esc(
            _(
                "Players: {counts}. The same texts are shown by `cardcli rules {game} TOPIC` and, for the "
                "rule a refused move broke, by `why` in the game."
            ).format(counts=", ".join(str(n) for n in game.player_counts), game=game.name)
        ),
        ".SH " + _("RULES"),
    ]
    for topic, title in book.topics.items():
        lines.append(f'.SS "{_esc(topic)} \\(em {_esc(_(title))}"')
        for rule in book.rules.values():
            if rule.topic != topic:
                continue
            paras = [_esc(" ".join(p.split())) for p in _(rule.text).splitlines() if p.strip()]
            lines += [".TP", f"\\fB{_esc(_(rule.title))}\\fR [{_esc(rule.id)}]", "\n.br\n".join(paras)]  # a list keeps its lines
    lines.append(".SH " + _("PRESETS"))
    base = msgspec.to_builtins(game.presets[game.default_preset])
    for name in game.presets:
        mark = " " + _("(default)") if name == game.default_preset else ""
        lines += [".TP", f"\\fB\\-\\-preset {_esc(name)}\\fR{_esc(mark)}", _esc(_(game.preset_help.get(name, "")))]
        diff = {k: v for k, v in msgspec.to_builtins(game.presets[name]).items() if base.get(k) != v}
        if diff:
            lines += [".br", *_unadjusted(_esc(", ".join(f"{k}={_fmt(v)}" for k, v in diff.items())))]
    lines.append(".SH " + _("RULE OPTIONS"))
    lines.append(_esc(_("Each is set with --option KEY=VALUE (repeatable), after the preset.")))
    for o in game.options():
        lines += [
            ".TP",
            f"\\fB{_esc(o.name)}\\fR=\\fI{_esc(o.type)}\\fR ({_esc(_fmt(o.default))})",
            _esc(_(o.help)) if o.help else "\\&",
        ]
    lines += _see_also("cardcli(1)", "cardcli-play(1)", "cardcli-rules(1)", "cardcli-learn(1)", "cardcli-replay(5)")
    return "\n".join(lines) + "\n"


def _schema_lines() -> list[str]:
    from cardcli.replay.model import json_schema

    schema = json_schema()
    defs = schema.get("$defs", {})

    def type_of(spec: dict[str, Any]) -> str:
        if "$ref" in spec:
            return spec["$ref"].rsplit("/", 1)[-1]
        if "anyOf" in spec:
            return " | ".join(type_of(s) for s in spec["anyOf"])
        if spec.get("type") == "array":
            items = spec.get("items")
            if isinstance(items, dict):
                return f"[{type_of(items)}]"
            prefix = spec.get("prefixItems", [])
            return "[" + ", ".join(type_of(s) for s in prefix) + "]"
        if "enum" in spec:
            values = [str(v) for v in spec["enum"]]
            if len(values) > 12:  # the cards: say what they look like rather than list all 53
                return f"string, one of {len(values)} ({', '.join(values[:3])} …)"
            return "|".join(values)
        return str(spec.get("type", "any"))

    out: list[str] = []
    order = [schema["$ref"].rsplit("/", 1)[-1]] if "$ref" in schema else []
    order += [name for name in defs if name not in order]
    for name in order:
        spec = defs[name]
        out.append(f".SS {_esc(name)}")
        if spec.get("type") == "array":
            out.append(_esc(_("An array: {items}").format(items=type_of(spec))))
            continue
        required = set(spec.get("required", []))
        for field, fspec in spec.get("properties", {}).items():
            mark = " " + _("(required)") if field in required else ""
            out += [".TP", f"\\fB{_esc(field)}\\fR{_esc(mark)}", _esc(type_of(fspec))]
    return out


def _struct_fields(struct: Any) -> list[str]:
    import msgspec

    info = msgspec.inspect.type_info(struct)
    assert isinstance(info, msgspec.inspect.StructType)
    return [f.name for f in info.fields]


def render_replay_format() -> str:
    """``cardcli-replay.5``: replays, their schema, journals, share codes and lessons."""
    from cardcli.replay import share
    from cardcli.tutor import model as lesson_model

    lines = [
        _th("cardcli-replay", 5, _("File Formats")),
        ".SH " + _("NAME"),
        "cardcli\\-replay \\- " + _esc(_("cardcli replay files, share codes and lessons")),
        ".SH " + _("DESCRIPTION"),
        _esc(_(REPLAY_INTRO)),
        ".PP",
        _esc(_(REPLAY_MOVES)),
        ".SH " + _("FIELDS"),
        _esc(_(REPLAY_FIELDS)),
        *_schema_lines(),
        ".SH " + _("IMPORTED RECORDS"),
        _esc(_(IMPORT_TEXT)),
        ".SH " + _("SAVES"),
        _esc(_(JOURNAL_TEXT)),
        ".SH " + _("SHARE CODES"),
        _esc(_(SHARE_TEXT).format(prefix=share.PREFIX, version=share.VERSION)),
        ".SH " + _("LESSONS"),
        _esc(_(LESSON_TEXT)),
        ".PP",
        _esc(", ".join(_struct_fields(lesson_model.Lesson))),
        ".PP",
        _esc(_(LESSON_STEPS)),
    ]
    for kind in ("Say", "Move", "Reply", "Quiz", "Free"):
        struct = getattr(lesson_model, kind, None)
        if struct is not None:
            lines += [".TP", f"\\fB{kind.lower()}\\fR", _esc(", ".join(_struct_fields(struct)))]
    lines += _see_also("cardcli(1)", "cardcli-replay(1)", "cardcli-share(1)", "cardcli-learn(1)")
    return "\n".join(lines) + "\n"


def pages(lang: str = "en") -> dict[str, str]:
    """Every page in ``lang``: relative path → text."""
    with using(lang):
        out = {"cardcli.1": render()}
        ctx = _root_ctx()
        for name, _cmd, _ctx in _commands(cli, ctx):
            out[f"cardcli-{name}.1"] = render_command(name)
        out["cardcli-replay.5"] = render_replay_format()
        for game in _games():
            out[f"cardcli-{game.name}.6"] = render_game(game)
    localize(cli)
    prefix = "" if lang == "en" else f"{lang}/"
    return {prefix + path: text for path, text in out.items()}


def all_pages() -> dict[str, str]:
    out: dict[str, str] = {}
    for lang in LANGUAGES:
        out.update(pages(lang))
    return out


def write(root: Path = ROOT) -> list[Path]:
    """Write every page under ``root`` (``man/``), removing pages that are no longer generated."""
    wanted = all_pages()
    written: list[Path] = []
    for rel, text in wanted.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    for old in [*root.glob("cardcli*.[156]"), *root.glob("*/cardcli*.[156]")]:
        if str(old.relative_to(root)) not in wanted:
            old.unlink()
    return written


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--write"]:
        for p in write():
            print(p.relative_to(ROOT.parent))
    else:
        with using("en"):
            sys.stdout.write(render())
