"""Bridge's rules: the deal, the auction, the play, claims and the rubber score.

The legal-move generator (:meth:`BridgeGame.legal_moves`) and the checker
(:meth:`BridgeGame.check`) are written separately on purpose; the playout tests
compare them at every position. The auction's pair lives in
:mod:`cardcli.games.bridge.auction`.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any, cast

from cardcli.engine.cards import Card, multi_deck
from cardcli.engine.game import Game, HandResult, Line, MatchResult, Outcome, Side
from cardcli.engine.verdict import ALLOWED, MoveError, Verdict
from cardcli.engine.words import seat_labels
from cardcli.games.bridge import lean
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.claims import apply_claim_move
from cardcli.games.bridge.config import PRESET_HELP, PRESETS, BridgeConfig, deal_setup, parse_deals
from cardcli.games.bridge.formats import BridgeFormats
from cardcli.games.bridge.hand_score import VUL_NAMES, explain_result
from cardcli.games.bridge.held import CARD_BIT, RUNS, SUIT_INDEX, follows_suit, play_runs
from cardcli.games.bridge.lean import auction_ends, end_trick
from cardcli.games.bridge.narration import SEAT_NAMES, narrate
from cardcli.games.bridge.play import hcp
from cardcli.games.bridge.refusals import refusal
from cardcli.games.bridge.rubber import Rubber
from cardcli.games.bridge.rulebook import RULEBOOK
from cardcli.games.bridge.state import BridgeState
from cardcli.games.bridge.teaching import BridgeTeaching
from cardcli.games.bridge.view import BridgeView, render_view, status_line, view_of
from cardcli.i18n import _

_CLAIMS: tuple[mv.Claim, ...] = tuple(m for m in mv.ALL_MOVES if type(m) is mv.Claim)
_RESPONSES: tuple[mv.Respond, mv.Respond] = (mv.Respond(True), mv.Respond(False))
_ONE_DECK = tuple(multi_deck(1))
"""The 52 cards in the fixed order the seeded shuffle starts from (made once: every deal and every
replay's deck check asks for it)."""
_PLAY = mv.Play
_CALL_TYPES = (mv.Bid, mv.Pass, mv.Double, mv.Redouble)
_SHARED = frozenset(id(m) for m in mv.ALL_MOVES)
_SHARED_IDS = {id(m): a for a, m in enumerate(lean.ID_MOVES)}
"""id of a shared move object → its number (the fold reads a replay's moves as the shared objects)."""
_PLAY_OUTCOMES: list[dict[Card, Outcome[mv.BridgeFacts]]] = [{} for _ in range(4 * 4 * 3)]
"""``(turn * 4 + declarer) * 3 + lead + first`` (``turn``: the hand the card comes from) → card of a
shared play move → its outcome when it does not end a trick (outcomes are frozen values too: made
once per kind, their facts read-only)."""
_TRICK_FACTS: dict[int, mv.BridgeFacts] = {}
"""The facts of a card that ends a trick, by (hand played from, declarer, winner, tricks won by
each side): at most 12,544 read-only mappings, shared by every outcome with those facts."""


def _frozen(facts: mv.BridgeFacts) -> mv.BridgeFacts:
    """``facts`` as a read-only mapping, still typed as the facts (outcomes made once are shared)."""
    return cast(mv.BridgeFacts, MappingProxyType(cast(dict[str, object], facts)))


def _play_outcome(turn: int, declarer: int, move: mv.Play, lead: bool, first: bool) -> Outcome[mv.BridgeFacts]:
    """The outcome of a card that does not end its trick (built once per kind, then shared)."""
    dummy = (declarer + 2) % 4
    return Outcome(
        declarer if turn == dummy else turn,
        move,
        _frozen({"dummy": dummy, "declarer": declarer, "lead": lead, "first": first, "from_dummy": turn == dummy}),
    )


_CALL_OUTCOMES: list[dict[int, Outcome[mv.BridgeFacts]]] = [{} for _ in range(4)]
"""Seat → id of a shared call → its outcome when it does not end the auction."""


class BridgeGame(BridgeTeaching, BridgeFormats, Game[BridgeState, mv.Move, BridgeView, BridgeConfig]):
    name = "bridge"
    title = "Contract bridge (rubber)"
    summary = "rubber bridge by the Laws: auction, play with dummy, claims, rubber scorepad, PBN"
    aliases = ("contract-bridge", "rubber")
    player_counts = (4,)
    default_players = 4
    config_type = BridgeConfig
    presets = PRESETS
    preset_help = PRESET_HELP
    rulebook = RULEBOOK
    default_bot = "auto"
    default_seat = 2  # South, as bridge diagrams put the reader
    deal_formats = ("text", "json", "pbn")
    export_formats = ("pbn", "lin")
    import_formats = ("pbn", "lin")

    bots_module = "cardcli.games.bridge.bots"
    bot_ids = ("auto", "dds", "heuristic", "random")

    # -- setup ---------------------------------------------------------------------------------
    def match_title(self, config: BridgeConfig) -> str:
        return _("Contract bridge (deals)") if config.scoring == "deals" else _(self.title)

    def seat_names(self, players: int) -> list[str]:
        return list(SEAT_NAMES)

    def sides(self, config: Any, players: int) -> list[Side]:
        return [Side("NS", (0, 2)), Side("EW", (1, 3))]

    def deck(self, config: BridgeConfig, players: int) -> list[Card]:
        return list(_ONE_DECK)

    new_match = staticmethod(lean.new_match)

    def check_setup(self, config: BridgeConfig, players: int) -> str | None:
        problem = super().check_setup(config, players)
        if problem is None and config.deals:
            try:
                parse_deals(config.deals)
            except ValueError as err:
                return str(err)
        return problem

    def first_dealer(self, config: BridgeConfig, players: int, seed: int | str) -> int:
        if config.scoring == "deals":
            return deal_setup(config, 1)[0]
        return super().first_dealer(config, players, seed)

    def next_dealer(self, state: BridgeState) -> int:
        """The first dealer, then clockwise every hand, passed-out hands included
        (scoring=deals: the dealer the deal schedule names)."""
        if state.config.scoring == "deals":
            return deal_setup(state.config, state.hand_number + 1)[0]
        if state.hand_number == 0:
            return state.dealer
        return (state.dealer + 1) % 4

    def may_leave_hand(self, state: BridgeState) -> bool:
        """Independent deals (``scoring=deals``) may hold boards recorded in part: a deal with no
        auction, an auction or a play that stops where the file stops. A rubber may not: its next
        deal depends on how this one ended."""
        return state.config.scoring == "deals"

    checks_deck = True  # lean.deal_in refuses a deck that is not one deck, the state untouched

    def start_hand(self, state: BridgeState, deck: Sequence[Card]) -> None:
        dealer = self.next_dealer(state)
        lean.deal_in(state, deck, dealer)  # refuses a deck that is not one deck before changing anything
        if state.config.scoring == "deals":
            # an independent deal: its own vulnerability, nothing carried over but the totals
            vul = deal_setup(state.config, state.hand_number)[1]
            state.rubber = Rubber(start_vulnerable=vul, totals=list(state.rubber.totals))

    # -- play ----------------------------------------------------------------------------------
    to_act = staticmethod(lean.to_act)

    def card_help(self) -> str:
        return _("Cards: QS or q♠ or ♠Q (queen of spades), TH or 10h; suits C D H S. Calls: 1C … 7N, P, X, XX.")

    def spell_cards(self, text: str, charset: Any) -> str:
        """Narration, hints and refusals with the cards in ``charset``, and the calls as the table
        writes them (``1♦``): one notation wherever the player reads. ``2S`` is a card after a
        card's verb (``plays 2S``) and a call after a call's word (``bids 2S``, ``2S by North``)."""
        from cardcli.engine.text import cards_after
        from cardcli.games.bridge.narration import calls_in_text
        from cardcli.games.bridge.refusals import PLAY_CARD

        verbs = {
            *("play", _("play"), _("plays"), _("leads"), _("lead"), "with", _("with")),
            _(PLAY_CARD).partition(" {card}")[0],
            *(_("hold"), _("holds"), _("holds:"), _("you hold"), _("dummy holds")),
        }
        return calls_in_text(cards_after(verbs, text, charset), charset)

    def move_words(self, move: mv.Move, charset: Any) -> str:
        """A card as ``3♣`` (``3C`` in ASCII), a call as the table writes it (``1♦``, ``Pass``)."""
        from cardcli.engine.cards import format_card
        from cardcli.games.bridge.view import call_text

        if isinstance(move, mv.Play):
            return format_card(move.card, charset)
        if isinstance(move, (mv.Claim, mv.Respond)):
            return mv.format_move(move)
        text = call_text(move, charset)
        return _("Pass") if text in ("P", "Pass") else text

    def played_by(self, state: BridgeState, seat: int) -> int | None:
        """Whose player may make ``seat``'s moves now besides its own: in the play, dummy's.

        A human dummy then plays the contract from the declarer's seat (both hands), as
        Funbridge does; the moves stay the declarer's, so replays are unchanged."""
        if state.phase == "play" and state.contract is not None and seat == state.contract.declarer:
            return state.contract.dummy
        return None

    def forced_move(self, state: BridgeState, legal: Sequence[mv.Move]) -> mv.Move | None:
        """The card to play when it is the only legal one (a singleton in the suit led, the last trick)."""
        if state.phase != "play":
            return None
        plays = [m for m in legal if isinstance(m, mv.Play)]
        return plays[0] if len(plays) == 1 else None

    def legal_moves(self, state: BridgeState, claims: bool = True) -> list[mv.Move]:
        """The legal moves in a stable order: calls P, X, XX, bids upwards; cards in hand order,
        then the claims. ``claims=False`` leaves the claims out (random playouts)."""
        phase = state.phase
        if phase == "play":
            # the hand, or its cards of the suit led: ready-made tuples from the seat's suit masks
            trick = state.trick
            m = state.suits[state.turn]
            r = RUNS or play_runs()
            out: list[mv.Move]
            if trick and m[i := SUIT_INDEX[trick[0][1]]]:
                out = list(r[i][m[i]])
            else:
                out = [*r[0][m[0]], *r[1][m[1]], *r[2][m[2]], *r[3][m[3]]]
            if claims:
                side = state.turn % 2  # the side of the seat to act (dummy's is declarer's)
                done = len(state.tricks)
                if state.rejected != (side, done * 4 + len(trick)):
                    won = state.won[side]
                    out.extend(_CLAIMS[won : won + 14 - done])
            return out
        if phase == "auction":
            return list(state.auction.legal())
        if phase == "claim":
            return list(_RESPONSES)
        return []

    def undo_barrier(self, state: BridgeState, move: mv.Move, viewer: int) -> str | None:
        if isinstance(move, mv.Play) and state.phase == "play" and not state.tricks and not state.trick:
            return _("dummy's hand has been shown since the opening lead")
        if isinstance(move, mv.Claim):
            return _("the claimer's cards have been shown")
        return None

    def check(self, state: BridgeState, move: mv.Move) -> Verdict:
        # the common cases first, answered from the suit masks and the auction kept call by call
        # (a strict fold checks every move of every replay); a refusal is worked out below
        kind = type(move)
        if kind is _PLAY and state.phase == "play":
            held = state.suits[state.turn]
            card = move.card  # type: ignore[union-attr]
            place = CARD_BIT.get(card)
            if place is not None and held[place[0]] & place[1]:
                if follows_suit(held, state.trick, card):
                    return ALLOWED
        elif kind in _CALL_TYPES and state.phase == "auction" and state.auction.allows(move):  # type: ignore[arg-type]
            return ALLOWED
        return refusal(state, move, self.to_act(state))

    def apply(self, state: BridgeState, move: mv.Move) -> Outcome[mv.BridgeFacts]:
        # the play of a card first: 52 of a hand's about 62 moves
        if type(move) is _PLAY:
            c = state.contract
            if c is None:
                raise ValueError("no card is played before the auction ends")
            turn = state.turn
            card = move.card  # type: ignore[union-attr]
            i, bit = CARD_BIT[card]
            state.suits[turn][i] ^= bit
            trick = state.trick
            trick.append(card)
            n = len(trick)
            if n < 4:
                state.turn = (turn + 1) & 3
                kind = (turn * 4 + c.declarer) * 3
                if n == 1:
                    kind += 2 if not state.tricks else 1
                made = _PLAY_OUTCOMES[kind]
                # kept by card for the shared moves only: a hit is this very move
                outcome = made.get(card)
                if outcome is None or outcome.move is not move:
                    outcome = _play_outcome(turn, c.declarer, move, n == 1, n == 1 and not state.tricks)  # type: ignore[arg-type]
                    if id(move) in _SHARED:
                        made[card] = outcome
                return outcome
            winner, won = end_trick(state, trick, c)
            declarer = c.declarer
            key = (((turn * 4 + declarer) * 4 + winner) * 14 + won[0]) * 14 + won[1]
            facts = _TRICK_FACTS.get(key)
            if facts is None:
                dummy = (declarer + 2) % 4
                facts = _TRICK_FACTS[key] = _frozen(
                    {
                        "dummy": dummy,
                        "declarer": declarer,
                        "lead": False,
                        "first": False,
                        "from_dummy": turn == dummy,
                        "winner": winner,
                        "won": (won[0], won[1]),
                    }
                )
            return Outcome(declarer if turn == (declarer + 2) & 3 else turn, move, facts)
        if isinstance(move, _CALL_TYPES):
            if state.phase != "auction":
                raise ValueError("no call is made once the auction is over")
            seat = state.turn
            state.calls.append(move)
            auction = state.auction
            if not auction.add(move):
                state.turn = (seat + 1) & 3
                calls = _CALL_OUTCOMES[seat]
                outcome = calls.get(id(move))  # shared moves only, alive for good: a hit is this move
                if outcome is None:
                    outcome = Outcome(seat, move)
                    if id(move) in _SHARED:
                        calls[id(move)] = outcome
                return outcome
            return auction_ends(state, seat, move)
        return apply_claim_move(state, move, self.to_act(state))

    def replay_move(self, state: BridgeState, move: mv.Move, seat: int, check: bool) -> bool:
        # a replay's cards and calls in one step (:func:`lean.play_id`: no outcome, the fold's loop
        # reads none), which checks even when ``check`` is off: a refusal is made the full way by the
        # fold, trusting or not, as any other False; claims take the full path here
        a = _SHARED_IDS.get(id(move))
        if a is None:
            return super().replay_move(state, move, seat, check)
        phase = state.phase
        if phase == "play" and a < lean.FIRST_CALL:
            c = state.contract
            assert c is not None
            turn = state.turn
            if seat != (c.declarer if turn == (c.declarer + 2) & 3 else turn):
                return False
        elif phase == "auction" and lean.FIRST_CALL <= a < lean.FIRST_CLAIM:
            if seat != state.turn:
                return False
        else:
            return super().replay_move(state, move, seat, check)
        try:
            lean.play_id(state, a)
        except MoveError:
            return False
        return True

    # -- the lean path: moves by number (:mod:`cardcli.games.bridge.lean`) ---------------------
    move_table = lean.ID_MOVES
    legal_ids = staticmethod(lean.legal_ids)
    play_id = staticmethod(lean.play_id)
    play_logged = staticmethod(lean.play_logged)

    def move_id(self, move: mv.Move) -> int:
        return lean.move_id(move)

    # -- notation ------------------------------------------------------------------------------
    format_move = staticmethod(mv.format_move)
    canonical_moves = mv.CANONICAL

    def parse_move(self, text: str) -> mv.Move:
        return mv.parse_move(text)

    def parse_typed(self, state: BridgeState, text: str) -> mv.Move:
        """``2S`` typed during the play is the two of spades, not a bid (notations overlap)."""
        if state.phase in ("play", "claim", "over") and mv.could_be_card(text):
            from cardcli.engine.cards import parse_card

            return mv.Play(parse_card(text.strip().replace(" ", "")))
        return self.parse_move(text)

    def shorthand(self, state: BridgeState, text: str, legal: Sequence[mv.Move]) -> list[mv.Move]:
        """A rank alone plays the only legal card of that rank (``q`` → ``QS`` when following
        spades); ``claim`` alone or ``claim all`` claims every remaining trick; ``concede``
        concedes them."""
        words = text.strip().lower().split()
        if not words:
            return []
        claims = [m for m in legal if isinstance(m, mv.Claim)]
        if words[0] == "claim" and (len(words) == 1 or words[1:] in (["all"], ["rest"], ["the", "rest"])):
            return [max(claims, key=lambda m: m.tricks)] if claims else []
        if words[0] == "concede" and len(words) == 1:
            return [min(claims, key=lambda m: m.tricks)] if claims else []
        if len(words) == 1:
            rank = {"10": "T", "ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T"}.get(words[0], words[0].upper())
            if len(rank) == 1 and rank in "23456789TJQKA":
                return [m for m in legal if isinstance(m, mv.Play) and m.card[0] == rank]
        return []

    def move_help(self) -> list[tuple[str, str]]:
        return [
            ("1C … 7N  (1nt, 2♠)", _("bid: level 1-7 and strain C D H S N(T)")),
            ("P  (pass)", _("pass")),
            ("X  (dbl) / XX  (rdbl)", _("double an opponent's bid / redouble their double")),
            ("play QS  (QS, q♠, ♠Q, 2s)", _("play a card; declarer also plays dummy's cards")),
            ("claim 9  (claim all)", _("claim: your side ends with 9 tricks in total")),
            ("accept / reject", _("answer the opponents' claim")),
        ]

    # -- information ---------------------------------------------------------------------------
    def view(self, state: BridgeState, seat: int | None) -> BridgeView:
        return view_of(state, seat, seat_labels(SEAT_NAMES))

    def full_view(self, state: BridgeState) -> BridgeView:
        return view_of(state, None, seat_labels(SEAT_NAMES), reveal=True)

    def render(self, view: BridgeView, charset: Any) -> list[Line]:
        return render_view(view, charset)

    def status(self, view: BridgeView) -> str:
        return status_line(view)

    def narrate(self, outcome: Outcome[mv.BridgeFacts], observer: int | None) -> str:
        return narrate(outcome, observer)

    def card_locations(self, state: BridgeState) -> dict[str, list[Card]]:
        locs = {f"hand {SEAT_NAMES[i]}": h for i, h in enumerate(state.hands)}
        for i, t in enumerate(state.tricks):
            locs[f"trick {i + 1}"] = t.cards
        locs["current trick"] = state.trick
        return locs

    def hidden_from(self, state: BridgeState, seat: int | None) -> list[list[Card]]:
        if state.phase == "over":
            return []
        hidden = []
        for s in range(4):
            if s == seat or s in state.shown:
                continue
            if state.contract is not None and state.lead_made and s == state.contract.dummy:
                continue
            hidden.append(state.hands[s])
        return hidden

    def deal_summary(self, state: BridgeState) -> dict[str, Any]:
        return {
            "dealer": SEAT_NAMES[state.dealer],
            "hands": {SEAT_NAMES[i]: list(h) for i, h in enumerate(state.hands)},
            "hcp": {SEAT_NAMES[i]: hcp(h) for i, h in enumerate(state.hands)},
            "vulnerable": VUL_NAMES[state.rubber.vulnerability()],
        }

    # -- scorepads and review (their methods: BridgeFormats) ----------------------------------
    score_keywords = ("pass", "honors", "made", "down", "X", "XX")
    score_one_line = True
    scorepad_table = "cardcli.scorepad.games:BridgeTable"
    review_analyser = "cardcli.review.analysers:double_dummy"
    review_summary = "cardcli.review.analysers:bridge_summary"

    # -- results -------------------------------------------------------------------------------
    def match_over(self, state: BridgeState) -> bool:
        return state.rubber.over

    def running_totals(self, state: BridgeState) -> list[int | float]:
        return list(state.rubber.totals)

    def match_result(self, state: BridgeState) -> MatchResult:
        r = state.rubber
        if r.over:
            best = max(r.totals)
            winners = [i for i, t in enumerate(r.totals) if t == best]
            totals: list[int | float] = list(r.totals)
            return MatchResult(totals=totals, winners=winners, hands=len(state.results), complete=True)
        settled: list[int | float] = list(r.totals if state.config.scoring == "deals" else r.settled_totals(state.config))
        return MatchResult(totals=settled, winners=[], hands=len(state.results), complete=False)

    def explain_result(
        self, result: HandResult, config: BridgeConfig, players: int, earlier: Sequence[HandResult | None] = ()
    ) -> list[str]:
        """The hand's score, then the rubber's scorepad so far: its lines are every hand's own
        entries, from ``earlier`` (the match's results before this one) and this result."""
        return explain_result(result, earlier)
