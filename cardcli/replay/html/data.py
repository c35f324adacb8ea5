"""Everything the web page shows of a replay, made in one fold of its match log (plain data for JSON).

Bridge hands are sent as a hand viewer needs them (BBO's handviewer reads a LIN record the same
way): the deal, the dealer and vulnerability, the calls and cards in order with the winner of each
trick, the contract, the file's board number, names and explanations, and double-dummy numbers where
the replay has them (a review's, or the file's ``DoubleDummyTricks``); the page works out the
position at each move. The other games are sent as one *scene* per position (:mod:`.scene`), each
distinct part stored once.

Every move also has its narration: what a spectator was told, and, where it differs, what the mover
saw (a card drawn, eleusis' secret rule), which the page shows only when that seat's view is shown
or secrets are revealed. Notes (comments, alerts, reviews) are placed at their moves; each hand's
score at its last move.
"""

from __future__ import annotations

import re
from typing import Any

from cardcli.engine.fold import Step, Table, Visitor, fold
from cardcli.engine.game import Game, HandResult
from cardcli.engine.options import config_from_builtins
from cardcli.engine.registry import load
from cardcli.engine.text import safe
from cardcli.i18n import _
from cardcli.replay.html.scene import areas, info
from cardcli.replay.model import Replay
from cardcli.session import log_of

_DD = re.compile(r"\b(NT|S|H|D|C) (\d+) (\d+) (\d+) (\d+)\b")


class _Pool:
    """Each distinct value stored once; positions refer to it by number."""

    def __init__(self) -> None:
        self.items: list[Any] = []
        self._ids: dict[Any, int] = {}

    def __call__(self, key: Any, value: Any = None) -> int:
        got = self._ids.get(key)
        if got is None:
            got = self._ids[key] = len(self.items)
            self.items.append(key if value is None else value)
        return got


class _Collector(Visitor):
    """One fold of the replay: per hand its moves, narrations and (for scene games) scenes."""

    def __init__(self, game: Game[Any, Any, Any, Any], tricks: bool, names: list[str]) -> None:
        self.game = game
        self.names = names
        self.tricks = tricks
        self.texts = _Pool()
        self.areas = _Pool()
        self.scenes = _Pool()
        self.hands: list[dict[str, Any]] = []
        self.spell = lambda t: game.spell_cards(t, "unicode")

    def text(self, value: str) -> int:
        return self.texts(self.spell(safe(value)))

    def begin_hand(self, table: Table[Any, Any], hand: int) -> None:
        state = table.state
        here: dict[str, Any] = {"n": [], "r": {}, "secret": [], "seat": []}
        if self.tricks:
            view = self.game.full_view(state)
            here.update(
                dealer=view.dealer, vul=list(view.vulnerable), deal=[list(h) for h in view.all_hands or ()], moves=[], won=[]
            )
        else:
            here["pos"] = [self.scene(state)]
            here["dealer"] = table.dealer() or 0
        self.hands.append(here)

    def scene(self, state: Any) -> int:
        view = self.game.full_view(state)
        ids = tuple(self.areas(a) for a in areas(view))
        turn = self.game.to_act(state)
        return self.scenes((-1 if turn is None else turn, self.texts(info(view)), ids))

    def after_move(self, table: Table[Any, Any], step: Step[Any]) -> None:
        here = self.hands[-1]
        game = self.game
        public = game.narrate(step.outcome, None)
        own = game.narrate(step.outcome, step.seat)
        n = self.text(_("{who} makes a secret move").format(who=self.names[step.seat])) if step.secret else self.text(public)
        here["n"].append(n)
        here["seat"].append(step.seat)
        if own != public or step.secret:
            here["r"][str(len(here["n"]))] = self.text(own)
        if step.secret:
            here["secret"].append(len(here["n"]))
        if self.tricks:
            state = table.state
            here["moves"].append(step.notation)
            if len(state.tricks) > len(here["won"]):
                here["won"].append(state.tricks[-1].winner)
            c = state.contract
            if c is not None and "contract" not in here:
                here["contract"] = [c.level, c.strain, c.doubled, c.declarer]
                here["auction"] = len(state.calls)
            if step.notation.startswith("claim "):  # the claimer faces their cards (Law 68)
                here.setdefault("shown", []).append([len(here["n"]), step.seat])
        else:
            here["pos"].append(self.scene(table.state))

    def end_hand(self, table: Table[Any, Any], hand: int, result: HandResult | None) -> None:
        self.hands[-1]["over"] = True
        if self.tricks and getattr(table.state, "claim_end", None) is not None:
            # an accepted claim ends the play with tricks nobody played: the page shows the
            # claimed totals (as the score counts them) at the hand's last move
            self.hands[-1]["claimed"] = list(table.state.won)


