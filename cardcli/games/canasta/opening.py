"""The opening (apertura, digest §3): the minimum by score, which melds may open, and
whether an opening under way can still reach its minimum.

An opening is laid down meld by meld before the draw; the melds stay *pending*
until the player draws or takes the pozzo, and that is refused while their
value is below the side's minimum. So that a player can never be stuck with a
half-made opening, a pending meld is accepted only when the rest of the hand
can still bring the opening to the minimum (:func:`can_reach`), and one card
must stay in hand (a player needs a card to discard after drawing).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardcli.engine.verdict import Verdict, refuse
from cardcli.games.canasta import wildmelds
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.state import TableMeld
from cardcli.games.canasta.tablemelds import dirtying_blocked, natural_problem, rules_memo
from cardcli.games.canasta.tokens import NATURAL_RANKS, card_value, cards_value
from cardcli.i18n import _

#: (lowest score, minimum) rows of the opening tables (§3.2).
TABLES = {
    "s0": ((0, 50), (3000, 90), (5000, 120), (7000, 160), (10000, 180), (12000, 200)),
    "rg": ((0, 50), (1500, 90), (3000, 120), (5000, 160), (7500, 180), (10000, 200)),
}


def minimum(score: int, config: CanastaConfig) -> int:
    """The opening minimum for a side whose running score (at the start of the hand) is ``score``."""
    if score < 0:
        return config.opening_negative
    need = TABLES[config.opening_table][0][1]
    for low, value in TABLES[config.opening_table]:
        if score >= low:
            need = value
    return need


def pending_value(melds: Sequence[TableMeld], config: CanastaConfig) -> int:
    """Card points of the melds laid down so far in an opening under way."""
    return sum(cards_value(m.cards, config.black3_value) for m in melds if m.pending)


def natural_opening_problem(rank: str, naturals: int, jokers: int, twos: int, config: CanastaConfig) -> Verdict | None:
    """Refusal for a natural meld of this shape in an opening (§3.3), or ``None``."""
    bad = natural_problem(rank, naturals, jokers, twos, config.opening_meld_rules())
    if bad is None:
        return None
    if natural_problem(rank, naturals, jokers, twos, config.play_meld_rules()) is None:
        shown = " ".join([rank] * naturals + ["JK"] * jokers + ["2"] * twos)
        if config.opening_wilds == "none":
            why = _("{cards}: an opening meld is made of natural cards only").format(cards=shown)
        else:
            why = _(
                "{cards}: in the opening a wildcard may join only a meld of at least {n} natural cards "
                "(a pair or three with a wildcard is not allowed)"
            ).format(cards=shown, n=config.opening_meld_rules().min_naturals)
        return refuse("open.wilds", why)
    return bad


def wild_opening_problem(jokers: int, twos: int, config: CanastaConfig) -> Verdict | None:
    """Refusal for a meld of wildcards with this final shape in an opening, or ``None``."""
    shown = " ".join(["JK"] * jokers + ["2"] * twos)
    if config.opening_wild_meld == "none":
        return refuse("open.wild-meld", _("{cards}: a meld of wildcards alone cannot be part of an opening").format(cards=shown))
    if config.opening_wild_meld == "2J1P_only" and (jokers, twos) != (2, 1):
        return refuse(
            "open.wild-meld",
            _("{cards}: the only meld of wildcards allowed in an opening is two jokers and a two (JK JK 2)").format(cards=shown),
        )
    return wildmelds.shape_problem(jokers, twos)


_WILD_OPENING_OK: dict[tuple[str, int, int], bool] = {}
"""(``opening_wild_meld``, jokers, twos) → whether :func:`wild_opening_problem` is ``None``: the
opening's search asks it for every split of the hand's wildcards, and the refusal it would build
(with its wording) is never shown there."""


def _wild_ok(jokers: int, twos: int, config: CanastaConfig) -> bool:
    key = (config.opening_wild_meld, jokers, twos)
    got = _WILD_OPENING_OK.get(key)
    if got is None:
        got = _WILD_OPENING_OK[key] = wild_opening_problem(jokers, twos, config) is None
    return got


WildOption = tuple[int, int, bool]
_WILD_OPTIONS: dict[tuple[str, int, int, int, int], tuple[WildOption, ...]] = {}
"""Memo of :func:`_wild_options` by what it reads: the option, the hand's wildcards and the wild meld."""


