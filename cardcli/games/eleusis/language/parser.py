"""The parser of ELR: recursive descent over the token list, typing every node as it is built.

Grammar (``;`` or a newline separates lines; ``#`` starts a comment)::

    rule    = line { SEP line }
    line    = "name" ":" STRING
            | "modes" ":" NAME { "," NAME }          first mode = initial mode
            | "accept" ":" expr                      acceptance in every mode without a `when`
            | "when" NAME ":" expr                   acceptance in that mode
            | "on" expr ":" ( "next" | "mode" NAME ) after a card joins the mainline; first match wins
            | "announce" ":" ( "wrap" | STRING )
    expr    = "if" expr "then" expr "else" expr | or
    or      = and { "or" and }
    and     = not { "and" not }
    not     = "not" not | cmp
    cmp     = sum [ ("=="|"!="|"<"|"<="|">"|">="|"in") sum ]
    sum     = term { ("+"|"-") term }
    term    = unary { "%" INT }
    unary   = "-" unary | atom
    atom    = INT | INT ".." INT | "{" item { "," item } "}" | "(" expr ")"
            | FUNC "(" expr ")" | "phase" "(" INT ")" | "c" | "p1" | "p2" | CONST

Limits: 1,000 characters, 300 tokens, nesting depth 32, 8 modes, moduli 2..13.
Every error is a :class:`RuleError` with the offset of the offending token.
"""

from __future__ import annotations

from functools import lru_cache

from cardcli.games.eleusis.language import ast as A
from cardcli.games.eleusis.language.errors import RuleError
from cardcli.games.eleusis.language.lexer import Token, tokenize
from cardcli.i18n import _

MAX_DEPTH = 32
MAX_MODES = 8
MAX_LINES = 24
MAX_MODULUS = 13

