"""Regenerate the demo positions: `python tests/canasta/demos/make_demos.py`.

Each demo is the beginning of a real seeded bot game, cut where South is to move in a position
that shows one refusal; South is marked human so `cardcli play --resume FILE` continues there.
(Copy a demo before resuming it: resuming records back into the file.)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardcli.games.canasta.opening import max_extra, minimum
from cardcli.games.canasta.state import CanastaState
from cardcli.games.canasta.tablemelds import canasta_counts
from cardcli.games.canasta.tokens import NATURAL_RANKS, is_black_three
from cardcli.replay.io import write
from cardcli.session import Session

HERE = Path(__file__).parent


def frozen(st: CanastaState) -> bool:
    return st.phase == "start" and st.opened[0] and bool(st.pozzo) and is_black_three(st.pozzo[-1])


def opening_short(st: CanastaState) -> bool:
    if st.phase != "start" or st.opened[0]:
        return False
    hand = st.hand_counts(0)
    need = minimum(st.start_totals[0], st.config)
    return any(hand[r] >= 3 for r in NATURAL_RANKS) and max_extra(hand, [], st.config)[0] < need


def third_wild(st: CanastaState) -> bool:
    hand = st.hand_counts(0)
    return (
        st.phase == "play"
        and st.opened[0]
        and hand["JK"] + hand["2"] >= 3
        and any(hand[r] >= 3 and st.open_meld(0, r) is None for r in NATURAL_RANKS)
    )


def no_dirty(st: CanastaState) -> bool:
    if st.phase != "play" or len(st.hands[0]) > 2:
        return False
    clean, dirty = canasta_counts(st.melds[0])
    hand = st.hand_counts(0)
    return clean >= 1 and dirty == 0 and any(hand[r] and st.open_meld(0, r) is not None for r in NATURAL_RANKS)


def _try_frozen(st: CanastaState) -> str:
    return "take"


def _try_opening(st: CanastaState) -> str:
    r = next(r for r in NATURAL_RANKS if st.hand_counts(0)[r] >= 3)
    return f"meld {r} {r} {r}"


def _try_wild(st: CanastaState) -> str:
    hand = st.hand_counts(0)
    r = next(r for r in NATURAL_RANKS if hand[r] >= 3 and st.open_meld(0, r) is None)
    wilds = (["JK"] * hand["JK"] + ["2"] * hand["2"])[:3]
    return " ".join(["meld", r, r, r, *wilds])


def _try_out(st: CanastaState) -> str:
    hand = st.hand_counts(0)
    r = next(r for r in NATURAL_RANKS if hand[r] and st.open_meld(0, r) is not None)
    return f"add {r} to {r}"


DEMOS: dict[str, tuple[Callable[[CanastaState], bool], Callable[[CanastaState], str], str]] = {
    "frozen-pozzo": (frozen, _try_frozen, "South to move: a black three freezes the pozzo"),
    "opening-short": (opening_short, _try_opening, "South to move before drawing: the hand cannot open"),
    "third-wildcard": (third_wild, _try_wild, "South to move after drawing, holding three wildcards"),
    "no-dirty-canasta": (no_dirty, _try_out, "South to move with a clean canasta and no dirty one, nearly out"),
}


def find(test: Callable[[CanastaState], bool], suggest: Callable[[CanastaState], str], title: str) -> Session:
    for i in range(2000):
        s = Session.new("canasta", seed=f"demo-{i}", players=4, human_seats=(), hands_limit=1)
        while not s.finished:
            if s.game.needs_deal(s.state):
                s.deal_if_needed()
                continue
            if s.to_act() == 0 and test(s.state):
                s.seats[0].human = True
                s.seats[0].bot = None
                s.title = f"Demo: {title}; try `{suggest(s.state)}`"
                return s
            s.play(s.bot_move())
    raise LookupError(title)


if __name__ == "__main__":
    for name, (test, suggest, title) in DEMOS.items():
        session = find(test, suggest, title)
        write(HERE / f"{name}.cardcli.json", session.to_replay())
        print(name, session.seed, session.ply, session.title)
