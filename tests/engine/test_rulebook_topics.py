"""The rules a player browses: each topic listed once, and the friendly names of topics."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.registry import load

GAMES = ("bridge", "burraco", "canasta", "rummy", "eleusis")


@pytest.mark.parametrize("name", GAMES)
def test_rules_lists_each_topic_once(name: str) -> None:
    out = CliRunner().invoke(cli, ["rules", name]).output
    listed = [line.split()[0] for line in out.split("Topics", 1)[1].splitlines()[1:] if line.startswith("  ")]
    assert "options" in listed
    assert len(listed) == len(set(listed)), listed


@pytest.mark.parametrize("name", GAMES)
def test_aliases_name_topics_and_find_their_rules(name: str) -> None:
    book: Any = load(name).rulebook
    assert book.aliases
    for alias, topic in book.aliases.items():
        assert alias not in book.topics
        assert book.find(alias) == book.find(topic) != []


@pytest.mark.parametrize(
    ("name", "alias", "topic"),
    [
        ("bridge", "dummy", "contract"),
        ("burraco", "pozzetti", "pozzetto"),
        ("canasta", "pile", "pozzo"),
        ("rummy", "lay-off", "layoff"),
    ],
)
def test_rules_answers_a_friendly_name(name: str, alias: str, topic: str) -> None:
    got = CliRunner().invoke(cli, ["rules", name, alias])
    assert got.exit_code == 0
    assert f"[{topic}." in got.output
