"""Canonical text and JSON of rules: what replays store and people read.

The printer uses the fewest parentheses that keep the structure, spaces around
operators, and one line per rule line joined by ``"; "``, so the canonical text
of a rule is a single line that fits a replay move. Printing is idempotent:
``parse(print(r))`` is ``r`` again (interned nodes make that an identity
check in the tests).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from cardcli.games.eleusis.language.ast import Node, Rule, set_values

_LEVEL = {
    "if": 0,
    "or": 1,
    "and": 2,
    "not": 3,
    "eq": 4,
    "ne": 4,
    "lt": 4,
    "le": 4,
    "gt": 4,
    "ge": 4,
    "in": 4,
    "add": 5,
    "sub": 5,
    "mod": 6,
    "neg": 7,
}
_SYMBOL = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">=", "in": "in", "add": "+", "sub": "-"}
_LETTER = {1: "A", 11: "J", 12: "Q", 13: "K"}
_ORDER = {v: i for i, v in enumerate(["S", "H", "D", "C", "red", "black", "even", "odd"])}


def _level(n: Node) -> int:
    return _LEVEL.get(n.op, 8)


def _sub(n: Node, minimum: int) -> str:
    text = expr_text(n)
    return f"({text})" if _level(n) < minimum else text


def _value(v: Any) -> str:
    return str(v)


def expr_text(n: Node) -> str:
    """The canonical text of one expression."""
    op = n.op
    if op == "if":
        a, b, c = n.args
        return f"if {_sub(a, 1)} then {_sub(b, 1)} else {_sub(c, 0)}"
    if op in ("or", "and"):
        lvl = _LEVEL[op]
        a, b = n.args
        return f"{_sub(a, lvl)} {op} {_sub(b, lvl + 1)}"
    if op == "not":
        return f"not {_sub(n.args[0], 3)}"
    if op in ("eq", "ne", "lt", "le", "gt", "ge", "in"):
        a, b = n.args
        return f"{_sub(a, 5)} {_SYMBOL[op]} {_sub(b, 5)}"
    if op in ("add", "sub"):
        a, b = n.args
        return f"{_sub(a, 5)} {_SYMBOL[op]} {_sub(b, 6)}"
    if op == "mod":
        return f"{_sub(n.args[0], 6)} % {n.val}"
    if op == "neg":
        return f"-{_sub(n.args[0], 7)}"
    if op == "int":
        return str(n.val)
    if op == "letter":
        return _LETTER.get(n.val, str(n.val))
    if op in ("const", "ref"):
        return str(n.val)
    if op == "bool":
        return "true" if n.val else "false"
    if op == "call":
        return f"{n.val}({expr_text(n.args[0])})"
    if op == "phase":
        return f"phase({n.val})"
    if op == "range":
        lo, hi = n.val
        return f"{lo}..{hi}"
    if op == "set":
        vals = sorted(set_values(n), key=lambda v: (_ORDER.get(v, 99), v) if isinstance(v, str) else (-1, v))
        return "{" + ", ".join(_value(v) for v in vals) + "}"
    raise ValueError(f"unknown node {op}")


def rule_lines(rule: Rule) -> list[str]:
    """The canonical lines of a rule, in a fixed order."""
    lines: list[str] = []
    if rule.name is not None:
        lines.append(f'name: "{rule.name}"')
    for a in rule.announces:
        lines.append("announce: wrap" if a == "wrap" else f'announce: "{a}"')
    if rule.modes:
        lines.append("modes: " + ", ".join(rule.modes))
    if rule.accept is not None:
        lines.append("accept: " + expr_text(rule.accept))
    for m, e in rule.when:
        lines.append(f"when {m}: " + expr_text(e))
    for cond, target in rule.on:
        lines.append(f"on {expr_text(cond)}: " + ("next" if target is None else f"mode {target}"))
    return lines


def rule_text(rule: Rule) -> str:
    """The canonical one-line text of a rule (what a replay's `rule` move holds)."""
    return "; ".join(rule_lines(rule))


def expr_json(n: Node) -> Any:
    """A plain JSON form of an expression: ``{"op": …, "v": …, "a": […]}``."""
    out: dict[str, Any] = {"op": n.op}
    if n.op == "set":
        out["v"] = sorted(set_values(n), key=lambda v: (isinstance(v, str), v))
    elif n.op == "range":
        out["v"] = list(n.val)
    elif n.val is not None:
        out["v"] = n.val
    if n.args:
        out["a"] = [expr_json(a) for a in n.args]
    return out


def rule_json(rule: Rule) -> dict[str, Any]:
    """The parsed form of a rule as plain JSON (stored beside the text in a replay)."""
    out: dict[str, Any] = {}
    if rule.name is not None:
        out["name"] = rule.name
    if rule.announces:
        out["announce"] = list(rule.announces)
    if rule.modes:
        out["modes"] = list(rule.modes)
    if rule.accept is not None:
        out["accept"] = expr_json(rule.accept)
    if rule.when:
        out["when"] = {m: expr_json(e) for m, e in rule.when}
    if rule.on:
        out["on"] = [{"if": expr_json(c), "then": "next" if t is None else f"mode {t}"} for c, t in rule.on]
    return out


def rule_digest(rule: Rule) -> str:
    """16 hex digits of SHA-256 over the canonical JSON: a fingerprint for audits."""
    data = json.dumps(rule_json(rule), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(data.encode()).hexdigest()[:16]
