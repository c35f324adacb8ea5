"""What the web page draws of a position of the meld games and eleusis: hands, melds and piles as cards.

A scene is made from the game's full view (:meth:`Game.full_view`), reading the fields the views of
those games share — ``all_hands``, ``hand_sizes``, ``melds``, the discard pile (``discard`` or
``pozzo``), ``stock_size``, ``totals``, eleusis' ``mainline`` and ``attempts`` — so that a game
whose view has them is drawn without a line here. Each part of a scene is an *area*:

``[kind, title, seat, cards, count, caption, groups, captions]``

``kind`` is ``hand`` (a seat's cards: the page shows them only to that seat, or with all hands
shown), ``pile`` (public cards face up, the last on top), ``melds`` (a side's melds: ``groups``,
each with its ``captions`` entry), ``stock`` (``count`` cards face down) or ``line`` (eleusis'
mainline, ``groups`` the wrong cards tried after each of its cards).
Nothing secret is in a scene: the views hide what they must (eleusis' rule until it is revealed).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardcli.i18n import _

Area = tuple[str, str, int, tuple[str, ...], int, str, tuple[tuple[str, ...], ...], tuple[str, ...]]


def _sides(view: Any) -> list[str]:
    for name in ("side_names", "team_names"):
        value = getattr(view, name, None)
        if value:
            return list(value)
    return list(view.names)


def _meld_areas(view: Any) -> list[Area]:
    """One area per side (or seat) with melds on the table: its melds side by side, each with its caption."""
    melds = getattr(view, "melds", None)
    if not melds:
        return []
    sides = _sides(view)
    groups: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    if isinstance(melds[0], tuple):  # per side (canasta): each side's melds
        for side, group in enumerate(melds):
            for m in group:
                who = sides[side] if side < len(sides) else ""
                groups.setdefault(who, []).append((tuple(m.cards), _canasta_word(getattr(m, "canasta", None) or "")))
    else:
        for m in melds:
            owner = getattr(m, "owner", None)
            team = getattr(m, "team", None)
            who = view.names[owner] if owner is not None else sides[team] if team is not None and team < len(sides) else ""
            groups.setdefault(who, []).append((tuple(m.cards), _burraco_word(getattr(m, "burraco", None) or "")))
    return [
        (
            "melds",
            _("{who}: melds").format(who=who),
            -1,
            (),
            len(got),
            "",
            tuple(cards for cards, _c in got),
            tuple(c for _m, c in got),
        )
        for who, got in groups.items()
    ]


def _canasta_word(kind: str) -> str:
    if not kind:
        return ""
    return _("canasta ({kind})").format(kind=kind)


def _burraco_word(kind: str) -> str:
    if not kind:
        return ""
    return _("burraco ({kind})").format(kind=kind)


def _pile_areas(view: Any) -> list[Area]:
    out: list[Area] = []
    stock = getattr(view, "stock_size", None)
    if stock is not None:
        out.append(("stock", _("Stock"), -1, (), int(stock), "", (), ()))
    pozzetti = getattr(view, "pozzetti_left", None)
    if pozzetti:
        out.append(("stock", _("Pozzetti"), -1, (), int(pozzetti), "", (), ()))
    pile = getattr(view, "pozzo", None)
    title = _("Pozzo")
    if pile is None:
        pile = getattr(view, "discard", None)
        title = _("Discard pile")
    if pile is not None:
        covered = int(getattr(view, "covered", 0) or 0)
        caption = _("{n} face down").format(n=covered) if covered else ""
        out.append(("pile", title, -1, tuple(pile[-12:]), len(pile), caption, (), ()))
    return out


def _line_areas(view: Any) -> list[Area]:
    mainline = getattr(view, "mainline", None)
    if mainline is None:
        return []
    tried: dict[int, list[str]] = {}
    for a in getattr(view, "attempts", ()):
        if not a.accepted:
            tried.setdefault(a.pos, []).append(a.card)
    tries = tuple(tuple(tried.get(i + 1, ())) for i in range(len(mainline)))
    out: list[Area] = [("line", _("Mainline"), -1, tuple(mainline), len(mainline), "", tries, ())]
    for seat, wrong in enumerate(getattr(view, "wrong", ()) or ()):
        if wrong:
            out.append(
                ("pile", _("{name}'s wrong cards").format(name=view.names[seat]), -1, tuple(wrong), len(wrong), "", (), ())
            )
    return out


def areas(view: Any) -> list[Area]:
    """The areas of a full view: the piles, the table (melds or the mainline), then each seat's hand."""
    out = _pile_areas(view) + _line_areas(view) + _meld_areas(view)
    hands: Sequence[Sequence[str]] | None = getattr(view, "all_hands", None)
    sizes = list(getattr(view, "hand_sizes", ()) or ())
    for seat, name in enumerate(view.names):
        cards = tuple(hands[seat]) if hands is not None and seat < len(hands) else ()
        count = len(cards) if hands is not None else (sizes[seat] if seat < len(sizes) else 0)
        out.append(("hand", name, seat, cards, count, "", (), ()))
    return out


def info(view: Any) -> str:
    """The scores (and what a game announces, such as eleusis' rule once revealed), in one line."""
    sides = _sides(view)
    totals = getattr(view, "totals", ()) or ()
    parts = [" · ".join(f"{n} {t:g}" if isinstance(t, float) else f"{n} {t}" for n, t in zip(sides, totals))]
    rule = getattr(view, "revealed_rule", None)
    if rule:
        parts.append(_("the rule was: {rule}").format(rule=rule))
    return " — ".join(p for p in parts if p)
