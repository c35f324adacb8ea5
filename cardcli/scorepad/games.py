"""Each game's scorepad rules (see :mod:`cardcli.scorepad.tables` for the shared part)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardcli.engine.scorepad import input_lines
from cardcli.i18n import _
from cardcli.scorepad.pad import Number, Row, as_number, fmt, key, substitute_names
from cardcli.scorepad.tables import Table


class RummyTable(Table):
    """Only the closer scores; the target depends on the number of players."""

    need_all = False

    def target(self) -> int:
        return int(self.config.target_for(self.players))

    def score_hand(self, text: str, dealer: int, before: Sequence[Number]) -> tuple[list[Number], list[str], dict[str, Any]]:
        points, lines, data = super().score_hand(text, dealer, before)
        if data.get("points_only") and sum(1 for p in points if p) > 1:
            raise ValueError(_("in rummy only the player who went out scores"))
        return points, lines, data

    def next_dealer(self, dealer: int, row: Row) -> int:
        if self.players == 2 and self.config.two_player_dealer == "closer":
            closer = row.data.get("closer")
            if closer in self.seats:
                return self.seats.index(str(closer))
            scored = [i for i, p in enumerate(row.points) if p]
            return scored[0] if scored else dealer
        return (dealer + 1) % self.players

    def rule_lines(self) -> list[str]:
        deal = (
            _("With 2 players the player who went out deals next.")
            if self.players == 2 and self.config.two_player_dealer == "closer"
            else _("The deal passes to the left.")
        )
        return [
            _(
                "Target: {t} points with {n} players; the hand in which a player reaches it ends the match, "
                "and only the closer scores, so there is one winner."
            ).format(t=self.target(), n=self.players),
            deal,
        ]


class BurracoTable(Table):
    """2005 with the preset's tie rule, or a tournament round turned into victory points."""

    step = 5

    def name_tokens(self) -> list[str]:
        return [key(self.sides[self.side_of(i)]) for i in range(self.players)]

    def outcome(self, rows: Sequence[Row]) -> tuple[bool, list[int], str]:
        from cardcli.games.burraco.scoring import match_winners, victory_points

        totals = [int(t) for t in (rows[-1].totals if rows else [0, 0])]
        labels = self.labels()
        hands = self.config.tournament_hands
        if hands:
            vp = victory_points(totals, hands)
            if len(rows) < hands:
                return (
                    False,
                    [],
                    _("Hand {k} of {n} of the tournament round; match points {a} to {b}.").format(
                        k=len(rows), n=hands, a=totals[0], b=totals[1]
                    ),
                )
            winners = [i for i in (0, 1) if vp[i] == max(vp)]
            return (
                True,
                winners,
                _("The round is over: {a} {va} VP, {b} {vb} VP (match points {ma} to {mb}).").format(
                    a=labels[0], va=vp[0], b=labels[1], vb=vp[1], ma=totals[0], mb=totals[1]
                ),
            )
        got = match_winners(totals, self.config)
        if got is not None:
            return True, list(got), self.won(got, totals)
        if max(totals) >= self.target():
            return (
                False,
                [],
                _("Level at {t}, at or above {target}: play another hand (tie rule).").format(t=totals[0], target=self.target()),
            )
        return False, [], self.leading(totals)

    def rule_lines(self) -> list[str]:
        hands = self.config.tournament_hands
        if hands:
            return [
                _(
                    "A tournament round of {n} hands: the match-point difference becomes victory points out of 20 "
                    "(the whole table: `cardcli rules burraco match`)."
                ).format(n=hands)
            ]
        tie = (
            _("equal totals at or above the target play another hand")
            if self.config.tie == "replay"
            else _("equal totals at or above the target share the win")
        )
        return [
            _("Target: {t}; after a hand in which a team reaches it, the higher total wins; {tie}.").format(
                t=self.target(), tie=tie
            )
        ]

    def extra(self, rows: Sequence[Row], totals: Sequence[Number], over: bool) -> list[str]:
        hands = self.config.tournament_hands
        if not hands or over or not rows:
            return []
        from cardcli.games.burraco.scoring import victory_points

        vp = victory_points([int(t) for t in totals], hands)
        return [
            _("Victory points if the round ended now: {a} {va}, {b} {vb}.").format(
                a=self.sides[0], va=vp[0], b=self.sides[1], vb=vp[1]
            )
        ]


