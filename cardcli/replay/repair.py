"""Recovering a damaged save journal: everything that can be rebuilt, and a plain account of the rest.

A journal line can be damaged on disk (a changed byte, a sector gone bad, an editor's
slip). Refusing the whole save for one bad line would throw away every intact event
after the header, so :func:`recover` folds the events strictly, one by one, and when a
line is damaged or does not fit the position it tries, in order:

1. to *rebuild* it: the one event that fits the position and differs from the damaged
   line in a single byte (a legal move, an undo, or the deal the match's seed makes), or
   the two lines a changed newline merged or split;
2. to *skip* it, when it is a note or a caption (the game does not depend on them);
3. otherwise to *stop* there: the match goes on from the last good move, and the
   events after it are counted so that the player is told exactly what is dropped.

Nothing is trusted: whatever is recovered is folded strictly again by the caller.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import FoldError, LoggedMove, Table
from cardcli.i18n import _, ngettext
from cardcli.replay.io import ReplayError
from cardcli.replay.journal import (
    Event,
    Lines,
    assemble,
    encode_event,
    frame,
    move_event,
    near,
    read_event,
    record_of,
    unframe,
)
from cardcli.replay.model import HandRecord, MoveRecord, Replay


@dataclass
class Recovery:
    """What :func:`recover` made of a journal."""

    replay: Replay
    record: Path | None
    kept: int = 0
    """Events kept (rebuilt ones included)."""
    repaired: list[tuple[int, str]] = field(default_factory=list)
    """(line, what it was rebuilt as) for each damaged line rebuilt."""
    skipped: list[int] = field(default_factory=list)
    """Damaged notes and captions left out (the game does not depend on them)."""
    stopped_at: int | None = None
    """The line where reading stopped, when it did."""
    reason: str = ""
    dropped_moves: int = 0
    dropped_other: int = 0
    """Deals, undos, notes and captions after the stop."""
    position: tuple[int, int] = (0, 0)
    """(hand, move) of the last good move."""

    @property
    def lost(self) -> bool:
        """Whether anything of the game itself is left out (a skipped note is not)."""
        return self.stopped_at is not None

    def summary(self) -> str:
        """One line for the player: what was damaged, and what was rebuilt or dropped."""
        parts: list[str] = []
        if self.repaired:
            parts.append(
                ngettext(
                    "line {lines} was damaged and rebuilt as the only event that fits",
                    "lines {lines} were damaged and rebuilt as the only events that fit",
                    len(self.repaired),
                ).format(lines=", ".join(str(n) for n, _t in self.repaired))
            )
        if self.skipped:
            parts.append(
                ngettext(
                    "a damaged note (line {lines}) was left out", "damaged notes (lines {lines}) were left out", len(self.skipped)
                ).format(lines=", ".join(map(str, self.skipped)))
            )
        if self.stopped_at is not None:
            hand, ply = self.position
            where = _("hand {hand}, move {ply}").format(hand=hand, ply=ply) if hand else _("the start of the match")
            dropped = ngettext(
                "the {n} move after it is dropped", "the {n} moves after it are dropped", self.dropped_moves
            ).format(n=self.dropped_moves)
            if self.dropped_other:
                dropped += " " + ngettext("(and {n} other event)", "(and {n} other events)", self.dropped_other).format(
                    n=self.dropped_other
                )
            parts.append(
                _("line {line} cannot be read back ({why}): the game goes on from {where}, and {dropped}").format(
                    line=self.stopped_at, why=self.reason, where=where, dropped=dropped
                )
            )
        return "; ".join(parts)


def recover(lines: Lines, name: str) -> Recovery:
    """The most of the match the journal's events give (ReplayError only when its rules cannot be read)."""
    from cardcli.engine.options import ConfigError, config_from_builtins
    from cardcli.engine.registry import UnknownGame
    from cardcli.engine.registry import load as load_game

    replay = lines.header.replay
    try:
        game = load_game(replay.game)
        config = config_from_builtins(game, replay.config)
        table: Table[Any, Any] = Table(game, config, replay.players, replay.first_dealer, strict=True)
    except (UnknownGame, ConfigError, FoldError) as err:
        raise ReplayError(f"{name}: {err}") from None
    walk = _Walk(table, replay, lines.version)
    events = list(lines.events)
    out = Recovery(replay, record_of(lines))
    kept: list[Event] = []
    i = 0
    while i < len(events):
        ev = events[i]
        if ev.kind == "header":
            i += 1
            continue
        if ev.kind != "damaged" and walk.fits(ev):
            kept.append(ev)
            i += 1
            continue
        merged = walk.unmerge(ev)
        if merged is not None:  # a newline turned into another byte: two lines in one
            events[i : i + 1] = merged
            continue
        rebuilt, used = walk.rebuild(ev, events[i + 1] if i + 1 < len(events) else None)
        if rebuilt is not None:
            kept.append(rebuilt)
            out.repaired.append((ev.line, rebuilt.raw.decode(errors="replace")))
            i += used
            continue
        if _is_note(ev):
            out.skipped.append(ev.line)
            i += 1
            continue
        out.stopped_at = ev.line
        out.reason = str(ev.value) if ev.kind == "damaged" else walk.last_error or _("it does not fit the game")
        for rest in events[i:]:
            if rest.kind == "move" or (rest.kind == "damaged" and rest.raw.lstrip().startswith(b"[")):
                out.dropped_moves += 1
            elif rest.kind != "header":
                out.dropped_other += 1
        break
    out.kept = len(kept)
    out.position = (table.hand, table.ply)
    out.replay = assemble(lines, name, kept)
    return out


