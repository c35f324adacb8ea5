"""Canasta bots: the default player (``basic``), the first one (``basic-v1``), and the random baseline.

The default bot plays like the first one (open early, take the pozzo, build clean
canastas, discard safely, go out when ahead; see :mod:`.basic_v1`) with three changes
that won in seeded matches against it (``tests/benchmarks/test_meld_strength.py``):

* **it keeps its wildcards** while its side has no dirty canasta (one is needed to go
  out), and never throws one to freeze a pozzo that is already frozen;
* **it keeps a pair** of a rank in hand when it melds, so it can still take the pozzo
  with that rank, unless the hand may end soon;
* **it does not feed** the opponents: a rank they have an open meld of costs more to
  discard.

Every reason it gives is a :class:`Reason` whose ``kind`` names a fact about the
position that the text states, and the text is built from that fact (the tests check
each kind against the position). It sees only its view and the legal moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardcli.engine.game import RandomBot
from cardcli.engine.rng import Rng
from cardcli.games.canasta import moves as mv
from cardcli.games.canasta.basic_v1 import (
    DUMP_STOCK,
    KEEP,
    BasicCanastaBot,
    _after_drawing,
    _counts,
    _key,
    _natural_plan,
    _opponents_can_go_out,
    _p_at_least,
    completing_add,
    largest_wild_add,
)
from cardcli.games.canasta.tokens import RANK_NAMES, card_value, is_wild, token, tokens_value
from cardcli.games.canasta.view import CanastaView, MeldView
from cardcli.i18n import _, ngettext

COPIES = 12
"""Three packs: twelve cards of each natural rank."""


@dataclass(frozen=True)
class Reason:
    kind: str
    """Which fact the text states (the tests check each kind against the position)."""
    text: str


Explained = tuple[mv.Move, Reason]


class CanastaBot(BasicCanastaBot):
    """The default bot; the three switches exist so the benchmark can measure each change."""

    id = "basic"

    def __init__(self, keep_wilds: bool = True, keep_pairs: bool = True, no_feed: bool = False) -> None:
        self.keep_wilds = keep_wilds
        self.keep_pairs = keep_pairs
        self.no_feed = no_feed

    def choose(self, view: CanastaView, legal: Sequence[mv.Move], rng: Rng) -> mv.Move:
        return self.explain(view, legal, rng)[0]

    def advise(self, view: CanastaView, legal: Sequence[mv.Move], rng: Rng) -> tuple[mv.Move, str]:
        move, reason = self.explain(view, legal, rng)
        return move, reason.text

    def explain(self, view: CanastaView, legal: Sequence[mv.Move], rng: Rng) -> Explained:
        if len(legal) == 1:
            return legal[0], Reason("only", _("the only legal move"))
        if view.phase == "answer":
            mine = tokens_value((token(c) for c in view.hand), view.config.black3_value)
            move, _why = self._answer(view, legal)
            if isinstance(move, mv.Answer) and not move.yes:
                return move, Reason(
                    "answer-no",
                    _("answer no: you still hold {v} points and the stock has {s} cards").format(v=mine, s=view.stock_size),
                )
            return move, Reason("answer-yes", _("answer yes: your hand is worth only {v} points").format(v=mine))
        if view.phase == "start":
            return self._start_explained(view, legal)
        return self._play_explained(view, legal)

    # -- before drawing ----------------------------------------------------------------------
    def _start_explained(self, view: CanastaView, legal: Sequence[mv.Move]) -> Explained:
        move, _why = self._start(view, legal)
        side = view.side_of(view.seat or 0)
        if isinstance(move, (mv.Meld, mv.Add)):
            need = view.minimum[side] - view.pending[side]
            return move, Reason(
                "open", _("open with {cards}: your side needs {need} more points").format(cards=" ".join(move.cards), need=need)
            )
        if isinstance(move, mv.Take):
            return move, Reason(
                "take",
                ngettext(
                    "take the pozzo: {n} card, the quickest way to canastas",
                    "take the pozzo: {n} cards, the quickest way to canastas",
                    view.pozzo_size,
                ).format(n=view.pozzo_size),
            )
        if isinstance(move, mv.Draw):
            return move, Reason("draw", _("draw two cards"))
        if isinstance(move, mv.End):
            return move, Reason("end", _("the stock is empty and you cannot take the pozzo: end the hand"))
        return move, Reason("only", _("the only move"))

    # -- after drawing -----------------------------------------------------------------------
    def _play_explained(self, view: CanastaView, legal: Sequence[mv.Move]) -> Explained:
        seat, side, hand, melds, (clean, dirty), lays = _after_drawing(view, legal)
        out = self._going_out(view, legal, hand, clean, dirty)
        if isinstance(out, mv.Ask):
            return out, Reason("ask", _("ask your partner: your side has the canastas to go out"))
        if out is not None:
            return out, Reason(
                "go-out",
                _("go out: your side has a clean and a dirty canasta; lay down {cards}").format(cards=" ".join(out.cards)),
            )
        # 1. naturals onto the side's melds, new clean melds
        dump = view.stock_size < DUMP_STOCK or _opponents_can_go_out(view, side)
        wanted = self._plan(view, hand, melds, dump)
        for m in lays:
            if not any(is_wild(c) for c in m.cards) and wanted.get(_key(m)) == len(m.cards):
                rank = _key(m)
                if isinstance(m, mv.Add):
                    if melds[rank].shape()[1:] == (0, 0):
                        return m, Reason(
                            "add-clean",
                            _("add {cards} to your {rank}: it builds a clean canasta").format(
                                cards=" ".join(m.cards), rank=_(RANK_NAMES[rank])
                            ),
                        )
                    return m, Reason(
                        "add",
                        _("add {cards} to your {rank}: naturals lower the points you hold").format(
                            cards=" ".join(m.cards), rank=_(RANK_NAMES[rank])
                        ),
                    )
                left = hand[rank] - len(m.cards)
                if left >= 2:
                    return m, Reason(
                        "meld-keep-pair",
                        _("meld {cards}: naturals are worth putting down; {n} stay in hand to take the pozzo").format(
                            cards=" ".join(m.cards), n=left
                        ),
                    )
                return m, Reason("meld", _("meld {cards}: naturals are worth putting down").format(cards=" ".join(m.cards)))
        # 2. one dirty canasta is needed to go out: complete one with wildcards first
        best = completing_add(view, lays, melds, dirty)
        if best is not None:
            if any(is_wild(c) for c in best.cards) or melds[best.target].shape()[1:] != (0, 0):
                return best, Reason(
                    "complete-dirty",
                    _("add {cards} to your {rank}: it completes a dirty canasta").format(
                        cards=" ".join(best.cards), rank=_(RANK_NAMES[best.target])
                    ),
                )
            return best, Reason(
                "complete-clean",
                _("add {cards} to your {rank}: it completes a clean canasta").format(
                    cards=" ".join(best.cards), rank=_(RANK_NAMES[best.target])
                ),
            )
        # 3. wildcards onto the meld of wildcards (pinelle 2000-3000, jolly 5000)
        wild = largest_wild_add(lays)
        if wild is not None:
            return wild, Reason(
                "add-wild",
                _("add {cards} to your meld of wildcards: a canasta of pinelle or jolly is worth thousands").format(
                    cards=" ".join(wild.cards)
                ),
            )
        wilds = hand["2"] + hand["JK"]
        near = any(not m.wild and m.shape()[0] >= 5 and m.canasta is None for m in melds.values())
        if "W" not in melds and (wilds >= 5 or (wilds >= 4 and dirty >= 1 and not near)):
            starts = [m for m in lays if isinstance(m, mv.Meld) and all(is_wild(c) for c in m.cards)]
            if starts:
                start = max(starts, key=lambda m: len(m.cards))
                return start, Reason(
                    "start-wild",
                    _("meld {cards}: you hold {n} wildcards, enough to start a canasta of wildcards").format(
                        cards=" ".join(start.cards), n=wilds
                    ),
                )
        return self._discard_explained(view, legal, hand, seat)

    def _plan(self, view: CanastaView, hand: Counter[str], melds: dict[str, MeldView], dump: bool) -> dict[str, int]:
        """How many naturals of each rank to lay down now: rank -> count."""
        return _natural_plan(view, hand, melds, dump, keep=KEEP if self.keep_pairs else 0, big_hand_melds=not self.keep_pairs)

    # -- the discard -------------------------------------------------------------------------
    def _discard_explained(self, view: CanastaView, legal: Sequence[mv.Move], hand: Counter[str], seat: int) -> Explained:
        discards = [m for m in legal if isinstance(m, mv.Discard)]
        if not discards:
            return legal[0], Reason("only", _("the only move"))
        side = view.side_of(seat)
        nxt = view.next_seat(seat)
        their_side = view.side_of(nxt)
        their = {m.key: m for m in view.melds[their_side]}
        seen = _seen(view)
        unknown = max(1, 162 - len(view.hand) - sum(seen.values()) - sum(len(r) for r in view.red3))
        pozzo = view.pozzo_size
        opened = view.opened[their_side]
        need = 3 if view.needs_three else 2
        h = view.hand_sizes[nxt]
        prize = 40.0 + 12.0 * pozzo
        my_melds = {mm.key for mm in view.melds[side] if not mm.closed}
        _clean, dirty = _counts(view.melds[side])

        def cost(m: mv.Discard) -> float:
            t = m.card
            if is_wild(t):
                base = 250.0 if t == "JK" else 90.0
                if not self.keep_wilds:
                    return base - (0.3 * prize if t == "JK" and pozzo >= 15 else 0.4 * prize if t == "2" and pozzo >= 12 else 0.0)
                if view.needs_three:
                    return base + 100.0  # the pozzo is frozen already: a wildcard adds nothing
                if dirty == 0:
                    base += 120.0  # one dirty canasta is needed to go out
                return base - (0.3 * prize if pozzo >= 12 else 0.0)
            if t == "3":
                return 8.0  # kept for when every other discard would give the pozzo away
            danger = 0.0
            if not _blocked(view, their, t):
                danger = prize * _p_at_least(max(0, COPIES - hand[t] - seen[t]), unknown, h, need)
                if not opened:
                    danger *= 0.5
                if self.no_feed and t in their and not their[t].closed:
                    danger += 25.0
            keep = 0.0
            if hand[t] >= 2:
                keep = 15.0 + 5.0 * hand[t]
            if t in my_melds:
                keep += 10.0
            return danger + keep - card_value(t) * 0.3

        best = min(discards, key=cost)
        assert isinstance(best, mv.Discard)
        return best, _discard_reason(view, best.card, hand, seen, their, need, opened)


def _seen(view: CanastaView) -> Counter[str]:
    """Cards of each token in sight besides the hand: the face-up pozzo and every meld."""
    seen: Counter[str] = Counter(token(c) for c in view.pozzo)
    for side_melds in view.melds:
        for m in side_melds:
            seen.update(m.tokens)
    return seen


def _blocked(view: CanastaView, their: dict[str, MeldView], t: str) -> bool:
    """Whether the next side may not take the pozzo on ``t``: it owns a canasta or a progetto of it."""
    return view.config.pozzo_blocked_by_own_canasta_or_progetto and t in their and (len(their[t].cards) >= 6 or their[t].closed)


def _discard_reason(
    view: CanastaView, t: str, hand: Counter[str], seen: Counter[str], their: dict[str, MeldView], need: int, opened: bool
) -> Reason:
    pozzo = view.pozzo_size
    if t == "3":
        return Reason(
            "discard-three", _("discard the black three: the next player cannot take the pozzo ({n} cards) on it").format(n=pozzo)
        )
    if is_wild(t):
        if all(is_wild(token(c)) or token(c) == "3" for c in view.hand):
            return Reason("discard-wild-forced", _("discard {card}: you hold only wildcards and threes").format(card=t))
        if not view.needs_three:
            return Reason(
                "discard-wild-freeze",
                _(
                    "discard {card}: it freezes the pozzo ({n} cards) for the next "
                    "player, and then three natural cards of a rank are needed to "
                    "take it"
                ).format(card=t, n=pozzo),
            )
        return Reason("discard-wild", _("discard {card}: every card you could keep is worth more to you").format(card=t))
    if _blocked(view, their, t):
        return Reason(
            "discard-blocked",
            _(
                "discard {card}: the next player's side has a canasta or a progetto of "
                "{rank}, so it cannot take the pozzo with it"
            ).format(card=t, rank=_(RANK_NAMES[t])),
        )
    if not opened:
        return Reason(
            "discard-unopened",
            _("discard {card}: the next player's side has not opened, so it must open first to take the pozzo").format(card=t),
        )
    out = hand[t] - 1 + seen[t]
    return Reason(
        "discard-seen",
        _(
            "discard {card}: you can see {k} of the {n} {rank}; the next player needs {need} of the others to take the pozzo"
        ).format(card=t, k=out + 1, n=COPIES, rank=_(RANK_NAMES[t]), need=need),
    )


BOTS = {"basic": CanastaBot, "basic-v1": BasicCanastaBot, "random": RandomBot}
