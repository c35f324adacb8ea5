"""The base class of :class:`~cardcli.games.bridge.state.BridgeState`: the engine's ``GameState``.

A module of its own so that the compiled build (:mod:`cardcli.native_build`) can put an empty native
class in its place: a compiled class may derive only from compiled classes, and ``BridgeState`` needs
nothing of ``GameState`` at run time (it declares every field it has and its own ``clone``)."""

from cardcli.engine.game import GameState

StateBase = GameState
