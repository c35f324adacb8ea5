"""The engine core: cards, dealing, verdicts, views, melds, the game protocol and the registry.

It knows nothing of files, screens or particular games; games build on it.
"""
