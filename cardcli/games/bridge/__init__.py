"""Contract bridge, rubber scoring: auction, play with dummy, claims, scorepad, PBN, explained bidding."""

from cardcli.games.bridge.rules import BridgeGame

__all__ = ["BridgeGame"]
