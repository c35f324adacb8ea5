"""``python -m cardcli.locale``: extract, merge and compile the catalogues (needs Babel).

``python -m cardcli.locale --extract-only DIR`` writes the template to DIR and
changes nothing else (the catalogue test uses it).
"""

from __future__ import annotations

import re
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
    _babel(
        "extract",
        "-F",
        str(HERE / "babel.cfg"),
        "-k",
        "_",
        "-k",
        "N_",
        "-k",
        "ngettext:1,2",
        "--no-location",
        "--sort-output",
        "--omit-header",
        "--no-wrap",
        "-o",
        str(pot),
        str(ROOT),
    )


# The header entry; without it Babel treats the catalogue as fuzzy and does not compile it.
HEADER = (
    'msgid ""\nmsgstr ""\n'
    '"Project-Id-Version: cardcli\\n"\n'
    '"Language: {lang}\\n"\n'
    '"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Content-Transfer-Encoding: 8bit\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
)


def _keep_header(po: Path, lang: str) -> None:
    """Put the fixed header entry at the top of ``po`` (the update writes none, so no dates churn)."""
    text = po.read_text(encoding="utf-8")
    if text.startswith('msgid ""\n'):
        text = text.split("\n\n", 1)[1] if "\n\n" in text else ""
    # Babel's locale data may give Italian a third plural form ("many", for millions); the header
    # says two, and the third would stay empty: drop it.
    text = re.sub(r'\nmsgstr\[[2-9]\] "[^\n]*"(?=\n)', "", text)
    po.write_text(HEADER.format(lang=lang) + text.lstrip("\n"), encoding="utf-8")


def compile_catalogue(po: Path, lang: str) -> int:
    """Compile ``po`` next to itself as ``.mo``, as ``pybabel compile`` does; return the errors.

    A brace-format message such as ``{p}% of the layouts`` is no %-format string, but
    Babel flags it ``python-format`` too and then rejects a correct translation
    (``{p}% delle``) as an incompatible ``%d``: such messages are checked without it.
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    if catalog.fuzzy:
        sys.stderr.write(f"error: {po.name} ({lang}) has no header entry or is marked fuzzy\n")
        return 1
    for message in catalog:
        if message.id and "python-brace-format" in message.flags:
            message.flags.discard("python-format")
    errors = 0
    for message, problems in catalog.check():
        for problem in problems:
            errors += 1
            sys.stderr.write(f"error: {po.name}:{message.lineno}: {problem}\n")
    messages = [m for m in list(catalog)[1:]]
    done = sum(1 for m in messages if m.string and (all(m.string) if isinstance(m.string, tuple) else True) and not m.fuzzy)
    sys.stderr.write(
        f"{done} of {len(messages)} messages ({done * 100 // max(len(messages), 1)}%) translated in {po.name} ({lang})\n"
    )
    with po.with_suffix(".mo").open("wb") as f:
        write_mo(f, catalog)
    return errors


def update() -> None:
    pot = HERE / "cardcli.pot"
    extract(pot)
    for lang in LANGUAGES:
        po = HERE / lang / "LC_MESSAGES" / "cardcli.po"
        if po.exists():
            _babel(
                "update",
                "-i",
                str(pot),
                "-o",
                str(po),
                "-l",
                lang,
                "--no-fuzzy-matching",
                "--ignore-obsolete",
                "--no-wrap",
                "--omit-header",
            )
            _keep_header(po, lang)
        else:
            _babel("init", "-i", str(pot), "-o", str(po), "-l", lang, "--no-wrap")
        compile_catalogue(po, lang)


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
