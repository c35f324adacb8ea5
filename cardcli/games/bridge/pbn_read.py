"""PBN reader: a linear, total tokenizer, and the deal of a game (:mod:`.pbn_import` makes the hands).

Read from the PBN 2.1 text (rules digest §3.2): tag pairs ``[Name "value"]``,
sections (the tokens after ``Auction``, ``Play`` and ``…Table`` tags), ``{}``
comments (possibly over several lines; a comment never ends a game), ``;``
comments to the end of the line, ``%`` lines (directives, among them the
character set), ``#`` (same value as in the previous game), ``AP``, notes
``=n=`` and suffixes ``!``/``?``. Games are separated by an empty line (or a line
of blanks), or a repeated ``Event`` tag. What the import writes back is kept:
the tags in their order, the notes, the comments where they stand, the lines
of tables (``OptimumResultTable`` …).

What files from other programs do is read as they mean it, and said in the
game's ``remarks``: a comment with braces inside ends at its matching ``}`` (BBO's
vugraph commentary), a ``}`` with no ``{`` is skipped, and a game that leaves out
the tags of the game before (the other table of the same board: no Board, Dealer,
Vulnerable or Deal) takes them from it, as PBN's ``#`` would. A tag given twice
with two values is kept as a conflict, which the import refuses.

The tokenizer looks at every character at most a bounded number of times and
always advances: an unclosed ``[``, ``"`` or ``{`` (a truncated download), a NUL
or any other junk is one :class:`PbnError` naming the line, never a hang.

Files are UTF-8 when they say so (``%Content-type: …; charset=UTF-8``, or a
UTF-8 byte-order mark), ISO-8859-1 when they say so; otherwise UTF-8 when the
bytes are valid UTF-8 and ISO-8859-1 (the PBN default) when not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardcli.engine.cards import Card
from cardcli.games.bridge.auction import SEATS
from cardcli.games.bridge.config import VUL_CODES
from cardcli.i18n import _

RANKS_DESC = "AKQJT98765432"
PBN_SUITS = "SHDC"
VUL_PBN = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}


class PbnError(ValueError):
    """A PBN file cardcli cannot use; the message names the game and the problem."""


# -- bytes → text --------------------------------------------------------------------------------------

_CHARSET = re.compile(rb"charset\s*=\s*\"?([A-Za-z0-9_.:-]+)", re.IGNORECASE)


def decode_pbn(data: bytes) -> str:
    """PBN bytes as text: the declared charset, else UTF-8 when valid, else ISO-8859-1 (the PBN default)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
        declared: str | None = "utf-8"
    else:
        declared = None
        for line in data[:4096].splitlines():
            if line.startswith(b"%"):
                m = _CHARSET.search(line)
                if m:
                    declared = m.group(1).decode("ascii").lower()
                    break
    if declared in ("utf-8", "utf8"):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as err:
            at = data[: err.start].count(b"\n") + 1
            raise PbnError(
                _("line {line}: the file says it is UTF-8, but byte {byte} is not UTF-8").format(line=at, byte=err.start + 1)
            ) from None
    if declared in ("iso-8859-1", "iso8859-1", "latin-1", "latin1", "iso_8859-1", "windows-1252", "cp1252"):
        return data.decode("cp1252" if declared in ("windows-1252", "cp1252") else "latin-1")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# -- text → games ----------------------------------------------------------------------------------------

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_TOKEN = re.compile(r"[^\s\[\]{};]+")
_BRACE = re.compile(r"[{}]")
_TAG_LINES = 6
"""The most lines one tag may be spread over (import format allows a token per line)."""
_UNESCAPE = re.compile(r'\\(["\\])')
"""PBN escapes only a quote and a backslash in a string; any other backslash is the string's own
(``OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"``)."""
_SECTIONS = ("Auction", "Play")


@dataclass
class PbnGame:
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    """Tokens following a section tag (Auction, Play, …Table)."""
    rows: dict[str, list[str]] = field(default_factory=dict)
    """The lines of each section as the file writes them (kept for sections cardcli writes back as they were)."""
    notes: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    """The game's tags in the file's order (``Note`` once per note), what a writer follows to give the game back."""
    comments: list[tuple[str, int, str]] = field(default_factory=list)
    """``{}`` comments: (the section they are in, or "" among the tags; tokens of that section (tags of the
    game) before them; the text)."""
    conflicts: list[tuple[str, str, str]] = field(default_factory=list)
    """A tag given twice with two values: (name, first value, second value). The import refuses the game."""
    remarks: list[str] = field(default_factory=list)
    """What the reader tolerated in this game (a stray brace), for the import's notes."""
    inherited: list[str] = field(default_factory=list)
    """Tags the game leaves out and takes from the game before it (the other table of the same board)."""
    line: int = 0
    """The line the game starts on."""
    number: int = 0
    """Its number in the file (1 for the first game)."""


