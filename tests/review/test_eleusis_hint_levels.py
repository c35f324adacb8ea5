"""Eleusis hints in levels: the first two never quote a rule; the rule text only when asked a third time."""

from __future__ import annotations

import pytest

from cardcli.games.eleusis.hypotheses import space
from cardcli.session import Session


def positions(seed: int):  # type: ignore[no-untyped-def]
    """Human turns of a seeded 4-player match (the human is P2), after a few bot plays."""
    s = Session.new("eleusis", seed=seed, players=4, human_seats=(1,), hands_limit=1)
    s.run_bots()
    for _turn in range(5):
        if s.finished:
            return
        yield s
        move, _why = s.hint(1)
        s.play(move)
        s.run_bots()


def rule_texts() -> set[str]:
    return {h.text for h in space()}


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_levels_one_and_two_never_quote_a_rule(seed: int) -> None:
    texts = rule_texts()
    seen_three = 0
    for s in positions(seed):
        if s.to_act() != 1 or s.state.phase not in ("one", "two"):
            continue  # the human deals in some seeds: the dealer's hint proposes a rule of its own
        secret = s.state.rule_text
        _m1, one = s.hint(1)
        _m2, two = s.hint(1)
        _m3, three = s.hint(1)
        for why in (one, two):
            assert secret not in why
            assert "accept:" not in why
            assert not any(t in why for t in texts if len(t) > 12)
        assert "my best guess at the rule (" not in one and "my best guess at the rule (" not in two
        assert "rules fit" in two or "only one rule" in two
        assert "my best guess at the rule (one of" in three and "accept:" in three
        seen_three += 1
    if s_dealer_is_human(seed):
        return
    assert seen_three


def s_dealer_is_human(seed: int) -> bool:
    s = Session.new("eleusis", seed=seed, players=4, human_seats=(1,), hands_limit=1)
    s.run_bots()
    return s.state.dealer == 1


def test_the_level_starts_again_at_a_new_position() -> None:
    s = Session.new("eleusis", seed=3, players=4, human_seats=(1,), hands_limit=1)
    s.run_bots()
    s.hint(1)
    s.hint(1)
    move, three = s.hint(1)
    assert "my best guess at the rule (one of" in three
    s.play(move)
    s.run_bots()
    if s.to_act() == 1:
        _m, again = s.hint(1)
        assert "my best guess at the rule (" not in again and "`hint` again" in again


def test_hint_is_counted_each_time() -> None:
    s = Session.new("eleusis", seed=3, players=4, human_seats=(1,), hands_limit=1)
    s.run_bots()
    for _ in range(3):
        s.hint(1)
    assert s.hints_used == 3
    assert len([a for a in s.annotations if a.kind == "hint"]) == 3
