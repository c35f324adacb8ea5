"""The auction: whose call it is, which calls are legal, and the contract it ends in.

An auction is the dealer plus the calls in order; the seat making call ``i`` is
``(dealer + i) % 4`` (Law 17: the dealer calls first, then clockwise). Seats are
0 North, 1 East, 2 South, 3 West; a side is ``seat % 2`` (0 = NS, 1 = EW).

Two independent functions decide legality on purpose (the playout tests compare
them): :func:`legal_calls` generates, :func:`check_call` judges one call and says
which Law it breaks. Both follow the digest §3.1 (Laws 17-19, 22).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardcli.engine.verdict import ALLOWED, Verdict, refuse
from cardcli.games.bridge.moves import (
    ALL_BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    STRAIN_SYMBOLS,
    STRAINS,
    Bid,
    Call,
    Double,
    Pass,
    Redouble,
    format_call,
)
from cardcli.i18n import _

SEATS = "NESW"


def side_of(seat: int) -> int:
    return seat % 2


def partner(seat: int) -> int:
    return (seat + 2) % 4


@dataclass(frozen=True, slots=True, init=False)
class Contract:
    level: int
    strain: str
    doubled: int
    """0 undoubled, 1 doubled, 2 redoubled."""
    declarer: int

    def __init__(self, level: int, strain: str, doubled: int, declarer: int) -> None:
        # written out, as the compiled build runs a generated one as slow Python (a frozen one sets
        # each field so: compiled, this is a tenth of the time)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "strain", strain)
        object.__setattr__(self, "doubled", doubled)
        object.__setattr__(self, "declarer", declarer)

    @property
    def dummy(self) -> int:
        return partner(self.declarer)

    @property
    def leader(self) -> int:
        """The opening leader: declarer's left-hand opponent (Law 41)."""
        return (self.declarer + 1) % 4

    @property
    def side(self) -> int:
        return side_of(self.declarer)

    def text(self) -> str:
        """``4SX``: the contract in PBN's spelling without the declarer (``4NTXX`` is ``4NXX``)."""
        return f"{self.level}{self.strain}" + "X" * self.doubled

    def pretty(self, symbols: bool = True) -> str:
        strain = STRAIN_SYMBOLS[self.strain] if symbols else ("NT" if self.strain == "N" else self.strain)
        return f"{self.level}{strain}" + "X" * self.doubled + f" {SEATS[self.declarer]}"


def call_name(call: Call) -> str:
    """A call for people: ``1NT`` rather than the canonical ``1N``; ``Pass``, ``X``, ``XX``."""
    if isinstance(call, Bid):
        return f"{call.level}{'NT' if call.strain == 'N' else call.strain}"
    return "Pass" if isinstance(call, Pass) else format_call(call)


def caller(dealer: int, index: int) -> int:
    return (dealer + index) % 4


def last_bid(dealer: int, calls: Sequence[Call]) -> tuple[int, Bid] | None:
    """(index, bid) of the last bid so far, or ``None``."""
    for i in range(len(calls) - 1, -1, -1):
        c = calls[i]
        if isinstance(c, Bid):
            return i, c
    return None


def auction_over(calls: Sequence[Call]) -> bool:
    """Three passes after any call end it; four passes at the start throw the hand in (Law 17/22)."""
    if len(calls) < 4:
        return False
    return all(isinstance(c, Pass) for c in calls[-3:])


def passed_out(calls: Sequence[Call]) -> bool:
    return len(calls) == 4 and all(isinstance(c, Pass) for c in calls)


def doubling_state(calls: Sequence[Call]) -> int:
    """0, 1 or 2: whether the last bid stands doubled or redoubled (a later bid clears both)."""
    state = 0
    for c in calls:
        if isinstance(c, Bid):
            state = 0
        elif isinstance(c, Double):
            state = 1
        elif isinstance(c, Redouble):
            state = 2
    return state