def _balanced(lines: Sequence[str], i: int, pos: int) -> tuple[int, int] | None:
    """Where a comment opening at ``lines[i][pos]`` ends when its braces nest (``{West led the {K}, …}``,
    as BBO's vugraph commentary writes it): (line, position after its ``}``), or None when they do not
    balance before a blank line, a tag at the start of a line or the end of the file."""
    depth = 0
    line = lines[i]
    while True:
        m = _BRACE.search(line, pos)
        while m is not None:
            depth += 1 if m.group() == "{" else -1
            if depth == 0:
                return i, m.end()
            m = _BRACE.search(line, m.end())
        i += 1
        if i >= len(lines) or not lines[i].strip() or lines[i].lstrip().startswith("["):
            return None
        line, pos = lines[i], 0


def parse_games(text: str) -> list[PbnGame]:
    """Split PBN text into games of tags, section tokens, notes and comments (directives dropped).

    Linear in the length of the text; a malformed tag or an unclosed comment is a
    :class:`PbnError` naming its line.
    """
    games: list[PbnGame] = []
    cur: PbnGame | None = None
    section: str | None = None
    comment_from = 0  # the line an open {comment} started on (0: none open)
    comment_text: list[str] = []
    unbalanced = -1  # a balanced reading failed up to this line: comments before it take PBN's rule
    pending: list[str] = []  # remarks made before the game they belong to started
    lines = text.splitlines()
    number = 0

    def game() -> PbnGame:
        nonlocal cur
        if cur is None:
            cur = PbnGame(line=number)
            cur.remarks.extend(pending)
            pending.clear()
        return cur

    def remark(message: str) -> None:
        (cur.remarks if cur is not None else pending).append(message)

    def comment(body: str) -> None:
        body = body.strip()
        if body:
            g = game()
            g.comments.append((section or "", len(g.sections[section]) if section else len(g.order), body))

    while number < len(lines):
        line = lines[number]
        number += 1
        if not comment_from:
            if line.startswith("%"):
                continue
            if not line.strip():
                if cur is not None and (cur.tags or cur.notes):
                    games.append(cur)
                    cur = None
                    section = None
                continue
        pos, end = 0, len(line)
        if comment_from:
            comment_text.append("")  # the comment's text on this line
        while pos < end:
            if comment_from:
                m = _BRACE.search(line, pos)
                if m is None:
                    comment_text[-1] += line[pos:]
                    break
                if m.group() == "{":
                    comment_text[-1] += line[pos : m.end()]
                    pos = m.end()
                    continue
                comment_text[-1] += line[pos : m.start()]
                comment("\n".join(t.strip() for t in comment_text))
                comment_from, comment_text = 0, []
                pos = m.end()
                continue
            ch = line[pos]
            if ch in " \t\f\v":
                pos += 1
            elif ch == "{":
                here = number - 1
                end_at = _balanced(lines, here, pos) if here > unbalanced and line is lines[here] else None
                if end_at is None:  # PBN's rule: the comment ends at the first }
                    if here > unbalanced and line is lines[here]:
                        unbalanced = next(
                            (k for k in range(here + 1, len(lines)) if not lines[k].strip() or lines[k].lstrip().startswith("[")),
                            len(lines),
                        )
                    comment_from = number
                    comment_text = [""]
                    pos += 1
                    continue
                stop, after = end_at
                body = [line[pos + 1 :]] if stop > here else [line[pos + 1 : after - 1]]
                if stop > here:
                    body += lines[here + 1 : stop] + [lines[stop][: after - 1]]
                if _BRACE.search("".join(body)):
                    remark(_("line {line}: a comment that holds {{ }} read to its matching }}").format(line=number))
                comment("\n".join(t.strip() for t in body))
                if stop > here:
                    number = stop + 1
                    line = lines[stop]
                    end = len(line)
                pos = after
            elif ch == ";":
                break
            elif ch == "[":
                m = _TAG.match(line, pos)
                if m is None and "]" not in line[pos:] and '"' not in line[pos:]:
                    # import format may spread one tag's tokens over a few lines: read them as one line
                    more = lines[number : number + _TAG_LINES]
                    stop = next((i for i, x in enumerate(more) if not x.strip()), len(more))
                    m = _TAG.match(" ".join([line[pos:], *more[:stop]]))
                    if m is not None:  # the lines the tag takes, then the rest of its last line, as one line
                        taken = next(k for k in range(stop + 1) if len(" ".join([line[pos:], *more[:k]])) >= m.end())
                        line = " ".join([line[pos:], *more[:taken]])
                        number += taken
                        pos, end = 0, len(line)
                if m is None:
                    tag = _clip(line[pos : pos + 30])
                    if line.find("]", pos) < 0:
                        raise PbnError(_("line {line}: the tag {tag} is not closed").format(line=number, tag=tag))
                    raise PbnError(
                        _("line {line}: the tag {tag} is not of the form {form}").format(
                            line=number, tag=tag, form='[Name "value"]'
                        )
                    )
                name, value = m.group(1), _UNESCAPE.sub(r"\1", m.group(2))
                if "\x00" in value:
                    raise PbnError(_("line {line}: a NUL byte in the {tag} tag (not a text file?)").format(line=number, tag=name))
                if cur is not None and name == "Event" and name in cur.tags:
                    # a repeated Event starts a new game when no blank line separated them
                    games.append(cur)
                    cur = None
                g = game()
                if name == "Note":
                    g.notes.append(value)
                    g.order.append(name)
                elif name in g.tags:
                    if g.tags[name] != value:
                        g.conflicts.append((name, g.tags[name], value))
                else:
                    g.tags[name] = value
                    g.order.append(name)
                section = name if name in _SECTIONS or name.endswith("Table") else None
                if section:
                    g.sections[section] = []
                    g.rows[section] = []
                pos = m.end()
            elif ch == "}":
                remark(_("line {line}: a }} with no {{ before it was skipped").format(line=number))
                pos += 1
            elif ch == "]":
                raise PbnError(_("line {line}: an unexpected {char}").format(line=number, char=repr(ch)))
            elif ch == "\x00":
                raise PbnError(_("line {line}: a NUL byte (not a text file?)").format(line=number))
            else:
                m = _TOKEN.match(line, pos)
                if m is None:  # a character the token pattern refuses: step over it
                    pos += 1
                    continue
                if cur is not None and section is not None:
                    cur.sections[section].append(m.group())
                pos = m.end()
        if (
            cur is not None
            and section is not None
            and not comment_from
            and line.strip()
            and not line.lstrip().startswith(("[", "{"))
        ):
            cur.rows[section].append(line.strip())
    if comment_from:
        raise PbnError(_("line {line}: a {{comment}} that is never closed").format(line=comment_from))
    if cur is not None and (cur.tags or cur.notes):
        games.append(cur)
    for i, g in enumerate(games, 1):
        g.number = i
    _inherit(games)
    return games


