"""The package as users get it: every module listed for the build, and the lessons inside the wheel."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tomllib
import venv
from pathlib import Path

import pytest
from setuptools import find_namespace_packages

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_listed_for_the_build() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        p for p in find_namespace_packages(str(ROOT), include=["cardcli*"]) if any((ROOT / p.replace(".", "/")).glob("*.py"))
    }
    assert found - listed == set(), "add these packages to [tool.setuptools] packages in pyproject.toml"
    assert "cardcli.tutorials" in listed


def test_the_wheel_holds_the_lessons_and_learn_runs_from_it(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    if built.returncode != 0 and "No matching distribution" in built.stderr + built.stdout:
        pytest.skip("the build backend could not be fetched (no package index here)")
    assert built.returncode == 0, built.stderr
    wheel = next(wheels.glob("cardcli-*.whl"))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True, timeout=900)
    # the dependencies come from this environment (not cardcli itself: its editable finder is not loaded)
    site = Path(
        subprocess.run(
            [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    (site / "deps-from-test-env.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {**os.environ, "CARDCLI_HOME": str(tmp_path / "home")}
    where = subprocess.run(
        [str(py), "-c", "from cardcli.tutor import catalog; print(catalog.tutorials_dir())"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=True,
    ).stdout.strip()
    assert Path(where).is_relative_to(site), where  # the wheel's own copy, not the repository's
    listing = subprocess.run(
        [str(py), "-m", "cardcli", "learn"], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300
    )
    assert listing.returncode == 0, listing.stderr
    from cardcli.tutor import catalog

    for course in catalog.COURSES:
        assert f"{course:<9} {len(catalog.lessons(course))} lessons" in listing.stdout
    demo = subprocess.run(
        [str(py), "-m", "cardcli", "learn", "rummy", "1", "--auto"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert demo.returncode == 0 and "Demonstration complete" in demo.stdout, demo.stdout + demo.stderr
