"""What bridge tells the engine's file formats, scorepad and review: PBN and LIN in and out, a typed
hand scored, the rules a shared hand is replayed under, older results upgraded, and its REPL commands.

A mixin of :class:`~cardcli.games.bridge.rules.BridgeGame`, kept apart from the rules of play: each
method only hands over to the module that knows its format, imported on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from cardcli.engine.game import HandResult, ImportedMatch, RecordedHand, ScoreSheet
from cardcli.games.bridge.config import BridgeConfig
from cardcli.games.bridge.state import BridgeState

if TYPE_CHECKING:
    from cardcli.games.bridge.rules import BridgeGame


class BridgeFormats:
    """Bridge's answers to the protocol's file-format, scorepad and review hooks."""

    @property
    def _as_game(self) -> BridgeGame:
        """This mixin as the game it is part of (the format modules take the whole game)."""
        return cast("BridgeGame", self)

    def hand_config(self, config: BridgeConfig, dealt: BridgeState) -> BridgeConfig:
        from cardcli.games.bridge.legacy import hand_config

        return hand_config(config, dealt)  # type: ignore[no-any-return]

    def upgrade_result(self, result: HandResult, version: int) -> HandResult:
        from cardcli.games.bridge.legacy import v1_result

        return v1_result(result) if version < 2 else result

    # -- scorepads, PBN, extra commands -------------------------------------------------------
    def score_sheet(self, text: str, config: BridgeConfig, players: int | None) -> ScoreSheet:
        from cardcli.games.bridge.scoresheet import score_text

        return score_text(text, config)

    def export_deal(self, state: BridgeState, fmt: str) -> str:
        if fmt != "pbn":
            raise ValueError(f"bridge deals cannot be written as {fmt}")
        from cardcli.games.bridge.pbn import deal_pbn

        return deal_pbn(state)

    def export_hands(self, fmt: str, config: Any, players: int, hands: Sequence[RecordedHand], meta: Mapping[str, Any]) -> str:
        if fmt == "lin":
            from cardcli.games.bridge.lin import export_lin

            return export_lin(self._as_game, config, hands, meta)
        if fmt != "pbn":
            raise ValueError(f"bridge games cannot be exported as {fmt}")
        from cardcli.games.bridge.pbn import export_pbn

        return export_pbn(self._as_game, config, hands, meta)

    def import_hands(self, fmt: str, text: str) -> ImportedMatch:
        if fmt == "lin":
            from cardcli.games.bridge.lin import import_lin

            return import_lin(self._as_game, text)
        if fmt != "pbn":
            raise ValueError(f"bridge cannot import {fmt} files")
        from cardcli.games.bridge.pbn import import_pbn_matches

        matches = import_pbn_matches(self._as_game, text)
        first = matches[0]
        if len(matches) > 1:
            first.parts = matches  # type: ignore[attr-defined]  # several boards still to play: one file each
        return first

    def link_format(self, text: str) -> str | None:
        from cardcli.games.bridge.lin_link import is_link

        return "lin" if is_link(text) else None

    def decode_import(self, fmt: str, data: bytes) -> str:
        """A file's bytes as text (PBN: the declared charset, else UTF-8, else ISO-8859-1)."""
        if fmt == "pbn":
            from cardcli.games.bridge.pbn import decode_pbn

            return decode_pbn(data)
        return data.decode("utf-8-sig")

    def commands(self) -> dict[str, tuple[str, Callable[[Any, str], list[str]]]]:
        from cardcli.games.bridge.commands import COMMANDS

        return COMMANDS
