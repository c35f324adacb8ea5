"""The rule texts players read carry no internal jargon, and every topic really explains.

Scans what `cardcli rules GAME`, `cardcli rules GAME TOPIC`, `cardcli rules GAME
options` and `cardcli games` show: the rulebook's intro, topic titles, rule
titles and texts, the preset help and the option descriptions of every game.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from cardcli.engine.registry import available, load

JARGON = [
    re.compile(r"digest", re.IGNORECASE),
    re.compile(r"§"),
    re.compile(r"\bS[0-9]\b"),
    re.compile(r"\bRG\b"),
    re.compile(r"\bseed S", re.IGNORECASE),
    re.compile(r"\bthe seeds?\b", re.IGNORECASE),
    re.compile(r"\(seed\)|\bseed rules?\b", re.IGNORECASE),
    re.compile(r"\b(GN|MC|TRE|HSW|GDT|MDC|BIC)\b"),
    re.compile(r"prototype", re.IGNORECASE),
    re.compile(r"inferred", re.IGNORECASE),
]

MIN_TOPIC_WORDS = 12

GAMES = list(available())


def _texts(name: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every player-visible text of game ``name``."""
    game = load(name)
    book = game.rulebook
    yield f"{name} summary", game.summary
    yield f"{name} intro", book.intro
    for topic, title in book.topics.items():
        yield f"{name} topic {topic!r} title", title
    for rule in book.rules.values():
        yield f"{name} rule {rule.id} title", rule.title
        yield f"{name} rule {rule.id} text", rule.text
    for preset in game.presets:
        yield f"{name} preset {preset!r} help", game.preset_help.get(preset, "")
    for opt in game.options():
        yield f"{name} option {opt.name!r} description", opt.help


@pytest.mark.parametrize("name", GAMES)
def test_no_internal_jargon(name: str) -> None:
    bad = []
    for where, text in _texts(name):
        for pat in JARGON:
            m = pat.search(text)
            if m:
                bad.append(f"{where}: {m.group(0)!r} in {text!r}")
    assert not bad, "player-visible text with internal jargon:\n" + "\n".join(bad)


@pytest.mark.parametrize("name", GAMES)
def test_every_preset_and_option_is_explained(name: str) -> None:
    game = load(name)
    missing = [f"preset {p!r}" for p in game.presets if not game.preset_help.get(p, "").strip()]
    missing += [f"option {o.name!r}" for o in game.options() if not o.help.strip()]
    assert not missing, f"{name}: no help text for " + ", ".join(missing)


@pytest.mark.parametrize("name", GAMES)
def test_every_topic_explains(name: str) -> None:
    book = load(name).rulebook
    short = []
    for topic in book.topics:
        rules = book.find(topic)
        words = sum(len(r.text.split()) for r in rules)
        if words < MIN_TOPIC_WORDS:
            short.append(f"{topic!r} ({words} words: {' '.join(r.text for r in rules)!r})")
    assert not short, f"{name}: topics with too little text: " + "; ".join(short)