_NOT_INHERITED = frozenset(
    {
        "Declarer",
        "Contract",
        "Result",
        "Auction",
        "Play",
        "Note",
        "West",
        "North",
        "East",
        "South",
        "Room",
        "Table",
        "Score",
        "ScoreIMP",
        "ScoreMP",
        "ScorePercentage",
        "ScoreRubber",
        "Claim",
        "Annotator",
        "Time",
        "Termination",
        "Mode",
        "BidSystemEW",
        "BidSystemNS",
        "Application",
        "Generator",
        "Seed",
        "RubberScore",
    }
)
"""Tags that belong to one table's play of a board, never taken from another table's game."""


def _inherit(games: list[PbnGame]) -> None:
    """``#`` means the previous game's value; a game with moves but no deal is the other table of the
    board before (files list each board once, then its other tables with their own names, auction and
    play only): it takes the tags it leaves out from that game, except those of one table's play."""
    for prev, g in zip(games, games[1:]):
        for k, v in g.tags.items():
            if v == "#" and k in prev.tags:
                g.tags[k] = prev.tags[k]
        if (
            "Deal" not in g.tags
            and "Deal" in prev.tags
            and ("Auction" in g.sections or "Play" in g.sections or "Contract" in g.tags)
        ):
            taken = [
                k
                for k in prev.tags
                if k not in g.tags and k not in _NOT_INHERITED and (not k.endswith("Table") or k == "OptimumResultTable")
            ]
            for k in taken:
                g.tags[k] = prev.tags[k]
                if k in prev.rows and k not in g.rows:
                    g.rows[k] = list(prev.rows[k])
                    g.sections[k] = list(prev.sections.get(k, []))
            g.inherited = taken


def _game(g: PbnGame) -> str:
    """How messages name a game: by its number in the file, and its board's when it has one."""
    board = g.tags.get("Board", "").strip()
    if board and board != "?" and len(board) <= 12:
        return _("game {number} (board {board})").format(number=g.number, board=board)
    return _("game {number}").format(number=g.number)


_SEAT_NAMES = dict(zip("NESW", SEATS))
"""The seat letters for messages that list them (notation, never translated)."""


def _clip(text: str) -> str:
    return repr(text if len(text) < 30 else text[:27] + "...")


