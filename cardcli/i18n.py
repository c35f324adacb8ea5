"""The one translation entry point for user-facing text.

Every message shown to a person goes through ``_`` (or ``ngettext``). Card and
move notation is never passed through it: ``TH`` is ``TH`` in every language.

``N_`` marks strings that are defined at import time (rule texts, help) but
translated only when shown, so the active language can change after import.

The language is, in order: :func:`set_language` (``cardcli --lang``), the
``CARDCLI_LANG`` variable, then the locale (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``, as gettext reads them). English is the default and
needs no catalogue. Catalogues are compiled ``.mo`` files in
``cardcli/locale/<lang>/LC_MESSAGES/cardcli.mo``, read with the standard
library's :mod:`gettext` the first time a message is translated (so
``cardcli --help`` in English opens no file). ``python -m cardcli.locale``
re-extracts, merges and compiles them (it needs Babel, a development tool).

A server speaks many languages at once (each person at a shared table chooses theirs): within
:class:`speaking` the language is that block's own, kept in a :class:`~contextvars.ContextVar`,
so each connection's task and worker thread translates for its person while the process-wide
choice above stays as it is (the command line never sets one).
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable
from contextvars import ContextVar, Token
from pathlib import Path

_DOMAIN = "cardcli"
LOCALE_DIR = Path(__file__).parent / "locale"
#: The languages that have a catalogue (English is the source language).
LANGUAGES = ("en", "it")

_translation: _gettext.NullTranslations | None = None
_language: str | None = None
_requested: str | None = None
_speaking: ContextVar[str | None] = ContextVar("cardcli_language", default=None)
"""The language of the block being run (a connection's), when :class:`speaking` set one."""
_catalogues: dict[str, _gettext.NullTranslations] = {}


def normalize(value: str) -> str | None:
    """``it_IT.UTF-8``, ``it-IT``, ``IT``, ``italiano`` → ``it``; ``C``/``POSIX`` → ``en``; unknown → None."""
    v = value.strip().lower()
    if not v:
        return None
    if v in ("c", "posix") or v.startswith("c."):
        return "en"
    aliases = {"italiano": "it", "italian": "it", "english": "en", "inglese": "en"}
    if v in aliases:
        return aliases[v]
    code = v.split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0]
    return code if code in LANGUAGES else None


def _choose() -> str:
    if _requested:
        return _requested
    env = os.environ.get("CARDCLI_LANG", "")
    if env and normalize(env):
        return normalize(env) or "en"
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE may list several, best first
            code = normalize(part)
            if code:
                return code
        return "en"
    return "en"


def language() -> str:
    """The active language code (``en`` or ``it``)."""
    global _language
    own = _speaking.get()
    if own is not None:
        return own
    if _language is None:
        _language = _choose()
    return _language


def set_language(value: str | None) -> None:
    """Choose the language explicitly (``--lang``); ``None`` goes back to the environment."""
    global _requested
    if value is not None and normalize(value) is None:
        raise ValueError(f"unknown language {value!r} (known: {', '.join(LANGUAGES)})")
    _requested = normalize(value) if value is not None else None
    reset()


def _catalogue(lang: str) -> _gettext.NullTranslations:
    """The catalogue of ``lang``, read once per process."""
    found = _catalogues.get(lang)
    if found is None:
        if lang == "en":
            found = _gettext.NullTranslations()
        else:
            found = _gettext.translation(_DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)
        _catalogues[lang] = found
    return found


def _active() -> _gettext.NullTranslations:
    global _translation
    own = _speaking.get()
    if own is not None:
        return _catalogue(own)
    if _translation is None:
        lang = language()
        if lang == "en":
            _translation = _gettext.NullTranslations()
        else:
            _translation = _gettext.translation(_DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)
            _install_click()
    return _translation


def _(message: str) -> str:
    """Translate ``message`` into the active language (English when no catalogue)."""
    if not message:
        return message
    return _active().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Plural-aware translation: ``ngettext("card", "cards", 3)``."""
    return _active().ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it yet."""
    return message


