"""Eleusis: the game of induction, with a safe rule language, fair-rule checks and bots that infer."""

from cardcli.games.eleusis.rules import EleusisGame

__all__ = ["EleusisGame"]
