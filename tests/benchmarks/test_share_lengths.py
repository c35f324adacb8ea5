"""Share-code lengths for every shipped replay (run with -m benchmark -s).

Each file goes through the command line as a user would send it: `cardcli share FILE` prints
the code, `cardcli replay import CODE -o F` reads it back, and the match log (dealers, decks,
moves) must be the file's. The table printed gives, per file, the JSON size, the whole game's
code and the median one-hand code, then the medians per game (the bridge deal and the burraco hand
the issue asks about). The round trip itself also runs by default in tests/replay/test_share.py.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.replay.io import read
from cardcli.replay.model import Replay
from cardcli.replay.share import encode

pytestmark = pytest.mark.benchmark

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "replays").glob("*/*.cardcli.json"))


def log(replay: Replay) -> list[tuple[int, list[str], list[tuple[int, str]]]]:
    return [(h.dealer, list(h.deck), [(m.seat, m.move) for m in h.moves]) for h in replay.hands]


def test_share_code_lengths_for_every_shipped_replay(tmp_path: Path) -> None:
    runner = CliRunner()
    per_hand: dict[str, list[int]] = defaultdict(list)
    rows = []
    for path in FILES:
        res = runner.invoke(cli, ["share", str(path), "-q"])
        assert res.exit_code == 0, res.output
        code = res.output.strip()
        out = tmp_path / (path.stem + ".cardcli.json")
        res = runner.invoke(cli, ["replay", "import", code, "-o", str(out)])
        assert res.exit_code == 0, res.output
        replay = read(path)
        assert log(read(out)) == log(replay), path.name
        hands = [len(encode(replay, n)) for n in range(1, len(replay.hands) + 1)]
        per_hand[path.parent.name] += hands
        rows.append(
            (f"{path.parent.name}/{path.name}", path.stat().st_size, len(replay.hands), len(code), statistics.median(hands))
        )
    print(f"\n{'replay':<58} {'JSON B':>7} {'hands':>5} {'code':>6} {'hand med':>8}")
    for name, size, n, length, med in rows:
        print(f"{name:<58} {size:>7} {n:>5} {length:>6} {med:>8g}")
    print()
    for game, lengths in sorted(per_hand.items()):
        print(
            f"{game:<8} one-hand code: median {statistics.median(lengths):g}, min {min(lengths)}, "
            f"max {max(lengths)} ({len(lengths)} hands)"
        )
    bridge, burraco = statistics.median(per_hand["bridge"]), statistics.median(per_hand["burraco"])
    print(f"bridge deal median {bridge:g} characters · burraco hand median {burraco:g} characters")
    assert max(per_hand["bridge"]) < 200


def test_one_board_codes_of_every_pbn_test_file(tmp_path: Path) -> None:
    """Every board of the repository's PBN test files shared alone (`share FILE --hand N`): each code
    holds that board only, with its own dealer and vulnerability (the 216-board event included)."""
    runner = CliRunner()
    lengths: list[int] = []
    rows = []
    for path in sorted((ROOT / "tests" / "data" / "pbn").glob("*.pbn")):
        out = tmp_path / (path.stem + ".cardcli.json")
        res = runner.invoke(cli, ["replay", "import", str(path), "-o", str(out)])
        assert res.exit_code == 0, res.output
        replay = read(out)
        codes = [len(encode(replay, n)) for n in range(1, len(replay.hands) + 1)]
        lengths += codes
        rows.append((path.name, len(replay.hands), statistics.median(codes), max(codes)))
    print(f"\n{'PBN file':<32} {'boards':>6} {'median':>7} {'max':>5}")
    for name, n, med, top in rows:
        print(f"{name:<32} {n:>6} {med:>7g} {top:>5}")
    print(f"one-board codes over {len(lengths)} boards: median {statistics.median(lengths):g}, max {max(lengths)}")
    assert max(lengths) < 200
