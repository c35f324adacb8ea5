"""Statistics from the history: games, wins and average score by opponent bot and by preset.

Only games with a person at the table count toward "your" results; the
person's side is the one whose seats have no bot. Games left unfinished are
counted apart (they have no winner), and so are games only bots played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cardcli.store.history import GameRecord


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    score_sum: float = 0.0

    def add(self, won: bool, score: float) -> None:
        self.games += 1
        self.wins += int(won)
        self.score_sum += score

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return self.score_sum / self.games if self.games else 0.0


@dataclass
class GameStats:
    game: str
    overall: Tally = field(default_factory=Tally)
    by_bot: dict[str, Tally] = field(default_factory=dict)
    by_preset: dict[str, Tally] = field(default_factory=dict)
    unfinished: int = 0
    bots_only: int = 0
    rate_over_time: list[float] = field(default_factory=list)
    """Your win rate after each finished game, oldest first."""


def opponents(record: GameRecord) -> str:
    """The bots on the other sides, as one label (``basic``, ``basic+random``)."""
    mine = set(record.human_sides())
    bots = sorted({s.bot for s in record.seats if s.bot and s.side not in mine})
    return "+".join(bots) if bots else "-"


def outcome(record: GameRecord) -> tuple[bool, float]:
    """(won, score) of the person's side; with people on several sides, the first one."""
    side = record.human_sides()[0]
    score = float(record.totals[side]) if side < len(record.totals) else 0.0
    return side in record.winners, score


def game_stats(records: Iterable[GameRecord]) -> dict[str, GameStats]:
    """Per game; ``records`` in any order (they are sorted oldest first)."""
    out: dict[str, GameStats] = {}
    for r in sorted(records, key=lambda r: (r.finished, r.id)):
        st = out.setdefault(r.game, GameStats(r.game))
        if not r.human_sides():
            st.bots_only += 1
            continue
        if not r.complete:
            st.unfinished += 1
            continue
        won, score = outcome(r)
        st.overall.add(won, score)
        st.by_bot.setdefault(opponents(r), Tally()).add(won, score)
        st.by_preset.setdefault(r.preset or "-", Tally()).add(won, score)
        st.rate_over_time.append(st.overall.win_rate)
    return out


def seat_summary(record: GameRecord) -> str:
    """``P1 (you), P2 basic``: who sat where."""
    return ", ".join(f"{s.name} ({s.bot})" if s.bot else f"{s.name} (you)" for s in record.seats)


def winner_names(record: GameRecord) -> Sequence[str]:
    return [s.name for s in record.seats if s.side in record.winners]
