"""Shared pieces of the fuzz tests: seed inputs, mutation strategies and the one-line-or-success harness.

Every target takes an input and must either succeed or fail with exactly one clear line (a
``ValueError`` subclass of the input's kind, or a click exit ≠ 0 with one line on stderr) within a
time bound. Anything else — another exception type, a multi-line message, a hang — is a finding.

The default run raises at the first finding (hypothesis then shrinks it); the soak run
(``Harness(collect=True)``) keeps going and counts findings per target.
"""

from __future__ import annotations

import base64
import contextlib
import copy
import functools
import signal
import tempfile
import time
import traceback
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
from click.testing import CliRunner, Result
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted((ROOT / "replays").glob("*/*.cardcli.json"))
PBN_FILES = sorted((ROOT / "tests" / "data" / "pbn").glob("*.pbn"))
CORPUS = ROOT / "tests" / "data" / "fuzz"
"""The stored inputs (``CORPUS / target / accepted-* | refused-*``): each reproduces a finding, is run as
a regression test (``test_corpus.py``), and the small ones seed the byte mutations too."""
LESSONS = sorted((ROOT / "tutorials").glob("*/*.toml"))
GAMES = ("bridge", "canasta", "burraco", "rummy", "eleusis")

PER_EXAMPLE_SECONDS = 10.0
"""A hang: one input that takes more than this much CPU time (the slowest real input takes well under a
second). CPU time, not the clock: a machine at load 10 gives the test a tenth of a core, not less work."""
STALL_SECONDS = 600.0
"""A stall that uses no CPU (waiting on something that never comes): so long on the clock that only a
real stall reaches it, however loaded the machine."""


# -- the harness -------------------------------------------------------------------------------------


class Hang(Exception):
    """Raised by the alarm when one input runs past its time bound."""


@contextlib.contextmanager
def time_bound(seconds: float = PER_EXAMPLE_SECONDS) -> Iterator[None]:
    """Interrupt the body with :class:`Hang` after ``seconds`` of CPU time (or :data:`STALL_SECONDS` on the
    clock without finishing): a real hang never returns by itself."""

    def ring(signum: int, frame: Any) -> None:
        if signum == signal.SIGPROF:
            raise Hang(f"no answer within {seconds} s of CPU time")
        raise Hang(f"no answer within {STALL_SECONDS} s")

    old_prof = signal.signal(signal.SIGPROF, ring)
    old_alarm = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, STALL_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, old_prof)
        signal.signal(signal.SIGALRM, old_alarm)


class Finding(AssertionError):
    """An input that got a traceback, a multi-line error or a hang."""


def one_line(message: str, what: str = "error") -> None:
    if not message.strip() or "\n" in message.strip() or "Traceback" in message:
        raise Finding(f"{what} is not one clear line: {message!r}")


@dataclass
class Tally:
    inputs: int = 0
    accepted: int = 0
    refused: int = 0
    tracebacks: int = 0
    hangs: int = 0
    seconds: float = 0.0
    samples: list[str] = field(default_factory=list)


@dataclass
class Harness:
    """Runs one input of a target; ``collect`` counts findings instead of raising them."""

    collect: bool = False
    tallies: dict[str, Tally] = field(default_factory=dict)

    def run(
        self,
        target: str,
        body: Callable[[], Any],
        refusals: tuple[type[BaseException], ...],
        describe: Callable[[], str] = lambda: "",
    ) -> Any:
        tally = self.tallies.setdefault(target, Tally())
        tally.inputs += 1
        start = time.perf_counter()
        try:
            with time_bound():
                got = body()
        except refusals as err:
            tally.refused += 1
            try:
                one_line(str(err), type(err).__name__)
            except Finding as bad:
                return self._found(tally, bad, describe, hang=False)
            return None
        except Hang as err:
            return self._found(tally, err, describe, hang=True)
        except Exception as err:  # noqa: BLE001 - every other exception is the finding
            return self._found(tally, err, describe, hang=False)
        finally:
            tally.seconds += time.perf_counter() - start
        tally.accepted += 1
        return got

    def _found(self, tally: Tally, err: BaseException, describe: Callable[[], str], hang: bool) -> None:
        if hang:
            tally.hangs += 1
        else:
            tally.tracebacks += 1
        if not self.collect:
            raise err
        if len(tally.samples) < 5:
            tb = "".join(traceback.format_exception(err)[-3:])
            tally.samples.append(f"{describe()[:300]}\n{tb}")
        return None


