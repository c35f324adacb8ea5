"""Par in rubber terms: the result of a deal when both sides bid as well as the double-dummy table
allows, scored as the rubber stands (its part scores, games and vulnerability).

Duplicate par (endplay's ``par``) scores every deal on its own: a part score is worth 50, a game
300 or 500, whatever happened before. At rubber bridge a part score of 60 turns 2♥ into a game,
and a vulnerable side's game ends the rubber. The scoring used here, for the declaring side:

* the deal's own entries as cardcli enters them (:func:`~.scoring.score_deal`): trick points,
  overtricks, the insult, slams, undertricks, and honors (when the rules score them), for whoever
  earns them;
* a contract whose trick points bring the side's part score in the current game to 100 or more
  completes a game, and the game is worth what the rubber gives for it: the rubber bonus (700, or
  500 when the opponents have a game) when it is the side's second game, else 300 — the value
  Law 80 gives a side with the only completed game of an unfinished rubber;
* a part score that does not complete a game is worth its points only (its trick points count in
  the totals; nothing is added for the game it may help to make later);
* with ``scoring=deals`` (every deal on its own) the game bonus is 300 or 500 by vulnerability and
  a part score earns 50, as :func:`~.hand_score.finish_hand` enters them.

The opponents' part score that a completed game wipes out is not counted. Par is then found by
a bidding game over the 35 contracts: the side to speak either lets the last contract stand or
bids a higher one for its better declarer; a contract that fails is doubled (the opponents always
gain by doubling it), one that makes is not, and a contract that fails is bid only as a sacrifice
over one that makes. The dealer's side speaks first, so between equal
results the dealer's side gets the contract.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from cardcli.games.bridge.config import BridgeConfig
from cardcli.games.bridge.scoring import honors, score_deal, trick_points

STRAINS = "CDHSN"
"""Strains in bidding order: a contract is (level, strain), 1C lowest and 7N highest."""
SEATS = "NESW"


@dataclass(frozen=True)
class Standing:
    """What the rubber looks like before the deal: what par needs to know of it."""

    leg: tuple[int, int] = (0, 0)
    """Trick points NS and EW have below the line in the current game."""
    games: tuple[int, int] = (0, 0)
    vulnerable: tuple[bool, bool] = (False, False)


@dataclass(frozen=True)
class Par:
    score: int
    """Points for North-South (negative: East-West score)."""
    contracts: list[str]
    """The par contract, e.g. ``2H N =`` or ``4SX E -2`` (both declarers when they take the same tricks)."""


def contract_value(
    level: int,
    strain: str,
    declarer: int,
    tricks: int,
    standing: Standing,
    config: BridgeConfig,
    hands: Sequence[Sequence[str]] | None = None,
) -> int:
    """What the deal is worth to North-South in rubber terms (see the module), the contract doubled
    when it fails."""
    side = declarer % 2
    made = tricks >= level + 6
    doubled = 0 if made else 1
    hold = honors(hands, strain) if hands is not None and config.honors else None
    entries = score_deal(level, strain, doubled, declarer, tricks, standing.vulnerable[side], config, hold)
    points = [0, 0]
    for e in entries:
        points[e.side] += e.points
    if made:
        below = sum(e.points for e in entries if e.where == "below")
        if config.scoring == "deals":
            points[side] += (500 if standing.vulnerable[side] else 300) if below >= 100 else 50
        elif standing.leg[side] + below >= 100:
            if standing.games[side] >= 1:
                points[side] += 700 if standing.games[1 - side] == 0 else 500
            else:
                points[side] += 300
    return points[0] - points[1]


def rubber_par(
    table: Mapping[str, Sequence[int]],
    dealer: int,
    standing: Standing,
    config: BridgeConfig,
    hands: Sequence[Sequence[str]] | None = None,
) -> Par:
    """Par for North-South from the double-dummy ``table`` (``table[strain][declarer]``, strains
    ``N S H D C``, declarers N E S W), as the rubber stands."""
    contracts = [(level, strain) for level in range(1, 8) for strain in STRAINS]

    def declarers(side: int, strain: str) -> list[int]:
        seats = (side, side + 2)
        best = max(table[strain][s] for s in seats)
        # the partner nearer the dealer first: between equals the one who would bid the strain first
        return sorted((s for s in seats if table[strain][s] == best), key=lambda s: (s - dealer) % 4)

    # a value is (NS score, NS's share of the trick points below the line): between equal scores a
    # side prefers the contract that puts more toward its next game (3H= rather than 1H+2)
    values: dict[tuple[int, int], tuple[int, int]] = {}
    makes: dict[tuple[int, int], bool] = {}
    for i, (level, strain) in enumerate(contracts):
        for side in (0, 1):
            d = declarers(side, strain)[0]
            makes[i, side] = table[strain][d] >= level + 6
            below = trick_points(level, strain, 0) if table[strain][d] >= level + 6 else 0
            values[i, side] = (
                contract_value(level, strain, d, table[strain][d], standing, config, hands),
                below if side == 0 else -below,
            )

    def better(side: int, a: tuple[int, int], b: tuple[int, int]) -> bool:
        return a > b if side == 0 else a < b

    @cache
    def stands(i: int, holder: int) -> tuple[tuple[int, int], int, int]:
        """(NS score, final contract, its side) with contract ``i`` by ``holder`` and the other side to speak."""
        speaker = 1 - holder
        best = (values[i, holder], i, holder)
        for j in range(i + 1, len(contracts)):
            if not makes[j, speaker] and not makes[i, holder]:
                continue  # a sacrifice is bid only over a contract that makes
            got = stands(j, speaker)
            if better(speaker, got[0], best[0]):
                best = got
        return best

    first = dealer % 2
    second = 1 - first
    # the dealer's side passes: the other side opens or passes the deal out
    after_pass: tuple[tuple[int, int], int, int] = ((0, 0), -1, -1)
    for i in range(len(contracts)):
        if not makes[i, second]:
            continue  # nobody opens with a contract that fails: passing scores more
        got = stands(i, second)
        if better(second, got[0], after_pass[0]):
            after_pass = got
    opened: tuple[tuple[int, int], int, int] | None = None
    for i in range(len(contracts)):
        if not makes[i, first]:
            continue
        got = stands(i, first)
        if opened is None or better(first, got[0], opened[0]):
            opened = got
    result = after_pass if opened is None or better(first, after_pass[0], opened[0]) else opened
    (score, _below), index, side = result
    if index < 0:
        return Par(0, [])
    level, strain = contracts[index]
    out = []
    for d in declarers(side, strain):
        tricks = table[strain][d]
        diff = tricks - (level + 6)
        made = "=" if diff == 0 else f"{diff:+d}"
        out.append(f"{level}{'NT' if strain == 'N' else strain}{'' if diff >= 0 else 'X'} {SEATS[d]} {made}")
    return Par(score, out)
