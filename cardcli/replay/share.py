"""Share codes: a whole match, or one hand, as a short URL-safe text (``cardcli share``).

A code is ``cc1-`` (``cc``, the format version, ``-``) followed by base64url without
padding of::

    varint(len(payload)) · CRC32(len · payload), 4 bytes big-endian · payload

The payload is a MessagePack array (:class:`_Code`): the game, the preset and the
options that differ from it, the players, the first dealer, the seats, the seed, the
start time and, per hand, the deck and the moves, each packed into one integer in
mixed radix:

* the deck as the index of each card among the distinct cards still to come (a Lehmer
  code that also works for decks with duplicates), or nothing at all when the deck is
  the one the seed deals (``mode 0``);
* each move as its index in the sorted list of legal-move notations at that position
  (radix: the number of legal moves plus one; the extra digit means *the notation is
  written out*, for moves no generator lists, such as eleusis' secret rule).

The positions come from the one fold: :class:`_Encoder` is a visitor of
:func:`~cardcli.engine.fold.fold`; :func:`decode` pushes the moves back through a
strict :class:`~cardcli.engine.fold.Table`. The CRC catches every mistyped character
(any burst of up to 32 bits) and the declared length every truncation; a three-byte
digest of the decoded match log makes sure a code made by a cardcli whose move
generator differed never decodes into another game. With ``--notes`` the code also carries
the replay's title and comments (they come after the hands, so codes without them read as
before). A code of one hand (``--hand N``)
is that hand as a one-hand match (bridge: with the vulnerability it was played at);
when its moves only make sense after the earlier hands, the code holds hands 1 to N.
"""

from __future__ import annotations

import base64
import binascii
import datetime as _dt
import hashlib
import json
import re
import zlib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import msgspec

from cardcli.engine.cards import Card
from cardcli.engine.fold import FoldError, HandLog, LoggedMove, Table, Visitor, fold
from cardcli.engine.game import Game
from cardcli.i18n import _, ngettext
from cardcli.replay.io import ReplayError
from cardcli.replay.model import Annotation, HandRecord, MoveRecord, Replay, SeatRecord

PREFIX = "cc"
VERSION = 1
MAX_CHARS = 200_000
"""Longer text is not a share code (a long burraco match is a few thousand characters)."""

_CODE_RE = re.compile(r"^cc(\d+)-")
_ALPHABET = re.compile(r"[^A-Za-z0-9_-]")


class ShareError(ReplayError):
    """A share code that cannot be used; the message is one line for the user."""


class _Hand(msgspec.Struct, array_like=True, omit_defaults=True):
    seeded: bool
    """The deck is the one the match's seed deals for this hand (no deck digits)."""
    moves: int
    number: bytes
    """Deck digits, then move digits, in mixed radix (big-endian, minimal length)."""
    literals: list[str] = []


class _Note(msgspec.Struct, array_like=True):
    """A comment of the replay's (``note`` and ``tutor`` annotations: what ``replay show`` prints)."""

    hand: int
    ply: int
    kind: Literal["note", "tutor"]
    text: str


SHARED_NOTES = ("note", "tutor")
"""The annotations a code carries: the comments. Hints taken, undos, reviews and the coach's remarks are
the sharer's own session (and the review is made again from the moves)."""


class _Code(msgspec.Struct, array_like=True, omit_defaults=True):
    game: str
    preset: str
    """Empty for the game's default preset."""
    options: dict[str, Any]
    """The options that differ from the preset."""
    players: int
    first_dealer: int
    seats: list[int | str]
    """Per seat: 0 human, 1 the game's default bot, 2 a bot with no id, else the bot id."""
    names: list[str] | None
    """Seat names, when they are not the game's own."""
    seed: str | None
    started: int | str | None
    """Start time: UTC seconds, or the text when seconds would not give it back."""
    hands_limit: int | None
    origin: int
    """0 for a whole match; N for hand N of a match, shared on its own."""
    digest: bytes
    hands: list[_Hand] = []
    title: str | None = None
    notes: list[_Note] = []
    """Added after the first codes were made: a code without them still reads."""


_decoder = msgspec.msgpack.Decoder(_Code)
_encoder = msgspec.msgpack.Encoder()


# -- the resolver used by `replay show|verify|view|import|export` --------------------------------


