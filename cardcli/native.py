"""The optional compiled copy of bridge's hot path and the fold: used only while it matches the sources.

The pure-Python modules are the source of truth and are always importable. ``python -m
cardcli.native_build`` compiles the modules of :data:`MODULES` with mypyc into ``cardcli/_native/``,
with a manifest of each source's SHA-256. They are kept apart from the sources on purpose: an extension
module beside its ``.py`` is imported in its place, edited or not.

At import (``cardcli/__init__.py``, only when a manifest exists) :func:`install` checks the build: the
interpreter it was made for, and every source's hash. When all match, a finder first on
``sys.meta_path`` serves the compiled modules; when one does not, nothing compiled is used (the modules
call each other natively, so it is all or nothing) and :func:`status` says which source changed.
``CARDCLI_PURE=1`` keeps the pure modules whatever is built.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

MODULES = (
    "cardcli.games.bridge.lean",
    "cardcli.games.bridge.held",
    "cardcli.games.bridge.play",
    "cardcli.games.bridge.auction",
    "cardcli.games.bridge.state",
    "cardcli.games.bridge.state_base",
    "cardcli.games.bridge.hand_score",
    "cardcli.games.bridge.rubber",
    "cardcli.games.bridge.scoring",
    "cardcli.engine.fold",
)
"""The modules compiled: a random playout's every move runs through them (the fold's :class:`Table`
included: ``push_id`` is then one native call per move; what a fold records and its visitors stay
interpreted in :mod:`cardcli.engine.foldlog`, as Python code subclasses them)."""
GROUP = "cardcli_native"
"""The compiled group's name: its shared library is the top-level module ``cardcli_native__mypyc``."""
PACKAGE = Path(__file__).resolve().parent
BUILT = PACKAGE / "_native"
MANIFEST = "manifest.json"

_status = "pure Python (no compiled build)"
_stale = False


def status() -> str:
    """Which path runs, and why: ``compiled (…)`` or ``pure Python (…)``."""
    return _status


def compiled() -> bool:
    return _status.startswith("compiled")


def stale() -> bool:
    """True when a compiled build is there but was not used (it does not match the sources or this
    interpreter): the figures of a benchmark are then the pure path's, which it should say."""
    return _stale


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def module_source(name: str, package: Path = PACKAGE) -> Path:
    """The ``.py`` file of ``name`` (one of :data:`MODULES`) under the package folder ``package``."""
    return package.joinpath(*name.split(".")[1:]).with_suffix(".py")


class NativeFinder(MetaPathFinder):
    """Finds the compiled modules (and their shared library) in the build folder, nothing else."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Any = None, target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        return ModuleSpec(fullname, ExtensionFileLoader(fullname, str(file)), origin=str(file))


def check(built: Path = BUILT, package: Path = PACKAGE) -> tuple[dict[str, Path] | None, str]:
    """(module name → compiled file, or None when the build may not be used; the status line)."""
    try:
        manifest = json.loads((built / MANIFEST).read_text(encoding="utf-8"))
        suffix, modules, shared = manifest["suffix"], manifest["modules"], manifest["shared"]
    except (OSError, ValueError, KeyError, TypeError):
        return None, "pure Python (the compiled build's manifest is unreadable: rebuild it)"
    if suffix != EXTENSION_SUFFIXES[0]:
        return None, f"pure Python (the compiled build is for {suffix}, not this interpreter: rebuild it)"
    files = {GROUP + "__mypyc": built / str(shared)}
    for name in MODULES:
        entry = modules.get(name) if isinstance(modules, dict) else None
        source = module_source(name, package)
        try:
            fresh = entry is not None and source_hash(source) == entry["sha256"]
        except OSError:
            fresh = False
        if not fresh:
            where = source.relative_to(package.parent) if source.is_relative_to(package.parent) else source
            return None, f"pure Python ({where} differs from its compiled copy: rebuild with python -m cardcli.native_build)"
        files[name] = built / str(entry["file"])  # type: ignore[index]
    if not all(f.is_file() for f in files.values()):
        return None, "pure Python (a file of the compiled build is missing: rebuild it)"
    return files, f"compiled ({len(MODULES)} modules, built from the current sources)"


def install(built: Path = BUILT, package: Path = PACKAGE) -> None:
    """Serve the compiled modules when the build in ``built`` matches the sources under ``package``."""
    global _status, _stale
    if os.environ.get("CARDCLI_PURE"):
        _status = "pure Python (CARDCLI_PURE is set)"
        return
    files, _status = check(built, package)
    _stale = files is None
    if files is not None and not any(isinstance(f, NativeFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, NativeFinder(files))
