"""The abstract syntax of ELR: typed, interned expression nodes and the rule record.

Nodes are *interned*: building the same expression twice gives the same object
with the same ``nid``. The evaluator caches results per node and per position,
so the thousands of hypotheses a bot keeps share the work of their common parts
(``color(c)``, ``rank(p1) <= 7`` …). Nodes are plain data: an operator name, a
value and children. Nothing in them refers to Python objects a rule text could
reach.

Types: ``int`` (ranks and arithmetic on them), ``suit``, ``colour``,
``parity``, ``bool``, ``card`` (only as a function argument) and sets
``set:<type>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardcli.i18n import N_, _

INT, SUIT, COLOUR, PARITY, BOOL, CARD = "int", "suit", "colour", "parity", "bool", "card"
SCALAR_TYPES = (INT, SUIT, COLOUR, PARITY, BOOL)

TYPE_WORDS = {
    INT: N_("a number"),
    SUIT: N_("a suit"),
    COLOUR: N_("a colour"),
    PARITY: N_("a parity"),
    BOOL: N_("true/false"),
    CARD: N_("a card"),
}
SET_WORDS = {
    INT: N_("a set of numbers"),
    SUIT: N_("a set of suits"),
    COLOUR: N_("a set of colours"),
    PARITY: N_("a set of parities"),
}


def type_word(t: str) -> str:
    """How error messages name a type ("a number", "a set of suits")."""
    if t.startswith("set:"):
        return _(SET_WORDS.get(t[4:], t))
    return _(TYPE_WORDS.get(t, t))


class Node:
    """One interned expression node; build nodes with :func:`node` only."""

    __slots__ = ("op", "args", "val", "type", "nid", "dep_c", "refs", "moduli", "size", "mod13")

    op: str
    args: tuple[Node, ...]
    val: Any
    type: str
    nid: int
    dep_c: bool
    refs: frozenset[str]
    moduli: frozenset[int]
    size: int
    mod13: bool

    def __repr__(self) -> str:
        from cardcli.games.eleusis.language.printer import expr_text

        return f"Node({expr_text(self)!r})"

    def __reduce__(self) -> Any:  # pickling rebuilds through the intern table
        return (node, (self.op, self.args, self.val, self.type))


_INTERN: dict[tuple[Any, ...], Node] = {}


def node(op: str, args: tuple[Node, ...], val: Any, typ: str) -> Node:
    """The unique node for (op, args, val, type)."""
    key = (op, val, typ, tuple(a.nid for a in args))
    got = _INTERN.get(key)
    if got is not None:
        return got
    n = Node.__new__(Node)
    n.op, n.args, n.val, n.type = op, args, val, typ
    n.nid = len(_INTERN)
    refs: frozenset[str] = frozenset({val}) if op == "ref" else frozenset()
    moduli: frozenset[int] = frozenset({val}) if op == "phase" else frozenset()
    for a in args:
        refs |= a.refs
        moduli |= a.moduli
    n.refs, n.moduli = refs, moduli
    n.dep_c = "c" in refs
    n.size = 1 + sum(a.size for a in args)
    n.mod13 = (op == "mod" and val == 13) or any(a.mod13 for a in args)
    _INTERN[key] = n
    return n


# -- convenience constructors (the hypothesis generator and the library use them) -------------


def ref(name: str) -> Node:
    return node("ref", (), name, CARD)


def num(v: int) -> Node:
    return node("int", (), v, INT)


def const(typ: str, v: str) -> Node:
    return node("const", (), v, typ)


def boolean(v: bool) -> Node:
    return node("bool", (), v, BOOL)


FUNCTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    # name: (argument types accepted, result type)
    "rank": ((CARD,), INT),
    "suit": ((CARD,), SUIT),
    "color": ((CARD,), COLOUR),
    "parity": ((CARD, INT), PARITY),
    "red": ((CARD,), BOOL),
    "black": ((CARD,), BOOL),
    "even": ((CARD, INT), BOOL),
    "odd": ((CARD, INT), BOOL),
    "face": ((CARD, INT), BOOL),
    "prime": ((CARD, INT), BOOL),
    "abs": ((INT,), INT),
}
FUNCTION_ALIASES = {"colour": "color"}


def call(fname: str, arg: Node) -> Node:
    return node("call", (arg,), fname, FUNCTIONS[fname][1])


def binop(op: str, a: Node, b: Node) -> Node:
    typ = BOOL if op in ("eq", "ne", "lt", "le", "gt", "ge", "in", "and", "or") else INT
    return node(op, (a, b), None, typ)


def neg(a: Node) -> Node:
    return node("neg", (a,), None, INT)


def mod(a: Node, k: int) -> Node:
    return node("mod", (a,), k, INT)


def not_(a: Node) -> Node:
    return node("not", (a,), None, BOOL)


def if_(a: Node, b: Node, c: Node) -> Node:
    return node("if", (a, b, c), None, b.type)


def phase(m: int) -> Node:
    return node("phase", (), m, INT)


def int_range(lo: int, hi: int) -> Node:
    return node("range", (), (lo, hi), "set:int")


def value_set(typ: str, values: frozenset[Any]) -> Node:
    return node("set", (), values, f"set:{typ}")


def set_values(n: Node) -> frozenset[Any]:
    """The members of a set or range node."""
    if n.op == "range":
        lo, hi = n.val
        return frozenset(range(lo, hi + 1))
    return n.val  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Rule:
    """A parsed rule: acceptance per mode, mode transitions, announcements.

    ``modes`` is empty for a rule without modes (one implicit mode). ``on``
    holds (condition, target) pairs in order; target ``None`` means ``next``.
    """

    name: str | None = None
    announces: tuple[str, ...] = ()
    modes: tuple[str, ...] = ()
    accept: Node | None = None
    when: tuple[tuple[str, Node], ...] = ()
    on: tuple[tuple[Node, str | None], ...] = ()

    def expressions(self) -> list[Node]:
        out = [self.accept] if self.accept is not None else []
        out += [e for _m, e in self.when]
        out += [c for c, _t in self.on]
        return out

    @property
    def refs(self) -> frozenset[str]:
        r: frozenset[str] = frozenset()
        for e in self.expressions():
            r |= e.refs
        return r

    @property
    def moduli(self) -> frozenset[int]:
        m: frozenset[int] = frozenset()
        for e in self.expressions():
            m |= e.moduli
        return m

    @property
    def wraps(self) -> bool:
        """Rank sequences wrap round (K→A): announced, as the seed requires."""
        return "wrap" in self.announces or any(e.mod13 for e in self.expressions())

    @property
    def size(self) -> int:
        """Nodes in the rule: the bots' simplicity prior is 2^-size."""
        return sum(e.size for e in self.expressions()) + 2 * len(self.modes)

    def mode_names(self) -> tuple[str, ...]:
        return self.modes or ("",)

    def acceptance(self, mode: str) -> Node:
        for m, e in self.when:
            if m == mode:
                return e
        assert self.accept is not None
        return self.accept
