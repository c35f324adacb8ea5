"""PBN 2.1 (Portable Bridge Notation): cardcli's own writer and reader.

Written from the PBN 2.1 text (rules digest §3.2), not with ``endplay``'s PBN
module, whose quirks (§3.4) would change bytes and lose passed-out auctions;
``endplay`` is used only in the tests, to check that others can read our files.

Writer (:func:`export_pbn`, :func:`deal_pbn`): one game per deal, the 15
mandatory tags in export order with ``Scoring "Rubber"``, then the auction
(four explicit ``Pass`` calls for a passed-out deal, ``Contract "Pass"``,
empty ``Declarer`` and ``Result``) and the play section (one row per trick,
columns fixed to the players clockwise from the opening leader, ``*`` when a
claim ended the play). The bidding system's meaning of each call goes into a
``=n=`` note. Extension tags carry what PBN has no place for: the seed, the
rubber score after the deal, the rules if not the default, and every claim
with its answers (``[Claim "S 10 @33 W+ E+"]``: South claimed 10 tricks in
total when 33 cards had been played, West and East accepted).

A replay scored as independent deals (``--preset deals``, tournament files)
is written with ``Scoring "TP"`` (total points: every deal scored on its own),
each game with its own dealer and vulnerability.

The reader is :mod:`cardcli.games.bridge.pbn_read` (its names are re-exported here).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

from cardcli import __version__
from cardcli.engine.cards import Card
from cardcli.engine.fold import FoldError, HandLog, LoggedMove, Step, Table, Visitor, fold
from cardcli.engine.game import HandResult, RecordedHand
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import SEATS
from cardcli.games.bridge.config import PRESETS, BridgeConfig
from cardcli.games.bridge.pbn_read import (
    PBN_SUITS,
    RANKS_DESC,
    PbnError,
    deck_for,
    decode_pbn,
    import_pbn,
    import_pbn_matches,
    parse_deal,
    parse_games,
)

if TYPE_CHECKING:
    from cardcli.games.bridge.rules import BridgeGame
    from cardcli.games.bridge.state import BridgeState

MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
             "Scoring", "Declarer", "Contract", "Result")
__all__ = ["MANDATORY", "PBN_SUITS", "RANKS_DESC", "PbnError", "deal_pbn", "decode_pbn", "deck_for", "export_pbn",
           "import_pbn", "import_pbn_matches", "parse_deal", "parse_games"]


# -- writing -----------------------------------------------------------------------------------------

def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_escape(value)}"]'


def hand_pbn(cards: Sequence[str]) -> str:
    """``AKQ.T98.-.-`` style: spades, hearts, diamonds, clubs, ranks high to low (void = empty)."""
    return ".".join("".join(r for r in RANKS_DESC if r + s in cards) for s in PBN_SUITS)


def deal_string(hands: Sequence[Sequence[str]], first: int) -> str:
    return SEATS[first] + ":" + " ".join(hand_pbn(hands[(first + i) % 4]) for i in range(4))


def pbn_call(call: mv.Call) -> str:
    match call:
        case mv.Bid(level, strain):
            return f"{level}{'NT' if strain == 'N' else strain}"
        case mv.Pass():
            return "Pass"
    return mv.format_call(call)


def _contract_pbn(text: str) -> str:
    """Our ``3NX`` → PBN ``3NTX``."""
    return text[0] + ("NT" if text[1] == "N" else text[1]) + text[2:]


def deal_pbn(state: BridgeState) -> str:
    """One deal (``cardcli deal bridge --format pbn``): the mandatory tags, contract unknown."""
    lines = ["% PBN 2.1", "% EXPORT", f"% Creator: cardcli {__version__}", ""]
    vul = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}[
        state.rubber.vulnerability()]
    values = {"Event": "?", "Site": "?", "Date": "????.??.??", "Board": str(state.hand_number), "West": "?",
              "North": "?", "East": "?", "South": "?", "Dealer": SEATS[state.dealer], "Vulnerable": vul,
              "Deal": deal_string(state.original, state.dealer),
              "Scoring": "TP" if state.config.scoring == "deals" else "Rubber", "Declarer": "?",
              "Contract": "?", "Result": "?"}
    lines += [_tag(k, values[k]) for k in MANDATORY]
    lines.append(_tag("Generator", f"cardcli {__version__}"))
    return "\n".join(lines) + "\n"


@dataclass
class _Replayed:
    """One hand played through the rules, with what the PBN needs."""

    dealer: int
    original: list[tuple[Card, ...]]
    calls: list[mv.Call] = field(default_factory=list)
    plays: list[Card] = field(default_factory=list)
    claims: list[str] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)
    totals: list[int] = field(default_factory=list)


class _Collector(Visitor):
    """Collects, as the fold plays each hand, what the PBN needs: calls, cards, claims, result."""

    def __init__(self) -> None:
        self.hands: list[_Replayed] = []
        self._pending: list[str] = []

    def begin_hand(self, table: Table[Any, Any], hand: int) -> None:
        state: BridgeState = table.state
        vul = state.rubber.vulnerability()
        names = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}
        self.hands.append(_Replayed(state.dealer, list(state.original), detail={"vulnerable": names[vul]}))
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
        c = state.contract
        rec = self.hands[-1]
        if c is not None and "contract" not in rec.detail and state.phase != "over":
            # a hand still in play: its contract is known once the auction ends
            x = "XX" if c.doubled == 2 else "X" if c.doubled == 1 else ""
            rec.detail.update(contract=f"{c.level}{c.strain}{x}", declarer=SEATS[c.declarer], open=True)

    def end_hand(self, table: Table[Any, Any], hand: int, result: HandResult | None) -> None:
        if result is not None:
            rec = self.hands[-1]
            vul = rec.detail["vulnerable"]
            rec.detail = dict(result.detail)
            rec.detail.setdefault("vulnerable", vul)
            rec.totals = [int(t) for t in result.totals]


def _replay_hands(game: BridgeGame, config: BridgeConfig, hands: Sequence[RecordedHand]) -> list[_Replayed]:
    """Fold the hands strictly (an illegal move is an error, never written) and collect them."""
    collector = _Collector()
    first = hands[0].dealer if hands else 0
    log = [HandLog(list(h.deck), [LoggedMove(seat, text) for seat, text in h.moves], h.dealer) for h in hands]
    try:
        fold(game, config, 4, first, log, strict=True, visitors=[collector])
    except FoldError as err:
        raise PbnError(f"cannot export: {err}") from None
    return collector.hands


def export_pbn(game: BridgeGame, config: BridgeConfig, hands: Sequence[RecordedHand], meta: Mapping[str, Any]) -> str:
    """Recorded hands as a PBN 2.1 file (``cardcli replay export FILE --format pbn``)."""
    from cardcli.games.bridge.bidding import Score, interpret

    started = str(meta.get("started") or "")
    date = started[:10].replace("-", ".") if len(started) >= 10 else "????.??.??"
    names = list(meta.get("seats") or ["North", "East", "South", "West"])
    event = str(meta.get("title") or "cardcli rubber")
    lines = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", f"% Creator: cardcli {__version__}"]
    default = msgspec.to_builtins(PRESETS["rubber"])
    changed = {k: v for k, v in msgspec.to_builtins(config).items()
               if default.get(k) != v and k not in ("scoring", "deals")}  # said by Scoring, Dealer, Vulnerable
    scoring = "TP" if config.scoring == "deals" else "Rubber"
    for number, rec in enumerate(_replay_hands(game, config, hands), 1):
        d = rec.detail
        passed = bool(d.get("passed_out"))
        values = {
            "Event": event, "Site": "?", "Date": date, "Board": str(number),
            "West": names[3], "North": names[0], "East": names[1], "South": names[2],
            "Dealer": SEATS[rec.dealer], "Vulnerable": str(d.get("vulnerable", "None")),
            "Deal": deal_string(rec.original, rec.dealer), "Scoring": scoring,
            "Declarer": "" if passed else str(d.get("declarer", "?")),
            "Contract": "Pass" if passed else _contract_pbn(str(d["contract"])) if "contract" in d else "?",
            "Result": "" if passed else str(d.get("tricks", "?")),
        }
        lines.append("")
        lines += [_tag(k, values[k]) for k in MANDATORY]
        # the auction, with the system's meaning of each call as a note
        vul = d.get("vulnerable", "None")
        vul_pair = (vul in ("NS", "All"), vul in ("EW", "All"))

        def score_for(seat: int, vul_pair: tuple[bool, bool] = vul_pair) -> Score:
            side = seat % 2
            return Score(vul=(vul_pair[side], vul_pair[1 - side]), leg=(0, 0))
        texts, _know = interpret(rec.dealer, rec.calls, score_for) if rec.calls else ([], [])
        lines.append(_tag("Auction", SEATS[rec.dealer]))
        notes: list[str] = []
        row: list[str] = []
        for call, text in zip(rec.calls, texts):
            token = pbn_call(call)
            if not isinstance(call, mv.Pass) and text:
                notes.append(text)
                token += f" ={len(notes)}="
            row.append(token)
            if len(row) == 4:
                lines.append(" ".join(row))
                row = []
        if row:
            lines.append(" ".join(row))
        for i, text in enumerate(notes, 1):
            lines.append(_tag("Note", f"{i}:{text}"))
        if not passed and "contract" in d:
            lines += _play_section(rec)
        if meta.get("seed"):
            lines.append(_tag("Seed", str(meta["seed"])))
        if rec.claims:
            lines.append(_tag("Claim", "; ".join(rec.claims)))
        if rec.totals:
            lines.append(_tag("RubberScore", f"NS {rec.totals[0]} EW {rec.totals[1]}"))
        if changed:
            lines.append(_tag("CardcliRules", " ".join(f"{k}={v}" for k, v in changed.items())))
        if meta.get("preset"):
            lines.append(_tag("CardcliPreset", str(meta["preset"])))
    return "\n".join(lines) + "\n"


def _play_section(rec: _Replayed) -> list[str]:
    from cardcli.games.bridge.play import trick_winner, trump_of

    contract = str(rec.detail["contract"])
    declarer = SEATS.index(str(rec.detail["declarer"]))
    leader0 = (declarer + 1) % 4
    trump = trump_of(contract[1])
    out = [_tag("Play", SEATS[leader0])]
    leader = leader0
    plays = rec.plays
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        cols = ["-"] * 4
        for i, card in enumerate(trick):
            seat = (leader + i) % 4
            cols[(seat - leader0) % 4] = card[1] + card[0]
        out.append(" ".join(cols))
        if len(trick) == 4:
            leader = trick_winner(trick, leader, trump)
    if len(plays) < 52:
        out.append("*")
    return out
