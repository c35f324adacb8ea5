"""The match rules of each game's scorepad: dealer, end of the match, tie rule, extras.

Scoring one hand is always the game's own ``score_sheet``; what lives here is
what a paper pad adds between hands, read from the game's config (rules as
data): rummy's target by players and its two-player dealer rule, burraco's
2005 with its tie rule and tournament victory points, canasta's opening
minimum by running score, eleusis' fixed number of deals, bridge's rubber.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardcli.engine.scorepad import input_lines
from cardcli.i18n import _
from cardcli.scorepad.pad import Number, Pad, Row, as_number, fmt, is_points, key, parse_points, substitute_names


class Table:
    """A game's scorepad rules; subclasses override the hooks."""

    step = 1
    """Scores typed as points must be multiples of this (burraco and canasta: 5)."""
    need_all = True
    """Whether `points` must name every side."""

    def __init__(self, game: Any, config: Any, players: int, first_dealer: int, names: Sequence[str]) -> None:
        self.game, self.config, self.players, self.first_dealer = game, config, players, first_dealer
        self.names = (list(names) + [""] * players)[:players]
        self.seats: list[str] = list(game.seat_names(players))
        self.side_seats = [tuple(s.seats) for s in game.sides(config, players)]
        self.sides = [s.name for s in game.sides(config, players)]

    # -- names ---------------------------------------------------------------------------------
    def side_of(self, seat: int) -> int:
        return next(i for i, seats in enumerate(self.side_seats) if seat in seats)

    def labels(self) -> list[str]:
        out = []
        for i, name in enumerate(self.sides):
            people = [self.names[s] for s in self.side_seats[i] if self.names[s]]
            out.append(f"{name} ({' & '.join(people)})" if people and people != [name] else name)
        return out

    def seat_label(self, seat: int) -> str:
        return f"{self.seats[seat]} ({self.names[seat]})" if self.names[seat] else self.seats[seat]

    def name_tokens(self) -> list[str]:
        """What a player's name is replaced by in typed hands: by default their seat."""
        return list(self.seats)

    def aliases(self) -> dict[str, int]:
        out = {key(s): self.side_of(i) for i, s in enumerate(self.seats)}
        out.update({key(n): self.side_of(i) for i, n in enumerate(self.names) if n})
        out.update({key(s): i for i, s in enumerate(self.sides)})
        return out

    # -- input ---------------------------------------------------------------------------------
    def split(self, text: str) -> list[str]:
        from cardcli.scorepad.pad import split_hands

        return split_hands(text)

    def prepare(self, text: str, dealer: int) -> str:
        """The hand's text as the game's parser should read it."""
        for ln in input_lines(text):
            if ln.key == "players" and ln.rest.strip() != str(self.players):
                raise ValueError(_("this match has {n} players, not {m}").format(n=self.players, m=ln.rest.strip()))
        return text

    # -- scoring -------------------------------------------------------------------------------
    def score_hand(self, text: str, dealer: int, before: Sequence[Number]) -> tuple[list[Number], list[str], dict[str, Any]]:
        text = substitute_names(text, self.names, self.name_tokens())
        if is_points(text):
            points = parse_points(text, self.sides, self.aliases(), self.step, self.need_all)
            shown = ", ".join(f"{s} {fmt(p)}" for s, p in zip(self.sides, points))
            return points, [_("points typed: {p}").format(p=shown)], {"points_only": True}
        sheet = self.game.score_sheet(self.prepare(text, dealer), self.config, self.players)
        unknown = [k for k in sheet.points if k not in self.sides]
        if unknown:
            raise ValueError(
                _("{who} is not a side of this match ({sides})").format(who=", ".join(unknown), sides=", ".join(self.sides))
            )
        return [as_number(sheet.points.get(s, 0)) for s in self.sides], list(sheet.lines), dict(sheet.data)

    def rows(self, texts: Sequence[str], strict: bool) -> list[Row]:
        rows: list[Row] = []
        totals: list[Number] = [0] * len(self.sides)
        dealer = self.first_dealer
        ended: int | None = None
        for number, text in enumerate(texts, 1):
            try:
                if ended is not None:
                    raise ValueError(_("the match was over after hand {n}").format(n=ended))
                points, lines, data = self.score_hand(text, dealer, totals)
            except ValueError as err:
                if strict:
                    raise ValueError(_("hand {n}: {why}").format(n=number, why=err)) from None
                rows.append(Row(number, text, [0] * len(self.sides), list(totals), [], self.seat_label(dealer), error=str(err)))
                continue
            notes = self.notes(totals)
            totals = [a + b for a, b in zip(totals, points)]
            row = Row(number, text, points, list(totals), lines, self.seat_label(dealer), notes, data)
            rows.append(row)
            dealer = self.next_dealer(dealer, row)
            if ended is None and self.outcome(rows)[0]:
                ended = number
        return rows

    def pad(self, texts: Sequence[str], strict: bool = False) -> Pad:
        """The pad; ``strict`` raises ``ValueError`` for the first hand that does not score."""
        rows = self.rows(texts, strict)
        good = [r for r in rows if r.error is None]
        totals = rows[-1].totals if rows else [0] * len(self.sides)
        over, winners, result = self.outcome(good)
        dealer = self.first_dealer
        for r in good:
            dealer = self.next_dealer(dealer, r)
        return Pad(
            self.sides,
            self.labels(),
            rows,
            list(totals),
            over,
            winners,
            result,
            self.rule_lines(),
            None if over else self.seat_label(dealer),
            self.extra(good, totals, over),
        )

    # -- hooks ---------------------------------------------------------------------------------
    def next_dealer(self, dealer: int, row: Row) -> int:
        return (dealer + 1) % self.players

    def notes(self, before: Sequence[Number]) -> list[str]:
        return []

    def target(self) -> int:
        return int(self.config.target)

    def open_ended(self) -> bool:
        """True for a game whose rules set no target (no ``target`` in its config, a new game's default
        table): the match goes on as long as the players type hands, and the higher total leads."""
        return getattr(self.config, "target", None) is None

    def outcome(self, rows: Sequence[Row]) -> tuple[bool, list[int], str]:
        """(over, winners, one line) for the hands so far: the first to the target wins, the higher total."""
        totals = rows[-1].totals if rows else [0] * len(self.sides)
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        if not self.open_ended() and best >= self.target():
            return True, top, self.won(top, totals)
        return False, [], self.leading(totals)

    def won(self, winners: Sequence[int], totals: Sequence[Number]) -> str:
        labels = self.labels()
        if len(winners) > 1:
            return _("The match is over. Shared win: {who}, {t} each.").format(
                who=_(" and ").join(labels[w] for w in winners), t=fmt(totals[winners[0]])
            )
        rest = [fmt(t) for i, t in enumerate(totals) if i != winners[0]]
        return _("The match is over. Winner: {who}, {t} to {rest}.").format(
            who=labels[winners[0]], t=fmt(totals[winners[0]]), rest=", ".join(rest)
        )

    def leading(self, totals: Sequence[Number]) -> str:
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        if self.open_ended():
            if len(top) > 1 or not any(totals):
                return _("Level at {t}.").format(t=fmt(best))
            return _("Ahead: {who} with {t}.").format(who=self.labels()[top[0]], t=fmt(best))
        if len(top) > 1 or not any(totals):
            return _("Level at {t}; the match goes on to {target}.").format(t=fmt(best), target=self.target())
        return _("Ahead: {who} with {t}; the match goes on to {target}.").format(
            who=self.labels()[top[0]], t=fmt(best), target=self.target()
        )

    def rule_lines(self) -> list[str]:
        if self.open_ended():
            return [_("No target: the match goes on as long as you play; the higher total leads.")]
        return [_("Target: {t} points; the first to reach it wins.").format(t=self.target())]

    def extra(self, rows: Sequence[Row], totals: Sequence[Number], over: bool) -> list[str]:
        return []


def table_for(game: Any, config: Any, players: int, first_dealer: int, names: Sequence[str]) -> Table:
    """The scorepad rules of ``game`` (its :attr:`~cardcli.engine.game.Game.scorepad_table`)."""
    import importlib

    module, _sep, name = game.scorepad_table.partition(":")
    cls: type[Table] = getattr(importlib.import_module(module), name)
    return cls(game, config, players, first_dealer, names)
