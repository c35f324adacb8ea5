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
  (:func:`import_pbn_matches`), one per board still to play.
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
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import SEATS, side_of
from cardcli.games.bridge.config import PRESETS, VUL_CODES, BridgeConfig

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
            raise PbnError(f"line {at}: the file says it is UTF-8, but byte {err.start + 1} is not UTF-8") from None
    if declared in ("iso-8859-1", "iso8859-1", "latin-1", "latin1", "iso_8859-1", "windows-1252", "cp1252"):
        return data.decode("cp1252" if declared in ("windows-1252", "cp1252") else "latin-1")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# -- text → games ----------------------------------------------------------------------------------------

_TAG = re.compile(r'\[[ \t]*([A-Za-z0-9_]+)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]')
_TOKEN = re.compile(r'[^\s\[\]{};]+')
_UNESCAPE = re.compile(r"\\(.)")
_SECTIONS = ("Auction", "Play")


@dataclass
class _Game:
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    """Tokens following a section tag (Auction, Play, …)."""
    notes: list[str] = field(default_factory=list)
    line: int = 0
    """The line the game starts on."""


def parse_games(text: str) -> list[_Game]:
    """Split PBN text into games of tags and section tokens (comments and directives dropped).

    Linear in the length of the text; a malformed tag or an unclosed comment is a
    :class:`PbnError` naming its line.
    """
    games: list[_Game] = []
    cur: _Game | None = None
    section: str | None = None
    comment_from = 0  # the line an open {comment} started on (0: none open)
    for number, line in enumerate(text.splitlines(), 1):
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
                if m is None:
                    close = line.find("]", pos)
                    what = "is not closed" if close < 0 else "is not of the form [Name \"value\"]"
                    raise PbnError(f"line {number}: the tag {_clip(line[pos:pos + 30])} {what}")
                name, value = m.group(1), _UNESCAPE.sub(r"\1", m.group(2))
                if "\x00" in value:
                    raise PbnError(f"line {number}: a NUL byte in the {name} tag (not a text file?)")
                if cur is None:
                    cur = _Game(line=number)
                if name == "Note":
                    cur.notes.append(value)
                else:
                    if name == "Event" and name in cur.tags:
                        # a repeated Event starts a new game when no blank line separated them
                        games.append(cur)
                        cur = _Game(line=number)
                    cur.tags[name] = value
                section = name if name in _SECTIONS or name.endswith("Table") else None
                if section:
                    cur.sections[section] = []
                pos = m.end()
            elif ch in "]}":
                raise PbnError(f"line {number}: an unexpected {ch!r}")
            elif ch == "\x00":
                raise PbnError(f"line {number}: a NUL byte (not a text file?)")
            else:
                m = _TOKEN.match(line, pos)
                if m is None:  # a character the token pattern refuses: step over it
                    pos += 1
                    continue
                if cur is not None and section is not None:
                    cur.sections[section].append(m.group())
                pos = m.end()
    if comment_from:
        raise PbnError(f"line {comment_from}: a {{comment}} that is never closed")
    if cur is not None and cur.tags:
        games.append(cur)
    # "#" means: the same value as in the previous game
    for i in range(1, len(games)):
        for k, v in games[i].tags.items():
            if v == "#" and k in games[i - 1].tags:
                games[i].tags[k] = games[i - 1].tags[k]
    return games


def _clip(text: str) -> str:
    return repr(text if len(text) < 30 else text[:27] + "...")


