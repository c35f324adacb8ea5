"""BBO LIN: cardcli's own reader and writer of Bridge Base Online's hand records.

LIN is a flat stream of ``tag|value|`` pairs (rules digest, "Bridge formats"):

====  ====================================================================================
pn    player names, South West North East (once for the file, or per board)
md    dealer digit (1 S, 2 W, 3 N, 4 E), then the hands from South clockwise, comma
      separated, each ``S..H..D..C..``; the fourth hand may be left out
sv    vulnerability: ``o`` (or ``0``, ``-``) none, ``n`` NS, ``e`` EW, ``b`` both
mb    a call: ``p``, ``d``, ``r``, ``1C`` … ``7N``; a trailing ``!`` marks an alert
an    the alert text (explanation) of the previous call (kept as a note for alerted calls)
pc    a card played, suit first (``SA``, ``H10``)
mc    the claim: the total of tricks declarer's side takes
ah    the board's title; ``qx`` the board id (``o1``: open room, board 1)
====  ====================================================================================

Layout tags (``rh st pg nt sk bt …``) are ignored; any other tag is refused, as
are bad cards, calls or moves the rules forbid, each in one line naming the board
and the item. A new board starts at ``qx`` or ``md`` once a board has its deal, or at
``pn``/``ah``/``sv`` once it has calls. A handviewer link (``…handviewer.html?lin=…``,
URL-encoded or not) is read as the LIN it carries.

Reading plays every call and card through the rules (a :class:`Table`, as the PBN
reader does). A claim becomes the claim by the player to act and its acceptance; a
play that stops early without a claim cannot be settled and is refused. Boards that
follow a rubber's rotation (dealer clockwise, vulnerability as the rubber gives it:
what cardcli writes) form one rubber; otherwise — tournament boards, each with its own
dealer and vulnerability — every board is a single deal of its own (the import writes
one replay per board). Writing (:func:`export_lin`) gives one line, one board, per
hand, with the bidding system's meaning of each call as its ``an`` text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote_plus

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
IGNORED = frozenset({"rh", "st", "pg", "nt", "sk", "bt", "hs", "at", "pf", "px", "pw", "bn", "mn", "vg", "rs",
                     "lb", "sa", "cr", "cg", "ha", "kh", "hc", "fh", "ob", "ht"})
VUL_IN = {"o": "none", "0": "none", "-": "none", "n": "NS", "e": "EW", "b": "both"}
VUL_OUT = {"None": "o", "NS": "n", "EW": "e", "All": "b"}
SEAT_WORDS = ("North", "East", "South", "West")
_RUBBER_VUL = {(False, False): "none", (True, False): "NS", (False, True): "EW", (True, True): "both"}


class LinError(ValueError):
    """A LIN record cardcli cannot use; the message names the board and the item."""


class ImportedBoards(ImportedMatch):
    """Boards that are not one rubber: ``parts`` holds one single-deal match per board."""

    def __init__(self, parts: list[ImportedMatch]) -> None:
        first = parts[0]
        super().__init__(first.config, first.players, first.first_dealer, first.hands, first.meta)
        self.parts = parts


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
    """The LIN in ``text``: itself, or what a handviewer link's ``lin=`` parameter carries."""
    m = re.search(r"(?:^|[?&#\s])lin=([^&\s]*)", text)
    if m and "|" not in text[:m.start()]:
        return unquote_plus(m.group(1))
    return text


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
            raise LinError(_("item {number}: the tag {tag} has no value (the record is truncated?)").format(
                number=number, tag=_show(tag)))
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
        elif tag == "qx" or tag in IGNORED:
            pass
        else:
            raise LinError(_("{where}, item {number}: unknown LIN tag {tag}").format(
                where=cur.where, number=it.number, tag=_show(tag)))
    if cur.deal is not None or cur.items:
        out.append(cur)
    return out


def parse_md(item: _Item, where: str) -> tuple[int, list[list[Card]]]:
    """``md|3S..H..D..C..,...|`` → (dealer, the four hands by cardcli seat N E S W)."""
    value = item.value.strip()
    at = _at(where, item, "md")
    if not value or value[0] not in "1234":
        raise LinError(_("{at}: the deal must start with the dealer digit 1-4 (got {value})").format(
            at=at, value=_show(value[:6])))
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
                    raise LinError(_("{at}: {card} is dealt twice ({seat} and {other})").format(
                        at=at, card=card, seat=seen[card], other=SEAT_WORDS[seat]))
                seen[card] = SEAT_WORDS[seat]
                cards.append(card)
            elif ch != " ":
                raise LinError(_("{at}: {char} in {seat}'s hand is not a suit or a rank").format(
                    at=at, char=_show(ch), seat=SEAT_WORDS[seat]))
        if len(cards) != 13:
            raise LinError(_("{at}: {seat} has {n} cards, not 13").format(
                at=at, seat=SEAT_WORDS[seat], n=len(cards)))
        hands[seat] = cards
    missing = [s for s in range(4) if hands[s] is None]
    if len(missing) > 1:
        raise LinError(_("{at}: {n} hands are missing; cardcli needs three hands at least").format(
            at=at, n=len(missing)))
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
        raise LinError(_("{at}: unknown vulnerability {value} ({none}, {ns}, {ew} or {both})").format(
            at=_at(board.where, board.vul, "sv"), value=_show(v), none="o", ns="n", ew="e", both="b"))
    return VUL_IN[v]


