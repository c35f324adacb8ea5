"""Rummy's rule options and presets (rules as data, see the rules digest §B2)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from cardcli.engine.melds import MeldRules

#: Cards dealt to each player, by number of players (the seed's table).
DEAL_SIZES = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
#: Default match target by number of players (the seed's "per esempio" values).
TARGETS = {2: 100, 3: 200, 4: 200, 5: 300, 6: 300}


def _opt(description: str) -> msgspec.Meta:
    return msgspec.Meta(description=description)


class RummyConfig(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    ace: Annotated[
        Literal["low", "high-or-low", "wrap"],
        _opt("where the ace goes in runs: low only (A-2-3), either end (A-2-3 or Q-K-A), or round the corner (K-A-2)"),
    ] = "low"
    ace_points: Annotated[int, _opt("points of an ace left in hand (1; some play 11 or 15)")] = 1
    target: Annotated[int, _opt("points that win the match; 0 = by players (100 for 2, 200 for 3-4, 300 for 5-6)")] = 0
    two_player_dealer: Annotated[
        Literal["closer", "alternate"],
        _opt("with 2 players: the player who went out (the closer) deals the next hand, or the deal alternates"),
    ] = "closer"
    lay_off_needs_meld: Annotated[bool, _opt("a player may lay off only after having a meld of their own on the table")] = True
    one_meld_per_turn: Annotated[bool, _opt("at most one new meld per turn (pagat's basic rule)")] = False
    rummy_doubles: Annotated[
        bool, _opt("going out in one turn, with nothing melded or laid off before it, doubles the hand's points")
    ] = True
    max_turnovers: Annotated[int, _opt("times the discard pile may be turned into a new stock in one hand")] = 3
    exhausted: Annotated[
        Literal["wash", "lowest"], _opt("when the stock cannot be re-formed: the hand is void (wash) or the lowest hand scores")
    ] = "wash"

    def meld_rules(self) -> MeldRules:
        mode = {"low": "low", "high-or-low": "both", "wrap": "wrap"}[self.ace]
        return _MELD_RULES[mode]

    def target_for(self, players: int) -> int:
        return self.target or TARGETS[players]


_MELD_RULES = {mode: MeldRules(ace=mode, max_set_size=4) for mode in ("low", "both", "wrap")}  # type: ignore[arg-type]

PRESETS: dict[str, RummyConfig] = {
    "standard": RummyConfig(),
    "pagat": RummyConfig(two_player_dealer="alternate", lay_off_needs_meld=False, one_meld_per_turn=True, rummy_doubles=False),
}
PRESET_HELP = {
    "standard": "basic rummy: ace low, any number of melds per turn, "
    "lay off after your first meld, rummy doubles, closer deals with 2 players",
    "pagat": "pagat.com's basic rummy: one meld per turn, lay off any time, no rummy bonus, the deal alternates with 2 players",
}
