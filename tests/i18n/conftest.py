from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardcli import i18n


@pytest.fixture
def italian(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Messages in Italian for the test; English again afterwards."""
    monkeypatch.delenv("CARDCLI_LANG", raising=False)
    i18n.set_language("it")
    yield
    i18n.set_language(None)


@pytest.fixture(autouse=True)
def _english_after(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for var in ("CARDCLI_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    i18n.set_language(None)
    yield
    i18n.set_language(None)