class CliFailure(Exception):
    """A command that ended in an exception other than its exit (the traceback a user would see)."""


def check_cli(result: Result, *, lines: int | None = 1) -> Result:
    """A click run that ended with its own exit: 0, or ≠ 0 with ``lines`` lines on stderr."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        tb = "".join(traceback.format_exception(*result.exc_info)) if result.exc_info else repr(result.exception)
        raise CliFailure(tb)
    if "Traceback (most recent call last)" in result.output:
        raise Finding(f"a traceback was printed: {result.output[-2000:]}")
    if result.exit_code != 0 and lines is not None:
        err = [ln for ln in result.stderr.splitlines() if ln.strip()]
        if result.exit_code == 2:  # click's usage error: its usage and help hint, then the one error line
            err = [ln for ln in err if not ln.startswith(("Usage: ", "Try '"))]
        if len(err) != lines:
            raise Finding(f"exit {result.exit_code} with {len(err)} lines on stderr: {result.stderr[-2000:]!r}")
    return result


def invoke(args: Sequence[str], input: bytes | str | None = None, env: dict[str, str] | None = None) -> Result:
    from cardcli.cli import cli

    return CliRunner(env=env).invoke(cli, list(args), input=input, catch_exceptions=True)


# -- seed inputs -------------------------------------------------------------------------------------


@functools.cache
def replay_bytes() -> tuple[bytes, ...]:
    return tuple(p.read_bytes() for p in REPLAYS)


def corpus(target: str, below: int = 20_000) -> tuple[bytes, ...]:
    """The stored inputs of ``target`` smaller than ``below`` bytes (mutation seeds)."""
    return tuple(data for p in sorted((CORPUS / target).iterdir()) if len(data := p.read_bytes()) < below)


@functools.cache
def replay_docs() -> tuple[Any, ...]:
    return tuple(msgspec.json.decode(b) for b in replay_bytes())


@functools.cache
def msgpack_bytes() -> tuple[bytes, ...]:
    from cardcli.replay.io import encode_msgpack, read

    return tuple(encode_msgpack(read(p)) for p in REPLAYS)


@functools.cache
def pbn_texts() -> tuple[bytes, ...]:
    return tuple(p.read_bytes() for p in PBN_FILES) + corpus("pbn")


@functools.cache
def lin_texts() -> tuple[str, ...]:
    """LIN records: each shipped bridge replay exported by cardcli, and two written by hand."""
    from cardcli.commands.replays import export

    out: list[str] = [
        "pn|Zia,Meckwell,Rodwell,Hamman|st||md|3SAKJ52HQ3DK4CA987,S9843HAK52DQJ3C54,SQT7HJ9874DA82CK3,|"
        "rh||ah|Board 1|sv|o|mb|1S|mb|p|mb|2N!|an|Jacoby: game forcing raise|mb|p|mb|4S|mb|p|mb|p|mb|p|"
        "pg||pc|CQ|pc|CA|pc|C4|pc|C3|pg||pc|SA|pc|S3|pc|S7|pc|S6|pg||mc|11|",
        "qx|o2|st||md|2S9HK54DA976CAKQ65,SKQ76H832DKQJCJ98,SAJ4HQJ97DT543C74,|rh||ah|Board 2|sv|e|mb|p|mb|1C|mb|p|"
        "mb|1H|mb|p|mb|2C|mb|p|mb|p|mb|p|pc|S5|pc|S9|pc|SK|pc|SA|pg||mc|8|\n",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for p in REPLAYS:
            if p.parent.name == "bridge":
                dest = Path(tmp) / (p.stem + ".lin")
                with contextlib.redirect_stdout(None):
                    export(str(p), "lin", str(dest))
                out.extend(f.read_text() for f in sorted(Path(tmp).glob(p.stem + "*.lin")))
    return tuple(out)


@functools.cache
def share_codes() -> tuple[str, ...]:
    from cardcli.replay import share
    from cardcli.replay.io import read

    codes = []
    for p in REPLAYS:
        try:
            codes.append(share.encode(read(p)))
        except ValueError:
            continue
    return tuple(codes)


def wrap_share_payload(payload: bytes) -> str:
    """A share code around ``payload`` with a correct length and checksum (to reach the decoder behind them)."""
    from cardcli.replay.share import PREFIX, VERSION, _varint

    head = _varint(len(payload))
    crc = zlib.crc32(head + payload).to_bytes(4, "big")
    return f"{PREFIX}{VERSION}-" + base64.urlsafe_b64encode(head + crc + payload).decode().rstrip("=")


@functools.cache
def share_payloads() -> tuple[Any, ...]:
    from cardcli.replay.share import _unwrap

    return tuple(msgspec.msgpack.decode(_unwrap(c)) for c in share_codes())


@functools.cache
def lesson_texts() -> tuple[tuple[str, str, str], ...]:
    """(game, file name, text) of every shipped lesson."""
    return tuple((p.parent.name, p.name, p.read_text()) for p in LESSONS)


@functools.cache
def journal_bytes() -> tuple[bytes, ...]:
    """Each shipped replay as an autosave journal (with an undo, a note and a title event added)."""
    from cardcli.replay.io import read
    from cardcli.replay.journal import SUFFIX, Journal

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, p in enumerate(REPLAYS):
            path = Path(tmp) / f"j{i}{SUFFIX}"
            j = Journal.create(path, read(p), Path("game.cardcli.json") if i % 2 else None)
            j.append({"title": "a caption"})
            j.append({"note": {"hand": 1, "ply": 1, "kind": "note", "text": "a note"}})
            j.close()
            out.append(path.read_bytes())
    return tuple(out)


@functools.cache
def hinted(game: str, seed: str, count: int = 40) -> tuple[str, ...]:
    """The first ``count`` moves a human in seat 0 would type following every hint (as ``scripted.hinted_moves``)."""
    from cardcli.session import Session

    s = Session.new(game, seed=seed, human_seats=(0,))
    typed: list[str] = []
    s.run_bots()
    while not s.finished and len(typed) < count:
        move, _why = s.hint(0)
        typed.append(s.game.format_move(move))
        s.play(move)
        s.run_bots()
    return tuple(typed)


# -- mutations ---------------------------------------------------------------------------------------

INTERESTING_BYTES = (
    b"\x00",
    b"\xff",
    b"\xc0",
    b"\x80",
    b"\x1b[2J",
    b"\x07",
    b"{",
    b"}",
    b"[",
    b"]",
    b'"',
    b"\\",
    b",",
    b":",
    b"\n",
    b"\r",
    b" ",
    b"-",
    b"0",
    b"9",
    b"\xef\xbb\xbf",
    b"\xe2\x82",
    b"\x91",
    b"\xdc",
)

INTERESTING_VALUES: tuple[Any, ...] = (
    0,
    1,
    -1,
    2,
    3,
    4,
    5,
    7,
    8,
    13,
    52,
    99,
    108,
    1000,
    2**31,
    2**53 + 1,
    2**63 - 1,
    -(2**63),
    0.5,
    -0.0,
    1e308,
    True,
    False,
    None,
    "",
    "x",
    "AS",
    "JK",
    "10H",
    "P",
    "7N",
    "XX",
    "N",
    "S",
    "bot",
    "human",
    "basic",
    "no-such",
    "draw stock",
    "cardcli-replay",
    "\x1b]0;t\x07",
    "é",
    "\u202e",
    "A" * 300,
    [],
    [0],
    [None],
    {},
    {"a": 1},
    [[0, "AS"]],
    ["AS"] * 3,
)


@st.composite
def byte_mutations(draw: st.DrawFn, seeds: Sequence[bytes]) -> bytes:
    """A seed with 1-4 byte-level edits: flips, overwrites, deletions, insertions, duplications, a truncation."""
    data = bytearray(draw(st.sampled_from(list(seeds))))
    for _ in range(draw(st.integers(1, 4))):
        n = len(data)
        op = draw(st.sampled_from(("flip", "set", "delete", "insert", "dup", "truncate", "swap")))
        at = draw(st.integers(0, max(0, n - 1)))
        if op == "flip" and n:
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif op == "set" and n:
            data[at] = draw(st.integers(0, 255))
        elif op == "delete" and n:
            del data[at : at + draw(st.integers(1, 64))]
        elif op == "insert":
            data[at:at] = draw(st.sampled_from(INTERESTING_BYTES) | st.binary(min_size=1, max_size=8))
        elif op == "dup" and n:
            size = draw(st.integers(1, 200))
            data[at:at] = data[at : at + size]
        elif op == "truncate":
            del data[at:]
        elif op == "swap" and n > 2:
            other = draw(st.integers(0, n - 1))
            data[at], data[other] = data[other], data[at]
    return bytes(data)


def _children(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


@st.composite
def value_mutations(draw: st.DrawFn, seeds: Sequence[Any], rounds: int = 3) -> Any:
    """A JSON-like seed (dicts, lists, scalars) with 1-``rounds`` edits at random depths: a value
    replaced by an interesting one, a number nudged, an item deleted, duplicated, swapped or inserted."""
    doc = copy.deepcopy(draw(st.sampled_from(list(seeds))))
    for _ in range(draw(st.integers(1, rounds))):
        parent: Any = None
        key: Any = None
        node = doc
        while _children(node) and (parent is None or draw(st.integers(0, 3)) > 0):
            keys = _children(node)
            parent, key = node, keys[draw(st.integers(0, len(keys) - 1))]
            node = parent[key]
        if parent is None:
            continue
        op = draw(st.sampled_from(("replace", "replace", "nudge", "delete", "dup", "swap", "insert", "string")))
        if op == "replace":
            parent[key] = copy.deepcopy(draw(st.sampled_from(INTERESTING_VALUES)))
        elif op == "nudge" and isinstance(node, int) and not isinstance(node, bool):
            parent[key] = node + draw(st.sampled_from((-1, 1, -2, 2, 52, -100)))
        elif op == "delete":
            del parent[key]
        elif op == "dup" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(node))
        elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
        elif op == "insert" and isinstance(parent, dict):
            parent[draw(st.sampled_from(("extra", "hands", "seed", "x", "undo", "deal", "dealer")))] = copy.deepcopy(
                draw(st.sampled_from(INTERESTING_VALUES))
            )
        elif op == "string" and isinstance(node, str):
            parent[key] = draw(text_mutations([node]))
    return doc


INTERESTING_CHARS = (
    "[",
    "]",
    "{",
    "}",
    '"',
    "\\",
    "|",
    ",",
    ";",
    "%",
    "\x00",
    "\x1b",
    "\n",
    "\r\n",
    "\t",
    " ",
    "=",
    "#",
    "'",
    "-",
    "0",
    "9",
    "99",
    "é",
    "\ufffd",
    "\u202e",
    "N",
    "S",
    "E",
    "W",
    "X",
    "T",
    "*",
)


@st.composite
def text_mutations(draw: st.DrawFn, seeds: Sequence[str]) -> str:
    """Like :func:`byte_mutations` on text: characters, lines and words edited."""
    text = draw(st.sampled_from(list(seeds)))
    for _ in range(draw(st.integers(1, 4))):
        n = len(text)
        at = draw(st.integers(0, max(0, n - 1)))
        op = draw(st.sampled_from(("insert", "delete", "replace", "truncate", "dupline", "dropline", "swapline", "dup")))
        if op == "insert":
            text = text[:at] + draw(st.sampled_from(INTERESTING_CHARS) | st.text(min_size=1, max_size=6)) + text[at:]
        elif op == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 40)) :]
        elif op == "replace" and n:
            text = text[:at] + draw(st.characters()) + text[at + 1 :]
        elif op == "truncate":
            text = text[:at]
        elif op == "dup":
            text = text[:at] + text[at : at + draw(st.integers(1, 200))] + text[at:]
        elif op in ("dupline", "dropline", "swapline"):
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            if op == "dupline":
                lines.insert(i, lines[i])
            elif op == "dropline":
                del lines[i]
            elif len(lines) > 1:
                j = draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return text


# -- replays and journals ----------------------------------------------------------------------------


def replay_inputs() -> st.SearchStrategy[bytes]:
    """Shipped replays, byte-mutated or with JSON values mutated (and re-encoded)."""
    values = value_mutations(replay_docs()).map(lambda d: msgspec.json.encode(d))
    return st.one_of(byte_mutations(replay_bytes() + corpus("replay-json")), values, values)


def _msgpack_encode(value: Any) -> bytes:
    """A mutated value as MessagePack; one with an int MessagePack cannot hold (past 64 bits) is
    written as the largest it can, which the reader must refuse just the same."""
    try:
        return msgspec.msgpack.encode(value)
    except OverflowError:
        return b"\xcf" + b"\xff" * 8


def msgpack_inputs() -> st.SearchStrategy[bytes]:
    values = value_mutations([msgspec.msgpack.decode(b) for b in msgpack_bytes()]).map(_msgpack_encode)
    return st.one_of(byte_mutations(msgpack_bytes()), values)


@st.composite
def journal_inputs(draw: st.DrawFn) -> bytes:
    """A journal with byte edits, or with events (lines) mutated, dropped, repeated or made up."""
    data = draw(st.sampled_from(journal_bytes()))
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return draw(byte_mutations([data]))
    lines = data.split(b"\n")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        try:
            value = msgspec.json.decode(lines[i])
        except msgspec.DecodeError:
            continue
        if kind == 1:
            lines[i] = msgspec.json.encode(draw(value_mutations([value])))
        else:
            made_up = draw(
                st.sampled_from(
                    (
                        {"undo": 0},
                        {"undo": 9999},
                        {"undo": -1},
                        {"deal": [], "dealer": 9},
                        {"deal": ["AS"] * 60, "dealer": -1},
                        [0, ""],
                        [99, "draw stock"],
                        {"note": {"hand": -5, "ply": 2**40, "kind": "?", "text": ""}},
                        {"title": "\x1b[2J"},
                        [],
                        {},
                        None,
                        "x",
                        [0, "undo"],
                    )
                )
            )
            lines.insert(i, msgspec.json.encode(made_up))
    return b"\n".join(lines)


# -- bridge files ------------------------------------------------------------------------------------

PBN_LINES = (
    '[Dealer "Q"]',
    '[Vulnerable "XX"]',
    '[Deal "N:..."]',
    '[Contract "8NT"]',
    '[Declarer "Z"]',
    '[Auction "N"]\n1S X XX AP',
    '[Play "W"]\nSA - - -',
    '[Result "99"]',
    '[Scoring "Rubber"]',
    '[Board "-3"]',
    "{",
    "}",
    "[",
    "*",
    "%",
    '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432."]',
    '[Auction "S"]\n=1= 1C =2= P\n[Note "1:x"]',
    '[Play "N"]\n*',
    '[Event "\x1b]0;x\x07"]',
)


@st.composite
def pbn_inputs(draw: st.DrawFn) -> bytes:
    """Real and exported PBN files with text edits, lines of bad PBN spliced in, or byte edits."""
    seeds = pbn_texts()
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(byte_mutations(seeds))
    texts = [s.decode("latin-1") for s in seeds]
    text = draw(text_mutations(texts))
    if kind >= 2:
        lines = text.split("\n")
        for _ in range(draw(st.integers(1, 3))):
            lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(PBN_LINES)))
        text = "\n".join(lines)
    return text.encode(draw(st.sampled_from(("utf-8", "latin-1"))), "replace")


LIN_ITEMS = (
    "md|5SAKQ,,,|",
    "mb|9N|",
    "mb|p|mb|p|mb|p|mb|p|",
    "pc|SZ|",
    "mc|99|",
    "mc|-1|",
    "sv|q|",
    "pg||",
    "|||",
    "md|0|",
    "mb|1N!|an||",
    "pn|a|",
    "rh||ah|Board \x1b[2J|",
    "mc|13|",
    "md|4SA,SA,SA,SA|",
    "qx|o1|",
)


@st.composite
def lin_inputs(draw: st.DrawFn) -> str:
    text = draw(text_mutations(lin_texts()))
    if draw(st.booleans()):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + "".join(draw(st.lists(st.sampled_from(LIN_ITEMS), min_size=1, max_size=4))) + text[at:]
    return text


# -- share codes -------------------------------------------------------------------------------------

SHARE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@st.composite
def share_inputs(draw: st.DrawFn) -> str:
    """Share codes mistyped (a character changed, lost, doubled; the code cut short), or with their contents
    mutated behind a correct checksum (what a hand-made code looks like)."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        code = draw(st.sampled_from(share_codes()))
        chars = list(code)
        for _ in range(draw(st.integers(1, 3))):
            if not chars:
                break
            at = draw(st.integers(0, len(chars) - 1))
            op = draw(st.sampled_from(("set", "delete", "insert", "truncate")))
            if op == "set":
                chars[at] = draw(st.sampled_from(SHARE_ALPHABET + " .=+/é\x00"))
            elif op == "delete":
                del chars[at]
            elif op == "insert":
                chars.insert(at, draw(st.sampled_from(SHARE_ALPHABET)))
            else:
                del chars[at:]
        return "".join(chars)
    if kind == 1:
        payload = draw(byte_mutations([msgspec.msgpack.encode(p) for p in share_payloads()]))
        return wrap_share_payload(payload)
    if kind == 2:
        return wrap_share_payload(draw(st.binary(max_size=64)))
    return wrap_share_payload(_msgpack_encode(draw(value_mutations(share_payloads()))))