class CanastaTable(Table):
    """The opening minimum follows each side's running score; 15000 wins, a tie plays on."""

    step = 5

    def name_tokens(self) -> list[str]:
        return [key(self.sides[self.side_of(i)]) for i in range(self.players)]

    def next_dealer(self, dealer: int, row: Row) -> int:
        from cardcli.games.canasta.seating import next_seat

        return next_seat(self.players, self.config.direction, dealer)

    def minimums(self, totals: Sequence[Number]) -> list[int]:
        from cardcli.games.canasta.opening import minimum

        return [minimum(int(t), self.config) for t in totals]

    def notes(self, before: Sequence[Number]) -> list[str]:
        shown = ", ".join(f"{s} {m}" for s, m in zip(self.sides, self.minimums(before)))
        return [_("opening minimum this hand: {m}").format(m=shown)]

    def outcome(self, rows: Sequence[Row]) -> tuple[bool, list[int], str]:
        totals = rows[-1].totals if rows else [0] * len(self.sides)
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        if best >= self.target() and len(top) == 1:
            return True, top, self.won(top, totals)
        if self.config.max_hands and len(rows) >= self.config.max_hands:
            return True, top, self.won(top, totals)
        if best >= self.target():
            return False, [], _("Level at {t}, above {target}: play another hand.").format(t=fmt(best), target=self.target())
        return False, [], self.leading(totals)

    def rule_lines(self) -> list[str]:
        from cardcli.games.canasta.opening import TABLES

        table = ", ".join(_("{m} from {s}").format(m=m, s=s) for s, m in TABLES[self.config.opening_table])
        return [
            _(
                "Target: {t}; if both sides pass it in the same hand the higher total wins, equal totals play another hand."
            ).format(t=self.target()),
            _("Opening minimum by the side's score: {table}; {n} below zero.").format(
                table=table, n=self.config.opening_negative
            ),
        ]

    def extra(self, rows: Sequence[Row], totals: Sequence[Number], over: bool) -> list[str]:
        if over:
            return []
        shown = ", ".join(
            _("{side} {m} (score {t})").format(side=s, m=m, t=fmt(t))
            for s, m, t in zip(self.sides, self.minimums(totals), totals)
        )
        return [_("Next opening minimum: {m}.").format(m=shown)]


class EleusisTable(Table):
    """Everyone deals a fixed number of times; the highest total wins, a tie shares the win."""

    need_all = False

    def hands(self) -> int:
        return int(self.config.deals_per_player) * self.players

    def prepare(self, text: str, dealer: int) -> str:
        text = super().prepare(text, dealer)
        if not any(ln.key == "dealer" for ln in input_lines(text)):
            text = f"dealer {self.seats[dealer]}\n{text}"
        return text

    def next_dealer(self, dealer: int, row: Row) -> int:
        named = row.data.get("dealer")
        seat = self.seats.index(str(named)) if named in self.seats else dealer
        return (seat + 1) % self.players

    def outcome(self, rows: Sequence[Row]) -> tuple[bool, list[int], str]:
        totals = rows[-1].totals if rows else [0] * len(self.sides)
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        if len(rows) >= self.hands():
            return True, top, self.won(top, totals)
        lead = (
            _("level at {t}").format(t=fmt(best))
            if len(top) > 1
            else _("ahead: {who} with {t}").format(who=self.labels()[top[0]], t=fmt(best))
        )
        return False, [], _("Hand {k} of {n}: {lead}.").format(k=len(rows), n=self.hands(), lead=lead)

    def rule_lines(self) -> list[str]:
        return [
            _("Each player deals {d} times ({n} hands); the highest total wins, equal totals share the win.").format(
                d=self.config.deals_per_player, n=self.hands()
            )
        ]


