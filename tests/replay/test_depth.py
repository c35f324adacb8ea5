"""The nesting check that runs before msgspec: the depth it reports is the JSON's true depth, with
brackets, quotes and backslashes inside strings that must not count."""

from __future__ import annotations

import json
import random
from typing import Any

from cardcli.replay.io import MAX_DEPTH, nesting_depth

TRICKY = ['x\\"[', "\\", '"', "[{", "plain", 3, None, '\\\\"]]', "}}]]", ""]


def true_depth(value: Any) -> int:
    if isinstance(value, (list, dict)):
        items = value.values() if isinstance(value, dict) else value
        return 1 + max((true_depth(v) for v in items), default=0)
    return 0


def random_value(rng: random.Random, depth: int) -> Any:
    if depth == 0 or rng.random() < 0.2:
        return rng.choice(TRICKY)
    if rng.random() < 0.5:
        return [random_value(rng, depth - 1) for _ in range(rng.randrange(4))]
    return {f'{i}"[\\': random_value(rng, depth - 1) for i in range(rng.randrange(3))}


def test_the_depth_is_the_true_depth_whatever_the_strings_hold() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        value = random_value(rng, rng.randrange(1, 14))
        if not isinstance(value, (list, dict)):
            continue
        assert nesting_depth(json.dumps(value).encode()) == true_depth(value), value


def test_deep_and_unbalanced_input_stops_past_the_limit() -> None:
    assert nesting_depth(b"[" * 100_000) > MAX_DEPTH
    assert nesting_depth(b"[" * 5000 + b"]" * 5000) > MAX_DEPTH
    assert nesting_depth(b"[" * 30 + b"]" * 30) == 30
    assert nesting_depth(b'["' + b"[" * 5000 + b'"]') == 1
