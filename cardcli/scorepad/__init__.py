"""Scorepad matches: a running pad for games played with real cards, kept in the store.

:mod:`~cardcli.scorepad.pad` (rows and points), :mod:`~cardcli.scorepad.tables`
and :mod:`~cardcli.scorepad.games` (each game's match rules),
:mod:`~cardcli.scorepad.service` (matches in the store),
:mod:`~cardcli.scorepad.render` (text, CSV, JSON) and
:mod:`~cardcli.scorepad.chart` (terminal charts).
"""
