"""Build the optional compiled copy of bridge's hot path and the fold: ``python -m cardcli.native_build``.

Needs mypyc (it comes with mypy, ``pip install mypy``) and a C compiler; nothing else of cardcli does.
The modules of :data:`~cardcli.native.MODULES` are compiled from a copy of the package taken at the
start, so the hashes written to the manifest are those of the very bytes compiled; the results go to
``cardcli/_native/`` (see :mod:`cardcli.native` for how they are then used, or not).

The one difference from the sources: the copy's ``state_base.py`` is an empty class of its own, as a
compiled class may derive only from compiled classes (see that module).
``python -m cardcli.native_build --remove`` deletes the build.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from cardcli.native import BUILT, GROUP, MANIFEST, MODULES, PACKAGE, module_source, source_hash

NATIVE_BASE = '''"""The compiled build's base of BridgeState: a native class with nothing in it."""


class StateBase:
    pass
'''


def build(built: Path = BUILT) -> list[str]:
    """Compile :data:`MODULES` into ``built`` (replacing what is there); returns the files made."""
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as err:
        raise SystemExit(f"cardcli.native_build needs mypyc and setuptools ({err}): pip install mypy setuptools") from None
    with tempfile.TemporaryDirectory(prefix="cardcli-native-") as tmp:
        work = Path(tmp)
        src = work / "src"
        shutil.copytree(PACKAGE, src / "cardcli", ignore=shutil.ignore_patterns("_native", "__pycache__", "*.so", "*.pyd"))
        hashes = {name: source_hash(module_source(name, src / "cardcli")) for name in MODULES}
        module_source("cardcli.games.bridge.state_base", src / "cardcli").write_text(NATIVE_BASE, encoding="utf-8")
        # the other modules are read for their types only: their errors are the pure build's (mypy checks them)
        paths = ["--follow-imports=silent", *(str(module_source(name, Path("cardcli"))) for name in MODULES)]
        here = os.getcwd()
        os.chdir(src)  # mypyc names the modules from the paths; setuptools must not read the project's files
        try:
            extensions = mypycify(paths, opt_level="3", group_name=GROUP, target_dir=str(work / "c"))
            setup(
                name="cardcli-native",
                ext_modules=extensions,
                script_args=["-q", "build_ext", "--build-lib", str(work / "lib"), "--build-temp", str(work / "obj")],
            )
        finally:
            os.chdir(here)
        suffix = EXTENSION_SUFFIXES[0]
        lib = work / "lib"
        shutil.rmtree(built, ignore_errors=True)
        built.mkdir(parents=True)
        made: list[str] = []
        modules = {}
        for name in MODULES:
            rel = Path(*name.split(".")[1:]).with_suffix(suffix)
            (built / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(lib / "cardcli" / rel, built / rel)
            modules[name] = {"file": str(rel), "sha256": hashes[name]}
            made.append(str(rel))
        shared = GROUP + "__mypyc" + suffix
        shutil.copy2(lib / shared, built / shared)
        made.append(shared)
        manifest = {"suffix": suffix, "shared": shared, "modules": modules}
        (built / (MANIFEST + ".new")).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        (built / (MANIFEST + ".new")).replace(built / MANIFEST)  # the manifest last: a half build is never used
    return made


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--remove"]:
        shutil.rmtree(BUILT, ignore_errors=True)
        print("compiled build removed: cardcli runs pure Python")
        return 0
    if args:
        print("usage: python -m cardcli.native_build [--remove]", file=sys.stderr)
        return 2
    made = build()
    print(f"compiled {len(made) - 1} modules into {BUILT.name}/ (used while their sources are unchanged)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
