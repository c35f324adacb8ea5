"""High card: a toy two-player trick game, written the way a new game is added to cardcli.

Everything the game is lives in this one module, as a game's folder under ``cardcli/games/``
would hold it: the rules (the :class:`~cardcli.engine.game.Game` protocol), its rulebook, its
bots (``BOTS``), its scorepad input (:meth:`HighCardGame.score_sheet`) and its part of the tutor
(``position_deck`` and ``COMPUTES``, found through ``tutor_module``). ``tests/test_new_game.py``
registers it with :func:`cardcli.engine.registry.register`, the one line a new game adds, and
drives it through the playout harness, ``replay verify``, ``share``, ``score`` and ``learn --check``.

The game: each player gets ``cards`` cards from a 52-card deck (the rest stays face down). The
leader plays any card, the other player any card; the higher rank wins the trick (aces high; equal
ranks: the leader) and leads the next. A hand scores one point per trick; the match is ``hands``
hands, dealt in turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from cardcli.engine.cards import Card, Charset, parse_card
from cardcli.engine.game import Game, GameState, HandResult, Line, Outcome, RandomBot, ScoreSheet
from cardcli.engine.rng import Rng
from cardcli.engine.rulebook import Rule, Rulebook
from cardcli.engine.verdict import ALLOWED, InvalidMove, Verdict, refuse

ORDER = "23456789TJQKA"


def rank(card: Card) -> int:
    return ORDER.index(card[0])


class HighCardConfig(msgspec.Struct, frozen=True, kw_only=True):
    cards: int = 5
    """Cards dealt to each player."""
    hands: int = 2
    """Hands in a match."""


RULEBOOK = Rulebook(
    "highcard",
    "High card: two players, the higher card wins the trick.",
    [
        Rule("deal.size", "The deal", "Each player gets five cards, one at a time; the rest stays face down."),
        Rule("play.held", "Play a card you hold", "You play one of the cards in your hand."),
        Rule("play.trick", "The trick", "The higher rank wins (aces high); equal ranks: the leader wins."),
        Rule("turn.over", "The hand is over", "No moves are possible once the hand has ended."),
        Rule("score.tricks", "Scoring", "Each trick is one point; the match is two hands."),
    ],
    {"deal": "the deal", "play": "playing a card", "turn": "turns", "score": "scoring"},
)


@dataclass(frozen=True, slots=True)
class Play:
    card: Card


@dataclass
class HighCardState(GameState):
    config: HighCardConfig
    players: int
    dealer: int
    hand_number: int = 0
    phase: str = "deal"
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    trick: list[Card] = field(default_factory=list)
    played: list[Card] = field(default_factory=list)
    leader: int = 0
    won: list[int] = field(default_factory=lambda: [0, 0])
    result: HandResult | None = None
    results: list[HandResult] = field(default_factory=list)
    totals: list[Any] = field(default_factory=lambda: [0, 0])
    match_done: bool = False


@dataclass(frozen=True)
class HighCardView:
    seat: int | None
    hand: tuple[Card, ...] | None
    trick: tuple[Card, ...]
    leader: int
    won: tuple[int, ...]
    totals: tuple[Any, ...]
    stock: int
    phase: str


class HighCardGame(Game[HighCardState, Play, HighCardView, HighCardConfig]):
    name = "highcard"
    title = "High card"
    summary = "a toy trick game: the higher card wins"
    player_counts = (2,)
    default_players = 2
    config_type = HighCardConfig
    presets = {"standard": HighCardConfig()}
    rulebook = RULEBOOK
    bots_module = __name__
    bot_ids = ("high", "random")
    default_bot = "high"
    tutor_module = __name__
    score_keywords = ("tricks",)

    def deck(self, config: HighCardConfig, players: int) -> list[Card]:
        return [r + s for s in "CDHS" for r in ORDER]

    def new_match(self, config: HighCardConfig, players: int, first_dealer: int) -> HighCardState:
        return HighCardState(config=config, players=players, dealer=first_dealer)

    def next_dealer(self, state: HighCardState) -> int:
        return state.dealer if state.hand_number == 0 else 1 - state.dealer

    def start_hand(self, state: HighCardState, deck: Sequence[Card]) -> None:
        state.dealer = self.next_dealer(state)
        state.hand_number += 1
        n = state.config.cards
        first = 1 - state.dealer
        state.hands = [[], []]
        for i in range(2 * n):
            state.hands[(first + i) % 2].append(deck[i])
        state.stock = list(deck[2 * n :])
        state.trick, state.played, state.won = [], [], [0, 0]
        state.leader, state.phase, state.result = first, "play", None

    def to_act(self, state: HighCardState) -> int | None:
        if state.phase != "play":
            return None
        return (state.leader + len(state.trick)) % 2

    def legal_moves(self, state: HighCardState) -> list[Play]:
        seat = self.to_act(state)
        return [] if seat is None else [Play(c) for c in sorted(state.hands[seat], key=lambda c: (rank(c), c))]

    def check(self, state: HighCardState, move: Play) -> Verdict:
        seat = self.to_act(state)
        if seat is None:
            return refuse("turn.over", "the hand is over")
        if move.card not in state.hands[seat]:
            return refuse("play.held", f"you do not hold {move.card}")
        return ALLOWED

    def apply(self, state: HighCardState, move: Play) -> Outcome:
        seat = self.to_act(state)
        assert seat is not None
        state.hands[seat].remove(move.card)
        state.trick.append(move.card)
        facts: dict[str, Any] = {"card": move.card}
        if len(state.trick) == 2:
            lead, follow = state.trick
            winner = state.leader if rank(lead) >= rank(follow) else 1 - state.leader
            state.won[winner] += 1
            state.played.extend(state.trick)
            state.trick, state.leader = [], winner
            facts["winner"] = winner
            if not state.hands[0] and not state.hands[1]:
                self._finish(state)
        return Outcome(seat, move, facts)

    def _finish(self, state: HighCardState) -> None:
        points: list[int | float] = list(state.won)
        state.totals = [t + p for t, p in zip(state.totals, points)]
        state.result = HandResult(points=points, totals=list(state.totals))
        state.results.append(state.result)
        state.phase = "over"
        state.match_done = state.hand_number >= state.config.hands

    def format_move(self, move: Play) -> str:
        return move.card

    def parse_move(self, text: str) -> Play:
        try:
            return Play(parse_card(text.strip().removeprefix("play ").strip()))
        except ValueError:
            raise InvalidMove(f"{text!r} is not a card") from None

    def view(self, state: HighCardState, seat: int | None) -> HighCardView:
        hand = tuple(state.hands[seat]) if seat is not None and state.hands else None
        return HighCardView(
            seat, hand, tuple(state.trick), state.leader, tuple(state.won), tuple(state.totals), len(state.stock), state.phase
        )

    def narrate(self, outcome: Outcome, observer: int | None) -> str:
        seen = outcome.seen_by(observer)
        text = f"P{outcome.seat + 1} plays {seen['card']}"
        if "winner" in seen:
            text += f"; P{seen['winner'] + 1} wins the trick"
        return text

    def render(self, view: HighCardView, charset: Charset) -> list[Line]:
        lines: list[Line] = [[("title", "High card")], [("", "Trick: " + (" ".join(view.trick) or "-"))]]
        if view.hand is not None:
            lines.append([("", "Your hand: " + " ".join(view.hand))])
        lines.append([("", f"Tricks: P1 {view.won[0]}, P2 {view.won[1]}")])
        return lines

    def card_locations(self, state: HighCardState) -> dict[str, list[Card]]:
        locs = {f"hand P{i + 1}": state.hands[i] for i in range(len(state.hands))}
        return {**locs, "trick": state.trick, "played": state.played, "stock": state.stock}

    def hidden_from(self, state: HighCardState, seat: int | None) -> list[list[Card]]:
        hands = [state.hands[i] for i in range(len(state.hands)) if i != seat]
        return [*hands, state.stock]

    def score_sheet(self, text: str, config: HighCardConfig, players: int | None) -> ScoreSheet:
        """A hand typed as ``P1 tricks 3`` and ``P2 tricks 2``, one line each: a point a trick."""
        points: dict[str, int] = {}
        for n, line in enumerate(text.strip().splitlines(), 1):
            words = line.split()
            if len(words) != 3 or words[0] not in ("P1", "P2") or words[1] != "tricks" or not words[2].isdigit():
                raise ValueError(f"line {n}: write `P1 tricks N` (got {line.strip()!r})")
            points[words[0]] = int(words[2])
        if set(points) != {"P1", "P2"} or sum(points.values()) != config.cards:
            raise ValueError(f"the two players' tricks must add up to {config.cards}")
        return ScoreSheet([f"{side}: {p} tricks, {p} points" for side, p in points.items()], points)


class HighBot:
    """Wins the trick when it can with its lowest winner, else throws its lowest card."""

    id = "high"

    def choose(self, view: HighCardView, legal: Sequence[Play], rng: Rng) -> Play:
        if view.trick:
            winners = [m for m in legal if rank(m.card) > rank(view.trick[0])]
            return winners[0] if winners else legal[0]
        return legal[-1]


BOTS = {"high": HighBot, "random": RandomBot}


# -- the game's part of the tutor (``tutor_module``) ------------------------------------------------


def position_deck(game: Any, config: Any, players: int, dealer: int, pos: Any) -> list[Card]:
    """The deck whose deal gives each seat the lesson's hand: cards go out alternately, the
    player after the dealer first, the rest of the deck after them."""
    from cardcli.tutor.position import Pool, fill, seat_hands

    pool = Pool(game.deck(config, players))
    hands = seat_hands(game, players, pos, pool, config.cards)
    fill(hands, config.cards, pool)
    first = 1 - dealer
    return [hands[(first + i) % 2][i // 2] for i in range(2 * config.cards)] + pool.rest()


def _highest(session: Any, arg: str) -> str:
    """``highest SEAT``: the highest card of SEAT's hand now (a quiz word only high card knows)."""
    from cardcli.tutor.compute import seat_index

    hand = session.state.hands[seat_index(session.game, session.players, arg)]
    return max(hand, key=lambda c: (rank(c), c))


COMPUTES = {"highest": _highest}
