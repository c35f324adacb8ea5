"""Issue 16: fuzz tests in the default run. Every input gives success or one clear line, never a
traceback or a hang; an accepted replay is a legal game. A few seconds per target, deterministic
(``derandomize``); ``test_soak.py`` runs the same targets with thousands of inputs."""

from __future__ import annotations

from typing import Any

import pytest
from fuzz import strategies as S
from fuzz import targets as T
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


def fuzz(examples: int) -> Any:
    # no deadline: the work is bounded by the number of examples, and a hang by the harness's CPU-time bound
    return settings(
        max_examples=examples, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
    )


H = S.Harness()


@fuzz(300)
@given(S.replay_inputs())
def test_replay_files(data: bytes) -> None:
    T.replay_json(H, data)


@fuzz(150)
@given(S.msgpack_inputs())
def test_msgpack_replays(data: bytes) -> None:
    T.replay_msgpack(H, data)


@fuzz(60)
@given(S.replay_inputs(), st.sampled_from(("verify", "show", "view")))
def test_replay_commands(data: bytes, command: str) -> None:
    T.replay_cli(H, data, command)


@fuzz(200)
@given(S.journal_inputs())
def test_journals(data: bytes) -> None:
    T.journal(H, data)


@fuzz(150)
@given(S.pbn_inputs())
def test_pbn(data: bytes) -> None:
    T.pbn(H, data)


@fuzz(150)
@given(S.lin_inputs())
def test_lin(text: str) -> None:
    T.lin(H, text)


@fuzz(200)
@given(S.share_inputs())
def test_share_codes(code: str) -> None:
    T.share(H, code)


@fuzz(80)
@given(S.lesson_inputs())
def test_lessons(item: tuple[str, str]) -> None:
    T.lesson(H, *item)


@fuzz(250)
@given(S.score_commands())
def test_scorepad_input(item: tuple[list[str], str]) -> None:
    T.scorepad(H, *item)


@fuzz(400)
@given(S.elr_rules() | st.text(max_size=80))
def test_eleusis_rules(text: str) -> None:
    T.eleusis_rule(H, text)


@fuzz(80)
@given(S.piped_play())
def test_piped_play(item: tuple[str, str, bytes]) -> None:
    T.play(H, *item)


@pytest.mark.parametrize("game", S.GAMES)
def test_seeds_are_accepted(game: str) -> None:
    """The seeds themselves pass (a mutation that changes nothing must not be a finding)."""
    for data in S.replay_bytes():
        T.replay_json(H, data)
    assert H.tallies["replay (JSON)"].accepted >= len(S.REPLAYS)
