"""BBO LIN: cardcli's own reader and writer of Bridge Base Online's hand records.

LIN is a flat stream of ``tag|value|`` pairs (rules digest, "Bridge formats"):

====  ====================================================================================
pn    player names, South West North East (once for the file, or per board)
md    dealer digit (1 S, 2 W, 3 N, 4 E), then the hands from South clockwise, comma
      separated, each ``S..H..D..C..``; the fourth hand may be left out
sv    vulnerability: ``o`` (or ``0``, ``-``) none, ``n`` NS, ``e`` EW, ``b`` both
mb    a call: ``p``, ``d``, ``r``, ``1C`` … ``7N``; a trailing ``!`` marks an alert
an    the explanation of the call before it
pc    a card played, suit first (``SA``, ``H10``)
mc    the claim: the total of tricks declarer's side takes
nt    a comment
ah    the board's title; ``qx`` the board id (``o1``: open room, board 1)
====  ====================================================================================

Layout tags (``rh st pg sk bt …``) are ignored; any other tag is refused, as are bad
cards and calls, each in one line naming the board and the item. A new board starts at
``qx`` or ``md`` once a board has its deal, or at ``pn``/``ah``/``sv`` once it has calls.
A handviewer link (``…handviewer.html?lin=…``, URL-encoded or not, or its ``n=``,
``s=``, ``e=``, ``w=`` … parameters: :mod:`.lin_link`) is read as the LIN it carries.

Reading plays every call and card through the rules (a :class:`Table`, as the PBN
reader does) and makes nothing up: a board with no calls is a deal to play, an auction
or a play that stops (BBO's bidding and lead problems) is a position to play on from,
and ``mc`` — a claim the record holds — becomes the claim by the player to act and its
acceptance. What the record says besides the moves (names, title, board id, the
explanations and alerts of calls, comments) is kept with the hand (:mod:`.records`).
Boards that follow a rubber's rotation (dealer clockwise, vulnerability as the rubber
gives it: what cardcli writes) form one rubber; otherwise — tournament boards, each
with its own dealer and vulnerability — they are one set of independent deals, and a
board that cannot be read is left out with its reason. Writing (:mod:`.lin_write`) gives
one line, one board, per hand: a board read from LIN with its own names, title and
explanations, any other with the bidding system's meaning of each call marked as
cardcli's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardcli.engine.cards import Card
from cardcli.engine.fold import FoldError, Table
from cardcli.engine.game import ImportedMatch, RecordedHand
from cardcli.engine.text import safe
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import SEATS, side_of
from cardcli.games.bridge.config import PRESETS, BridgeConfig
from cardcli.i18n import _

if TYPE_CHECKING:
    from cardcli.games.bridge.rules import BridgeGame
    from cardcli.games.bridge.state import BridgeState

LIN_SEATS = (2, 3, 0, 1)
"""LIN's order (South, West, North, East) as cardcli seats (N E S W); the dealer digit is 1 + index."""
RANKS = "AKQJT98765432"
SUITS = "SHDC"
IGNORED = frozenset(
    {
        "rh",
        "st",
        "pg",
        "sk",
        "bt",
        "hs",
        "at",
        "pf",
        "px",
        "pw",
        "bn",
        "mn",
        "vg",
        "rs",
        "lb",
        "sa",
        "cr",
        "cg",
        "ha",
        "kh",
        "hc",
        "fh",
        "ob",
        "ht",
    }
)
VUL_IN = {"o": "none", "0": "none", "-": "none", "n": "NS", "e": "EW", "b": "both"}
VUL_OUT = {"None": "o", "NS": "n", "EW": "e", "All": "b"}
SEAT_WORDS = ("North", "East", "South", "West")
_RUBBER_VUL = {(False, False): "none", (True, False): "NS", (False, True): "EW", (True, True): "both"}


class LinError(ValueError):
    """A LIN record cardcli cannot use; the message names the board and the item."""


def _show(value: str) -> str:
    """A value from the file, quoted, shortened and safe for a terminal."""
    v = safe(value)
    return repr(v if len(v) <= 24 else v[:21] + "...")