# -- lessons -----------------------------------------------------------------------------------------

LESSON_VALUES = (
    '""',
    "0",
    "-1",
    "99999",
    "true",
    "[]",
    "{}",
    '"nonsense"',
    '"AS"',
    '"draw stock"',
    '"1NT"',
    '"S"',
    '"\\u001b[2J"',
    "[[1]]",
    '["x", 1]',
    "1.5",
    '"""\nmulti\nline"""',
    '{ kind = "say" }',
)


@st.composite
def lesson_inputs(draw: st.DrawFn) -> tuple[str, str]:
    """(game, TOML text): shipped lessons with text edits or with the value of a ``key = value`` line replaced."""
    game, _name, text = draw(st.sampled_from(lesson_texts()))
    if draw(st.booleans()):
        return game, draw(text_mutations([text]))
    lines = text.split("\n")
    assignments = [i for i, ln in enumerate(lines) if "=" in ln and not ln.lstrip().startswith("#")]
    for _ in range(draw(st.integers(1, 3))):
        if not assignments:
            break
        i = draw(st.sampled_from(assignments))
        keyname = lines[i].split("=", 1)[0]
        lines[i] = f"{keyname}= {draw(st.sampled_from(LESSON_VALUES))}"
    if draw(st.booleans()):
        lines.insert(
            draw(st.integers(0, len(lines))),
            draw(
                st.sampled_from(
                    ("[[steps]]", 'kind = "quiz"', "unknown = 1", "[position]", 'deal = "x"', '[[steps]]\nkind = "move"')
                )
            ),
        )
    return game, "\n".join(lines)


