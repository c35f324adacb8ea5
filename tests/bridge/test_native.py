"""The optional compiled build of bridge's hot path (:mod:`cardcli.native`): it is used only while it
matches the sources, and when it is used it plays exactly as the pure modules do.

The loader's checks run on a made-up build in a temporary folder (no compiler needed). When a real build
is present and fresh, this whole test run is already on the compiled path (the lean-vs-normal tests
included); one more test then plays seeded games in a pure-Python child process and compares them."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

from cardcli import native
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load


def _fake_build(tmp_path: Path) -> tuple[Path, Path]:
    """A package folder holding copies of the compiled modules' sources, and a build folder whose
    manifest matches them (its "compiled" files are empty: the loader only checks, never loads here)."""
    package = tmp_path / "cardcli"
    built = tmp_path / "built"
    modules = {}
    for name in native.MODULES:
        source = native.module_source(name, package)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_bytes(native.module_source(name).read_bytes())
        rel = Path(*name.split(".")[1:]).with_suffix(EXTENSION_SUFFIXES[0])
        (built / rel).parent.mkdir(parents=True, exist_ok=True)
        (built / rel).write_bytes(b"")
        modules[name] = {"file": str(rel), "sha256": native.source_hash(source)}
    shared = native.GROUP + "__mypyc" + EXTENSION_SUFFIXES[0]
    (built / shared).write_bytes(b"")
    manifest = {"suffix": EXTENSION_SUFFIXES[0], "shared": shared, "modules": modules}
    (built / native.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return package, built


def test_a_build_matching_its_sources_is_served_and_nothing_else(tmp_path: Path) -> None:
    package, built = _fake_build(tmp_path)
    files, status = native.check(built, package)
    assert files is not None and status.startswith("compiled")
    assert set(files) == {*native.MODULES, native.GROUP + "__mypyc"}
    finder = native.NativeFinder(files)
    spec = finder.find_spec("cardcli.games.bridge.lean")
    assert spec is not None and spec.origin == str(files["cardcli.games.bridge.lean"])
    assert finder.find_spec("cardcli.engine.foldlog") is None  # only the compiled modules
    assert finder.find_spec("cardcli.games.bridge.rules") is None


@pytest.mark.parametrize("name", native.MODULES)
def test_an_edited_source_sends_every_module_back_to_pure_python(tmp_path: Path, name: str, monkeypatch: Any) -> None:
    package, built = _fake_build(tmp_path)
    source = native.module_source(name, package)
    source.write_bytes(source.read_bytes() + b"\n# edited after the build\n")
    files, status = native.check(built, package)
    assert files is None
    assert status.startswith("pure Python") and source.name in status and "rebuild" in status
    # install() with that build adds no finder and says the build is stale
    _isolated(monkeypatch)
    before = list(sys.meta_path)
    native.install(built, package)
    assert sys.meta_path == before
    assert native.stale() and not native.compiled() and source.name in native.status()


def _isolated(monkeypatch: Any) -> None:
    """sys.meta_path without compiled-build finders, and the loader's status, restored after the test."""
    monkeypatch.setattr(sys, "meta_path", [f for f in sys.meta_path if not isinstance(f, native.NativeFinder)])
    monkeypatch.delenv("CARDCLI_PURE", raising=False)
    monkeypatch.setattr(native, "_status", native.status())
    monkeypatch.setattr(native, "_stale", native.stale())


def test_install_puts_the_finder_first_for_a_fresh_build_unless_told_pure(tmp_path: Path, monkeypatch: Any) -> None:
    package, built = _fake_build(tmp_path)
    _isolated(monkeypatch)
    monkeypatch.setenv("CARDCLI_PURE", "1")
    native.install(built, package)
    assert not any(isinstance(f, native.NativeFinder) for f in sys.meta_path) and "CARDCLI_PURE" in native.status()
    monkeypatch.delenv("CARDCLI_PURE")
    native.install(built, package)
    first = sys.meta_path[0]
    assert isinstance(first, native.NativeFinder) and native.compiled() and not native.stale()
    assert first.files["cardcli.games.bridge.held"].is_relative_to(built)


