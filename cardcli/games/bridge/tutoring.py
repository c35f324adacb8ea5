"""The tutor's part of contract bridge: lesson positions, its quiz words and its drills.

Imported only by the tutor (:attr:`cardcli.engine.teaching.Teaching.tutor_module`), so that a lesson,
a drill or ``learn --check`` finds contract bridge's own pieces here instead of in the tutor's modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardcli.engine.cards import Card, parse_card
from cardcli.engine.rng import Rng
from cardcli.i18n import N_, _
from cardcli.tutor.compute import advice, normalize, seat_index
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


# -- quiz words (``compute``) ------------------------------------------------------------------


def sure_tricks(session: Any, suit: str = "") -> int:
    """Bridge: the tricks declarer's side can take from the top without giving up the lead: in each
    suit the unbroken run of top cards the two hands hold together (A K Q …, the cards already played
    counting as gone), at most as many as the longer of the two holdings."""
    state = session.state
    if getattr(state, "contract", None) is None:
        raise LessonError("sure tricks need a contract")
    side = (state.contract.declarer, state.contract.dummy)
    hands = state.hands
    played = {c for t in state.tricks for c in t.cards} | set(state.trick)
    total = 0
    for s in suit or "SHDC":
        ours = {c for seat in side for c in hands[seat] if c[1] == s}
        run = 0
        for rank in "AKQJT98765432":
            card = rank + s
            if card in played:
                continue
            if card not in ours:
                break
            run += 1
        longest = max(sum(1 for c in hands[seat] if c[1] == s) for seat in side)
        total += min(run, longest)
    return total


def losers(session: Any, suit: str = "") -> int:
    """Bridge: the losers a beginner counts in declarer's hand before the play. In each suit only the
    first three cards of declarer's holding (as dealt) can lose a trick, so a suit of L cards has
    min(L, 3) places; each of the top min(L, 3) ranks (ace, king, queen) the partnership holds, in
    declarer's hand or dummy's, fills one place. What is left are the losers: ``8 6 4`` opposite
    ``A 5 3`` is two, a singleton one, a void none. Ruffs and finesses are what a plan adds later."""
    state = session.state
    if getattr(state, "contract", None) is None:
        raise LessonError("losers need a contract")
    if suit and suit not in "SHDC":
        raise LessonError(f"no suit {suit!r} (S, H, D or C)")
    mine, dummy = state.original[state.contract.declarer], state.original[state.contract.dummy]
    total = 0
    for s in suit or "SHDC":
        places = min(3, sum(1 for c in mine if c[1] == s))
        total += sum(1 for rank in "AKQ"[:places] if rank + s not in mine and rank + s not in dummy)
    return total


def dd_tricks(session: Any, learner: int, card: str = "") -> int:
    """Bridge: the tricks the learner's side ends the hand with under best play by all four hands
    from now (after ``card`` is played, if given), by cardcli's double-dummy solver."""
    from cardcli.games.bridge.ddsolve import Budget, solve_position, tricks_for

    state = session.state
    if getattr(state, "contract", None) is None or state.phase != "play":
        raise LessonError("dd needs a bridge hand in the play")
    side = learner % 2
    trump = None if state.contract.strain == "N" else state.contract.strain
    seat = (state.leader + len(state.trick)) % 4
    try:
        if not card.strip():
            return state.won[side] + tricks_for(state.hands, trump, state.leader, state.trick, side)
        want = parse_card(card.strip())
        if want not in state.hands[seat]:
            raise LessonError(f"{card!r} is not in the hand to play")
        values = solve_position(state.hands, trump, state.leader, state.trick)
    except Budget:
        raise LessonError("the position is too big for the double-dummy solver") from None
    if want not in values:
        raise LessonError(f"{card!r} cannot be played now")
    mine = values[want]  # tricks of the side to play, from this trick on
    left = (sum(len(h) for h in state.hands) + len(state.trick)) // 4
    return state.won[side] + (mine if seat % 2 == side else left - mine)


def call_meaning(session: Any, call_text: str, choices: list[str]) -> str:
    """Bridge: the choice that is the system's meaning of ``call_text`` for the player to call now."""
    game, state = session.game, session.state
    if state.phase != "auction":
        raise LessonError("meaning needs a bridge auction in progress")
    try:
        call = game.parse_move(call_text)
    except ValueError:
        raise LessonError(f"{call_text!r} is not a call") from None
    text = meaning_text(session, call)
    if not choices:
        return text
    # the meaning comes in the learner's language; a lesson's choices are English catalogue keys,
    # shown translated, so a choice matches in either form
    picked = [c for c in choices if normalize(text) in (normalize(c), normalize(_(c)))]
    if len(picked) != 1:
        raise LessonError(f"the system says {call_text} means {text!r}, which is not one of the choices")
    return picked[0]


def meaning_text(session: Any, call: Any) -> str:
    """What ``call`` would mean if the player to call made it now (what ``explain`` says)."""
    from cardcli.games.bridge import bidding
    from cardcli.games.bridge.bots import score_for_view

    view = session.game.view(session.state, session.state.turn)
    return bidding.explain(view.dealer, view.calls, score_for_view(view), call)


