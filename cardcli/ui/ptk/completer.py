"""Tab completion of the legal moves and the meta-commands."""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from cardcli.engine.cards import is_card, parse_rank
from cardcli.engine.notation import normalize_tokens
from cardcli.i18n import _
from cardcli.ui.commands import COMMANDS, Controller


def candidates(controller: Controller, text: str) -> list[tuple[str, str]]:
    """(completion, meta) pairs for what has been typed so far; pure, so it is unit-tested."""
    typed = text.lstrip()
    low = typed.lower()
    out: list[tuple[str, str]] = []
    s = controller.session
    actor = s.to_act()
    if actor is not None and s.is_human(actor):
        legal = s.legal_notation()
        tokens = normalize_tokens(typed) if typed else []
        italian = _italian_forms(s, legal)
        for move in legal:
            shown = italian.get(move)
            if shown and (shown.lower().startswith(low) or (tokens and _token_match(tokens, typed, shown))):
                out.append((shown, _("move")))  # the same move, typed the Italian way (`scarta KS`)
            elif move.lower().startswith(low):
                out.append((move, _("move")))
            elif tokens and _token_match(tokens, typed, move):
                out.append((move, _("move")))
    if " " not in typed:
        for cmd in COMMANDS.values():
            for name in (cmd.name, *cmd.aliases):
                if name.startswith(low.lstrip(":")) and len(name) > 1:
                    out.append((cmd.name, _(cmd.summary)))
                    break
        for name, (summary, _fn) in controller._game_commands().items():
            if name.startswith(low):
                out.append((name, _(summary)))
    seen: set[str] = set()
    unique = []
    for c, meta in out:
        if c not in seen:
            seen.add(c)
            unique.append((c, meta))
    return unique


def _italian_forms(session: object, legal: list[str]) -> dict[str, str]:
    """Canonical move → its Italian form (`discard KS` → `scarta KS`) when the messages are Italian."""
    from cardcli.i18n import language

    if language() != "it":
        return {}
    from cardcli.engine.words import italian_move

    name = getattr(getattr(session, "game", None), "name", "")
    forms = {m: italian_move(name, m) for m in legal}
    return {m: f for m, f in forms.items() if f}


def _token_match(tokens: list[str], typed: str, move: str) -> bool:
    """Friendly text: every typed word matches a word of the move (cards exactly, the
    last word by prefix), in any order: ``ks`` → ``discard KS``, ``meld 5h`` → ``meld 3H 4H 5H``."""
    words = move.split()
    pool = list(words)
    last_partial = not typed.endswith(" ")
    tokens = [t for t in tokens if t not in ("of", "di")] or tokens
    for i, tok in enumerate(tokens):
        partial = last_partial and i == len(tokens) - 1
        hit = next((w for w in pool if w == tok or w.lower() == tok.lower()), None)
        if hit is None and partial:
            hit = next((w for w in pool if w.lower().startswith(tok.lower())), None)
            rank = parse_rank(tok)
            if hit is None and rank is not None:  # `discard 10`, `discard ten`: any card of that rank
                hit = next((w for w in pool if is_card(w) and w[0] == rank and w != "JK"), None)
        if hit is None:
            return False
        pool.remove(hit)
    return True


class MoveCompleter(Completer):
    def __init__(self, controller: Controller) -> None:
        self.controller = controller

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        """The moves written as the table writes them (``discard A♣``, ``1♦``): one notation on the
        screen; the game reads what Tab inserts as it reads its canonical form."""
        text = document.text_before_cursor
        charset = self.controller.console.charset
        for value, meta in candidates(self.controller, text):
            shown = self.controller.spell(value) if charset == "unicode" and meta == _("move") else value
            yield Completion(shown, start_position=-len(text), display_meta=meta)
