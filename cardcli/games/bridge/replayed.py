"""The hands of a replay folded once for a writer (PBN, LIN, the web page): calls, cards, tricks, claims.

The fold is strict, so a move the rules refuse is an error and is never written; the visitor only
collects what the hands did, in the order the writers need it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardcli.engine.cards import Card
from cardcli.engine.fold import FoldError, HandLog, LoggedMove, Step, Table, Visitor, fold
from cardcli.engine.game import HandResult, RecordedHand
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import SEATS

if TYPE_CHECKING:
    from cardcli.games.bridge.config import BridgeConfig
    from cardcli.games.bridge.rules import BridgeGame
    from cardcli.games.bridge.state import BridgeState

VUL_NAMES = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}


@dataclass
class Replayed:
    """One hand played through the rules, with what the writers need."""

    dealer: int
    original: list[tuple[Card, ...]]
    vulnerable: str = "None"
    calls: list[mv.Call] = field(default_factory=list)
    plays: list[Card] = field(default_factory=list)
    claims: list[str] = field(default_factory=list)
    """cardcli's ``Claim`` items: ``S 10 @33 W+ E+`` (South claimed 10 in all after 33 cards, both accepted)."""
    winners: list[int] = field(default_factory=list)
    """The seat that won each finished trick."""
    detail: dict[str, Any] = field(default_factory=dict)
    totals: list[int] = field(default_factory=list)
    over: bool = False


class Collector(Visitor):
    """Collects, as the fold plays each hand, its calls, cards, tricks, claims and result."""

    def __init__(self) -> None:
        self.hands: list[Replayed] = []
        self._pending: list[str] = []

    def begin_hand(self, table: Table[Any, Any], hand: int) -> None:
        state: BridgeState = table.state
        self.hands.append(Replayed(state.dealer, list(state.original), VUL_NAMES[state.rubber.vulnerability()]))
        self._pending = []

    def before_move(self, table: Table[Any, Any], seat: int, move: Any) -> None:
        state: BridgeState = table.state
        rec = self.hands[-1]
        match move:
            case mv.Bid() | mv.Pass() | mv.Double() | mv.Redouble():
                rec.calls.append(move)
            case mv.Play(card):
                rec.plays.append(card)
            case mv.Claim(n):
                self._pending = [f"{SEATS[seat]} {n} @{state.cards_played}"]
            case mv.Respond(accept):
                self._pending.append(f"{SEATS[seat]}{'+' if accept else '-'}")
                if not accept or (state.claim is not None and len(state.claim.responders) == 1):
                    rec.claims.append(" ".join(self._pending))
                    self._pending = []

    def after_move(self, table: Table[Any, Any], step: Step[Any]) -> None:
        state: BridgeState = table.state
        rec = self.hands[-1]
        if len(state.tricks) > len(rec.winners):
            rec.winners.append(state.tricks[-1].winner)
        c = state.contract
        if c is not None and "contract" not in rec.detail and state.phase != "over":
            # a hand still in play: its contract is known once the auction ends
            x = "XX" if c.doubled == 2 else "X" if c.doubled == 1 else ""
            rec.detail.update(contract=f"{c.level}{c.strain}{x}", declarer=SEATS[c.declarer], open=True)

    def end_hand(self, table: Table[Any, Any], hand: int, result: HandResult | None) -> None:
        if result is not None:
            rec = self.hands[-1]
            rec.detail = dict(result.detail)
            rec.detail.setdefault("vulnerable", rec.vulnerable)
            rec.totals = [int(t) for t in result.totals]
            rec.over = True


def replay_hands(game: BridgeGame, config: BridgeConfig, hands: Sequence[RecordedHand]) -> list[Replayed]:
    """Fold the hands strictly (an illegal move is an error, never written) and collect them; ValueError
    (one line) for a log the rules refuse."""
    collector = Collector()
    first = hands[0].dealer if hands else 0
    log = [HandLog(list(h.deck), [LoggedMove(seat, text) for seat, text in h.moves], h.dealer) for h in hands]
    try:
        fold(game, config, 4, first, log, strict=True, visitors=[collector])
    except FoldError as err:
        from cardcli.i18n import _

        raise ValueError(_("cannot export: {problem}").format(problem=err)) from None
    return collector.hands