def bridge_score(arg: str, config: Any) -> int:
    """``4S 10 nv`` → what declarer's side scores (negative when the contract fails)."""
    parts = arg.split()
    if len(parts) != 3 or parts[2] not in ("nv", "vul"):
        raise LessonError(f"bridge-score needs CONTRACT TRICKS nv|vul, not {arg!r}")
    contract, tricks, vul = parts[0].upper(), int(parts[1]), parts[2] == "vul"
    doubled = contract.count("X")
    level, strain = int(contract[0]), contract[1]
    from cardcli.games.bridge.scoring import score_deal

    total = 0
    for e in score_deal(level, strain, doubled, 0, tricks, vul, config):
        total += e.points if e.side == 0 else -e.points
    return total


def _hcp(session: Any, arg: str) -> str:
    """``hcp SEAT``: the high-card points of SEAT's hand as dealt."""
    from cardcli.games.bridge.play import hcp

    return str(hcp(session.state.original[seat_index(session.game, session.players, arg)]))


def _declarer(session: Any, arg: str) -> str:
    if session.state.contract is None:
        raise LessonError("there is no contract yet")
    return str(session.game.seat_names(session.players)[session.state.contract.declarer])


def _winner(session: Any, arg: str) -> str:
    if not session.state.tricks:
        raise LessonError("no trick has been played yet")
    return str(session.game.seat_names(session.players)[session.state.tricks[-1].winner])


COMPUTES: dict[str, Callable[[Any, str], str]] = {
    "hcp": _hcp,
    "sure": lambda session, arg: str(sure_tricks(session, arg.strip().upper())),
    "losers": lambda session, arg: str(losers(session, arg.strip().upper())),
    "bridge-score": lambda session, arg: str(bridge_score(arg, session.config)),
    "declarer": _declarer,
    "winner": _winner,
    "dd": lambda session, arg: str(dd_tricks(session, session.human_seats[0], arg)),
}
"""The quiz words only bridge answers (``compute = "WORD ARG"``); the learner is the lesson's seat."""

CHOICE_COMPUTES: dict[str, Callable[[Any, str, list[str]], str]] = {"meaning": call_meaning}
"""Quiz words whose answer is one of the step's choices (``meaning CALL``: the system's meaning)."""


# -- drills ----------------------------------------------------------------------------------------


def _bridge_hcp(seed: str) -> Item:
    from cardcli.games.bridge.play import hcp

    s = session_for("bridge", seed)
    hand = s.state.hands[2]
    return (
        _("How many high-card points? {hand}").format(hand=hand_text(hand)),
        str(hcp(hand)),
        _("ace 4, king 3, queen 2, jack 1"),
    )


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
    return (
        _(
            "{level}{strain} {vul}, declarer takes {tricks} tricks: what does declarer's side score (negative if it goes down)?"
        ).format(level=level, strain=strain, tricks=tricks, vul=_("vulnerable") if vul else _("not vulnerable")),
        str(answer),
        _("trick points, overtricks and bonuses, or the undertricks"),
    )


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
        dealer=names[dealer], calls=", ".join(calls) if calls else _("none (you call first)")
    )


def _bridge_bid(seed: str) -> Exercise:
    s = _bridge_auction(seed)
    call, why = advice(s)
    answer = s.game.format_move(call)
    return Exercise(
        _("{auction}. Your hand: {hand}. What does cardcli's system call? (1C … 7N, P, X)").format(
            auction=_auction_text(s), hand=hand_text(s.state.hands[2])
        ),
        answer,
        why,
        game="bridge",
    )


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
    return Exercise(
        _("{auction}. What would {call} mean now, in cardcli's system?").format(auction=_auction_text(s), call=asked),
        texts[asked],
        _("`explain {call}` at the table says the same").format(call=asked),
        choices=choices,
    )


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
    return Exercise(
        _("Contract {level}{strain} ({trumps}). The trick, in order: {cards}. Who won it?").format(
            level=level, strain=strain, trumps=trumps, cards=", ".join(played)
        ),
        winner,
        _("the highest trump wins; with no trump in the trick, the highest card of the suit led"),
        also=(winner[0],),
    )


SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _bridge_line(seed: str) -> Exercise:
    from cardcli.tutor.line_drill import line_exercise

    return line_exercise(seed)


DRILLS: dict[str, tuple[str, Callable[[str], Exercise]]] = {
    "hcp": (N_("count the high-card points of a hand"), legacy(_bridge_hcp)),
    "score": (N_("score a contract"), legacy(_bridge_score)),
    "bid": (N_("find the bid: what cardcli's system calls with this hand"), _bridge_bid),
    "meaning": (N_("what does this call mean?"), _bridge_meaning),
    "trick": (N_("who won the trick?"), _bridge_trick),
    "line": (N_("declarer play: the card that makes most often"), _bridge_line),
}
