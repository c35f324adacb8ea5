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
    redoubled_insult: Annotated[Literal[50, 100], _opt(
        "premium for making a redoubled contract: 100 (Law 77 since 2007, endplay, OpenSpiel) "
        "or 50 (older rubber score cards)")] = 100
    unfinished_part_score: Annotated[Literal[50, 100], _opt(
        "unfinished rubber: bonus for a part score in the unfinished game (Law 80 as quoted in "
        "the digest: 100; informal sources: 50)")] = 100
    unfinished_part_score_rule: Annotated[Literal["only-one-side", "each-side"], _opt(
        "unfinished rubber: the part-score bonus goes only to a side that alone has a part "
        "score (Law 80, literal), or to each side with one")] = "only-one-side"
    honors: Annotated[bool, _opt("score honors (4 or 5 trump honors, or 4 aces at notrump, in one hand)")] = True
    start_vulnerable: Annotated[Literal["none", "NS", "EW", "both"], _opt(
        "sides vulnerable from the first hand without having won a game (practising an "
        "imported deal or a rubber in progress); normal rubbers start with none")] = "none"


PRESETS: dict[str, BridgeConfig] = {
    "rubber": BridgeConfig(),
    "old-card": BridgeConfig(redoubled_insult=50, unfinished_part_score=50,
                             unfinished_part_score_rule="each-side"),
}
PRESET_HELP = {
    "rubber": "rubber bridge by the Laws (rules digest): insult 50/100, unfinished rubber "
              "300 for a game and 100 for the only part score",
    "old-card": "older score cards: redoubled insult 50, 50 for each part score in an "
                "unfinished rubber",
}
