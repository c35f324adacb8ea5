"""The one translation entry point for user-facing text.

Every message shown to a person goes through ``_`` so that a catalogue (Italian
first) can be added later without touching call sites. Card and move notation
is never passed through it: ``TH`` is ``TH`` in every language.

``N_`` marks strings that are defined at import time (rule texts, help) but
translated only when shown, so the active language can change after import.
"""

from __future__ import annotations

import gettext as _gettext
import os
from pathlib import Path

_DOMAIN = "cardcli"
_LOCALE_DIR = Path(__file__).parent / "data" / "locale"
_translation: _gettext.NullTranslations | None = None


def _active() -> _gettext.NullTranslations:
    global _translation
    if _translation is None:
        languages = [os.environ["CARDCLI_LANG"]] if os.environ.get("CARDCLI_LANG") else None
        _translation = _gettext.translation(
            _DOMAIN, localedir=str(_LOCALE_DIR), languages=languages, fallback=True
        )
    return _translation


def _(message: str) -> str:
    """Translate ``message`` into the active language (English when no catalogue)."""
    return _active().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Plural-aware translation: ``ngettext("card", "cards", 3)``."""
    return _active().ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it yet."""
    return message


def reset() -> None:
    """Forget the cached catalogue (tests switch ``CARDCLI_LANG``)."""
    global _translation
    _translation = None