def _is_note(ev: Event) -> bool:
    """A note or a caption (sound, or damaged but recognisable): the game does not depend on it."""
    if ev.kind in ("note", "title"):
        return True
    if ev.kind != "damaged":
        return False
    head = ev.raw.lstrip()[:9]
    return any(near(head[: len(word)], word) for word in (b'{"note":', b'{"title":'))


class _Walk:
    """The fold of the events read so far, and what would fit next."""

    def __init__(self, table: Table[Any, Any], replay: Replay, version: int) -> None:
        self.table = table
        self.game = table.game
        self.replay = replay
        self.version = version
        self.last_error = ""

    # -- sound lines -----------------------------------------------------------------------------
    def fits(self, ev: Event) -> bool:
        """Fold ``ev`` if it fits the position (the table is unchanged when it does not)."""
        table = self.table
        if ev.kind == "move":
            m: MoveRecord = ev.value
            try:
                table.push_logged(LoggedMove(m.seat, m.move, m.secret))
            except FoldError as err:
                self.last_error = str(err)
                return False
            return True
        if ev.kind == "deal":
            problem = self._deal_problem(ev.value)
            if problem:
                self.last_error = problem
                return False
            table.deal(ev.value.deck)
            return True
        if ev.kind == "undo":
            k = ev.value
            if not table.hands or not 0 < k <= table.ply:
                self.last_error = _("an undo of more moves than the hand has")
                return False
            table.rewind(table.ply - k)
            return True
        return ev.kind in ("note", "title")

    def _deal_problem(self, hand: HandRecord) -> str:
        table, replay = self.table, self.replay
        number = table.hand + 1
        if not table.needs_deal() or (replay.hands_limit is not None and number > replay.hands_limit):
            return _("a deal when no hand was left to deal")
        if hand.dealer != self.game.next_dealer(table.state):
            return _("the wrong dealer")
        deck = self.game.deck(table.config, table.players)
        if replay.seed:
            if list(hand.deck) != shuffled_deck(deck, replay.seed, number):
                return _("not the deck the seed deals")
        elif sorted(hand.deck) != sorted(deck):
            return _("not a whole deck")
        return ""

    # -- damaged lines ---------------------------------------------------------------------------
    def _line(self, event: Any) -> bytes:
        return frame(event) if self.version >= 2 else encode_event(event)

    def candidates(self) -> list[tuple[Any, Event]]:
        """Every event that would fit now and can be written out: legal moves, undos, the seed's deal."""
        table, game = self.table, self.game
        out: list[tuple[Any, Event]] = []
        if table.hands and not game.needs_deal(table.state):
            seat = game.to_act(table.state)
            if seat is not None:
                for move in game.legal_moves(table.state):
                    notation, secret = game.format_move(move), game.is_secret_move(move)
                    value = move_event(seat, notation, secret)
                    out.append((value, Event(0, "move", MoveRecord(seat, notation, secret), b"")))
        for k in range(1, table.ply + 1):
            out.append(({"undo": k}, Event(0, "undo", k, b"")))
        if self.replay.seed and table.needs_deal():
            number = table.hand + 1
            deck = shuffled_deck(game.deck(table.config, table.players), self.replay.seed, number)
            dealer = game.next_dealer(table.state)
            out.append(
                (
                    {"deal": list(deck), "dealer": dealer},
                    Event(0, "deal", HandRecord(dealer=dealer, deck=list(deck), moves=[]), b""),
                )
            )
        return out

    def rebuild(self, ev: Event, following: Event | None) -> tuple[Event | None, int]:
        """The one event that fits and that ``ev`` is with a byte changed (or, with the line after
        it, that a newline put in place of a byte split in two); and how many lines it took."""
        options = self.candidates()
        for used, match in (
            (1, lambda line: near(ev.raw, line) or self._same_sum(ev.raw, line)),
            (2, lambda line: _split_by(line, ev.raw, following.raw if following else None)),
        ):
            if used == 2 and following is None:
                continue
            found = [(value, e) for value, e in options if match(self._line(value))]
            if len(found) == 1:
                value, e = found[0]
                line = self._line(value)
                fixed = Event(ev.line, e.kind, e.value, line)
                if self.fits(fixed):
                    return fixed, used
        return None, 0

    def _same_sum(self, raw: bytes, line: bytes) -> bool:
        """``line``'s checksum is the one the damaged line ends with: however many bytes of its JSON
        were changed, that is the event written there (two of the few events that fit one position
        having the same CRC-32 is a chance of a few in a thousand million)."""
        return self.version >= 2 and len(raw) > 9 and raw[-9:] == line[-9:]

    def unmerge(self, ev: Event) -> list[Event] | None:
        """The two sound lines a damaged one is when a newline was changed into another byte."""
        raw = ev.raw
        for j in range(1, len(raw) - 1):
            if raw[j - 1 : j] not in (b"]", b"}") and not (self.version >= 2 and raw[j - 1 : j].isalnum()):
                continue
            if raw[j + 1 : j + 2] not in (b"[", b"{"):
                continue
            first, second = raw[:j], raw[j + 1 :]
            if self.version >= 2 and (unframe(first) is None or unframe(second) is None):
                continue
            a = read_event(first, ev.line, self.version, b"")
            b = read_event(second, ev.line, self.version, b"")
            if a.kind != "damaged" and b.kind != "damaged":
                return [a, b]
        return None


def _split_by(line: bytes, first: bytes, second: bytes | None) -> bool:
    """``line`` is ``first`` and ``second`` joined by the one byte a newline replaced."""
    return second is not None and len(line) == len(first) + 1 + len(second) and line.startswith(first) and line.endswith(second)
