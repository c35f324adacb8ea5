"""``python -m cardcli.locale``: extract, merge and compile the catalogues (needs Babel).

``python -m cardcli.locale --extract-only DIR`` writes the template to DIR and
changes nothing else (the catalogue test uses it).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
LANGUAGES = ("it",)


def _babel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract(pot: Path) -> None:
    """Write the template of every message to ``pot``."""
    _babel("extract", "-F", str(HERE / "babel.cfg"), "-k", "_", "-k", "N_", "-k", "ngettext:1,2",
           "--no-location", "--sort-output", "--omit-header", "--no-wrap", "-o", str(pot), str(ROOT))


def update() -> None:
    pot = HERE / "cardcli.pot"
    extract(pot)
    for lang in LANGUAGES:
        po = HERE / lang / "LC_MESSAGES" / "cardcli.po"
        if po.exists():
            _babel("update", "-i", str(pot), "-o", str(po), "-l", lang, "--no-fuzzy-matching",
                   "--ignore-obsolete", "--no-wrap", "--omit-header")
        else:
            _babel("init", "-i", str(pot), "-o", str(po), "-l", lang, "--no-wrap")
        _babel("compile", "-i", str(po), "-o", str(po.with_suffix(".mo")), "-l", lang, "--statistics")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--extract-only"] and len(argv) == 2:
        extract(Path(argv[1]) / "cardcli.pot")
        return 0
    if argv:
        sys.stderr.write("usage: python -m cardcli.locale [--extract-only DIR]\n")
        return 2
    update()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
