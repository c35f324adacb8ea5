"""The meaning of a call in an auction: one function for the bots, ``hint``, ``explain``, the auction
summary, the PBN notes and the card-play sampler.

:func:`meaning` is that function. Everything else here is built on it:

* :func:`read_auction` reads every call made, in order, each in the position
  its caller faced, and narrows what is known about each seat;
* :func:`explain` is the meaning of a call the player to act might make;
* :func:`choose` is the bot's call, whose reason is the meaning of that call;
* :func:`auction_notes` is the text of each call for a file (PBN ``[Note]``).

A reading is cached by (dealer, calls, scores) and extends the reading of the
auction one call shorter, so a bot's decision reads only the newest call.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardcli.games.bridge.auction import caller
from cardcli.games.bridge.bidding.context import Ctx, Score
from cardcli.games.bridge.bidding.hand import ANY, Hand, Shape, sname
from cardcli.games.bridge.bidding.system import candidates
from cardcli.games.bridge.bidding.table import cand, find
from cardcli.games.bridge.moves import PASS, Bid, Call, Double, Redouble
from cardcli.i18n import _, forget_on_change, language

ScoreFor = Callable[[int], Score]


@dataclass(frozen=True)
class Meaning:
    """What one call says, in the auction where it was (or would be) made."""

    call: Call
    text: str
    shape: Shape
    """What the call promises about the caller's hand."""
    forcing: bool
    """Partner must not pass it."""
    double: str | None = None
    """For a double: ``"takeout"``, ``"negative"`` or ``"penalty"`` (:func:`~.context.double_kind`)."""
    in_system: bool = True
    """False when the system does not list the call here and it is read as natural."""
    unit: str = "hcp"
    """The count(s) the stated range is in (:attr:`~.table.Cand.unit`), so a hint can show the hand's own."""


@dataclass(frozen=True)
class Reading:
    """The auction read call by call."""

    meanings: tuple[Meaning, ...]
    know: tuple[Shape, ...]
    """What the calls showed about each seat (by seat number)."""

    @property
    def texts(self) -> list[str]:
        return [m.text for m in self.meanings]

    @property
    def forcing(self) -> list[bool]:
        return [m.forcing for m in self.meanings]


def meaning(ctx: Ctx, call: Call) -> Meaning:
    """The meaning of ``call`` made by the player to act in ``ctx``: the system's row for it, or, for
    a call the system does not list there, the natural reading."""
    kind = ctx.double_kind() if isinstance(call, Double) else None
    c = find(candidates(ctx), call)
    if c is not None:
        return Meaning(call, c.text, c.shape, c.forcing, kind, unit=c.unit)
    text, shape = natural(ctx, call)
    return Meaning(call, text, shape, False, kind, in_system=False)


def natural(ctx: Ctx, call: Call) -> tuple[str, Shape]:
    """A call the system does not list here: read it as natural."""
    if isinstance(call, Bid):
        if call.strain == "N":
            return _("natural, not in cardcli's system here: notrump, probably balanced"), ANY
        lens = {call.strain: (4, 13)}
        return (
            _("natural, not in cardcli's system here: shows {s}").format(s=sname(call.strain)),
            cand(call, "", lens=lens).shape,
        )
    if isinstance(call, Double):
        kind = ctx.double_kind()
        if kind == "penalty":
            return _("penalty double (by the system's rule for doubles), outside the system's table here"), ANY
        if kind == "negative":
            return _("negative double (for takeout), outside the system's table here"), ANY
        return _("takeout double (by the system's rule for doubles), outside the system's table here"), ANY
    if isinstance(call, Redouble):
        return _("redouble: confident the contract makes"), ANY
    return _("pass: nothing to add"), ANY


def scores_of(score_for: ScoreFor) -> tuple[Score, Score, Score, Score]:
    return (score_for(0), score_for(1), score_for(2), score_for(3))


