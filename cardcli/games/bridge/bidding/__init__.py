"""cardcli's bidding system: a simplified Standard American (SAYC-lite) where every call explains itself.

The system is a table of *candidates* (rules digest §4.4). For a position in
the auction, :func:`~.system.candidates` lists the calls the system knows
there, in priority order, each with

* an explanation for people ("15-17 HCP, balanced"),
* a :class:`~.hand.Shape` (HCP range, suit lengths) that the call promises, and
* a test on a hand.

One function, :func:`~.meanings.meaning`, says what a call means in an
auction, and every job uses it, so the bots, ``hint``, ``explain``, the
auction summary, the PBN notes and the card-play sampler cannot disagree:

* a bot bids the first legal candidate whose test its hand passes, and its
  reason is that call's meaning;
* ``explain 1NT`` is the meaning of 1NT at the current position;
* the meaning of each call already made (partner's, the opponents') is read
  in the position its caller faced, and its shape narrows what is known about
  that hand (:func:`~.meanings.read_auction`), which feeds later decisions
  and the double-dummy sampling in :mod:`cardcli.games.bridge.sampling`.

Doubles are classified once, by :func:`~.context.double_kind` (takeout,
negative or penalty), and partner answers what the double means.

Beyond the first rounds a general *placement* rule takes over: with what
partner has shown, find a fit and count the points together, then bid game
(25+ points, 29 for a minor), slam (33+, via Blackwood), or stop in a part
score. Game is judged against the rubber score: with a part score below the
line, a lower contract completes the game and the bots stop there
(:meth:`~.context.Ctx.game_level`).

Modules: :mod:`.hand` (evaluation, shapes), :mod:`.table` (rows),
:mod:`.context` (a position, the rule for doubles), :mod:`.openings`
(openings and responses), :mod:`.rebids` (opener's rebids),
:mod:`.competitive` (overcalls, doubles, interference), :mod:`.twosuited`
(Michaels and the Unusual 2NT), :mod:`.doubles` (opener in competition), :mod:`.conventions`
(Blackwood, Stayman and transfer continuations), :mod:`.placement`,
:mod:`.system` (the table for a position) and :mod:`.meanings`.
"""

from cardcli.games.bridge.bidding.context import NEGATIVE, PENALTY, TAKEOUT, Ctx, Score, double_kind
from cardcli.games.bridge.bidding.hand import ANY, MAJORS, MINORS, SUITS, Hand, Shape, bname, sname
from cardcli.games.bridge.bidding.meanings import (
    Meaning,
    Reading,
    auction_notes,
    choose,
    decide,
    explain,
    interpret,
    meaning,
    position,
    read_auction,
    score_for_side,
)
from cardcli.games.bridge.bidding.system import candidates
from cardcli.games.bridge.bidding.table import Cand, cand, find

__all__ = [
    "ANY",
    "MAJORS",
    "MINORS",
    "NEGATIVE",
    "PENALTY",
    "SUITS",
    "TAKEOUT",
    "Cand",
    "Ctx",
    "Hand",
    "Meaning",
    "Reading",
    "Score",
    "Shape",
    "auction_notes",
    "bname",
    "cand",
    "candidates",
    "choose",
    "decide",
    "double_kind",
    "explain",
    "find",
    "interpret",
    "meaning",
    "position",
    "read_auction",
    "score_for_side",
    "sname",
]