KEYWORDS = frozenset(
    {
        "if",
        "then",
        "else",
        "or",
        "and",
        "not",
        "in",
        "name",
        "modes",
        "accept",
        "when",
        "on",
        "next",
        "mode",
        "announce",
        "wrap",
        "true",
        "false",
        "phase",
    }
)
REFS = frozenset({"c", "p1", "p2"})
CONSTANTS: dict[str, tuple[str, object]] = {
    "red": (A.COLOUR, "red"),
    "black": (A.COLOUR, "black"),
    "even": (A.PARITY, "even"),
    "odd": (A.PARITY, "odd"),
    "S": (A.SUIT, "S"),
    "H": (A.SUIT, "H"),
    "D": (A.SUIT, "D"),
    "C": (A.SUIT, "C"),
    "A": (A.INT, 1),
    "J": (A.INT, 11),
    "Q": (A.INT, 12),
    "K": (A.INT, 13),
}
_CMP = {"==": "eq", "!=": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge", "in": "in"}


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = tokenize(text)
        self.i = 0
        self.depth = 0

    # -- token helpers -----------------------------------------------------------------------
    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def at(self, kind: str, text: str | None = None) -> bool:
        t = self.tok
        return t.kind == kind and (text is None or t.text == text)

    def at_word(self, word: str) -> bool:
        return self.at("name", word)

    def advance(self) -> Token:
        t = self.tok
        self.i += 1
        return t

    def error(self, message: str, tok: Token | None = None, kind: str = "syntax") -> RuleError:
        t = tok or self.tok
        return RuleError(kind, message, t.pos, self.text)  # type: ignore[arg-type]

    def found(self) -> str:
        t = self.tok
        if t.kind == "end":
            return "the end of the rule"
        if t.kind == "sep":
            return "the end of the line"
        return repr(t.text)

    def expect_op(self, op: str, what: str = "") -> Token:
        if not self.at("op", op):
            raise self.error(_("expected '{op}'{what}, found {v1}").format(op=op, what=what, v1=self.found()))
        return self.advance()

    def expect_word(self, word: str) -> Token:
        if not self.at_word(word):
            raise self.error(_("expected '{word}', found {v1}").format(word=word, v1=self.found()))
        return self.advance()

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(_("the rule is nested more than {MAX_DEPTH} levels deep").format(MAX_DEPTH=MAX_DEPTH), kind="limits")

    # -- lines ---------------------------------------------------------------------------------
    def parse(self) -> A.Rule:
        name: str | None = None
        announces: list[str] = []
        modes: tuple[str, ...] = ()
        modes_tok: Token | None = None
        accept: A.Node | None = None
        when: dict[str, A.Node] = {}
        when_toks: dict[str, Token] = {}
        on: list[tuple[A.Node, str | None, Token]] = []
        lines = 0
        while True:
            while self.at("sep"):
                self.advance()
            if self.at("end"):
                break
            lines += 1
            if lines > MAX_LINES:
                raise self.error(_("a rule has at most {MAX_LINES} lines").format(MAX_LINES=MAX_LINES), kind="limits")
            head = self.tok
            if head.kind != "name":
                raise self.error(
                    _("a line starts with accept:, when MODE:, on CONDITION:, modes:, name: or announce:, not {found}").format(
                        found=self.found()
                    )
                )
            word = self.advance().text
            if word == "name":
                self.expect_op(":", _(" after 'name'"))
                if name is not None:
                    raise self.error(_("the rule has two 'name' lines"), head)
                if not self.at("string"):
                    raise self.error(_("expected a name in double quotes, found {found}").format(found=self.found()))
                name = self.advance().text
            elif word == "announce":
                self.expect_op(":", _(" after 'announce'"))
                if self.at_word("wrap"):
                    self.advance()
                    announces.append("wrap")
                elif self.at("string"):
                    announces.append(self.advance().text)
                else:
                    raise self.error(_("expected 'wrap' or a text in double quotes, found {found}").format(found=self.found()))
            elif word == "modes":
                self.expect_op(":", _(" after 'modes'"))
                if modes:
                    raise self.error(_("the rule has two 'modes' lines"), head)
                modes_tok = head
                names = [self.mode_name()]
                while self.at("op", ","):
                    self.advance()
                    names.append(self.mode_name())
                if len(names) > MAX_MODES:
                    raise self.error(_("a rule has at most {MAX_MODES} modes").format(MAX_MODES=MAX_MODES), head, "limits")
                if len(set(names)) != len(names):
                    raise self.error(_("a mode is named twice in the 'modes' line"), head)
                modes = tuple(names)
            elif word == "accept":
                self.expect_op(":", _(" after 'accept'"))
                if accept is not None:
                    raise self.error(_("the rule has two 'accept' lines; join them with 'or' or 'and'"), head)
                accept = self.bool_expr("the acceptance")
            elif word == "when":
                mtok = self.tok
                m = self.mode_name()
                self.expect_op(":", _(" after 'when {m}'").format(m=m))
                if m in when:
                    raise self.error(_("mode {m!r} has two 'when' lines").format(m=m), mtok)
                when[m] = self.bool_expr(_("the acceptance in mode {m!r}").format(m=m))
                when_toks[m] = mtok
            elif word == "on":
                cond = self.bool_expr("a transition condition")
                self.expect_op(":", _(" after the condition of 'on'"))
                if self.at_word("next"):
                    self.advance()
                    on.append((cond, None, head))
                elif self.at_word("mode"):
                    self.advance()
                    mtok = self.tok
                    on.append((cond, self.mode_name(), mtok))
                else:
                    raise self.error(_("expected 'next' or 'mode NAME', found {found}").format(found=self.found()))
            else:
                raise self.error(
                    _("a line starts with accept:, when MODE:, on CONDITION:, modes:, name: or announce:, not {word!r}").format(
                        word=word
                    ),
                    head,
                )
            if not (self.at("sep") or self.at("end")):
                raise self.error(_("expected the end of the line (';' or a new line), found {found}").format(found=self.found()))
        # -- whole-rule checks --
        end = self.tok
        if accept is None and not when:
            raise self.error(_("the rule needs an 'accept:' line (or 'when MODE:' lines)"), end)
        if not modes:
            if when:
                first = next(iter(when_toks.values()))
                raise self.error(_("'when' needs a 'modes:' line that declares the modes"), first)
            if on:
                raise self.error(_("'on' switches modes, so it needs a 'modes:' line"), on[0][2])
        for m, t in when_toks.items():
            if m not in modes:
                raise self.error(_("mode {m!r} is not declared in the 'modes' line").format(m=m), t)
        for _c, target, t in on:
            if target is not None and target not in modes:
                raise self.error(_("mode {target!r} is not declared in the 'modes' line").format(target=target), t)
        if accept is None:
            missing = [m for m in modes if m not in when]
            if missing:
                raise self.error(
                    _("mode {v1!r} has no 'when' line and there is no 'accept' line").format(v1=missing[0]), modes_tok or end
                )
        ordered_when = tuple((m, when[m]) for m in modes if m in when)
        return A.Rule(
            name=name,
            announces=tuple(announces),
            modes=modes,
            accept=accept,
            when=ordered_when,
            on=tuple((c, t) for c, t, _tok in on),
        )

    def mode_name(self) -> str:
        t = self.tok
        if t.kind != "name" or t.text in KEYWORDS or t.text in REFS:
            raise self.error(_("expected a mode name, found {found}").format(found=self.found()))
        if len(t.text) > 20:
            raise self.error(_("mode names have at most 20 characters"), kind="limits")
        self.advance()
        return t.text

    def bool_expr(self, what: str) -> A.Node:
        t = self.tok
        e = self.expr()
        if e.type != A.BOOL:
            raise self.error(
                _("{what} must be true or false, but this is {v1}").format(what=what, v1=A.type_word(e.type)), t, "types"
            )
        return e

    # -- expressions ---------------------------------------------------------------------------
    def expr(self) -> A.Node:
        self.enter()
        try:
            if self.at_word("if"):
                t = self.advance()
                cond = self.expr()
                if cond.type != A.BOOL:
                    raise self.error(
                        _("the condition after 'if' must be true or false, not {v1}").format(v1=A.type_word(cond.type)),
                        t,
                        "types",
                    )
                self.expect_word("then")
                a = self.expr()
                tb = self.tok
                self.expect_word("else")
                b = self.expr()
                if a.type != b.type:
                    raise self.error(
                        _("'then' gives {v1} but 'else' gives {v2}").format(v1=A.type_word(a.type), v2=A.type_word(b.type)),
                        tb,
                        "types",
                    )
                if a.type == A.CARD:
                    raise self.error(_("'if' cannot choose between cards; choose between their attributes"), t, "types")
                return A.if_(cond, a, b)
            return self.or_()
        finally:
            self.depth -= 1

    def logic(self, word: str, sub: str) -> A.Node:
        parse_sub = getattr(self, sub)
        left = parse_sub()
        while self.at_word(word):
            t = self.advance()
            right = parse_sub()
            for side in (left, right):
                if side.type != A.BOOL:
                    raise self.error(
                        _("'{word}' joins true/false conditions, not {v1}").format(word=word, v1=A.type_word(side.type)),
                        t,
                        "types",
                    )
            left = A.binop(word, left, right)
        return left

    def or_(self) -> A.Node:
        return self.logic("or", "and_")

    def and_(self) -> A.Node:
        return self.logic("and", "not_")

    def not_(self) -> A.Node:
        if self.at_word("not"):
            t = self.advance()
            self.enter()
            try:
                a = self.not_()
            finally:
                self.depth -= 1
            if a.type != A.BOOL:
                raise self.error(_("'not' needs a true/false condition, not {v1}").format(v1=A.type_word(a.type)), t, "types")
            return A.not_(a)
        return self.cmp()

    def cmp(self) -> A.Node:
        left = self.sum()
        t = self.tok
        op = _CMP.get(t.text) if t.kind == "op" or (t.kind == "name" and t.text == "in") else None
        if op is None:
            return left
        self.advance()
        right = self.sum()
        self.check_cmp(op, left, right, t)
        nxt = self.tok
        if (nxt.kind == "op" and nxt.text in _CMP) or (nxt.kind == "name" and nxt.text == "in"):
            raise self.error(_("comparisons do not chain; join them with 'and'"), nxt)
        return A.binop(op, left, right)

    def check_cmp(self, op: str, left: A.Node, right: A.Node, t: Token) -> None:
        if A.CARD in (left.type, right.type):
            raise self.error(
                _("cards are compared through their attributes, e.g. rank(c) == rank(p1) or suit(c) != suit(p1)"), t, "types"
            )
        if op == "in":
            if not right.type.startswith("set:"):
                raise self.error(
                    _("'in' needs a set or a range on its right, e.g. {{S, C}} or 1..3, not {v1}").format(
                        v1=A.type_word(right.type)
                    ),
                    t,
                    "types",
                )
            if right.type[4:] != left.type:
                raise self.error(
                    _("{v1} cannot be in {v2}").format(v1=A.type_word(left.type), v2=A.type_word(right.type)), t, "types"
                )
            return
        if left.type.startswith("set:") or right.type.startswith("set:"):
            raise self.error(_("sets and ranges can only be used after 'in'"), t, "types")
        if op in ("lt", "le", "gt", "ge"):
            for side in (left, right):
                if side.type != A.INT:
                    raise self.error(
                        _("'{v1}' compares numbers, not {v2}").format(v1=t.text, v2=A.type_word(side.type)), t, "types"
                    )
            return
        if left.type != right.type:
            raise self.error(
                _("cannot compare {v1} with {v2}").format(v1=A.type_word(left.type), v2=A.type_word(right.type)), t, "types"
            )

    def sum(self) -> A.Node:
        left = self.term()
        while self.at("op", "+") or self.at("op", "-"):
            t = self.advance()
            right = self.term()
            self.need_int(left, t)
            self.need_int(right, t)
            left = A.binop("add" if t.text == "+" else "sub", left, right)
        return left

    def need_int(self, n: A.Node, t: Token) -> None:
        if n.type != A.INT:
            raise self.error(_("'{v1}' works on numbers, not {v2}").format(v1=t.text, v2=A.type_word(n.type)), t, "types")

    def term(self) -> A.Node:
        left = self.unary()
        while self.at("op", "%"):
            t = self.advance()
            if not self.at("int"):
                raise self.error(
                    _("'%' needs a whole number after it (2 to {MAX_MODULUS}), found {v1}").format(
                        MAX_MODULUS=MAX_MODULUS, v1=self.found()
                    )
                )
            k = int(self.advance().text)
            if not 1 <= k <= MAX_MODULUS:
                raise self.error(
                    _("the modulus must be between 1 and {MAX_MODULUS}, not {k}").format(MAX_MODULUS=MAX_MODULUS, k=k),
                    t,
                    "limits",
                )
            self.need_int(left, t)
            left = A.mod(left, k)
        return left

    def unary(self) -> A.Node:
        if self.at("op", "-"):
            t = self.advance()
            if self.at("int") and self.toks[self.i + 1].kind == "op" and self.toks[self.i + 1].text == "..":
                return self.range_from(-int(self.advance().text), t)
            self.enter()
            try:
                a = self.unary()
            finally:
                self.depth -= 1
            self.need_int(a, t)
            return A.neg(a)
        return self.atom()

    def signed_int(self) -> int:
        sign = 1
        if self.at("op", "-"):
            self.advance()
            sign = -1
        if not self.at("int"):
            raise self.error(_("expected a number, found {found}").format(found=self.found()))
        return sign * int(self.advance().text)

    def range_from(self, lo: int, t: Token) -> A.Node:
        self.expect_op("..")
        hi = self.signed_int()
        if hi < lo:
            raise self.error(_("the range {lo}..{hi} is empty").format(lo=lo, hi=hi), t, "types")
        return A.int_range(lo, hi)

    def atom(self) -> A.Node:
        t = self.tok
        if t.kind == "int":
            self.advance()
            if self.at("op", ".."):
                return self.range_from(int(t.text), t)
            return A.num(int(t.text))
        if t.kind == "op" and t.text == "(":
            self.advance()
            e = self.expr()
            self.expect_op(")", _(" to close the '('"))
            return e
        if t.kind == "op" and t.text == "{":
            return self.set_literal()
        if t.kind == "name":
            word = t.text
            if word == "phase":
                self.advance()
                self.expect_op("(", _(" after 'phase'"))
                if not self.at("int"):
                    raise self.error(
                        _("phase(M) takes a whole number 2 to {MAX_MODULUS}, found {v1}").format(
                            MAX_MODULUS=MAX_MODULUS, v1=self.found()
                        )
                    )
                m = int(self.advance().text)
                if not 2 <= m <= MAX_MODULUS:
                    raise self.error(
                        _("phase(M) takes a whole number 2 to {MAX_MODULUS}, not {m}").format(MAX_MODULUS=MAX_MODULUS, m=m),
                        t,
                        "limits",
                    )
                self.expect_op(")", _(" to close 'phase('"))
                return A.phase(m)
            fname = A.FUNCTION_ALIASES.get(word, word)
            if self.toks[self.i + 1].kind == "op" and self.toks[self.i + 1].text == "(":
                if fname not in A.FUNCTIONS:
                    known = ", ".join(A.FUNCTIONS)
                    raise self.error(
                        _("there is no function {word!r} (functions: {known}, phase)").format(word=word, known=known), t
                    )
                self.advance()
                self.advance()
                arg_tok = self.tok
                arg = self.expr()
                self.expect_op(")", _(" to close '{word}('").format(word=word))
                allowed, _res = A.FUNCTIONS[fname]
                if arg.type not in allowed:
                    want = " or ".join(A.type_word(a) for a in allowed)
                    raise self.error(
                        _("{fname}() takes {want}, not {v1}").format(fname=fname, want=want, v1=A.type_word(arg.type)),
                        arg_tok,
                        "types",
                    )
                return A.call(fname, arg)
            if word in REFS:
                self.advance()
                return A.ref(word)
            if word in ("true", "false"):
                self.advance()
                return A.boolean(word == "true")
            if word in CONSTANTS:
                self.advance()
                typ, val = CONSTANTS[word]
                if typ == A.INT:
                    return A.node("letter", (), val, A.INT)
                return A.const(typ, val)  # type: ignore[arg-type]
            if word in KEYWORDS:
                raise self.error(_("expected a value, found the keyword {word!r}").format(word=word))
            raise self.error(
                _(
                    "unknown name {word!r}; cards are c (the card played), p1 (the last right card) and p2 (the one before)"
                ).format(word=word)
            )
        raise self.error(_("expected a value, found {found}").format(found=self.found()))

    def set_literal(self) -> A.Node:
        self.advance()
        values: set[object] = set()
        typ: str | None = None
        while True:
            item = self.tok
            if item.kind == "name" and item.text in CONSTANTS:
                self.advance()
                it, v = CONSTANTS[item.text]
                vals: set[object] = {v}
            elif item.kind == "int" or (item.kind == "op" and item.text == "-"):
                lo = self.signed_int()
                if self.at("op", ".."):
                    self.advance()
                    hi = self.signed_int()
                    if hi < lo:
                        raise self.error(_("the range {lo}..{hi} is empty").format(lo=lo, hi=hi), item, "types")
                    if hi - lo > 100:
                        raise self.error(_("ranges in a set span at most 100 numbers"), item, "limits")
                    vals = set(range(lo, hi + 1))
                else:
                    vals = {lo}
                it = A.INT
            else:
                raise self.error(_("a set holds suits, colours, parities or numbers, not {found}").format(found=self.found()))
            if typ is not None and it != typ:
                raise self.error(_("a set mixes {v1}s and {v2}s").format(v1=A.type_word(typ), v2=A.type_word(it)), item, "types")
            typ = it
            values |= vals
            if self.at("op", ","):
                self.advance()
                continue
            self.expect_op("}", _(" to close the set"))
            break
        assert typ is not None
        return A.value_set(typ, frozenset(values))


def parse_rule(text: str) -> A.Rule:
    """Parse and type-check a rule; raises :class:`RuleError` with the position."""
    return _parse_cached(text)


@lru_cache(maxsize=4096)
def _parse_cached(text: str) -> A.Rule:
    return _Parser(text).parse()
