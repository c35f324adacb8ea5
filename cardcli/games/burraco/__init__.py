"""Burraco (FIBUR rules): 4 players in pairs or 2 players, with presets, bots and a scorepad."""

from cardcli.games.burraco.rules import BurracoGame

__all__ = ["BurracoGame"]
