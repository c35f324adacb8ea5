"""Eleusis's rules: dealing, the dealer's rule move, judging plays, the two phases and the results.

The generator (:meth:`EleusisGame.legal_moves`) and the checker
(:meth:`EleusisGame.check`) are written separately; the playout tests compare
them. The dealer's only move is the secret rule (``rule …``, a secret move
that replays store and ``replay show`` hides); after it the program judges
every card by the rule, so the hand needs no dealer move per card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from cardcli.engine.cards import Card, multi_deck, sort_key
from cardcli.engine.game import Game, HandResult, Line, MatchResult, Outcome, ScoreSheet
from cardcli.engine.verdict import ALLOWED, Verdict, refuse
from cardcli.games.eleusis import moves as mv
from cardcli.games.eleusis.config import PRESET_HELP, PRESETS, EleusisConfig, deck_size
from cardcli.games.eleusis.fairness import fairness_of
from cardcli.games.eleusis.language import RuleError, compile_text, parse_rule, rule_digest, rule_json
from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.library import POOLS, describe, known
from cardcli.games.eleusis.rulebook import RULEBOOK
from cardcli.games.eleusis.scoring import (
    add,
    as_number,
    dealer_lines,
    dealer_score,
    fmt,
    parse_score_input,
    player_lines,
    player_scores,
)
from cardcli.games.eleusis.state import Attempt, EleusisState
from cardcli.games.eleusis.teaching import EleusisTeaching
from cardcli.games.eleusis.view import EleusisView, announcement_text, render_view, status_line, view_of
from cardcli.i18n import _

_INDEX = D.INDEX
_ORDER = D.INDEX.__getitem__
"""The engine's :func:`sort_key` order as one dict lookup: suits C D H S, ranks A..K, i.e. deck order."""
_PLAY_OF = mv.PLAYS.__getitem__
_PLAY = mv.Play
_NO_PRIVATE: Mapping[int, mv.EleusisFacts] = MappingProxyType({})
"""A card's outcome has no private facts: one shared, read-only empty mapping."""


def rule_verdict(text: str) -> Verdict:
    """Whether ``text`` may be a dealer's rule: it parses, type-checks, fits the limits and the one-fifth rule."""
    try:
        fair = fairness_of(text)
    except RuleError as err:
        return refuse(err.rule_id, _("the rule cannot be used: {why}").format(why=err.one_line()))
    if not fair.ok:
        return refuse("rule.fifth", _("the rule breaks the one-fifth rule: {why}").format(why=fair.reason()))
    return ALLOWED


