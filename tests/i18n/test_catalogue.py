"""The Italian catalogue is current (every message of the source), complete and consistent.

Re-extracts the messages with Babel (``python -m cardcli.locale`` is the update command)
into a temporary folder and compares them with the committed ``.po``; every message must
have an Italian translation with the same ``{placeholders}``, and the committed ``.mo``
must be the compiled ``.po``.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

pytest.importorskip("babel")

from babel.messages.pofile import read_po  # noqa: E402

from cardcli.i18n import LOCALE_DIR  # noqa: E402

PO = LOCALE_DIR / "it" / "LC_MESSAGES" / "cardcli.po"
MO = PO.with_suffix(".mo")
UPDATE = "run `python -m cardcli.locale` and translate the new messages in cardcli/locale/it/LC_MESSAGES/cardcli.po"
# str.format fields: {name}, {name!r}, {n:+}, {e.message}; not {{literal}} braces or JSON.
FIELD = re.compile(r"(?<!\{)\{(?:[A-Za-z_][A-Za-z0-9_]*(?:[.!:\[][^{}]*)?)?\}(?!\})")


def _read(path: Path, locale: str | None = None):  # type: ignore[no-untyped-def]
    with path.open("rb") as f:
        return read_po(f, locale=locale)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> set[object]:
    from cardcli.locale.__main__ import extract

    folder = tmp_path_factory.mktemp("pot")
    extract(folder / "cardcli.pot")
    return {m.id for m in _read(folder / "cardcli.pot") if m.id}


@pytest.fixture(scope="module")
def italian():  # type: ignore[no-untyped-def]
    return _read(PO, "it")


def test_the_committed_catalogue_has_every_message_of_the_source(extracted: set[object], italian) -> None:  # type: ignore[no-untyped-def]
    have = {m.id for m in italian if m.id}
    missing = sorted(map(str, extracted - have))
    assert not missing, f"{len(missing)} new messages, e.g. {missing[:5]}: {UPDATE}"
    stale = sorted(map(str, have - extracted))
    assert not stale, f"{len(stale)} messages no longer in the source, e.g. {stale[:5]}: {UPDATE}"


def test_every_message_is_translated_with_the_same_placeholders(italian) -> None:  # type: ignore[no-untyped-def]
    untranslated, different = [], []
    for m in italian:
        if not m.id:
            continue
        ids = list(m.id) if isinstance(m.id, tuple) else [m.id]
        strings = list(m.string) if isinstance(m.string, tuple) else [m.string]
        if not all(strings) or m.fuzzy:
            untranslated.append(ids[0])
            continue
        want = sorted(set(FIELD.findall(" ".join(ids))))
        for s in strings:
            if sorted(set(FIELD.findall(s))) != want:
                different.append((ids[0], s))
    assert not untranslated, f"{len(untranslated)} messages have no Italian translation, e.g. {untranslated[:5]}"
    assert not different, f"placeholders differ: {different[:3]}"


def test_click_help_keeps_its_layout_markers(italian) -> None:  # type: ignore[no-untyped-def]
    """A help paragraph kept verbatim (click's ``\\b``) stays so in Italian."""
    for m in italian:
        if isinstance(m.id, str) and m.id and "\b" in m.id:
            assert m.string.count("\b") == m.id.count("\b"), m.id[:60]


def test_the_compiled_catalogue_is_the_po(italian) -> None:  # type: ignore[no-untyped-def]
    with MO.open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    stale = []
    for m in italian:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            got = compiled.ngettext(m.id[0], m.id[1], 1)
            want = m.string[0]
        else:
            got, want = compiled.gettext(m.id), m.string
        if got != want:
            stale.append(m.id)
    assert not stale, f"cardcli.mo is older than cardcli.po ({len(stale)} differ): {UPDATE}"
