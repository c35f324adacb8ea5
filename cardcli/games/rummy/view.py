"""What one rummy seat may know, and how it is drawn.

A view holds the seat's own hand and the public table: melds, the discard
pile (every card in it was seen face up), the size of the stock and of every
other hand. The other hands and the stock's order are never in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardcli.engine.cards import Card, Charset, format_card, sorted_cards
from cardcli.engine.game import HandResult, Line
from cardcli.engine.text import card_class, card_fragments
from cardcli.i18n import _, ngettext

if TYPE_CHECKING:
    from cardcli.games.rummy.config import RummyConfig
    from cardcli.games.rummy.state import RummyState


@dataclass(frozen=True)
class MeldView:
    number: int
    owner: int
    kind: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class RummyView:
    seat: int | None
    names: tuple[str, ...]
    config: RummyConfig
    hand_number: int
    dealer: int
    turn: int
    phase: str
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]
    melds: tuple[MeldView, ...]
    owns_meld: tuple[bool, ...]
    taken: Card | None
    turnovers: int
    totals: tuple[int, ...]
    target: int
    result: HandResult | None = None
    all_hands: tuple[tuple[Card, ...], ...] | None = field(default=None)
    """Only in the replay viewer's "all hands" mode (never given to a player)."""

    @property
    def discard_top(self) -> Card | None:
        return self.discard[-1] if self.discard else None


def view_of(state: RummyState, seat: int | None, names: list[str], reveal: bool = False) -> RummyView:
    return RummyView(
        seat=seat,
        names=tuple(names),
        config=state.config,
        hand_number=state.hand_number,
        dealer=state.dealer,
        turn=state.turn,
        phase=state.phase,
        hand=tuple(sorted_cards(state.hands[seat])) if seat is not None and state.hands else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.stock),
        discard=tuple(state.discard),
        melds=tuple(MeldView(i + 1, m.owner, m.meld.kind, m.meld.cards) for i, m in enumerate(state.melds)),
        owns_meld=tuple(state.owns_meld(s) for s in range(state.players)),
        taken=state.taken if seat == state.turn else None,
        turnovers=state.turnovers,
        totals=tuple(state.totals),
        target=state.config.target_for(state.players),
        result=state.result,
        all_hands=tuple(tuple(sorted_cards(h)) for h in state.hands) if reveal or state.phase == "over" else None,
    )


def render_view(view: RummyView, charset: Charset) -> list[Line]:
    lines: list[Line] = []
    names = view.names
    head = ngettext("Hand {n} · dealer {d} · stock {s} card", "Hand {n} · dealer {d} · stock {s} cards", view.stock_size).format(
        n=view.hand_number, d=names[view.dealer], s=view.stock_size
    )
    if view.turnovers:
        head += " · " + _("turned over {t}×").format(t=view.turnovers)
    lines.append([("title", head)])
    top = view.discard_top
    pile: Line = [("label", _("Discard pile: "))]
    if top is None:
        pile.append(("", _("empty")))
    else:
        # the last discard, highlighted (brackets survive without colour)
        pile += [("label", "["), (card_class(top) + " turn", format_card(top, charset)), ("label", "]")]
        pile.append(("dim", "  (" + ngettext("{n} card", "{n} cards", len(view.discard)).format(n=len(view.discard)) + ")"))
    lines.append(pile)
    if view.melds:
        lines.append([("label", _("Melds on the table:"))])
        for m in view.melds:
            lines.append([("label", f"  [{m.number}] "), ("", f"{names[m.owner]}: ")] + card_fragments(m.cards, charset))
    else:
        lines.append([("label", _("Melds on the table: ")), ("dim", _("none yet"))])
    row: Line = [("label", _("Players: "))]
    for i, n in enumerate(names):
        if i:
            row.append(("dim", " | "))
        marker = "▶ " if i == view.turn and view.phase in ("draw", "play") else ""
        if charset != "unicode" and marker:
            marker = "> "
        row.append(("turn" if marker else "", f"{marker}{n}"))
        size = view.hand_sizes[i] if view.hand_sizes else 0
        row.append(
            ("", " " + ngettext("{c} card", "{c} cards", size).format(c=size) + ", " + _("{p} pts").format(p=view.totals[i]))
        )
    lines.append(row)
    if view.all_hands is not None and view.seat is None:
        for i, h in enumerate(view.all_hands):
            lines.append([("label", f"{names[i]}: ")] + card_fragments(h, charset))
    if view.seat is not None:
        from cardcli.games.handline import hand_lines

        after: Line = [("dim", "  " + _("(took {c}: discard another card)").format(c=view.taken))] if view.taken else []
        lines.extend(hand_lines([("label", _("Your hand ({n}): ").format(n=len(view.hand)))], view.hand, charset, after))
    if view.result is not None and view.phase == "over":
        lines.append([("title", _("The hand is over."))])
    return lines


def status_line(view: RummyView) -> str:
    names = view.names
    if view.phase == "over":
        phase = _("hand over")
    elif view.seat == view.turn:
        phase = _("your turn: draw") if view.phase == "draw" else _("your turn: meld, lay off, discard")
    else:
        phase = _("{who} to play").format(who=names[view.turn])
    scores = " ".join(f"{n}:{t}" for n, t in zip(names, view.totals))
    return f"rummy · {_('hand')} {view.hand_number} · {phase} · {scores} / {view.target}"