# -- scorepad input ----------------------------------------------------------------------------------

SCORE_WORDS = {
    "bridge": ("1C", "3NT", "4S", "7N", "2HX", "6DXX", "9S", "0NT", "4S*", "N", "E", "S", "W", "points", "NS", "EW"),
    "canasta": ("players", "side", "canasta", "meld", "red3", "hand", "out", "opened", "no", "yes", "NS", "EW", "South", "North"),
    "burraco": ("players", "NS", "EW", "meld", "hand", "closed", "pozzetto", "none", "South", "North", "-"),
    "rummy": ("players", "closer", "rummy", "yes", "no", "P1", "P2", "P3", "P4", "P7", "-"),
    "eleusis": ("players", "dealer", "wrong", "left", "P1", "P2", "P3", "P2=11", "P9=1", "P1=-3"),
}
SCORE_ARGS = (
    "K",
    "Q",
    "J",
    "10",
    "T",
    "9",
    "7",
    "3",
    "2",
    "A",
    "JK",
    "KH",
    "5H",
    "6H",
    "7H",
    "AS",
    "3D",
    "3H",
    "QS",
    "2C",
    "ZZ",
    "0",
    "1",
    "2",
    "4",
    "7",
    "11",
    "13",
    "-1",
    "-5",
    "450",
    "99999999999999999999",
    "1e9",
    "0x10",
    "½",
    "NaN",
    "inf",
    "",
    "#",
    "points",
    "---",
    "P1",
    "P2",
    "NS",
    "EW",
    "=",
    "\x1b[2J",
    "\x00",
    "é",
)


