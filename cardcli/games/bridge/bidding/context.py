"""One position in the auction, seen by the player about to call (:class:`Ctx`), and the rubber score
the bidder knows (:class:`Score`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardcli.games.bridge.auction import caller, side_of
from cardcli.games.bridge.bidding.hand import ANY, Shape
from cardcli.games.bridge.moves import Bid, Call, Double, Pass, Redouble
from cardcli.games.bridge.scoring import trick_points

TAKEOUT = "takeout"
NEGATIVE = "negative"
PENALTY = "penalty"


MAJOR_AND_MINOR = "M"
"""In :func:`two_suited`'s answer: the suits shown are the other major and an unnamed minor."""


def two_suited(dealer: int, calls: Sequence[Call], index: int) -> str | None:
    """The suits a two-suited overcall shows, when call number ``index`` is one (SAYC booklet,
    Defensive bidding: Michaels cue-bid and the Unusual Notrump), else ``None``.

    The call must come straight over the opponents' one-of-a-suit opening, the only bid so far
    (the caller's partner has passed or not yet called):

    * a cue bid of 1♣/1♦ (2♣/2♦) shows both majors: ``"SH"``;
    * a cue bid of 1♥/1♠ shows the other major and a minor: ``"S" + MAJOR_AND_MINOR`` (or ``"H…"``);
    * a jump to 2NT shows the two lowest unbid suits: ``"DH"`` over 1♣, ``"CH"`` over 1♦, ``"CD"``
      over a major.
    """
    if index >= len(calls) or not isinstance(calls[index], Bid):
        return None
    call = calls[index]
    assert isinstance(call, Bid)
    bids = [(i, c) for i, c in enumerate(calls[:index]) if isinstance(c, Bid)]
    if len(bids) != 1 or any(isinstance(c, (Double, Redouble)) for c in calls[:index]):
        return None
    at, opening = bids[0]
    if opening.level != 1 or opening.strain == "N" or index != at + 1:
        return None
    if call == Bid(2, opening.strain):
        if opening.strain in "CD":
            return "SH"
        return ("H" if opening.strain == "S" else "S") + MAJOR_AND_MINOR
    if call == Bid(2, "N"):
        return {"C": "DH", "D": "CH"}.get(opening.strain, "CD")
    return None


def double_kind(dealer: int, calls: Sequence[Call]) -> str:
    """What a double by the player to call after ``calls`` means: the system's one rule (rulebook
    ``bidding.doubles``).

    * a double of notrump, or of a bid at the 4 level or higher, is for penalties;
    * while our side has only passed, a double of their suit bid at the 1-3 level is for takeout
      (directly or in the pass-out seat);
    * responder's first call over a suit overcall at the 1 or 2 level of partner's one-of-a-suit
      opening (the opponents' only call that is not a pass) is a *negative* double, for takeout
      (SAYC: negative doubles through 2♠); not over a two-suited overcall (:func:`two_suited`),
      whose suits are already known;
    * the opener's double, when partner has only passed and the opponents' last bid is a suit at
      the 1-3 level, is for takeout: a strong opener competes with it (partner, who passed, may
      hold length in their suit but has no values to double);
    * every other double is for penalties.
    """
    seats = [caller(dealer, i) for i in range(len(calls))]
    me = caller(dealer, len(calls))
    bids = [(seats[i], c) for i, c in enumerate(calls) if isinstance(c, Bid)]
    if not bids:
        return PENALTY
    bid = bids[-1][1]
    if bid.strain == "N" or bid.level >= 4:
        return PENALTY
    ours = [c for i, c in enumerate(calls) if seats[i] % 2 == me % 2 and not isinstance(c, Pass)]
    if not ours:
        return TAKEOUT
    theirs = [c for i, c in enumerate(calls) if seats[i] % 2 != me % 2 and not isinstance(c, Pass)]
    opener, opening = bids[0]
    partner = (me + 2) % 4
    if (
        opener == partner
        and opening.level == 1
        and opening.strain != "N"
        and bid.level <= 2
        and len(ours) == 1
        and len(theirs) == 1
        and isinstance(theirs[0], Bid)
        and two_suited(dealer, calls, max(i for i, c in enumerate(calls) if isinstance(c, Bid))) is None
    ):
        return NEGATIVE
    partner_calls = [c for i, c in enumerate(calls) if seats[i] == partner]
    if (
        opener == me
        and opening.strain != "N"
        and len(ours) == 1
        and bid.level <= 3
        and bids[-1][0] % 2 != me % 2
        and all(isinstance(c, Pass) for c in partner_calls)
        and not any(isinstance(c, (Double, Redouble)) for c in calls)
    ):
        return TAKEOUT
    return PENALTY


@dataclass(frozen=True)
class Score:
    """What the bidder knows about the rubber: vulnerability and part scores (us, them)."""

    vul: tuple[bool, bool] = (False, False)
    leg: tuple[int, int] = (0, 0)