# -- reading -----------------------------------------------------------------------------------------


@dataclass
class _Item:
    tag: str
    value: str
    number: int
    """1-based position of the pair in the file."""


@dataclass
class _Board:
    number: int
    items: list[_Item] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    title: str = ""
    qx: str = ""
    deal: _Item | None = None
    vul: _Item | None = None
    busy: bool = False
    """Calls or cards have been read: the next pn, ah or sv belongs to another board."""

    @property
    def where(self) -> str:
        if self.title:
            return _("board {number} ({title})").format(number=self.number, title=_show(self.title))
        return _("board {number}").format(number=self.number)


def _at(where: str, it: _Item, item: str) -> str:
    """How messages name one item of a board: its number, and its tag (and value, clipped)."""
    return _("{where}, item {number} ({item})").format(where=where, number=it.number, item=item)


def lin_text(text: str) -> str:
    """The LIN in ``text``: itself, or what a handviewer link carries (:func:`.lin_link.lin_of`)."""
    from cardcli.games.bridge.lin_link import lin_of

    return lin_of(text)


def items(text: str) -> list[_Item]:
    """The ``tag|value|`` pairs of a LIN text, in order (linear time)."""
    parts = lin_text(text).split("|")
    if parts and not parts[-1].strip():
        parts.pop()
    out = []
    for i in range(0, len(parts), 2):
        tag = parts[i].strip().lower()
        number = i // 2 + 1
        if i + 1 >= len(parts):
            if not tag:
                break
            raise LinError(
                _("item {number}: the tag {tag} has no value (the record is truncated?)").format(number=number, tag=_show(tag))
            )
        out.append(_Item(tag, parts[i + 1].strip("\r\n"), number))
    return out


def boards(pairs: Sequence[_Item]) -> list[_Board]:
    """The pairs grouped into boards (names carry over from one board to the next)."""
    out: list[_Board] = []
    cur = _Board(1)
    for it in pairs:
        tag = it.tag
        if (tag in ("qx", "md") and cur.deal is not None) or (tag in ("pn", "ah", "sv") and cur.busy):
            out.append(cur)
            cur = _Board(len(out) + 1, names=list(cur.names))
        if tag == "pn":
            cur.names = [n.strip() for n in it.value.split(",")]
        elif tag == "ah":
            cur.title = it.value.strip()
        elif tag == "md":
            cur.deal = it
        elif tag == "sv":
            cur.vul = it
        elif tag in ("mb", "pc", "mc", "an"):
            cur.busy = True
            cur.items.append(it)
        elif tag == "nt":
            cur.items.append(it)
        elif tag == "qx":
            cur.qx = it.value.strip()
        elif tag in IGNORED:
            pass
        else:
            raise LinError(
                _("{where}, item {number}: unknown LIN tag {tag}").format(where=cur.where, number=it.number, tag=_show(tag))
            )
    if cur.deal is not None or cur.items:
        out.append(cur)
    return out


def parse_md(item: _Item, where: str) -> tuple[int, list[list[Card]]]:
    """``md|3S..H..D..C..,...|`` → (dealer, the four hands by cardcli seat N E S W)."""
    value = item.value.strip()
    at = _at(where, item, "md")
    if not value or value[0] not in "1234":
        raise LinError(
            _("{at}: the deal must start with the dealer digit 1-4 (got {value})").format(at=at, value=_show(value[:6]))
        )
    dealer = LIN_SEATS[int(value[0]) - 1]
    given = value[1:].split(",")
    if len(given) > 4:
        raise LinError(_("{at}: {n} hands, not four").format(at=at, n=len(given)))
    hands: list[list[Card] | None] = [None] * 4
    seen: dict[str, str] = {}
    for i, text in enumerate(given):
        seat = LIN_SEATS[i]
        text = text.strip().upper().replace("10", "T")
        if not text:
            continue
        cards: list[Card] = []
        suit = None
        for ch in text:
            if ch in SUITS:
                suit = ch
            elif ch in RANKS and suit is not None:
                card = Card(ch + suit)
                if card in seen:
                    raise LinError(
                        _("{at}: {card} is dealt twice ({seat} and {other})").format(
                            at=at, card=card, seat=seen[card], other=SEAT_WORDS[seat]
                        )
                    )
                seen[card] = SEAT_WORDS[seat]
                cards.append(card)
            elif ch != " ":
                raise LinError(
                    _("{at}: {char} in {seat}'s hand is not a suit or a rank").format(
                        at=at, char=_show(ch), seat=SEAT_WORDS[seat]
                    )
                )
        if len(cards) != 13:
            raise LinError(_("{at}: {seat} has {n} cards, not 13").format(at=at, seat=SEAT_WORDS[seat], n=len(cards)))
        hands[seat] = cards
    missing = [s for s in range(4) if hands[s] is None]
    if len(missing) > 1:
        raise LinError(_("{at}: {n} hands are missing; cardcli needs three hands at least").format(at=at, n=len(missing)))
    if missing:
        hands[missing[0]] = [Card(r + s) for s in SUITS for r in RANKS if r + s not in seen]
    return dealer, [list(h) for h in hands if h is not None]