@st.composite
def score_inputs(draw: st.DrawFn, game: str) -> str:
    """Lines a player might type to score a hand: the game's keywords with arguments, `points` lines, `---`."""
    words = SCORE_WORDS[game]
    lines = []
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            lines.append("---")
        elif kind == 1:
            lines.append(draw(st.text(max_size=30)))
        elif kind == 2:
            lines.append("points " + " ".join(draw(st.lists(st.sampled_from(SCORE_ARGS + words), max_size=6))))
        else:
            head = draw(st.sampled_from(words))
            lines.append(" ".join([head, *draw(st.lists(st.sampled_from(SCORE_ARGS + words), max_size=9))]))
    return "\n".join(lines)


@functools.cache
def option_keys(game: str) -> tuple[str, ...]:
    from cardcli.engine.registry import load

    g = load(game)
    return tuple(sorted(msgspec.to_builtins(g.presets[g.default_preset])))


OPTION_VALUES = ("0", "-1", "1", "2", "99999", "yes", "no", "true", "x", "", "1.5", "none", "all", "high")


@st.composite
def score_commands(draw: st.DrawFn) -> tuple[list[str], str]:
    """`cardcli score GAME` arguments (players, rule options, a scorepad match) and the typed hand."""
    game = draw(st.sampled_from(GAMES))
    args = ["score", game]
    if draw(st.integers(0, 3)) == 0:
        args += ["--players", str(draw(st.integers(2, 8)))]
    if draw(st.integers(0, 4)) == 0:
        args += ["-o", f"{draw(st.sampled_from(option_keys(game)))}={draw(st.sampled_from(OPTION_VALUES))}"]
    if draw(st.integers(0, 3)) == 0:
        args += ["--json"]
    if draw(st.integers(0, 4)) == 0:
        args += ["--match", "fuzz"]
        if draw(st.booleans()):
            args += ["--names", draw(st.sampled_from(("Ada,Bea", "Ada,Bea,Cy,Di", "A,A", ",", "x" * 50)))]
    return args, draw(score_inputs(game))


