"""The rubber: games, part scores, vulnerability, the rubber bonus and the scorepad.

Bookkeeping of Laws 72-74 and 80 of the Laws of Rubber Bridge (rules digest §2.1):

* trick points go below the line into the current game (the side's *leg*);
  a side reaching 100 there wins a game, a line is drawn, and **both** sides'
  part scores stop counting toward the next game (they stay in the totals);
* a side that has won a game is vulnerable for the rest of the rubber;
* the first side to win two games ends the rubber and scores 700 if the
  opponents have no game, 500 if they have one;
* a rubber stopped early (``--hands``) is settled: 300 to a side with the only
  completed game, and the part-score bonus (option, 100 by default) to a side
  that alone has a part score in the unfinished game.

The winner is the side with the larger total, above plus below the line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardcli.games.bridge.config import BridgeConfig
from cardcli.games.bridge.scoring import SIDE_NAMES, Entry
from cardcli.i18n import _, ngettext


@dataclass(frozen=True, slots=True, init=False)
class PadLine:
    """A scorepad entry with where it belongs: the deal it came from and the game it counts in (the
    constructor written out: see :class:`~cardcli.games.bridge.auction.Contract`)."""

    hand: int
    game: int
    entry: Entry

    def __init__(self, hand: int, game: int, entry: Entry) -> None:
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "entry", entry)

    def to_list(self) -> list[object]:
        return [self.hand, self.game, *self.entry.to_list()]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> PadLine:
        return cls(int(data[0]), int(data[1]), Entry.from_list(data[2:]))


@dataclass(init=False)
class Rubber:
    """One per match (the constructor written out: see :class:`~cardcli.games.bridge.state.BridgeState`)."""

    start_vulnerable: tuple[bool, bool]
    games: list[int]
    leg: list[int]
    """Trick points below the line in the game being played."""
    game_winners: list[int]
    pad: list[PadLine]
    totals: list[int]
    over: bool

    def __init__(
        self,
        start_vulnerable: tuple[bool, bool] = (False, False),
        games: list[int] | None = None,
        leg: list[int] | None = None,
        game_winners: list[int] | None = None,
        pad: list[PadLine] | None = None,
        totals: list[int] | None = None,
        over: bool = False,
    ) -> None:
        self.start_vulnerable = start_vulnerable
        self.games = [0, 0] if games is None else games
        self.leg = [0, 0] if leg is None else leg
        self.game_winners = [] if game_winners is None else game_winners
        self.pad = [] if pad is None else pad
        self.totals = [0, 0] if totals is None else totals
        self.over = over

    @staticmethod
    def for_config(config: BridgeConfig) -> Rubber:
        sv = config.start_vulnerable
        return Rubber((sv == "NS" or sv == "both", sv == "EW" or sv == "both"))

    def clone(self) -> Rubber:
        return Rubber(
            self.start_vulnerable,
            list(self.games),
            list(self.leg),
            list(self.game_winners),
            list(self.pad),
            list(self.totals),
            self.over,
        )

    @property
    def game_number(self) -> int:
        """The game being played (1-based)."""
        return len(self.game_winners) + 1

    def vulnerable(self, side: int) -> bool:
        return self.games[side] >= 1 or self.start_vulnerable[side]

    def vulnerability(self) -> tuple[bool, bool]:
        return (self.vulnerable(0), self.vulnerable(1))

    def record(self, hand: int, entries: Sequence[Entry]) -> list[Entry]:
        """Add a deal's entries; returns them plus the rubber bonus if this deal ended the rubber."""
        out = list(entries)
        game = self.game_number
        for e in entries:
            self.pad.append(PadLine(hand, game, e))
            self.totals[e.side] += e.points
            if e.where == "below":
                self.leg[e.side] += e.points
        for side in (0, 1):
            if self.leg[side] >= 100:
                self.games[side] += 1
                self.game_winners.append(side)
                self.leg = [0, 0]
                if self.games[side] == 2:
                    bonus = 700 if self.games[1 - side] == 0 else 500
                    e = Entry(side, "above", bonus, "rubber", f"{self.games[side]}-{self.games[1 - side]}")
                    self.pad.append(PadLine(hand, game, e))
                    self.totals[side] += bonus
                    self.over = True
                    out.append(e)
                break
        return out

    def settlement(self, config: BridgeConfig) -> list[Entry]:
        """The extra entries if the rubber stopped now (Law 80); empty for a finished rubber."""
        if self.over:
            return []
        out: list[Entry] = []
        if sum(self.games) == 1:
            side = 0 if self.games[0] else 1
            out.append(Entry(side, "above", 300, "unfinished-game", ""))
        with_part = [s for s in (0, 1) if self.leg[s] > 0]
        if config.unfinished_part_score_rule == "each-side" or len(with_part) == 1:
            for s in with_part:
                out.append(Entry(s, "above", config.unfinished_part_score, "unfinished-part", str(self.leg[s])))
        return out

    def settled_totals(self, config: BridgeConfig) -> list[int]:
        totals = list(self.totals)
        for e in self.settlement(config):
            totals[e.side] += e.points
        return totals


