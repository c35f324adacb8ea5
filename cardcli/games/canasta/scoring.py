"""Scoring a hand (digest §7): canasta bonuses, going out, red threes, card points, hand penalty.

``hand score = canasta bonuses + 300 for going out + red threes + card points
of every melded card − card points left in hand (× 2 when doubled)``.

The same function scores a hand played in the engine and a hand typed in
for ``cardcli score canasta`` (:mod:`.scoresheet`), so the two cannot differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.state import WILD_KEY, TableMeld
from cardcli.games.canasta.tablemelds import CANASTA_NAMES, canasta_bonus, canasta_counts, canasta_kind
from cardcli.games.canasta.tokens import RANK_NAMES, tokens_value
from cardcli.i18n import _

GOING_OUT_BONUS = 300


@dataclass
class SideInput:
    """What one side has at the end of a hand (tokens, not physical cards)."""

    name: str
    melds: list[list[str]]
    """Every meld of the side, canastas included, as rank tokens."""
    red_threes: int = 0
    hand: list[str] = field(default_factory=list)
    """Every card left in the hands of the side's players."""
    went_out: bool = False
    opened: bool = True


@dataclass
class SideScore:
    name: str
    canastas: list[tuple[str, str, int]]
    """(kind, rank key, bonus) per canasta."""
    canasta_bonus: int
    going_out: int
    red_threes: int
    red3_points: int
    melded: int
    """Card points of melded cards (an unfinished wild meld may count minus)."""
    in_hand: int
    """Card points left in hand, before doubling (the deduction is ``-in_hand * factor``)."""
    hand_penalty: int
    doubled: bool
    samba: int
    total: int
    counted: tuple[int, int] = (0, 0)
    """(clean, dirty) canastas as the red threes and going out count them."""

    def as_json(self) -> dict[str, Any]:
        return {
            "canastas": [[k, key, b] for k, key, b in self.canastas],
            "canasta_bonus": self.canasta_bonus,
            "going_out": self.going_out,
            "red_threes": self.red_threes,
            "red3_points": self.red3_points,
            "melded": self.melded,
            "in_hand": self.in_hand,
            "hand_penalty": self.hand_penalty,
            "doubled": self.doubled,
            "samba": self.samba,
            "total": self.total,
        }


def meld_key(tokens: Sequence[str]) -> str:
    """The meld's key: its first natural rank, or ``W`` for a meld of wildcards."""
    for t in tokens:
        if t != "JK" and t != "2":  # not is_wild(t), without a call per card
            return t
    return WILD_KEY


def red_three_points(n: int, clean: int, dirty: int, config: CanastaConfig) -> int:
    """§7.4: the red threes of a side, by the rule ``red3_rule``."""
    if n == 0:
        return 0
    rule = config.red3_rule
    if rule == "s0":
        if clean >= 1 and dirty >= 1:
            return 100 * n
        if clean >= 1:
            return 0
        return -100 * n
    if rule == "s2":
        return (200 if n > 3 and dirty >= 1 else 100) * n
    if rule == "rg":
        return (200 if n >= 4 else 100) * n
    if rule == "brazil":
        value = 100 * n if n <= 4 else (1000 if n == 5 else 200 * n)
        return value if clean + dirty >= 1 else -value
    return 100 * n  # flat


def red_three_reason(n: int, clean: int, dirty: int, config: CanastaConfig) -> str:
    """Why the red threes score what :func:`red_three_points` says, in words (not the option's value)."""
    rule = config.red3_rule
    if rule == "s0":
        if clean >= 1 and dirty >= 1:
            return _("100 each: the side has a clean and a dirty canasta")
        if clean >= 1:
            return _("worth nothing: a clean canasta but no dirty one")
        return _("100 each against the side: no clean canasta")
    if rule == "s2":
        return _("200 each: four or more, with a dirty canasta") if n > 3 and dirty >= 1 else _("100 each")
    if rule == "rg":
        return _("200 each: four or more") if n >= 4 else _("100 each")
    if rule == "brazil":
        if clean + dirty == 0:
            return _("against the side: it has no canasta")
        return _("all six: 200 each") if n >= 6 else _("all five: 1000") if n == 5 else _("100 each")
    return _("100 each")


