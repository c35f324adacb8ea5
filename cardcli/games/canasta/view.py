"""What one canasta seat may know, and how it is drawn.

A view holds the seat's own hand and the public table: both sides' melds and
canastas, red threes, the face-up part of the pozzo (every card in it was seen
face up, including the upcards that could not start it), the size of the
covered block, of the stock and of every hand. The covered block, the stock
and the other hands are never in it (the playout tests shuffle them and check
that the view does not change).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardcli.engine.cards import Card, Charset, format_card
from cardcli.engine.game import HandResult, Line
from cardcli.engine.text import card_class, card_fragments, text_width
from cardcli.games.canasta import seating
from cardcli.games.canasta.opening import minimum, pending_value
from cardcli.games.canasta.tablemelds import CANASTA_NAMES, canasta_kind
from cardcli.games.canasta.tokens import is_black_three, sort_cards, token
from cardcli.i18n import _, ngettext

if TYPE_CHECKING:
    from cardcli.games.canasta.config import CanastaConfig
    from cardcli.games.canasta.state import CanastaState


@dataclass(frozen=True)
class MeldView:
    key: str
    cards: tuple[Card, ...]
    closed: bool
    pending: bool
    canasta: str | None
    """The kind of canasta (``clean``, ``dirty``, ``pinelle-clean`` …) once it has seven cards."""

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(token(c) for c in self.cards)

    @property
    def wild(self) -> bool:
        return self.key == "W"

    def shape(self) -> tuple[int, int, int]:
        toks = self.tokens
        j = toks.count("JK")
        t = toks.count("2")
        return len(toks) - j - t, j, t


@dataclass(frozen=True)
class CanastaView:
    seat: int | None
    names: tuple[str, ...]
    side_names: tuple[str, ...]
    players: int
    config: CanastaConfig
    hand_number: int
    dealer: int
    turn: int
    to_act: int | None
    phase: str
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pozzo: tuple[Card, ...]
    """The face-up part of the pozzo, top card last."""
    covered: int
    rejected: tuple[Card, ...]
    needs_three: bool
    melds: tuple[tuple[MeldView, ...], ...]
    red3: tuple[tuple[Card, ...], ...]
    opened: tuple[bool, ...]
    minimum: tuple[int, ...]
    pending: tuple[int, ...]
    """Points of an opening under way, per side."""
    totals: tuple[int, ...]
    target: int
    asked: str | None
    result: HandResult | None = None
    all_hands: tuple[tuple[Card, ...], ...] | None = field(default=None)
    """Only in the replay viewer's "all hands" mode, or once the hand is over."""

    @property
    def top(self) -> Card | None:
        return self.pozzo[-1] if self.pozzo else None

    @property
    def pozzo_size(self) -> int:
        return len(self.pozzo) + self.covered

    def side_of(self, seat: int) -> int:
        return seating.side_of(self.players, seat)

    def partner(self, seat: int) -> int | None:
        return seating.partner(self.players, seat)

    def next_seat(self, seat: int) -> int:
        return seating.next_seat(self.players, self.config.direction, seat)


def view_of(state: CanastaState, seat: int | None, names: list[str], side_names: list[str], reveal: bool = False) -> CanastaView:
    cfg = state.config
    dealt = bool(state.hands)
    over = state.phase == "over"
    return CanastaView(
        seat=seat,
        names=tuple(names),
        side_names=tuple(side_names),
        players=state.players,
        config=cfg,
        hand_number=state.hand_number,
        dealer=state.dealer,
        turn=state.turn,
        to_act=state.to_act(),
        phase=state.phase,
        hand=tuple(sort_cards(state.hands[seat])) if seat is not None and dealt else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        pozzo=tuple(state.pozzo),
        covered=len(state.covered),
        rejected=tuple(state.rejected),
        needs_three=state.needs_three,
        melds=tuple(
            tuple(MeldView(m.key, tuple(m.cards), m.closed, m.pending, canasta_kind(m)) for m in side) for side in state.melds
        ),
        red3=tuple(tuple(c for s in state.seats_of(side) for c in state.red3[s]) for side in range(2)) if dealt else ((), ()),
        opened=tuple(state.opened) if dealt else (False, False),
        minimum=tuple(minimum(t, cfg) for t in (state.start_totals or [0, 0])),
        pending=tuple(pending_value(side, cfg) for side in state.melds) if dealt else (0, 0),
        totals=tuple(state.totals),
        target=cfg.target,
        asked=state.asked,
        result=state.result,
        all_hands=tuple(tuple(sort_cards(h)) for h in state.hands) if (reveal or over) and dealt else None,
    )