# -- the eleusis rule language -----------------------------------------------------------------------

ELR_ATOMS = (
    "c",
    "p1",
    "p2",
    "rank(c)",
    "suit(c)",
    "color(c)",
    "rank(p1)",
    "suit(p1)",
    "color(p2)",
    "phase(3)",
    "1",
    "7",
    "13",
    "0",
    "99",
    "S",
    "H",
    "red",
    "black",
    "true",
    "false",
    "{1, 3, 5}",
    "{S, H}",
    "2..9",
    "abs(rank(c) - rank(p1))",
    "parity(c)",
    "even",
    "odd",
)
ELR_BINARY = ("==", "!=", "<", "<=", ">", ">=", "+", "-", "%", "in", "and", "or", "..")
ELR_UNARY = ("not ", "red(", "black(", "face(", "prime(", "abs(", "rank(", "suit(", "-")


@st.composite
def elr_expressions(draw: st.DrawFn, depth: int = 0) -> str:
    if depth > 3 or draw(st.integers(0, 2)) == 0:
        return draw(st.sampled_from(ELR_ATOMS))
    kind = draw(st.integers(0, 3))
    if kind == 0:
        op = draw(st.sampled_from(ELR_UNARY))
        inner = draw(elr_expressions(depth + 1))
        return f"{op}{inner}{')' if op.endswith('(') else ''}"
    if kind == 1:
        return (
            f"if {draw(elr_expressions(depth + 1))} then {draw(elr_expressions(depth + 1))} "
            f"else {draw(elr_expressions(depth + 1))}"
        )
    if kind == 2:
        return f"({draw(elr_expressions(depth + 1))})"
    return f"{draw(elr_expressions(depth + 1))} {draw(st.sampled_from(ELR_BINARY))} {draw(elr_expressions(depth + 1))}"