def parse_deal(value: str, where: str) -> list[list[Card]]:
    """``N:AKQ.... ....`` → four hands by seat (N E S W); checks 52 distinct cards, 13 per hand."""
    v = value.strip()
    if len(v) < 2 or v[1] != ":" or v[0].upper() not in SEATS:
        raise PbnError(f"{where}: the Deal tag must start with N:, E:, S: or W: (got {value[:12]!r})")
    first = SEATS.index(v[0].upper())
    parts = v[2:].split()
    if len(parts) != 4:
        raise PbnError(f"{where}: the Deal tag needs four hands, found {len(parts)}")
    hands: list[list[Card] | None] = [None] * 4
    seen: dict[str, str] = {}
    for i, part in enumerate(parts):
        seat = (first + i) % 4
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4:
            raise PbnError(f"{where}: {SEATS[seat]}'s hand {part!r} needs four suits separated by dots")
        cards: list[Card] = []
        for s, ranks in zip(PBN_SUITS, suits):
            for r in ranks.upper().replace("10", "T"):
                if r not in RANKS_DESC:
                    raise PbnError(f"{where}: {r!r} in {SEATS[seat]}'s hand is not a rank")
                c = Card(r + s)
                if c in seen:
                    raise PbnError(f"{where}: {c} is dealt twice ({seen[c]} and {SEATS[seat]})")
                seen[c] = SEATS[seat]
                cards.append(c)
        if len(cards) != 13:
            raise PbnError(f"{where}: {SEATS[seat]} has {len(cards)} cards, not 13")
        hands[seat] = cards
    missing = [i for i, h in enumerate(hands) if h is None]
    if len(missing) > 1:
        raise PbnError(f"{where}: the Deal tag leaves {len(missing)} hands unknown; cardcli needs the whole deal")
    if missing:
        rest = [Card(r + s) for s in PBN_SUITS for r in RANKS_DESC if r + s not in seen]
        hands[missing[0]] = rest
    if len(seen) + (13 if missing else 0) != 52:
        raise PbnError(f"{where}: the deal does not hold the 52 distinct cards")
    return [list(h) for h in hands if h is not None]


def _parse_pbn_call(token: str) -> mv.Call | None:
    t = token.strip().rstrip("!?").upper()
    if t in ("PASS", "P"):
        return mv.PASS
    if t == "X":
        return mv.DOUBLE
    if t == "XX":
        return mv.REDOUBLE
    return mv.parse_bid(t)


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


def _dealer_of(g: _Game, where: str) -> int:
    """The Dealer tag: exactly one of N, E, S, W (``ESW`` is an error, not East)."""
    raw = g.tags.get("Dealer")
    if raw is None and g.tags.get("Board", "").strip().isdigit():
        return (int(g.tags["Board"]) - 1) % 4  # the standard board rotation
    d = (raw or "").strip().upper()
    if len(d) != 1 or d not in SEATS:
        raise PbnError(f"{where}: the Dealer tag must be N, E, S or W (got {raw or ''!r})")
    return SEATS.index(d)


def _vul_of(g: _Game, where: str) -> tuple[bool, bool]:
    raw = g.tags.get("Vulnerable")
    if raw is None:
        from cardcli.games.bridge.config import BOARD_VUL

        board = g.tags.get("Board", "").strip()
        return BOARD_VUL[(int(board) - 1) % 16] if board.isdigit() and int(board) > 0 else (False, False)
    vul = VUL_CODES.get(raw.strip().lower())
    if vul is None:
        raise PbnError(f"{where}: unknown Vulnerable value {raw!r} (None, NS, EW, All; also Love, -, Both)")
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
            raise PbnError(f"bad CardcliRules tag: {err}") from None
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
        raise PbnError(f"the file holds {len(matches)} boards still to be played; a cardcli replay holds one "
                       "(`cardcli replay import` writes one replay per board)")
    return matches[0]


def import_pbn_matches(game: BridgeGame, text: str | bytes) -> list[ImportedMatch]:
    """Every game of a PBN file as cardcli matches: one, unless boards still to be played force several."""
    from cardcli.engine.deal import shuffled_deck

    if isinstance(text, bytes):
        text = decode_pbn(text)
    games = parse_games(text)
    if not games:
        raise PbnError("no games found (a PBN game starts with tags such as [Deal \"N:...\"])")
    out: list[ImportedMatch] = []
    start = 0
    while start < len(games):
        first = games[start].tags
        deals = not first.get("Scoring", "").strip().lower().startswith("rubber")
        preset, config = _base_config(first, deals)
        where0 = f"game {start + 1}"
        dealer0 = _dealer_of(games[start], where0)
        if deals:
            schedule = " ".join(f"{SEATS[_dealer_of(g, f'game {start + i + 1}')]}:"
                                f"{VUL_PBN[_vul_of(g, f'game {start + i + 1}')]}"
                                for i, g in enumerate(games[start:]))
            config = msgspec.structs.replace(config, deals=schedule)
        else:
            sv = {(False, False): "none", (True, False): "NS", (False, True): "EW", (True, True): "both"}[
                _vul_of(games[start], where0)]
            if sv != "none" and config.start_vulnerable == "none":
                config = msgspec.structs.replace(config, start_vulnerable=sv)
        table: Table[Any, Any] = Table(game, config, 4, dealer0)
        hands_out: list[RecordedHand] = []
        notes: list[str] = []
        boards: list[str] = []
        end = start
        for number in range(start + 1, len(games) + 1):
            g = games[number - 1]
            end = number
            where = f"game {number}"
            tags = g.tags
            if "Deal" not in tags:
                raise PbnError(f"{where}: no Deal tag")
            dealer = _dealer_of(g, where)
            state: BridgeState = table.state
            expect = game.next_dealer(state)
            if dealer != expect:
                raise PbnError(f"{where}: dealer {SEATS[dealer]} does not follow the rubber's rotation (expected "
                               f"{SEATS[expect]}); a file scored as a rubber must follow it")
            if not deals and number > start + 1:
                want = VUL_PBN[state.rubber.vulnerability()]
                got = VUL_PBN[_vul_of(g, where)]
                if got != want:
                    raise PbnError(f"{where}: Vulnerable is {tags.get('Vulnerable')!r} but in the rubber it is "
                                   f"{want!r}; a file scored as a rubber must follow it")
            hands = parse_deal(tags["Deal"], where)
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
            _moves_for(table, g, where, notes)
            hands_out.append(RecordedHand(dealer, deck, [(m.seat, m.move) for m in table.hands[-1].moves]))
            boards.append(tags.get("Board", "").strip() or "?")
            if state.phase != "over":
                break  # a board still to be played ends this match
        if deals:
            config = msgspec.structs.replace(config, deals=" ".join(config.deals.split()[:end - start]))
        out.append(_match(config, preset, dealer0, hands_out, first, notes, boards, deals))
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


