"""Italian canasta's rule options and presets (rules as data; the digest's §8 table).

Every point on which the two seeds (S0, S2) or the other sources disagree is a
field here, with the digest's default. ``standard`` is the digest's default
column; ``s0`` and ``s2`` set every point that seed states to its reading
(points a seed is silent on keep the default). Procedural code only reads
these fields; no variant logic hides in ``if`` chains on preset names.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

import msgspec

from cardcli.engine.melds import MeldRules


def _opt(description: str, ge: int | None = None, le: int | None = None) -> msgspec.Meta:
    return msgspec.Meta(description=description, ge=ge, le=le)


class CanastaConfig(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    # -- deal and pozzo (§1) ----------------------------------------------------------------
    direction: Annotated[
        Literal["clockwise", "counterclockwise"],
        _opt("direction of deal and play; the player after the dealer starts (the s2 preset plays counter-clockwise)"),
    ] = "clockwise"
    red3_deal_replacement: Annotated[
        Literal["bottom", "top"],
        _opt(
            "where red threes found at the deal are replaced from: the bottom of the stock, or the top, "
            "handed out by the dealer in dealing order (as in the s2 preset)"
        ),
    ] = "bottom"
    upcard_black3_allowed: Annotated[
        bool, _opt("a black three may start the pozzo (3 cards go under it); false: another card is turned")
    ] = False
    rejected_upcard_to_pozzo: Annotated[
        bool, _opt("a rejected upcard (2, joker, red three …) goes face down into the pozzo; false: to the bottom of the stock")
    ] = True
    pozzo_ace_count: Annotated[int, _opt("cards placed under an ace upcard (usually 14)", ge=1, le=20)] = 14
    pozzo_extra_draw: Annotated[
        int, _opt("cards drawn from the stock after taking the pozzo (1, or 0 as in the s2 preset)", ge=0, le=1)
    ] = 1
    # -- taking the pozzo (§5) --------------------------------------------------------------
    wild_top_takeable: Annotated[
        bool,
        _opt(
            "a wildcard on top of the pozzo can be taken with three identical wildcards (as in the s0 preset); false: not at all"
        ),
    ] = False
    pozzo_blocked_by_own_canasta_or_progetto: Annotated[
        bool,
        _opt(
            "the pozzo cannot be taken when its top card's rank is one of which your side has a closed canasta "
            "or a progetto, a 6-card meld"
        ),
    ] = True
    pozzo_allowed_when_stock_empty: Annotated[
        bool, _opt("when the stock is empty a player may still take the pozzo (without the extra card); false: the hand ends")
    ] = False
    # -- melds and canastas (§4) ------------------------------------------------------------
    canasta_closed_at_seven: Annotated[
        bool,
        _opt(
            "a canasta is closed and set aside at seven cards; false: natural canastas stay open and grow (as in the s2 preset)"
        ),
    ] = True
    new_meld_after_closed_canasta: Annotated[
        bool, _opt("after a canasta of a rank is closed, the side may start a new meld of that rank")
    ] = True
    max_wilds_per_meld: Annotated[
        int, _opt("most wildcards in a natural meld (usually 2; classic two-deck canasta allows 3)", ge=0, le=3)
    ] = 2
    min_naturals_before_wild: Annotated[
        int,
        _opt(
            "natural cards a meld needs before it may hold a wildcard (2: 7-7-2 is legal; 5: the stricter rule of the s0 preset)",
            ge=2,
            le=6,
        ),
    ] = 2
    no_dirtying_while_wild_meld_open: Annotated[
        Literal["both", "pinelle_only", "twos_only", "off"],
        _opt(
            "while the side has an incomplete meld of wildcards, no wildcard may be added to a natural meld: "
            "both kinds of wild meld block, only a pinelle meld blocks (as in the s0 preset), only twos may not "
            "be added (twos_only), or no restriction (off)"
        ),
    ] = "both"
    # -- opening (§3) -----------------------------------------------------------------------
    opening_table: Annotated[
        Literal["s0", "rg"],
        _opt(
            "opening minimum by score: s0 (the usual table) 50/90/120/160/180/200 from "
            "0/3000/5000/7000/10000/12000; rg (a faster-rising table) 50/90/120/160/180/200 from "
            "0/1500/3000/5000/7500/10000"
        ),
    ] = "s0"
    opening_negative: Annotated[int, _opt("opening minimum for a side whose score is below zero (some tables use 15)", ge=0)] = 50
    opening_wilds: Annotated[
        Literal["five_naturals", "none", "as_in_play"],
        _opt(
            "wildcards in natural opening melds: only on melds of at least 5 naturals, never (openings of "
            "natural cards only, as in the s2 preset), or as in play"
        ),
    ] = "five_naturals"
    opening_wild_meld: Annotated[
        Literal["any_valid", "2J1P_only", "none"],
        _opt("melds of wildcards alone in the opening: any valid one, only two jokers and a two (as in the s0 preset), or none"),
    ] = "any_valid"
    meld_before_draw: Annotated[
        bool, _opt("a side that has opened may also meld before drawing; false: only the opening comes before the draw")
    ] = False
    # -- going out (§6) ---------------------------------------------------------------------
    go_out_discard: Annotated[
        Literal["optional", "required"],
        _opt(
            "going out: by melding everything or with a final discard (optional), or only with a final discard "
            "(required, as in the s0 preset)"
        ),
    ] = "optional"
    go_out_forbidden_discards: Annotated[
        Literal["wild+black3", "black3", "none"],
        _opt(
            "cards that may not be the final discard: wildcards and black threes, black threes only (as in the "
            "s2 preset), or none"
        ),
    ] = "wild+black3"
    wild_canastas_count: Annotated[
        bool, _opt("canastas of pinelle and jolly count as the clean or dirty canasta needed to go out")
    ] = True
    ask_partner: Annotated[
        Literal["optional", "off", "mandatory"],
        _opt("asking partner before going out (4 players): optional with a binding 'no', not allowed, or compulsory"),
    ] = "optional"
    # -- scoring (§7) -----------------------------------------------------------------------
    red3_rule: Annotated[
        Literal["s0", "s2", "rg", "brazil", "flat"],
        _opt(
            "red threes: s0 +100 each with a clean and a dirty canasta, 0 with only clean, -100 without a clean one; "
            "s2 100 each, 200 each from four up with a dirty canasta; rg 100 each, 200 each from four; "
            "brazil 100 each up to 4, 5 = 1000, 6+ = 200 each, negative without a canasta; flat 100 each"
        ),
    ] = "s0"
    red3_from_pozzo_replaced: Annotated[
        bool, _opt("a red three found in a taken pozzo is replaced from the stock; false: it just goes to the side")
    ] = False
    black3_value: Annotated[int, _opt("points of a black three left in hand (usually 5; some play 0)", ge=0)] = 5
    hand_penalty_scope: Annotated[
        Literal["all", "opponents_only"],
        _opt(
            "whose cards left in hand are deducted: every player's, or only the side opposing the player who "
            "went out (as in the s0 preset)"
        ),
    ] = "all"
    double_scope: Annotated[
        Literal["hand", "all_negative", "off"],
        _opt(
            "going out before the opponents have opened makes them pay double: their hand penalty, "
            "also their negative red threes, or no doubling"
        ),
    ] = "hand"
    unfinished_wild_meld_penalty: Annotated[
        Literal["none", "minus_card_values"],
        _opt("an incomplete meld of wildcards at the end counts plus like any meld, or minus"),
    ] = "none"
    samba_bonuses: Annotated[
        bool, _opt("extra bonuses as in Samba: five clean canastas 2000, four clean and a dirty 1000, ten canastas 2000")
    ] = False
    target: Annotated[int, _opt("points that win the match (usually 15000; some play to 12000)", ge=1)] = 15000
    max_hands: Annotated[
        int, _opt("safety stop: after this many hands the match ends and the higher score wins (0 = no limit)", ge=0)
    ] = 60

    # -- derived rules ------------------------------------------------------------------------
    def play_meld_rules(self) -> MeldRules:
        """The shared meld module's parameters for natural melds during play."""
        return _meld_rules(self.max_wilds_per_meld, self.min_naturals_before_wild)

    def opening_meld_rules(self) -> MeldRules:
        """Natural melds in the opening (§3.3): wildcards only where ``opening_wilds`` allows."""
        if self.opening_wilds == "none":
            return _meld_rules(0, self.min_naturals_before_wild)
        if self.opening_wilds == "five_naturals":
            return _meld_rules(self.max_wilds_per_meld, max(5, self.min_naturals_before_wild))
        return self.play_meld_rules()


