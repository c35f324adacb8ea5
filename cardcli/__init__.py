"""cardcli: a command-line player and rules tutor for five card games.

This module stays import-light on purpose: ``cardcli --help`` and ``--version``
must not pay for prompt-toolkit, msgspec decoders or any game module.
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
