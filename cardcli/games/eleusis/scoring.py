"""Eleusis scoring, exactly as the seed's formulas (rules digest §A3), and `cardcli score eleusis`.

With X players besides the dealer, wᵢ their wrong cards after phase one and
nᵢ the cards they hold after phase two (S = Σnᵢ):

* the dealer scores Σᵢ(wᵢ − w_min): the seed's "sum of the others' wrong
  cards minus (X − 1) times the fewest" — large when one player cracked the
  rule and the others did not;
* each player scores max(0, S − X·nᵢ): the others' cards minus (X − 1) times
  their own, never below zero;
* 6 points go to the player out of cards, else to the player with the fewest,
  split equally on ties (1.5 and 1.2 for four- and five-way ties), so scores
  are kept as exact fractions and written as numbers with one decimal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from cardcli.engine.scorepad import input_lines
from cardcli.games.eleusis.config import deck_size
from cardcli.i18n import _

BONUS = 6

Number = int | float


def as_number(x: Fraction) -> Number:
    """An exact score as the number a replay stores: an int, or a float with one decimal (1.5, 1.2)."""
    return x.numerator if x.denominator == 1 else float(x)


def add(a: Fraction, b: Fraction) -> Fraction:
    """``a + b``: whole scores (nearly all) skip Fraction's general addition, which is slow, and every
    hand adds each seat's score to its total."""
    if a.denominator == 1 and b.denominator == 1:
        return Fraction(a.numerator + b.numerator)
    return a + b


def fmt(x: Fraction | Number) -> str:
    v = as_number(x) if isinstance(x, Fraction) else x
    return str(v)


def dealer_score(wrong: Sequence[int]) -> int:
    """Σ(wᵢ − w_min) over the players (the dealer is not in ``wrong``)."""
    lo = min(wrong)
    return sum(w - lo for w in wrong)


def player_scores(left: Sequence[int]) -> list[Fraction]:
    """max(0, S − X·nᵢ) + bonus share, for the cards ``left`` of each player."""
    x = len(left)
    s = sum(left)
    lo = min(left)
    ties = left.count(lo)
    # One Fraction per player, its share folded in (k·p + 6)/k: adding Fractions is slow, and every
    # playout's hand ends here.
    return [Fraction(max(0, s - x * n) * ties + BONUS, ties) if n == lo else Fraction(max(0, s - x * n)) for n in left]


@dataclass
class Sheet:
    lines: list[str] = field(default_factory=list)
    points: dict[int, Fraction] = field(default_factory=dict)
    """Points per seat."""


def dealer_lines(names: Sequence[str], dealer: int, players: Sequence[int], wrong: Sequence[int]) -> Sheet:
    """The dealer's score after phase one, line by line as the seed computes it."""
    sheet = Sheet()
    x = len(players)
    lo = min(wrong)
    others = sum(wrong) - lo
    listing = ", ".join(f"{names[p]} {w}" for p, w in zip(players, wrong))
    sheet.lines.append(_("wrong cards after phase one: {list}").format(list=listing))
    score = dealer_score(wrong)
    sheet.lines.append(
        _("dealer {d}: the others' wrong cards {others} - (X-1 = {k}) × the fewest {lo} = {s}").format(
            d=names[dealer], others=others, k=x - 1, lo=lo, s=score
        )
    )
    sheet.points[dealer] = Fraction(score)
    return sheet


def player_lines(names: Sequence[str], players: Sequence[int], left: Sequence[int], played: bool = True) -> Sheet:
    """The players' scores after phase two (or on their wrong cards, when it was not played), line by line."""
    sheet = Sheet()
    x = len(players)
    s = sum(left)
    scores = player_scores(left)
    lo = min(left)
    k = left.count(lo)
    listing = ", ".join(f"{names[p]} {n}" for p, n in zip(players, left))
    head = (
        _("cards left after phase two: {list} (X = {x})")
        if played
        else _("cards left (the wrong cards, as phase two was not played): {list} (X = {x})")
    )
    sheet.lines.append(head.format(list=listing, x=x))
    for p, n, sc in zip(players, left, scores):
        base = s - n
        raw = base - (x - 1) * n
        line = _("{name}: the others' cards {base} - (X-1 = {k}) × {n} = {raw}").format(
            name=names[p], base=base, k=x - 1, n=n, raw=raw
        )
        if raw < 0:
            line += _(", counted as 0")
        if n == lo:
            bonus = Fraction(BONUS, k)
            why = _("no cards left") if n == 0 else _("fewest cards")
            if k == 1:
                line += _(", + {b} bonus ({why})").format(b=fmt(bonus), why=why)
            else:
                line += _(", + {b} (the {full}-point bonus for {why}, shared by {k})").format(
                    b=fmt(bonus), full=BONUS, why=why, k=k
                )
        if raw < 0 or n == lo:
            line += " = " + fmt(sc)
        sheet.lines.append(line)
        sheet.points[p] = sc
    return sheet


