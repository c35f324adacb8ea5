"""The game protocol every game implements.

The records it speaks of live beside it and are re-exported here: hand and match results in
:mod:`cardcli.engine.results`, a move's :class:`Outcome` in :mod:`cardcli.engine.outcome`, the bot
protocols in :mod:`cardcli.engine.bot`.

A game is its deal plus its moves: ``state = fold(apply, moves, start_hand(new_match(), deck))``;
the fold itself lives in :mod:`cardcli.engine.fold`, the only place that applies moves.
The protocol follows OpenSpiel's separation of game, state and observer and
pokerkit's verify/do pair:

* :meth:`Game.legal_moves` lists what the seat to act may do;
* :meth:`Game.check` says whether a given move is allowed and, if not, which
  rule forbids it (a :class:`~cardcli.engine.verdict.Verdict`);
* :meth:`Game.apply` performs a checked move, mutating the state, and returns an
  :class:`Outcome`: the facts of what happened, public and per seat, from which
  :meth:`Game.narrate` tells each observer only what that observer may know;
* :meth:`Game.view` projects the state onto one seat: the only thing renderers,
  completers, hints and bots ever see.

States are mutable for speed (bots and the test playouts apply hundreds of
thousands of moves); :meth:`GameState.clone` gives an independent copy where a
caller needs one. Undo does not rely on mutation: the session re-folds the move
log from the start of the hand.

A *match* is a sequence of hands. When a hand is over and the match is not,
:meth:`Game.needs_deal` becomes true and the driver (session or replay
verifier) passes the next deck to :meth:`Game.start_hand`; decks come from the
seeded dealer (:mod:`cardcli.engine.deal`) or from a replay file.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

import msgspec

from cardcli.engine.bot import Advisor, Bot, LevelledAdvisor, RandomBot
from cardcli.engine.cards import Card, Charset
from cardcli.engine.keyed import kept_for
from cardcli.engine.options import type_name
from cardcli.engine.outcome import Outcome
from cardcli.engine.results import HandResult, ImportedMatch, MatchResult, Number, RecordedHand, ScoreSheet, Side
from cardcli.engine.rulebook import Rulebook
from cardcli.engine.teaching import Teaching
from cardcli.engine.verdict import IllegalMove, InvalidMove, Verdict
from cardcli.i18n import _

__all__ = [
    "Advisor",
    "Bot",
    "Fragment",
    "Game",
    "GameState",
    "HandResult",
    "ImportedMatch",
    "LevelledAdvisor",
    "Line",
    "MatchResult",
    "Number",
    "OptionInfo",
    "Outcome",
    "RandomBot",
    "RecordedHand",
    "ScoreSheet",
    "Side",
]
"""The protocol and, re-exported, the records, outcome and bot types it speaks of (importers of
``cardcli.engine.game`` get them all from here)."""

M = TypeVar("M")
S = TypeVar("S", bound="GameState")
V = TypeVar("V")
"""A game's per-seat view type."""
C = TypeVar("C", bound=msgspec.Struct)
"""A game's rules (Config) type."""

Fragment = tuple[str, str]
"""A piece of styled text: (style class, text). Style classes are names such
as ``suit.hearts`` or ``title``; the UI maps them to colours, or ignores them."""
Line = list[Fragment]