def _moves_for(table: Table[Any, Any], g: _Game, where: str, notes: list[str]) -> None:
    """Play the game's auction, play and claims through the rules (the fold's table checks each move)."""
    game: BridgeGame = table.game  # type: ignore[assignment]
    state: BridgeState = table.state

    def do(move: mv.Move, what: str) -> None:
        if game.to_act(state) is None:
            raise PbnError(f"{where}: {what}: the hand is already over")
        verdict = game.check(state, move)
        if not verdict.ok:
            raise PbnError(f"{where}: {what} ({game.format_move(move)}) is illegal: {verdict.reason}")
        table.push(move)

    tags = g.tags
    contract = tags.get("Contract", "").strip()
    # the auction
    if "Auction" in g.sections:
        tokens = g.sections["Auction"]
        first = tags.get("Auction", "").strip().upper()
        if first != SEATS[state.dealer]:
            raise PbnError(f"{where}: the auction starts with {first or 'nobody'}, but {SEATS[state.dealer]} dealt")
        n = 0
        for tok in tokens:
            if tok.startswith("=") or tok.startswith("$"):
                continue
            if tok in ("-", "*", "+"):
                break
            if tok.upper() == "AP":
                while state.phase == "auction":
                    n += 1
                    do(mv.PASS, f"call {n}")
                break
            call = _parse_pbn_call(tok)
            if call is None:
                raise PbnError(f"{where}: {tok!r} in the auction is not a call")
            n += 1
            do(call, f"call {n}")
        if state.phase == "auction":
            raise PbnError(f"{where}: the auction is incomplete")
    elif contract in ("", "?") and "Play" not in g.sections:
        notes.append(f"{where}: the cards only (no auction, contract or play): the deal is to be played")
        return
    else:
        for call in _made_up_auction(state.dealer, contract, tags.get("Declarer", ""), where):
            do(call, "the auction")
        if contract:
            notes.append(f"{where}: no auction recorded; a minimal auction reaching {contract} was made up")
    if state.phase == "over":
        return
    # claims recorded by cardcli
    claims: dict[int, list[tuple[str, int, list[tuple[str, bool]]]]] = {}
    for item in filter(None, (x.strip() for x in tags.get("Claim", "").split(";"))):
        m = re.fullmatch(r"([NESW]) (\d+) @(\d+)((?: [NESW][+-])+)", item)
        if not m:
            raise PbnError(f"{where}: bad Claim tag item {item!r}")
        answers = [(a[0], a[1] == "+") for a in m.group(4).split()]
        claims.setdefault(int(m.group(3)), []).append((m.group(1), int(m.group(2)), answers))

    def replay_claims(at: int) -> None:
        for who, n, answers in claims.pop(at, []):
            actor = game.to_act(state)
            if actor is None or SEATS[actor] != who:
                raise PbnError(f"{where}: the Claim tag says {who} claimed after {at} cards, but it was "
                               f"{SEATS[actor] if actor is not None else 'nobody'}'s turn")
            do(mv.Claim(n), f"the claim after {at} cards")
            for _who, ok in answers:
                do(mv.Respond(ok), f"the answer to the claim after {at} cards")

    # the play
    plays = _play_order(g, state, where)
    for i, card in enumerate(plays):
        replay_claims(i)
        if state.phase == "over":
            break
        do(mv.Play(card), f"card {i + 1}")
    replay_claims(len(plays))
    if state.phase != "over":
        result = tags.get("Result", "").strip()
        if not result.isdigit():
            notes.append(f"{where}: the play stops after {state.cards_played} cards with no Result: the deal "
                         "goes on from there")
            return
        tricks = int(result)
        actor = game.to_act(state)
        assert actor is not None and state.contract is not None
        total = tricks if side_of(actor) == state.contract.side else 13 - tricks
        do(mv.Claim(total), f"the result {tricks} (as a claim)")
        while state.phase == "claim":
            do(mv.Respond(True), "the claim's acceptance")
        notes.append(f"{where}: the play stops early; the Result was entered as an accepted claim")
    elif "Result" in tags and tags["Result"].strip().isdigit() and state.result is not None:
        got = state.result.detail.get("tricks")
        if got is not None and int(tags["Result"]) != int(got):
            raise PbnError(f"{where}: the Result tag says {tags['Result']} tricks, but the play gives {got}")


