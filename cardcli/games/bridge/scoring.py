"""Scoring one deal of rubber bridge (rules digest §2.1; Laws of Rubber Bridge 72-81).

A deal produces *entries* on the scorepad: trick points below the line for a
made contract (they count toward game), everything else above the line
(overtricks, the insult, slams, undertricks, honors, and later the rubber
bonus). Only the trick points *bid* go below; doubling multiplies them, while
doubled overtricks, the insult and undertricks have fixed values that depend on
vulnerability. Honors count for whoever holds them, made or not.

Entries are plain data so that a hand result (and so a replay) carries the
scorepad and ``explain_result`` can draw it without the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardcli.games.bridge.config import BridgeConfig
from cardcli.games.bridge.held import CARD_BIT, SUIT_INDEX
from cardcli.games.bridge.moves import STRAIN_SYMBOLS
from cardcli.i18n import _, ngettext

SIDE_NAMES = ("NS", "EW")


@dataclass(frozen=True, slots=True, init=False)
class Entry:
    """One line of the scorepad (the constructor written out: see
    :class:`~cardcli.games.bridge.auction.Contract`)."""

    side: int
    """0 = NS, 1 = EW."""
    where: str
    """``below`` (trick points, count toward game) or ``above`` (premiums)."""
    points: int
    item: str
    """``tricks``, ``overtricks``, ``insult``, ``slam``, ``undertricks``, ``honors``, ``rubber``,
    ``unfinished-game``, ``unfinished-part``."""
    note: str
    """Canonical detail for the explanation (``4SX``, ``2``, …); never translated."""

    def __init__(self, side: int, where: str, points: int, item: str, note: str = "") -> None:
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "where", where)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "item", item)
        object.__setattr__(self, "note", note)

    def to_list(self) -> list[object]:
        return [self.side, self.where, self.points, self.item, self.note]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Entry:
        side, where, points, item, note = data
        return cls(int(side), str(where), int(points), str(item), str(note))


def odd_trick_value(strain: str, nth: int) -> int:
    """Undoubled value of the ``nth`` odd trick (1-based) in ``strain``."""
    if strain in "CD":
        return 20
    if strain in "HS":
        return 30
    return 40 if nth == 1 else 30


def trick_points(level: int, strain: str, doubled: int) -> int:
    """Points below the line for a made contract: the odd tricks bid, ×2 doubled, ×4 redoubled."""
    return sum(odd_trick_value(strain, i) for i in range(1, level + 1)) * (1, 2, 4)[doubled]


def overtrick_points(over: int, strain: str, doubled: int, vulnerable: bool) -> int:
    if over <= 0:
        return 0
    if doubled == 0:
        return over * (20 if strain in "CD" else 30)
    each = (100 if not vulnerable else 200) * doubled
    return over * each


def undertrick_points(under: int, doubled: int, vulnerable: bool) -> int:
    """What the defenders score for ``under`` undertricks (digest table; redoubled = 2 × doubled)."""
    if under <= 0:
        return 0
    if doubled == 0:
        return under * (100 if vulnerable else 50)
    total = 0
    for k in range(1, under + 1):
        if vulnerable:
            total += 200 if k == 1 else 300
        else:
            total += 100 if k == 1 else (200 if k <= 3 else 300)
    return total * doubled


def slam_bonus(level: int, vulnerable: bool) -> int:
    if level == 6:
        return 750 if vulnerable else 500
    if level == 7:
        return 1500 if vulnerable else 1000
    return 0


def insult_points(doubled: int, config: BridgeConfig) -> int:
    return (0, 50, config.redoubled_insult)[doubled]


def honors(original: Sequence[Sequence[str]], strain: str) -> tuple[int, int, int] | None:
    """(seat, side, points) of an honors holding in one hand of ``original`` (the hands as dealt, as
    cards), or ``None``: :func:`honors_held` on their suit masks."""
    masks = []
    for hand in original:
        m = [0, 0, 0, 0]
        for card in hand:
            i, bit = CARD_BIT[card]
            m[i] |= bit
        masks.append(m)
    return honors_held(masks, strain)


def honors_held(dealt: Sequence[Sequence[int]], strain: str) -> tuple[int, int, int] | None:
    """(seat, side, points) of an honors holding in one hand, or ``None``; ``dealt`` is each hand's suit
    masks as dealt (:mod:`~cardcli.games.bridge.held`: the ace is bit 0, then K Q J T), which every
    hand's scoring reads with a few bit operations.

    Suit contracts: 4 of the 5 trump honors (A K Q J T) in one hand 100, all 5 150.
    Notrump: all 4 aces in one hand 150.
    """
    if strain == "N":
        for seat, m in enumerate(dealt):
            if m[0] & m[1] & m[2] & m[3] & 1:
                return seat, seat % 2, 150
        return None
    i = SUIT_INDEX[strain]
    for seat, m in enumerate(dealt):
        n = _HONORS_HELD[m[i] & 0x1F]
        if n == 5:
            return seat, seat % 2, 150
        if n == 4:
            return seat, seat % 2, 100
    return None


_HONORS_HELD: Final = [bin(k).count("1") for k in range(32)]
"""The five honors' bits of a suit mask → how many of them are held."""


