"""Melds on the burraco table: opening, attaching, wildcard placement and burraco kinds.

The meld module (:mod:`cardcli.engine.melds`) reads every meld from scratch;
this module adds what burraco needs on top of it, and nothing that the meld
module already knows:

* **naturals never move.** Re-reading is sound because a natural card keeps
  its place; the one card whose reading could change is a two of the run's
  suit, so a two lying in its natural place as a natural card must stay
  natural (it cannot turn into a wildcard to fill another gap);
* **a free wildcard stays where it is** unless it must move: re-reading puts
  a spare wildcard at the low end, so a wildcard that sat at the high end is
  moved back there when it still fits (the rules let a free matta change ends
  only when that lets a card be attached; a player may also choose its end
  with ``wild=CARD``);
* **the re-naturalised pinella** (digest A14): with the option off, a two of
  the run's suit that served as a wildcard keeps counting as one even once it
  sits in its natural place;
* **burraco kinds**, decided only from the final layout (FIBUR Art. 13).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Literal

from cardcli.engine.cards import JOKER, Card, format_cards
from cardcli.engine.melds import Meld, extend_meld, read_meld
from cardcli.engine.verdict import Verdict, refuse
from cardcli.games.burraco.config import BurracoConfig
from cardcli.games.burraco.state import TableMeld
from cardcli.i18n import _

BurracoKind = Literal["clean", "semiclean", "dirty", "royal", "dirty-royal", "super", "dirty-super"]

#: Kinds that count as a clean burraco (for closing under the International code).
CLEAN_KINDS = frozenset({"clean", "royal", "super"})


def is_wild(card: str) -> bool:
    """A matta: a joker or any two (a two may still be natural in its own run)."""
    return card == JOKER or card[0] == "2"


def card_points(card: str) -> int:
    """FIBUR Art. 1 card values: joker 30, two 20, ace 15, eight to king 10, three to seven 5."""
    if card == JOKER:
        return 30
    r = card[0]
    if r == "2":
        return 20
    if r == "A":
        return 15
    if r in "89TJQK":
        return 10
    return 5


def cards_points(cards: Iterable[str]) -> int:
    return sum(card_points(c) for c in cards)


# ---------------------------------------------------------------------------------------------
# reading and placing


def read_new(cards: Sequence[str], config: BurracoConfig, wild: Card | None = None) -> Meld | Verdict:
    """The layout of a new meld, or the refusal naming the meld rule it breaks."""
    return _read_new(tuple(cards), config, wild)


@lru_cache(maxsize=65536)
def _read_new(cards: tuple[str, ...], config: BurracoConfig, wild: Card | None) -> Meld | Verdict:
    # Cached: the generator and the bots read the same few hundred melds over and over.
    if cards and all(is_wild(c) for c in cards):
        return refuse(
            "meld.wild-only",
            _("{cards}: sets of twos, or of jokers and twos, are not allowed").format(cards=format_cards(cards, "ascii")),
        )
    got = read_meld(cards, config.meld_rules())
    if isinstance(got, Verdict):
        return got
    if wild is not None:
        return _choose_wild(got, wild)
    return got


def free_wild_side(layout: Meld) -> Literal["low", "high"] | None:
    """Which end a free wildcard of a run sits at (``None``: no wildcard, or one inside)."""
    if layout.kind != "run" or len(layout.wild_at) != 1:
        return None
    i = layout.wild_at[0]
    if i == 0:
        return "low"
    if i == len(layout.cards) - 1:
        return "high"
    return None


def flip_wild(layout: Meld) -> Meld | None:
    """The same run with its free wildcard at the other end, if the run still fits in A..A."""
    side = free_wild_side(layout)
    cards = list(layout.cards)
    if side == "low":
        if layout.start + len(cards) > 14:
            return None
        w = cards.pop(0)
        cards.append(w)
        return replace(layout, cards=tuple(cards), wild_at=(len(cards) - 1,), start=layout.start + 1)
    if side == "high":
        if layout.start <= 1:
            return None
        w = cards.pop()
        cards.insert(0, w)
        return replace(layout, cards=tuple(cards), wild_at=(0,), start=layout.start - 1)
    return None


def _choose_wild(layout: Meld, wild: Card) -> Meld | Verdict:
    """``layout`` with its wildcard standing for ``wild``, when the rules leave that choice."""
    options = [layout]
    other = flip_wild(layout)
    if other is not None:
        options.append(other)
    for lay in options:
        if lay.kind == "run" and lay.wild_at and lay.stands_for(lay.wild_at[0]) == wild:
            return lay
    if not layout.wild_at or layout.kind != "run":
        return refuse(
            "wild.place",
            _("wild={card}: this {kind} has no wildcard whose place can be chosen").format(card=wild, kind=_(layout.kind)),
        )
    can = " " + _("or") + " "
    places = can.join(lay.stands_for(lay.wild_at[0]) for lay in options)
    return refuse("wild.place", _("wild={card}: the wildcard can only stand for {places} here").format(card=wild, places=places))


def extend(tm: TableMeld, cards: Sequence[str], config: BurracoConfig, wild: Card | None = None) -> TableMeld | Verdict:
    """``tm`` with ``cards`` attached (a new :class:`TableMeld`), or the refusal.

    The checks beyond the meld module: a natural two stays natural, a free
    wildcard keeps its end when it can, and the pinella option.
    """
    got = _extend(tm.team, tm.layout, tm.pinned_two, tuple(cards), config, wild)
    return got.copy() if isinstance(got, TableMeld) else got


@lru_cache(maxsize=65536)
def _extend(
    team: int, old: Meld, pinned_two: bool, cards: tuple[str, ...], config: BurracoConfig, wild: Card | None
) -> TableMeld | Verdict:
    # Cached on the meld's layout: the generator tries every card of the hand on every meld each turn.
    new = extend_meld(old, cards, config.meld_rules())
    if isinstance(new, Verdict):
        return new
    return _placed(team, old, pinned_two, new, config, wild)


def attach_card(tm: TableMeld, card: Card, config: BurracoConfig) -> TableMeld | None:
    """``tm`` with ``card`` attached, or ``None`` if it does not go there: :func:`extend` for the
    move generator, which needs no reason for a refusal and so reads the meld without one
    (the reading of a meld that is legal is the same)."""
    return attach_cards(tm, (card,), config)


def attach_cards(tm: TableMeld, cards: Sequence[Card], config: BurracoConfig) -> TableMeld | None:
    """:func:`attach_card` for several cards at once (read together, as the checker reads them)."""
    old = tm.layout
    new = read_meld((*old.cards, *cards), config.meld_rules(), kind=old.kind, explain=False)
    if not isinstance(new, Meld):
        return None
    got = _placed(tm.team, old, tm.pinned_two, new, config, None)
    return got if isinstance(got, TableMeld) else None


def _placed(team: int, old: Meld, pinned_two: bool, new: Meld, config: BurracoConfig, wild: Card | None) -> TableMeld | Verdict:
    """The table meld ``old`` becomes when its cards and the new ones read as ``new``."""
    tm = TableMeld(team, old, pinned_two)
    if old.kind == "run" and not tm.pinned_two:
        had = _natural_two_index(old)
        if had is not None and _natural_two_index(new) is None:
            two = old.cards[had]
            return refuse(
                "attach.natural-two",
                _("{two} lies in its natural place as a natural card; it cannot become a wildcard to fill another place").format(
                    two=two
                ),
            )
    # A free wildcard that sat at the high end stays there when it still can.
    if wild is None and free_wild_side(old) == "high" and free_wild_side(new) == "low":
        flipped = flip_wild(new)
        if flipped is not None and flipped.wilds == old.wilds:
            new = flipped
    if wild is not None:
        chosen = _choose_wild(new, wild)
        if isinstance(chosen, Verdict):
            return chosen
        new = chosen
    pinned = tm.pinned_two or (not config.pinella_can_renaturalize and _wild_own_two(new))
    result = TableMeld(tm.team, new, pinned)
    if len(wild_positions(result)) > 1:
        return refuse(
            "meld.run.wilds",
            _("{cards}: the {two} served as a wildcard and still counts as one, so the run cannot take another wildcard").format(
                cards=" ".join(new.cards), two=_pinned_two_card(new) or "2"
            ),
        )
    return result


def new_table_meld(team: int, layout: Meld, config: BurracoConfig) -> TableMeld:
    return TableMeld(team, layout, not config.pinella_can_renaturalize and _wild_own_two(layout))


def _natural_two_index(layout: Meld) -> int | None:
    """Index of a two of the run's suit lying as a natural card in its place (position 2)."""
    if layout.kind != "run":
        return None
    i = 2 - layout.start
    if 0 <= i < len(layout.cards) and i not in layout.wild_at and layout.cards[i][0] == "2":
        return i
    return None


