"""Eleusis's rule options and presets (rules as data; rules digest §A5 for the defaults)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Annotated

import msgspec


def _opt(description: str) -> msgspec.Meta:
    return msgspec.Meta(description=description)


class EleusisConfig(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    rules: Annotated[
        str,
        _opt(
            "the library rules a bot dealer draws from: all, easy, medium, hard, classic (the seven classic "
            "example rules) or one rule id such as sevens-switch (`cardcli rules eleusis library` lists them); "
            "a human dealer may write any rule"
        ),
    ] = "all"
    deals_per_player: Annotated[int, _opt("how many times each player deals in a match (classically twice)")] = 2
    phase_two: Annotated[
        bool,
        _opt(
            "play phase two, from the wrong cards; false ends the hand after phase one and scores the "
            "players on their wrong cards"
        ),
    ] = True
    phase_two_rounds: Annotated[
        int,
        _opt(
            "phase two also ends after this many rounds (a guard the classic rules lack: otherwise "
            "it ends when someone is out or no card in any hand can be added)"
        ),
    ] = 20


class Presets(Mapping[str, EleusisConfig]):
    """The presets by name. A former preset is still found, with its config exactly as it was (a replay,
    a save or a share code may name it, and a share code's digest covers the config), but never listed."""

    def __init__(self, presets: dict[str, EleusisConfig], former: dict[str, EleusisConfig]) -> None:
        self._presets = presets
        self._former = former

    def __getitem__(self, name: str) -> EleusisConfig:
        if name in self._former:
            return self._former[name]
        return self._presets[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._presets)

    def __len__(self) -> int:
        return len(self._presets)


PRESETS = Presets(
    {
        "standard": EleusisConfig(),
        "classic-rules": EleusisConfig(rules="classic"),
        "short": EleusisConfig(deals_per_player=1),
    },
    former={"seed-rules": EleusisConfig(rules="seed")},
)
PRESET_HELP = {
    "standard": "Abbott's original game: deck trimmed to divide equally, phase two "
    "from the wrong cards, everyone deals twice; bot dealers draw from the whole library",
    "classic-rules": "as standard, but bot dealers use only the seven classic example rules",
    "short": "as standard, but everyone deals once",
}


def deck_size(players: int) -> int:
    """The largest deck of at most 52 cards that leaves the same number for every player.

    The dealer gets no cards and the last card is the starter, so (D - 1) must
    divide by (players - 1): 3→51, 4→52, 5→49, 6→51, 7→49 (the seed's table is
    wrong for 5-7 players; rules digest §A2).
    """
    hands = players - 1
    d = 52
    while (d - 1) % hands:
        d -= 1
    return d