def _play(table: Table[Any, Any], board: _Board, notes: list[str]) -> None:
    """Push the board's calls, cards and claim through the rules."""
    game: BridgeGame = table.game  # type: ignore[assignment]
    state: BridgeState = table.state
    last_call = ""
    claimed = False

    def push(move: mv.Move, it: _Item) -> None:
        at = _at(board.where, it, f"{it.tag}|{safe(it.value[:12])}")
        if game.to_act(state) is None:
            raise LinError(_("{at}: the hand is already over").format(at=at))
        verdict = game.check(state, move)
        if not verdict.ok:
            raise LinError(_("{at}: {move} is illegal: {reason}").format(
                at=at, move=game.format_move(move), reason=verdict.reason))
        table.push(move)

    for it in board.items:
        at = _at(board.where, it, f"{it.tag}|{safe(it.value[:12])}")
        if claimed and it.tag != "an":
            raise LinError(_("{at}: the hand ended with the claim").format(at=at))
        if it.tag == "mb":
            call = _call(it.value)
            if call is None:
                raise LinError(_("{at}: {value} is not a call ({calls})").format(
                    at=at, value=_show(it.value), calls="p, d, r, 1C … 7N"))
            if state.phase != "auction":
                raise LinError(_("{at}: a call after the auction is over").format(at=at))
            push(call, it)
            last_call = mv.format_call(call) + ("!" if it.value.strip().endswith("!") else "")
        elif it.tag == "an":
            if last_call.endswith("!") and it.value.strip():
                notes.append(f"{board.where}: {last_call} {it.value.strip()}")
        elif it.tag == "pc":
            card = _card(it.value)
            if card is None:
                raise LinError(_("{at}: {value} is not a card (suit then rank: {examples})").format(
                    at=at, value=_show(it.value), examples="SA, H10"))
            if state.phase not in ("play", "claim"):
                raise LinError(_("{at}: a card before the auction is over").format(at=at))
            push(mv.Play(card), it)
        elif it.tag == "mc":
            value = it.value.strip()
            if not value.isdigit() or not 0 <= int(value) <= 13:
                raise LinError(_("{at}: the claim {value} is not a number of tricks from 0 to 13").format(
                    at=at, value=_show(value)))
            if state.phase == "over":
                continue  # a claim recorded after the last card changes nothing
            if state.phase != "play" or state.contract is None:
                raise LinError(_("{at}: a claim before the play").format(at=at))
            _settle(table, int(value), it, push)
            claimed = True
    if state.phase == "auction":
        raise LinError(_("{where}: the auction is incomplete").format(where=board.where))
    if state.phase != "over":
        raise LinError(_("{where}: the play stops after {n} cards with no claim ({item}) saying how it ended").format(
            where=board.where, n=state.cards_played, item="mc"))


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


def _meta(board: _Board, notes: Sequence[str], title: str | None) -> dict[str, Any]:
    meta: dict[str, Any] = {"preset": "rubber"}
    names = board.names + [""] * (4 - len(board.names))
    if any(names[:4]) and names[:4] != ["South", "West", "North", "East"]:
        meta["players"] = ", ".join(f"{s} {n}" for s, n in zip("SWNE", names) if n)
    if notes:
        meta["alerts"] = "; ".join(notes)
    if title:
        meta["title"] = title
    return meta