class GameState:
    """Fields every game state has; games subclass it with their own.

    The engine's default results read ``phase`` (``"over"`` ends a hand),
    ``result``, ``results``, ``totals`` and ``match_done``, which every game keeps.
    """

    players: int
    hand_number: int
    dealer: int
    phase: str
    result: HandResult | None
    results: list[HandResult]
    totals: list[Any]
    match_done: bool

    def clone(self: S) -> S:
        """An independent copy. Games with large states override this for speed."""
        return copy.deepcopy(self)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One configurable rule of a game, for ``cardcli games`` and ``rules``."""

    name: str
    type: str
    default: Any
    help: str


class Game(Teaching, ABC, Generic[S, M, V, C]):
    """One card game: its rules, notation, views, bots and rule texts (and, from
    :class:`~cardcli.engine.teaching.Teaching`, what the tutor asks it about a move).

    Subclasses set the class attributes and implement the abstract methods.
    The registry instantiates one per process; games keep no per-match data on
    the instance.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    player_counts: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int]
    config_type: ClassVar[type[msgspec.Struct]]
    presets: ClassVar[Mapping[str, msgspec.Struct]]
    """Named rule sets; the first one is the default."""
    preset_help: ClassVar[Mapping[str, str]] = {}
    rulebook: ClassVar[Rulebook]
    bots_module: ClassVar[str]
    """The module whose ``BOTS`` maps bot ids to factories, imported on first use (bots are heavy)."""
    bot_ids: ClassVar[tuple[str, ...]] = ()
    """The ids ``BOTS`` holds, written out here so that checking a file's seats (``replay verify``,
    ``show``, resuming) needs no import of the bots; a test keeps the two lists the same."""
    default_bot: ClassVar[str]
    default_seat: ClassVar[int] = 0
    """The seat a human takes when ``--seat`` is not given (bridge: South)."""
    undo_allowed: ClassVar[bool] = True
    """False where taking a move back would reveal hidden information (eleusis: the dealer's
    verdict on a card cannot be unseen)."""

    # -- setup ---------------------------------------------------------------------------------
    @property
    def bots(self) -> Mapping[str, Callable[[], Bot[M]]]:
        """Bot factories by id; ``default_bot`` names the one used for ``--bots``."""
        import importlib

        found: Mapping[str, Callable[[], Bot[M]]] = importlib.import_module(self.bots_module).BOTS
        return found

    def has_bot(self, bot_id: str) -> bool:
        """Whether ``bot_id`` names one of the game's bots, without importing them when it can."""
        return bot_id in self.bot_ids if self.bot_ids else bot_id in self.bots

    @property
    def default_preset(self) -> str:
        return next(iter(self.presets))

    def match_title(self, config: C) -> str:
        """The game's name as a person reads it for a match under ``config`` (translated)."""
        from cardcli.i18n import _

        return _(self.title)

    def seat_names(self, players: int) -> list[str]:
        """Names of the seats in play order (clockwise)."""
        return [f"P{i + 1}" for i in range(players)]

    def sides(self, config: C, players: int) -> list[Side]:
        """The scoring units; by default every seat scores for itself."""
        names = self.seat_names(players)
        return [Side(names[i], (i,)) for i in range(players)]

    def check_setup(self, config: C, players: int) -> str | None:
        """A one-line reason why this configuration cannot be played, or ``None``."""
        if players not in self.player_counts:
            counts = ", ".join(str(n) for n in self.player_counts)
            from cardcli.i18n import _

            return _("{game} is played by {counts} players, not {n}").format(game=self.name, counts=counts, n=players)
        return None

    @abstractmethod
    def deck(self, config: C, players: int) -> list[Card]:
        """The unshuffled cards of one hand in a fixed order (input of the seeded shuffle)."""

    def first_dealer(self, config: C, players: int, seed: int | str) -> int:
        """The seat dealing the first hand. Default: a seeded cut."""
        from cardcli.engine.deal import first_dealer

        return first_dealer(seed, players)

    @abstractmethod
    def new_match(self, config: C, players: int, first_dealer: int) -> S:
        """A match waiting for its first deal."""

    def needs_deal(self, state: S) -> bool:
        """True when the next hand must be dealt (start of match, or a hand just ended)."""
        return not self.match_over(state) and (state.hand_number == 0 or self.hand_over(state))

    def may_leave_hand(self, state: S) -> bool:
        """True when the hand in progress may stay as it is and the next one be dealt: a match of
        independent deals whose record holds a deal only in part (bridge: a board imported with no
        auction, or with a play that stops). Only a log read from a file leaves a hand; live play
        deals when :meth:`needs_deal` says so. Default: never."""
        return False

    @abstractmethod
    def next_dealer(self, state: S) -> int:
        """Who deals the hand that :meth:`start_hand` will begin."""

    @abstractmethod
    def start_hand(self, state: S, deck: Sequence[Card]) -> None:
        """Begin the next hand with ``deck`` (top of the deck is index 0)."""

    checks_deck: ClassVar[bool] = False
    """True when :meth:`start_hand` refuses a deck that is not the game's deck with ValueError, before
    it changes anything: a table then leaves that check to it (bridge's deal reads every card
    anyway). False: the table compares the deck with :meth:`deck` first."""

    # -- play ----------------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> int | None:
        """The seat whose decision it is, or ``None`` when nobody can move."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[M]:
        """Every move the seat to act may make, in a stable order."""

    @abstractmethod
    def check(self, state: S, move: M) -> Verdict:
        """Whether the seat to act may make ``move``; a refusal names its rule."""

    @abstractmethod
    def apply(self, state: S, move: M) -> Outcome[Any]:
        """Perform a move that :meth:`check` allowed and say what it did.

        Only :class:`cardcli.engine.fold.Table` calls this outside a game's own
        look-ahead (bots and checkers may apply to clones they own)."""

    def replay_move(self, state: S, move: M, seat: int, check: bool) -> bool:
        """Make ``move`` for ``seat`` if it is that seat's turn and (``check``) the rules allow it, else
        return False with the state untouched.

        The fold's loop over a log already verified or being verified (``replay verify``, resume) calls
        this instead of :meth:`to_act`, :meth:`check` and :meth:`apply`, and never reads an outcome: a
        game may answer its common moves here in one step, without building one. A False is worked out
        again through the full path, which names the problem."""
        if self.to_act(state) != seat or check and not self.check(state, move).ok:
            return False
        self.apply(state, move)
        return True

    # -- the lean path: moves by number ----------------------------------------------------------
    move_table: ClassVar[Sequence[Any] | None] = None
    """Every move of the game, numbered (``move_table[i]`` has id ``i``; bridge: OpenSpiel's action
    numbers). Playouts and searches name moves by these ids through :meth:`legal_ids` and
    :meth:`play_id`: a tuple of numbers is cheaper to make than a list of moves, and a move made
    without an :class:`Outcome` cheaper than one that says what it did. ``None`` (melds and rules
    are too many to number): no lean path, and those methods raise NotImplementedError."""

    def move_id(self, move: M) -> int:
        """The id of ``move`` in :attr:`move_table` (any move equal to the one listed there)."""
        return _ids_of(self)[1][move]

    def legal_ids(self, state: S) -> Sequence[int]:
        """The legal moves as ids, in :meth:`legal_moves`' order, without the moves a playout never
        makes (bridge leaves out claims); a game may answer with a ready-made tuple shared by every
        position with the same choices, so the caller must not change it. Default: the ids of
        :meth:`legal_moves`."""
        ids = _ids_of(self)[1]
        return tuple(ids[m] for m in self.legal_moves(state))

    def play_id(self, state: S, move_id: int) -> int:
        """Make the move numbered ``move_id`` for the seat to act, and return that seat.

        What :meth:`check` and :meth:`apply` do, without an outcome: a caller that wants to know what
        the move did reads the state (the hand's result is there at its end). A move the rules forbid
        raises :class:`IllegalMove` (its verdict names the rule), an id of no move
        :class:`InvalidMove`; either way the state is untouched. Default: check, then apply."""
        table = _ids_of(self)[0]
        if type(move_id) is not int or not 0 <= move_id < len(table):
            raise InvalidMove(f"{move_id!r} is not a {self.name} move id (0 to {len(table) - 1})")
        seat = self.to_act(state)
        if seat is None:
            raise IllegalMove(Verdict(False, "nobody can move now: the hand is over", ""))
        move = table[move_id]
        verdict = self.check(state, move)
        if not verdict.ok:
            raise IllegalMove(verdict)
        self.apply(state, move)
        return seat

    def play_logged(self, state: S, move_id: int, log: list[Any], entries: list[list[Any]]) -> bool:
        """:meth:`play_id`, then the seat's log entry of that move (``entries[seat][move_id]``, made
        beforehand) appended to ``log``; True when the hand is over. :meth:`Table.push_id
        <cardcli.engine.fold.Table.push_id>` makes a move in this one call (bridge's is compiled). A
        refused move raises as :meth:`play_id` does, with nothing appended. Default: those steps."""
        seat = self.play_id(state, move_id)
        log.append(entries[seat][move_id])
        return self.hand_over(state)

    # -- notation ------------------------------------------------------------------------------
    canonical_moves: ClassVar[Mapping[str, Any] | None] = None
    """Canonical notation → move, for a game whose moves can all be listed (bridge): the fold reads
    a replay's moves through it, so that a move is neither parsed nor formatted again. ``None``
    (melds and rules are too many to list): the fold parses, and formats to check the notation."""

    @abstractmethod
    def format_move(self, move: M) -> str:
        """The canonical ASCII notation of a move (what replays store)."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Parse notation, canonical or friendly, into a move.

        Raises :class:`~cardcli.engine.verdict.InvalidMove` when the text is
        not a move of this game. Legality is not checked here.
        """

    def parse_typed(self, state: S, text: str) -> M:
        """Parse what a person typed, knowing the position (used by the REPL, not by replays).

        The default is the context-free :meth:`parse_move`. A game whose
        notations overlap overrides it (bridge: ``2S`` is a bid in the auction
        and the two of spades in the play).
        """
        return self.parse_move(text)

    def shorthand(self, state: S, text: str, legal: Sequence[M]) -> list[M]:
        """Legal moves that a piece of shorthand could mean (default: none).

        Called when :meth:`parse_move` fails; the resolver reports a unique
        match as that move and several as ambiguous.
        """
        return []

    def move_help(self) -> list[tuple[str, str]]:
        """(notation, meaning) pairs shown by ``help`` in the REPL."""
        return []

    # -- information ---------------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What ``seat`` may know; ``None`` is a spectator who sees only public facts."""

    def full_view(self, state: S) -> V:
        """Everything, for the replay viewer's "all hands" mode (never given to a player)."""
        return self.view(state, None)

    def revealed_view(self, state: S, seat: int | None) -> V:
        """``seat``'s view (``None``: all hands) with the secret moves' effects shown, for the replay
        viewer once its user reveals them (never given to a player): eleusis shows its rule. A game
        with no secret moves has nothing more to show."""
        return self.full_view(state) if seat is None else self.view(state, seat)

    @abstractmethod
    def narrate(self, outcome: Outcome[Any], observer: int | None) -> str:
        """One line telling ``observer`` what a move did, from its outcome alone.

        The narrator reads ``outcome.seen_by(observer)``: a card drawn face down is
        "a card" to everyone but the drawer, because only the drawer's private
        facts name it.
        """

    def preview(self, view: V, move: M) -> str:
        """What ``move`` would do, told from the mover's view before it is made (``why MOVE``).

        Built from the view only, so it can never tell a card the seat does not know
        (the next stock card, a covered pile). Games may say more (the kind of meld).
        """
        from cardcli.i18n import _

        return _("{move} is allowed now").format(move=self.format_move(move))

    @abstractmethod
    def render(self, view: V, charset: Charset) -> list[Line]:
        """The table and the hand, as styled lines, for one view."""

    def status(self, view: V) -> str:
        """A short status for the toolbar: whose turn, phase, score."""
        return ""

    def status_now(self, view: V, legal: Sequence[str]) -> str:
        """The toolbar's status when the viewer is to act and may make the moves ``legal`` (their
        notation): a game that names the moves of the turn names only those (canasta)."""
        return self.status(view)

    # -- what the tests and the verifier check ---------------------------------------------------
    @abstractmethod
    def card_locations(self, state: S) -> dict[str, list[Card]]:
        """Every card of the current hand by location name (hands, stock, pile, melds …).

        Together they must always be exactly the hand's deck: the playout tests
        check that every card is in one place and none appears or vanishes.
        """

    @abstractmethod
    def hidden_from(self, state: S, seat: int | None) -> list[list[Card]]:
        """The card lists ``seat`` may not see (other hands, the stock, covered piles), in place.

        The leak test shuffles cards among these lists and checks that the
        seat's view does not change: if it did, the view depended on something
        the seat cannot know.
        """

    # -- results -------------------------------------------------------------------------------
    def hand_over(self, state: S) -> bool:
        return state.phase == "over"

    def hand_result(self, state: S) -> HandResult | None:
        """The result of the current hand once it is over."""
        return state.result

    def match_over(self, state: S) -> bool:
        return state.match_done

    def running_totals(self, state: S) -> list[Number]:
        """The score as it stands, before anything a match stopped now would add (bridge's Law 80)."""
        return list(state.totals)

    def match_result(self, state: S) -> MatchResult:
        """Totals and winner(s) (the highest total wins); ``complete`` is False for a match stopped early."""
        totals = list(state.totals)
        best = max(totals) if totals else 0
        winners = [i for i, t in enumerate(totals) if t == best] if state.match_done else []
        return MatchResult(totals=totals, winners=winners, hands=len(state.results), complete=state.match_done)

    def explain_result(self, result: HandResult, config: C, players: int, earlier: Sequence[HandResult | None] = ()) -> list[str]:
        """Score lines for people, from a hand result. ``earlier`` are the match's results before
        this hand, for a game that draws a running scorepad (bridge): each result holds only its
        own hand's entries, so that a replay grows linearly with its hands."""
        sides = self.sides(config, players)
        return [f"{s.name}: {p:+} (total {t})" for s, p, t in zip(sides, result.points, result.totals)]

    # -- deals and scorepads -------------------------------------------------------------------
    deal_formats: ClassVar[tuple[str, ...]] = ("text", "json")

    def deal_summary(self, state: S) -> dict[str, Any]:
        """The layout right after the deal as plain JSON values (hands per seat, upcard …)."""
        return {}

    def export_deal(self, state: S, fmt: str) -> str:
        """A deal in a game-specific format (bridge: ``pbn``); only called for ``deal_formats``."""
        raise ValueError(f"{self.name} deals cannot be written as {fmt}")

    def score_sheet(self, text: str, config: C, players: int | None) -> ScoreSheet:
        """Score a finished hand typed in by hand (``cardcli score``).

        Raises ``ValueError`` with a one-line message (naming the line) on bad input.
        """
        raise ValueError(f"`cardcli score {self.name}` is not available")

    score_keywords: ClassVar[tuple[str, ...]] = ()
    """The words of :meth:`score_sheet`'s input that the interactive scorepad completes on Tab
    (besides card names, sides, seats and players)."""
    score_one_line: ClassVar[bool] = False
    """True when every line typed into the scorepad is a whole hand (bridge: one line is a deal), so
    that the scorepad saves at each line instead of waiting for an empty one."""
    scorepad_table: ClassVar[str] = "cardcli.scorepad.tables:Table"
    """``module:Class`` of the scorepad's rules for this game (its target, who leads, the extra lines):
    the default :class:`cardcli.scorepad.tables.Table` fits a game whose highest total wins."""
    review_analyser: ClassVar[str] = "cardcli.review.analysers:decisions"
    """``module:function`` that analyses one hand for ``cardcli review`` after the common sections,
    called as ``(match, tape, seats, review)`` (:mod:`cardcli.review.analysers`): by default the
    decisions where the game's strongest bot differs."""
    review_summary: ClassVar[str | None] = None
    """``module:function`` giving a review's "what happened" lines, called as ``(match, tape)``;
    ``None``: the moves of each seat counted by kind."""

    def hand_config(self, config: C, dealt: S) -> C:
        """The rules under which the hand just dealt in ``dealt`` can be played on its own (a share code
        of one hand): by default the match's own rules; bridge keeps the dealer and vulnerability the
        deal was played at."""
        return config

    def upgrade_result(self, result: HandResult, version: int) -> HandResult:
        """A hand result read from a replay of format ``version`` in the current format's terms (the
        replay migration calls this only for older files): by default unchanged."""
        return result

    def coded_moves(self, legal: Sequence[M]) -> Sequence[M]:
        """The moves a share code numbers at a position (any other legal move is written out): the
        legal list, or the part of it that reaches each position once, when the game also lists other
        spellings of the same moves (burraco: several cards attached at once, ``wild=``, ``close``).
        What this returns must not change, or share codes already given out stop decoding."""
        return legal

    def is_open_move(self, move: M) -> bool:
        """True for moves no generator can list because they are free text (eleusis' rule, which
        the dealer writes): the checker alone decides them. Every other move must be listed."""
        return False

    def is_secret_move(self, move: M) -> bool:
        """True for moves hidden from other seats and from ``replay show`` until revealed
        (eleusis' secret rule)."""
        return False

    def undo_barrier(self, state: S, move: M, viewer: int) -> str | None:
        """Why taking back ``move`` (made in ``state``, by anyone) would let ``viewer`` unsee
        something, or ``None``.

        Undo must not let a player unsee what a move showed them: a card they drew
        face down, a covered pile they picked up, dummy's hand exposed by the
        opening lead. The session refuses to undo past such a move and says why.
        """
        return None

    def hand_extra(self, state: S) -> dict[str, Any]:
        """Plain JSON facts stored with a finished hand in the replay (e.g. a parsed rule)."""
        return {}

    def hand_stats(self, result: HandResult, players: int) -> dict[str, list[Number | None]]:
        """Per-seat figures of a finished hand that ``cardcli simulate`` averages by bot id
        (eleusis: wrong cards); ``None`` for a seat the figure does not apply to."""
        return {}

    # -- other file formats (bridge: PBN) ------------------------------------------------------
    export_formats: ClassVar[tuple[str, ...]] = ()
    import_formats: ClassVar[tuple[str, ...]] = ()
    """File extensions (without the dot) that ``cardcli replay import`` hands to this game."""

    def export_hands(self, fmt: str, config: C, players: int, hands: Sequence[RecordedHand], meta: Mapping[str, Any]) -> str:
        """Write recorded hands in another format (``cardcli replay export``)."""
        raise ValueError(f"{self.name} games cannot be exported as {fmt}")

    def import_hands(self, fmt: str, text: str) -> ImportedMatch:
        """Read hands from another format (``cardcli replay import``); ValueError on bad input."""
        raise ValueError(f"{self.name} cannot import {fmt} files")

    def link_format(self, text: str) -> str | None:
        """The import format of ``text`` when it is a link this game reads (bridge: a BBO handviewer
        link, read as LIN), else ``None``: ``replay import``, ``play --from`` and ``play --deal`` take
        such a link wherever they take a file."""
        return None

    def commands(self) -> dict[str, tuple[str, Callable[[Any, str], list[str]]]]:
        """Extra read-only REPL commands: name → (summary, handler(view, args) → lines)."""
        return {}

    # -- hooks the table asks every game (the defaults fit a game with nothing special) ------
    def spell_cards(self, text: str, charset: Charset) -> str:
        """``text`` with its card notation written for ``charset`` (``AS`` → ``A♠``), as this game
        reads cards: bridge keeps ``2S`` a bid inside a call, canasta spells ranks without suits."""
        from cardcli.engine.text import cards_in_text

        return cards_in_text(text, charset)

    def move_words(self, move: M, charset: Charset) -> str:
        """A move as a player reads it in a sentence (``I would have chosen …``): by default its
        notation with the cards spelled for ``charset``; bridge writes a card as ``3♣`` and a call
        as the table does (``1♦``, ``Pass``)."""
        return self.spell_cards(self.format_move(move), charset)

    def card_help(self) -> str:
        """One line on how cards are typed, for ``help``."""
        return _("Cards: TH or 10h or 10♥ (ten of hearts), QS, JK; suits C D H S.")

    def render_since(self, view: V, before: V | None, charset: Charset) -> list[Line]:
        """The table for ``view``, given what the same seat saw last (``before``, ``None`` at first):
        a game may mark what changed; by default it is :meth:`render`."""
        return self.render(view, charset)

    def forced_move(self, state: S, legal: Sequence[M]) -> M | None:
        """The move the player to act must make anyway (bridge: the only card that follows suit),
        which the table may play for them when autoplay is on; ``None`` when there is a choice."""
        return None

    def played_by(self, state: S, seat: int) -> int | None:
        """Another seat whose player makes ``seat``'s moves (bridge: the declarer plays dummy), else ``None``."""
        return None

    def decode_import(self, fmt: str, data: bytes) -> str:
        """The text of an imported file in format ``fmt``: UTF-8 (a BOM allowed) unless the format
        has its own charset rules (PBN's Latin-1 default)."""
        return data.decode("utf-8-sig")

    # -- configuration -------------------------------------------------------------------------
    def options(self) -> list[OptionInfo]:
        """The game's configurable rules, from its Config struct."""
        info = msgspec.inspect.type_info(self.config_type)
        out: list[OptionInfo] = []
        assert isinstance(info, msgspec.inspect.StructType)
        for f in info.fields:
            t = f.type
            desc = ""
            if isinstance(t, msgspec.inspect.Metadata):
                desc = (t.extra_json_schema or {}).get("description", "")
                t = t.type
            out.append(OptionInfo(f.name, type_name(t), f.default, desc))
        return out


_IDS: dict[int, tuple[Sequence[Any], dict[Any, int]]] = {}
"""id of a game's :attr:`Game.move_table` → (the table, kept alive so its id stays its own; move → id)."""


def _ids_of(game: Game[Any, Any, Any, Any]) -> tuple[Sequence[Any], dict[Any, int]]:
    """``game``'s move table and each move's id, made once per table (NotImplementedError without one)."""
    table = game.move_table
    if table is None:
        raise NotImplementedError(f"{game.name} numbers no moves: it has no lean path")
    return table, kept_for(_IDS, table, lambda: {m: i for i, m in enumerate(table)})