def looks_like_code(text: str) -> bool:
    """Text that is meant as a share code rather than a file name."""
    t = text.strip()
    return bool(re.match(r"^cc\d*-", t)) or (len(t) >= 24 and not _ALPHABET.search(t) and "." not in t)


def load(arg: str) -> Replay:
    """The replay an argument names: an existing file, else a share code (ReplayError on either)."""
    from cardcli.replay.io import read

    try:
        exists = Path(arg).exists()
    except OSError:  # longer than a file name can be (a share code of a long match)
        exists = False
    if exists or not looks_like_code(arg):
        return read(arg)
    return decode(arg)


# -- integers in mixed radix ---------------------------------------------------------------------


def _pack(digits: Sequence[tuple[int, int]]) -> bytes:
    value, capacity = 0, 1
    for digit, radix in reversed(digits):
        value = value * radix + digit
        capacity *= radix
    return value.to_bytes(((capacity - 1).bit_length() + 7) // 8, "big")


class _Digits:
    """Reads digits back from :func:`_pack`'s bytes, refusing more digits than the bytes hold."""

    def __init__(self, data: bytes, hand: int) -> None:
        self.value = int.from_bytes(data, "big")
        self.capacity = 1
        self.limit = 1 << (8 * len(data))
        self.nbytes = len(data)
        self.hand = hand

    def take(self, radix: int) -> int:
        self.capacity *= radix
        if self.capacity > self.limit:
            raise ShareError(_("share code: hand {hand} holds fewer moves than it claims").format(hand=self.hand))
        self.value, digit = divmod(self.value, radix)
        return digit

    def finish(self) -> None:
        if self.value or ((self.capacity - 1).bit_length() + 7) // 8 != self.nbytes:
            raise ShareError(_("share code: hand {hand} does not decode to whole moves").format(hand=self.hand))


def _deck_digits(deck: Sequence[Card]) -> list[tuple[int, int]]:
    left = Counter(deck)
    out = []
    for card in deck:
        keys = sorted(left)
        if len(keys) > 1:
            out.append((keys.index(card), len(keys)))
        left[card] -= 1
        if not left[card]:
            del left[card]
    return out


def _deck_from(digits: _Digits, cards: Sequence[Card]) -> list[Card]:
    left = Counter(cards)
    deck = []
    for _i in range(len(cards)):
        keys = sorted(left)
        card = keys[digits.take(len(keys))] if len(keys) > 1 else keys[0]
        deck.append(card)
        left[card] -= 1
        if not left[card]:
            del left[card]
    return deck


def _legal(table: Table[Any, Any]) -> list[str]:
    game = table.game
    if game.to_act(table.state) is None:
        return []
    return sorted({game.format_move(m) for m in game.coded_moves(game.legal_moves(table.state))})


def _digest(game: str, players: int, first_dealer: int, config: Any, hands: Sequence[HandLog]) -> bytes:
    h = hashlib.sha256(f"{game}|{players}|{first_dealer}|".encode())
    h.update(json.dumps(msgspec.to_builtins(config), sort_keys=True).encode())
    for hand in hands:
        h.update(("\n" + " ".join(hand.deck) + "\n").encode())
        h.update("\x1f".join(f"{m.seat}:{m.move}" for m in hand.moves).encode())
    return h.digest()[:3]


# -- encoding ------------------------------------------------------------------------------------


class _Encoder(Visitor):
    """Turns each hand the fold deals and each move it makes into digits."""

    def __init__(self, seeded_deck: Any) -> None:
        self.seeded_deck = seeded_deck
        self.hands: list[tuple[bool, list[tuple[int, int]], list[str]]] = []

    def begin_hand(self, table: Table[Any, Any], hand: int) -> None:
        deck = table.hands[-1].deck
        seeded = self.seeded_deck is not None and self.seeded_deck(hand) == deck
        self.hands.append((seeded, [] if seeded else _deck_digits(deck), []))

    def before_move(self, table: Table[Any, Any], seat: int, move: Any) -> None:
        legal = _legal(table)
        text = table.game.format_move(move)
        _seeded, digits, literals = self.hands[-1]
        try:
            index = legal.index(text)
        except ValueError:
            index = len(legal)
            literals.append(text)
        digits.append((index, len(legal) + 1))


def _started(text: str) -> int | str:
    try:
        when = _dt.datetime.fromisoformat(text)
        seconds = int(when.timestamp())
        if _dt.datetime.fromtimestamp(seconds, _dt.UTC).isoformat() == text:
            return seconds
    except (ValueError, OverflowError, OSError):
        pass
    return text


def _seat_codes(game: Game[Any, Any, Any, Any], seats: Sequence[SeatRecord]) -> list[int | str]:
    out: list[int | str] = []
    for s in seats:
        if s.kind == "human":
            out.append(0)
        elif s.bot == game.default_bot:
            out.append(1)
        else:
            out.append(2 if s.bot is None else s.bot)
    return out


def encode(replay: Replay, hand: int | None = None, notes: bool = False) -> str:
    """The share code of ``replay`` (or of its hand ``hand``); ReplayError if the replay does not verify.

    ``notes``: also the title and the comments (:data:`SHARED_NOTES`); a code is the match log alone
    unless asked, since its point is to be short."""
    from cardcli.engine.deal import shuffled_deck
    from cardcli.session import Session

    session = Session.from_replay(replay)
    game, config, players = session.game, session.config, session.players
    if hand is not None and not 1 <= hand <= len(session.hands):
        count = len(session.hands)
        message = ngettext(
            "the replay has {n} hand; there is no hand {hand}", "the replay has {n} hands; there is no hand {hand}", count
        )
        raise ShareError(message.format(n=count, hand=hand))
    seed = replay.seed
    origin = 0
    first, hands = replay.first_dealer, session.hands
    if hand is not None:
        start = session.table.hand_start(hand)
        one = session.hands[hand - 1]
        sub: Table[Any, Any] = Table(game, config, players, replay.first_dealer, strict=False)
        sub.state = start
        sub.deal(one.deck)  # the hand as it was dealt: its dealer and vulnerability
        cfg1 = game.hand_config(config, sub.state)
        try:  # the hand as a one-hand match of its own, if its moves are legal there
            fold(game, cfg1, players, one.dealer or 0, [HandLog(one.deck, one.moves, one.dealer)])
            config, first, hands, origin = cfg1, one.dealer or 0, [one], hand
        except FoldError:
            hands = session.hands[:hand]
    deck = game.deck(config, players)

    def seeded_deck(number: int) -> list[Card] | None:
        return shuffled_deck(deck, seed, origin or number) if seed else None

    enc = _Encoder(seeded_deck)
    log = [HandLog(h.deck, [LoggedMove(m.seat, m.move) for m in h.moves], None) for h in hands]
    table = fold(game, config, players, first, log, visitors=[enc])
    preset = replay.preset if replay.preset in game.presets else game.default_preset
    base = msgspec.to_builtins(game.presets[preset])
    options = {k: v for k, v in msgspec.to_builtins(config).items() if base.get(k) != v}
    names = [s.name for s in replay.seats]
    limit = replay.hands_limit if hand is None else 1 if origin else hand
    code = _Code(
        game=game.name,
        preset="" if preset == game.default_preset else preset,
        options=options,
        players=players,
        first_dealer=first,
        seats=_seat_codes(game, replay.seats),
        names=None if names == game.seat_names(players) else names,
        seed=seed,
        started=_started(replay.started),
        hands_limit=limit,
        origin=origin,
        digest=_digest(game.name, players, first, config, table.hands),
        hands=[
            _Hand(seeded, len(h.moves), _pack(digits), literals) for (seeded, digits, literals), h in zip(enc.hands, table.hands)
        ],
    )
    if notes:
        code.title = replay.title
        code.notes = _notes_for(replay.annotations, hand, origin)
    payload = _encoder.encode(code)
    head = _varint(len(payload))
    crc = zlib.crc32(head + payload).to_bytes(4, "big")
    return f"{PREFIX}{VERSION}-" + base64.urlsafe_b64encode(head + crc + payload).decode().rstrip("=")


def _notes_for(annotations: Sequence[Annotation], hand: int | None, origin: int) -> list[_Note]:
    """The comments a code of the match (``hand`` None), of hands 1 to ``hand``, or of hand ``origin``
    alone (its comments as hand 1's) carries."""
    out = []
    for a in annotations:
        if a.kind not in SHARED_NOTES or (hand is not None and a.hand > hand) or (origin and a.hand not in (0, origin)):
            continue
        out.append(_Note(1 if origin and a.hand else a.hand, a.ply, a.kind, a.text))  # type: ignore[arg-type]
    return out


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


# -- decoding ------------------------------------------------------------------------------------


def _unwrap(text: str) -> bytes:
    """The payload of a code, after its prefix, alphabet, length and checksum are checked."""
    code = "".join(text.split())
    if len(code) > MAX_CHARS:
        raise ShareError(_("share code: too long ({n} characters) to be a cardcli share code").format(n=len(code)))
    m = _CODE_RE.match(code)
    if not m:
        raise ShareError(_("not a cardcli share code (codes start with {prefix})").format(prefix=f"{PREFIX}{VERSION}-"))
    if int(m.group(1)) != VERSION:
        version = int(m.group(1))
        if version > VERSION:
            raise ShareError(
                _(
                    "share code version {version} was made by a newer cardcli (this one reads "
                    "version {supported}); please upgrade cardcli"
                ).format(version=version, supported=VERSION)
            )
        raise ShareError(_("share code: unknown version {version}").format(version=version))
    body = code[m.end() :]
    bad = _ALPHABET.search(body)
    if bad:
        raise ShareError(
            _("share code: {char} (character {position}) cannot be part of a code (letters, digits, - and _ only)").format(
                char=repr(bad.group()), position=m.end() + bad.start() + 1
            )
        )
    whole = len(body) % 4 != 1  # one character past a group of four cannot end a code
    usable = body if whole else body[:-1]
    try:
        data = base64.urlsafe_b64decode(usable + "=" * (-len(usable) % 4))
    except (binascii.Error, ValueError):
        raise ShareError(_("share code: mistyped (it cannot be read as a code)")) from None
    length, pos = 0, 0
    for shift in range(0, 35, 7):
        if pos >= len(data):
            raise ShareError(_("share code: truncated"))
        byte = data[pos]
        pos += 1
        length |= (byte & 0x7F) << shift
        if not byte & 0x80:
            break
    else:
        raise ShareError(_("share code: bad checksum (mistyped)"))
    want = pos + 4 + length
    if len(data) < want:
        need = (want * 4 + 2) // 3
        raise ShareError(
            _("share code: truncated ({got} of {need} characters after {prefix})").format(
                got=len(code) - m.end(), need=need, prefix=m.group()
            )
        )
    if len(data) > want or not whole:
        raise ShareError(_("share code: bad checksum (mistyped, or extra characters at the end)"))
    if base64.urlsafe_b64encode(data).decode().rstrip("=") != body:
        raise ShareError(_("share code: bad checksum (character {position} is mistyped)").format(position=len(code)))
    head, crc, payload = data[:pos], data[pos : pos + 4], data[pos + 4 :]
    if zlib.crc32(head + payload).to_bytes(4, "big") != crc:
        raise ShareError(_("share code: bad checksum (a character is mistyped)"))
    return payload


def decode(text: str) -> Replay:
    """The verified replay a share code holds; :class:`ShareError` (one line) for a bad code."""
    try:
        code = _decoder.decode(_unwrap(text))
    except (msgspec.DecodeError, msgspec.ValidationError) as err:
        raise ShareError(_("share code: unreadable contents ({detail})").format(detail=str(err).splitlines()[0])) from None
    try:
        return _rebuild(code)
    except FoldError as err:
        raise ShareError(_("share code: {problem}").format(problem=err)) from None
    except (ValueError, TypeError, KeyError, IndexError) as err:  # a hand-made code with the right checksum
        if isinstance(err, ShareError):
            raise
        raise ShareError(_("share code: inconsistent contents ({detail})").format(detail=err)) from None


def _rebuild(code: _Code) -> Replay:
    from cardcli import __version__
    from cardcli.engine.deal import shuffled_deck
    from cardcli.engine.options import ConfigError, config_from_builtins
    from cardcli.engine.registry import UnknownGame
    from cardcli.engine.registry import load as load_game
    from cardcli.replay.model import FORMAT
    from cardcli.replay.model import VERSION as FILE_VERSION
    from cardcli.session import Session

    try:
        game = load_game(code.game)
        code.preset = code.preset or game.default_preset
        base = msgspec.to_builtins(game.presets[code.preset]) if code.preset in game.presets else {}
        config = config_from_builtins(game, base | code.options)
    except (UnknownGame, ConfigError) as err:
        raise ShareError(_("share code: {problem}").format(problem=err)) from None
    players = code.players
    if players not in game.player_counts or len(code.seats) != players or (code.names is not None and len(code.names) != players):
        raise ShareError(
            _("share code: {players} players do not suit {game} or the seats").format(players=players, game=game.name)
        )
    if code.seed is None and any(h.seeded for h in code.hands):
        raise ShareError(_("share code: a hand uses the seed's deck, but there is no seed"))
    cards = game.deck(config, players)
    table: Table[Any, Any] = Table(game, config, players, code.first_dealer)
    for number, h in enumerate(code.hands, 1):
        digits = _Digits(h.number, number)
        deck = shuffled_deck(cards, code.seed or "", code.origin or number) if h.seeded else _deck_from(digits, cards)
        table.deal(deck)
        literals = iter(h.literals)
        for _ply in range(h.moves):
            legal = _legal(table)
            if not legal and game.to_act(table.state) is None:
                raise ShareError(_("share code: hand {hand} ended before its last move").format(hand=number))
            index = digits.take(len(legal) + 1)
            text = legal[index] if index < len(legal) else next(literals, None)
            if text is None:
                raise ShareError(_("share code: hand {hand} lacks a written-out move").format(hand=number))
            seat = game.to_act(table.state)
            table.push_logged(LoggedMove(seat if seat is not None else 0, text))
        digits.finish()
        if next(literals, None) is not None:
            raise ShareError(_("share code: hand {hand} holds more written-out moves than it uses").format(hand=number))
    if _digest(game.name, players, code.first_dealer, config, table.hands) != code.digest:
        raise ShareError(_("share code: it decodes to another game than the one shared (made by a different cardcli version?)"))
    names = code.names or game.seat_names(players)
    seats = [
        SeatRecord(name=n, kind="human")
        if s == 0
        else SeatRecord(name=n, kind="bot", bot=game.default_bot if s == 1 else None if s == 2 else str(s))
        for n, s in zip(names, code.seats)
    ]
    if isinstance(code.started, int):
        try:
            started = _dt.datetime.fromtimestamp(code.started, _dt.UTC).isoformat()
        except (OverflowError, OSError, ValueError):
            raise ShareError(_("share code: its start time ({started}) is not a date").format(started=code.started)) from None
    else:
        started = code.started or "1970-01-01T00:00:00+00:00"
    notes = []
    for n in code.notes:
        moves = len(table.hands[n.hand - 1].moves) if 1 <= n.hand <= len(table.hands) else 0
        if not (0 <= n.hand <= len(table.hands) and 0 <= n.ply <= moves):
            raise ShareError(
                _("share code: a note at hand {hand}, move {ply} is outside the match").format(hand=n.hand, ply=n.ply)
            )
        notes.append(Annotation(hand=n.hand, ply=n.ply, kind=n.kind, text=n.text))
    if code.origin:
        if code.seed:
            alone = _("hand {hand} of a match (seed {seed}), shared alone").format(hand=code.origin, seed=repr(code.seed))
        else:
            alone = _("hand {hand} of a match, shared alone").format(hand=code.origin)
        notes.append(Annotation(hand=0, ply=0, kind="note", text=alone))
    replay = Replay(
        format=FORMAT,
        version=FILE_VERSION,
        app_version=__version__,
        game=game.name,
        preset=code.preset,
        config=msgspec.to_builtins(config),
        players=players,
        seats=seats,
        seed=None if code.origin else code.seed,
        first_dealer=code.first_dealer,
        started=started,
        hands_limit=code.hands_limit,
        title=code.title,
        hands=[
            HandRecord(
                dealer=h.dealer or 0, deck=list(h.deck), moves=[MoveRecord(m.seat, m.move, bool(m.secret)) for m in h.moves]
            )
            for h in table.hands
        ],
        annotations=notes,
    )
    session = Session.from_replay(replay)
    return msgspec.structs.replace(
        replay,
        hands=[msgspec.structs.replace(h, result=r) for h, r in zip(replay.hands, session.results)],
        result=session.match_result() if session.finished else None,
    )