# ---------------------------------------------------------------------------------------------
# drawing


def _frags(cards: tuple[Card, ...] | list[Card], charset: Charset) -> Line:
    return card_fragments(cards, charset)


def _key_label(key: str, charset: Charset) -> str:
    """A meld's key (its rank, or ``W`` for the wild meld) as the hand writes ranks: ``10`` / ``T`` / ``ten``."""
    from cardcli.engine.cards import RANK_NAMES

    if key == "W":
        return _("wild") if charset == "words" else " W"
    if charset == "words":
        return _(RANK_NAMES.get(key, key) + "s")
    label = "10" if key == "T" and charset == "unicode" else key
    return f"{label:>2}"


def _meld_text(m: MeldView) -> str:
    """A meld as rank tokens: suits never matter, so ``K K K K JK 2`` says it all."""
    return " ".join(m.tokens)


MELD_ROW = 78
"""Melds are packed several to a line up to this width, so a late hand's table (ten melds a side)
still leaves the pozzo, the players and the hand on an 80x24 screen."""


def _meld_piece(m: MeldView, charset: Charset) -> Line:
    """One meld: its rank, its cards (a closed canasta, squared up, by its size), what it is."""
    tag = ""
    if m.canasta:
        tag = " [" + _(CANASTA_NAMES[m.canasta]) + (", " + _("closed") if m.closed else "") + "]"
    elif len(m.cards) == 6 and m.key != "W":
        tag = " [" + _("progetto") + "]"
    if m.pending:
        tag += " (" + _("opening") + ")"
    head: Line = [("label", f"{_key_label(m.key, charset)}: ")]
    if m.closed:
        return head + [("", ngettext("{n} card", "{n} cards", len(m.cards)).format(n=len(m.cards)))] + [("dim", tag)]
    return head + _frags(m.cards, charset) + [("dim", tag)]


def _meld_rows(pieces: list[Line], width: int = MELD_ROW) -> list[Line]:
    rows: list[Line] = []
    row: Line = []
    for piece in pieces:
        used = sum(text_width(t) for _s, t in row)
        size = sum(text_width(t) for _s, t in piece)
        if row and used + 3 + size > width:
            rows.append(row)
            row = []
        row = row + ([("dim", "   ")] if row else [("", "  ")]) + piece
    if row:
        rows.append(row)
    return rows


def render_view(view: CanastaView, charset: Charset) -> list[Line]:
    lines: list[Line] = []
    names = view.names
    head = _("Hand {n} · dealer {d} · stock {s}").format(n=view.hand_number, d=names[view.dealer], s=view.stock_size)
    lines.append([("title", head)])
    # the pozzo
    pz: Line = [("label", _("Pozzo: "))]
    if view.top is None:
        pz.append(("", _("empty")))
    else:
        # the last discard, highlighted (brackets survive without colour)
        pz += [("label", "["), (card_class(view.top) + " turn", format_card(view.top, charset)), ("label", "]")]
        pz.append(
            (
                "",
                "  "
                + ngettext("({n} card", "({n} cards", view.pozzo_size).format(n=view.pozzo_size)
                + (_(", {c} face down").format(c=view.covered) if view.covered else "")
                + ")",
            )
        )
        if is_black_three(view.top):
            pz.append(("warn", "  " + _("frozen: black three on top")))
        elif token(view.top) in ("JK", "2") and not view.config.wild_top_takeable:
            pz.append(("warn", "  " + _("frozen: wildcard on top")))
        if view.needs_three:
            pz.append(("warn", "  " + _("three matching cards needed (a wildcard was discarded)")))
    lines.append(pz)
    if len(view.pozzo) > 1:
        under = list(view.pozzo[:-1])
        more: Line = [("dim", "… ")] if len(under) > 20 else []
        lines.append([("dim", "  " + _("discards under it: "))] + more + _frags(under[-20:], charset))
    if view.rejected and view.covered:
        lines.append([("dim", "  " + _("turned and covered at the start: "))] + _frags(view.rejected, charset))
    # the sides
    for side in range(2):
        seats = [s for s in range(view.players) if view.side_of(s) == side]
        who = " & ".join(names[s] for s in seats)
        label = view.side_names[side] if view.players == 4 else names[side]
        status = _("opened") if view.opened[side] else _("not opened (needs {n})").format(n=view.minimum[side])
        if view.pending[side] and not view.opened[side]:
            status = _("opening: {have} of {need}").format(have=view.pending[side], need=view.minimum[side])
        row: Line = [
            ("title", f"{label}"),
            ("", f" ({who}) · " if view.players == 4 else " · "),
            ("", status),
            ("", " · " + _("{p} pts").format(p=view.totals[side])),
        ]
        if view.red3[side]:
            row.append(("", " · " + _("red threes: ")))
            row += _frags(view.red3[side], charset)
        lines.append(row)
        lines.extend(_meld_rows([_meld_piece(m, charset) for m in view.melds[side]]))
    # the players
    row = [("label", _("Players: "))]
    for i, n in enumerate(names):
        if i:
            row.append(("dim", " | "))
        acting = i == view.to_act
        marker = ("▶ " if charset == "unicode" else "> ") if acting else ""
        row.append(("turn" if acting else "", f"{marker}{n}"))
        size = view.hand_sizes[i] if view.hand_sizes else 0
        row.append(("", " " + ngettext("{c} card", "{c} cards", size).format(c=size)))
    lines.append(row)
    if view.all_hands is not None and (view.seat is None or view.phase == "over"):
        for i, h in enumerate(view.all_hands):
            if i != view.seat:
                lines.append([("label", f"{names[i]}: ")] + _frags(h, charset))
    if view.seat is not None:
        from cardcli.games.handline import hand_lines

        lines.extend(hand_lines([("label", _("Your hand ({n}): ").format(n=len(view.hand)))], view.hand, charset))
        note = _prompt_note(view)
        if note:
            lines.append([("hint", note)])
    if view.phase == "over":
        lines.append([("title", _("The hand is over."))])
    return lines


