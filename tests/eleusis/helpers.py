"""Shared helpers for the eleusis tests: states built by hand, and a game that checks itself."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from cardcli.engine.cards import Card
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.game import HandResult, Outcome
from cardcli.engine.registry import load
from cardcli.games.eleusis import moves as mv
from cardcli.games.eleusis.config import EleusisConfig
from cardcli.games.eleusis.language import compile_text
from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.rules import EleusisGame
from cardcli.games.eleusis.state import Attempt, EleusisState
from cardcli.games.eleusis.view import EleusisView

GAME: EleusisGame = load("eleusis")  # type: ignore[assignment]


def judge_sequence(rule_text: str, mainline: Sequence[str], tries: Sequence[str]) -> list[bool]:
    """Lay ``mainline`` (starter first, every card asserted right) and judge each card of ``tries``
    against the final position."""
    rule = compile_text(rule_text)
    st = rule.start(D.INDEX[mainline[0]])
    for card in mainline[1:]:
        assert rule.accepts(st, D.INDEX[card]), f"{card} should be right after {mainline}"
        st = rule.step(st, D.INDEX[card])
    return [rule.accepts(st, D.INDEX[c]) for c in tries]


def verdicts_along(rule_text: str, starter: str, plays: Iterable[str]) -> list[bool]:
    """Judge ``plays`` one after the other from ``starter``: right cards join the mainline."""
    rule = compile_text(rule_text)
    st = rule.start(D.INDEX[starter])
    out = []
    for card in plays:
        ok = rule.accepts(st, D.INDEX[card])
        out.append(ok)
        if ok:
            st = rule.step(st, D.INDEX[card])
    return out


def new_hand(players: int = 4, seed: int | str = 1, config: EleusisConfig | None = None, rule: str | None = None) -> EleusisState:
    """A seeded hand, with the rule written when ``rule`` is given."""
    cfg = config or EleusisConfig()
    state = GAME.new_match(cfg, players, 0)
    GAME.start_hand(state, shuffled_deck(GAME.deck(cfg, players), seed, 1))
    if rule is not None:
        move = mv.rule_move(rule)
        assert GAME.check(state, move).ok, GAME.check(state, move)
        GAME.apply(state, move)
    return state


def hand_state(
    hands: dict[int, list[str]],
    mainline: list[str],
    rule: str,
    players: int = 4,
    dealer: int = 0,
    phase: str = "one",
    wrong: dict[int, list[str]] | None = None,
) -> EleusisState:
    """A state built by hand (cards need not come from a real deal)."""
    state = GAME.new_match(EleusisConfig(), players, dealer)
    state.hand_number = 1
    state.dealer = dealer
    state.hands = [[Card(c) for c in hands.get(i, [])] for i in range(players)]
    state.wrong = [[Card(c) for c in (wrong or {}).get(i, [])] for i in range(players)]
    state.mainline = [Card(mainline[0])]
    state.phase = "rule"
    state.turn = dealer
    GAME.apply(state, mv.rule_move(rule))
    for card in mainline[1:]:
        assert state.rule is not None and state.rstate is not None
        assert state.rule.accepts(state.rstate, D.INDEX[card])
        state.rstate = state.rule.step(state.rstate, D.INDEX[card])
        state.mainline.append(Card(card))
    if phase == "two":
        state.phase = "two"
        state.wrong_counts = [len(w) for w in state.wrong]
    return state


_ALLOWED_LEAVES = (str, int, float, bool, type(None))


def assert_plain(value: Any, path: str = "view") -> None:
    """A view holds only plain values, tuples and known records: never a rule object or a node."""
    if isinstance(value, _ALLOWED_LEAVES):
        return
    if isinstance(value, EleusisConfig | HandResult):
        return
    if isinstance(value, tuple):
        for i, v in enumerate(value):
            assert_plain(v, f"{path}[{i}]")
        return
    if isinstance(value, Attempt | EleusisView):
        for f in dataclasses.fields(value):
            assert_plain(getattr(value, f.name), f"{path}.{f.name}")
        return
    raise AssertionError(f"{path} holds a {type(value).__name__}, which a view must not")


class WatchedGame(EleusisGame):
    """Eleusis that checks, after every move and for every view it gives out, the invariants the
    playout helper cannot know: right cards satisfy the rule, wrong ones do not, and no view shows
    the rule while the hand is in play."""

    views_checked = 0
    plays_checked = 0

    def apply(self, state: EleusisState, move: mv.Move) -> Outcome:
        outcome = super().apply(state, move)
        if isinstance(move, mv.Play):
            self.check_judgments(state)
        return outcome

    @classmethod
    def check_judgments(cls, state: EleusisState) -> None:
        rule = state.rule
        assert rule is not None
        st = rule.start(D.INDEX[state.mainline[0]])
        pos = 1
        for a in state.attempts:
            assert a.pos == pos, "an attempt at a mainline position other than the current one"
            assert rule.accepts(st, D.INDEX[a.card]) == a.accepted, f"{a} judged against the rule"
            if a.accepted:
                assert state.mainline[pos] == a.card
                st = rule.step(st, D.INDEX[a.card])
                pos += 1
        assert pos == len(state.mainline)
        assert st == state.rstate
        cls.plays_checked += 1

    def view(self, state: EleusisState, seat: int | None) -> EleusisView:
        v = super().view(state, seat)
        type(self).views_checked += 1
        assert_plain(v)
        assert v.past_rules == tuple(r.detail["rule"] for r in state.results if r is not state.result)
        if state.phase in ("one", "two") and state.rule_text:
            text = repr(dataclasses.replace(v, past_rules=()))  # earlier hands' rules were revealed
            assert state.rule_text not in text, "the rule's text reached a view"
            assert v.revealed_rule is None and v.result is None
        return v


def tally_wrong(results: Iterable[HandResult], players: int, seats: Sequence[int] | None = None) -> list[int]:
    out = []
    for r in results:
        for s, w in enumerate(r.detail["wrong"]):
            if w is not None and (seats is None or s in seats):
                out.append(w)
    return out