def legal_calls(dealer: int, calls: Sequence[Call]) -> list[Call]:
    """Every legal call for the player to call now, in a stable order: P, X, XX, bids upwards."""
    if auction_over(calls):
        return []
    me = caller(dealer, len(calls))
    out: list[Call] = [PASS]
    lb = last_bid(dealer, calls)
    if lb is not None:
        idx, bid = lb
        bidder_side = side_of(caller(dealer, idx))
        after = calls[idx + 1 :]
        non_pass = [c for c in after if not isinstance(c, Pass)]
        if bidder_side != side_of(me) and not non_pass:
            out.append(DOUBLE)
        if bidder_side == side_of(me) and len(non_pass) == 1 and isinstance(non_pass[0], Double):
            out.append(REDOUBLE)
        floor = bid.index
    else:
        floor = -1
    out.extend(ALL_BIDS[floor + 1 :])  # ALL_BIDS[i].index == i
    return out


def check_call(dealer: int, calls: Sequence[Call], call: Call) -> Verdict:
    """Whether ``call`` is legal now, or the Law it breaks."""
    if auction_over(calls):
        return refuse("auction.over", _("the auction is over: three passes ended it (Law 17)"))
    me = caller(dealer, len(calls))
    lb = last_bid(dealer, calls)
    match call:
        case Pass():
            return ALLOWED
        case Bid(level, strain):
            if not (1 <= level <= 7) or strain not in STRAIN_SYMBOLS:
                return refuse("auction.bid", _("a bid names 1 to 7 odd tricks and a strain C, D, H, S or NT (Law 18)"))
            if lb is not None and call.index <= lb[1].index:
                return refuse(
                    "auction.insufficient",
                    _(
                        "insufficient bid: {bid} does not beat {last}; bid more tricks, or as many in a higher "
                        "strain (clubs, diamonds, hearts, spades, notrump) (Law 18)"
                    ).format(bid=call_name(call), last=call_name(lb[1])),
                )
            return ALLOWED
        case Double():
            if lb is None:
                return refuse("auction.double-no-bid", _("there is no bid to double (Law 19A)"))
            idx, bid = lb
            if side_of(caller(dealer, idx)) == side_of(me):
                return refuse(
                    "auction.double-partner",
                    _("you may double only an opponent's bid: {bid} was made by your side (Law 19A)").format(bid=call_name(bid)),
                )
            if doubling_state(calls):
                return refuse(
                    "auction.double-twice",
                    _("{bid} is already doubled; only the other side may redouble it (Law 19A)").format(bid=call_name(bid)),
                )
            return ALLOWED
        case Redouble():
            if lb is None or doubling_state(calls) == 0:
                return refuse(
                    "auction.redouble-no-double",
                    _("there is no double to redouble: you may redouble only an opponent's double (Law 19B)"),
                )
            if doubling_state(calls) == 2:
                return refuse("auction.redouble-twice", _("the bid is already redoubled (Law 19B)"))
            idx, bid = lb
            if side_of(caller(dealer, idx)) != side_of(me):
                return refuse(
                    "auction.redouble-partner",
                    _(
                        "you may redouble only a double of your own side's bid; {bid} is the opponents' "
                        "bid, doubled by your side (Law 19B)"
                    ).format(bid=call_name(bid)),
                )
            return ALLOWED
    raise TypeError(call)


def final_contract(dealer: int, calls: Sequence[Call]) -> Contract | None:
    """The contract of a finished auction (``None`` when passed out).

    The declarer is the player of the side that made the final bid who first
    named its strain (Definitions: Declarer).
    """
    lb = last_bid(dealer, calls)
    if lb is None:
        return None
    idx, bid = lb
    side = side_of(caller(dealer, idx))
    declarer = next(
        caller(dealer, i)
        for i, c in enumerate(calls)
        if isinstance(c, Bid) and c.strain == bid.strain and side_of(caller(dealer, i)) == side
    )
    return Contract(bid.level, bid.strain, doubling_state(calls), declarer)


def _call_choices() -> tuple[tuple[tuple[Call, ...], tuple[Call, ...], tuple[Call, ...]], ...]:
    """``[last bid's index + 1][0 plain, 1 double open, 2 redouble open]`` → the legal calls, in
    :func:`legal_calls`' order (P, X, XX, the bids above the last)."""
    return tuple(
        ((PASS, *ALL_BIDS[floor + 1 :]), (PASS, DOUBLE, *ALL_BIDS[floor + 1 :]), (PASS, REDOUBLE, *ALL_BIDS[floor + 1 :]))
        for floor in range(-1, len(ALL_BIDS))
    )


