"""Resolving what a person typed against the legal moves.

As in python-chess's SAN parser, friendly text is first parsed into a move and
then checked against the legal moves; shorthand that is not a full move is
matched against the canonical notation of every legal move. The three failure
modes stay distinct: invalid (syntax), illegal (with the rule) and ambiguous
(with the candidates).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from cardcli.engine.cards import JOKER, card_words, is_card, parse_rank
from cardcli.engine.game import Game
from cardcli.engine.verdict import AmbiguousMove, IllegalMove, InvalidMove
from cardcli.i18n import _

M = TypeVar("M")


def normalize_tokens(text: str) -> list[str]:
    """Lower-case words, with every word (or words: ``ten of hearts``) that spells a card turned
    into its notation."""
    out: list[str] = []
    words = text.replace(",", " ").split()
    i = 0
    while i < len(words):
        found = card_words(words[i:])
        if found is not None:
            out.append(found[0])
            i += found[1]
            continue
        out.append(words[i].lower())
        i += 1
    return out


def _matches(typed: list[str], canonical: str) -> bool:
    """Each typed token matches a distinct token of the move: cards exactly, words by prefix."""
    pool = Counter(canonical.split())
    words = [t for t in pool if not t.isupper() or len(t) > 3]
    for i, tok in enumerate(typed):
        if pool[tok] > 0:
            pool[tok] -= 1
            continue
        hit = next((w for w in words if pool[w] > 0 and w.lower().startswith(tok.lower())), None)
        rank = parse_rank(tok) if hit is None and i > 0 else None
        if rank is not None:  # `discard 10`, `discard ten`: a card of that rank (or the rank, in canasta);
            # never a bare rank (`q` alone is not shorthand for `discard QH`)
            hit = next((w for w in pool if pool[w] > 0 and (w == rank or (is_card(w) and w != JOKER and w[0] == rank))), None)
        if hit is None:
            return False
        pool[hit] -= 1
    return True


def prefix_matches(game: Game[Any, M, Any, Any], text: str, legal: Sequence[M]) -> list[M]:
    typed = normalize_tokens(text)
    if not typed:
        return []
    return [m for m in legal if _matches(typed, game.format_move(m))]


def resolve(game: Game[Any, M, Any, Any], state: Any, text: str, legal: Sequence[M] | None = None) -> M:
    """The move ``text`` means now, or a :class:`MoveError` saying why there is none."""
    if legal is None:
        legal = game.legal_moves(state)
    text = text.strip()
    if not text:
        raise InvalidMove(_("type a move (Tab lists them) or `help`"))
    try:
        move = game.parse_typed(state, text)
    except InvalidMove as err:
        candidates = game.shorthand(state, text, legal) or prefix_matches(game, text, legal)
        if len(candidates) == 1:
            return candidates[0]
        if len(candidates) > 1:
            shown = [game.format_move(m) for m in candidates]
            more = " " + _("(+{n} more)").format(n=len(shown) - 8) if len(shown) > 8 else ""
            raise AmbiguousMove(
                _("{text!r} could mean: {moves}").format(text=text, moves=", ".join(shown[:8])) + more, shown
            ) from None
        raise err
    found = listed(game, move, legal)
    if found is not None:
        return found
    canon = game.format_move(move)
    # The legal list is the single source of truth: a move it lacks is never played.
    verdict = game.check(state, move)
    if verdict.ok:
        if game.is_open_move(move):
            return move
        raise RulesDisagreement(f"{game.name}: the checker allows {canon!r} but the legal moves do not list it")
    raise IllegalMove(verdict)


def listed(game: Game[Any, M, Any, Any], move: M, legal: Sequence[M]) -> M | None:
    """The move of ``legal`` that ``move`` is: the same canonical notation, or the same cards in
    another order (`meld 5H 6H JK` for the listed `meld JK 5H 6H`) when only one listed move has
    them; ``None`` when the list lacks it. The one test of "is this move in the legal list" (the
    REPL, ``replay verify --legal`` and the playout harness all ask it)."""
    canon = game.format_move(move)
    for m in legal:
        if game.format_move(m) == canon:
            return m
    tokens = Counter(canon.split())
    same = [m for m in legal if Counter(game.format_move(m).split()) == tokens]
    return same[0] if len(same) == 1 else None


class RulesDisagreement(AssertionError):
    """The move generator and the checker disagree: a bug in the game, never a silent acceptance.

    The playout tests look for these at every position; the REPL reports one as an internal
    error in one line instead of playing the move."""


class ParsedMoves(Mapping[str, Any]):
    """The canonical moves of a game whose moves cannot all be listed (the meld games: any cards in
    any meld), as the fold's table of canonical moves (:attr:`Game.canonical_moves`): each notation
    is parsed once and kept, and only a notation that is the move's own canonical form is known
    (anything else is ``None``, and the fold then names the problem). Moves are frozen values, so
    one parsed move serves every replay; the table is bounded."""

    def __init__(self, parse: Callable[[str], Any], format: Callable[[Any], str], limit: int = 65536) -> None:
        self._parse = parse
        self._format = format
        self._limit = limit
        self._known: dict[str, Any] = {}

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        move = self._known.get(key)
        if move is not None:
            return move
        try:
            move = self._parse(key)
        except ValueError:
            return default
        if self._format(move) != key:
            return default
        if len(self._known) >= self._limit:
            self._known.clear()
        self._known[key] = move
        return move

    def __getitem__(self, key: str) -> Any:
        move = self.get(key)
        if move is None:
            raise KeyError(key)
        return move

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._known))

    def __len__(self) -> int:
        return len(self._known)