def pad_of(results: Sequence[Any]) -> list[PadLine]:
    """The rubber's scorepad (a match is one rubber) from its hands' results in order: each holds
    its own entries and the game they count in."""
    pad: list[PadLine] = []
    for r in results:
        d = r.detail if r is not None else {}
        hand, game = int(d.get("hand", 0)), int(d.get("game", 1))
        pad.extend(PadLine(hand, game, Entry.from_list(e)) for e in d.get("entries", []))
    return pad


def pad_lines(
    pad: Sequence[PadLine],
    totals: Sequence[int],
    game_winners: Sequence[int],
    over: bool,
    settlement: Sequence[Entry] = (),
    vulnerable: Sequence[bool] = (False, False),
) -> list[str]:
    """The scorepad drawn as text: premiums above the line, trick points below, game by game."""
    w = 34
    head = f"{'':<{w}}{SIDE_NAMES[0]:>8}{SIDE_NAMES[1]:>8}"
    lines = [_("Scorepad (rubber)"), head]

    def row(label: str, side: int, points: int) -> str:
        cells = ["", ""]
        cells[side] = str(points)
        return f"  {label[: w - 2]:<{w - 2}}{cells[0]:>8}{cells[1]:>8}"

    above = [p for p in pad if p.entry.where == "above"]
    lines.append("  " + _("above the line: premiums, overtricks, penalties"))
    for p in reversed(above):  # premiums stack upwards from the line
        lines.append(row(f"#{p.hand} " + _label(p.entry), p.entry.side, p.entry.points))
    for e in settlement:
        lines.append(row(_label(e), e.side, e.points))
    lines.append("  " + "=" * (w + 14))
    lines.append("  " + _("below the line: trick points bid and made"))
    games = [sum(1 for s in game_winners if s == side) for side in (0, 1)]
    last = max((p.game for p in pad), default=1)
    for g in range(1, last + 1):
        for p in pad:
            if p.entry.where == "below" and p.game == g:
                lines.append(row(f"#{p.hand} " + _label(p.entry), p.entry.side, p.entry.points))
        if g <= len(game_winners):
            lines.append("  " + "-" * (w + 14) + "  " + _("game {g} to {side}").format(g=g, side=SIDE_NAMES[game_winners[g - 1]]))
    tot = list(totals)
    for e in settlement:
        tot[e.side] += e.points
    total = _("Total")
    lines.append(f"  {total:<{w - 2}}{tot[0]:>8}{tot[1]:>8}")
    vul = [SIDE_NAMES[s] for s in (0, 1) if vulnerable[s]]
    status = _("games NS {a}, EW {b}").format(a=games[0], b=games[1])
    if over:
        status += " · " + _("rubber over")
    elif vul:
        status += " · " + _("vulnerable: {v}").format(v=", ".join(vul))
    lines.append("  " + status)
    return lines


def _label(e: Entry) -> str:
    n = e.note
    match e.item:
        case "tricks":
            return _("{c} made").format(c=n[0] + ("NT" if n[1] == "N" else n[1]) + n[2:])
        case "overtricks":
            return ngettext("{n} overtrick", "{n} overtricks", int(n)).format(n=n)
        case "insult":
            return _("insult ({x})").format(x=n)
        case "slam":
            return _("grand slam") if n == "grand" else _("small slam")
        case "undertricks":
            return _("{side} down {n}").format(side=SIDE_NAMES[1 - e.side], n=n)
        case "honors":
            return _("honors")
        case "rubber":
            return _("rubber {n}").format(n=n)
        case "game-bonus":
            return _("game bonus")
        case "part-score":
            return _("part-score bonus")
        case "unfinished-game":
            return _("unfinished: game")
        case "unfinished-part":
            return _("unfinished: part score")
    return e.item
