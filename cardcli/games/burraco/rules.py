"""Burraco's rules: the deal, the legal-move generator, the checker and the end of a hand.

The generator (:meth:`BurracoGame.legal_moves`, whose melds and attachments
come from the cached :mod:`~cardcli.games.burraco.plays`) and the checker
(:meth:`BurracoGame.check`) are written separately on purpose; the playout
tests compare them on every position they reach, so a mistake in one shows up
as a disagreement instead of hiding in both. They share the rule predicates
of :mod:`~cardcli.games.burraco.table` and :mod:`~cardcli.games.burraco.closing`,
which are tested on their own with the digest's tables.

The generator lists single-card attachments; ``attach 7H 8H 3`` (several
cards at once) is also accepted, and so is ``wild=CARD`` to choose the end of
a free wildcard and ``close CARD`` to state a closing discard: each is the same
as a listed move or a sequence of them, written differently.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardcli.engine.cards import Card, CardParseError, multi_deck, parse_card, parse_cards
from cardcli.engine.game import Game, HandResult, Line, MatchResult, Outcome, ScoreSheet, Side
from cardcli.engine.melds import Meld
from cardcli.engine.notation import ParsedMoves
from cardcli.engine.verdict import ALLOWED, Verdict, refuse
from cardcli.engine.words import seat_labels
from cardcli.games.burraco import moves as mv
from cardcli.games.burraco import outcome as ending
from cardcli.games.burraco import pozzetto, replaying
from cardcli.games.burraco.closing import after_meld_verdict, close_problem, single_card_locked
from cardcli.games.burraco.config import PRESET_HELP, PRESETS, BurracoConfig, setup_problem
from cardcli.games.burraco.outcome import narrate
from cardcli.games.burraco.plays import attached, plays
from cardcli.games.burraco.plays import without as _without
from cardcli.games.burraco.rulebook import RULEBOOK
from cardcli.games.burraco.scoring import score_sheet, team_names
from cardcli.games.burraco.spellings import spellings
from cardcli.games.burraco.state import BurracoState, TableMeld
from cardcli.games.burraco.table import burraco_kind, extend, new_table_meld, read_new, set_rank_taken
from cardcli.games.burraco.teaching import BurracoTeaching
from cardcli.games.burraco.view import BurracoView, render_view, status_line, view_of
from cardcli.i18n import _

HAND_SIZE = 11
SEATS = {4: ["South", "West", "North", "East"], 2: ["South", "North"]}


class BurracoGame(BurracoTeaching, Game[BurracoState, mv.Move, BurracoView, BurracoConfig]):
    name = "burraco"
    title = "Burraco"
    summary = (
        "the Italian club game (FIBUR rules): two decks and four jokers, runs and sets, burraco of 7 "
        "cards, the pozzetto; 4 players in pairs or 2 players"
    )
    aliases = ("buraco",)
    player_counts = (2, 4)
    default_players = 4
    config_type = BurracoConfig
    presets = PRESETS
    preset_help = PRESET_HELP
    rulebook = RULEBOOK
    default_bot = "basic"
    default_seat = 0

    bots_module = "cardcli.games.burraco.bots"
    bot_ids = ("basic", "basic-v1", "random")

    # -- setup ---------------------------------------------------------------------------------
    def seat_names(self, players: int) -> list[str]:
        return list(SEATS.get(players, [f"P{i + 1}" for i in range(players)]))

    def sides(self, config: BurracoConfig, players: int) -> list[Side]:
        names = team_names(players) if players in (2, 4) else [f"P{i + 1}" for i in range(players)]
        if players == 4:
            return [Side(names[0], (0, 2)), Side(names[1], (1, 3))]
        return [Side(names[i], (i,)) for i in range(players)]

    def check_setup(self, config: BurracoConfig, players: int) -> str | None:
        return setup_problem(config, players)

    def deck(self, config: BurracoConfig, players: int) -> list[Card]:
        return multi_deck(2, jokers=4)

    def new_match(self, config: BurracoConfig, players: int, first_dealer: int) -> BurracoState:
        return BurracoState(config=config, players=players, dealer=first_dealer, totals=[0, 0])

    def next_dealer(self, state: BurracoState) -> int:
        if state.hand_number == 0:
            return state.dealer
        return (state.dealer + 1) % state.players

    def start_hand(self, state: BurracoState, deck: Sequence[Card]) -> None:
        n = state.players
        cards = list(deck)
        if len(cards) != 108 or Counter(cards) != Counter(multi_deck(2, jokers=4)):
            raise ValueError("a burraco deal needs the 108 cards of two decks and four jokers")
        state.dealer = self.next_dealer(state)
        state.hand_number += 1
        state.pozzetti, used = pozzetto.form_pozzetti(cards)
        top = cards[: len(cards) - used]
        state.hands = [[] for _ in range(n)]
        pos = 0
        for _round in range(HAND_SIZE):
            for i in range(1, n + 1):
                state.hands[(state.dealer + i) % n].append(top[pos])
                pos += 1
        rest = top[pos:]
        state.discard = [rest[0]]
        state.stock = list(reversed(rest[1:]))
        state.covered = [[] for _ in range(n)]
        state.pozzetto_taken = [0, 0]
        state.melds = []
        state.pile_takes = []
        state.turn = (state.dealer + 1) % n
        state.phase = "draw"
        state.closed_by = None
        state.result = None
        self._begin_turn(state)

    def _begin_turn(self, state: BurracoState) -> None:
        state.single_taken = None
        state.took_pile = False
        state.played_after_take = False
        pozzetto.reveal_at_turn(state, state.turn)

    # -- play ----------------------------------------------------------------------------------
    def to_act(self, state: BurracoState) -> int | None:
        return state.turn if state.phase in ("draw", "play") else None

    def legal_moves(self, state: BurracoState) -> list[mv.Move]:
        if state.phase == "draw":
            out: list[mv.Move] = []
            if len(state.stock) > state.config.unplayable_stock:
                out.append(mv.Draw())
            if state.discard and self._take_problem(state) is None:
                out.append(mv.Take())
            return out
        if state.phase != "play":
            return []
        out = self._plays(state)
        seat = state.turn
        hand = state.hands[seat]
        team = state.team_of(seat)
        if not self._must_play_first(state):
            if state.single_taken is None and (len(hand) != 1 or not state.pozzetto_taken[team]):
                # nothing locked, and no closing discard to judge: every card may be discarded
                out.extend(map(_discard, dict.fromkeys(hand)))
            else:
                for card in dict.fromkeys(hand):
                    if single_card_locked(state, card, hand):
                        continue
                    if len(hand) == 1 and state.pozzetto_taken[team] and not close_problem(state, seat, card).ok:
                        continue
                    out.append(_discard(card))
        out.extend(spellings(state, out))  # several cards at once, wild=, close: the checker allows them too
        return out

    def coded_moves(self, legal: Sequence[mv.Move]) -> Sequence[mv.Move]:
        return mv.plain_moves(legal)  # the list as it was before the other spellings were listed

    def _plays(self, state: BurracoState, first_only: bool = False) -> list[mv.Move]:
        """The melds and single-card attachments the seat to act may make now."""
        return plays(state, first_only)

    def _must_play_first(self, state: BurracoState) -> bool:
        return state.config.pile_requires_meld and state.took_pile and not state.played_after_take

    def _take_problem(self, state: BurracoState) -> Verdict | None:
        """Why the seat to act may not take the discard pile now (``None``: it may)."""
        config = state.config
        team = state.team_of(state.turn)
        if config.house_open_before_pile and not state.team_melds(team):
            return refuse("take.house-open", _("house rule: your team needs a meld on the table before taking the discard pile"))
        pile = state.discard
        hand = state.hands[state.turn]
        if len(pile) == 1 and hand and all(c == pile[0] for c in hand) and not config.single_pile_twin_discard:
            # Every card would then be the one just taken (or its twin): only a play could save the turn.
            probe = state.clone()
            self._apply_take(probe)
            if not self._plays(probe, first_only=True):
                return refuse(
                    "take.single-twin",
                    _(
                        "you hold only {card}, the same card as the one-card pile: after taking it you could "
                        "neither discard (it is the card just taken) nor meld"
                    ).format(card=pile[0]),
                )
        if config.pile_requires_meld:
            probe = state.clone()
            self._apply_take(probe)
            if not self._plays(probe, first_only=True):
                return refuse(
                    "take.must-meld",
                    _(
                        "you may take the pile only to meld or attach at least one card this turn, and with the "
                        "pile you could not"
                    ),
                )
        return None

    def undo_barrier(self, state: BurracoState, move: mv.Move, viewer: int) -> str | None:
        if self.to_act(state) != viewer:
            return None  # another player's draw or pozzetto stays hidden from the viewer
        if isinstance(move, mv.Draw):
            return _("you have seen the card you drew from the stock")
        after = state.clone()
        self._apply(after, move)
        if len(after.pozzetti) < len(state.pozzetti):
            return _("that move took the pozzetto, and its cards cannot be unseen")
        return None

    def check(self, state: BurracoState, move: mv.Move) -> Verdict:
        if state.phase not in ("draw", "play"):
            return refuse("turn.over", _("the hand is over"))
        match move:
            case mv.Draw():
                return self._judge_draw(state)
            case mv.Take():
                if state.phase != "draw":
                    return refuse("turn.drawn", _("you have already drawn this turn; meld, attach or discard"))
                if not state.discard:
                    return refuse("take.empty", _("the discard pile is empty; draw from the stock"))
                problem = self._take_problem(state)
                return problem if problem is not None else ALLOWED
        if state.phase == "draw":
            return refuse("turn.draw-first", _("first draw from the stock (`draw`) or take the discard pile (`take`)"))
        match move:
            case mv.MeldMove(cards, wild):
                got = self._judge_meld(state, cards, wild)
                return got if isinstance(got, Verdict) else ALLOWED
            case mv.Attach(cards, target, wild):
                got = self._judge_attach(state, cards, target, wild)
                return got if isinstance(got, Verdict) else ALLOWED
            case mv.Discard(card, close):
                return self._judge_discard(state, card, close)
        raise TypeError(move)

    def _judge_draw(self, state: BurracoState) -> Verdict:
        """The checker's judgement of a draw from the stock."""
        if state.phase != "draw":
            return refuse("turn.drawn", _("you have already drawn this turn; meld, attach or discard"))
        unplayable = state.config.unplayable_stock
        if len(state.stock) <= unplayable:
            return refuse("draw.stock-end", _("the last {n} cards of the stock are never drawn").format(n=unplayable))
        return ALLOWED

    def _judge_discard(self, state: BurracoState, card: Card, close: bool) -> Verdict:
        """The checker's judgement of a discard in the play phase (``close``: stated as a closing one)."""
        seat = state.turn
        hand = state.hands[seat]
        team = state.team_of(seat)
        if card not in hand:
            return refuse("discard.held", _("you do not hold {card}").format(card=card))
        if self._must_play_first(state):
            return refuse(
                "take.must-meld", _("you took the pile, so you must meld or attach at least one card before discarding")
            )
        if single_card_locked(state, card, hand):
            return refuse(
                "discard.single-pile",
                _("you took {card} from a one-card pile this turn; discard a different card").format(card=card),
            )
        last = len(hand) == 1
        if close and not last:
            return refuse(
                "close.last-card", _("you close by discarding your last card, and you hold {n} cards").format(n=len(hand))
            )
        if last and (close or state.pozzetto_taken[team]):
            v = close_problem(state, seat, card)
            if not v.ok:
                return refuse(v.rule, _("you cannot close with {card}: {why}").format(card=card, why=v.reason))
        return ALLOWED

    def _judge_meld(self, state: BurracoState, cards: tuple[Card, ...], wild: Card | None) -> TableMeld | Verdict:
        """The checker's judgement of a new meld in the play phase: the refusal, or the table meld it lays
        (so that the lean replay lays what was judged instead of reading the meld again)."""
        config = state.config
        seat = state.turn
        hand = state.hands[seat]
        team = state.team_of(seat)
        if not _holds(hand, cards):
            return refuse("meld.held", _("you do not hold {cards}").format(cards=" ".join(cards)))
        lay = read_new(cards, config, wild)
        if isinstance(lay, Verdict):
            return lay
        if lay.kind == "set" and set_rank_taken(state.melds, team, lay.rank or ""):
            return refuse(
                "meld.same-rank",
                _("your team already has a set of {rank}; attach to it instead of opening a second one").format(rank=lay.rank),
            )
        laid = new_table_meld(team, lay, config)
        verdict = after_meld_verdict(state, seat, _without(hand, cards), [*state.melds, laid])
        return laid if verdict.ok else verdict

    def _judge_attach(self, state: BurracoState, cards: tuple[Card, ...], target: int, wild: Card | None) -> TableMeld | Verdict:
        """The checker's judgement of an attachment in the play phase: the refusal, or the table meld
        ``target`` becomes (:meth:`_judge_meld`)."""
        seat = state.turn
        hand = state.hands[seat]
        if not cards:
            return refuse("attach.held", _("attach which cards?"))
        if not _holds(hand, cards):
            return refuse("attach.held", _("you do not hold {cards}").format(cards=" ".join(cards)))
        if not 1 <= target <= len(state.melds):
            if not state.melds:
                return refuse("attach.target", _("there are no melds on the table yet"))
            return refuse(
                "attach.target",
                _("there is no meld {n} (melds are numbered 1 to {m})").format(n=target, m=len(state.melds)),
            )
        tm = state.melds[target - 1]
        if tm.team != state.team_of(seat):
            return refuse(
                "attach.own-team",
                _("meld {n} belongs to the opponents; you may attach only to your own team's melds").format(n=target),
            )
        got = extend(tm, cards, state.config, wild)
        if isinstance(got, Verdict):
            return refuse(
                got.rule,
                _("{cards} cannot go on meld {n}: {why}").format(cards=" ".join(cards), n=target, why=got.reason),
            )
        after = list(state.melds)
        after[target - 1] = got
        verdict = after_meld_verdict(state, seat, _without(hand, cards), after)
        return got if verdict.ok else verdict

    replay_move = replaying.replay_move
    """A logged move checked and made in one step, laying the meld the checker read (:mod:`.replaying`)."""

    def apply(self, state: BurracoState, move: mv.Move) -> Outcome[mv.BurracoFacts]:
        seat = state.turn
        team = state.team_of(seat)
        facts: mv.BurracoFacts = {"players": state.players}
        private: dict[int, mv.BurracoFacts] = {}
        had_pozzetto = state.pozzetto_taken[team]
        match move:
            case mv.Draw():
                private[seat] = {"card": state.stock[-1]}
            case mv.Take():
                facts["pile"] = tuple(state.discard)
            case mv.Attach(_cards, target, _wild):
                facts["before"] = burraco_kind(state.melds[target - 1], state.config)
        self._apply(state, move)
        match move:
            case mv.MeldMove():
                facts["kind"] = burraco_kind(state.melds[-1], state.config)
            case mv.Attach(_cards, target, _wild):
                facts["kind"] = burraco_kind(state.melds[target - 1], state.config)
            case mv.Discard():
                facts["closed"] = state.closed_by == seat
                facts["stock_end"] = state.phase == "over" and state.closed_by is None
                facts["stock"] = len(state.stock)
        if not had_pozzetto and state.pozzetto_taken[team]:
            facts["pozzetto"] = (
                "al-volo"
                if state.pozzetto_taken[team] == 1
                else (
                    "partner-discard"
                    if state.players == 4 and state.config.pozzetto_look == "partner-discard"
                    else "next-turn"
                    if state.players == 4 or state.config.pozzetto_look == "own-turn"
                    else "open"
                )
            )
        return Outcome(seat, move, facts, private)

    def _apply(self, state: BurracoState, move: mv.Move) -> None:
        seat = state.turn
        hand = state.hands[seat]
        config = state.config
        team = state.team_of(seat)
        match move:
            case mv.Draw():
                hand.append(state.stock.pop())
                state.phase = "play"
            case mv.Take():
                self._apply_take(state)
            case mv.MeldMove(cards, wild):
                lay = read_new(cards, config, wild)
                assert isinstance(lay, Meld)
                self._lay(state, seat, cards, new_table_meld(team, lay, config), None)
            case mv.Attach(cards, target, wild):
                tm = state.melds[target - 1]
                quick = attached(tm, cards[0], config) if len(cards) == 1 and wild is None else None
                # several cards, or a wildcard placed (or a move the checker refuses): read it out
                got = quick if quick is not None else extend(tm, cards, config, wild)
                assert isinstance(got, TableMeld)
                self._lay(state, seat, cards, got, target)
            case mv.Discard(card, _close):
                self._apply_discard(state, seat, card)
            case _:
                raise TypeError(move)

    def _apply_discard(self, state: BurracoState, seat: int, card: Card) -> None:
        """``seat`` discards ``card``: the turn passes, or the hand ends (a close, or the stock run out);
        discarding the last card without the pozzetto takes it."""
        hand = state.hands[seat]
        team = state.team_of(seat)
        hand.remove(card)
        state.discard.append(card)
        pozzetto.reveal_after_discard(state, seat)
        if not hand:
            if state.pozzetto_taken[team]:
                state.closed_by = seat
                self._end_hand(state)
                return
            pozzetto.take(state, seat, al_volo=False)
        if len(state.stock) <= state.config.unplayable_stock:
            self._end_hand(state)
            return
        state.turn = (seat + 1) % state.players
        state.phase = "draw"
        self._begin_turn(state)

    def _apply_take(self, state: BurracoState) -> None:
        pile = state.discard
        state.hands[state.turn].extend(pile)
        state.pile_takes.append((state.turn, tuple(pile), len(state.stock)))
        state.single_taken = pile[0] if len(pile) == 1 else None
        state.discard = []
        state.took_pile = True
        state.played_after_take = False
        state.phase = "play"

    def _lay(self, state: BurracoState, seat: int, cards: Sequence[Card], meld: TableMeld, target: int | None) -> None:
        """Put ``cards`` of ``seat`` on the table as ``meld``: a new meld (``target`` None) or meld ``target``
        as it now reads; melding the last cards takes the pozzetto al volo."""
        _remove(state.hands[seat], cards)
        if target is None:
            state.melds.append(meld)
        else:
            state.melds[target - 1] = meld
        self._after_play(state, seat)

    def _after_play(self, state: BurracoState, seat: int) -> None:
        state.played_after_take = True
        if not state.hands[seat]:
            pozzetto.take(state, seat, al_volo=True)

    # -- end of the hand -----------------------------------------------------------------------
    def _end_hand(self, state: BurracoState) -> None:
        ending.end_hand(state, self.seat_names(state.players))

    def match_result(self, state: BurracoState) -> MatchResult:
        return ending.match_result(state)

    def explain_result(
        self, result: HandResult, config: BurracoConfig, players: int, earlier: Sequence[HandResult | None] = ()
    ) -> list[str]:
        return ending.explain_result(result, config, players)

    def hand_stats(self, result: HandResult, players: int) -> dict[str, list[int | float | None]]:
        """For ``cardcli simulate``: who closed each hand (averaged per bot id: closes per hand)."""
        closer = result.detail.get("closed_by")
        return {"closes": [1 if name == closer else 0 for name in self.seat_names(players)]}

    # -- notation ------------------------------------------------------------------------------
    canonical_moves = ParsedMoves(mv.parse_move, mv.format_move)
    """Each logged notation parsed once: a long replay repeats its draws, discards and melds."""

    def format_move(self, move: mv.Move) -> str:
        return mv.format_move(move)

    def parse_move(self, text: str) -> mv.Move:
        return mv.parse_move(text)

    def shorthand(self, state: BurracoState, text: str, legal: Sequence[mv.Move]) -> list[mv.Move]:
        """A lone card means "discard it" (or attach it, if it cannot be discarded); a card and a
        number mean "attach it there"; several cards mean "meld them"."""
        words = text.split()
        try:
            if len(words) == 1:
                card = parse_card(words[0])
                discards: list[mv.Move] = [m for m in legal if isinstance(m, mv.Discard) and m.card == card]
                return discards or [m for m in legal if isinstance(m, mv.Attach) and m.cards == (card,)]
            if len(words) >= 2 and words[-1].isdigit():
                cards = tuple(parse_cards(" ".join(words[:-1])))
                if len(cards) == 1:
                    return [m for m in legal if isinstance(m, mv.Attach) and m.cards == cards and m.target == int(words[-1])]
                return []
            cards = tuple(parse_cards(text))
        except CardParseError:
            return []
        want = sorted(cards)
        return [m for m in legal if isinstance(m, mv.MeldMove) and sorted(m.cards) == want]

    def move_help(self) -> list[tuple[str, str]]:
        return [
            ("draw  (d)", _("take the top card of the stock")),
            ("take  (t)", _("take the whole discard pile")),
            ("meld 5H 6H JK", _("open a run or a set (add wild=7H to choose where a free wildcard goes)")),
            ("attach 7H 3", _("add cards to your team's meld number 3")),
            ("discard KS  (KS)", _("discard a card: ends your turn (your last card closes the hand)")),
            ("close KS", _("discard your last card to close; refused with the reason if you cannot")),
        ]

    # -- information ---------------------------------------------------------------------------
    def view(self, state: BurracoState, seat: int | None) -> BurracoView:
        return view_of(state, seat, seat_labels(self.seat_names(state.players)), seat_labels(team_names(state.players)))

    def full_view(self, state: BurracoState) -> BurracoView:
        return view_of(
            state, None, seat_labels(self.seat_names(state.players)), seat_labels(team_names(state.players)), reveal=True
        )

    def render(self, view: BurracoView, charset: Any) -> list[Line]:
        return render_view(view, charset)

    def render_since(self, view: BurracoView, before: BurracoView | None, charset: Any) -> list[Line]:
        """The table with what changed since ``before`` (the seat's view when its last turn ended) marked."""
        return render_view(view, charset, before)

    def status(self, view: BurracoView) -> str:
        return status_line(view)

    def narrate(self, outcome: Outcome[mv.BurracoFacts], observer: int | None) -> str:
        return narrate(outcome, observer, lambda n: seat_labels(self.seat_names(n)))

    def card_locations(self, state: BurracoState) -> dict[str, list[Card]]:
        names = self.seat_names(state.players)
        locs: dict[str, list[Card]] = {f"hand {names[i]}": h for i, h in enumerate(state.hands)}
        for i, c in enumerate(state.covered):
            locs[f"covered pozzetto {names[i]}"] = c
        locs["stock"] = state.stock
        locs["discard"] = state.discard
        for i, p in enumerate(state.pozzetti):
            locs[f"pozzetto {i + 1}"] = p
        for i, m in enumerate(state.melds):
            locs[f"meld {i + 1}"] = list(m.layout.cards)
        return locs

    def hidden_from(self, state: BurracoState, seat: int | None) -> list[list[Card]]:
        if state.phase == "over":
            return [state.stock, *state.pozzetti]
        hidden = [h for i, h in enumerate(state.hands) if i != seat]
        return [*hidden, *state.covered, state.stock, *state.pozzetti]

    def deal_summary(self, state: BurracoState) -> dict[str, Any]:
        names = self.seat_names(state.players)
        return {
            "dealer": names[state.dealer],
            "first_to_play": names[state.turn],
            "hands": {names[i]: list(h) for i, h in enumerate(state.hands)},
            "pozzetti": [list(p) for p in state.pozzetti],
            "upcard": state.discard[-1] if state.discard else None,
            "stock": len(state.stock),
        }

    score_keywords = ("meld", "hand", "closed", "pozzetto", "none")
    scorepad_table = "cardcli.scorepad.games:BurracoTable"

    def score_sheet(self, text: str, config: BurracoConfig, players: int | None) -> ScoreSheet:
        lines, points, data = score_sheet(text, config, players)
        return ScoreSheet(lines, dict(points), data)

    def commands(self) -> dict[str, Any]:
        from cardcli.games.burraco.view import explain_melds

        return {"melds": (_("the melds: kinds, what each wildcard stands for, which of your cards fit"), explain_melds)}


class _Discards(dict[Card, mv.Discard]):
    """The discard of each card (moves are immutable: each is made once and shared)."""

    def __missing__(self, card: Card) -> mv.Discard:
        got = self[card] = mv.Discard(card)
        return got


_DISCARDS = _Discards()
_discard = _DISCARDS.__getitem__


def _holds(hand: Sequence[str], cards: Sequence[str]) -> bool:
    """Whether ``hand`` holds every card of ``cards`` (as many copies as named: two decks)."""
    if len(cards) == 1:
        return cards[0] in hand
    return all(hand.count(c) >= cards.count(c) for c in set(cards))


def _remove(hand: list[Card], cards: Sequence[str]) -> None:
    for c in cards:
        hand.remove(Card(c))