def _call(value: str) -> mv.Call | None:
    t = value.strip().rstrip("!").strip().upper()
    if t in ("P", "PASS"):
        return mv.PASS
    if t in ("D", "X", "DBL"):
        return mv.DOUBLE
    if t in ("R", "XX", "RDBL"):
        return mv.REDOUBLE
    return mv.parse_bid(t) if re.fullmatch(r"[1-7](C|D|H|S|N|NT)", t) else None


def _card(value: str) -> Card | None:
    t = value.strip().upper().replace("10", "T")
    if len(t) == 2 and t[0] in SUITS and t[1] in RANKS:
        return Card(t[1] + t[0])
    if len(t) == 2 and t[1] in SUITS and t[0] in RANKS:
        return Card(t)
    return None


def _vulnerability(board: _Board) -> str:
    if board.vul is None:
        return "none"
    v = board.vul.value.strip().lower()
    if v not in VUL_IN:
        raise LinError(
            _("{at}: unknown vulnerability {value} ({none}, {ns}, {ew} or {both})").format(
                at=_at(board.where, board.vul, "sv"), value=_show(v), none="o", ns="n", ew="e", both="b"
            )
        )
    return VUL_IN[v]


@dataclass
class _Read:
    """One board read into a hand, with the record of what its file said."""

    board: _Board
    dealer: int
    vul: str
    hand: RecordedHand
    record: dict[str, Any]
    notes: list[tuple[int, str]]