def score_deal(
    level: int,
    strain: str,
    doubled: int,
    declarer: int,
    tricks: int,
    vulnerable: bool,
    config: BridgeConfig,
    honors_holding: tuple[int, int, int] | None = None,
) -> list[Entry]:
    """The scorepad entries of one played deal (without game or rubber bookkeeping)."""
    side = declarer % 2
    other = 1 - side
    contract = f"{level}{strain}" + "X" * doubled
    out: list[Entry] = []
    need = level + 6
    if tricks >= need:
        out.append(Entry(side, "below", trick_points(level, strain, doubled), "tricks", contract))
        over = tricks - need
        if over:
            out.append(Entry(side, "above", overtrick_points(over, strain, doubled, vulnerable), "overtricks", f"{over}"))
        if doubled:
            out.append(Entry(side, "above", insult_points(doubled, config), "insult", "X" * doubled))
        bonus = slam_bonus(level, vulnerable)
        if bonus:
            out.append(Entry(side, "above", bonus, "slam", "grand" if level == 7 else "small"))
    else:
        under = need - tricks
        out.append(Entry(other, "above", undertrick_points(under, doubled, vulnerable), "undertricks", f"{under}"))
    if honors_holding is not None and config.honors:
        seat, hside, pts = honors_holding
        out.append(Entry(hside, "above", pts, "honors", f"{'NESW'[seat]}{'A' if strain == 'N' else strain}"))
    return out


def describe(entry: Entry, vulnerable: Sequence[bool] = (False, False)) -> str:
    """A scorepad entry in words (translated), e.g. "4♠X made: 240 below the line"."""
    side = SIDE_NAMES[entry.side]
    n = entry.note
    match entry.item:
        case "tricks":
            level, strain = int(n[0]), n[1]
            doubled = n.count("X")
            if strain == "N":
                how = "40" if level == 1 else f"40 + {level - 1} × 30"
            else:
                how = f"{level} × {odd_trick_value(strain, 1)}"
            if doubled:
                how += " " + (_("× 2 doubled") if doubled == 1 else _("× 4 redoubled"))
            return _("{side}: {c} made, trick points {how} = {p} below the line").format(
                side=side, c=_pretty(n), how=how, p=entry.points
            )
        case "overtricks":
            return ngettext("{side}: {n} overtrick = {p} above", "{side}: {n} overtricks = {p} above", int(n)).format(
                side=side, n=n, p=entry.points
            )
        case "insult":
            return _("{side}: making a {what} contract (insult) = {p} above").format(
                side=side, what=_("doubled") if n == "X" else _("redoubled"), p=entry.points
            )
        case "slam":
            return _("{side}: {what} slam bonus = {p} above").format(
                side=side, what=_("grand") if n == "grand" else _("small"), p=entry.points
            )
        case "undertricks":
            return _("{side}: opponents down {n} = {p} above").format(side=side, n=n, p=entry.points)
        case "honors":
            seat, what = n[0], n[1:]
            if what == "A":
                desc = _("four aces in one hand ({seat}) at notrump").format(seat=seat)
            else:
                desc = _("{k} trump honors in one hand ({seat})").format(k=5 if entry.points == 150 else 4, seat=seat)
            return _("{side}: honors, {desc} = {p} above").format(side=side, desc=desc, p=entry.points)
        case "rubber":
            return _("{side}: rubber won {n} = {p} above").format(side=side, n=n, p=entry.points)
        case "game-bonus":
            return _("{side}: game bonus = {p} above").format(side=side, p=entry.points)
        case "part-score":
            return _("{side}: part-score bonus = {p} above").format(side=side, p=entry.points)
        case "unfinished-game":
            return _("{side}: unfinished rubber, the only game won = {p} above").format(side=side, p=entry.points)
        case "unfinished-part":
            return _("{side}: unfinished rubber, part score in the unfinished game = {p} above").format(side=side, p=entry.points)
    return f"{side}: {entry.item} {entry.note} {entry.points}"


def _pretty(contract: str) -> str:
    level, strain, rest = contract[0], contract[1], contract[2:]
    return f"{level}{STRAIN_SYMBOLS.get(strain, strain)}{rest}"
