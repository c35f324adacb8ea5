"""The lexer of ELR, the eleusis rule language.

It recognises only what the grammar needs: names, small integers, short
double-quoted strings, the operators ``== != <= >= < > + - % .. ( ) { } , :``
and line separators (``;`` or a newline). Anything else, a lone ``.`` (there
is no attribute access) or ``_`` names, stops it at once with the position.
The text is limited in length before a single character is read, so hostile
input costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardcli.games.eleusis.language.errors import RuleError
from cardcli.i18n import _

MAX_CHARS = 1000
MAX_TOKENS = 300
MAX_STRING = 80
MAX_INT_DIGITS = 3


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    """``name``, ``int``, ``string``, ``op``, ``sep`` or ``end``."""
    text: str
    pos: int


_TWO = ("==", "!=", "<=", ">=", "..")
_ONE = "<>+-%(){},:="


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text``; raises :class:`RuleError` on the first bad character."""
    if len(text) > MAX_CHARS:
        raise RuleError(
            "limits",
            _("the rule is {v1} characters long; the limit is {MAX_CHARS}").format(v1=len(text), MAX_CHARS=MAX_CHARS),
            None,
            text,
        )
    out: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in " \t\r":
            i += 1
            continue
        if ch == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        start = i
        if ch in ";\n":
            out.append(Token("sep", ";", start))
            i += 1
        elif ch.isascii() and (ch.isalpha()):
            while i < n and text[i].isascii() and (text[i].isalnum() or text[i] == "_"):
                i += 1
            out.append(Token("name", text[start:i], start))
        elif ch == "_":
            raise RuleError("syntax", _("names starting with '_' do not exist in the rule language"), start, text)
        elif ch.isascii() and ch.isdigit():
            while i < n and text[i].isascii() and text[i].isdigit():
                i += 1
            if i - start > MAX_INT_DIGITS:
                raise RuleError(
                    "limits", _("numbers have at most {MAX_INT_DIGITS} digits").format(MAX_INT_DIGITS=MAX_INT_DIGITS), start, text
                )
            out.append(Token("int", text[start:i], start))
        elif ch == '"':
            j = text.find('"', i + 1)
            nl = text.find("\n", i + 1)
            if j < 0 or (0 <= nl < j):
                raise RuleError("syntax", _("this string is not closed with '\"'"), start, text)
            if j - i - 1 > MAX_STRING:
                raise RuleError(
                    "limits", _("strings have at most {MAX_STRING} characters").format(MAX_STRING=MAX_STRING), start, text
                )
            out.append(Token("string", text[i + 1 : j], start))
            i = j + 1
        elif text[i : i + 2] in _TWO:
            out.append(Token("op", text[i : i + 2], start))
            i += 2
        elif ch == ".":
            raise RuleError(
                "syntax",
                _("'.' is not part of the rule language (there is no attribute access; ranges are written 1..3)"),
                start,
                text,
            )
        elif ch in _ONE:
            out.append(Token("op", "==" if ch == "=" else ch, start))
            i += 1
        else:
            raise RuleError("syntax", _("the character {ch!r} is not part of the rule language").format(ch=ch), start, text)
        if len(out) > MAX_TOKENS:
            raise RuleError("limits", _("the rule has more than {MAX_TOKENS} tokens").format(MAX_TOKENS=MAX_TOKENS), start, text)
    out.append(Token("end", "", n))
    return out