def _wild_own_two(layout: Meld) -> bool:
    return layout.kind == "run" and any(layout.cards[i] == "2" + (layout.suit or "") for i in layout.wild_at)


def _pinned_two_card(layout: Meld) -> str | None:
    return "2" + layout.suit if layout.suit else None


def wild_positions(tm: TableMeld) -> tuple[int, ...]:
    """Indices of the cards that count as wildcards (the layout's, plus a pinned pinella)."""
    lay = tm.layout
    if not tm.pinned_two or lay.kind != "run":
        return lay.wild_at
    if _wild_own_two(lay):
        return lay.wild_at
    i = _natural_two_index(lay)
    if i is None:
        return lay.wild_at
    return tuple(sorted((*lay.wild_at, i)))


# ---------------------------------------------------------------------------------------------
# burraco kinds


def burraco_kind(tm: TableMeld, config: BurracoConfig) -> BurracoKind | None:
    """The kind of burraco ``tm`` is now (``None`` below 7 cards), digest §2.5 and A2/A3."""
    lay = tm.layout
    n = len(lay.cards)
    if n < 7:
        return None
    wilds = wild_positions(tm)
    naturals = n - len(wilds)
    extra = config.extra_buracos
    if extra != "none":
        if lay.kind == "run" and n >= 13:
            if not wilds:
                return "royal"
            if extra == "garak":
                return "dirty-royal"
        if lay.kind == "set" and naturals == 8:
            if not wilds:
                return "super"
            if extra == "garak":
                return "dirty-super"
    if not wilds:
        return "clean"
    if config.semiclean:
        if lay.kind == "set":
            if naturals >= 7:
                return "semiclean"
        elif config.semiclean_rule == "adjacent_block":
            if _longest_block(n, wilds) >= 7:
                return "semiclean"
        else:
            if wilds[0] in (0, n - 1) and naturals >= 7:
                return "semiclean"
    return "dirty"


