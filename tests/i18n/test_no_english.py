"""Under Italian no English message reaches the player, on every path this test drives.

Two nets, because an English line can come from two places:

* a catalogue message shown untranslated (it was translated before the language was chosen,
  or marked ``N_`` and never passed through ``_`` when shown): every message whose Italian
  differs from it is looked for verbatim in what cardcli printed (``{placeholders}`` match any
  text; a message whose English also occurs in some Italian translation, an example command for
  instance, is not looked for);
* a message that never went through ``_`` at all (an f-string): a word list of plain English
  words that Italian text never uses.

Card and move notation (``KH``, ``8♠``, ``1N``), command names in backticks and `--options` are
notation, not prose, and are left out before the word net looks. The paths: the help of every
command, the usage errors people make, a scripted start of a game of each game through the
line driver with the REPL's commands, ``--charset words``, a lesson, the rules, and the
prompt-toolkit toolbar of each game.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cardcli import i18n
from cardcli.cli import cli

pytest.importorskip("babel")

from babel.messages.pofile import read_po  # noqa: E402

PO = i18n.LOCALE_DIR / "it" / "LC_MESSAGES" / "cardcli.po"
FIELD = re.compile(r"(?<!\{)\{(?:[A-Za-z_][A-Za-z0-9_ ]*(?:[.!:\[][^{}]*)?)?\}(?!\})")
#: Plain English words no Italian sentence of cardcli uses (seat names included: Sud, Ovest, Nord, Est).
ENGLISH = {
    "the",
    "is",
    "are",
    "of",
    "and",
    "your",
    "you",
    "does",
    "not",
    "has",
    "have",
    "with",
    "from",
    "by",
    "players",
    "player",
    "played",
    "unknown",
    "column",
    "before",
    "drawing",
    "stock",
    "this",
    "that",
    "which",
    "there",
    "exist",
    "must",
    "cannot",
    "when",
    "then",
    "only",
    "option",
    "seat",
    "rule",
    "allowed",
    "now",
    "would",
    "should",
    "eight",
    "nine",
    "seven",
    "king",
    "queen",
    "jack",
    "hearts",
    "spades",
    "diamonds",
    "clubs",
    "South",
    "West",
    "North",
    "East",
    "victory",
    "points",
    "winner",
    "loser",
    "hands",
    "draws",
    "discards",
    "legal",
    "illegal",
    "none",
    "answer",
    "aces",
    "kings",
    "queens",
    "jacks",
    "tens",
    "nines",
    "eights",
    "sevens",
    "sixes",
    "fives",
    "fours",
    "threes",
    "twos",
    "joker",
    "clean",
    "dirty",
}
NOTATION = re.compile(
    "|".join(
        [
            r"`[^`]*`",
            r"\S*[_=]\S*",
            r"\bdraw (?:stock|discard)\b",  # code, options, rummy's draw moves
            r"\b[a-z]+(?:\.[a-z-]+)+\b",
            r"\b[a-z]+(?:-[a-z0-9]+)+\b",
            r"\b[a-z]+-$",  # rule ids, library ids (or one cut at the end)
            r"\[[\w|+-]+\]",
            r"\w+\([^()]*\)",
            r"--?[a-z][a-z-]*(=\S*)?",
            r"\[[a-z]+[.\w-]*\]",  # choices, calls, flags
            r"\b(?:[2-9TJQKA]|10)[CDHS]\b",
            r"\bJK\b",
            r"'[^']*'",
            r'"[^"]*"',  # cards, quoted input
        ]
    )
)


def _catalogue() -> tuple[list[tuple[str, re.Pattern[str], str]], str]:
    with PO.open("rb") as f:
        cat = read_po(f, locale="it")
    italian: list[str] = []
    pairs: list[tuple[str, str]] = []
    for m in cat:
        if not m.id:
            continue
        ids = list(m.id) if isinstance(m.id, tuple) else [m.id]
        strings = list(m.string) if isinstance(m.string, tuple) else [m.string]
        italian.extend(strings)
        pairs.extend((i, strings[min(k, len(strings) - 1)]) for k, i in enumerate(ids))
    all_italian = " ".join(" ".join(s.split()) for s in italian)
    found = []
    for msgid, msgstr in pairs:
        if " ".join(msgid.split()) == " ".join(msgstr.split()):
            continue
        pieces = [" ".join(p.split()) for p in FIELD.split(msgid)]
        longest = max(pieces, key=len)
        if len(longest) < 14 or len(longest.split()) < 3 or longest in all_italian:
            continue
        pattern = ".{0,120}?".join(r"\s+".join(map(re.escape, p.split())) for p in pieces)
        found.append((msgid, re.compile(pattern), longest))
    return found, all_italian


def _invocations() -> Iterator[tuple[list[str], str]]:
    """The command lines (and their typed input) this test runs in Italian."""
    yield ["--help"], ""
    stack: list[tuple[list[str], click.Command]] = [([], cli)]
    while stack:
        path, cmd = stack.pop()
        yield [*path, "--help"], ""
        if isinstance(cmd, click.Group):
            stack.extend(([*path, n], c) for n, c in cmd.commands.items())
    for args in (
        ["play", "poker"],
        ["play", "rummy", "--option", "x=1"],
        ["play", "bridge", "--seat", "7"],
        ["play", "rummy", "--players", "7", "--bots", "all"],
        ["rules", "burraco", "nothing"],
        ["play", "burraco", "--option", "tournament_hands=5"],
        ["play"],
        ["score", "rummy", "-"],
    ):
        yield args, ""
    yield ["games"], ""
    for game in ("bridge", "canasta", "burraco", "rummy", "eleusis"):
        yield ["rules", game], ""
        yield ["rules", game, "options"], ""
        yield ["deal", game, "--seed", "5"], ""
    for topic in ("variants", "match", "match.vp-table", "score", "take"):
        yield ["rules", "burraco", topic], ""
    for topic in ("library", "language", "score"):
        yield ["rules", "eleusis", topic], ""


COMMANDS = "help\nwhy\nhint\nmoves\nscore\ntable\nrules\naiuto\nperché\nregole\nmosse\n"


def _games() -> Iterator[tuple[list[str], str]]:
    """A scripted start of each game: the hinted moves with the REPL's commands between them."""
    from tests.scripted import hinted_moves

    for game, seed, players, charset in (
        ("rummy", "7", 2, "words"),
        ("burraco", "3", 4, "words"),
        ("canasta", "4", 4, "words"),
        ("bridge", "2", 4, "words"),
        ("eleusis", "3", 4, "unicode"),
    ):
        moves = hinted_moves(game, seed, players=players, hands=1)[:14]
        typed = COMMANDS + "".join(f"{m}\nwhy\n" for m in moves[:4]) + "\n".join(moves[4:]) + "\n"
        typed += "why discard\nwhy\nmelds\nguess color = red and (\n" + COMMANDS + "quit\n"
        yield ["play", game, "--seed", seed, "--players", str(players), "--plain", "--charset", charset, "--hands", "1"], typed
    yield ["learn", "burraco", "1", "--plain"], "hint\nwhy\nrules\nfoo\nsuggerimento\nperché\n" * 3 + "esci\n"
    yield ["learn", "bridge", "1", "--auto", "--plain", "--delay", "0"], ""