def score_for_side(vulnerable: Sequence[bool], leg: Sequence[int]) -> ScoreFor:
    """The rubber score from each seat's side, given NS/EW vulnerability and part scores."""

    def score_for(seat: int) -> Score:
        side = seat % 2
        return Score(vul=(bool(vulnerable[side]), bool(vulnerable[1 - side])), leg=(int(leg[side]), int(leg[1 - side])))

    return score_for


@lru_cache(maxsize=4096)
def _read(dealer: int, calls: tuple[Call, ...], scores: tuple[Score, ...], lang: str) -> Reading:
    """``lang``: the language the meanings' texts are in (a key of the cache: a server speaks several)."""
    if not calls:
        return Reading((), (ANY,) * 4)
    before = _read(dealer, calls[:-1], scores, lang)
    seat = caller(dealer, len(calls) - 1)
    m = meaning(_ctx(dealer, calls[:-1], scores, before), calls[-1])
    know = list(before.know)
    know[seat] = know[seat].meet(m.shape)
    return Reading(before.meanings + (m,), tuple(know))


forget_on_change(_read.cache_clear)  # the readings hold the meanings' texts, in one language


def _ctx(dealer: int, calls: tuple[Call, ...], scores: tuple[Score, ...], reading: Reading) -> Ctx:
    return Ctx(dealer, list(calls), scores[caller(dealer, len(calls))], list(reading.know), reading.forcing)


def read_auction(dealer: int, calls: Sequence[Call], score_for: ScoreFor) -> Reading:
    """Every call made, with its meaning, and what the calls showed about each seat.

    ``score_for(seat)`` gives the rubber score from that seat's side, so each
    call is read as its caller's system would have meant it.
    """
    return _read(dealer, tuple(calls), scores_of(score_for), language())


def position(dealer: int, calls: Sequence[Call], score_for: ScoreFor) -> Ctx:
    """The position of the player to call after ``calls``, with what the calls showed."""
    scores = scores_of(score_for)
    return _ctx(dealer, tuple(calls), scores, _read(dealer, tuple(calls), scores, language()))


def interpret(dealer: int, calls: Sequence[Call], score_for: ScoreFor) -> tuple[list[str], list[Shape]]:
    """The meaning of every call made, and what they show about each seat."""
    r = read_auction(dealer, calls, score_for)
    return r.texts, list(r.know)


def explain(dealer: int, calls: Sequence[Call], score_for: ScoreFor, call: Call) -> str:
    """What ``call`` would mean if the player to call made it now."""
    return meaning(position(dealer, calls, score_for), call).text


def auction_notes(dealer: int, calls: Sequence[Call], vulnerable: Sequence[bool], leg: Sequence[int]) -> list[str]:
    """The meaning of each call, for a file: ``vulnerable`` and ``leg`` are (NS, EW) as the hand began."""
    return read_auction(dealer, calls, score_for_side(vulnerable, leg)).texts


def choose(
    hand: Sequence[str], dealer: int, calls: Sequence[Call], score_for: ScoreFor, legal: Sequence[Call] | None = None
) -> tuple[Call, str]:
    """The system's call for ``hand`` now, and its meaning (the same text ``explain`` gives)."""
    call, _fits = decide(hand, dealer, calls, score_for, legal)
    return call, explain(dealer, calls, score_for, call)


def decide(
    hand: Sequence[str], dealer: int, calls: Sequence[Call], score_for: ScoreFor, legal: Sequence[Call] | None = None
) -> tuple[Call, bool]:
    """The system's call for ``hand`` now; the flag is False when no row of the table fits the hand
    and the call is a pass for want of anything better."""
    ctx = position(dealer, calls, score_for)
    h = Hand(hand)
    allowed = set(legal) if legal is not None else None
    for c in candidates(ctx):
        if allowed is not None and c.call not in allowed:
            continue
        if isinstance(c.call, Bid) and not ctx.ok(c.call):
            continue
        if c.test(h):
            return c.call, True
    return PASS, False