def _made_up_auction(dealer: int, contract: str, declarer: str, where: str) -> list[mv.Call]:
    c = contract.upper()
    if c in ("", "?"):
        raise PbnError(f"{where}: neither an auction nor a contract is recorded")
    if c == "PASS":
        return [mv.PASS] * 4
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(X{0,2})", c)
    if not m:
        raise PbnError(f"{where}: {contract!r} is not a contract")
    if declarer.strip().upper() not in SEATS or not declarer.strip():
        raise PbnError(f"{where}: the Declarer tag is missing or not N, E, S or W")
    decl = SEATS.index(declarer.strip().upper())
    calls: list[mv.Call] = [mv.PASS] * ((decl - dealer) % 4)
    calls.append(mv.Bid(int(m.group(1)), "N" if m.group(2) in ("NT", "N") else m.group(2)))
    if m.group(3):
        calls.append(mv.DOUBLE)
        if m.group(3) == "XX":
            calls += [mv.REDOUBLE]
    calls += [mv.PASS] * 3
    return calls


def _play_order(g: _Game, state: BridgeState, where: str) -> list[Card]:
    """The play section's cards in the order they were played (columns are fixed to seats)."""
    from cardcli.games.bridge.play import trick_winner, trump_of

    if "Play" not in g.sections or state.contract is None:
        return []
    cards = [t for t in g.sections["Play"] if not t.startswith("=") and not t.startswith("$")]
    first = g.tags.get("Play", "").strip().upper()
    if not first or first not in SEATS:
        raise PbnError(f"{where}: the Play tag must name the opening leader (N, E, S or W)")
    leader0 = SEATS.index(first)
    if leader0 != state.contract.leader:
        raise PbnError(f"{where}: the play starts with {first}, but the opening leader is {SEATS[state.contract.leader]}")
    out: list[Card] = []
    leader = leader0
    trump = trump_of(state.contract.strain)
    for start in range(0, len(cards), 4):
        row = cards[start:start + 4]
        if any(t in ("*", "+") for t in row):
            row = row[:min(row.index(t) for t in ("*", "+") if t in row)]
            stop = True
        else:
            stop = False
        by_seat: dict[int, Card] = {}
        for col, tok in enumerate(row):
            if tok == "-":
                continue
            t = tok.upper().rstrip("!?")
            if len(t) != 2 or t[0] not in PBN_SUITS or t[1] not in RANKS_DESC.replace("T", "T"):
                if len(t) == 3 and t[1:] == "10" and t[0] in PBN_SUITS:
                    t = t[0] + "T"
                else:
                    raise PbnError(f"{where}: {tok!r} in the play is not a card")
            by_seat[(leader0 + col) % 4] = Card(t[1] + t[0])
        trick: list[Card] = []
        for i in range(4):
            seat = (leader + i) % 4
            if seat not in by_seat:
                break
            trick.append(by_seat[seat])
        out.extend(trick)
        if len(trick) < 4 or stop:
            break
        leader = trick_winner(trick, leader, trump)
    return out
