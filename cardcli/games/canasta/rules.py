"""Italian canasta (three decks and six jokers): the :class:`Game` the registry loads.

This module wires the parts together — dealing, applying moves, ending
hands, notation, views — and keeps the rules themselves in their own modules:
:mod:`.pozzo` (the initial pile, taking it), :mod:`.opening`,
:mod:`.tablemelds` and :mod:`.wildmelds` (melds and canastas),
:mod:`.going_out`, :mod:`.scoring`; the move generator is :mod:`.legal`, the
checker :mod:`.checks`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardcli.engine.cards import Card, multi_deck
from cardcli.engine.game import Game, HandResult, Line, Outcome, ScoreSheet, Side
from cardcli.engine.notation import ParsedMoves
from cardcli.engine.verdict import InvalidMove, Verdict
from cardcli.engine.words import seat_labels
from cardcli.games.canasta import actions, checks, legal, replaying
from cardcli.games.canasta import moves as mv
from cardcli.games.canasta import pozzo as pz
from cardcli.games.canasta.config import PRESET_HELP, PRESETS, CanastaConfig
from cardcli.games.canasta.rulebook import RULEBOOK
from cardcli.games.canasta.scoring import SideInput, SideScore, explain, score_sides
from cardcli.games.canasta.state import WILD_KEY, CanastaState, TableMeld
from cardcli.games.canasta.tablemelds import CANASTA_NAMES, canasta_kind
from cardcli.games.canasta.teaching import CanastaTeaching
from cardcli.games.canasta.tokens import RANK_NAMES, is_red_three, is_wild, pick, tokens_of
from cardcli.games.canasta.view import CanastaView, render_view, status_line, view_of
from cardcli.games.canasta.wildmelds import CANASTA_SIZE
from cardcli.i18n import _, ngettext

HAND_SIZE = 15
SEAT_NAMES = {4: ["South", "West", "North", "East"], 2: ["South", "North"]}
SIDE_NAMES = {4: ["NS", "EW"], 2: ["South", "North"]}


class CanastaGame(CanastaTeaching, Game[CanastaState, mv.Move, CanastaView, CanastaConfig]):
    name = "canasta"
    title = "Italian canasta"
    summary = (
        "three decks and six jokers, 15 cards each, the Italian pozzo, canastas of pinelle and "
        "jolly; pairs of partners or head to head; match to 15000"
    )
    aliases = ("canastone", "italian-canasta")
    player_counts = (2, 4)
    default_players = 4
    config_type = CanastaConfig
    presets = PRESETS
    preset_help = PRESET_HELP
    rulebook = RULEBOOK
    default_bot = "basic"
    default_seat = 0  # South

    bots_module = "cardcli.games.canasta.bots"
    bot_ids = ("basic", "basic-v1", "random")

    # -- setup ---------------------------------------------------------------------------------
    def seat_names(self, players: int) -> list[str]:
        return list(SEAT_NAMES.get(players, [f"P{i + 1}" for i in range(players)]))

    def sides(self, config: Any, players: int) -> list[Side]:
        if players == 4:
            return [Side("NS", (0, 2)), Side("EW", (1, 3))]
        return [Side(n, (i,)) for i, n in enumerate(self.seat_names(players))]

    def check_setup(self, config: Any, players: int) -> str | None:
        if players not in self.player_counts:
            return _("canasta is played by 4 players in pairs or by 2 players, not {n}").format(n=players)
        return None

    def deck(self, config: Any, players: int) -> list[Card]:
        return multi_deck(3, jokers=6)

    def new_match(self, config: CanastaConfig, players: int, first_dealer: int) -> CanastaState:
        return CanastaState(config=config, players=players, dealer=first_dealer, totals=[0, 0])

    def next_dealer(self, state: CanastaState) -> int:
        if state.hand_number == 0:
            return state.dealer
        return state.next_seat(state.dealer)

    def start_hand(self, state: CanastaState, deck: Sequence[Card]) -> None:
        cfg = state.config
        cards = list(deck)
        if len(cards) != 162:
            raise ValueError("an Italian canasta deal needs the 162 cards of three decks and six jokers")
        state.dealer = self.next_dealer(state)
        state.hand_number += 1
        n = state.players
        order = []
        seat = state.dealer
        for _seat in range(n):
            seat = state.next_seat(seat)
            order.append(seat)
        state.hands = [[] for _ in range(n)]
        pos = HAND_SIZE * n
        for k, s in enumerate(order):  # one card at a time round the table: every n-th card, from the k-th
            state.hands[s] = cards[k:pos:n]
        state.stock = list(reversed(cards[pos:]))
        state.red3 = [[] for _ in range(n)]
        # Red threes at the deal (§1.6): laid out and replaced, in play order, until a round finds none.
        found = True
        while found:
            found = False
            for s in order:
                reds = [c for c in state.hands[s] if c[0] == "3" and is_red_three(c)]  # threes only: cheap
                for c in reds:
                    found = True
                    state.hands[s].remove(c)
                    state.red3[s].append(c)
                    state.hands[s].append(state.stock.pop(0) if cfg.red3_deal_replacement == "bottom" else state.stock.pop())
        built = pz.build(state.stock, cfg)
        state.pozzo = [built.upcard]
        state.covered = built.covered
        state.rejected = built.rejected
        state.melds = [[], []]
        state.opened = [False, False]
        state.start_totals = list(state.totals)
        state.needs_three = False
        state.turn = order[0]
        state.phase = "start"
        state.asked = None
        state.went_out = None
        state.result = None

    # -- play ----------------------------------------------------------------------------------
    def to_act(self, state: CanastaState) -> int | None:
        return state.to_act()

    def legal_moves(self, state: CanastaState) -> list[mv.Move]:
        return legal.legal_moves(state)

    def undo_barrier(self, state: CanastaState, move: mv.Move, viewer: int) -> str | None:
        if self.to_act(state) != viewer:
            return None  # what another player draws or picks up stays hidden from the viewer
        if isinstance(move, mv.Draw):
            return _("you have seen the cards you drew from the stock")
        if isinstance(move, mv.Take):
            return _("you have seen the covered cards of the pozzo")
        return None

    def check(self, state: CanastaState, move: mv.Move) -> Verdict:
        return checks.check(state, move)

    replay_move = replaying.replay_move
    """A logged move checked and made in one step, without the outcome (:mod:`.replaying`)."""

    def apply(self, state: CanastaState, move: mv.Move) -> Outcome[mv.CanastaFacts]:
        # The arms are exclusive (one per move type), so they are ordered by how often random and bot
        # play meets them — discards and draws first — which matters at one `apply` per move of a playout.
        seat = state.turn
        facts: mv.CanastaFacts = {"players": state.players}
        private: dict[int, mv.CanastaFacts] = {}
        match move:
            case mv.Discard(card):
                out = len(state.hands[seat]) == 1
                facts["card"] = self._discard(state, seat, card)
                facts["out"] = out
            case mv.Draw():
                side = state.side_of(seat)
                facts["opening_done"] = not state.opened[side] and any(m.pending for m in state.melds[side])
                before, reds_before = len(state.hands[seat]), len(state.red3[seat])
                self._draw(state, seat, side)
                got = state.hands[seat][before:]
                facts["n"] = len(got)
                facts["red3"] = tuple(state.red3[seat][reds_before:])
                private[seat] = {"cards": tuple(got)}
                self._after_draw(state, seat)
            case mv.Add(cards, target):
                meld = state.open_meld(state.side_of(seat), target)
                assert meld is not None
                facts["note"] = self._canasta_note(state, target, cards, new=False, old=meld)
                self._add(state, seat, meld, cards)
            case mv.Meld(cards):
                key = _key_of(cards)
                pending = state.phase == "start" and not state.opened[state.side_of(seat)]
                facts["opening"] = pending
                facts["note"] = self._canasta_note(state, key, cards, new=True)
                self._meld(state, seat, cards)
            case mv.Take():
                side = state.side_of(seat)
                facts["opening_done"] = not state.opened[side] and any(m.pending for m in state.melds[side])
                plan = pz.take_problem(state)
                assert isinstance(plan, pz.TakePlan)
                facts["size"] = len(state.pozzo) + len(state.covered)
                facts["with_"] = tuple(plan.from_hand)
                facts["top"] = state.pozzo[-1]
                kept = len(state.hands[seat]) - len(plan.from_hand)
                facts["red3"] = tuple(actions.take_pozzo(state, plan))
                private[seat] = {"cards": tuple(state.hands[seat][kept:])}
                state.phase = "play"
            case mv.Answer(yes):
                state.asked = "yes" if yes else "no"
                state.phase = "play"
                facts["partner"] = state.partner(seat)
            case mv.Ask():
                state.asked = "asked"
                state.phase = "answer"
                facts["partner"] = state.partner(seat)
            case mv.End():
                self._end_hand(state, None)
            case _:
                raise TypeError(move)
        return Outcome(seat, move, facts, private)

    # the state changes of apply's arms, shared with the lean replay (:mod:`.replaying`)
    def _discard(self, state: CanastaState, seat: int, card: str) -> str:
        """``seat`` discards a ``card`` (a rank token): the turn passes, or the player goes out.
        Returns the physical card discarded."""
        hand = state.hands[seat]
        physical = pick(hand, card)
        hand.remove(physical)
        state.pozzo.append(physical)
        if card == "JK" or card == "2":
            state.needs_three = True
        if not self._maybe_out(state):
            self._next_turn(state)
        return physical

    def _draw(self, state: CanastaState, seat: int, side: int) -> None:
        """``seat`` draws two cards from the stock; a pending opening becomes final."""
        actions.commit_opening(state, side)
        actions.draw(state, seat, 2)
        state.phase = "play"

    def _after_draw(self, state: CanastaState, seat: int) -> None:
        if not state.stock and len(state.hands[seat]) <= 1 and not legal.legal_moves(state):
            # The stock ran out during the draw (on red threes) and left the player a single
            # card they may not discard: they cannot finish the turn, so the hand ends as
            # when the stock is empty at the start of a turn (§6.4, inferred).
            self._end_hand(state, None)

    def _meld(self, state: CanastaState, seat: int, cards: tuple[str, ...]) -> None:
        """``seat`` lays ``cards`` as a new meld (pending while the side's opening is under way)."""
        pending = state.phase == "start" and not state.opened[state.side_of(seat)]
        actions.lay_meld(state, seat, _key_of(cards), cards, pending)
        self._maybe_out(state)

    def _add(self, state: CanastaState, seat: int, meld: TableMeld, cards: tuple[str, ...]) -> None:
        actions.add_to_meld(state, seat, meld, cards)
        self._maybe_out(state)

    def _maybe_out(self, state: CanastaState) -> bool:
        if state.phase != "play" or state.hands[state.turn]:
            return False
        self._end_hand(state, state.turn)
        return True

    def _next_turn(self, state: CanastaState) -> None:
        state.turn = state.next_seat(state.turn)
        state.phase = "start"
        state.asked = None
        if not state.stock and not state.config.pozzo_allowed_when_stock_empty:
            self._end_hand(state, None)  # §6.4: the stock has run out

    def _end_hand(self, state: CanastaState, out_seat: int | None) -> None:
        state.went_out = out_seat
        side = state.side_of(state.turn)
        if not state.opened[side] and state.melds[side]:
            # An opening still under way when the hand ends (`end` with an empty stock) was never
            # completed: its melds go back to the hand of the player who was laying them.
            for m in state.melds[side]:
                state.hands[state.turn].extend(m.cards)
            state.melds[side] = []
        names = SIDE_NAMES[state.players]
        inputs = []
        for side in range(2):
            seats = state.seats_of(side)
            inputs.append(
                SideInput(
                    names[side],
                    [m.tokens() for m in state.melds[side]],
                    sum(len(state.red3[s]) for s in seats),
                    [t for s in seats for t in tokens_of(state.hands[s])],
                    went_out=out_seat is not None and state.side_of(out_seat) == side,
                    opened=state.opened[side],
                )
            )
        scores = score_sides(inputs, state.config)
        for i, sc in enumerate(scores):
            state.totals[i] += sc.total
        points: list[int | float] = [sc.total for sc in scores]
        seat_names = self.seat_names(state.players)
        detail: dict[str, Any] = {
            "out": seat_names[out_seat] if out_seat is not None else None,
            "sides": [sc.as_json() for sc in scores],
        }
        totals: list[int | float] = list(state.totals)
        state.result = HandResult(points=points, totals=totals, detail=detail)
        state.results.append(state.result)
        state.phase = "over"
        cfg = state.config
        best = max(state.totals)
        leaders = [i for i, t in enumerate(state.totals) if t == best]
        if best >= cfg.target and len(leaders) == 1:
            state.match_done = True
        elif cfg.max_hands and state.hand_number >= cfg.max_hands:
            state.match_done = True

    # -- notation ------------------------------------------------------------------------------
    canonical_moves = ParsedMoves(mv.parse_move, mv.format_move)
    """Each logged notation parsed once: a long replay repeats its draws, discards and melds."""

    def format_move(self, move: mv.Move) -> str:
        return mv.format_move(move)

    def parse_move(self, text: str) -> mv.Move:
        return mv.parse_move(text)

    def shorthand(self, state: CanastaState, text: str, legal_moves: Sequence[mv.Move]) -> list[mv.Move]:
        """A lone card is a discard (or an addition, if it cannot be discarded); several cards
        are a meld, or an addition when they fit only there; ``add 2`` without ``to`` is
        matched against the legal additions."""
        words = [w for w in text.replace(",", " ").replace("-", " ").split() if w]
        if words and words[0].lower() in ("add", "attach", "attacca", "lay", "layoff", "meld", "cala", "m"):
            verb = words[0].lower()
            words = words[1:]
        else:
            verb = ""
        try:
            cards = sorted(mv.parse_token(w) for w in words)
        except InvalidMove:
            return []
        if not cards:
            return []
        if not verb and len(cards) == 1:
            disc: list[mv.Move] = [m for m in legal_moves if isinstance(m, mv.Discard) and m.card == cards[0]]
            if disc:
                return disc
        melds: list[mv.Move] = [m for m in legal_moves if isinstance(m, mv.Meld) and sorted(m.cards) == cards]
        adds: list[mv.Move] = [m for m in legal_moves if isinstance(m, mv.Add) and sorted(m.cards) == cards]
        if verb in ("meld", "cala", "m"):
            return melds
        if verb:
            return adds
        return melds or adds

    def spell_cards(self, text: str, charset: Any) -> str:
        """Narration with cards in ``charset``; rank tokens (``meld T T T``) written as the hand writes
        ranks (``10 10 10``, or ``ten, ten, ten`` in words)."""
        import re

        from cardcli.engine.cards import rank_word
        from cardcli.engine.text import cards_in_text

        if charset == "ascii":
            return text
        if charset == "unicode":
            return re.sub(r"(?<![\w♠♥♦♣])T(?![\w♠♥♦♣])", "10", cards_in_text(text, charset))
        run = re.compile(r"(?<![\w])((?:JK|[2-9TJQKA])(?: (?:JK|[2-9TJQKA]))+)(?![\w])")
        text = run.sub(lambda m: ", ".join(rank_word(t) for t in m.group(1).split()), text)
        # cards in words are several words each: a comma between them ("asso di quadri, re di picche")
        text = re.sub(r"(?<![\w])((?:JK|[2-9TJQKA][CDHS])) (?=(?:JK|[2-9TJQKA][CDHS])(?![\w]))", r"\1, ", text)
        return cards_in_text(text, charset)

    def card_help(self) -> str:
        return _("Cards by rank only (suits never matter): K, Q, 10 or T, 7, 3, 2; JK is a joker.")

    def move_help(self) -> list[tuple[str, str]]:
        return [
            ("meld K K K  (" + _("before drawing") + ")", _("open: lay melds worth your side's minimum before drawing")),
            ("draw  (d)", _("draw two cards from the stock")),
            ("take", _("take the pozzo with two (or three) matching natural cards")),
            ("meld Q Q Q 2", _("lay down a new meld (cards by rank: K, 10, 7, 2, JK)")),
            ("meld JK JK 2", _("a meld of wildcards (pinelle / jolly)")),
            ("add K 2 to K", _("add cards to your side's meld of kings (`to W`: the wild meld)")),
            ("discard 9  (9)", _("discard a card and end your turn")),
            ("ask / yes / no", _("ask partner whether you may go out, and the answer")),
        ]

    # -- information ---------------------------------------------------------------------------
    def view(self, state: CanastaState, seat: int | None) -> CanastaView:
        return view_of(state, seat, seat_labels(self.seat_names(state.players)), seat_labels(SIDE_NAMES[state.players]))

    def full_view(self, state: CanastaState) -> CanastaView:
        return view_of(
            state, None, seat_labels(self.seat_names(state.players)), seat_labels(SIDE_NAMES[state.players]), reveal=True
        )

    def render(self, view: CanastaView, charset: Any) -> list[Line]:
        return render_view(view, charset)

    def status(self, view: CanastaView) -> str:
        return status_line(view)

    def status_now(self, view: CanastaView, legal: Sequence[str]) -> str:
        return status_line(view, legal)

    def narrate(self, outcome: Outcome[mv.CanastaFacts], observer: int | None) -> str:
        f = outcome.seen_by(observer)
        names = seat_labels(self.seat_names(f["players"]))
        who = names[outcome.seat]
        move = outcome.move
        match move:
            case mv.Draw():
                text = (
                    _("{who} draws {cards}").format(who=who, cards=" ".join(f["cards"]))
                    if "cards" in f
                    else ngettext("{who} draws {n} card", "{who} draws {n} cards", f["n"]).format(who=who, n=f["n"])
                )
                if f["red3"]:
                    text += _(" and lays a red three: {cards}").format(cards=" ".join(f["red3"]))
                return self._opening_note(f, text)
            case mv.Take():
                text = ngettext(
                    "{who} takes the pozzo ({n} card) with {cards} on {top}",
                    "{who} takes the pozzo ({n} cards) with {cards} on {top}",
                    f["size"],
                ).format(who=who, n=f["size"], cards=" ".join(f["with_"]), top=f["top"])
                if "cards" in f:
                    text += _("; new cards: {cards}").format(cards=" ".join(f["cards"]))
                if f["red3"]:
                    text += _("; red threes found: {cards}").format(cards=" ".join(f["red3"]))
                return self._opening_note(f, text)
            case mv.End():
                return _("{who} does not take the pozzo: the stock is empty and the hand ends").format(who=who)
            case mv.Meld(cards):
                text = _("{who} melds {cards}").format(who=who, cards=" ".join(cards))
                if f["opening"]:
                    text += _(" (opening)")
                return text + f["note"]
            case mv.Add(cards, target):
                if target == WILD_KEY:
                    text = _("{who} adds {cards} to the wildcards").format(who=who, cards=" ".join(cards))
                else:
                    text = _("{who} adds {cards} to the {rank}").format(
                        who=who, cards=" ".join(cards), rank=_(RANK_NAMES[target])
                    )
                return text + f["note"]
            case mv.Discard(card):
                text = _("{who} discards {card}").format(who=who, card=f["card"])
                if f["out"]:
                    text += _(" and goes out")
                elif card == "3":
                    text += _(" (the pozzo is frozen for the next player)")
                elif is_wild(card):
                    text += _(" (now three matching cards are needed to take the pozzo)")
                return text
            case mv.Ask():
                partner = f["partner"]
                return _("{who} asks {partner}: may I go out?").format(
                    who=who, partner=names[partner] if partner is not None else "?"
                )
            case mv.Answer(yes):
                partner = f["partner"]
                return _("{partner} answers {answer}").format(
                    partner=names[partner] if partner is not None else "?", answer=_("yes") if yes else _("no")
                )
        return self.format_move(move)

    def _opening_note(self, facts: mv.CanastaFacts, text: str) -> str:
        if facts.get("opening_done"):
            return text + _(" (the opening is complete)")
        return text

    def _canasta_note(self, state: CanastaState, key: str, cards: Sequence[str], new: bool, old: TableMeld | None = None) -> str:
        """The narration's note on a meld that becomes a canasta or a progetto. ``old``: the meld
        added to, when the caller has it."""
        if not new and old is None:
            old = state.open_meld(state.side_of(state.turn), key)
        size = (len(old.cards) if old is not None else 0) + len(cards)
        if size < CANASTA_SIZE:  # no canasta: its kind need not be read (the common case, at every lay)
            return _(" (a progetto)") if size == 6 and key != WILD_KEY else ""
        base = list(old.tokens()) if old is not None else []
        meld = TableMeld(key, base + list(cards))
        kind = canasta_kind(meld)
        if kind is None or (old is not None and old.is_canasta()):
            if meld.size == 6 and not meld.wild:
                return _(" (a progetto)")
            return ""
        return " — " + _(CANASTA_NAMES[kind]) + "!"

    def card_locations(self, state: CanastaState) -> dict[str, list[Card]]:
        names = self.seat_names(state.players)
        locs: dict[str, list[Card]] = {f"hand {names[i]}": h for i, h in enumerate(state.hands)}
        locs["stock"] = state.stock
        locs["pozzo"] = state.pozzo
        locs["pozzo covered"] = state.covered
        for i, r in enumerate(state.red3):
            locs[f"red threes {names[i]}"] = r
        for side, melds in enumerate(state.melds):
            for j, m in enumerate(melds):
                locs[f"side {side} meld {j + 1} ({m.key})"] = m.cards
        return locs

    def hidden_from(self, state: CanastaState, seat: int | None) -> list[list[Card]]:
        hidden = [state.stock, state.covered]
        if state.phase == "over":
            return hidden
        return [h for i, h in enumerate(state.hands) if i != seat] + hidden

    def deal_summary(self, state: CanastaState) -> dict[str, Any]:
        names = self.seat_names(state.players)
        return {
            "dealer": names[state.dealer],
            "first_to_play": names[state.turn],
            "hands": {names[i]: list(h) for i, h in enumerate(state.hands)},
            "red_threes": {names[i]: list(r) for i, r in enumerate(state.red3) if r},
            "upcard": state.pozzo[-1] if state.pozzo else None,
            "pozzo_covered": len(state.covered),
            "rejected_upcards": list(state.rejected),
            "stock": len(state.stock),
        }

    score_keywords = ("side", "canasta", "meld", "red3", "hand", "out", "opened")
    scorepad_table = "cardcli.scorepad.games:CanastaTable"

    def score_sheet(self, text: str, config: CanastaConfig, players: int | None) -> ScoreSheet:
        from cardcli.games.canasta.scoresheet import score_text

        scores, n = score_text(text, config, players)
        lines = explain(scores, config)
        lines.append(_("hand: ") + ", ".join(f"{s.name} {s.total:+}" for s in scores))
        return ScoreSheet(
            lines, {s.name: s.total for s in scores}, {"players": n, "sides": {s.name: s.as_json() for s in scores}}
        )

    def hand_stats(self, result: HandResult, players: int) -> dict[str, list[int | float | None]]:
        """Per seat, for `cardcli simulate`: the canastas of the seat's side, and going out."""
        sides = result.detail.get("sides", [])
        names = self.seat_names(players)
        side_of = [s % 2 if players == 4 else s for s in range(players)]
        return {
            "canastas": [len(sides[side_of[s]]["canastas"]) if sides else None for s in range(players)],
            "went out": [1 if result.detail.get("out") == names[s] else 0 for s in range(players)],
        }

    # -- results -------------------------------------------------------------------------------
    def explain_result(
        self, result: HandResult, config: CanastaConfig, players: int, earlier: Sequence[HandResult | None] = ()
    ) -> list[str]:
        d = result.detail
        lines: list[str] = []
        if d.get("out"):
            lines.append(_("{who} went out").format(who=d["out"]))
        else:
            lines.append(_("the stock ran out: nobody went out"))
        names = SIDE_NAMES[players]
        scores = []
        for name, s in zip(names, d.get("sides", [])):
            scores.append(
                SideScore(
                    name,
                    [tuple(c) for c in s["canastas"]],
                    s["canasta_bonus"],
                    s["going_out"],
                    s["red_threes"],
                    s["red3_points"],
                    s["melded"],
                    s["in_hand"],
                    s["hand_penalty"],
                    s["doubled"],
                    s["samba"],
                    s["total"],
                )
            )
        lines.extend(explain(scores, config))
        lines.append(_("totals: ") + ", ".join(f"{n} {t}" for n, t in zip(names, result.totals)))
        return lines


def _key_of(cards: tuple[str, ...]) -> str:
    """The rank a new meld of ``cards`` is kept under: its first natural, or ``W`` for wildcards only."""
    return cards[0] if cards and not is_wild(cards[0]) else next((c for c in cards if not is_wild(c)), WILD_KEY)
