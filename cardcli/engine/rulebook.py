"""Rule texts addressed by id, one rulebook per game.

A verdict names a rule id (``discard.taken-card``); ``cardcli rules rummy
discard`` lists every rule whose id starts with the topic ``discard``. The
texts are stored untranslated (marked with ``N_``) and translated when shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardcli.i18n import _


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    title: str
    text: str

    @property
    def topic(self) -> str:
        return self.id.split(".", 1)[0]


class Rulebook:
    """The ordered rule texts of one game, with topics for browsing."""

    def __init__(
        self, game: str, intro: str, rules: Iterable[Rule], topics: dict[str, str], aliases: dict[str, str] | None = None
    ) -> None:
        self.game = game
        self.intro = intro
        self.rules: dict[str, Rule] = {}
        for r in rules:
            if r.id in self.rules:
                raise ValueError(f"duplicate rule id {r.id}")
            if r.topic not in topics:
                raise ValueError(f"rule {r.id} has no topic {r.topic!r}")
            self.rules[r.id] = r
        self.topics = topics
        self.aliases: dict[str, str] = {}
        """Other names a player may look a topic up by (``dummy`` → ``contract``); never listed."""
        for alias, topic in (aliases or {}).items():
            if topic not in topics:
                raise ValueError(f"alias {alias!r} names no topic {topic!r}")
            if alias in topics:
                raise ValueError(f"alias {alias!r} is already a topic")
            self.aliases[alias.lower()] = topic

    def resolve(self, query: str) -> str:
        """The topic or rule id ``query`` names: an alias becomes its topic, anything else is kept."""
        q = query.strip().lower()
        return self.aliases.get(q, q)

    def get(self, rule_id: str) -> Rule | None:
        return self.rules.get(rule_id)

    def find(self, query: str) -> Sequence[Rule]:
        """Rules for a topic, a rule id, or an id prefix (``discard`` → all ``discard.*``)."""
        q = self.resolve(query)
        if q in self.rules:
            return [self.rules[q]]
        return [
            r
            for r in self.rules.values()
            if r.id == q or r.id.startswith(q + ".") or r.topic == q or (len(q) >= 3 and r.id.startswith(q))
        ]

    def explain(self, rule_id: str) -> str:
        """The one-paragraph text for ``rule_id`` (translated), for ``why`` and the tutor."""
        r = self.rules.get(rule_id)
        if r is None:
            return ""
        return f"{_(r.title)}: {_(r.text)}"

    def topic_lines(self) -> list[str]:
        return [f"{name:<14} {_(title)}" for name, title in self.topics.items()]
