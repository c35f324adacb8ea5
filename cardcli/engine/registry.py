"""The game registry: names and aliases → game classes, imported only when used.

Each game is one line here (its module path); nothing is imported until a
command needs that game, so ``cardcli --help`` stays fast (python-chess's
``find_variant``, made lazy). Everything else about a game is declared by its
class and its folder (:class:`cardcli.engine.game.Game`'s hooks), so a new game is
its folder under ``cardcli/games/`` plus its line in :data:`ENTRIES`;
:func:`register` adds one at run time (a game outside the package, a test's).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardcli.engine.game import Game


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    target: str
    """``module:Class`` of the game."""
    aliases: tuple[str, ...] = ()


ENTRIES: tuple[Entry, ...] = (
    Entry("bridge", "cardcli.games.bridge:BridgeGame", ("contract-bridge", "rubber")),
    Entry("canasta", "cardcli.games.canasta:CanastaGame", ("canastone", "italian-canasta")),
    Entry("burraco", "cardcli.games.burraco:BurracoGame", ("buraco",)),
    Entry("rummy", "cardcli.games.rummy:RummyGame", ("rummy500", "ramino", "rum")),
    Entry("eleusis", "cardcli.games.eleusis:EleusisGame", ()),
)

_loaded: dict[str, Game[Any, Any, Any, Any]] = {}


class UnknownGame(LookupError):
    """A name that is not a game of cardcli (or one not available in this build)."""


def register(entry: Entry) -> None:
    """Add a game to the registry for this process, as its line in :data:`ENTRIES` would (a game
    kept outside the package, or a test's toy game); a name or alias already taken is refused."""
    global ENTRIES
    taken = {n for e in ENTRIES for n in (e.name, *e.aliases)}
    clash = sorted(taken & {entry.name, *entry.aliases})
    if clash:
        raise ValueError(f"the game name {clash[0]!r} is already registered")
    ENTRIES = (*ENTRIES, entry)


def unregister(name: str) -> None:
    """Take a game added by :func:`register` out again (and forget its loaded object)."""
    global ENTRIES
    canon = canonical_name(name)
    ENTRIES = tuple(e for e in ENTRIES if e.name != canon)
    _loaded.pop(canon, None)


def names() -> list[str]:
    return [e.name for e in ENTRIES]


def canonical_name(name: str) -> str:
    """The registry name for ``name`` or one of its aliases (case-insensitive)."""
    key = name.strip().lower()
    for e in ENTRIES:
        if key == e.name or key in e.aliases:
            return e.name
    from cardcli.i18n import _

    raise UnknownGame(_("unknown game {name} (games: {games})").format(name=repr(name), games=", ".join(names())))


def load(name: str) -> Game[Any, Any, Any, Any]:
    """The game object for ``name``, importing its package on first use."""
    canon = canonical_name(name)
    if canon not in _loaded:
        entry = next(e for e in ENTRIES if e.name == canon)
        module, _sep, cls = entry.target.partition(":")
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as err:
            if err.name and module.startswith(err.name):
                raise UnknownGame(f"{canon} is not available in this version of cardcli") from None
            raise
        factory = getattr(mod, cls, None)
        if factory is None:
            raise UnknownGame(f"{canon} is not available in this version of cardcli")
        _loaded[canon] = factory()
    return _loaded[canon]


def available() -> list[str]:
    """The games that can actually be loaded."""
    out = []
    for n in names():
        try:
            load(n)
        except UnknownGame:
            continue
        out.append(n)
    return out
