"""`cardcli score canasta`: a finished hand typed in by hand, scored line by line.

The input format (also in the rulebook, `cardcli rules canasta score`)::

    players 4                 # optional: 4 (default) or 2
    side NS                   # the lines below describe North-South (2 players: South or North)
    canasta K K K K K K K     # a canasta (7 or more cards); its kind comes from its cards
    canasta A A A A A JK 2
    meld Q Q Q 2              # an incomplete meld
    red3 2                    # red threes laid by the side
    hand 5 5 9 JK             # cards left in a hand (one line per player, or all on one)
    out                       # this side went out
    side EW
    meld 8 8 8
    hand K K 7 3
    opened no                 # this side never opened (the doubling rule, §7.5)

Cards are rank tokens (``K``, ``10``/``T``, ``2``, ``JK``, ``3`` for a black three)
or full cards (``KH``); ``#`` starts a comment. A side that is not listed
scored nothing.
"""

from __future__ import annotations

from collections import Counter

from cardcli.engine.melds import Meld as Layout
from cardcli.engine.melds import read_meld
from cardcli.engine.scorepad import input_lines
from cardcli.engine.verdict import InvalidMove
from cardcli.games.canasta import wildmelds
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.moves import parse_token
from cardcli.games.canasta.scoring import SideInput, SideScore, meld_key, score_sides
from cardcli.games.canasta.state import TableMeld
from cardcli.games.canasta.tablemelds import canasta_counts
from cardcli.games.canasta.tokens import NATURAL_RANKS, is_wild
from cardcli.i18n import _

SIDE_NAMES = {4: ("NS", "EW"), 2: ("South", "North")}
_ALIASES = {
    "ns": "NS",
    "n-s": "NS",
    "northsouth": "NS",
    "north-south": "NS",
    "we": "NS",
    "ew": "EW",
    "e-w": "EW",
    "eastwest": "EW",
    "east-west": "EW",
    "they": "EW",
    "south": "South",
    "s": "South",
    "north": "North",
    "n": "North",
}
_COPIES = {**{r: 12 for r in NATURAL_RANKS}, "2": 12, "JK": 6, "3": 6}


def parse_sheet(text: str, players: int | None, config: CanastaConfig) -> tuple[list[SideInput], int]:
    """Read the typed-in hand; raises ``ValueError`` naming the line on a bad one."""
    declared = players
    blocks: dict[str, SideInput] = {}
    order: list[str] = []
    current: SideInput | None = None
    used: Counter[str] = Counter()
    red_total = 0
    for ln in input_lines(text):
        no, key, k, rest = ln.number, ln.word, ln.key, ln.rest
        where = _("line {n}").format(n=no)
        if k == "players":
            if rest not in ("2", "4"):
                raise ValueError(_("{where}: canasta is played by 2 or 4 players, not {n!r}").format(where=where, n=rest))
            if order:
                raise ValueError(_("{where}: `players` must come before the sides").format(where=where))
            declared = int(rest)
            continue
        if k == "side" or (not rest and k in _ALIASES):
            name = _ALIASES.get((rest or k).lower().replace(" ", ""))
            if name is None:
                raise ValueError(
                    _("{where}: unknown side {side!r} (NS or EW; with 2 players South or North)").format(
                        where=where, side=rest or key
                    )
                )
            n = declared or (2 if name in ("South", "North") else 4)
            declared = n
            if name not in SIDE_NAMES[n]:
                raise ValueError(
                    _("{where}: with {n} players the sides are {sides}").format(
                        where=where, n=n, sides=_(" and ").join(SIDE_NAMES[n])
                    )
                )
            if name in blocks:
                raise ValueError(_("{where}: side {name} is listed twice").format(where=where, name=name))
            current = SideInput(name, [])
            blocks[name] = current
            order.append(name)
            continue
        if current is None:
            raise ValueError(
                _("{where}: start with `side NS` (or `side South` with 2 players) before {key!r}").format(where=where, key=key)
            )
        if k in ("canasta", "meld"):
            cards = _cards(rest, where)
            _check_meld(cards, k, where, config)
            current.melds.append(cards)
            used.update(cards)
        elif k in ("red3", "red", "red-threes", "tre-rossi"):
            word = rest.split()[0] if rest else ""
            if word == "threes":
                word = rest.split()[1] if len(rest.split()) > 1 else ""
            if not word.isdigit():
                raise ValueError(_("{where}: `red3` takes a number, e.g. `red3 2`").format(where=where))
            current.red_threes += int(word)
            red_total += int(word)
        elif k in ("hand", "left"):
            cards = _cards(rest, where) if rest not in ("", "-") else []
            current.hand.extend(cards)
            used.update(cards)
        elif k in ("out", "went"):
            current.went_out = True
        elif k == "opened":
            if rest.lower() not in ("yes", "no", "y", "n", "true", "false"):
                raise ValueError(_("{where}: `opened` takes yes or no").format(where=where))
            current.opened = rest.lower() in ("yes", "y", "true")
        else:
            raise ValueError(
                _("{where}: {key!r} is not understood (side, canasta, meld, red3, hand, out, opened)").format(
                    where=where, key=key
                )
            )
    if not blocks:
        raise ValueError(_("no sides given: start with `side NS` (see `cardcli rules canasta score`)"))
    n = declared or 4
    for tok, count in used.items():
        if count > _COPIES[tok]:
            raise ValueError(
                _("{count} × {card} listed, but the 162 cards hold only {n}").format(count=count, card=tok, n=_COPIES[tok])
            )
    if red_total > 6:
        raise ValueError(_("{n} red threes listed, but there are only 6").format(n=red_total))
    outs = [s for s in blocks.values() if s.went_out]
    if len(outs) > 1:
        raise ValueError(_("only one side can go out"))
    for s in blocks.values():
        if not s.opened and s.melds:
            raise ValueError(_("side {name} has melds, so it opened (remove `opened no`)").format(name=s.name))
        if s.went_out:
            clean, dirty = canasta_counts([TableMeld(meld_key(m), m) for m in s.melds], config.wild_canastas_count)
            if not (clean and dirty):
                raise ValueError(
                    _("side {name} went out without a clean and a dirty canasta (it has {c} clean and {d} dirty)").format(
                        name=s.name, c=clean, d=dirty
                    )
                )
    sides = [blocks.get(name) or SideInput(name, []) for name in SIDE_NAMES[n]]
    return sides, n


def _cards(text: str, where: str) -> list[str]:
    try:
        return [parse_token(w) for w in text.replace(",", " ").replace("-", " ").split()]
    except InvalidMove as err:
        raise ValueError(f"{where}: {err.message}") from None


def _check_meld(cards: list[str], kind: str, where: str, config: CanastaConfig) -> None:
    if kind == "canasta" and len(cards) < wildmelds.CANASTA_SIZE:
        raise ValueError(
            _("{where}: a canasta has at least 7 cards ({n} given); use `meld` for an incomplete meld").format(
                where=where, n=len(cards)
            )
        )
    if all(is_wild(c) for c in cards):
        bad = wildmelds.shape_problem(cards.count("JK"), cards.count("2"))
        if bad is not None:
            raise ValueError(f"{where}: {bad.reason}")
        return
    got = read_meld(cards, config.play_meld_rules(), kind="set")
    if not isinstance(got, Layout):
        raise ValueError(f"{where}: {got.reason}")


def score_text(text: str, config: CanastaConfig, players: int | None) -> tuple[list[SideScore], int]:
    sides, n = parse_sheet(text, players, config)
    return score_sides(sides, config), n
