"""The man pages are generated (``python -m cardcli.manpage --write``), current and lint-clean."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cardcli.manpage import ROOT, all_pages

UPDATE = "regenerate with: python -m cardcli.manpage --write"


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return all_pages()


def test_every_page_exists(pages: dict[str, str]) -> None:
    for lang in ("", "it/"):
        for name in (
            "cardcli.1",
            "cardcli-play.1",
            "cardcli-replay.1",
            "cardcli-scorepad.1",
            "cardcli-completion.1",
            "cardcli-replay.5",
            "cardcli-bridge.6",
            "cardcli-burraco.6",
            "cardcli-canasta.6",
            "cardcli-rummy.6",
            "cardcli-eleusis.6",
        ):
            assert lang + name in pages


def test_the_committed_pages_are_current(pages: dict[str, str]) -> None:
    stale = [rel for rel, text in pages.items() if not (ROOT / rel).exists() or (ROOT / rel).read_text() != text]
    assert not stale, f"{stale[:5]}: {UPDATE}"
    extra = [
        str(p.relative_to(ROOT))
        for p in [*ROOT.glob("cardcli*.[156]"), *ROOT.glob("*/cardcli*.[156]")]
        if str(p.relative_to(ROOT)) not in pages
    ]
    assert not extra, f"pages no longer generated: {extra}: {UPDATE}"


def test_game_pages_hold_the_rulebook_and_are_translated(pages: dict[str, str]) -> None:
    from cardcli.engine.registry import load

    book = load("burraco").rulebook
    english, italian = pages["cardcli-burraco.6"], pages["it/cardcli-burraco.6"]
    for rule in book.rules.values():
        rid = rule.id.replace("-", "\\-")  # as roff writes it
        assert rid in english and rid in italian
    assert "FIBUR" in english and "pozzetto" in italian and "DESCRIZIONE" in italian and "REGOLE" in italian
    assert "semipulito" in italian


def test_the_replay_format_page_describes_what_exists(pages: dict[str, str]) -> None:
    text = pages["cardcli-replay.5"]
    for word in ("first_dealer", "SeatRecord", "HandRecord", "cc1", "TOML", "jsonl"):
        assert word in text, word


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_groff_reports_no_warnings() -> None:
    noisy = {}
    for page in sorted([*ROOT.glob("cardcli*.[156]"), *ROOT.glob("*/cardcli*.[156]")]):
        result = subprocess.run(["groff", "-ww", "-z", "-t", "-man", str(page)], capture_output=True, text=True)
        if result.returncode or result.stderr.strip():
            noisy[page.name] = result.stderr.strip()[:300]
    assert not noisy, noisy


@pytest.mark.skipif(shutil.which("mandoc") is None, reason="mandoc is not installed")
def test_mandoc_lint() -> None:
    pages = sorted(str(p) for p in [*ROOT.glob("cardcli*.[156]"), *ROOT.glob("*/cardcli*.[156]")])
    result = subprocess.run(["mandoc", "-Tlint", "-Wwarning", *pages], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[:2000]


@pytest.mark.skipif(shutil.which("man") is None, reason="man is not installed")
def test_man_renders_the_burraco_page() -> None:
    result = subprocess.run(
        ["man", "-l", "-Tutf8", str(ROOT / "cardcli-burraco.6")],
        capture_output=True,
        text=True,
        env={"MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
    )
    assert result.returncode == 0 and "pozzetto" in result.stdout and not result.stderr.strip()


def test_the_docs_test_page_is_this_generator() -> None:
    assert (ROOT / "cardcli.1").read_text() == all_pages()["cardcli.1"]
    assert Path(ROOT / "it" / "cardcli.1").read_text().count(".SH") > 5


def test_italian_pages_are_hyphenated_as_italian(pages: dict[str, str]) -> None:
    """groff hyphenates by the patterns of the page's language: every Italian page names Italian
    right after its title line (English pages keep groff's default, English)."""
    for rel, text in pages.items():
        lines = text.splitlines()
        assert lines[0].startswith(".TH "), rel
        if rel.startswith("it/"):
            assert lines[1] == ".hla it", rel
        else:
            assert ".hla" not in text, rel


@pytest.mark.skipif(shutil.which("man") is None or shutil.which("groff") is None, reason="man/groff is not installed")
def test_italian_words_are_not_broken_by_english_rules() -> None:
    """At 80 columns no Italian page ends a line with a hyphen groff added (as in "Dis-tribuisce")."""
    broken = {}
    for page in sorted((ROOT / "it").glob("cardcli*.[156]")):
        out = subprocess.run(
            ["man", "-l", "-Tutf8", str(page)],
            capture_output=True,
            text=True,
            env={"MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
        ).stdout
        cut = [line.strip() for line in out.splitlines() if line.rstrip().endswith("\u2010")]
        if cut:
            broken[page.name] = cut[:3]
    assert not broken, broken


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_option_lists_adjust_in_both_languages() -> None:
    """The presets' comma-joined option lists are long words: set ragged, groff never fails to adjust them."""
    for rel in ("cardcli-canasta.6", "it/cardcli-canasta.6"):
        result = subprocess.run(["groff", "-ww", "-man", "-Tutf8", str(ROOT / rel)], capture_output=True, text=True)
        assert "cannot adjust" not in result.stderr, (rel, result.stderr[:300])
        assert "\n.na\n" in (ROOT / rel).read_text(), rel