def _toolbars() -> list[str]:
    """The prompt-toolkit toolbar (status line) of each game at its start, in Italian."""
    from cardcli.session import Session

    lines = []
    for game in ("bridge", "canasta", "burraco", "rummy", "eleusis"):
        s = Session.new(game, seed="5", human_seats=(0,))
        s.run_bots()
        view = s.view(0)
        lines.append(s.game.status(view))
        lines.append(s.game.status_now(view, [s.game.format_move(m) for m in s.legal_moves()]))
    return lines


#: The rule language of eleusis is notation too (``accept: if red(p1) then black(c) else not face(c)``).
RULE_WORDS = {"accept", "if", "then", "else", "and", "or", "not", "in", "modes", "when", "on", "next"}


def _prose_words(text: str) -> set[str]:
    words = set(re.findall(r"[A-Za-z]+", NOTATION.sub(" ", text)))
    if re.search(r"\((?:c|p\d)\)", text):
        words -= RULE_WORDS
    return words


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str]]:
    home = tmp_path_factory.mktemp("home")
    out = []
    for args, typed in [*_invocations(), *_games()]:
        result = CliRunner().invoke(
            cli, ["--lang", "it", *args], input=typed, env={"CARDCLI_HOME": str(home), "COLUMNS": "80", "NO_COLOR": "1"}
        )
        assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), (
            args,
            result.output[-2000:],
        )
        out.append((" ".join(args), result.output))
    return out


def _english_in(outputs: list[tuple[str, str]]) -> list[str]:
    catalogue, _all_italian = _catalogue()
    hits: dict[str, str] = {}
    for where, text in outputs:
        flat = " ".join(text.split())
        for msgid, pattern, longest in catalogue:
            if longest in flat and msgid not in hits and pattern.search(flat):
                hits[msgid] = where
        # code in backticks is notation, also when the text wraps inside it (its line breaks are kept)
        text = re.sub(r"`[^`]*`", lambda m: "\n" * m.group().count("\n") or " ", text)
        for line in text.splitlines():
            if line.lstrip().startswith(("Uso:", "Usage:")) or re.match(r"(\[\d+/\d+\] )?\S+> ", line):
                continue  # the usage line is notation; a prompt line echoes what was typed
            if line.startswith("  "):  # a listing: the command, move or topic before the columns is notation
                line = re.sub(r"^\s+\S.*?\s{3,}", "", line)
            words = _prose_words(line) & ENGLISH
            if words:
                hits.setdefault(line.strip(), where)
    return [f"{where}: {what}" for what, where in sorted(hits.items(), key=lambda kv: kv[1])]


def test_no_english_message_is_printed_under_italian(printed: list[tuple[str, str]]) -> None:
    found = _english_in(printed)
    assert not found, f"{len(found)} English messages under --lang it:\n" + "\n".join(found)


def test_the_toolbars_are_italian() -> None:
    i18n.set_language("it")
    try:
        found = _english_in([("toolbar", line) for line in _toolbars()])
    finally:
        i18n.set_language(None)
    assert not found, found


def test_the_net_catches_an_english_message(tmp_path: Path) -> None:
    """The nets are not blind: an English catalogue message and an English f-string are both found."""
    assert _english_in([("x", "Opzioni:\n  -h, --help  Show this message\n              and exit.")])
    assert _english_in([("x", "seat 7 does not exist")])
    assert not _english_in([("x", "Errore: Manca l'argomento 'GAME'. `cardcli rules burraco` KH 8♠")])


def test_the_italian_command_words_work(tmp_path: Path) -> None:
    """`aiuto`, `regole`, `perché` are help, rules and why; seats are typed and shown in Italian."""
    result = CliRunner().invoke(
        cli,
        ["--lang", "it", "play", "burraco", "--seed", "3", "--plain", "--seat", "ovest"],
        input="aiuto\nregole\nperché\nesci\n",
        env={"CARDCLI_HOME": str(tmp_path)},
    )
    out = result.output
    assert "sei Ovest" in out and "Ovest> " in out
    assert "Comandi:" in out and "Argomenti (`rules TOPIC`)" in out
    assert "non è ancora stato rifiutato niente" in out and "Partita salvata come" in out
    assert "non è una mossa" not in out
