"""Rummy scoring: the closer scores the cards left in the opponents' hands.

Card values (seed and pagat): ace 1 (configurable), two to ten their pip value,
jack, queen and king 10. A *rummy* (going out in one turn without having
melded before and without laying off on others' melds) doubles the hand's
points; only the hand's points, never the running total.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from cardcli.engine.cards import Card, CardParseError, parse_cards
from cardcli.engine.scorepad import input_lines
from cardcli.games.rummy.config import DEAL_SIZES, RummyConfig
from cardcli.i18n import _, ngettext


def card_value(card: str, ace_points: int = 1) -> int:
    r = card[0]
    if r == "A":
        return ace_points
    if r in "TJQK":
        return 10
    return int(r)


def hand_value(cards: Iterable[str], ace_points: int = 1) -> int:
    return sum(card_value(c, ace_points) for c in cards)


@dataclass
class HandScore:
    """The score of one finished hand, line by line."""

    winner: int
    points: int
    rummy: bool
    lines: list[str] = field(default_factory=list)


def score_hand(hands: Sequence[Sequence[str]], closer: int, rummy: bool, config: RummyConfig, names: Sequence[str]) -> HandScore:
    """Score a hand won by ``closer``; ``hands`` are the cards left in every hand."""
    lines: list[str] = []
    total = 0
    for seat, cards in enumerate(hands):
        if seat == closer:
            continue
        v = hand_value(cards, config.ace_points)
        total += v
        shown = " ".join(cards) if cards else "-"
        lines.append(
            ngettext("{name} holds {cards}: {v} point", "{name} holds {cards}: {v} points", v).format(
                name=names[seat], cards=shown, v=v
            )
        )
    if rummy and config.rummy_doubles:
        lines.append(_("rummy (went out in one turn): {v} doubled to {d}").format(v=total, d=total * 2))
        total *= 2
    lines.append(_("{name} scores {v}").format(name=names[closer], v=total))
    return HandScore(closer, total, rummy, lines)


def parse_score_input(
    text: str, players: int | None, names_for: Callable[[int], list[str]]
) -> tuple[list[list[Card]], int, bool, list[str]]:
    """Parse the hand typed for ``cardcli score rummy``.

    Format, one item per line (``#`` starts a comment)::

        players 3            (optional; otherwise the number of hand lines + 1)
        closer P1            (the seat that went out)
        rummy yes            (optional; default no)
        P2 KS QH 5C          (cards left in each other player's hand; "-" for none)
        P3 7D 2S

    Returns the hands, the closer, the rummy flag and the seat names; raises
    ``ValueError`` with the line number on a bad line.
    """
    closer_name: str | None = None
    rummy = False
    left: dict[str, list[Card]] = {}
    line_of: dict[str, int] = {}
    declared_players = players
    for ln in input_lines(text):
        no, key, k, rest = ln.number, ln.word, ln.key, ln.rest
        if k == "players":
            if not rest.isdigit():
                raise ValueError(f"line {no}: `players` needs a number, not {rest!r}")
            declared_players = int(rest)
        elif k in ("closer", "out", "winner"):
            closer_name = rest.upper()
        elif k == "rummy":
            if rest.lower() not in ("yes", "no", "true", "false", "y", "n"):
                raise ValueError(f"line {no}: `rummy` takes yes or no, not {rest!r}")
            rummy = rest.lower() in ("yes", "true", "y")
        else:
            seat_key = key.upper().rstrip(":")
            if seat_key in line_of:  # a second line would silently replace the first
                raise ValueError(
                    _("line {no}: {seat} was already given on line {first}; one line per player").format(
                        no=no, seat=key.rstrip(":"), first=line_of[seat_key]
                    )
                )
            line_of[seat_key] = no
            try:
                left[seat_key] = [] if rest in ("", "-") else parse_cards(rest)
            except CardParseError as err:
                raise ValueError(f"line {no}: {err}") from None
    if closer_name is None:
        raise ValueError("missing `closer SEAT` line (who went out)")
    if declared_players is None and not left:
        raise ValueError("list the cards left in the other hands (e.g. `P2 KS QH 5C`) or give `players N`")
    n = declared_players or len(left) + 1
    if not 2 <= n <= 6:
        raise ValueError(_("rummy is played by 2 to 6 players, not {n}").format(n=n))
    names = names_for(n)
    upper = [s.upper() for s in names]
    if closer_name not in upper:
        raise ValueError(f"closer {closer_name!r} is not a seat ({', '.join(names)})")
    for seat in left:
        if seat not in upper:
            raise ValueError(f"{seat!r} is not a seat ({', '.join(names)})")
    closer = upper.index(closer_name)
    if closer_name in left and left[closer_name]:
        raise ValueError(f"{names[closer]} went out, so holds no cards")
    hands = [left.get(s, []) for s in upper]
    dealt = DEAL_SIZES[n]
    for seat, cards in left.items():
        if len(cards) > dealt:  # a hand ends with every player holding at most what was dealt
            raise ValueError(
                _("line {no}: {seat} holds {k} cards, but with {n} players each is dealt {dealt}").format(
                    no=line_of[seat], seat=names[upper.index(seat)], k=len(cards), n=n, dealt=dealt
                )
            )
    seen: dict[str, int] = {}
    for h in hands:
        for c in h:
            seen[c] = seen.get(c, 0) + 1
            if seen[c] > 1:
                raise ValueError(f"{c} appears twice, but rummy uses one deck")
    return hands, closer, rummy, names
