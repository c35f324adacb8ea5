"""Building rummy positions by hand, for the rule tables."""

from __future__ import annotations

from typing import Any

from cardcli.engine.cards import STANDARD_DECK
from cardcli.engine.melds import Meld, read_meld
from cardcli.engine.registry import load
from cardcli.games.rummy.state import RummyState, TableMeld

GAME = load("rummy")


def situation(
    hands: list[str],
    *,
    discard: str | None = None,
    melds: list[tuple[int, str]] = (),  # type: ignore[assignment]
    turn: int = 0,
    phase: str = "play",
    taken: str | None = None,
    stock: str | None = None,
    preset: str = "standard",
    **options: Any,
) -> RummyState:
    cfg = GAME.presets[preset]
    if options:
        import msgspec

        cfg = msgspec.structs.replace(cfg, **options)
    n = len(hands)
    st = RummyState(config=cfg, players=n, dealer=(turn - 1) % n, hand_number=1, totals=[0] * n)
    st.hands = [h.split() for h in hands]
    st.melds = []
    for owner, text in melds:
        m = read_meld(text.split(), cfg.meld_rules())
        assert isinstance(m, Meld), m
        st.melds.append(TableMeld(owner, m))
    used = [c for h in st.hands for c in h] + [c for m in st.melds for c in m.meld.cards]
    if discard is None:  # any card nobody holds
        discard = next(c for c in reversed(STANDARD_DECK) if c not in used)
    st.discard = discard.split()
    used += st.discard
    assert len(used) == len(set(used)), "a card is used twice in the situation"
    if stock is None:
        st.stock = [c for c in STANDARD_DECK if c not in used]
    else:
        st.stock = list(reversed(stock.split()))
    st.turn = turn
    st.phase = phase  # type: ignore[assignment]
    st.taken = taken
    st.tabled = [st.owns_meld(seat) for seat in range(n)]
    st.tabled_before_turn = st.tabled[turn]
    st.melds_this_turn = 0
    st.laid_off_on_others = False
    return st


def play(st: RummyState, *moves: str) -> None:
    for text in moves:
        move = GAME.parse_move(text)
        v = GAME.check(st, move)
        assert v.ok, (text, v)
        GAME.apply(st, move)