def _play(table: Table[Any, Any], board: _Board) -> dict[str, Any]:
    """Push the board's calls, cards and claim through the rules; the record of what the file said."""
    game: BridgeGame = table.game  # type: ignore[assignment]
    state: BridgeState = table.state
    claimed = False
    explained: dict[str, str] = {}
    alerts: list[str] = []
    comments: list[list[Any]] = []
    claim: int | None = None
    last_call = 0  # the move number of the last call (0: none yet)

    def push(move: mv.Move, it: _Item) -> None:
        at = _at(board.where, it, f"{it.tag}|{safe(it.value[:12])}")
        if game.to_act(state) is None:
            raise LinError(_("{at}: the hand is already over").format(at=at))
        verdict = game.check(state, move)
        if not verdict.ok:
            raise LinError(
                _("{at}: {move} is illegal: {reason}").format(at=at, move=game.format_move(move), reason=verdict.reason)
            )
        table.push(move)

    for it in board.items:
        at = _at(board.where, it, f"{it.tag}|{safe(it.value[:12])}")
        if it.tag == "nt":
            if it.value.strip():
                comments.append([table.ply, it.value.strip()])
            continue
        if claimed and it.tag != "an":
            raise LinError(_("{at}: the hand ended with the claim").format(at=at))
        if it.tag == "mb":
            call = _call(it.value)
            if call is None:
                raise LinError(
                    _("{at}: {value} is not a call ({calls})").format(at=at, value=_show(it.value), calls="p, d, r, 1C … 7N")
                )
            if state.phase != "auction":
                raise LinError(_("{at}: a call after the auction is over").format(at=at))
            push(call, it)
            last_call = table.ply
            if it.value.strip().endswith("!"):
                alerts.append(str(last_call))
        elif it.tag == "an":
            if last_call and it.value.strip():
                explained[str(last_call)] = it.value.strip()
        elif it.tag == "pc":
            card = _card(it.value)
            if card is None:
                raise LinError(
                    _("{at}: {value} is not a card (suit then rank: {examples})").format(
                        at=at, value=_show(it.value), examples="SA, H10"
                    )
                )
            if state.phase not in ("play", "claim"):
                raise LinError(_("{at}: a card before the auction is over").format(at=at))
            push(mv.Play(card), it)
        elif it.tag == "mc":
            value = it.value.strip()
            if not value.isdigit() or not 0 <= int(value) <= 13:
                raise LinError(
                    _("{at}: the claim {value} is not a number of tricks from 0 to 13").format(at=at, value=_show(value))
                )
            if state.phase == "over":
                continue  # a claim recorded after the last card changes nothing
            if state.phase != "play" or state.contract is None:
                raise LinError(_("{at}: a claim before the play").format(at=at))
            _settle(table, int(value), it, push)
            claimed = True
            claim = int(value)
    kind = "complete" if state.phase == "over" else "deal" if not table.ply else "auction" if state.phase == "auction" else "play"
    rec: dict[str, Any] = {"format": "lin", "moves": table.ply, "kind": kind}
    given: tuple[tuple[str, Any], ...] = (
        ("pn", board.names),
        ("ah", board.title),
        ("qx", board.qx),
        ("sv", board.vul.value.strip() if board.vul else ""),
        ("an", explained),
        ("alert", alerts),
        ("mc", claim),
        ("comments", comments),
    )
    for key, value in given:
        if value or (value == 0 and key == "mc"):
            rec[key] = value
    return rec


def _settle(table: Table[Any, Any], tricks: int, it: _Item, push: Any) -> None:
    """``mc|tricks|``: the player to act claims (or concedes) so that declarer's side ends with ``tricks``."""
    game: BridgeGame = table.game  # type: ignore[assignment]
    state: BridgeState = table.state
    actor = game.to_act(state)
    assert actor is not None and state.contract is not None
    total = tricks if side_of(actor) == state.contract.side else 13 - tricks
    push(mv.Claim(total), it)
    while state.phase == "claim":
        push(mv.Respond(True), it)


def _config(start: str) -> BridgeConfig:
    import msgspec

    config = PRESETS["rubber"]
    if start == "none":
        return config
    return msgspec.structs.replace(config, start_vulnerable=start)  # type: ignore[arg-type]


def _read(table: Table[Any, Any], b: _Board, dealer: int, hands: list[list[Card]], vul: str) -> _Read:
    from cardcli.games.bridge.pbn import deck_for
    from cardcli.games.bridge.records import SOURCE, display_notes

    deck = deck_for(hands, dealer)
    try:
        table.deal(deck)
        rec = _play(table, b)
    except FoldError as err:
        raise LinError(f"{b.where}: {err}") from None
    from cardcli.games.bridge.records import board_number

    log = table.hands[-1].moves
    state: BridgeState = table.state
    extra: dict[str, Any] = {SOURCE: rec}
    if board_number(rec):
        extra["board"] = board_number(rec)
    return _Read(
        b,
        dealer,
        vul,
        RecordedHand(dealer, deck, [(m.seat, m.move) for m in log], extra=extra),
        rec,
        display_notes(rec, [m.move for m in log], len(state.calls)),
    )


