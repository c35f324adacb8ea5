"""What one burraco seat may know, and how it is drawn.

A view holds the seat's own hand and the public table: every meld with its
team and burraco kind, the whole discard pile (every card in it was seen face
up), how many cards the stock, the pozzetti and every hand hold, who has taken
a pozzetto, and the scores. It never holds the other hands, the stock's
order, a pozzetto nobody has taken, or a pozzetto taken with the discard that
its owner may not look at yet (not even for its owner).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from cardcli.engine.cards import Card, Charset, format_card, format_cards, sort_key, sorted_cards
from cardcli.engine.game import HandResult, Line
from cardcli.engine.melds import Meld
from cardcli.engine.text import card_class, card_fragments, text_width
from cardcli.games.burraco.config import BurracoConfig
from cardcli.games.burraco.state import TableMeld
from cardcli.games.burraco.table import burraco_kind, kind_name, wild_positions
from cardcli.i18n import _, ngettext

if TYPE_CHECKING:
    from cardcli.games.burraco.state import BurracoState


@dataclass(frozen=True)
class MeldView:
    number: int
    team: int
    kind: str
    """``run`` or ``set``."""
    cards: tuple[Card, ...]
    wild_at: tuple[int, ...]
    stands_for: tuple[str, ...]
    """What each card stands for (a wildcard's meaning; a natural is itself)."""
    burraco: str | None
    """The burraco kind now (clean, semiclean, dirty …), or ``None`` below 7 cards."""


@dataclass(frozen=True)
class BurracoView:
    seat: int | None
    names: tuple[str, ...]
    team_names: tuple[str, ...]
    config: BurracoConfig
    players: int
    hand_number: int
    dealer: int
    turn: int
    phase: str
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    """Cards held by each seat, a covered pozzetto included."""
    covered_sizes: tuple[int, ...]
    stock_size: int
    discard: tuple[Card, ...]
    melds: tuple[MeldView, ...]
    pozzetti_left: int
    pozzetto_taken: tuple[int, ...]
    """Per team: 0 not taken, 1 al volo, 2 with the discard."""
    single_taken: Card | None
    took_pile: bool
    played_after_take: bool
    totals: tuple[int, ...]
    results: int
    pile_takes: tuple[tuple[int, tuple[Card, ...], int], ...] = ()
    """Every pick-up of the discard pile this hand: (seat, cards, stock size then). Public: the pile
    lies face up."""
    result: HandResult | None = None
    all_hands: tuple[tuple[Card, ...], ...] | None = field(default=None)
    """Only once the hand is over, or in the replay viewer's "all hands" mode."""
    pozzetti: tuple[tuple[Card, ...], ...] | None = field(default=None)
    """The pozzetti not yet taken: only in the replay viewer's "all hands" mode."""

    @property
    def discard_top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def team(self) -> int | None:
        return None if self.seat is None else self.seat % 2

    def team_melds(self, team: int) -> list[MeldView]:
        return [m for m in self.melds if m.team == team]


def view_of(state: BurracoState, seat: int | None, names: list[str], team_names: list[str], reveal: bool = False) -> BurracoView:
    over = state.phase == "over"
    show_all = reveal or over
    melds = [_meld_view(i + 1, tm.team, tm.layout, tm.pinned_two, state.config) for i, tm in enumerate(state.melds)]
    return BurracoView(
        seat=seat,
        names=tuple(names),
        team_names=tuple(team_names),
        config=state.config,
        players=state.players,
        hand_number=state.hand_number,
        dealer=state.dealer,
        turn=state.turn,
        phase=state.phase,
        hand=tuple(sorted_cards(state.hands[seat])) if seat is not None and state.hands else (),
        hand_sizes=tuple(len(h) + len(c) for h, c in zip(state.hands, state.covered)),
        covered_sizes=tuple(len(c) for c in state.covered),
        stock_size=len(state.stock),
        discard=tuple(state.discard),
        melds=tuple(melds),
        pozzetti_left=len(state.pozzetti),
        pozzetto_taken=tuple(state.pozzetto_taken),
        single_taken=state.single_taken,
        took_pile=state.took_pile,
        played_after_take=state.played_after_take,
        totals=tuple(state.totals),
        results=len(state.results),
        pile_takes=tuple(state.pile_takes),
        result=state.result,
        all_hands=tuple(tuple(sorted_cards(h + c)) for h, c in zip(state.hands, state.covered)) if show_all else None,
        pozzetti=tuple(tuple(sorted_cards(p)) for p in state.pozzetti) if reveal else None,
    )


@lru_cache(maxsize=16384)
def _meld_view(number: int, team: int, lay: Meld, pinned_two: bool, config: BurracoConfig) -> MeldView:
    # Cached: views are built for every bot decision and most melds do not change between them.
    tm = TableMeld(team, lay, pinned_two)
    return MeldView(
        number,
        team,
        lay.kind,
        lay.cards,
        wild_positions(tm),
        tuple(lay.stands_for(j) for j in range(len(lay.cards))),
        burraco_kind(tm, config),
    )


# ---------------------------------------------------------------------------------------------
# drawing


def _card_frags(cards: tuple[Card, ...] | list[Card], charset: Charset, wild_at: tuple[int, ...] = ()) -> Line:
    """Cards as styled fragments; a wildcard standing in a meld gets a ``*`` (visible without colour)."""
    return card_fragments(cards, charset, marked=wild_at)


MELD_LINES = 3
"""At most this many lines of melds per team on the table; `melds` lists them all."""
LINE_WIDTH = 78
"""Melds are packed side by side into lines this wide (an 80-column terminal)."""


def rank_text(rank: str, charset: Charset) -> str:
    """A rank as the hand writes it: ``10`` (or ``ten``) for ``T``, in any charset but ascii."""
    if charset == "ascii":
        return rank
    if charset == "words":
        from cardcli.engine.cards import RANK_NAMES

        return RANK_NAMES[rank]
    return "10" if rank == "T" else rank


def _meld_line(m: MeldView, charset: Charset, before: MeldView | None = None, changed: bool = False) -> Line:
    """One meld: number, cards (wildcards starred), what it is; ``+`` marks a new meld, and the cards
    added since ``before`` (the same meld at your last turn) follow ``+``."""
    mark = "+" if changed and before is None else ""
    line: Line = [("label", f"{mark}[{m.number}] ")]
    line += _card_frags(m.cards, charset, m.wild_at)
    notes = []
    for i in m.wild_at:
        means = m.stands_for[i]
        notes.append(
            _("{card}={means}").format(
                card=format_card(m.cards[i], charset),
                means=format_card(means, charset) if not means.endswith("*") else rank_text(means[0], charset),
            )
        )
    if m.burraco:
        notes.append(_("{kind} burraco").format(kind=kind_name(m.burraco)))  # type: ignore[arg-type]
    if notes:
        line.append(("dim", "  " + ", ".join(notes)))
    if changed and before is not None:
        added = list((Counter(m.cards) - Counter(before.cards)).elements())
        if added:
            line.append(("warn", "  +" + format_cards(added, charset)))
    elif changed:
        line.append(("warn", " " + _("new")))
    return line


def _pack(items: list[Line], width: int) -> list[Line]:
    """Meld items side by side (three spaces apart) in lines of at most ``width`` columns."""
    out: list[Line] = []
    cur: Line = []
    used = 0
    for item in items:
        w = text_width("".join(t for _s, t in item))
        if cur and used + 3 + w > width:
            out.append(cur)
            cur, used = [], 0
        if not cur:
            cur, used = [("", "  ")], 2
        else:
            cur.append(("", "   "))
            used += 3
        cur += item
        used += w
    if cur:
        out.append(cur)
    return out


def _meld_order(m: MeldView) -> tuple[int, int, int]:
    """Burraco first, then runs by suit and lowest card, then sets by rank."""
    natural = [c for i, c in enumerate(m.stands_for) if i not in m.wild_at and not c.endswith("*")] or list(m.cards)
    suit_rank = sort_key(natural[0] if m.kind == "run" else min(natural, key=sort_key))
    return (
        0 if m.burraco else 1,
        0 if m.kind == "run" else 1,
        suit_rank[0] * 20 + suit_rank[1] if m.kind == "run" else suit_rank[1],
    )


def render_view(view: BurracoView, charset: Charset, before: BurracoView | None = None) -> list[Line]:
    """The table in few lines (it fits 80×24 with four players): the stock, the pile, each team's
    melds (sorted, at most :data:`MELD_LINES` each, what changed since ``before`` marked), the
    players and your hand. ``before`` is this seat's view at its last turn, if any."""
    lines: list[Line] = []
    names = view.names
    if before is not None and before.hand_number != view.hand_number:
        before = None
    scores = "  ".join(f"{n} {t}" for n, t in zip(view.team_names, view.totals))
    head = _("Hand {n} ({d} dealt) · stock {s}").format(n=view.hand_number, d=names[view.dealer], s=view.stock_size)
    head += " · " + ngettext("{p} pozzetto", "{p} pozzetti", view.pozzetti_left).format(p=view.pozzetti_left)
    lines.append([("title", head), ("", " · " + scores + " "), ("dim", _target_text(view))])
    pile: Line = [("label", _("Discard pile: "))]
    if not view.discard:
        pile.append(("", _("empty")))
    else:
        shown = view.discard[-10:]
        if len(view.discard) > len(shown):
            pile.append(("dim", "… "))
        pile += _card_frags(list(shown[:-1]), charset)
        if len(shown) > 1:
            pile.append(("", " "))
        top = shown[-1]
        pile += [("label", "["), (card_class(top) + " turn", format_card(top, charset)), ("label", "]")]
        count = ngettext("{n} card", "{n} cards", len(view.discard)).format(n=len(view.discard))
        pile.append(("dim", "  (" + count + ")"))
    lines.append(pile)
    old = {m.number: m for m in before.melds} if before is not None else {}
    order = [view.team, 1 - view.team] if view.team is not None else [0, 1]
    for t in order:
        you = _(" (you)") if t == view.team else ""
        took = view.pozzetto_taken[t]
        pz = {0: _("pozzetto not taken"), 1: _("pozzetto taken al volo"), 2: _("pozzetto taken with the discard")}[took]
        team_melds = sorted(view.team_melds(t), key=_meld_order)
        count = ngettext("{n} meld", "{n} melds", len(team_melds)).format(n=len(team_melds)) if team_melds else _("no melds yet")
        lines.append([("label", f"{view.team_names[t]}{you}: "), ("dim", f"{count} · {pz}")])
        changed = {m.number for m in team_melds if before is not None and old.get(m.number) != m}
        # what changed first, so that it is never among the melds left out
        ranked = [m for m in team_melds if m.number in changed] + [m for m in team_melds if m.number not in changed]
        for n_shown in range(len(ranked), -1, -1):
            picked = {m.number for m in ranked[:n_shown]}
            items = [_meld_line(m, charset, old.get(m.number), m.number in changed) for m in team_melds if m.number in picked]
            packed = _pack(items, LINE_WIDTH)
            if len(packed) <= MELD_LINES or n_shown == 0:
                break
        lines.extend(packed)
        if n_shown < len(team_melds):
            lines.append([("dim", "  " + _("+{n} more (`melds` lists them all)").format(n=len(team_melds) - n_shown))])
    row: Line = [("label", _("Players: "))]
    for i, n in enumerate(names):
        if i:
            row.append(("dim", " | "))
        marker = ("▶ " if charset == "unicode" else "> ") if i == view.turn and view.phase in ("draw", "play") else ""
        row.append(("turn" if marker else "", f"{marker}{n}"))
        extra = ""
        if view.covered_sizes[i]:
            extra = " " + _("(incl. {c} of a covered pozzetto)").format(c=view.covered_sizes[i])
        row.append(("", " " + ngettext("{c} card", "{c} cards", view.hand_sizes[i]).format(c=view.hand_sizes[i]) + extra))
    lines.append(row)
    if view.all_hands is not None and (view.seat is None or view.phase == "over"):
        for i, h in enumerate(view.all_hands):
            if view.seat is not None and i == view.seat:
                continue
            lines.append([("label", f"{names[i]}: ")] + (_card_frags(h, charset) if h else [("dim", "-")]))
    for i, pozzetto in enumerate(view.pozzetti or ()):
        lines.append([("label", _("Pozzetto {n}: ").format(n=i + 1))] + _card_frags(pozzetto, charset))
    if view.seat is not None:
        from cardcli.games.handline import hand_lines

        after: Line = []
        if view.covered_sizes[view.seat]:
            after.append(
                (
                    "dim",
                    "  "
                    + _("+ {n} covered pozzetto cards (you may look at them after your partner's discard)").format(
                        n=view.covered_sizes[view.seat]
                    ),
                )
            )
        if view.single_taken and view.seat == view.turn and view.single_taken in view.hand:
            after.append(
                (
                    "dim",
                    "  "
                    + _("(took {c} from a one-card pile: discard another card)").format(
                        c=format_card(view.single_taken, charset)
                    ),
                )
            )
        lines.extend(hand_lines([("label", _("Your hand ({n}): ").format(n=len(view.hand)))], view.hand, charset, after))
    if view.phase == "over":
        lines.append([("title", _("The hand is over."))])
    return lines


def _target_text(view: BurracoView) -> str:
    if view.config.tournament_hands:
        return _("(tournament round: hand {n} of {m})").format(n=view.hand_number, m=view.config.tournament_hands)
    return _("(to {t})").format(t=view.config.target)


def status_line(view: BurracoView) -> str:
    names = view.names
    if view.phase == "over":
        phase = _("hand over")
    elif view.seat == view.turn:
        phase = _("your turn: draw or take the pile") if view.phase == "draw" else _("your turn: meld, attach, discard")
    else:
        phase = _("{who} to play").format(who=names[view.turn])
    scores = "  ".join(f"{n} {t}" for n, t in zip(view.team_names, view.totals))
    hand = _("hand {n}").format(n=view.hand_number)
    stock = _("stock {n}").format(n=view.stock_size)
    return f"burraco · {hand} · {phase} · {stock} · {scores} " + _target_text(view)


def explain_melds(view: BurracoView, args: str) -> list[str]:
    """The `melds` command: each meld of the seat's team, what its wildcard stands for, what fits.

    Read-only and computed from the view alone, like every REPL command a game adds.
    """
    from cardcli.engine.melds import Meld, extend_meld, read_meld

    if view.team is None:
        return [_("no seat: no team")]
    rules = view.config.meld_rules()
    out: list[str] = []
    for t in (view.team, 1 - view.team):
        mine = t == view.team
        team_melds = view.team_melds(t)
        out.append(_("{team}{you}:").format(team=view.team_names[t], you=_(" (your team)") if mine else ""))
        if not team_melds:
            out.append("  " + _("no melds"))
        for m in team_melds:
            desc = f"  [{m.number}] {' '.join(m.cards)} — {_(m.kind)}"
            for i in m.wild_at:
                means = m.stands_for[i]
                desc += ", " + (
                    _("{card} stands for {means}").format(card=m.cards[i], means=means)
                    if not means.endswith("*")
                    else _("{card} is the wildcard").format(card=m.cards[i])
                )
            if m.burraco:
                desc += ", " + _("{kind} burraco").format(kind=kind_name(m.burraco))  # type: ignore[arg-type]
            else:
                desc += ", " + _("{n} more for a burraco").format(n=7 - len(m.cards))
            lay = read_meld(m.cards, rules, kind=m.kind)  # type: ignore[arg-type]
            if isinstance(lay, Meld):
                fits = [c for c in dict.fromkeys(view.hand) if isinstance(extend_meld(lay, [c], rules), Meld)]
                if fits:
                    desc += "; " + (
                        _("fits from your hand: {cards}") if mine else _("your cards that would fit it: {cards}")
                    ).format(cards=" ".join(fits))
            out.append(desc)
    return out
