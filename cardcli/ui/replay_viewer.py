"""`cardcli replay view`: step through a recorded game, from any seat or with all hands.

Positions are (hand, ply); a position's state is rebuilt by folding the hand's
moves from its deal, which keeps the viewer free of per-game undo logic.
"""

from __future__ import annotations

from typing import IO, Any

from cardcli.engine.game import Game, config_from_builtins
from cardcli.engine.registry import load
from cardcli.i18n import _
from cardcli.replay.model import Replay
from cardcli.ui.console import Console

HELP = ("next (n or Enter), back (b), jump H.P (hand H, move P) or jump P, hand H, "
        "seat NAME, all, end, quit (q)")


class Viewer:
    def __init__(self, replay: Replay, console: Console, seat: int | None = None, reveal: bool = False) -> None:
        self.replay = replay
        self.console = console
        self.game: Game[Any, Any] = load(replay.game)
        self.config = config_from_builtins(self.game, replay.config)
        self.seat = seat
        self.reveal = reveal
        self.hand = 1 if replay.hands else 0
        self.ply = 0
        self._starts: dict[int, Any] = {}
        self.names = [s.name for s in replay.seats]

    def _hand_start(self, hand: int) -> Any:
        """The state right after hand ``hand`` was dealt (cached)."""
        g = self.game
        if hand not in self._starts:
            if hand == 1:
                state = g.new_match(self.config, self.replay.players, self.replay.first_dealer)
            else:
                state = self._hand_start(hand - 1).clone()
                for m in self.replay.hands[hand - 2].moves:
                    g.apply(state, g.parse_move(m.move))
            g.start_hand(state, self.replay.hands[hand - 1].deck)
            self._starts[hand] = state
        return self._starts[hand]

    def _state_at(self, hand: int, ply: int) -> Any:
        state = self._hand_start(hand).clone()
        for m in self.replay.hands[hand - 1].moves[:ply]:
            self.game.apply(state, self.game.parse_move(m.move))
        return state

    def _moves(self, hand: int) -> int:
        return len(self.replay.hands[hand - 1].moves)

    def show(self) -> None:
        if not self.replay.hands:
            self.console.say(_("this replay has no hands"))
            return
        g = self.game
        total = self._moves(self.hand)
        state = self._state_at(self.hand, self.ply)
        if self.ply:
            before = self._state_at(self.hand, self.ply - 1)
            rec = self.replay.hands[self.hand - 1].moves[self.ply - 1]
            what = g.narrate(before, g.parse_move(rec.move), self.seat if self.seat is not None else rec.seat)
            if rec.secret and not self.reveal and self.seat != rec.seat:
                what = _("{who} makes a secret move").format(who=self.names[rec.seat])
        else:
            what = _("the deal")
        who = _("all hands") if self.seat is None else self.names[self.seat]
        self.console.say(f"Hand {self.hand}/{len(self.replay.hands)} · move {self.ply}/{total} · {who}: {what}", "title")
        view = g.full_view(state) if self.seat is None else g.view(state, self.seat)
        self.console.print_lines(g.render(view, self.console.charset))

    def step(self, delta: int) -> None:
        ply = self.ply + delta
        while ply > self._moves(self.hand) and self.hand < len(self.replay.hands):
            ply -= self._moves(self.hand) + 1
            self.hand += 1
        while ply < 0 and self.hand > 1:
            self.hand -= 1
            ply += self._moves(self.hand) + 1
        self.ply = max(0, min(ply, self._moves(self.hand)))

    def command(self, line: str) -> bool:
        words = line.strip().split()
        if not words:
            self.step(1)
            return True
        cmd, args = words[0].lower(), words[1:]
        if cmd in ("q", "quit", "exit"):
            return False
        if cmd in ("n", "next", "f", "forward"):
            self.step(int(args[0]) if args and args[0].isdigit() else 1)
        elif cmd in ("b", "back", "p", "prev"):
            self.step(-(int(args[0]) if args and args[0].isdigit() else 1))
        elif cmd in ("j", "jump", "goto") and args:
            hand_s, dot, ply_s = args[0].partition(".")
            try:
                if dot:
                    h, p = int(hand_s), int(ply_s)
                    if not 1 <= h <= len(self.replay.hands):
                        raise ValueError
                    self.hand, self.ply = h, max(0, min(p, self._moves(h)))
                else:
                    self.ply = max(0, min(int(hand_s), self._moves(self.hand)))
            except ValueError:
                self.console.error(_("jump takes a move number or HAND.MOVE, e.g. `jump 2.15`"))
                return True
        elif cmd == "hand" and args and args[0].isdigit() and 1 <= int(args[0]) <= len(self.replay.hands):
            self.hand, self.ply = int(args[0]), 0
        elif cmd == "end":
            self.hand, self.ply = len(self.replay.hands), self._moves(len(self.replay.hands))
        elif cmd == "all":
            self.seat = None
        elif cmd == "seat" and args:
            low = args[0].lower()
            match = [i for i, n in enumerate(self.names) if n.lower() == low or str(i + 1) == low]
            if not match:
                self.console.error(_("no seat {s!r} (seats: {all})").format(s=args[0], all=", ".join(self.names)))
                return True
            self.seat = match[0]
        elif cmd in ("help", "h", "?"):
            self.console.say(HELP)
            return True
        else:
            self.console.error(_("unknown command {c!r}: {help}").format(c=words[0], help=HELP))
            return True
        self.show()
        return True

    def run(self, stdin: IO[str], interactive: bool) -> int:
        self.console.say(HELP, "dim")
        self.show()
        while True:
            if interactive:
                self.console.out.write("view> ")
                self.console.out.flush()
            line = stdin.readline()
            if not line:
                return 0
            if not self.command(line):
                return 0