class EleusisGame(EleusisTeaching, Game[EleusisState, mv.Move, EleusisView, EleusisConfig]):
    name = "eleusis"
    title = "Eleusis"
    summary = "the game of induction: the dealer writes a secret rule, the players find it; 3-7 players"
    player_counts = (3, 4, 5, 6, 7)
    default_players = 4
    config_type = EleusisConfig
    presets = PRESETS
    preset_help = PRESET_HELP
    rulebook = RULEBOOK
    default_bot = "normal"
    undo_allowed = False  # a card, once judged right or wrong, cannot be unseen

    bots_module = "cardcli.games.eleusis.bots"
    bot_ids = ("normal", "easy", "random")

    # -- setup ---------------------------------------------------------------------------------
    def check_setup(self, config: EleusisConfig, players: int) -> str | None:
        problem = super().check_setup(config, players)
        if problem:
            return problem
        if not known(config.rules):
            return (
                f"option rules={config.rules!r}: use one of {', '.join(POOLS)} or a library rule id "
                "(`cardcli rules eleusis library`)"
            )
        if config.deals_per_player < 1:
            return "option deals_per_player must be at least 1"
        if config.phase_two_rounds < 1:
            return "option phase_two_rounds must be at least 1"
        return None

    def deck(self, config: EleusisConfig, players: int) -> list[Card]:
        return multi_deck(1)

    def new_match(self, config: EleusisConfig, players: int, first_dealer: int) -> EleusisState:
        return EleusisState(config=config, players=players, dealer=first_dealer, totals=[Fraction(0)] * players)

    def next_dealer(self, state: EleusisState) -> int:
        if state.hand_number == 0:
            return state.dealer
        return (state.dealer + 1) % state.players

    def start_hand(self, state: EleusisState, deck: Sequence[Card]) -> None:
        n = state.players
        cards = list(deck)
        if len(cards) != 52 or len(set(cards)) != 52:
            raise ValueError("an eleusis deal needs the 52 distinct cards of one deck")
        state.dealer = self.next_dealer(state)
        state.hand_number += 1
        trim = 52 - deck_size(n)
        state.removed = cards[:trim]
        rest = cards[trim:]
        # One card at a time clockwise from the dealer's left, skipping the dealer: seat k of that
        # order gets every (n-1)-th card from the k-th, in the order dealt.
        state.hands = [[] for _ in range(n)]
        dealt = rest[:-1]
        for k, seat in enumerate(self.players_of(state)):
            state.hands[seat] = dealt[k :: n - 1]
        state.mainline = [rest[-1]]
        state.wrong = [[] for _ in range(n)]
        state.attempts = []
        state.phase = "rule"
        state.turn = state.dealer
        state.rule_text = ""
        state.rule = None
        state.rstate = None
        state.announcements = ()
        state.wrong_counts = None
        state.phase_two_turns = 0
        state.ended = ""
        state.result = None

    # -- play ----------------------------------------------------------------------------------
    def to_act(self, state: EleusisState) -> int | None:
        phase = state.phase
        if phase == "one" or phase == "two":  # the common case first: asked before every card
            return state.turn
        if phase == "rule":
            return state.dealer
        return None

    def legal_moves(self, state: EleusisState) -> list[mv.Move]:
        phase = state.phase
        if phase == "one":
            cards = state.hands[state.turn]
        elif phase == "two":
            cards = state.wrong[state.turn]
        elif phase == "rule":
            return list(mv.rule_moves(state.config.rules))
        else:
            return []
        # The engine's card order is the deck order (a test pins it), so a dict lookup replaces
        # sort_key. No set: a hand or a pile never holds a card twice (start_hand takes 52 distinct
        # cards and a card only moves), and deduplicating cost a tenth of a playout.
        try:
            return list(map(_PLAY_OF, sorted(cards, key=_ORDER)))
        except KeyError:  # a card outside the 52 (only a state built by hand can hold one)
            return [mv.Play(c) for c in sorted(set(cards), key=sort_key)]

    def check(self, state: EleusisState, move: mv.Move) -> Verdict:
        if state.phase not in ("rule", "one", "two"):
            return refuse("turn.over", _("the hand is over"))
        match move:
            case mv.SetRule(text):
                if state.phase != "rule":
                    return refuse("turn.rule-set", _("the rule of this hand is already written; it cannot change"))
                return rule_verdict(text)
            case mv.Play(card):
                if state.phase == "rule":
                    return refuse(
                        "turn.rule-first",
                        _(
                            "no card can be played before the rule is written, and the "
                            "dealer never plays a card (the dealer writes e.g. "
                            "`rule alternate-colours`)"
                        ),
                    )
                if state.phase == "one":
                    if card not in state.hands[state.turn]:
                        return refuse("play.held", _("you do not hold {card}").format(card=card))
                    return ALLOWED
                if card not in state.wrong[state.turn]:
                    return refuse(
                        "two.reserve",
                        _("in phase two you play one of your wrong cards, and {card} is not one of them").format(card=card),
                    )
                return ALLOWED
        raise TypeError(move)

    def judge(self, state: EleusisState, card: Card) -> bool:
        """Whether the secret rule accepts ``card`` now (engine only: views never see this)."""
        assert state.rule is not None and state.rstate is not None
        return state.rule.accepts(state.rstate, D.INDEX[card])

    def apply(self, state: EleusisState, move: mv.Move) -> Outcome[mv.EleusisFacts]:
        if move.__class__ is _PLAY:
            # Nearly every move is a card, answered before the pattern match (playouts spend a good
            # share of their time here). With no rule yet, _play fails its assertion.
            seat = state.turn
            phase_one = state.phase == "one"
            right = self._play(state, move.card)
            return Outcome(
                seat,
                move,
                {"players": state.players, "right": right, "phase_one_over": phase_one and state.phase != "one"},
                _NO_PRIVATE,
            )
        facts: mv.EleusisFacts = {"players": state.players}
        private: dict[int, mv.EleusisFacts] = {}
        match move:
            case mv.SetRule(text):
                seat = state.dealer
                rule = compile_text(text)
                state.rule = rule
                state.rule_text = text
                state.rstate = rule.start(D.INDEX[state.mainline[0]])
                ann = list(rule.rule.announces)
                if rule.rule.wraps and "wrap" not in ann:
                    ann.insert(0, "wrap")
                state.announcements = tuple(ann)
                state.phase = "one"
                state.turn = state.next_player(state.dealer)
                facts["announced"] = tuple(ann)
                private[seat] = {"rule": text}
            case _:  # a card is answered above
                raise TypeError(move)
        return Outcome(seat, move, facts, private)

    def _play(self, state: EleusisState, card: Card) -> bool:
        """Judge ``card`` (as :meth:`judge` would), move it and pass the turn; True if it was right.

        Every card of every playout comes through here, hence one :meth:`CompiledRule.advance` for
        judging and stepping, the local names and the inlined :meth:`EleusisState.next_player`.
        """
        seat = state.turn
        rule, rstate = state.rule, state.rstate
        assert rule is not None and rstate is not None
        after = rule.advance(rstate, _INDEX[card])
        right = after is not None
        mainline = state.mainline
        phase_one = state.phase == "one"
        state.attempts.append(Attempt(seat, card, right, len(mainline), 1 if phase_one else 2))
        if after is not None:
            state.rstate = after
            mainline.append(card)
        players, dealer = state.players, state.dealer
        nxt = (seat + 1) % players
        if nxt == dealer:
            nxt = (nxt + 1) % players
        if phase_one:
            hands = state.hands
            hand = hands[seat]
            hand.remove(card)
            if not right:
                state.wrong[seat].append(card)
            if hand or any(hands):  # the player's own hand answers without scanning the others
                state.turn = nxt
            else:
                self._end_phase_one(state, seat)
            return right
        wrong = state.wrong[seat]
        if right:
            wrong.remove(card)
        state.phase_two_turns += 1
        if not wrong:
            self._finish(state, "out")
            return right
        state.turn = nxt
        if state.phase_two_turns >= state.config.phase_two_rounds * (players - 1):
            self._finish(state, "rounds")
        elif self._blocked(state):
            self._finish(state, "blocked")
        return right

    def _end_phase_one(self, state: EleusisState, last: int) -> None:
        state.wrong_counts = [len(w) for w in state.wrong]
        players = self.players_of(state)
        if not state.config.phase_two:
            self._finish(state, "phase-one")
        elif any(not state.wrong[p] for p in players):
            self._finish(state, "skipped")
        else:
            state.phase = "two"
            state.turn = state.next_player(last)
            if self._blocked(state):
                self._finish(state, "blocked")

    def _blocked(self, state: EleusisState) -> bool:
        """True when no card in front of any player could be added (the dealer would announce it)."""
        assert state.rule is not None and state.rstate is not None
        mask = state.rule.mask(state.rstate)
        index = _INDEX
        for w in state.wrong:  # plain loops: called after every phase-two card
            for c in w:
                if mask >> index[c] & 1:
                    return False
        return True

    @staticmethod
    def players_of(state: EleusisState) -> list[int]:
        """The non-dealer seats clockwise from the dealer's left."""
        return [(state.dealer + i) % state.players for i in range(1, state.players)]

    def _finish(self, state: EleusisState, how: str) -> None:
        players = self.players_of(state)
        assert state.wrong_counts is not None
        wrong = [state.wrong_counts[p] for p in players]
        left = [len(state.wrong[p]) for p in players]
        points = [Fraction(0)] * state.players
        points[state.dealer] = Fraction(dealer_score(wrong))
        for seat, sc in zip(players, player_scores(left)):
            points[seat] = sc
        totals = state.totals
        for i, pts in enumerate(points):
            totals[i] = add(totals[i], pts)
        per_seat_wrong: list[int | None] = [None] * state.players
        per_seat_left: list[int | None] = [None] * state.players
        for p, w, n in zip(players, wrong, left):
            per_seat_wrong[p], per_seat_left[p] = w, n
        state.result = HandResult(
            points=[as_number(p) for p in points],
            totals=[as_number(t) for t in state.totals],
            detail={
                "dealer": state.dealer,
                "rule": state.rule_text,
                "wrong": per_seat_wrong,
                "left": per_seat_left,
                "ended": how,
                "phase_two_turns": state.phase_two_turns,
            },
        )
        state.results.append(state.result)
        state.phase = "over"
        state.ended = how
        if state.hand_number >= state.config.deals_per_player * state.players:
            state.match_done = True

    # -- notation ------------------------------------------------------------------------------
    def format_move(self, move: mv.Move) -> str:
        if move.__class__ is _PLAY:  # what mv.format_move writes; the fold logs every move's notation
            return "play " + move.card
        return mv.format_move(move)

    def parse_move(self, text: str) -> mv.Move:
        return mv.parse_move(text)

    def is_open_move(self, move: mv.Move) -> bool:
        return isinstance(move, mv.SetRule)

    def is_secret_move(self, move: mv.Move) -> bool:
        return isinstance(move, mv.SetRule)

    def move_help(self) -> list[tuple[str, str]]:
        return [
            ("play 7H  (7H)", _("play a card onto the mainline; the rule judges it right or wrong")),
            ("rule accept: …", _("(dealer) write the secret rule in the rule language")),
            ("rule alternate-colours", _("(dealer) use a rule of the library (`rules eleusis library`)")),
        ]

    # -- information ---------------------------------------------------------------------------
    def view(self, state: EleusisState, seat: int | None) -> EleusisView:
        return view_of(state, seat, self.seat_names(state.players))

    def full_view(self, state: EleusisState) -> EleusisView:
        return view_of(state, None, self.seat_names(state.players), reveal=True)

    def revealed_view(self, state: EleusisState, seat: int | None) -> EleusisView:
        return view_of(state, seat, self.seat_names(state.players), reveal=seat is None, rule=True)

    def render(self, view: EleusisView, charset: Any) -> list[Line]:
        return render_view(view, charset)

    def status(self, view: EleusisView) -> str:
        return status_line(view)

    def narrate(self, outcome: Outcome[mv.EleusisFacts], observer: int | None) -> str:
        f = outcome.seen_by(observer)
        names = self.seat_names(f["players"])
        who = names[outcome.seat]
        match outcome.move:
            case mv.SetRule():
                if "rule" in f:
                    line = _("{who} sets the rule: {rule}").format(who=who, rule=f["rule"])
                else:
                    line = _("{who} writes down a secret rule").format(who=who)
                if f["announced"]:
                    line += _("; announced: ") + "; ".join(announcement_text(a) for a in f["announced"])
                return line
            case mv.Play(card):
                if "right" not in f:
                    return _("{who} plays {card}").format(who=who, card=card)
                line = (_("{who} plays {card}: right") if f["right"] else _("{who} plays {card}: wrong")).format(
                    who=who, card=card
                )
                if f["phase_one_over"]:
                    line += _(" (phase one is over)")
                return line
        return self.format_move(outcome.move)

    def card_locations(self, state: EleusisState) -> dict[str, list[Card]]:
        names = self.seat_names(state.players)
        locs: dict[str, list[Card]] = {"removed": state.removed, "mainline": state.mainline}
        for i, n in enumerate(names):
            if state.hands:
                locs[f"hand {n}"] = state.hands[i]
                locs[f"wrong {n}"] = state.wrong[i]
        return locs

    def hidden_from(self, state: EleusisState, seat: int | None) -> list[list[Card]]:
        return [h for i, h in enumerate(state.hands) if i != seat] + [state.removed]

    def deal_summary(self, state: EleusisState) -> dict[str, Any]:
        names = self.seat_names(state.players)
        return {
            "dealer": names[state.dealer],
            "first_to_play": names[state.next_player(state.dealer)],
            "deck_size": deck_size(state.players),
            "removed": len(state.removed),
            "hands": {names[i]: list(h) for i, h in enumerate(state.hands) if i != state.dealer},
            "starter": state.mainline[0] if state.mainline else None,
        }

    def hand_extra(self, state: EleusisState) -> dict[str, Any]:
        if not state.rule_text:
            return {}
        rule = parse_rule(state.rule_text)
        return {
            "rule": state.rule_text,
            "rule_ast": rule_json(rule),
            "rule_digest": rule_digest(rule),
            "removed": list(state.removed),
        }

    def hand_stats(self, result: HandResult, players: int) -> dict[str, list[int | float | None]]:
        """Wrong cards in phase one per player (the dealer has none): what `simulate` compares."""
        wrong = result.detail.get("wrong")
        return {"wrong cards": list(wrong)} if wrong else {}

    def commands(self) -> dict[str, tuple[str, Callable[[Any, str], list[str]]]]:
        from cardcli.games.eleusis.commands import fair_command, guess_command

        return {
            "guess": (_("test your hypothesis against the plays so far: `guess accept: …`"), guess_command),
            "fair": (_("check a rule's syntax and the one-fifth rule: `fair accept: …`"), fair_command),
        }

    # -- results -------------------------------------------------------------------------------
    def match_result(self, state: EleusisState) -> MatchResult:
        best = max(state.totals) if state.totals else 0
        winners = [i for i, t in enumerate(state.totals) if t == best] if state.match_done else []
        return MatchResult(
            totals=[as_number(t) for t in state.totals], winners=winners, hands=len(state.results), complete=state.match_done
        )

    def explain_result(
        self, result: HandResult, config: EleusisConfig, players: int, earlier: Sequence[HandResult | None] = ()
    ) -> list[str]:
        names = self.seat_names(players)
        d = result.detail
        lines: list[str] = []
        text = str(d.get("rule", ""))
        entry = describe(text)
        lines.append(_("The rule was: {rule}").format(rule=text) + (f"  ({_(entry.description)})" if entry else ""))
        dealer = int(d.get("dealer", 0))
        seats = [(dealer + i) % players for i in range(1, players)]
        wrong = [int(d["wrong"][s]) for s in seats] if d.get("wrong") else []
        left = [int(d["left"][s]) for s in seats] if d.get("left") else []
        how = d.get("ended", "")
        if wrong:
            lines.extend(dealer_lines(names, dealer, seats, wrong).lines)
        ended = {
            "out": _("phase two ended: a player has no cards left"),
            "blocked": _("phase two ended: no card in front of any player can be added to the mainline"),
            "rounds": _("phase two ended after {n} turns (the round limit)").format(n=d.get("phase_two_turns")),
            "skipped": _("phase two is not played: a player made no wrong card"),
            "phase-one": _("phase two is not played (option phase_two=false)"),
        }.get(str(how))
        if ended:
            lines.append(ended)
        if left:
            lines.extend(player_lines(names, seats, left, played=how not in ("skipped", "phase-one")).lines)
        lines.append(_("totals: ") + ", ".join(f"{n} {fmt(t)}" for n, t in zip(names, result.totals)))
        return lines

    score_keywords = ("dealer", "wrong", "left")
    scorepad_table = "cardcli.scorepad.games:EleusisTable"
    review_analyser = "cardcli.review.analysers:mainline"

    def score_sheet(self, text: str, config: EleusisConfig, players: int | None) -> ScoreSheet:
        names, dealer, seats, wrong, left = parse_score_input(text, players, self.seat_names)
        lines: list[str] = []
        points: dict[str, Any] = {}
        if wrong is not None:
            sheet = dealer_lines(names, dealer, seats, wrong)
            lines += sheet.lines
            points.update({names[s]: as_number(p) for s, p in sheet.points.items()})
        if left is not None:
            sheet = player_lines(names, seats, left)
            lines += sheet.lines
            points.update({names[s]: as_number(p) for s, p in sheet.points.items()})
        return ScoreSheet(lines, points, {"dealer": names[dealer]})