def test_a_build_for_another_interpreter_or_half_made_is_not_used(tmp_path: Path) -> None:
    package, built = _fake_build(tmp_path)
    manifest = json.loads((built / native.MANIFEST).read_text(encoding="utf-8"))
    (built / native.MANIFEST).write_text(json.dumps({**manifest, "suffix": ".cpython-20-other.so"}), encoding="utf-8")
    files, status = native.check(built, package)
    assert files is None and "not this interpreter" in status
    (built / native.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    (built / manifest["shared"]).unlink()
    files, status = native.check(built, package)
    assert files is None and "missing" in status
    (built / native.MANIFEST).write_text("{not json", encoding="utf-8")
    files, status = native.check(built, package)
    assert files is None and "unreadable" in status


def test_the_modules_in_use_are_the_ones_the_status_names() -> None:
    import cardcli.games.bridge.lean as lean
    import cardcli.games.bridge.state as state
    from cardcli.engine import fold

    if native.compiled():
        assert Path(lean.__file__).parent.parent.parent == native.BUILT
        assert not hasattr(state.BridgeState(None, 4, 0), "__dict__")  # type: ignore[arg-type]  # a native class
        assert Path(fold.__file__).parent.parent == native.BUILT
        assert not hasattr(fold.Table(load("bridge"), load("bridge").presets["rubber"], 4, 0), "__dict__")
    else:
        assert lean.__file__ == str(native.module_source("cardcli.games.bridge.lean"))
        assert native.status().startswith("pure Python")


def test_clone_copies_every_field() -> None:
    """The state's clone names its fields one by one (a compiled state has no ``__dict__`` to copy)."""
    from dataclasses import fields

    game: Any = load("bridge")
    config = game.presets["rubber"]
    state = game.new_match(config, 4, 1)
    game.start_hand(state, shuffled_deck(game.deck(config, 4), "clone", 1))
    rng = random.Random(3)
    for _ in range(30):
        legal = game.legal_moves(state, claims=False)
        game.apply(state, legal[rng.randrange(len(legal))])
    copy = state.clone()
    for f in fields(state):
        assert getattr(copy, f.name) == getattr(state, f.name), f.name
    assert copy.suits is not state.suits and copy.suits[0] is not state.suits[0] and copy.auction is not state.auction


PLAYOUTS = """
import json, random, sys
from cardcli import native
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import LoggedMove, Table, fold, HandLog
from cardcli.engine.registry import load
game = load("bridge")
out = {"status": native.status(), "games": [], "tables": []}
for preset in ("rubber", "deals"):
    config = game.presets[preset]
    rng = random.Random(preset)
    state = game.new_match(config, 4, 0)
    for hand in range(1, 7):
        if not game.needs_deal(state):
            break
        game.start_hand(state, shuffled_deck(game.deck(config, 4), preset, hand))
        ids = []
        while not game.hand_over(state):
            legal = game.legal_ids(state)
            a = legal[0] if state.phase == "auction" and rng.random() < 0.6 else rng.choice(legal)
            ids.append(a)
            game.play_id(state, a)
        out["games"].append([ids, [list(t.cards) + [t.winner] for t in state.tricks], state.won, state.result.points,
                             state.result.totals, state.result.detail])
        # the same moves through the fold's table, by id and by move, and the log folded back
        deck = shuffled_deck(game.deck(config, 4), preset, hand)
        logs = []
        for by_id in (True, False):
            table = Table(game, config, 4, 0, strict=not by_id)
            table.deal(deck)
            for a in ids:
                table.push_id(a) if by_id else table.push(game.move_table[a])
            logs.append([(e.seat, e.move, e.secret) for e in table.hands[-1].moves])
            logs.append(table.results[-1].points)
        again = fold(game, config, 4, 0, [HandLog(list(deck), [LoggedMove(*e) for e in logs[0]], 0)])
        logs.append(len(again.hands[-1].moves))
        out["tables"].append(logs)
print(json.dumps(out))
"""


def _playouts(pure: bool) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("CARDCLI_PURE", None)
    if pure:
        env["CARDCLI_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", PLAYOUTS], capture_output=True, text=True, env=env, timeout=600, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.mark.skipif(not native.compiled(), reason="no fresh compiled build (python -m cardcli.native_build)")
def test_the_compiled_path_plays_as_the_pure_one() -> None:
    compiled, pure = _playouts(False), _playouts(True)
    assert compiled["status"].startswith("compiled") and pure["status"].startswith("pure Python")
    assert len(pure["games"]) >= 6
    assert compiled["games"] == pure["games"]
    assert compiled["tables"] == pure["tables"]
    assert all(log[0] == log[2] and log[4] == len(log[0]) for log in pure["tables"])