def samba_bonus(clean: int, dirty: int) -> int:
    bonus = 0
    if clean >= 5:
        bonus += 2000
    elif clean == 4 and dirty >= 1:
        bonus += 1000
    if clean + dirty >= 10:
        bonus += 2000
    return bonus


def score_sides(sides: Sequence[SideInput], config: CanastaConfig) -> list[SideScore]:
    """Score every side of a finished hand."""
    someone_out = any(s.went_out for s in sides)
    out: list[SideScore] = []
    for s in sides:
        melds = [TableMeld(meld_key(m), list(m)) for m in s.melds]
        canastas: list[tuple[str, str, int]] = []
        for m in melds:
            kind = canasta_kind(m)
            if kind is not None:
                canastas.append((kind, m.key, canasta_bonus(kind)))
        clean, dirty = canasta_counts(melds, config.wild_canastas_count)
        melded = 0
        for m in melds:
            v = tokens_value(m.cards, config.black3_value)
            if m.wild and not m.is_canasta() and config.unfinished_wild_meld_penalty == "minus_card_values":
                v = -v
            melded += v
        doubled = someone_out and not s.went_out and not s.opened and config.double_scope != "off"
        in_hand = tokens_value(s.hand, config.black3_value)
        pays = not (config.hand_penalty_scope == "opponents_only" and someone_out and s.went_out)
        hand_penalty = -in_hand * (2 if doubled else 1) if pays else 0
        red3 = red_three_points(s.red_threes, clean, dirty, config)
        if red3 < 0 and doubled and config.double_scope == "all_negative":
            red3 *= 2
        bonus = sum(b for _k, _key, b in canastas)
        samba = samba_bonus(clean, dirty) if config.samba_bonuses else 0
        going = GOING_OUT_BONUS if s.went_out else 0
        total = bonus + going + red3 + melded + hand_penalty + samba
        out.append(
            SideScore(
                s.name,
                canastas,
                bonus,
                going,
                s.red_threes,
                red3,
                melded,
                in_hand if pays else 0,
                hand_penalty,
                doubled,
                samba,
                total,
                (clean, dirty),
            )
        )
    return out


def explain(scores: Sequence[SideScore], config: CanastaConfig) -> list[str]:
    """The score of each side, line by line, in the digest's order of counting (§7.1)."""
    lines: list[str] = []
    for sc in scores:
        lines.append(_("{side}: {total:+}").format(side=sc.name, total=sc.total))
        if sc.canastas:
            parts = [
                f"{_(CANASTA_NAMES[k])}{'' if key == WILD_KEY else ' (' + _(RANK_NAMES[key]) + ')'} {b}"
                for k, key, b in sc.canastas
            ]
            lines.append("  " + _("canastas: {list} = {sum}").format(list=", ".join(parts), sum=sc.canasta_bonus))
        if sc.going_out:
            lines.append("  " + _("going out: {n}").format(n=sc.going_out))
        if sc.red_threes:
            clean, dirty = sc.counted
            lines.append(
                "  "
                + _("red threes ({n}): {p:+}, {why}").format(
                    n=sc.red_threes, p=sc.red3_points, why=red_three_reason(sc.red_threes, clean, dirty, config)
                )
            )
        if sc.samba:
            lines.append("  " + _("extra canasta bonuses: {n}").format(n=sc.samba))
        lines.append("  " + _("cards melded: {n:+}").format(n=sc.melded))
        if sc.hand_penalty or sc.in_hand:
            extra = _(" (doubled: the other side went out before this side opened)") if sc.doubled else ""
            lines.append("  " + _("cards left in hand: {n:+}").format(n=sc.hand_penalty) + extra)
    return lines
