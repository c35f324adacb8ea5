"""Melds of wildcards alone — pinelle and jolly melds — a canasta-only concept (digest §4.3).

Natural melds go through the shared meld module (:mod:`cardcli.engine.melds`);
a meld made only of twos and jokers is not a set of any rank, so it lives
here. A side has at most one such meld open at a time (the digest's "one meld
per rank", §4.1, applied to the wild "rank"); that alone already means a
pinelle meld and a jolly meld are never open together, S2's rule (§4.5).

Shapes, with ``j`` jokers and ``t`` twos:

* legal: at least 3 cards, ``min(j, t) <= 2``, at most 7 (it is closed at 7);
* pinelle meld: ``t > j`` — 7 twos is a clean pinelle canasta, 6+1 or 5+2 a
  dirty one;
* jolly meld: ``j > t`` — 6+1 or 5+2 is a jolly canasta (there are only six
  jokers, so it always holds a two);
* ``j == t`` (e.g. ``JK JK 2 2``) is still undecided; ``JK JK 2``, the special
  opening, leans to jolly but can still become a dirty pinelle canasta.
"""

from __future__ import annotations

from typing import Literal

from cardcli.engine.verdict import Verdict, refuse
from cardcli.i18n import _

WildKind = Literal["pinelle", "jolly", "undecided"]
CanastaKind = Literal["clean", "dirty", "clean-aces", "pinelle-clean", "pinelle-dirty", "jolly"]

CANASTA_SIZE = 7


def shape_problem(jokers: int, twos: int) -> Verdict | None:
    """Why ``jokers`` + ``twos`` is not a legal wild meld, or ``None``."""
    shown = " ".join(["JK"] * jokers + ["2"] * twos)
    if jokers + twos < 3:
        return refuse("meld.size", _("{cards}: a meld needs at least 3 cards").format(cards=shown))
    if min(jokers, twos) > 2:
        return refuse(
            "wild.shape",
            _(
                "{cards}: a meld of wildcards holds at most two of the minority kind (two jokers in a "
                "pinelle meld, two twos in a jolly meld)"
            ).format(cards=shown),
        )
    if jokers + twos > CANASTA_SIZE:
        return refuse("wild.size", _("{cards}: a canasta of wildcards is complete and closed at seven cards").format(cards=shown))
    return None


def kind(jokers: int, twos: int) -> WildKind:
    if twos > jokers:
        return "pinelle"
    if jokers > twos:
        return "jolly"
    return "undecided"


def blocks_pinelle(jokers: int, twos: int) -> bool:
    """Whether an open wild meld counts as a pinelle meld for the no-dirtying rule (S0, RG).

    A meld with at least as many twos as jokers is treated as a pinelle meld: it
    is (or may still become) a canasta of twos.
    """
    return twos >= jokers


def canasta_kind(jokers: int, twos: int) -> CanastaKind:
    """The kind of a complete (7-card) wild canasta."""
    if jokers == 0:
        return "pinelle-clean"
    if twos > jokers:
        return "pinelle-dirty"
    return "jolly"