def _bounds(here: dict[str, Any], tricks: bool) -> list[int]:
    """The positions ↑/↓ stop at: the end of the auction and of each trick, else each seat's turn."""
    n = len(here["n"])
    if tricks:
        out = [0]
        moves = here["moves"]
        calls = here.get("auction", n)
        out.append(calls)
        cards = 0
        for i, m in enumerate(moves[calls:], calls + 1):
            if m.startswith("play "):
                cards += 1
                if cards % 4 == 0:
                    out.append(i)
        out.append(n)
        return sorted(set(out))
    seats = here["seat"]
    out = [0] + [p for p in range(1, n) if seats[p - 1] != seats[p]] + [n]
    return sorted(set(out))


def _dd_of(replay: Replay, hand: int, extra: dict[str, Any]) -> dict[str, list[int]] | None:
    """The double-dummy tricks (strain → N E S W) the replay has for a hand: a review's, else the file's."""
    for a in replay.annotations:
        if a.kind == "review" and a.hand == hand:
            found = {m.group(1): [int(m.group(k)) for k in range(2, 6)] for m in _DD.finditer(a.text)}
            if len(found) == 5:
                return found
    source = extra.get("source") or {}
    digits = str((source.get("tags") or {}).get("DoubleDummyTricks", "")).strip().lower()
    if re.fullmatch(r"[0-9a-d]{20}", digits):
        order = ("N", "S", "H", "D", "C")  # the tag's strains: NT, spades … clubs; its declarers N, S, E, W
        table: dict[str, list[int]] = {("NT" if s == "N" else s): [0, 0, 0, 0] for s in order}
        for block, seat in zip(range(4), (0, 2, 1, 3)):
            for k, s in enumerate(order):
                table["NT" if s == "N" else s][seat] = int(digits[block * 5 + k], 16)
        return table
    return None


def positions(replay: Replay) -> dict[str, Any]:
    """The page's data: per hand what it shows at each move, the texts and scenes they refer to."""
    game = load(replay.game)
    config = config_from_builtins(game, replay.config)
    probe = game.full_view(game.new_match(config, replay.players, replay.first_dealer))
    tricks = hasattr(probe, "calls") and hasattr(probe, "tricks")
    collector = _Collector(game, tricks, [safe(s.name) for s in replay.seats])
    table = fold(game, config, replay.players, replay.first_dealer, log_of(replay), strict=False, visitors=[collector])
    texts = collector.text
    notes_at: dict[tuple[int, int], list[int]] = {}
    for a in replay.annotations:
        if a.kind in ("hint", "undo"):
            continue
        where = (1, 0) if a.hand == 0 else (a.hand, a.ply)
        label = a.text if a.kind in ("note", "review", "claim") else f"{a.kind}: {a.text}"
        notes_at.setdefault(where, []).append(texts(label))
    hands = []
    for number, (here, record) in enumerate(zip(collector.hands, replay.hands), 1):
        here["bounds"] = _bounds(here, tricks)
        here["notes"] = {str(p): ids for (h, p), ids in notes_at.items() if h == number}
        result = table.results[number - 1]
        if result is not None:
            lines = [
                _("Hand {n} is over:").format(n=number),
                *game.explain_result(result, config, replay.players, table.results[: number - 1]),
            ]
            here["score"] = [texts(line) for line in lines]
        board = record.extra.get("board")
        if board:
            here["board"] = safe(str(board))
        if tricks:
            dd = _dd_of(replay, number, record.extra)
            if dd:
                here["dd"] = dd
            names = _file_names(record.extra)
            if names:
                here["players"] = names
        hands.append(here)
    return {
        "title": safe(replay.title or game.match_title(config)),
        "game": game.name,
        "kind": "bridge" if tricks else "table",
        "names": [safe(s.name) for s in replay.seats],
        "secrets": any(h["secret"] for h in hands),
        "hands": hands,
        "texts": collector.texts.items,
        "areas": [list(a) for a in collector.areas.items],
        "scenes": collector.scenes.items,
    }


def _file_names(extra: dict[str, Any]) -> list[str] | None:
    """The players' names an imported board's file gives (N E S W), for the page to put by the seats."""
    from cardcli.games.bridge import records

    given = records.names(records.record_of(extra))
    return [safe(given.get(s, "")) for s in "NESW"] if given else None