def import_lin(game: BridgeGame, text: str) -> ImportedMatch:
    """Read a LIN record (or a handviewer link) into hands a replay can verify; LinError on bad input."""
    from cardcli.games.bridge.pbn import deck_for

    found = boards(items(text))
    if not found or all(b.deal is None for b in found):
        raise LinError(_("no board found (a LIN board has a deal: {example})").format(example="md|...|"))
    for b in found:
        if b.deal is None:
            raise LinError(_("{where}: no deal ({item})").format(where=b.where, item="md"))
    deals = [(b, *parse_md(b.deal, b.where), _vulnerability(b)) for b in found if b.deal is not None]
    # one rubber, if the boards follow its rotation and vulnerability
    first_board, first_dealer, _h, start = deals[0]
    # the board readers check each move themselves, with their own messages: the tables need not again
    table: Table[Any, Any] = Table(game, _config(start), 4, first_dealer, strict=False)
    hands_out: list[RecordedHand] = []
    notes: list[str] = []
    rubber = True
    for b, dealer, hands, vul in deals:
        if hands_out and (dealer != game.next_dealer(table.state)
                          or vul != _RUBBER_VUL[table.state.rubber.vulnerability()]):
            rubber = False
            break
        deck = deck_for(hands, dealer)
        try:
            table.deal(deck)
            _play(table, b, notes)
        except FoldError as err:
            raise LinError(f"{b.where}: {err}") from None
        hands_out.append(RecordedHand(dealer, deck, [(m.seat, m.move) for m in table.hands[-1].moves]))
        if game.match_over(table.state) and len(hands_out) < len(deals):
            rubber = False
            break
    if rubber:
        title = first_board.title if len(deals) == 1 else None
        meta = _meta(first_board, notes, title)
        if len(deals) > 1 and any(b.title for b, *_rest in deals):
            meta["boards"] = ", ".join(b.title or str(b.number) for b, *_rest in deals)
        return ImportedMatch(config=table.config, players=4, first_dealer=first_dealer, hands=hands_out, meta=meta)
    parts = []
    for b, dealer, hands, vul in deals:
        one: Table[Any, Any] = Table(game, _config(vul), 4, dealer, strict=False)
        board_notes: list[str] = []
        deck = deck_for(hands, dealer)
        try:
            one.deal(deck)
            _play(one, b, board_notes)
        except FoldError as err:
            raise LinError(f"{b.where}: {err}") from None
        moves = [(m.seat, m.move) for m in one.hands[-1].moves]
        parts.append(ImportedMatch(config=one.config, players=4, first_dealer=dealer,
                                   hands=[RecordedHand(dealer, deck, moves)],
                                   meta=_meta(b, board_notes, b.title or f"board {b.number}")))
    return ImportedBoards(parts)


# -- writing -----------------------------------------------------------------------------------------

def _clean(text: str) -> str:
    """Text that cannot break the ``tag|value|`` stream."""
    return " ".join(text.replace("|", "/").replace(",", " ").split())


def lin_hand(cards: Sequence[str]) -> str:
    return "".join(s + "".join(r for r in RANKS if r + s in cards) for s in SUITS)


def export_lin(game: BridgeGame, config: BridgeConfig, hands: Sequence[RecordedHand],
               meta: Mapping[str, Any]) -> str:
    """Recorded hands as LIN, one board (one line) per hand (``replay export FILE --format lin``)."""
    from cardcli.games.bridge.bidding import Score, interpret
    from cardcli.games.bridge.pbn import _replay_hands

    names = list(meta.get("seats") or ["North", "East", "South", "West"])
    pn = ",".join(_clean(names[s]) for s in LIN_SEATS)
    lines = []
    for number, rec in enumerate(_replay_hands(game, config, hands), 1):
        d = rec.detail
        vul = str(d.get("vulnerable", "None"))
        digit = LIN_SEATS.index(rec.dealer) + 1
        md = str(digit) + ",".join(lin_hand(rec.original[s]) for s in LIN_SEATS)
        out = [f"pn|{pn}|st||md|{md}|rh||ah|Board {number}|sv|{VUL_OUT.get(vul, 'o')}|"]
        vul_pair = (vul in ("NS", "All"), vul in ("EW", "All"))

        def score_for(seat: int, vul_pair: tuple[bool, bool] = vul_pair) -> Score:
            side = seat % 2
            return Score(vul=(vul_pair[side], vul_pair[1 - side]), leg=(0, 0))
        texts, _know = interpret(rec.dealer, rec.calls, score_for) if rec.calls else ([], [])
        for call, text in zip(rec.calls, texts):
            token = {"P": "p", "X": "d", "XX": "r"}.get(mv.format_call(call), mv.format_call(call))
            out.append(f"mb|{token}|" + (f"an|{_clean(text)}|" if text and not isinstance(call, mv.Pass) else ""))
        out.append("pg||")
        for i, card in enumerate(rec.plays):
            out.append(f"pc|{card[1]}{card[0]}|")
            if i % 4 == 3:
                out.append("pg||")
        claim = _final_claim(rec.claims, len(rec.plays), str(d.get("declarer", "")))
        if claim is not None:
            out.append(f"mc|{claim}|")
        lines.append("".join(out))
    return "\n".join(lines) + "\n"


def _final_claim(claims: Sequence[str], played: int, declarer: str) -> int | None:
    """The accepted claim that ended the play, as declarer's side's tricks (LIN's ``mc``)."""
    if not claims or declarer not in SEATS or not declarer:
        return None
    m = re.fullmatch(r"([NESW]) (\d+) @(\d+)((?: [NESW][+-])+)", claims[-1])
    if not m or int(m.group(3)) != played or "-" in m.group(4):
        return None
    n = int(m.group(2))
    return n if side_of(SEATS.index(m.group(1))) == side_of(SEATS.index(declarer)) else 13 - n