def parse_deal(value: str, where: str) -> list[list[Card]]:
    """``N:AKQ.... ....`` → four hands by seat (N E S W); checks 52 distinct cards, 13 per hand."""
    v = value.strip()
    if len(v) < 2 or v[1] != ":" or v[0].upper() not in SEATS:
        raise PbnError(
            _("{where}: the Deal tag must start with {N}:, {E}:, {S}: or {W}: (got {value})").format(
                where=where, value=repr(value[:12]), **_SEAT_NAMES
            )
        )
    first = SEATS.index(v[0].upper())
    parts = v[2:].split()
    if len(parts) != 4:
        raise PbnError(_("{where}: the Deal tag needs four hands, found {n}").format(where=where, n=len(parts)))
    hands: list[list[Card] | None] = [None] * 4
    seen: dict[str, str] = {}
    for i, part in enumerate(parts):
        seat = (first + i) % 4
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4:
            raise PbnError(
                _("{where}: {seat}'s hand {hand} needs four suits separated by dots").format(
                    where=where, seat=SEATS[seat], hand=repr(part)
                )
            )
        cards: list[Card] = []
        for s, ranks in zip(PBN_SUITS, suits):
            for r in ranks.upper().replace("10", "T"):
                if r not in RANKS_DESC:
                    raise PbnError(
                        _("{where}: {rank} in {seat}'s hand is not a rank").format(where=where, rank=repr(r), seat=SEATS[seat])
                    )
                c = Card(r + s)
                if c in seen:
                    raise PbnError(
                        _("{where}: {card} is dealt twice ({seat} and {other})").format(
                            where=where, card=c, seat=seen[c], other=SEATS[seat]
                        )
                    )
                seen[c] = SEATS[seat]
                cards.append(c)
        if len(cards) != 13:
            raise PbnError(_("{where}: {seat} has {n} cards, not 13").format(where=where, seat=SEATS[seat], n=len(cards)))
        hands[seat] = cards
    missing = [i for i, h in enumerate(hands) if h is None]
    if len(missing) > 1:
        raise PbnError(
            _("{where}: the Deal tag leaves {n} hands unknown; cardcli needs the whole deal").format(where=where, n=len(missing))
        )
    if missing:
        rest = [Card(r + s) for s in PBN_SUITS for r in RANKS_DESC if r + s not in seen]
        hands[missing[0]] = rest
    if len(seen) + (13 if missing else 0) != 52:
        raise PbnError(_("{where}: the deal does not hold the 52 distinct cards").format(where=where))
    return [list(h) for h in hands if h is not None]


def deck_for(hands: Sequence[Sequence[Card]], dealer: int) -> list[Card]:
    """A deck order that :meth:`BridgeGame.start_hand` deals into exactly these hands."""
    pools = [sorted(h, key=lambda c: (PBN_SUITS.index(c[1]), RANKS_DESC.index(c[0]))) for h in hands]
    idx = [0, 0, 0, 0]
    deck: list[Card] = []
    for i in range(52):
        seat = (dealer + 1 + i) % 4
        deck.append(pools[seat][idx[seat]])
        idx[seat] += 1
    return deck


def _dealer_of(g: PbnGame, where: str) -> int:
    """The Dealer tag: exactly one of N, E, S, W (``ESW`` is an error, not East). With none given (no tag,
    or an empty or unknown ``?`` value, as in hand records for a solver): the board number's dealer in
    the standard rotation, else the first hand of the Deal tag."""
    raw = g.tags.get("Dealer")
    if raw is None or raw.strip() in ("", "?"):
        board = g.tags.get("Board", "").strip()
        if board.isdigit() and int(board) > 0:
            return (int(board) - 1) % 4  # the standard board rotation
        first = g.tags.get("Deal", "").strip()[:2].upper()
        if len(first) == 2 and first[0] in SEATS and first[1] == ":":
            return SEATS.index(first[0])
    d = (raw or "").strip().upper()
    if len(d) != 1 or d not in SEATS:
        raise PbnError(
            _("{where}: the Dealer tag must be {N}, {E}, {S} or {W} (got {value})").format(
                where=where, value=repr(raw or ""), **_SEAT_NAMES
            )
        )
    return SEATS.index(d)


def _vul_of(g: PbnGame, where: str) -> tuple[bool, bool]:
    raw = g.tags.get("Vulnerable")
    if raw is None or raw.strip() in ("", "?"):  # none given: the board number's, else nobody
        from cardcli.games.bridge.config import BOARD_VUL

        board = g.tags.get("Board", "").strip()
        return BOARD_VUL[(int(board) - 1) % 16] if board.isdigit() and int(board) > 0 else (False, False)
    vul = VUL_CODES.get(raw.strip().lower())
    if vul is None:
        raise PbnError(
            _("{where}: unknown Vulnerable value {value} ({values}; also {aliases})").format(
                where=where, value=repr(raw), values="None, NS, EW, All", aliases="Love, -, Both"
            )
        )
    return vul