def _prompt_note(view: CanastaView) -> str:
    if view.seat is None or view.to_act != view.seat:
        return ""
    if view.phase == "answer":
        return _("{who} asks: may I go out? Answer `yes` or `no`.").format(who=view.names[view.turn])
    side = view.side_of(view.seat)
    if view.phase == "start":
        if not view.opened[side] and view.pending[side]:
            # an opening under way: it is complete at the draw (or the take), not before
            if view.pending[side] >= view.minimum[side]:
                return _(
                    "Your opening is worth {have} of the {need} needed: meld more if you like, then `draw` "
                    "or `take` to complete it."
                ).format(have=view.pending[side], need=view.minimum[side])
            return _("Your opening is worth {have} of the {need} needed: lay down more melds before you draw.").format(
                have=view.pending[side], need=view.minimum[side]
            )
        if not view.opened[side]:
            return _(
                "Your side has not opened: if you can, open now, before drawing, with melds worth {n} or "
                "more (`meld ...`); then `draw` or `take`."
            ).format(n=view.minimum[side])
        return _("`draw` two cards, or `take` the pozzo.")
    if not view.opened[side]:
        return _("Your side has not opened: discard a card (you can open before drawing next turn).")
    if view.asked == "yes":
        return _("Your partner said yes: you may go out.")
    if view.asked == "no":
        return _("Your partner said no: you may not go out this turn.")
    return _("Meld, add to your melds, then discard.")


def status_line(view: CanastaView, legal: Sequence[str] = ()) -> str:
    """The toolbar; ``legal`` (the moves open to the viewer now) names only what the turn allows."""
    names = view.names
    if view.phase == "over":
        phase = _("hand over")
    elif view.to_act == view.seat and view.seat is not None:
        side = view.side_of(view.seat)
        start = _("your turn: draw or take") if view.opened[side] else _("your turn: open, draw or take")
        phase = {"start": start, "play": _("your turn: meld, add, discard"), "answer": _("answer your partner")}.get(
            view.phase, view.phase
        )
        if view.phase == "play" and legal:
            words = {"meld": _("meld"), "add": _("add"), "discard": _("discard"), "ask": _("ask")}
            kinds = [words[k] for k in dict.fromkeys(m.split(" ", 1)[0] for m in legal) if k in words]
            phase = _("your turn: {moves}").format(moves=", ".join(kinds)) if kinds else phase
    elif view.to_act is not None:
        phase = _("{who} to play").format(who=names[view.to_act])
    else:
        phase = ""
    labels = view.side_names if view.players == 4 else names
    scores = "  ".join(f"{n} {t}" for n, t in zip(labels, view.totals))
    return f"canasta · {_('hand')} {view.hand_number} · {phase} · {scores} " + _("(target {t})").format(t=view.target)
