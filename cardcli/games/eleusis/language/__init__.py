"""ELR, the eleusis rule language: lexer, parser, typed AST, printer and evaluator.

A dealer's secret rule is *data*, never code: it is parsed into interned nodes
drawn from a closed set of operators and judged by a total evaluator, so no
text can reach a Python object, loop forever or eat memory (length, token,
nesting and modulus limits are checked while reading). Rules compile to small
finite automata, which makes the one-fifth rule, ``guess`` and the bots' rule
inference exact. See :mod:`.parser` for the grammar and :mod:`.evaluator`
for the semantics.
"""

from __future__ import annotations

from functools import lru_cache

from cardcli.games.eleusis.language.ast import Node, Rule
from cardcli.games.eleusis.language.errors import RuleError
from cardcli.games.eleusis.language.evaluator import UNDEF, CompiledRule, Ctx, RState, compile_rule, truth
from cardcli.games.eleusis.language.parser import parse_rule
from cardcli.games.eleusis.language.printer import expr_text, rule_digest, rule_json, rule_text

__all__ = [
    "UNDEF",
    "CompiledRule",
    "Ctx",
    "Node",
    "RState",
    "Rule",
    "RuleError",
    "canonical",
    "compile_rule",
    "compile_text",
    "expr_text",
    "parse_rule",
    "rule_digest",
    "rule_json",
    "rule_text",
    "truth",
]


@lru_cache(maxsize=2048)
def compile_text(text: str) -> CompiledRule:
    """Parse and compile a rule text (cached: the same rule text gives the same object)."""
    return compile_rule(parse_rule(text))


def canonical(text: str) -> str:
    """The canonical one-line text of a rule; raises :class:`RuleError`."""
    return rule_text(parse_rule(text))
