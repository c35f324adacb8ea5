"""PBN reader: a linear, total tokenizer and the import of PBN games into cardcli hands.

Read from the PBN 2.1 text (rules digest §3.2): tag pairs ``[Name "value"]``,
sections (the tokens after ``Auction``, ``Play`` and ``…Table`` tags), ``{}``
comments (possibly over several lines; a comment never ends a game), ``;``
comments to the end of the line, ``%`` lines (directives, among them the
character set), ``#`` (same value as in the previous game), ``AP``, notes
``=n=`` and suffixes ``!``/``?``. Games are separated by an empty line, or a
repeated ``Event`` tag.

The tokenizer looks at every character at most a bounded number of times and
always advances: an unclosed ``[``, ``"`` or ``{`` (a truncated download), a NUL
or any other junk is one :class:`PbnError` naming the line, never a hang.

Files are UTF-8 when they say so (``%Content-type: …; charset=UTF-8``, or a
UTF-8 byte-order mark), ISO-8859-1 when they say so; otherwise UTF-8 when the
bytes are valid UTF-8 and ISO-8859-1 (the PBN default) when not.

How a file maps to cardcli (:func:`import_pbn`):

* games with ``[Scoring "Rubber"]`` (cardcli's own exports) are a rubber: the
  dealer moves clockwise and vulnerability comes from games won; a deal that
  does not follow the rotation is refused;
* any other file (tournament and duplicate boards, hand records, ``IMP``,
  ``MP`` …) is a set of independent deals: the ``deals`` preset, whose
  ``deals`` option lists each game's own dealer and vulnerability, every deal
  scored on its own;
* a board with its cards only (no auction, contract or play: a dealer's or
  double-dummy hand record, ``cardcli deal --format pbn``) is imported as a hand
  still to be played. A replay can hold only one unfinished hand, its last, so
  a file with several such boards becomes several matches
  (:func:`import_pbn_matches`), one per board still to play; so does an auction
  that stops (a table that left);
* what files from other programs leave out: no dealer (or ``""``, ``?``) is the
  board number's dealer, else the Deal tag's first hand; no vulnerability is the
  board number's, else none; an empty Play tag is no play; ``*`` after a call is
  an alert; a tag's tokens may be spread over a few lines (import format);
* a game with no deal and no moves (a heading) is skipped; in a set of deals, a
  board whose deal cannot be read (a bidding problem's lone hand) is left out,
  and ``replay import`` says which; errors name games by their number in the file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

from cardcli.engine.cards import Card
from cardcli.engine.fold import FoldError, Table
from cardcli.engine.game import ImportedMatch, RecordedHand
from cardcli.games.bridge.auction import SEATS
from cardcli.games.bridge.config import PRESETS, VUL_CODES, BridgeConfig
from cardcli.i18n import _

if TYPE_CHECKING:
    from cardcli.games.bridge.rules import BridgeGame
    from cardcli.games.bridge.state import BridgeState

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
            at = data[:err.start].count(b"\n") + 1
            raise PbnError(_("line {line}: the file says it is UTF-8, but byte {byte} is not UTF-8").format(
                line=at, byte=err.start + 1)) from None
    if declared in ("iso-8859-1", "iso8859-1", "latin-1", "latin1", "iso_8859-1", "windows-1252", "cp1252"):
        return data.decode("cp1252" if declared in ("windows-1252", "cp1252") else "latin-1")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# -- text → games ----------------------------------------------------------------------------------------

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_TOKEN = re.compile(r'[^\s\[\]{};]+')
_TAG_LINES = 6
"""The most lines one tag may be spread over (import format allows a token per line)."""
_UNESCAPE = re.compile(r"\\(.)")
_SECTIONS = ("Auction", "Play")


@dataclass
class PbnGame:
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    """Tokens following a section tag (Auction, Play, …)."""
    notes: list[str] = field(default_factory=list)
    line: int = 0
    """The line the game starts on."""
    number: int = 0
    """Its number in the file (1 for the first game)."""


def parse_games(text: str) -> list[PbnGame]:
    """Split PBN text into games of tags and section tokens (comments and directives dropped).

    Linear in the length of the text; a malformed tag or an unclosed comment is a
    :class:`PbnError` naming its line.
    """
    games: list[PbnGame] = []
    cur: PbnGame | None = None
    section: str | None = None
    comment_from = 0  # the line an open {comment} started on (0: none open)
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        line = lines[number]
        number += 1
        if not comment_from:
            if line.startswith("%"):
                continue
            if not line.strip():
                if cur is not None and cur.tags:
                    games.append(cur)
                    cur = None
                    section = None
                continue
        pos, end = 0, len(line)
        while pos < end:
            if comment_from:
                close = line.find("}", pos)
                if close < 0:
                    break
                comment_from = 0
                pos = close + 1
                continue
            ch = line[pos]
            if ch in " \t\f\v":
                pos += 1
            elif ch == "{":
                comment_from = number
                pos += 1
            elif ch == ";":
                break
            elif ch == "[":
                m = _TAG.match(line, pos)
                if m is None and "]" not in line[pos:] and '"' not in line[pos:]:
                    # import format may spread one tag's tokens over a few lines: read them as one line
                    more = lines[number:number + _TAG_LINES]
                    stop = next((i for i, x in enumerate(more) if not x.strip()), len(more))
                    m = _TAG.match(" ".join([line[pos:], *more[:stop]]))
                    if m is not None:  # the lines the tag takes, then the rest of its last line, as one line
                        taken = next(k for k in range(stop + 1) if len(" ".join([line[pos:], *more[:k]])) >= m.end())
                        line = " ".join([line[pos:], *more[:taken]])
                        number += taken
                        pos, end = 0, len(line)
                if m is None:
                    tag = _clip(line[pos:pos + 30])
                    if line.find("]", pos) < 0:
                        raise PbnError(_("line {line}: the tag {tag} is not closed").format(line=number, tag=tag))
                    raise PbnError(_("line {line}: the tag {tag} is not of the form {form}").format(
                        line=number, tag=tag, form='[Name "value"]'))
                name, value = m.group(1), _UNESCAPE.sub(r"\1", m.group(2))
                if "\x00" in value:
                    raise PbnError(_("line {line}: a NUL byte in the {tag} tag (not a text file?)").format(
                        line=number, tag=name))
                if cur is None:
                    cur = PbnGame(line=number)
                if name == "Note":
                    cur.notes.append(value)
                else:
                    if name == "Event" and name in cur.tags:
                        # a repeated Event starts a new game when no blank line separated them
                        games.append(cur)
                        cur = PbnGame(line=number)
                    cur.tags[name] = value
                section = name if name in _SECTIONS or name.endswith("Table") else None
                if section:
                    cur.sections[section] = []
                pos = m.end()
            elif ch in "]}":
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
    if comment_from:
        raise PbnError(_("line {line}: a {{comment}} that is never closed").format(line=comment_from))
    if cur is not None and cur.tags:
        games.append(cur)
    for i, g in enumerate(games, 1):
        g.number = i
    # "#" means: the same value as in the previous game
    for i in range(1, len(games)):
        for k, v in games[i].tags.items():
            if v == "#" and k in games[i - 1].tags:
                games[i].tags[k] = games[i - 1].tags[k]
    return games


def _game(g: PbnGame) -> str:
    """How messages name a game: by its number in the file."""
    return _("game {number}").format(number=g.number)


_SEAT_NAMES = dict(zip("NESW", SEATS))
"""The seat letters for messages that list them (notation, never translated)."""


def _clip(text: str) -> str:
    return repr(text if len(text) < 30 else text[:27] + "...")


def parse_deal(value: str, where: str) -> list[list[Card]]:
    """``N:AKQ.... ....`` → four hands by seat (N E S W); checks 52 distinct cards, 13 per hand."""
    v = value.strip()
    if len(v) < 2 or v[1] != ":" or v[0].upper() not in SEATS:
        raise PbnError(_("{where}: the Deal tag must start with {N}:, {E}:, {S}: or {W}: (got {value})").format(
            where=where, value=repr(value[:12]), **_SEAT_NAMES))
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
            raise PbnError(_("{where}: {seat}'s hand {hand} needs four suits separated by dots").format(
                where=where, seat=SEATS[seat], hand=repr(part)))
        cards: list[Card] = []
        for s, ranks in zip(PBN_SUITS, suits):
            for r in ranks.upper().replace("10", "T"):
                if r not in RANKS_DESC:
                    raise PbnError(_("{where}: {rank} in {seat}'s hand is not a rank").format(
                        where=where, rank=repr(r), seat=SEATS[seat]))
                c = Card(r + s)
                if c in seen:
                    raise PbnError(_("{where}: {card} is dealt twice ({seat} and {other})").format(
                        where=where, card=c, seat=seen[c], other=SEATS[seat]))
                seen[c] = SEATS[seat]
                cards.append(c)
        if len(cards) != 13:
            raise PbnError(_("{where}: {seat} has {n} cards, not 13").format(
                where=where, seat=SEATS[seat], n=len(cards)))
        hands[seat] = cards
    missing = [i for i, h in enumerate(hands) if h is None]
    if len(missing) > 1:
        raise PbnError(_("{where}: the Deal tag leaves {n} hands unknown; cardcli needs the whole deal").format(
            where=where, n=len(missing)))
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
        raise PbnError(_("{where}: the Dealer tag must be {N}, {E}, {S} or {W} (got {value})").format(
            where=where, value=repr(raw or ""), **_SEAT_NAMES))
    return SEATS.index(d)


def _vul_of(g: PbnGame, where: str) -> tuple[bool, bool]:
    raw = g.tags.get("Vulnerable")
    if raw is None or raw.strip() in ("", "?"):  # none given: the board number's, else nobody
        from cardcli.games.bridge.config import BOARD_VUL

        board = g.tags.get("Board", "").strip()
        return BOARD_VUL[(int(board) - 1) % 16] if board.isdigit() and int(board) > 0 else (False, False)
    vul = VUL_CODES.get(raw.strip().lower())
    if vul is None:
        raise PbnError(_("{where}: unknown Vulnerable value {value} ({values}; also {aliases})").format(
            where=where, value=repr(raw), values="None, NS, EW, All", aliases="Love, -, Both"))
    return vul


def _base_config(tags: dict[str, str], deals: bool) -> tuple[str, BridgeConfig]:
    preset = tags.get("CardcliPreset") or ("deals" if deals else "rubber")
    if preset not in PRESETS:
        preset = "deals" if deals else "rubber"
    config = PRESETS[preset]
    rules = tags.get("CardcliRules", "").split()
    if rules:
        data = msgspec.to_builtins(config)
        for item in rules:
            k, _eq, v = item.partition("=")
            if k in ("scoring", "deals"):
                continue  # the Scoring, Dealer and Vulnerable tags say these
            data[k] = int(v) if v.isdigit() else (v == "True" if v in ("True", "False") else v)
        try:
            config = msgspec.convert(data, BridgeConfig)
        except msgspec.ValidationError as err:
            raise PbnError(_("bad CardcliRules tag: {error}").format(error=err)) from None
    if deals and config.scoring != "deals":
        config = msgspec.structs.replace(config, scoring="deals")
    if not deals and config.scoring == "deals":
        config = msgspec.structs.replace(config, scoring="rubber", deals="")
    return preset, config


def import_pbn(game: BridgeGame, text: str | bytes) -> ImportedMatch:
    """Read a PBN file into hands a replay can verify; :class:`PbnError` (a ValueError) on bad input.

    A file that needs several matches (several boards still to be played) is refused here;
    :func:`import_pbn_matches` reads it.
    """
    matches = import_pbn_matches(game, text)
    if len(matches) > 1:
        raise PbnError(_("the file holds {n} boards still to be played; a cardcli replay holds one "
                         "(`cardcli replay import` writes one replay per board)").format(n=len(matches)))
    return matches[0]


def import_pbn_matches(game: BridgeGame, text: str | bytes) -> list[ImportedMatch]:
    """Every game of a PBN file as cardcli matches: one, unless boards still to be played force several."""
    from cardcli.engine.deal import shuffled_deck
    from cardcli.games.bridge.pbn_moves import moves_for

    if isinstance(text, bytes):
        text = decode_pbn(text)
    found = parse_games(text)
    # a game with neither a deal nor moves holds nothing to replay (a heading, or tags for the games after)
    games = [g for g in found if "Deal" in g.tags or "Auction" in g.sections or "Play" in g.sections]
    if not games:
        raise PbnError(_("no games found (a PBN game starts with tags such as {example})").format(
            example='[Deal "N:..."]'))
    skipped = len(found) - len(games)
    left_out: list[str] = []
    parsed: dict[int, list[list[Card]]] = {}  # game number → its hands, read once
    if not games[0].tags.get("Scoring", "").strip().lower().startswith("rubber"):
        # independent deals: a board whose deal cannot be read (a bidding problem's lone hand) is left
        # out, and said so; the others import
        readable = []
        for g in games:
            try:
                if "Deal" in g.tags:
                    parsed[g.number] = parse_deal(g.tags["Deal"], _game(g))
                readable.append(g)
            except PbnError as err:
                left_out.append(str(err))
        if not readable:
            raise PbnError(left_out[0])
        games = readable
    out: list[ImportedMatch] = []
    schedule: list[str] | None = None  # each game's dealer and vulnerability, worked out once
    start = 0
    while start < len(games):
        first = games[start].tags
        deals = not first.get("Scoring", "").strip().lower().startswith("rubber")
        preset, config = _base_config(first, deals)
        where0 = _game(games[start])
        dealer0 = _dealer_of(games[start], where0)
        if deals:
            if schedule is None:
                schedule = [f"{SEATS[_dealer_of(g, _game(g))]}:{VUL_PBN[_vul_of(g, _game(g))]}" for g in games]
            config = msgspec.structs.replace(config, deals=" ".join(schedule[start:]))
        else:
            sv = {(False, False): "none", (True, False): "NS", (False, True): "EW", (True, True): "both"}[
                _vul_of(games[start], where0)]
            if sv != "none" and config.start_vulnerable == "none":
                config = msgspec.structs.replace(config, start_vulnerable=sv)
        table: Table[Any, Any] = Table(game, config, 4, dealer0, strict=False)  # moves_for checks each move
        hands_out: list[RecordedHand] = []
        notes: list[str] = []
        boards: list[str] = []
        end = start
        for number in range(start + 1, len(games) + 1):
            g = games[number - 1]
            end = number
            where = _game(g)
            tags = g.tags
            if "Deal" not in tags:
                raise PbnError(_("{where}: no Deal tag").format(where=where))
            dealer = _dealer_of(g, where)
            state: BridgeState = table.state
            expect = game.next_dealer(state)
            if dealer != expect:
                raise PbnError(_("{where}: dealer {seat} does not follow the rubber's rotation (expected {expected}); "
                                 "a file scored as a rubber must follow it").format(
                    where=where, seat=SEATS[dealer], expected=SEATS[expect]))
            if not deals and number > start + 1:
                want = VUL_PBN[state.rubber.vulnerability()]
                got = VUL_PBN[_vul_of(g, where)]
                if got != want:
                    raise PbnError(_("{where}: Vulnerable is {value} but in the rubber it is {expected}; a file "
                                     "scored as a rubber must follow it").format(
                        where=where, value=repr(tags.get("Vulnerable")), expected=repr(want)))
            if tags.get("Dealer", "").strip() in ("", "?"):
                notes.append(_("{where}: no dealer named: {seat} deals (by the board number, else the first hand "
                               "of the deal)").format(where=where, seat=SEATS[dealer]))
            hands = parsed.get(g.number) or parse_deal(tags["Deal"], where)
            deck = deck_for(hands, dealer)
            seed = tags.get("Seed")
            if seed:
                board = tags.get("Board", "")
                hand_no = int(board) if board.isdigit() and deals else number - start
                seeded = shuffled_deck(game.deck(config, 4), seed, hand_no)
                if _deals(seeded, dealer) == [sorted(h) for h in hands]:
                    deck = seeded
            try:
                table.deal(deck)
            except FoldError as err:
                raise PbnError(f"{where}: {err}") from None
            moves_for(table, g, where, notes)
            hands_out.append(RecordedHand(dealer, deck, [(m.seat, m.move) for m in table.hands[-1].moves]))
            boards.append(tags.get("Board", "").strip() or "?")
            if state.phase != "over":
                break  # a board still to be played ends this match
        if deals:
            assert schedule is not None
            config = msgspec.structs.replace(config, deals=" ".join(schedule[start:end]))
        if skipped and not out:
            notes.append(_("{n} game(s) with no deal and no moves were left out").format(n=skipped))
        out.append(_match(config, preset, dealer0, hands_out, first, notes, boards, deals))
        if left_out and len(out) == 1:
            out[0].meta["left out"] = left_out
        start = end
    return out


def _match(config: BridgeConfig, preset: str, first_dealer: int, hands: list[RecordedHand], first: dict[str, str],
           notes: list[str], boards: list[str], deals: bool) -> ImportedMatch:
    meta: dict[str, Any] = {"preset": preset}
    for k in ("Event", "Site", "Date"):
        v = first.get(k, "")
        if v and "?" not in v:
            meta[k.lower()] = v
    names = [first.get(n, "") for n in ("North", "East", "South", "West")]
    if any(n and n != "?" for n in names):
        meta["players"] = ", ".join(f"{s} {n}" for s, n in zip("NESW", names) if n and n != "?")
    if deals:
        meta["boards"] = ", ".join(boards)
    if notes:
        meta["import"] = "; ".join(notes)
    if first.get("Event") and first.get("Event") not in ("?", ""):
        meta["title"] = first["Event"]
    return ImportedMatch(config=config, players=4, first_dealer=first_dealer, hands=hands, meta=meta)


def _deals(deck: Sequence[Card], dealer: int) -> list[list[Card]]:
    hands: list[list[Card]] = [[], [], [], []]
    for i, c in enumerate(deck):
        hands[(dealer + 1 + i) % 4].append(c)
    return [sorted(h) for h in hands]
