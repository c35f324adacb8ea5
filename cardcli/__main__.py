"""Allows ``python -m cardcli`` as an alias of the ``cardcli`` console script."""

from cardcli.cli import main

if __name__ == "__main__":  # pragma: no cover - exercised through the CLI tests
    main()