@st.composite
def elr_rules(draw: st.DrawFn) -> str:
    """Rule texts: made from the grammar (modes, `when`, `on`, `announce`), or the library's rules edited."""
    from cardcli.games.eleusis.library import LIBRARY

    if draw(st.integers(0, 2)) == 0:
        return draw(text_mutations([r.text for r in LIBRARY] + [r.source for r in LIBRARY]))
    parts = []
    if draw(st.booleans()):
        modes = draw(st.lists(st.sampled_from(("a", "b", "up", "down")), min_size=1, max_size=3, unique=True))
        parts.append("modes: " + ", ".join(modes))
        for m in modes:
            if draw(st.booleans()):
                parts.append(f"when {m}: {draw(elr_expressions())}")
        for _ in range(draw(st.integers(0, 2))):
            parts.append(f"on {draw(elr_expressions())}: {draw(st.sampled_from([*modes, 'next', 'zz']))}")
    if draw(st.integers(0, 3)) > 0 and not (parts and draw(st.booleans())):
        parts.append(f"accept: {draw(elr_expressions())}")
    if draw(st.integers(0, 3)) == 0:
        parts.append(f'announce: "{draw(st.text(max_size=10))}"')
    return draw(st.sampled_from(("; ", "\n", ";"))).join(parts)


