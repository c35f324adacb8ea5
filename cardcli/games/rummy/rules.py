"""Rummy's rules: dealing, the legal-move generator and the checker.

The generator (:meth:`RummyGame.legal_moves`) and the checker
(:meth:`RummyGame.check`) are written separately on purpose; the playout tests
compare them on every position they reach, so a mistake in one shows up as a
disagreement instead of hiding in both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardcli.engine.cards import Card, multi_deck
from cardcli.engine.game import Game, HandResult, Line, Number, Outcome, ScoreSheet
from cardcli.engine.meld_search import candidate_melds, extends_with
from cardcli.engine.melds import Meld as TableLayout
from cardcli.engine.melds import extend_meld, read_meld
from cardcli.engine.notation import ParsedMoves
from cardcli.engine.verdict import ALLOWED, Verdict, refuse
from cardcli.games.rummy import moves as mv
from cardcli.games.rummy.config import DEAL_SIZES, PRESET_HELP, PRESETS, RummyConfig
from cardcli.games.rummy.rulebook import RULEBOOK
from cardcli.games.rummy.scoring import hand_value, parse_score_input, score_hand
from cardcli.games.rummy.state import RummyState, TableMeld
from cardcli.games.rummy.teaching import RummyTeaching
from cardcli.games.rummy.view import RummyView, render_view, status_line, view_of
from cardcli.i18n import _


class RummyGame(RummyTeaching, Game[RummyState, mv.Move, RummyView, RummyConfig]):
    name = "rummy"
    title = "Rummy"
    summary = "basic rummy: draw, meld sets and runs, lay off, discard; 2-6 players"
    aliases = ("ramino",)
    player_counts = (2, 3, 4, 5, 6)
    default_players = 2
    config_type = RummyConfig
    presets = PRESETS
    preset_help = PRESET_HELP
    rulebook = RULEBOOK
    default_bot = "basic"
    bots_module = "cardcli.games.rummy.bots"
    bot_ids = ("basic", "random")

    # -- setup ---------------------------------------------------------------------------------
    def deck(self, config: RummyConfig, players: int) -> list[Card]:
        return multi_deck(1)

    def new_match(self, config: RummyConfig, players: int, first_dealer: int) -> RummyState:
        return RummyState(config=config, players=players, dealer=first_dealer, totals=[0] * players)

    def next_dealer(self, state: RummyState) -> int:
        if state.hand_number == 0:
            return state.dealer
        res = state.result
        if res is None or res.detail.get("wash"):
            return state.dealer
        if state.players == 2 and state.config.two_player_dealer == "closer":
            return int(res.detail["winner"])
        return (state.dealer + 1) % state.players

    def start_hand(self, state: RummyState, deck: Sequence[Card]) -> None:
        n = state.players
        state.dealer = self.next_dealer(state)
        state.hand_number += 1
        size = DEAL_SIZES[n]
        cards = list(deck)
        if len(cards) != 52 or len(set(cards)) != 52:
            raise ValueError("a rummy deal needs the 52 distinct cards of one deck")
        state.hands = [[] for _ in range(n)]
        pos = 0
        for _round in range(size):
            for i in range(1, n + 1):
                state.hands[(state.dealer + i) % n].append(cards[pos])
                pos += 1
        rest = cards[pos:]
        state.discard = [rest[0]]
        state.stock = list(reversed(rest[1:]))  # top of the stock is the last element
        state.melds = []
        state.tabled = [False] * n
        state.turn = (state.dealer + 1) % n
        state.phase = "draw"
        state.taken = None
        state.turnovers = 0
        state.result = None
        self._begin_turn(state)

    def _begin_turn(self, state: RummyState) -> None:
        state.tabled_before_turn = state.tabled[state.turn]
        state.melds_this_turn = 0
        state.laid_off_on_others = False
        state.taken = None

    # -- play ----------------------------------------------------------------------------------
    def to_act(self, state: RummyState) -> int | None:
        return state.turn if state.phase in ("draw", "play") else None

    def legal_moves(self, state: RummyState) -> list[mv.Move]:
        if state.phase == "draw":
            out: list[mv.Move] = [mv.Draw("stock")]
            if state.discard:
                out.append(mv.Draw("discard"))
            return out
        if state.phase != "play":
            return []
        hand = state.hands[state.turn]
        rules = state.config.meld_rules()
        out = []
        if not (state.config.one_meld_per_turn and state.melds_this_turn):
            for cards in candidate_melds(hand, rules):
                if not self._strands_taken(state, cards):
                    out.append(mv.Meld(cards))
        if state.owns_meld(state.turn) or not state.config.lay_off_needs_meld:
            for i, tm in enumerate(state.melds):
                for card in dict.fromkeys(hand):
                    if _may_fit(tm.meld, card) and extends_with(tm.meld, card, rules):
                        if not self._strands_taken(state, (card,)):
                            out.append(mv.LayOff(card, i + 1))
        for card in sorted(set(hand), key=hand.index):
            if card != state.taken:
                out.append(mv.Discard(card))
        return out

    def undo_barrier(self, state: RummyState, move: mv.Move, viewer: int) -> str | None:
        if move == mv.Draw("stock") and state.turn == viewer:
            return _("you have seen the card you drew from the stock")
        return None

    def _strands_taken(self, state: RummyState, leaving: Sequence[str]) -> bool:
        """True when playing ``leaving`` would leave only the taken card, which cannot be discarded."""
        if state.taken is None:
            return False
        rest = list(state.hands[state.turn])
        for c in leaving:
            rest.remove(c)
        return rest == [state.taken]

    def check(self, state: RummyState, move: mv.Move) -> Verdict:
        if state.phase not in ("draw", "play"):
            return refuse("turn.over", _("the hand is over"))
        hand = state.hands[state.turn]
        match move:
            case mv.Draw(source):
                if state.phase != "draw":
                    return refuse("turn.drawn", _("you have already drawn this turn; meld, lay off or discard"))
                if source == "discard" and not state.discard:
                    return refuse("draw.discard-empty", _("the discard pile is empty; draw from the stock"))
                return ALLOWED
        if state.phase == "draw":
            return refuse("turn.draw-first", _("draw a card first (`draw stock` or `draw discard`)"))
        match move:
            case mv.Meld(cards):
                missing = _missing(hand, cards)
                if missing:
                    return refuse("meld.held", _("you do not hold {cards}").format(cards=" ".join(missing)))
                if state.config.one_meld_per_turn and state.melds_this_turn:
                    return refuse("meld.one-per-turn", _("you have already put down a meld this turn"))
                got = read_meld(cards, state.config.meld_rules())
                if isinstance(got, Verdict):
                    return got
                if self._strands_taken(state, cards):
                    return refuse(
                        "discard.taken-card-last",
                        _("that would leave only {card}, the card you took, which you cannot discard").format(card=state.taken),
                    )
                return ALLOWED
            case mv.LayOff(card, target):
                if card not in hand:
                    return refuse("layoff.held", _("you do not hold {card}").format(card=card))
                if state.config.lay_off_needs_meld and not state.owns_meld(state.turn):
                    return refuse("layoff.first-meld", _("you may lay off only after you have a meld of your own on the table"))
                if not 1 <= target <= len(state.melds):
                    if not state.melds:
                        return refuse("layoff.target", _("there are no melds on the table"))
                    return refuse(
                        "layoff.target",
                        _("there is no meld {n} (melds are numbered 1 to {m})").format(n=target, m=len(state.melds)),
                    )
                got = extend_meld(state.melds[target - 1].meld, [card], state.config.meld_rules())
                if isinstance(got, Verdict):
                    return refuse(
                        "layoff.fit", _("{card} does not fit meld {n}: {why}").format(card=card, n=target, why=got.reason)
                    )
                if self._strands_taken(state, (card,)):
                    return refuse(
                        "discard.taken-card-last",
                        _("that would leave only {card}, the card you took, which you cannot discard").format(card=state.taken),
                    )
                return ALLOWED
            case mv.Discard(card):
                if card not in hand:
                    return refuse("discard.held", _("you do not hold {card}").format(card=card))
                if card == state.taken:
                    return refuse(
                        "discard.taken-card",
                        _("you took {card} from the discard pile this turn; discard a different card").format(card=card),
                    )
                return ALLOWED
        raise TypeError(move)

    def apply(self, state: RummyState, move: mv.Move) -> Outcome[mv.RummyFacts]:
        seat = state.turn
        hand = state.hands[seat]
        facts: mv.RummyFacts = {}
        private: dict[int, mv.RummyFacts] = {}
        match move:
            case mv.Draw("discard"):
                card = state.discard.pop()
                hand.append(card)
                state.taken = card
                state.phase = "play"
                facts["card"] = card
            case mv.Draw("stock"):
                if not state.stock:
                    if len(state.discard) < 2 or state.turnovers >= state.config.max_turnovers:
                        self._end_exhausted(state)
                        facts["exhausted"] = True
                        return Outcome(seat, move, facts)
                    # Turn the pile over: its oldest card becomes the top of the new stock, and
                    # that card is turned up to start the new discard pile. The player then
                    # chooses again between the new stock and the new upcard.
                    pile = state.discard
                    state.stock = list(pile)  # last element = top; the oldest card is pile[0]
                    state.stock.reverse()
                    state.discard = [state.stock.pop()]
                    state.turnovers += 1
                    facts["turned"] = state.discard[-1]
                    return Outcome(seat, move, facts)
                card = state.stock.pop()
                hand.append(card)
                state.phase = "play"
                private[seat] = {"card": card}
            case mv.Meld(cards):
                layout = read_meld(cards, state.config.meld_rules())
                assert isinstance(layout, TableLayout)
                for c in cards:
                    hand.remove(c)
                state.melds.append(TableMeld(seat, layout))
                state.melds_this_turn += 1
                state.tabled[seat] = True
                facts["out"] = self._maybe_out(state)
            case mv.LayOff(card, target):
                tm = state.melds[target - 1]
                layout = extend_meld(tm.meld, [card], state.config.meld_rules())
                assert isinstance(layout, TableLayout)
                hand.remove(card)
                tm.meld = layout
                state.tabled[seat] = True
                if tm.owner != seat:
                    state.laid_off_on_others = True
                facts["out"] = self._maybe_out(state)
            case mv.Discard(card):
                hand.remove(card)
                state.discard.append(card)
                facts["out"] = self._maybe_out(state)
                if not facts["out"]:
                    state.turn = (seat + 1) % state.players
                    state.phase = "draw"
                    self._begin_turn(state)
            case _:
                raise TypeError(move)
        return Outcome(seat, move, facts, private)

    def _maybe_out(self, state: RummyState) -> bool:
        seat = state.turn
        if state.hands[seat]:
            return False
        # A rummy: every card put down in this one turn (nothing melded or laid off before it), and
        # nothing laid off on another player's melds (the seed: "senza attaccare ai giochi altrui").
        rummy = not state.tabled_before_turn and not state.laid_off_on_others
        names = self.seat_names(state.players)
        sc = score_hand(state.hands, seat, rummy, state.config, names)
        points: list[Number] = [0] * state.players
        points[seat] = sc.points
        self._finish(
            state,
            points,
            {"winner": seat, "rummy": rummy and state.config.rummy_doubles, "left": [" ".join(h) for h in state.hands]},
        )
        return True

    def _end_exhausted(self, state: RummyState) -> None:
        points: list[Number] = [0] * state.players
        detail: dict[str, Any] = {"wash": True, "left": [" ".join(h) for h in state.hands]}
        if state.config.exhausted == "lowest":
            values = [hand_value(h, state.config.ace_points) for h in state.hands]
            low = min(values)
            if values.count(low) == 1:
                w = values.index(low)
                points[w] = sum(values) - low
                detail = {"winner": w, "lowest": True, "left": detail["left"]}
        self._finish(state, points, detail)

    def _finish(self, state: RummyState, points: list[Number], detail: dict[str, Any]) -> None:
        for i, p in enumerate(points):
            state.totals[i] += int(p)
        state.result = HandResult(points=points, totals=list(state.totals), detail=detail)
        state.results.append(state.result)
        state.phase = "over"
        target = state.config.target_for(state.players)
        if max(state.totals) >= target:
            state.match_done = True

    # -- notation ------------------------------------------------------------------------------
    canonical_moves = ParsedMoves(mv.parse_move, mv.format_move)
    """Each logged notation parsed once: a long replay repeats its draws, discards and melds."""

    def format_move(self, move: mv.Move) -> str:
        return mv.format_move(move)

    def parse_move(self, text: str) -> mv.Move:
        return mv.parse_move(text)

    def shorthand(self, state: RummyState, text: str, legal: Sequence[mv.Move]) -> list[mv.Move]:
        """A lone card means "discard it"; a lone card with a number means "lay it off there";
        several cards mean "meld them"; a lone card that fits one meld means "lay it off"."""
        from cardcli.engine.cards import CardParseError, parse_card, parse_cards

        words = text.split()
        try:
            if len(words) == 1:
                card = parse_card(words[0])
                discards: list[mv.Move] = [m for m in legal if isinstance(m, mv.Discard) and m.card == card]
                if discards:
                    return discards
                return [m for m in legal if isinstance(m, mv.LayOff) and m.card == card]
            if len(words) == 2 and words[1].isdigit():
                card = parse_card(words[0])
                return [m for m in legal if isinstance(m, mv.LayOff) and m.card == card and m.target == int(words[1])]
            cards = parse_cards(text)
        except CardParseError:
            return []
        want = sorted(cards)
        return [m for m in legal if isinstance(m, mv.Meld) and sorted(m.cards) == want]

    def move_help(self) -> list[tuple[str, str]]:
        return [
            ("draw stock  (d)", _("take the top card of the stock")),
            ("draw discard  (t)", _("take the top card of the discard pile")),
            ("meld 3H 4H 5H", _("put a set or a run on the table")),
            ("layoff 6H 2", _("add a card to meld number 2")),
            ("discard KS  (KS)", _("discard a card and end your turn")),
        ]

    # -- information ---------------------------------------------------------------------------
    def seat_names(self, players: int) -> list[str]:
        return [f"P{i + 1}" for i in range(players)]

    def view(self, state: RummyState, seat: int | None) -> RummyView:
        return view_of(state, seat, self.seat_names(state.players))

    def full_view(self, state: RummyState) -> RummyView:
        return view_of(state, None, self.seat_names(state.players), reveal=True)

    def render(self, view: RummyView, charset: Any) -> list[Line]:
        return render_view(view, charset)

    def status(self, view: RummyView) -> str:
        return status_line(view)

    def narrate(self, outcome: Outcome[mv.RummyFacts], observer: int | None) -> str:
        seen = outcome.seen_by(observer)
        who = self.seat_names(max(outcome.seat + 1, 2))[outcome.seat]
        text = self.format_move(outcome.move)
        match outcome.move:
            case mv.Draw("stock"):
                if seen.get("exhausted"):
                    text = _("{who} must draw, but the stock cannot be re-formed: the hand ends").format(who=who)
                elif "turned" in seen:
                    text = _(
                        "{who} turns the discard pile over to form a new stock; {card} is turned up, and "
                        "{who} may take it or draw from the new stock"
                    ).format(who=who, card=seen["turned"])
                elif "card" in seen:
                    text = _("{who} draws {card} from the stock").format(who=who, card=seen["card"])
                else:
                    text = _("{who} draws from the stock").format(who=who)
            case mv.Draw("discard"):
                text = _("{who} takes {card} from the discard pile").format(who=who, card=seen["card"])
            case mv.Meld(cards):
                text = _("{who} melds {cards}").format(who=who, cards=" ".join(cards))
            case mv.LayOff(card, target):
                text = _("{who} lays off {card} on meld {n}").format(who=who, card=card, n=target)
            case mv.Discard(card):
                text = _("{who} discards {card}").format(who=who, card=card)
        if seen.get("out"):
            text += _(" and goes out")
        return text

    def card_locations(self, state: RummyState) -> dict[str, list[Card]]:
        names = self.seat_names(state.players)
        locs = {f"hand {names[i]}": h for i, h in enumerate(state.hands)}
        locs["stock"] = state.stock
        locs["discard"] = state.discard
        for i, m in enumerate(state.melds):
            locs[f"meld {i + 1}"] = list(m.meld.cards)
        return locs

    def hidden_from(self, state: RummyState, seat: int | None) -> list[list[Card]]:
        if state.phase == "over":
            return [state.stock]
        return [h for i, h in enumerate(state.hands) if i != seat] + [state.stock]

    def deal_summary(self, state: RummyState) -> dict[str, Any]:
        names = self.seat_names(state.players)
        return {
            "dealer": names[state.dealer],
            "first_to_play": names[state.turn],
            "hands": {names[i]: list(h) for i, h in enumerate(state.hands)},
            "upcard": state.discard[-1] if state.discard else None,
            "stock": len(state.stock),
        }

    score_keywords = ("closer", "rummy", "yes", "no")
    scorepad_table = "cardcli.scorepad.games:RummyTable"

    def score_sheet(self, text: str, config: RummyConfig, players: int | None) -> ScoreSheet:
        hands, closer, rummy, names = parse_score_input(text, players, self.seat_names)
        sc = score_hand(hands, closer, rummy, config, names)
        points: dict[str, Number] = {n: (sc.points if i == closer else 0) for i, n in enumerate(names)}
        return ScoreSheet(sc.lines, points, {"closer": names[closer], "rummy": rummy and config.rummy_doubles})

    # -- results -------------------------------------------------------------------------------
    def explain_result(
        self, result: HandResult, config: RummyConfig, players: int, earlier: Sequence[HandResult | None] = ()
    ) -> list[str]:
        names = self.seat_names(players)
        d = result.detail
        lines: list[str] = []
        if d.get("wash"):
            lines.append(_("the stock ran out: the hand is void, nobody scores"))
        elif "winner" in d:
            w = int(d["winner"])
            hands = [s.split() if s else [] for s in d.get("left", [])]
            if d.get("lowest"):
                lines.append(_("the stock ran out: {name} has the lowest hand").format(name=names[w]))
            if hands:
                sc = score_hand(hands, w, bool(d.get("rummy")), config, names)
                lines.extend(sc.lines if not d.get("lowest") else [])
            if d.get("lowest"):
                lines.append(_("{name} scores {v}").format(name=names[w], v=result.points[w]))
        lines.append(_("totals: ") + ", ".join(f"{n} {t}" for n, t in zip(names, result.totals)))
        return lines


def _missing(hand: Sequence[str], cards: Sequence[str]) -> list[str]:
    """The cards of ``cards`` that ``hand`` does not hold (repeats count)."""
    rest = list(hand)
    out = []
    for c in cards:
        if c in rest:
            rest.remove(c)
        else:
            out.append(c)
    return out


def _may_fit(meld: TableLayout, card: str) -> bool:
    """Cheap pre-filter before the exact meld check: same rank for a set, same suit for a run."""
    if meld.kind == "set":
        return card[0] == meld.rank
    return card[1] == meld.suit
