"""Bridge's rule options and presets (rules as data; rules digest §2, notes a and c).

Only the values the digest marks uncertain are options: the redoubled insult
and the unfinished-rubber part-score bonus. Everything else is the Laws of
Rubber Bridge and cannot be changed, so no variant logic hides elsewhere.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec


def _opt(description: str) -> msgspec.Meta:
    return msgspec.Meta(description=description)


class BridgeConfig(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    redoubled_insult: Annotated[
        Literal[50, 100],
        _opt("premium for making a redoubled contract: 100 (Law 77 since 2007) or 50 (older rubber score cards)"),
    ] = 100
    unfinished_part_score: Annotated[
        Literal[50, 100],
        _opt("unfinished rubber: bonus for a part score in the unfinished game (100 by Law 80; some informal score cards: 50)"),
    ] = 100
    unfinished_part_score_rule: Annotated[
        Literal["only-one-side", "each-side"],
        _opt(
            "unfinished rubber: the part-score bonus goes only to a side that alone has a part "
            "score (Law 80, literal), or to each side with one"
        ),
    ] = "only-one-side"
    honors: Annotated[bool, _opt("score honors (4 or 5 trump honors, or 4 aces at notrump, in one hand)")] = True
    start_vulnerable: Annotated[
        Literal["none", "NS", "EW", "both"],
        _opt(
            "sides vulnerable from the first hand without having won a game (practising an "
            "imported deal or a rubber in progress); normal rubbers start with none"
        ),
    ] = "none"
    scoring: Annotated[
        Literal["rubber", "deals"],
        _opt(
            "rubber: deals follow a rubber (dealer clockwise, vulnerability from games won); deals: "
            "independent deals as at a duplicate or tournament table, each with its own dealer and "
            "vulnerability (option deals, else the standard board order) and scored on its own: 50 "
            "for a part score, 300 for a game not vulnerable, 500 vulnerable"
        ),
    ] = "rubber"
    deals: Annotated[
        str,
        _opt(
            "scoring=deals: the dealer and vulnerability of each deal in order, e.g. "
            "'N:None E:NS S:EW W:All' (PBN Vulnerable values); the match ends after the last one. "
            "Empty: board 1, 2, 3 … in the standard duplicate order, with no end (use --hands)"
        ),
    ] = ""


PRESETS: dict[str, BridgeConfig] = {
    "rubber": BridgeConfig(),
    "old-card": BridgeConfig(redoubled_insult=50, unfinished_part_score=50, unfinished_part_score_rule="each-side"),
    "deals": BridgeConfig(scoring="deals", honors=False),
}
PRESET_HELP = {
    "rubber": "rubber bridge by the Laws: insult 50/100, unfinished rubber 300 for a game and 100 for the only part score",
    "old-card": "older score cards: redoubled insult 50, 50 for each part score in an unfinished rubber",
    "deals": "independent deals (duplicate boards, tournament PBN files): each deal has its own "
    "dealer and vulnerability and is scored on its own, without honors",
}

VUL_CODES = {
    "none": (False, False),
    "love": (False, False),
    "-": (False, False),
    "ns": (True, False),
    "ew": (False, True),
    "all": (True, True),
    "both": (True, True),
}
"""PBN ``Vulnerable`` values (any case) → (NS vulnerable, EW vulnerable)."""
BOARD_VUL = (
    (False, False),
    (True, False),
    (False, True),
    (True, True),
    (True, False),
    (False, True),
    (True, True),
    (False, False),
    (False, True),
    (True, True),
    (False, False),
    (True, False),
    (True, True),
    (False, False),
    (True, False),
    (False, True),
)
"""Vulnerability of duplicate boards 1-16 (the cycle repeats every 16 boards)."""


def parse_deals(text: str) -> list[tuple[int, tuple[bool, bool]]]:
    """The ``deals`` option (``N:None E:NS``) as (dealer seat, vulnerability) pairs; ValueError names a bad item."""
    out: list[tuple[int, tuple[bool, bool]]] = []
    for item in text.split():
        seat, sep, vul = item.partition(":")
        if not sep or seat.upper() not in ("N", "E", "S", "W") or len(seat) != 1 or vul.lower() not in VUL_CODES:
            raise ValueError(f"deals: {item!r} is not DEALER:VULNERABLE (e.g. N:None, E:NS, S:EW, W:All)")
        out.append(("NESW".index(seat.upper()), VUL_CODES[vul.lower()]))
    return out


def deal_setup(config: BridgeConfig, number: int) -> tuple[int, tuple[bool, bool]]:
    """scoring=deals: the dealer and vulnerability of deal ``number`` (1-based)."""
    listed = parse_deals(config.deals) if config.deals else []
    if number <= len(listed):
        return listed[number - 1]
    return (number - 1) % 4, BOARD_VUL[(number - 1) % 16]
