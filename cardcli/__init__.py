"""cardcli: a command-line player and rules tutor for five card games.

This module stays import-light on purpose: ``cardcli --help`` and ``--version``
must not pay for prompt-toolkit, msgspec decoders or any game module.
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"

import os as _os

if _os.path.exists(_os.path.join(_os.path.dirname(__file__), "_native", "manifest.json")):
    # a compiled copy of bridge's hot path is built: used only while it matches the sources
    from cardcli import native as _native

    _native.install()
