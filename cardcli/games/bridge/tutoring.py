"""The tutor's part of contract bridge: lesson positions, its quiz words and its drills.

Imported only by the tutor (:attr:`cardcli.engine.teaching.Teaching.tutor_module`), so that a lesson,
a drill or ``learn --check`` finds contract bridge's own pieces here instead of in the tutor's modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardcli.engine.cards import Card
from cardcli.engine.rng import Rng
from cardcli.i18n import N_, _
from cardcli.tutor.compute import advice, bridge_score, meaning_text
from cardcli.tutor.drills import (
    Exercise,
    Item,
    hand_text,
    legacy,
    pick,
    session_for,
    shuffled,
)
from cardcli.tutor.model import LessonError, Position
from cardcli.tutor.position import Pool, fill, seat_hands


def position_deck(game: Any, config: Any, players: int, dealer: int, pos: Position) -> list[Card]:
    """The deck whose deal (``dealer`` dealing) gives each seat the hand ``pos`` names, the rest in the
    deck's fixed order: the game's ``start_hand`` inverted."""
    pool = Pool(game.deck(config, players))
    hands = seat_hands(game, players, pos, pool, 13)
    fill(hands, 13, pool)
    return [hands[(dealer + 1 + i) % 4][i // 4] for i in range(52)]


def _bridge_hcp(seed: str) -> Item:
    from cardcli.games.bridge.play import hcp

    s = session_for("bridge", seed)
    hand = s.state.hands[2]
    return (_("How many high-card points? {hand}").format(hand=hand_text(hand)), str(hcp(hand)),
            _("ace 4, king 3, queen 2, jack 1"))


def _bridge_score(seed: str) -> Item:
    from cardcli.engine.rng import Rng

    r = Rng(seed, "drill")
    level = 1 + r.randbelow(7)
    strain = "CDHSN"[r.randbelow(5)]
    tricks = max(0, min(13, level + 6 + r.randbelow(5) - 2))
    vul = r.randbelow(2) == 1
    from cardcli.games.bridge.config import BridgeConfig

    spec = f"{level}{strain} {tricks} {'vul' if vul else 'nv'}"
    answer = bridge_score(spec, BridgeConfig())
    return (_("{level}{strain} {vul}, declarer takes {tricks} tricks: what does declarer's side score "
              "(negative if it goes down)?").format(level=level, strain=strain, tricks=tricks,
                                                     vul=_("vulnerable") if vul else _("not vulnerable")),
            str(answer), _("trick points, overtricks and bonuses, or the undertricks"))


def _bridge_auction(seed: str) -> Any:
    """A bridge session where the bidding system has bid every seat up to South's first turn that
    comes with the auction still open (re-dealt from a derived seed when the auction ends first)."""
    for k in range(20):
        s = session_for("bridge", seed if k == 0 else f"{seed}/{k}")
        while s.state.phase == "auction" and s.to_act() != 2:
            s.play(advice(s)[0])
        if s.state.phase == "auction" and s.to_act() == 2:
            return s
    raise LessonError("no auction reached South")  # pragma: no cover - twenty deals always reach South


def _auction_text(s: Any) -> str:
    names = s.game.seat_names(s.players)
    dealer = s.state.dealer
    calls = [f"{names[(dealer + i) % 4]} {s.game.format_move(c)}" for i, c in enumerate(s.state.calls)]
    return _("{dealer} deals; the auction so far: {calls}").format(
        dealer=names[dealer], calls=", ".join(calls) if calls else _("none (you call first)"))


def _bridge_bid(seed: str) -> Exercise:
    s = _bridge_auction(seed)
    call, why = advice(s)
    answer = s.game.format_move(call)
    return Exercise(_("{auction}. Your hand: {hand}. What does cardcli's system call? (1C … 7N, P, X)").format(
        auction=_auction_text(s), hand=hand_text(s.state.hands[2])), answer, why, game="bridge")


def _bridge_meaning(seed: str) -> Exercise:
    s = _bridge_auction(seed)
    r = Rng(seed, "drill")
    texts: dict[str, str] = {}
    for call in shuffled(r, list(s.legal_moves())):
        text = meaning_text(s, call)
        if "not in cardcli's system" in text or text in texts.values():
            continue
        texts[s.game.format_move(call)] = text
        if len(texts) == 4:
            break
    asked = pick(r, sorted(texts))
    choices = tuple(shuffled(r, sorted(texts.values())))
    return Exercise(_("{auction}. What would {call} mean now, in cardcli's system?").format(
        auction=_auction_text(s), call=asked), texts[asked], _("`explain {call}` at the table says the same").format(
        call=asked), choices=choices)


def _bridge_trick(seed: str) -> Exercise:
    s = session_for("bridge", seed)
    r = Rng(seed, "drill")
    level, strain = 1 + r.randbelow(4), "CDHSN"[r.randbelow(5)]
    for text in (f"{level}{strain}", "P", "P", "P"):
        s.play(s.game.parse_move(text))
    names = s.game.seat_names(s.players)
    played = []
    leader = s.state.leader
    for i in range(4):
        seat = (leader + i) % 4
        move = pick(r, [m for m in s.legal_moves() if hasattr(m, "card")])
        played.append(f"{names[seat]} {move.card}")
        s.play(move)
    winner = names[s.state.tricks[-1].winner]
    trumps = _("notrump") if strain == "N" else _("{suit} are trumps").format(suit=_(SUIT_NAMES[strain]))
    return Exercise(_("Contract {level}{strain} ({trumps}). The trick, in order: {cards}. Who won it?").format(
        level=level, strain=strain, trumps=trumps, cards=", ".join(played)), winner,
        _("the highest trump wins; with no trump in the trick, the highest card of the suit led"),
        also=(winner[0],))


SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


DRILLS: dict[str, tuple[str, Callable[[str], Exercise]]] = {
    "hcp": (N_("count the high-card points of a hand"), legacy(_bridge_hcp)),
    "score": (N_("score a contract"), legacy(_bridge_score)),
    "bid": (N_("find the bid: what cardcli's system calls with this hand"), _bridge_bid),
    "meaning": (N_("what does this call mean?"), _bridge_meaning),
    "trick": (N_("who won the trick?"), _bridge_trick),
}
