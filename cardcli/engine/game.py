"""The game protocol every game implements, and the result records they share.

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
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast, runtime_checkable

import msgspec

from cardcli.engine.cards import Card, Charset
from cardcli.engine.options import type_name
from cardcli.engine.rng import Rng
from cardcli.engine.rulebook import Rulebook
from cardcli.engine.teaching import Teaching
from cardcli.engine.verdict import Verdict
from cardcli.i18n import _

M = TypeVar("M")
S = TypeVar("S", bound="GameState")
V = TypeVar("V")
"""A game's per-seat view type."""
C = TypeVar("C", bound=msgspec.Struct)
"""A game's rules (Config) type."""
Number = int | float
F = TypeVar("F", bound=Mapping[str, object])
"""A game's outcome facts: a ``TypedDict`` naming each fact a move can report and its type."""


class HandResult(msgspec.Struct, kw_only=True, omit_defaults=True):
    """What one hand scored, per side (seat or partnership), and the running totals.

    ``detail`` carries game-specific facts needed to explain the score (who
    closed, whether it was a rummy, the contract …) in plain JSON values.
    """

    points: list[Number]
    totals: list[Number]
    detail: dict[str, Any] = {}


class MatchResult(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The outcome of a match: final totals per side and the winning side(s)."""

    totals: list[Number]
    winners: list[int]
    hands: int
    complete: bool = True


@dataclass(frozen=True, slots=True)
class Side:
    """A scoring unit: one seat, or a partnership of seats."""

    name: str
    seats: tuple[int, ...]


Fragment = tuple[str, str]
"""A piece of styled text: (style class, text). Style classes are names such
as ``suit.hearts`` or ``title``; the UI maps them to colours, or ignores them."""
Line = list[Fragment]


_NOTHING: Any = MappingProxyType({})
"""The facts of an outcome that has none: one shared, read-only empty mapping (typed ``Any`` so it
stands for any game's facts, all of which are optional or given)."""


class Outcome(Generic[F]):
    """What a move did, as facts: the move's narration is derived from these, after the move.

    Treat it as read-only. It is a plain slotted class, not a dataclass: one is built for every
    move of every playout, and a dataclass would build a fresh empty mapping for ``private`` each
    time where this shares one read-only empty mapping.

    ``facts`` are public (every seat saw them happen); ``private[seat]`` holds facts
    only that seat learnt (the card it drew, the cards of a covered pile it took).
    A narrator receives :meth:`seen_by` for one observer, so narration cannot tell
    an observer more than the outcome says that observer saw.

    Facts are typed per game (``F``, a ``TypedDict`` such as rummy's ``RummyFacts``): a game's
    ``apply`` returns ``Outcome[ItsFacts]`` and its narrator reads the same type, so a misspelt
    fact or a value of the wrong kind is a type error rather than a silent ``KeyError`` or a
    wrong narration. At run time the facts stay plain (often shared, read-only) mappings.
    """

    __slots__ = ("seat", "move", "facts", "private")

    def __init__(self, seat: int, move: Any, facts: F = _NOTHING, private: Mapping[int, F] = _NOTHING) -> None:
        self.seat = seat
        self.move = move
        self.facts = facts
        self.private = private

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return (self.seat, self.move, dict(self.facts), dict(self.private)) == (
            other.seat,
            other.move,
            dict(other.facts),
            dict(other.private),
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Outcome(seat={self.seat!r}, move={self.move!r}, facts={dict(self.facts)!r}, private={dict(self.private)!r})"

    def seen_by(self, observer: int | None) -> F:
        """The facts ``observer`` knows (``None``: a spectator, public facts only): a fresh mapping
        of the game's facts type, the public facts updated with that observer's private ones."""
        seen = dict(self.facts)
        if observer is not None and observer in self.private:
            seen.update(self.private[observer])
        return cast(F, seen)


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


class Bot(Protocol[M]):
    """A player that chooses from what its seat may know.

    A bot receives only the seat's view, the legal moves and a seeded random
    stream derived from (seed, hand, seat, ply), so a bot game replays
    identically and a bot can never cheat.
    """

    id: str

    def choose(self, view: Any, legal: Sequence[M], rng: Rng) -> M: ...


@runtime_checkable
class Advisor(Protocol[M]):
    """A bot that can also say why it would make its move (``hint`` asks it; a bot without it gives
    its move alone)."""

    def advise(self, view: Any, legal: Sequence[M], rng: Rng) -> tuple[M, str]: ...


@runtime_checkable
class LevelledAdvisor(Protocol[M]):
    """An advisor that says more each time ``hint`` is asked again at one position (eleusis: a
    nudge, then the rule's shape, then the card), up to ``hint_levels``."""

    hint_levels: int

    def advise(self, view: Any, legal: Sequence[M], rng: Rng, level: int = 1) -> tuple[M, str]: ...


class RandomBot(Generic[M]):
    """Plays a uniformly random legal move: the baseline every game bot must beat."""

    id = "random"

    def choose(self, view: Any, legal: Sequence[M], rng: Rng) -> M:
        return rng.choice(legal)


@dataclass
class RecordedHand:
    """One hand as plain data (no file format): used by exporters and importers."""

    dealer: int
    deck: list[Card]
    moves: list[tuple[int, str]]
    result: HandResult | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """The hand's plain JSON facts (a replay's ``HandRecord.extra``): an imported board's record of what
    its file said (tags, names, notes), which an exporter writes back."""


@dataclass
class ImportedMatch:
    """What an importer read: enough to build and verify a replay."""

    config: Any
    players: int
    first_dealer: int
    hands: list[RecordedHand]
    meta: dict[str, Any] = field(default_factory=dict)
    """Free-form facts about the whole file (event, what the import did) kept as replay annotations."""
    notes: list[tuple[int, int, str]] = field(default_factory=list)
    """(hand, move, text): what the file says at a move (a board's number and players, an alert, a
    comment, where its record stops), kept as the replay's notes there."""


@dataclass
class ScoreSheet:
    """A hand scored line by line for ``cardcli score`` (text and ``--json``)."""

    lines: list[str]
    points: Mapping[str, Number]
    """Points of the hand per side name."""
    data: dict[str, Any] = field(default_factory=dict)


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
