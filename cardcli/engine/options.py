"""A game's rules configuration from presets and ``KEY=VALUE`` options, and from a replay's stored config.

Kept apart from :mod:`cardcli.engine.game` (the protocol): these are the conversions every command that
starts or reads a match shares, with one error type for a bad preset, option or value."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import msgspec

from cardcli.i18n import _

if TYPE_CHECKING:
    from cardcli.engine.game import Game


def type_name(t: msgspec.inspect.Type) -> str:
    """An option's type as ``cardcli rules GAME options`` prints it."""
    if isinstance(t, msgspec.inspect.BoolType):
        return "bool"
    if isinstance(t, msgspec.inspect.IntType):
        return "int"
    if isinstance(t, msgspec.inspect.FloatType):
        return "float"
    if isinstance(t, msgspec.inspect.LiteralType):
        return "|".join(str(v) for v in t.values)
    if isinstance(t, msgspec.inspect.StrType):
        return "text"
    return type(t).__name__.removesuffix("Type").lower()


class ConfigError(ValueError):
    """A preset or option the game does not know, or a value of the wrong type."""


def build_config(game: Game[Any, Any, Any, Any], preset: str | None, options: Mapping[str, str]) -> Any:
    """The config for ``preset`` with ``options`` (``KEY=VALUE`` strings) applied.

    Values are converted leniently (``true``/``1``/``yes`` for booleans), and
    an unknown key or bad value is a :class:`ConfigError` naming it.
    """
    name = preset or game.default_preset
    if name not in game.presets:
        raise ConfigError(
            _("{game} has no preset {name} (presets: {presets})").format(
                game=game.name, name=repr(name), presets=", ".join(game.presets)
            )
        )
    base = msgspec.to_builtins(game.presets[name])
    known = {o.name: o for o in game.options()}
    for key, value in options.items():
        k = key.strip().replace("-", "_")
        if k not in known:
            raise ConfigError(
                _("{game} has no option {key} (see `cardcli rules {game} options`)").format(game=game.name, key=repr(key))
            )
        v: Any = value
        if known[k].type == "bool" and isinstance(value, str):
            low = value.strip().lower()
            if low in ("1", "true", "yes", "on"):
                v = True
            elif low in ("0", "false", "no", "off"):
                v = False
            else:
                raise ConfigError(f"option {k} takes true or false, not {value!r}")
        base[k] = v
    try:
        return msgspec.convert(base, game.config_type, strict=False)
    except msgspec.ValidationError as e:
        from cardcli.engine.text import safe

        raise ConfigError(f"bad option value: {safe(str(e))}") from None


def config_from_builtins(game: Game[Any, Any, Any, Any], data: Mapping[str, Any]) -> Any:
    """Decode a config stored in a replay; raises ConfigError on a bad value."""
    try:
        return msgspec.convert(dict(data), game.config_type)
    except msgspec.ValidationError as e:
        from cardcli.engine.text import safe

        # msgspec quotes the file's own field names: control characters never reach the terminal
        raise ConfigError(f"bad {game.name} config: {safe(str(e))}") from None
