"""Italian canasta (canastone): three decks and six jokers, the pozzo, pinelle and jolly."""

from cardcli.games.canasta.rules import CanastaGame

__all__ = ["CanastaGame"]
