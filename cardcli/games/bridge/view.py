"""What one bridge seat may know, and how the table is drawn.

A seat sees its own hand, the auction, every card played, the score, and
dummy's hand once the opening lead has been made (Law 41). A hand faced by a
claim is seen by everyone. Other hands stay hidden until the hand is over,
when all four are shown for review. A spectator (``seat=None``) sees only
the public facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardcli.engine.cards import Card, Charset, format_card
from cardcli.engine.game import HandResult, Line
from cardcli.games.bridge.auction import SEATS, Contract
from cardcli.games.bridge.moves import STRAIN_SYMBOLS, Bid, Call, Double, Pass, Redouble
from cardcli.games.bridge.play import SUIT_ORDER, sort_hand
from cardcli.games.bridge.rubber import PadLine
from cardcli.i18n import _, ngettext

if TYPE_CHECKING:
    from cardcli.games.bridge.config import BridgeConfig
    from cardcli.games.bridge.state import BridgeState


@dataclass(frozen=True)
class BridgeView:
    seat: int | None
    names: tuple[str, ...]
    config: BridgeConfig
    hand_number: int
    dealer: int
    phase: str
    calls: tuple[Call, ...]
    contract: Contract | None
    turn: int
    """The hand whose card or call is due (dummy's seat when dummy is to play)."""
    actor: int | None
    """The player who decides now (declarer when dummy is to play)."""
    hand: tuple[Card, ...]
    dummy_hand: tuple[Card, ...] | None
    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    """Completed tricks: (leader, cards in play order, winner)."""
    won: tuple[int, int]
    claim: tuple[int, int, tuple[int, ...]] | None
    """(claimer, total tricks, opponents still to answer) of a pending claim."""
    claim_blocked: tuple[int, int] | None
    vulnerable: tuple[bool, bool]
    games: tuple[int, int]
    leg: tuple[int, int]
    totals: tuple[int, int]
    game_winners: tuple[int, ...]
    pad: tuple[PadLine, ...]
    rubber_over: bool
    result: HandResult | None = None
    all_hands: tuple[tuple[Card, ...], ...] | None = None
    """The four hands as dealt once the hand is over (review); the cards still held in the replay
    viewer's "all hands" mode. Never set for a player during the hand."""

    # -- derived facts used by renderers and bots -----------------------------------------------
    @property
    def cards_played(self) -> int:
        return 4 * len(self.tricks) + len(self.trick)

    @property
    def declarer(self) -> int | None:
        return self.contract.declarer if self.contract else None

    @property
    def dummy(self) -> int | None:
        return self.contract.dummy if self.contract else None

    @property
    def watching(self) -> bool:
        """True when this seat is dummy and another plays its cards: a person sitting dummy only
        watches the play (the drivers then show the table after each trick)."""
        return (
            self.seat is not None
            and self.phase == "play"
            and self.contract is not None
            and self.seat == self.contract.dummy
            and self.actor != self.seat
        )

    def watch_lines(self, charset: Charset) -> list[Line]:
        """What a watching dummy sees after a card: the table, once each trick is complete (and after
        the opening lead, when the dummy goes down); between, the card's own line says it all."""
        if self.trick and self.cards_played != 1:
            return []
        return render_view(self, charset)

    @property
    def led_suit(self) -> str | None:
        return self.trick[0][1] if self.trick else None

    def trick_seats(self) -> list[int]:
        return [(self.leader + i) % 4 for i in range(len(self.trick))]

    def played_by(self) -> dict[int, list[Card]]:
        """Every card played so far, by the seat that played it."""
        out: dict[int, list[Card]] = {s: [] for s in range(4)}
        for leader, cards, _w in self.tricks:
            for i, c in enumerate(cards):
                out[(leader + i) % 4].append(c)
        for i, c in enumerate(self.trick):
            out[(self.leader + i) % 4].append(c)
        return out

    def visible_hand(self, seat: int) -> tuple[Card, ...] | None:
        """The cards of ``seat`` this view shows, or ``None`` when hidden."""
        if seat == self.seat:
            return self.hand
        if self.dummy_hand is not None and seat == self.dummy:
            return self.dummy_hand
        for s, cards in self.shown:
            if s == seat:
                return cards
        return None


def view_of(state: BridgeState, seat: int | None, names: Sequence[str], reveal: bool = False) -> BridgeView:
    c = state.contract
    dummy_hand = None
    if c is not None and state.lead_made:
        dummy_hand = tuple(sort_hand(state.hands[c.dummy]))
    shown = tuple((s, tuple(sort_hand(state.hands[s]))) for s in sorted(state.shown) if s != seat and (c is None or s != c.dummy))
    actor = None
    if state.phase == "auction":
        actor = state.turn
    elif state.phase == "play" and c is not None:
        actor = c.declarer if state.turn == c.dummy else state.turn
    elif state.phase == "claim" and state.claim is not None:
        actor = state.claim.responders[0]
    r = state.rubber
    return BridgeView(
        seat=seat,
        names=tuple(names),
        config=state.config,
        hand_number=state.hand_number,
        dealer=state.dealer,
        phase=state.phase,
        calls=tuple(state.calls),
        contract=c,
        turn=state.turn,
        actor=actor,
        hand=tuple(sort_hand(state.hands[seat])) if seat is not None and state.hands else (),
        dummy_hand=dummy_hand,
        shown=shown,
        hand_sizes=tuple(len(h) for h in state.hands),
        leader=state.leader,
        trick=tuple(state.trick),
        tricks=tuple((t.leader, tuple(t.cards), t.winner) for t in state.tricks),
        won=(state.won[0], state.won[1]),
        claim=(state.claim.claimer, state.claim.tricks, tuple(state.claim.responders)) if state.claim else None,
        claim_blocked=state.rejected,
        vulnerable=r.vulnerability(),
        games=(r.games[0], r.games[1]),
        leg=(r.leg[0], r.leg[1]),
        totals=(r.totals[0], r.totals[1]),
        game_winners=tuple(r.game_winners),
        pad=tuple(r.pad),
        rubber_over=r.over,
        result=state.result,
        all_hands=_all_hands(state, reveal),
    )


def _all_hands(state: BridgeState, reveal: bool) -> tuple[tuple[Card, ...], ...] | None:
    """After the hand: the four hands as dealt (review). In the replay viewer's "all hands" mode:
    the cards each hand still holds."""
    if state.phase == "over" and state.original:
        return tuple(tuple(sort_hand(h)) for h in state.original)
    if reveal and state.hands:
        return tuple(tuple(sort_hand(h)) for h in state.hands)
    return None


# -- drawing ---------------------------------------------------------------------------------------


def call_text(call: Call, charset: Charset = "ascii") -> str:
    match call:
        case Bid(level, strain):
            if charset == "unicode":
                return f"{level}{STRAIN_SYMBOLS[strain]}"
            return f"{level}{'NT' if strain == 'N' else strain}"
        case Pass():
            return "Pass" if charset != "ascii" else "P"
        case Double():
            return "X"
        case Redouble():
            return "XX"
    return str(call)


def contract_text(c: Contract, charset: Charset = "ascii", names: Sequence[str] | None = None) -> str:
    strain = STRAIN_SYMBOLS[c.strain] if charset == "unicode" else ("NT" if c.strain == "N" else c.strain)
    who = names[c.declarer] if names else SEATS[c.declarer]
    return f"{c.level}{strain}{'X' * c.doubled} " + _("by {who}").format(who=who)


def _suit_line(cards: Sequence[str], suit: str, charset: Charset) -> Line:
    ranks = [("10" if c[0] == "T" and charset != "ascii" else c[0]) for c in cards if c[1] == suit]
    sym = STRAIN_SYMBOLS[suit] if charset == "unicode" else suit
    text = " ".join(ranks) if ranks else "—" if charset == "unicode" else "-"
    if charset == "words":
        from cardcli.engine.cards import suit_word

        sym = suit_word(suit)
    return [(f"card suit-{suit}", f"{sym} "), ("", text)]


def hand_lines(cards: Sequence[str] | None, charset: Charset, size: int = 0) -> list[Line]:
    if cards is None:
        return [[("dim", ngettext("{n} card", "{n} cards", size).format(n=size))]]
    return [_suit_line(sort_hand(cards), s, charset) for s in SUIT_ORDER]


def _width(line: Line) -> int:
    return sum(len(t) for _s, t in line)


def _pad(line: Line, width: int) -> Line:
    return line + [("", " " * max(0, width - _width(line)))]


def render_view(view: BridgeView, charset: Charset) -> list[Line]:
    names = view.names
    lines: list[Line] = []
    vul = [("NS", "EW")[s] for s in (0, 1) if view.vulnerable[s]]
    if len(vul) == 2:
        vul_text = _("vul: both")
    elif vul:
        vul_text = _("vul: {v}").format(v=vul[0])
    else:
        vul_text = _("vul: none")
    if view.config.scoring == "deals":  # each deal scored on its own: no games, no part scores carried
        head = _("Hand {n} · dealer {d} · {vul}").format(n=view.hand_number, d=names[view.dealer], vul=vul_text)
    else:
        head = _("Hand {n} · dealer {d} · {vul} · games NS {a} EW {b} · part scores NS {p} EW {q}").format(
            n=view.hand_number, d=names[view.dealer], vul=vul_text, a=view.games[0], b=view.games[1], p=view.leg[0], q=view.leg[1]
        )
    lines.append([("title", head)])
    if view.contract is not None:
        c = view.contract
        lines.append(
            [
                ("label", _("Contract: ")),
                ("title", contract_text(c, charset, names)),
                ("", "  " + _("tricks NS {a}, EW {b}").format(a=view.won[0], b=view.won[1])),
            ]
        )

    # the table: North on top, West and East in the middle, South below (turned round the seat shown)
    def label(seat: int) -> str:
        tags = []
        if seat == view.seat:
            tags.append(_("you"))
        if view.contract is not None and seat == view.contract.dummy:
            tags.append(_("dummy"))
        if view.contract is not None and seat == view.contract.declarer:
            tags.append(_("declarer"))
        if view.actor is not None and view.phase in ("auction", "play", "claim") and seat == view.turn:
            tags.append("▶")
        return names[seat] + (f" ({', '.join(tags)})" if tags else "")

    def block(seat: int) -> list[Line]:
        cards = view.all_hands[seat] if view.all_hands is not None else view.visible_hand(seat)
        return [[("label", label(seat))]] + hand_lines(cards, charset, view.hand_sizes[seat] if view.hand_sizes else 0)

    indent = 22
    # the seat whose eyes these are sits at the bottom (South, for a spectator): when you play
    # partner's contract from the declarer's seat, the declarer's hand is at the bottom, dummy's on top
    bottom = table_bottom(view)
    north, south, west, east = block((bottom + 2) % 4), block(bottom), block((bottom + 1) % 4), block((bottom + 3) % 4)
    # Drawn as at a table: the auction in the empty corners left of North and South, the trick in
    # the centre. Spelt-out cards (screen readers) keep the one-column layout below the hands.
    diagram = charset != "words"
    corner = auction_corner(view, charset) if diagram else []
    north += [[] for _i in range(len(corner) - len(north))]
    centre = trick_centre(view, charset) if diagram else []
    for i, ln in enumerate(north):
        lines.append(_pad(corner[i] if i < len(corner) else [], indent) + ln)
    middle = max(len(west), len(east), len(centre) + 1 if centre else 0)
    for i in range(middle):
        left = west[i] if i < len(west) else []
        right = east[i] if i < len(east) else []
        mid = centre[i - 1] if 0 < i <= len(centre) else None
        if mid is not None and _width(left) <= indent:
            lines.append(_pad(_pad(left, indent + 2) + mid, indent * 2) + right)
        else:
            lines.append(_pad(left, indent * 2) + right)
    for i, ln in enumerate(south, len(north)):
        lines.append(_pad(corner[i] if i < len(corner) else [], indent) + ln)
    if view.phase == "over" and view.all_hands is not None:
        lines.append([("dim", _("(the hands as dealt)"))])
    if diagram:
        if view.phase == "auction" and view.calls:
            lines.append(last_call_line(view, charset))
    else:
        lines.extend(auction_lines(view, charset))
    if view.phase in ("play", "claim", "over") and view.contract is not None:
        if view.trick:
            row: Line = [("label", _("Trick {n}: ").format(n=len(view.tricks) + 1))]
            for seat, card in zip(view.trick_seats(), view.trick):
                row += [("", f"{names[seat]} "), (f"card suit-{card[1]}", format_card(card, charset)), ("", "  ")]
            lines.append(row)
        elif view.tricks:
            leader, cards, winner = view.tricks[-1]
            row = [("label", _("Last trick ({n}): ").format(n=len(view.tricks)))]
            for i, card in enumerate(cards):
                row += [("", f"{names[(leader + i) % 4]} "), (f"card suit-{card[1]}", format_card(card, charset)), ("", "  ")]
            row.append(("dim", _("won by {w}").format(w=names[winner])))
            lines.append(row)
    if view.claim is not None:
        claimer, n, waiting = view.claim
        lines.append(
            [
                (
                    "warn",
                    _("{who} claims {n} tricks in total for {side}; waiting for {w} to accept or reject").format(
                        who=names[claimer], n=n, side=("NS", "EW")[claimer % 2], w=", ".join(names[s] for s in waiting)
                    ),
                )
            ]
        )
    if view.phase == "over":
        lines.append([("title", _("The hand is over."))])
    return lines


def table_bottom(view: BridgeView) -> int:
    """The seat drawn at the bottom of the table: the view's own (South for a spectator)."""
    return view.seat if view.seat is not None else 2


def auction_corner(view: BridgeView, charset: Charset) -> list[Line]:
    """The auction in four narrow columns (W N E S), for the corner left of North and South."""
    if not view.calls and view.phase != "auction":
        return []
    order = [3, 0, 1, 2]
    cells: list[str] = [""] * order.index(view.dealer)
    cells += [call_text(c, charset) for c in view.calls]
    if view.phase == "auction":
        cells.append("?")
    out: list[Line] = [[("dim", "".join(f"{view.names[s][0]:<5}" for s in order).rstrip())]]
    for i in range(0, len(cells), 4):
        out.append([("", "".join(f"{c:<5}" for c in cells[i : i + 4]).rstrip())])
    return out


def trick_centre(view: BridgeView, charset: Charset) -> list[Line]:
    """The cards of the trick in play (or of the last one) in the centre of the table, each on
    its seat's side: North's above, West's and East's either side, South's below (turned as the
    table is: the seat shown is below)."""
    if view.trick:
        played = dict(zip(view.trick_seats(), view.trick))
    elif view.tricks and view.phase in ("play", "claim", "over"):
        leader, cards, _winner = view.tricks[-1]
        played = {(leader + i) % 4: c for i, c in enumerate(cards)}
    else:
        return []

    def cell(seat: int) -> Line:
        card = played.get(seat)
        return [(f"card suit-{card[1]}", format_card(card, charset))] if card else []

    b = table_bottom(view)
    return [
        [("", " " * 6)] + cell((b + 2) % 4),
        [("", " " * 1)] + _pad(cell((b + 1) % 4), 10) + cell((b + 3) % 4),
        [("", " " * 6)] + cell(b),
    ]


def auction_lines(view: BridgeView, charset: Charset) -> list[Line]:
    """The auction in four columns, West North East South, as bridge columns are written."""
    if not view.calls and view.phase != "auction":
        return []
    names = view.names
    order = [3, 0, 1, 2]
    out: list[Line] = [[("label", _("Auction:"))]]
    out.append([("dim", "  " + "".join(f"{names[s]:<9}" for s in order))])
    cells: list[str] = [""] * order.index(view.dealer)
    cells += [call_text(c, charset) for c in view.calls]
    if view.phase == "auction":
        cells.append("?")
    for i in range(0, len(cells), 4):
        out.append([("", "  " + "".join(f"{c:<9}" for c in cells[i : i + 4]))])
    if view.phase == "auction" and view.calls:
        out.append(last_call_line(view, charset))
    return out


def last_call_line(view: BridgeView, charset: Charset) -> Line:
    """What the last call means, from the system's one reading of the auction (``explain`` says the same)."""
    from cardcli.games.bridge.bidding import read_auction, score_for_side

    reading = read_auction(view.dealer, view.calls, score_for_side(view.vulnerable, view.leg))
    seat = (view.dealer + len(view.calls) - 1) % 4
    return [
        (
            "dim",
            "  "
            + _("{who}'s {call}: {meaning}").format(
                who=view.names[seat], call=call_text(view.calls[-1], charset), meaning=reading.texts[-1]
            ),
        )
    ]


def status_line(view: BridgeView) -> str:
    names = view.names
    parts = [f"bridge · {_('hand')} {view.hand_number}"]
    if view.contract is not None:
        parts.append(contract_text(view.contract, "ascii", None))
        parts.append(_("tricks NS {a} EW {b}").format(a=view.won[0], b=view.won[1]))
    if view.phase == "over":
        parts.append(_("hand over"))
    elif view.actor is not None:
        if view.actor == view.seat:
            if view.phase == "auction":
                parts.append(_("your call"))
            elif view.phase == "claim":
                parts.append(_("answer the claim"))
            elif view.contract is not None and view.turn == view.contract.dummy:
                parts.append(_("your play from dummy"))
            else:
                parts.append(_("your play"))
        else:
            parts.append(_("{who} to act").format(who=names[view.actor]))
    vul = [("NS", "EW")[s] for s in (0, 1) if view.vulnerable[s]]
    parts.append(_("vul: {v}").format(v="/".join(vul) if vul else _("none")))
    parts.append(_("score NS {a} EW {b}").format(a=view.totals[0], b=view.totals[1]))
    return " · ".join(parts)