def parse_score_input(
    text: str, players: int | None, names_for: Callable[[int], list[str]]
) -> tuple[list[str], int, list[int], list[int] | None, list[int] | None]:
    """Parse the hand typed for ``cardcli score eleusis``.

    Format, one item per line (``#`` starts a comment)::

        players 4           (optional: players including the dealer)
        dealer P1           (optional; default P1)
        wrong 11 8 6        (wrong cards after phase one, players clockwise from the dealer's left)
        left 0 2 5          (cards left after phase two, same order)

    Counts may also name the seat: ``wrong P2=11 P3=8 P4=6``. Either line may
    be left out: ``wrong`` alone scores the dealer, ``left`` alone the players.
    Returns (names, dealer, player seats, wrong, left); raises ValueError
    naming the line.
    """
    dealer_name = None
    declared = players
    lists: dict[str, tuple[int, list[str]]] = {}
    for ln in input_lines(text):
        no, key, k, rest = ln.number, ln.word, ln.key, ln.rest
        if k == "players":
            if not rest.isdigit():
                raise ValueError(f"line {no}: `players` needs a number, not {rest!r}")
            declared = int(rest)
        elif k == "dealer":
            if not rest:
                raise ValueError(f"line {no}: `dealer` needs a seat, e.g. `dealer P1`")
            dealer_name = rest.upper()
        elif k in ("wrong", "left"):
            if k in lists:
                raise ValueError(f"line {no}: a second `{k}` line")
            items = rest.replace(",", " ").split()
            if not items:
                raise ValueError(f"line {no}: `{k}` needs one count per player")
            lists[k] = (no, items)
        else:
            raise ValueError(f"line {no}: expected `wrong`, `left`, `dealer` or `players`, not {key!r}")
    if not lists:
        raise ValueError("give a `wrong` line (phase one) and/or a `left` line (phase two)")
    counts = {len(items) for _no, items in lists.values()}
    if len(counts) > 1:
        raise ValueError("the `wrong` and `left` lines give counts for different numbers of players")
    n = declared or counts.pop() + 1
    if not 3 <= n <= 7:
        raise ValueError(_("eleusis is played by 3 to 7 players including the dealer, not {n}").format(n=n))
    names = names_for(n)
    upper = [s.upper() for s in names]
    dealer = 0
    if dealer_name is not None:
        if dealer_name not in upper:
            raise ValueError(f"dealer {dealer_name!r} is not a seat ({', '.join(names)})")
        dealer = upper.index(dealer_name)
    seats = [(dealer + i) % n for i in range(1, n)]
    parsed: dict[str, list[int]] = {}
    for k, (no, items) in lists.items():
        if len(items) != n - 1:
            raise ValueError(f"line {no}: {len(items)} counts, but {n} players means {n - 1} besides the dealer")
        by_seat: dict[int, int] = {}
        for pos, item in enumerate(items):
            seat_name, eq, value = item.partition("=")
            if eq:
                if seat_name.upper() not in upper:
                    raise ValueError(f"line {no}: {seat_name!r} is not a seat ({', '.join(names)})")
                seat = upper.index(seat_name.upper())
                if seat == dealer:
                    raise ValueError(f"line {no}: {names[seat]} is the dealer, who plays no cards")
            else:
                seat, value = seats[pos], item
            if not value.isdigit():
                raise ValueError(f"line {no}: {value!r} is not a count of cards")
            if seat in by_seat:
                raise ValueError(f"line {no}: {names[seat]} is given twice")
            by_seat[seat] = int(value)
        parsed[k] = [by_seat[s] for s in seats]
    each = (deck_size(n) - 1) // (n - 1)
    for k, per_seat in parsed.items():
        for s, count in zip(seats, per_seat):
            if count > each:  # phase one plays each hand once; phase two plays from the wrong cards
                raise ValueError(
                    _("line {no}: {name} has {count} cards counted, but with {n} players each is dealt {each}").format(
                        no=lists[k][0], name=names[s], count=count, n=n, each=each
                    )
                )
    if "wrong" in parsed and "left" in parsed:
        for s, w, lft in zip(seats, parsed["wrong"], parsed["left"]):
            if lft > w:
                raise ValueError(
                    f"{names[s]} has {lft} cards left but made only {w} wrong plays; phase two is played from the wrong cards"
                )
    return names, dealer, seats, parsed.get("wrong"), parsed.get("left")
