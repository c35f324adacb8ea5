"""The journal fuzz: real saves with one byte changed, and what resuming them keeps.

Each shipped replay becomes a save journal as a game writes it (its deals and moves, a
caption and a note appended); one byte at a random place is then set to a random other
value, and the save is resumed as ``cardcli play --resume`` would (strictly first, then
through the recovery). Every case is sorted into:

* ``whole``: resumed with every event (the damaged line rebuilt, or only a note lost);
* ``partial``: resumed from the last good move, the later events dropped;
* ``refused``: nothing resumed;
* ``altered``: resumed, but the game differs from the one written (a damaged move read as
  another legal move): the worst outcome, since nobody is told.

``events kept`` counts the deals and moves of the resumed game that are the original's (its
prefix); ``intact`` the deals and moves whose line the damage did not touch.
"""

from __future__ import annotations

import random
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted((ROOT / "replays").glob("*/*.cardcli.json"))


@dataclass
class Tally:
    cases: int = 0
    whole: int = 0
    partial: int = 0
    refused: int = 0
    altered: int = 0
    intact: int = 0
    kept: int = 0
    samples: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"journal fuzz: {self.cases} damaged saves: {self.refused} refused whole, {self.whole} resumed whole, "
            f"{self.partial} resumed from the last good move, {self.altered} silently altered; "
            f"{self.kept} of {self.intact} intact events kept ({self.intact - self.kept} lost)"
        )


def _events(replay: Any) -> list[tuple[Any, ...]]:
    """A replay's deals and moves, in order (what "events kept" counts)."""
    out: list[tuple[Any, ...]] = []
    for h in replay.hands:
        out.append(("deal", tuple(h.deck)))
        out.extend(("move", m.seat, m.move) for m in h.moves)
    return out


def journals() -> list[tuple[str, bytes, Any]]:
    """(name, journal bytes, the replay it holds) for every shipped replay."""
    from cardcli.replay.io import read
    from cardcli.replay.journal import SUFFIX, Journal

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, p in enumerate(REPLAYS):
            replay = read(p)
            path = Path(tmp) / f"j{i}{SUFFIX}"
            j = Journal.create(path, replay, None)
            j.append({"title": "a caption"})
            j.append({"note": {"hand": 1, "ply": 1, "kind": "note", "text": "a note"}})
            j.close()
            out.append((p.name, path.read_bytes(), replay))
    return out


def _resume(path: Path) -> Any:
    """The game ``play --resume`` would continue (None when it refuses), as this cardcli does it."""
    from cardcli.replay.io import ReplayError
    from cardcli.saves import load_save

    try:
        return load_save(path)[0]
    except ReplayError:
        pass
    try:
        from cardcli.saves import recover_save
    except ImportError:  # a cardcli without recovery
        return None
    try:
        return recover_save(path)[0]
    except ReplayError:
        return None


def run(cases: int, seed: int = 27) -> Tally:
    rng = random.Random(seed)
    sources = journals()
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        for case in range(cases):
            name, data, replay = sources[case % len(sources)]
            at = rng.randrange(len(data))
            new = rng.choice([b for b in range(256) if b != data[at]])
            damaged = data[:at] + bytes([new]) + data[at + 1 :]
            path = Path(tmp) / f"case{case}.cardcli.jsonl"
            path.write_bytes(damaged)
            original = _events(replay)
            # the event whose line holds the changed byte (the header lines hold none)
            line = data[:at].count(b"\n")
            header_lines = 2 if data.split(b"\n", 2)[1] == data.split(b"\n", 1)[0] else 1
            touched = line - header_lines if line >= header_lines else None
            intact = len(original) - (1 if touched is not None and touched < len(original) else 0)
            tally.cases += 1
            tally.intact += intact
            session = _resume(path)
            if session is None:
                tally.refused += 1
                if len(tally.samples) < 5:
                    tally.samples.append(f"refused: {name} byte {at} -> {new:#04x}")
                continue
            got = _events(session)
            if got != original[: len(got)]:
                tally.altered += 1
                if len(tally.samples) < 5:
                    tally.samples.append(f"altered: {name} byte {at} -> {new:#04x}")
                continue
            kept = min(len(got), intact)
            tally.kept += kept
            if len(got) == len(original):
                tally.whole += 1
            else:
                tally.partial += 1
    return tally


if __name__ == "__main__":  # pragma: no cover - for measuring another cardcli: python journal_damage.py N
    import sys

    print(run(int(sys.argv[1]) if len(sys.argv) > 1 else 600).line())