@cache
def _meld_rules(max_wilds: int, min_naturals: int) -> MeldRules:
    # Sets only, of the natural ranks (no threes, no twos: a meld of twos is a wild meld, see
    # wildmelds.py); jokers and twos wild; naturals must outnumber wilds (§4.2).
    return MeldRules(
        sets=True,
        runs=False,
        wild_jokers=True,
        wild_twos=True,
        max_wilds_set=max_wilds,
        max_wilds_run=0,
        naturals_exceed_wilds=True,
        min_naturals=min_naturals,
        set_ranks="A456789TJQK",
        max_set_size=None,
    )


PRESETS: dict[str, CanastaConfig] = {
    "standard": CanastaConfig(),
    "s0": CanastaConfig(
        wild_top_takeable=True,
        min_naturals_before_wild=5,
        opening_wild_meld="2J1P_only",
        no_dirtying_while_wild_meld_open="pinelle_only",
        go_out_discard="required",
        hand_penalty_scope="opponents_only",
    ),
    "s2": CanastaConfig(
        direction="counterclockwise",
        red3_deal_replacement="top",
        upcard_black3_allowed=True,
        pozzo_extra_draw=0,
        pozzo_blocked_by_own_canasta_or_progetto=False,
        canasta_closed_at_seven=False,
        opening_wilds="none",
        go_out_forbidden_discards="black3",
        red3_rule="s2",
        double_scope="off",
    ),
}
PRESET_HELP = {
    "standard": "the standard rules: clockwise, three matching cards to take the pozzo after a wild discard, "
    "until the next take; canastas closed at seven, 1 clean + 1 dirty canasta to go out, "
    "red threes scored by canastas",
    "s0": "the older, stricter rules: three identical wilds take a wild top card, wilds only after "
    "five naturals, 2 jokers + 1 two the only wild opening meld, going out by discarding, "
    "only the opponents' hands paid",
    "s2": "the relaxed home-game rules: counter-clockwise, black three may start the pozzo, no extra card "
    "after taking the pozzo, canastas stay open, natural openings only, red threes scored by count, "
    "no doubling",
}