_ON_CHANGE: list[Callable[[], object]] = []


def forget_on_change(clear: Callable[[], object]) -> None:
    """Call ``clear`` whenever the language changes: a cache that holds translated texts
    (``functools.lru_cache``'s ``cache_clear``) must not answer in the previous language."""
    _ON_CHANGE.append(clear)


def reset() -> None:
    """Forget the cached catalogue and language (tests switch ``CARDCLI_LANG``)."""
    global _translation, _language
    _translation = None
    _language = None
    for clear in _ON_CHANGE:
        clear()


def _click_gettext(message: str) -> str:
    return _active().gettext(message)


def _click_ngettext(singular: str, plural: str, n: int) -> str:
    return _active().ngettext(singular, plural, n)


def _install_click() -> None:
    """Let click's own messages (``Usage:``, ``Options:``, errors) use this catalogue.

    click translates with the standard library's global ``gettext``, bound at
    import in each of its modules; cardcli is the application, so it points
    those names at its own catalogue (English text is unchanged when a message
    is not in it).
    """
    import sys

    for name in (
        "click.core",
        "click.decorators",
        "click.exceptions",
        "click.formatting",
        "click.parser",
        "click.types",
        "click.termui",
        "click.utils",
        "click.shell_completion",
    ):
        module = sys.modules.get(name)
        if module is None:
            continue
        if getattr(module, "_", None) is not None:
            module._ = _click_gettext  # type: ignore[attr-defined]
        if getattr(module, "ngettext", None) is not None:
            module.ngettext = _click_ngettext  # type: ignore[attr-defined]


_ORIGINAL_HELP: dict[int, tuple[object, str | None, str | None]] = {}


def localize(command: object) -> None:
    """Put the active language's help texts on a click command tree (idempotent).

    click reads ``help`` attributes when it formats help, so the tree keeps the
    English texts aside and sets the translations in place; the message ids are
    the cleaned docstrings and option helps, as ``cardcli.locale.extract`` finds them.
    """
    import inspect

    import click

    assert isinstance(command, click.Command)
    stack: list[click.Command | click.Parameter] = [command]
    english = language() == "en"
    while stack:
        item = stack.pop()
        if isinstance(item, click.Command):
            stack.extend(item.params)
            if isinstance(item, click.Group):
                stack.extend(item.commands.values())
        key = id(item)
        if key not in _ORIGINAL_HELP:
            short = getattr(item, "short_help", None)
            _ORIGINAL_HELP[key] = (item, getattr(item, "help", None), short)
        _item, help_text, short = _ORIGINAL_HELP[key]
        if isinstance(item, click.Argument):
            continue
        if help_text is not None:
            msgid = inspect.cleandoc(help_text) if isinstance(item, click.Command) else help_text
            item.help = msgid if english else _(msgid)  # type: ignore[union-attr]
        if short is not None and isinstance(item, click.Command):
            msgid = inspect.cleandoc(short)
            item.short_help = msgid if english else _(msgid)
        # click builds a command's --help option once, in the language of that moment (the root's
        # before --lang is read), and keeps it: give it the active language's text too
        help_option = getattr(item, "_help_option", None)
        if isinstance(help_option, click.Option):
            help_option.help = _("Show this message and exit.")


class using:
    """Within the block the language is ``lang`` (man pages are generated in each language)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.saved: str | None = None

    def __enter__(self) -> None:
        self.saved = _requested
        set_language(self.lang)

    def __exit__(self, *exc: object) -> None:
        set_language(self.saved)


class speaking:
    """Within the block (and what it runs in the same context) texts are in ``lang``; ``None``
    leaves the process's language. A connection's code runs in its person's language this way."""

    def __init__(self, lang: str | None) -> None:
        self.lang = normalize(lang) if lang else None
        self._token: Token[str | None] | None = None

    def __enter__(self) -> None:
        self._token = _speaking.set(self.lang)

    def __exit__(self, *exc: object) -> None:
        if self._token is not None:
            _speaking.reset(self._token)