# -- piped terminal input ----------------------------------------------------------------------------

PLAY_COMMANDS = (
    "help",
    "hint",
    "moves",
    "undo",
    "redo",
    "d",
    "t",
    "score",
    "tricks",
    "melds",
    "rules",
    "why",
    "save",
    "quit",
    "q",
    "",
    " ",
    "draw",
    "draw stock",
    "draw discard",
    "discard",
    "discard AS",
    "meld",
    "meld AS AS AS",
    "lay",
    "pass",
    "P",
    "X",
    "XX",
    "1NT",
    "7N",
    "8C",
    "play",
    "play AS",
    "claim",
    "claim 13",
    "claim 99",
    "concede",
    "pick",
    "take",
    "go out",
    "guess accept: red(c)",
    "fair accept: true",
    "fair accept: (((",
    "declare",
    "no play",
    "AS",
    "JK",
    "10H",
    "?",
    "!",
    "seat",
    "title x",
    "review",
    "\t",
    "accept: rank(c) > 7",
    "rule accept: red(c)",
)


def _safe_line(line: bytes) -> bytes:
    """A typed line that cannot write outside the test's folder (`save FILE` with a random path)."""
    words = line.split()
    if words and words[0].lower().strip(b"\x00") in (b"save", b"export", b"record", b"write", b"s"):
        return b"save"
    return line


@st.composite
def piped_play(draw: st.DrawFn) -> tuple[str, str, bytes]:
    """(game, seed, stdin bytes): hint-following moves mixed with commands, junk, control bytes, bad UTF-8."""
    game = draw(st.sampled_from(GAMES))
    seed = draw(st.sampled_from(("1", "2", "3")))
    moves = hinted(game, seed, 10 if game in ("bridge", "eleusis") else 40)  # bridge's hints solve: slow
    lines: list[bytes] = []
    follow = 0
    for _ in range(draw(st.integers(0, 25))):
        kind = draw(st.integers(0, 7))
        if kind <= 2 and follow < len(moves):
            lines.append(moves[follow].encode())
            follow += 1
        elif kind <= 4:
            lines.append(draw(st.sampled_from(PLAY_COMMANDS)).encode())
        elif kind == 5:
            lines.append(draw(st.text(max_size=20)).encode("utf-8", "surrogatepass"))
        elif kind == 6:
            lines.append(draw(st.binary(max_size=12)))
        else:
            lines.append(draw(st.sampled_from(PLAY_COMMANDS)).encode() + draw(st.sampled_from(INTERESTING_BYTES)))
    data = b"\n".join(_safe_line(ln) for ln in b"\n".join(lines).split(b"\n"))
    ending = draw(st.sampled_from((b"\n", b"", b"\nquit\n", b"\r\n", b"\x04")))
    return game, seed, data + ending