def _longest_block(n: int, wilds: Sequence[int]) -> int:
    best = cur = 0
    ws = set(wilds)
    for i in range(n):
        cur = 0 if i in ws else cur + 1
        best = max(best, cur)
    return best


def kind_bonus(kind: BurracoKind, config: BurracoConfig) -> int:
    return {
        "clean": config.clean_points,
        "semiclean": config.semiclean_points,
        "dirty": config.dirty_points,
        "royal": 300,
        "super": 250,
        "dirty-royal": 250,
        "dirty-super": 200,
    }[kind]


def kind_name(kind: BurracoKind) -> str:
    return {
        "clean": _("clean"),
        "semiclean": _("semi-clean"),
        "dirty": _("dirty"),
        "royal": _("royal (13-card clean run)"),
        "dirty-royal": _("dirty royal"),
        "super": _("super-clean (8 naturals)"),
        "dirty-super": _("dirty super"),
    }[kind]


def has_required_burraco(melds: Iterable[TableMeld], team: int, config: BurracoConfig) -> bool:
    """Whether ``team`` has the burraco it needs to close (any kind, or clean under the International code)."""
    for m in melds:
        if m.team != team:
            continue
        k = burraco_kind(m, config)
        if k is None:
            continue
        if config.close_requires == "any" or k in CLEAN_KINDS:
            return True
    return False


def set_rank_taken(melds: Iterable[TableMeld], team: int, rank: str) -> bool:
    """FIBUR Art. 12: a team has at most one set of each rank."""
    return any(m.team == team and m.layout.kind == "set" and m.layout.rank == rank for m in melds)
