"""Building a canasta position by hand, for rule tables in the tests and for tutorials.

A position is written the way the digest's examples are: hands and melds as
rank tokens (``K K K JK``), the pozzo as its face-up cards with the top card
last. Tokens become physical cards with a fixed suit (``K`` → ``KC``, ``2`` →
``2C``, ``3`` → ``3C``, a black three); full cards (``KH``, ``3D``) are kept
as written. Card conservation is not the point here, so the stock is filler
unless given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardcli.engine.cards import Card
from cardcli.games.canasta import wildmelds
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.state import WILD_KEY, CanastaState, Phase, TableMeld
from cardcli.games.canasta.tokens import is_wild, token


def cards(text: str) -> list[Card]:
    """``"K K 2 JK 3H"`` → ``["KC", "KC", "2C", "JK", "3H"]``."""
    out: list[Card] = []
    for w in text.split():
        w = w.upper()
        if w == "10":
            w = "T"
        out.append(Card(w if len(w) == 2 else w + "C"))
    return out


def meld(text: str, config: CanastaConfig, pending: bool = False) -> TableMeld:
    cs = cards(text)
    nat = [token(c) for c in cs if not is_wild(token(c))]
    m = TableMeld(nat[0] if nat else WILD_KEY, cs, pending=pending)
    if m.size >= wildmelds.CANASTA_SIZE and (m.wild or config.canasta_closed_at_seven):
        m.closed = True
    return m


def position(
    *,
    config: CanastaConfig | None = None,
    players: int = 4,
    turn: int = 0,
    phase: Phase = "start",
    hands: Mapping[int, str] | None = None,
    melds: Mapping[int, Sequence[str]] | None = None,
    pozzo: str = "9H",
    covered: str = "",
    stock: str | int = 40,
    opened: Sequence[bool] = (True, True),
    needs_three: bool = False,
    totals: Sequence[int] = (0, 0),
    asked: str | None = None,
    red3: Mapping[int, str] | None = None,
    pending: Mapping[int, Sequence[str]] | None = None,
) -> CanastaState:
    """A mid-hand state. ``melds``/``pending`` map a side (0 = NS or South, 1 = EW or North) to
    its melds; ``hands`` and ``red3`` map seats to cards."""
    cfg = config or CanastaConfig()
    st = CanastaState(
        config=cfg, players=players, dealer=(turn - 1) % players, hand_number=1, totals=list(totals), start_totals=list(totals)
    )
    st.hands = [cards((hands or {}).get(s, "4 5 6 7 8 9 T J Q K")) for s in range(players)]
    st.stock = cards(stock) if isinstance(stock, str) else [Card("8D")] * stock
    st.pozzo = cards(pozzo)
    st.covered = cards(covered)
    st.red3 = [cards((red3 or {}).get(s, "")) for s in range(players)]
    st.melds = [
        [meld(t, cfg) for t in (melds or {}).get(side, ())] + [meld(t, cfg, pending=True) for t in (pending or {}).get(side, ())]
        for side in range(2)
    ]
    st.opened = list(opened)
    st.needs_three = needs_three
    st.turn = turn
    st.phase = phase
    st.asked = asked  # type: ignore[assignment]
    return st
