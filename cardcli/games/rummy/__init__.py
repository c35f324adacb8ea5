"""Rummy: the simplest of the five games, and the reference implementation of the protocol."""

from cardcli.games.rummy.rules import RummyGame

__all__ = ["RummyGame"]
