"""Burraco's rule options and presets (rules as data; see the rules digest §8).

Every difference between the FIBUR Italian code, the FIBUR International code
and home rules is one field of :class:`BurracoConfig`; procedural code reads
these fields and never tests a preset's name. The field descriptions are what
``cardcli games`` and ``cardcli rules burraco options`` print.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

import msgspec

from cardcli.engine.melds import MeldRules
from cardcli.i18n import _

#: Ranks that may form a set under the Italian code (every rank but the 2, which is a wildcard).
ALL_SET_RANKS = "A3456789TJQK"


def _opt(description: str) -> msgspec.Meta:
    return msgspec.Meta(description=description)


class BurracoConfig(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One burraco rule set. The defaults are the FIBUR Italian code (preset ``fibur-italiano``)."""

    semiclean: Annotated[bool, _opt("semi-clean burraco exists (FIBUR Italian); off: only clean and dirty")] = True
    semiclean_points: Annotated[int, _opt("bonus for a semi-clean burraco")] = 150
    semiclean_rule: Annotated[
        Literal["adjacent_block", "wild_at_end"],
        _opt(
            "when a run with a wildcard is semi-clean: the wildcard sits next to a block of at least 7 "
            "naturals (FIBUR wording), or the wildcard must be at an end of the run"
        ),
    ] = "adjacent_block"
    clean_points: Annotated[int, _opt("bonus for a clean burraco")] = 200
    dirty_points: Annotated[int, _opt("bonus for a dirty burraco")] = 100
    extra_buracos: Annotated[
        Literal["none", "feburit", "garak"],
        _opt(
            "extra burraco kinds, not in FIBUR: feburit = over-the-top run of 13+ clean 300, "
            "super-clean set of 8 naturals 250; garak = the same plus dirty royal run 250 and dirty super 200"
        ),
    ] = "none"
    closing_points: Annotated[int, _opt("bonus for the team that closes")] = 100
    pozzetto_penalty: Annotated[int, _opt("points lost by a team that never took its pozzetto")] = 100
    close_requires: Annotated[
        Literal["any", "clean"],
        _opt("which burraco a team needs before closing: any kind (Italian) or a clean one (International)"),
    ] = "any"
    set_ranks: Annotated[str, _opt("ranks that may form sets: A3456789TJQK (Italian: all but the 2) or A3 (International)")] = (
        ALL_SET_RANKS
    )
    pile_requires_meld: Annotated[
        bool, _opt("the discard pile may be taken only to meld or attach at least one card that turn (International)")
    ] = False
    house_open_before_pile: Annotated[
        bool, _opt("house rule: a team must have a meld on the table before taking the discard pile")
    ] = False
    unplayable_stock: Annotated[
        int, _opt("cards of the stock that are never drawn; the hand ends when the stock is down to them")
    ] = 2
    single_pile_twin_discard: Annotated[
        bool,
        _opt(
            "after taking a one-card pile, its identical twin (same rank and suit) may be discarded "
            "when you hold both copies (garak); off: neither copy"
        ),
    ] = False
    pinella_can_renaturalize: Annotated[
        bool,
        _opt(
            "a two used as a wildcard in a run of its own suit becomes a natural card again when it ends "
            "up in its natural place, between ace and three"
        ),
    ] = True
    pozzetto_look: Annotated[
        Literal["partner-discard", "own-turn"],
        _opt(
            "when a pozzetto taken with the discard may be looked at with 4 players: after the partner's "
            "discard (FIBUR) or at one's own next turn; with 2 players at once, or at one's next turn"
        ),
    ] = "partner-discard"
    target: Annotated[int, _opt("points that end the match: it ends after a hand in which a team reaches it")] = 2005
    tie: Annotated[
        Literal["replay", "draw"], _opt("equal totals at or above the target: play another hand, or share the win")
    ] = "replay"
    tournament_hands: Annotated[
        int,
        _opt(
            "0 = free play to the target; 3 or 4 = a tournament round of that many hands, whose match-point "
            "difference is turned into victory points out of 20 by the FIBUR table"
        ),
    ] = 0

    def meld_rules(self) -> MeldRules:
        """The meld module's parameters for this rule set (cached: they key its caches)."""
        return _meld_rules(self.set_ranks)


@lru_cache(maxsize=8)
def _meld_rules(set_ranks: str) -> MeldRules:
    # One wildcard per meld, a two of the run's own suit natural in its place, the ace at
    # either end but not both, sets of up to 9 cards (8 naturals + 1 wildcard).
    return MeldRules(
        ace="both",
        wild_jokers=True,
        wild_twos=True,
        natural_two_in_place=True,
        max_wilds_run=1,
        max_wilds_set=1,
        set_ranks=set_ranks,
        max_set_size=9,
        two_natural_aces=False,
    )


PRESETS: dict[str, BurracoConfig] = {
    "fibur-italiano": BurracoConfig(),
    "fibur-internazionale": BurracoConfig(semiclean=False, close_requires="clean", set_ranks="A3", pile_requires_meld=True),
    "casual": BurracoConfig(semiclean=False),
}
PRESET_HELP = {
    "fibur-italiano": "FIBUR Italian code: semi-clean burraco 150, close with any burraco, sets of any rank "
    "but 2, no condition on taking the pile",
    "fibur-internazionale": "FIBUR International code: no semi-clean, a clean burraco is needed to close, sets "
    "of aces and threes only, the pile only when you then meld or attach",
    "casual": "home rules: clean burraco 200 and dirty 100 only, otherwise the Italian code",
}

#: Tournament tables (digest §7): (largest MP difference, winner's VP) rows; beyond the last row 20-0.
VP_TABLES: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((50, 10), (150, 11), (250, 12), (350, 13), (500, 14), (650, 15), (800, 16), (1000, 17), (1250, 18), (1500, 19)),
    4: ((100, 10), (300, 11), (500, 12), (700, 13), (900, 14), (1100, 15), (1300, 16), (1500, 17), (1700, 18), (2000, 19)),
}


def setup_problem(config: BurracoConfig, players: int) -> str | None:
    """A one-line reason why ``config`` cannot be played by ``players``, or ``None``."""
    if players == 3:
        return _("3-player burraco (solo player against a pair formed during the hand) is not available; play with 2 or 4")
    if players not in (2, 4):
        return _("burraco is played by 2 or 4 players, not {n}").format(n=players)
    bad = [r for r in config.set_ranks if r not in ALL_SET_RANKS]
    if bad or not config.set_ranks or len(set(config.set_ranks)) != len(config.set_ranks):
        return (
            f"option set_ranks={config.set_ranks!r}: give each rank once, from A3456789TJQK "
            "(twos are wildcards and never form a set)"
        )
    if config.tournament_hands not in (0, *VP_TABLES):
        return _(
            "option tournament_hands={n}: the victory-point tables exist for rounds of {counts} hands (0 = play to the target)"
        ).format(n=config.tournament_hands, counts=_(" or ").join(map(str, VP_TABLES)))
    if not 0 <= config.unplayable_stock <= 20:
        return _("option unplayable_stock must be between 0 and 20")
    if config.target <= 0:
        return "option target must be positive"
    return None