@dataclass
class Ctx:
    """One position in the auction, seen by the player about to call."""

    dealer: int
    calls: list[Call]
    score: Score
    know: list[Shape] = field(default_factory=lambda: [ANY] * 4)
    """What earlier calls showed about each seat (by seat number)."""
    forcing: list[bool] = field(default_factory=list)
    """For each call made: whether the system meant it as forcing (not a place to stop)."""

    @property
    def me(self) -> int:
        return caller(self.dealer, len(self.calls))

    @property
    def partner(self) -> int:
        return (self.me + 2) % 4

    @property
    def lho(self) -> int:
        return (self.me + 1) % 4

    @property
    def rho(self) -> int:
        return (self.me + 3) % 4

    def seat_calls(self, seat: int) -> list[Call]:
        return [c for i, c in enumerate(self.calls) if caller(self.dealer, i) == seat]

    def bids_of(self, seat: int) -> list[Bid]:
        return [c for c in self.seat_calls(seat) if isinstance(c, Bid)]

    @property
    def history(self) -> list[tuple[int, Call]]:
        return [(caller(self.dealer, i), c) for i, c in enumerate(self.calls)]

    @property
    def opening(self) -> tuple[int, Bid] | None:
        for seat, c in self.history:
            if isinstance(c, Bid):
                return seat, c
        return None

    @property
    def last_bid(self) -> tuple[int, Bid] | None:
        for seat, c in reversed(self.history):
            if isinstance(c, Bid):
                return seat, c
        return None

    def ours(self, seat: int) -> bool:
        return side_of(seat) == side_of(self.me)

    def ok(self, b: Bid) -> bool:
        lb = self.last_bid
        return lb is None or b.index > lb[1].index

    def cheapest(self, strain: str) -> Bid | None:
        for level in range(1, 8):
            b = Bid(level, strain)
            if self.ok(b):
                return b
        return None

    def jump(self, b: Bid) -> int:
        """How many levels above the cheapest bid in its strain ``b`` is (0 = not a jump)."""
        c = self.cheapest(b.strain)
        return b.level - c.level if c else 0

    def game_level(self, strain: str) -> int:
        """The lowest level that completes a game in ``strain`` with our part score (rubber)."""
        leg = self.score.leg[0]
        for level in range(1, 8):
            if leg + trick_points(level, strain, 0) >= 100:
                return level
        return 7

    def their_bids(self) -> list[tuple[int, Bid]]:
        return [(s, c) for s, c in self.history if isinstance(c, Bid) and not self.ours(s)]

    def our_bids(self) -> list[tuple[int, Bid]]:
        return [(s, c) for s, c in self.history if isinstance(c, Bid) and self.ours(s)]

    def their_suits(self) -> set[str]:
        """The suits the opponents have shown: their natural suit bids, and the suits a two-suited
        overcall names (:func:`two_suited`: a Michaels cue bid of our suit is not clubs or hearts)."""
        out: set[str] = set()
        for i, c in enumerate(self.calls):
            if not isinstance(c, Bid) or self.ours(caller(self.dealer, i)):
                continue
            shown = two_suited(self.dealer, self.calls, i)
            if shown is not None:
                out |= {s for s in shown if s != MAJOR_AND_MINOR}
            elif c.strain != "N":
                out.add(c.strain)
        return out

    def partner_shape(self) -> Shape:
        return self.know[self.partner]

    def was_forcing(self, index: int) -> bool:
        """Whether call number ``index`` (0-based) was forcing; unknown counts as forcing."""
        return self.forcing[index] if index < len(self.forcing) else True

    @property
    def passed_hand(self) -> bool:
        """This player has only passed so far: the pass denied an opening bid (or any values), so a
        new suit from this hand is limited and not forcing."""
        mine = self.seat_calls(self.me)
        return bool(mine) and all(isinstance(c, Pass) for c in mine)

    def double_kind(self) -> str:
        """What a double made now means in the system (:func:`double_kind`)."""
        return double_kind(self.dealer, self.calls)

    def partner_double(self) -> str | None:
        """The kind of partner's double when partner's last call that was not a pass is a double that
        still stands (nothing but passes since), else ``None``."""
        for i in range(len(self.calls) - 1, -1, -1):
            c = self.calls[i]
            if isinstance(c, Pass):
                continue
            if isinstance(c, Double) and caller(self.dealer, i) == self.partner:
                return double_kind(self.dealer, self.calls[:i])
            return None
        return None

    def partner_double_unanswered(self) -> str | None:
        """The kind of partner's last call when it is a double and this player has not called since,
        whatever the opponents did over it (a bid over a negative double frees opener to bid on)."""
        for i in range(len(self.calls) - 1, -1, -1):
            seat = caller(self.dealer, i)
            c = self.calls[i]
            if seat == self.me:
                return None
            if seat == self.partner:
                return double_kind(self.dealer, self.calls[:i]) if isinstance(c, Double) else None
        return None

    def rho_passed_only(self) -> bool:
        return all(isinstance(c, Pass) for c in self.seat_calls(self.rho))
