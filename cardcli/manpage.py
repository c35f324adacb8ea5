"""Generate ``man/cardcli.1`` from the click definitions, so the page never drifts from the CLI.

Run ``python -m cardcli.manpage > man/cardcli.1`` after changing a command; a
test compares the committed page with a fresh rendering. (click-man walks only
eagerly registered commands and uses deprecated click helpers, so a small
generator of our own is simpler, as httpie does.)
"""

from __future__ import annotations

import click

from cardcli import __version__
from cardcli.cli import cli

DATE = "2026-11-29"

DESCRIPTION = """\
cardcli plays and teaches five card games in the terminal: contract bridge (rubber), Italian
canasta, burraco, rummy and eleusis. It deals from seeds, takes moves at a prompt that explains
every rule it enforces, lets any seat be a bot, and records every game as a replay file that can
be verified, stepped through and shared.
"""

SECTIONS = [
    ("MOVES AND COMMANDS IN A GAME", """\
Moves are typed in each game's notation (rummy: \\fBdraw stock\\fR, \\fBdraw discard\\fR,
\\fBmeld 3H 4H 5H\\fR, \\fBlayoff 6H 2\\fR, \\fBdiscard KS\\fR); cards are written rank then suit
(\\fBTH\\fR, \\fB10h\\fR, \\fB10\\(u2665\\fR, \\fBqueen of spades\\fR, \\fBJK\\fR). Shorthand that matches
one legal move is enough (a lone card discards it). Tab completes moves and commands.
.PP
Commands: \\fBhelp\\fR, \\fBrules\\fR [\\fItopic\\fR], \\fBwhy\\fR [\\fImove\\fR] (why the last move was
refused, or what a move would do), \\fBhint\\fR (counted in the replay), \\fBundo\\fR, \\fBscore\\fR,
\\fBmoves\\fR, \\fBtable\\fR, \\fBsave\\fR [\\fIfile\\fR], \\fBquit\\fR. Ctrl-C clears the line;
Ctrl-D and \\fBquit\\fR save the game, and \\fBcardcli play --resume\\fR continues it.
.PP
When standard input is not a terminal (or with \\fB--plain\\fR or \\fBTERM=dumb\\fR) the same
commands are read one per line and the output is plain text, for pipes, scripts and screen
readers."""),
    ("REPLAY FILES", """\
Replays (\\fI*.cardcli.json\\fR) are JSON: an envelope (\\fBformat\\fR "cardcli-replay",
\\fBversion\\fR), the game, its rules (preset and full config), the seats, the seed, and for every
hand the full deck order as dealt and the moves in canonical notation with the seat that made
each, plus the results and annotations (hints, undos, notes). Files ending in \\fI.msgpack\\fR are
the same in MessagePack. \\fBcardcli replay schema\\fR prints the JSON Schema.
\\fBcardcli replay verify\\fR re-plays every move and fails with the hand, move number and rule of
the first illegal move."""),
    ("SEEDS", """\
A seed (a number or any text) gives the same deals on every machine: the deck is shuffled by
Fisher\\(enYates driven by SHA-256 in counter mode over the seed and the hand number (see
\\fBcardcli/engine/rng.py\\fR). Bots draw their randomness from (seed, hand, seat, move), so a bot
game replays identically."""),
    ("ENVIRONMENT", """\
.TP
\\fBCARDCLI_HOME\\fR
Where autosaves and history are kept (default: the platform's user data directory).
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
\\fBunicode\\fR, \\fBascii\\fR or \\fBwords\\fR, as \\fB--charset\\fR.
.TP
\\fBCARDCLI_LANG\\fR
Language of the messages (when a translation is installed)."""),
    ("FILES", """\
.TP
\\fI$CARDCLI_HOME/saves/GAME.cardcli.json\\fR
The autosave of an unfinished game, written atomically after every move.
.TP
\\fI$CARDCLI_HOME/history\\fR
The prompt's input history."""),
    ("EXIT STATUS", """\
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
    ("EXAMPLES", """\
.nf
cardcli play rummy
cardcli play rummy --seed 7 --players 3 --bots all --record game.cardcli.json
cardcli replay verify game.cardcli.json
cardcli deal rummy --seed 7 --players 3 --format json
printf 'closer P1\\\\nP2 KS QH 5C\\\\n' | cardcli score rummy
cardcli simulate rummy --games 200 --bots basic,random --jobs 2
.fi"""),
]


def _esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace("-", "\\-").replace("'", "\\(aq")


def _command_sections(group: click.Group, prefix: str, ctx: click.Context) -> list[str]:
    out: list[str] = []
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None or cmd.hidden:
            continue
        full = f"{prefix} {name}".strip()
        sub_ctx = click.Context(cmd, info_name=name, parent=ctx)
        if isinstance(cmd, click.Group):
            out.extend(_command_sections(cmd, full, sub_ctx))
            continue
        usage = " ".join(cmd.collect_usage_pieces(sub_ctx))
        out.append(f".SS {_esc('cardcli ' + full)}")
        out.append(f"\\fBcardcli {_esc(full)}\\fR {_esc(usage)}")
        out.append(".PP")
        help_text = (cmd.help or "").split("\f")[0]
        paras = [p.strip().replace("\b\n", "") for p in help_text.split("\n\n") if p.strip()]
        for i, para in enumerate(paras):
            if i:
                out.append(".PP")
            out.append(_esc(" ".join(para.split())))
        for param in cmd.get_params(sub_ctx):
            if not isinstance(param, click.Option) or param.hidden:
                continue
            record = param.get_help_record(sub_ctx)
            if record is None or "--help" in record[0]:
                continue
            out.append(".TP")
            out.append(f"\\fB{_esc(record[0])}\\fR")
            out.append(_esc(record[1]))
    return out


def render() -> str:
    ctx = click.Context(cli, info_name="cardcli")
    lines = [
        f'.TH CARDCLI 1 "{DATE}" "cardcli {__version__}" "User Commands"',
        ".SH NAME",
        "cardcli \\- play and learn bridge, canasta, burraco, rummy and eleusis in the terminal",
        ".SH SYNOPSIS",
        "\\fBcardcli\\fR \\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGS\\fR]",
        ".br",
        "\\fBcardcli\\fR \\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR",
        ".SH DESCRIPTION",
        _esc(" ".join(DESCRIPTION.split())),
        ".SH COMMANDS",
        *_command_sections(cli, "", ctx),
    ]
    for title, body in SECTIONS:
        lines.append(f".SH {title}")
        lines.append(body)
    lines += [".SH SEE ALSO", "\\fBcardcli rules\\fR \\fIGAME\\fR for the rules of each game."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    import sys

    sys.stdout.write(render())