_CALL_CHOICES = _call_choices()
_STRAIN_INDEX = {s: i for i, s in enumerate(STRAINS)}


@dataclass(slots=True, init=False)
class AuctionSoFar:
    """An auction's calls reduced to the few numbers the rules need, kept up to date call by call.

    :meth:`legal`, :meth:`over` and :meth:`contract` answer what :func:`legal_calls`,
    :func:`auction_over` and :func:`final_contract` answer for the same calls, without rescanning
    them (the tests compare both on random auctions).
    """

    dealer: int
    calls: int
    bid: int
    """Index in ``ALL_BIDS`` of the last bid (-1: no bid yet)."""
    bidder: int
    """The seat that made the last bid."""
    doubled: int
    """0, 1 doubled, 2 redoubled: the last bid's state."""
    passes: int
    """Passes in a row at the end of the auction."""
    namers: list[int]
    """``side * 5 + strain`` → the first seat of that side to name that strain (-1: none yet)."""

    def __init__(
        self,
        dealer: int,
        calls: int = 0,
        bid: int = -1,
        bidder: int = -1,
        doubled: int = 0,
        passes: int = 0,
        namers: list[int] | None = None,
    ) -> None:
        # written out, as one is made every deal (see :class:`~cardcli.games.bridge.state.BridgeState`)
        self.dealer = dealer
        self.calls = calls
        self.bid = bid
        self.bidder = bidder
        self.doubled = doubled
        self.passes = passes
        self.namers = [-1] * 10 if namers is None else namers

    def add(self, call: Call) -> bool:
        """Append ``call`` (made by the seat whose turn it is); True when it ends the auction."""
        seat = (self.dealer + self.calls) % 4
        self.calls += 1
        kind = type(call)
        if kind is Pass:
            self.passes += 1
            return self.passes >= 3 and self.calls >= 4
        self.passes = 0
        if kind is Double:
            self.doubled = 1
        elif kind is Redouble:
            self.doubled = 2
        else:
            assert isinstance(call, Bid)
            strain = _STRAIN_INDEX[call.strain]
            self.bid = (call.level - 1) * 5 + strain
            self.bidder = seat
            self.doubled = 0
            k = seat % 2 * 5 + strain
            if self.namers[k] < 0:
                self.namers[k] = seat
        return False

    def over(self) -> bool:
        """Three passes after any call end it; four passes at the start throw the hand in."""
        return self.passes >= 3 and self.calls >= 4

    def legal(self) -> tuple[Call, ...]:
        """The legal calls now (empty once the auction is over), in :func:`legal_calls`' order."""
        if self.passes >= 3 and self.calls >= 4:
            return ()
        choices = _CALL_CHOICES[self.bid + 1]
        if self.bid < 0:
            return choices[0]
        ours = self.bidder % 2 == (self.dealer + self.calls) % 2
        if not ours and self.doubled == 0:
            return choices[1]
        if ours and self.doubled == 1:
            return choices[2]
        return choices[0]

    def allows(self, call: Call) -> bool:
        """Whether ``call`` is legal now: what ``call in legal()`` answers, without the list
        (a strict fold asks for every call of every replay)."""
        if self.passes >= 3 and self.calls >= 4:
            return False
        kind = type(call)
        if kind is Pass:
            return True
        if kind is Bid:
            level, strain = call.level, call.strain  # type: ignore[union-attr]
            if not (1 <= level <= 7) or strain not in _STRAIN_INDEX:
                return False
            return (level - 1) * 5 + _STRAIN_INDEX[strain] > self.bid
        if self.bid < 0:
            return False
        ours = self.bidder % 2 == (self.dealer + self.calls) % 2
        if kind is Double:
            return not ours and self.doubled == 0
        return kind is Redouble and ours and self.doubled == 1

    def contract(self) -> Contract | None:
        """The contract of the finished auction (``None`` when passed out)."""
        if self.bid < 0:
            return None
        bid = ALL_BIDS[self.bid]
        return Contract(bid.level, bid.strain, self.doubled, self.namers[self.bidder % 2 * 5 + self.bid % 5])

    def copy(self) -> AuctionSoFar:
        return AuctionSoFar(self.dealer, self.calls, self.bid, self.bidder, self.doubled, self.passes, list(self.namers))