def _meta(found: Sequence[_Read], preset: str, left_out: Sequence[str]) -> dict[str, Any]:
    meta: dict[str, Any] = {"preset": preset}
    if len(found) == 1 and found[0].board.title:
        meta["title"] = found[0].board.title
    kinds = {"deal": [], "auction": [], "play": []}  # type: dict[str, list[int]]
    for r in found:
        if r.record["kind"] in kinds:
            kinds[r.record["kind"]].append(r.board.number)
    said = []
    if kinds["deal"]:
        said.append(
            _("the deal only (boards {boards}): a deal to play, with no auction made up").format(
                boards=", ".join(map(str, kinds["deal"]))
            )
        )
    if kinds["auction"]:
        said.append(
            _("the auction stops (boards {boards}): a position to bid on from").format(
                boards=", ".join(map(str, kinds["auction"]))
            )
        )
    if kinds["play"]:
        said.append(
            _("the play stops with no claim (boards {boards}): a position to play on from, with no claim made up").format(
                boards=", ".join(map(str, kinds["play"]))
            )
        )
    if said:
        meta["import"] = "; ".join(said)
    if left_out:
        meta["left out"] = list(left_out)
    return meta


def import_lin(game: BridgeGame, text: str) -> ImportedMatch:
    """Read a LIN record (or a handviewer link) into hands a replay can verify; LinError on bad input."""
    import msgspec

    found = boards(items(text))
    if not found or all(b.deal is None for b in found):
        raise LinError(_("no board found (a LIN board has a deal: {example})").format(example="md|...|"))
    deals: list[tuple[_Board, int, list[list[Card]], str]] = []
    left_out: list[str] = []
    for b in found:
        try:
            if b.deal is None:
                raise LinError(_("{where}: no deal ({item})").format(where=b.where, item="md"))
            deals.append((b, *parse_md(b.deal, b.where), _vulnerability(b)))
        except LinError as err:
            left_out.append(str(err))
    if not deals:
        raise LinError(left_out[0])
    # one rubber, if every board is there and they follow its rotation and vulnerability (what cardcli writes)
    first_board, first_dealer, _h, start = deals[0]
    table: Table[Any, Any] = Table(game, _config(start), 4, first_dealer, strict=False)  # _play checks each move
    read: list[_Read] = []
    rubber = not left_out
    for b, dealer, hands, vul in deals:
        if not rubber:
            break
        if read and (
            not game.needs_deal(table.state)
            or dealer != game.next_dealer(table.state)
            or vul != _RUBBER_VUL[table.state.rubber.vulnerability()]
        ):
            rubber = False
            break
        try:
            read.append(_read(table, b, dealer, hands, vul))
        except LinError:
            rubber = False
            break
    if rubber:
        meta = _meta(read, "rubber", [])
        if len(read) > 1 and any(r.board.title for r in read):
            meta["boards"] = ", ".join(r.board.title or str(r.board.number) for r in read)
        return ImportedMatch(
            config=table.config,
            players=4,
            first_dealer=first_dealer,
            hands=[r.hand for r in read],
            meta=meta,
            notes=[(h, p, t) for h, r in enumerate(read, 1) for p, t in r.notes],
        )
    # independent deals: each board with its own dealer and vulnerability, scored on its own
    vul_pbn = {"none": "None", "NS": "NS", "EW": "EW", "both": "All"}
    base = PRESETS["deals"]
    read = []
    for b, dealer, hands, vul in deals:
        one: Table[Any, Any] = Table(
            game, msgspec.structs.replace(base, deals=f"{SEATS[dealer]}:{vul_pbn[vul]}"), 4, dealer, strict=False
        )
        try:
            read.append(_read(one, b, dealer, hands, vul))
        except LinError as err:
            left_out.append(str(err))
    if not read:
        raise LinError(left_out[0])
    config = msgspec.structs.replace(base, deals=" ".join(f"{SEATS[r.dealer]}:{vul_pbn[r.vul]}" for r in read))
    return ImportedMatch(
        config=config,
        players=4,
        first_dealer=read[0].dealer,
        hands=[r.hand for r in read],
        meta=_meta(read, "deals", left_out),
        notes=[(h, p, t) for h, r in enumerate(read, 1) for p, t in r.notes],
    )


def export_lin(game: BridgeGame, config: BridgeConfig, hands: Sequence[RecordedHand], meta: Mapping[str, Any]) -> str:
    """Recorded hands as LIN (:func:`.lin_write.export_lin`)."""
    from cardcli.games.bridge.lin_write import export_lin as write

    return write(game, config, hands, meta)
