"""Building burraco positions by hand, for the rule tables."""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec

from cardcli.engine.cards import multi_deck
from cardcli.engine.melds import Meld
from cardcli.engine.registry import load
from cardcli.games.burraco.state import BurracoState
from cardcli.games.burraco.table import new_table_meld, read_new

GAME = load("burraco")


def config(preset: str = "fibur-italiano", **options: Any) -> Any:
    cfg = GAME.presets[preset]
    return msgspec.structs.replace(cfg, **options) if options else cfg


def situation(
    hands: list[str],
    *,
    melds: list[tuple[int, str]] = (),
    discard: str = "KD",  # type: ignore[assignment]
    turn: int = 0,
    phase: str = "play",
    pozzetto: tuple[int, int] = (0, 0),
    single_taken: str | None = None,
    took_pile: bool = False,
    played_after_take: bool = False,
    stock: int = 30,
    covered: dict[int, str] | None = None,
    preset: str = "fibur-italiano",
    **options: Any,
) -> BurracoState:
    """A position: ``hands`` per seat (2 or 4), melds as (team, cards), the pozzetti not taken still there.

    Cards not placed go to the untaken pozzetti (11 each) and then the stock (``stock`` cards);
    whatever is left over is simply out of play, which the rule tables do not care about.
    """
    cfg = config(preset, **options)
    n = len(hands)
    st = BurracoState(config=cfg, players=n, dealer=(turn - 1) % n, hand_number=1, totals=[0, 0])
    st.hands = [h.split() for h in hands]  # type: ignore[misc]
    st.covered = [[] for _ in range(n)]
    for seat, cards in (covered or {}).items():
        st.covered[seat] = cards.split()  # type: ignore[assignment]
    st.melds = []
    for team, text in melds:
        lay = read_new(text.split(), cfg)
        assert isinstance(lay, Meld), (text, lay)
        st.melds.append(new_table_meld(team, lay, cfg))
    st.discard = discard.split()  # type: ignore[assignment]
    used = Counter(c for h in st.hands for c in h) + Counter(c for m in st.melds for c in m.layout.cards)
    used += Counter(st.discard) + Counter(c for h in st.covered for c in h)
    free = Counter(multi_deck(2, jokers=4))
    over = used - free
    assert not over, f"cards used too often: {dict(over)}"
    rest = list((free - used).elements())
    st.pozzetto_taken = list(pozzetto)
    st.pozzetti = []
    for _t in range(2 - sum(1 for p in pozzetto if p)):
        st.pozzetti.append(rest[:11])  # type: ignore[arg-type]
        rest = rest[11:]
    st.stock = rest[:stock]  # type: ignore[assignment]
    st.turn = turn
    st.phase = phase  # type: ignore[assignment]
    st.single_taken = single_taken  # type: ignore[assignment]
    st.took_pile = took_pile
    st.played_after_take = played_after_take
    return st


def verdict(st: BurracoState, move: str) -> Any:
    return GAME.check(st, GAME.parse_move(move))


def play(st: BurracoState, *moves: str) -> None:
    for text in moves:
        move = GAME.parse_move(text)
        v = GAME.check(st, move)
        assert v.ok, (text, v)
        GAME.apply(st, move)


def legal(st: BurracoState) -> list[str]:
    return [GAME.format_move(m) for m in GAME.legal_moves(st)]
