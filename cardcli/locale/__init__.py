"""The message catalogues: ``cardcli.pot`` and ``<lang>/LC_MESSAGES/cardcli.po`` and ``.mo``.

``python -m cardcli.locale`` re-extracts every message (Babel, see ``babel.cfg`` beside this file),
merges the new ones into each language's ``.po`` and compiles the ``.mo`` files
that :mod:`cardcli.i18n` reads at run time with the standard library.
"""