def _wild_options(jokers: int, twos: int, melds: Sequence[TableMeld], config: CanastaConfig) -> tuple[WildOption, ...]:
    """Ways the opening could still use wildcards in a meld of wildcards: (jokers, twos, closes it)."""
    w = next((m for m in melds if m.wild and not m.closed), None)
    if w is not None:
        _n, j0, t0 = w.shape()
    else:
        j0 = t0 = -1 if any(m.wild for m in melds) else -2
    key = (config.opening_wild_meld, jokers, twos, j0, t0)
    got = _WILD_OPTIONS.get(key)
    if got is None:
        got = _WILD_OPTIONS[key] = tuple(_wild_options_of(jokers, twos, j0, t0, config))
    return got


def _wild_options_of(jokers: int, twos: int, j0: int, t0: int, config: CanastaConfig) -> list[WildOption]:
    """``j0``, ``t0``: the open wild meld's shape; -1: only a closed one; -2: none at all.

    With none open (-1 or -2) a new wild meld of 3 or more may be started, as in play (after a closed
    clean pinelle canasta a side may still make a jolly canasta: rules §4.3)."""
    out = [(0, 0, False)]
    if j0 >= 0:
        for dj in range(jokers + 1):
            for dt in range(twos + 1):
                if (dj or dt) and _wild_ok(j0 + dj, t0 + dt, config):
                    out.append((dj, dt, j0 + dj + t0 + dt >= wildmelds.CANASTA_SIZE))
        return out
    for j in range(jokers + 1):
        for t in range(twos + 1):
            if j + t >= 3 and _wild_ok(j, t, config):
                out.append((j, t, j + t >= wildmelds.CANASTA_SIZE))
    return out


_VALUES = {r: card_value(r) for r in NATURAL_RANKS}


def max_extra(hand: Counter[str], melds: Sequence[TableMeld], config: CanastaConfig) -> tuple[int, int]:
    """The most points the cards of ``hand`` can still add to an opening, and how many cards that uses.

    Every card value is positive, so the best plan melds every natural it can
    (all of a rank with a pending meld or at least three in hand; a pair only
    where a pair plus a wildcard is an allowed opening meld) and then places as
    many wildcards as possible, jokers first, pairs before plain slots. The
    only real choice is the meld of wildcards, which is tried in every shape.
    """
    memo = rules_memo(config.opening_meld_rules())
    legal, cap = memo.legal, memo.cap
    nat_value = used = slots = 0
    pairs: list[int] = []
    by_key = {m.key: m for m in melds if not m.closed}
    # Sums, so the ranks may come in any order: first those with a meld, then the hand's others.
    for r, m in by_key.items():
        v = _VALUES.get(r)
        if v is None:
            continue  # the meld of wildcards: its options are weighed below
        k = hand.get(r, 0)
        n0, j0, t0 = m.shape()
        nat_value += k * v
        used += k
        slots += max(0, cap(n0 + k) - j0 - t0)
    closed_blocks = not config.new_meld_after_closed_canasta
    for r, k in hand.items():
        v = _VALUES.get(r)
        if v is None or k == 0 or r in by_key:
            continue  # not a natural rank (3, JK, 2), none left, or counted with its meld above
        if closed_blocks and any(x.key == r for x in melds):
            continue
        if legal(r, k, 0, 0):
            nat_value += k * v
            used += k
            slots += cap(k)
        elif k == 2 and legal(r, 2, 1, 0):
            pairs.append(2 * v)
    pairs.sort(reverse=True)
    jb, tb = dirtying_blocked(melds, config)
    jokers, twos = hand.get("JK", 0), hand.get("2", 0)
    best_value, best_used = nat_value, used
    for dj, dt, closes in _wild_options(jokers, twos, melds, config):
        rj, rt = jokers - dj, twos - dt
        blocked_j, blocked_t = (False, False) if closes else (jb, tb)
        uj = 0 if blocked_j else rj
        ut = 0 if blocked_t else rt
        m_count = min(uj + ut, slots + len(pairs))
        mj = min(uj, m_count)
        mt = m_count - mj
        filled_pairs = min(m_count, len(pairs))
        value = nat_value + 50 * (mj + dj) + 20 * (mt + dt) + sum(pairs[:filled_pairs])
        if value > best_value:
            best_value = value
            best_used = used + m_count + dj + dt + 2 * filled_pairs
    return best_value, best_used


def can_reach(hand: Counter[str], melds: Sequence[TableMeld], still_needed: int, config: CanastaConfig) -> bool:
    """Whether the cards in ``hand`` can add ``still_needed`` points to the opening while one card stays."""
    if still_needed <= 0:
        return True
    value, used = max_extra(hand, melds, config)
    if value < still_needed:
        return False
    if used < sum(hand.values()):
        return True
    for tok in list(hand):
        rest = hand.copy()
        rest[tok] -= 1
        if max_extra(rest, melds, config)[0] >= still_needed:
            return True
    return False