class BridgeTable(Table):
    """A rubber: the game's own rubber scorer reads every deal at once, the pad is its paper layout."""

    def split(self, text: str) -> list[str]:
        return [line.strip() for line in text.splitlines() if line.split("#", 1)[0].strip()]

    def name_tokens(self) -> list[str]:
        return [s[0] for s in self.seats]

    def _sheet(self, texts: Sequence[str]) -> Any:
        joined = []
        for number, text in enumerate(texts, 1):
            lines = [ln for ln in text.splitlines() if ln.split("#", 1)[0].strip()]
            if len(lines) != 1:
                raise _HandError(number, _("a bridge hand is one line: CONTRACT DECLARER TRICKS, e.g. `4S S 10`"))
            joined.append(substitute_names(lines[0], self.names, self.name_tokens()))
        try:
            return self.game.score_sheet("\n".join(joined), self.config, 4)
        except ValueError as err:
            m = re.match(r"line (\d+): (.*)", str(err))
            raise _HandError(int(m.group(1)) if m else len(texts), m.group(2) if m else str(err)) from None

    def rows(self, texts: Sequence[str], strict: bool) -> list[Row]:
        self.sheet = None
        if not texts:
            return []
        try:
            sheet = self._sheet(texts)
        except _HandError as err:
            if strict:
                raise ValueError(_("hand {n}: {why}").format(n=err.number, why=err.why)) from None
            good = self.rows(texts[: err.number - 1], strict)
            totals = good[-1].totals if good else [0, 0]
            bad = [
                Row(
                    n,
                    t,
                    [0, 0],
                    list(totals),
                    error=err.why if n == err.number else _("not scored: hand {n} has an error").format(n=err.number),
                )
                for n, t in enumerate(texts[err.number - 1 :], err.number)
            ]
            return good + bad
        self.sheet = sheet
        blocks: list[list[str]] = []
        for line in sheet.lines[: sheet.lines.index("")] if "" in sheet.lines else sheet.lines:
            if line.startswith(" ") and blocks:
                blocks[-1].append(line.strip())
            else:
                blocks.append([line])
        rows, totals, dealer = [], [0, 0], self.first_dealer
        for number, text in enumerate(texts, 1):
            points = [0, 0]
            for entry in sheet.data.get("entries", []):
                if int(entry[0]) == number:
                    points[int(entry[2])] += int(entry[4])
            totals = [a + b for a, b in zip(totals, points)]
            lines = blocks[number - 1] if number <= len(blocks) else []
            rows.append(
                Row(number, text, [as_number(p) for p in points], [as_number(t) for t in totals], lines, self.seat_label(dealer))
            )
            dealer = (dealer + 1) % 4
        return rows

    def outcome(self, rows: Sequence[Row]) -> tuple[bool, list[int], str]:
        sheet = getattr(self, "sheet", None)
        if sheet is None or not rows:
            return False, [], _("The rubber has not started.")
        totals = [sheet.points["NS"], sheet.points["EW"]]
        if sheet.data.get("rubber_over"):
            best = max(totals)
            top = [i for i in (0, 1) if totals[i] == best]
            return True, top, self.won(top, totals)
        games = sheet.data.get("games", [0, 0])
        return (
            False,
            [],
            _("The rubber goes on: games NS {a}, EW {b}; if it stopped now NS {x}, EW {y}.").format(
                a=games[0], b=games[1], x=totals[0], y=totals[1]
            ),
        )

    def rule_lines(self) -> list[str]:
        return [
            _(
                "A rubber: the first side to win two games scores 700 (2-0) or 500 (2-1); the higher total "
                "wins. A rubber left unfinished is settled as Law 80 says."
            )
        ]

    def extra(self, rows: Sequence[Row], totals: Sequence[Number], over: bool) -> list[str]:
        sheet = getattr(self, "sheet", None)
        if sheet is None or "" not in sheet.lines:
            return []
        pad = sheet.lines[sheet.lines.index("") + 1 :]
        return pad[:-1]


class _HandError(Exception):
    def __init__(self, number: int, why: str) -> None:
        super().__init__(why)
        self.number, self.why = number, why
