"""The dealer bots' rule library, graded by difficulty, with the seven classic example rules.

Every entry is ELR text that passes the one-fifth rule (a test checks each),
a level (1 easy … 3 hard, the seed's "difficoltà crescenti" extended to the
digest's other examples) and a description shown when the rule is revealed.
``rule colour-or-rank`` in the REPL picks an entry by id. An id says what the
rule does; the classic rules were once numbered ``seed-1`` … ``seed-7`` (and
their pool ``seed``), and those names are still read (:data:`OLD_IDS`), so
older replays, saves and share codes that name them keep working.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cardcli.i18n import N_


@dataclass(frozen=True)
class LibraryRule:
    id: str
    level: int
    source: str
    description: str
    classic: bool = False
    """One of the seven example rules of the classic game (the pool ``classic``)."""

    @cached_property
    def text(self) -> str:
        """The canonical text (what the `rule` move holds)."""
        from cardcli.games.eleusis.language import canonical

        return canonical(self.source)


LEVELS = {1: N_("easy"), 2: N_("medium"), 3: N_("hard")}

LIBRARY: tuple[LibraryRule, ...] = (
    # -- the seven classic examples (the seed's), in their order of difficulty (rules digest §A4) --
    LibraryRule("alternate-colours", 1, "accept: color(c) != color(p1)", N_("alternate red and black"), True),
    LibraryRule("alternate-parity", 1, "accept: parity(c) != parity(p1)", N_("alternate even and odd"), True),
    LibraryRule(
        "parity-pairs",
        2,
        "accept: if parity(p1) == parity(p2) then parity(c) != parity(p1) else parity(c) == parity(p1)",
        N_("two odd cards, then two even cards, and so on"),
        True,
    ),
    LibraryRule(
        "colour-or-rank",
        2,
        "accept: color(c) == color(p1) or rank(c) == rank(p1)",
        N_("the same colour or the same rank as the previous right card"),
        True,
    ),
    LibraryRule(
        "colour-rank-or-14",
        2,
        "accept: color(c) == color(p1) or rank(c) == rank(p1) or rank(c) + rank(p1) == 14",
        N_("the same colour, the same rank, or the symmetric rank (A+K, 2+Q, 3+J … sum 14)"),
        True,
    ),
    LibraryRule(
        "sevens-switch",
        3,
        "modes: colour, parity; when colour: color(c) != color(p1); when parity: parity(c) != parity(p1); on rank(c) == 7: next",
        N_("alternate red and black; every 7 on the pile switches to alternating even and odd, and the next 7 switches back"),
        True,
    ),
    LibraryRule(
        "odd-black-even-red",
        3,
        "accept: if odd(p1) then suit(c) in {S, C} else suit(c) in {H, D}",
        N_("after an odd card play a spade or a club; after an even card a heart or a diamond"),
        True,
    ),
    # -- easy --
    LibraryRule("same-colour", 1, "accept: color(c) == color(p1)", N_("the same colour as the previous card")),
    LibraryRule("other-suit", 1, "accept: suit(c) != suit(p1)", N_("a different suit from the previous card")),
    LibraryRule("same-parity", 1, "accept: parity(c) == parity(p1)", N_("the same parity as the previous card")),
    LibraryRule(
        "high-low",
        1,
        "accept: if rank(p1) <= 7 then rank(c) >= 8 else rank(c) <= 7",
        N_("alternate low cards (A to 7) and high cards (8 to K)"),
    ),
    # -- medium --
    LibraryRule(
        "primes", 2, "accept: prime(c) != prime(p1)", N_("alternate primes (2 3 5 7 J K) and non-primes (Gardner's example)")
    ),
    LibraryRule(
        "positions",
        2,
        "accept: if phase(2) == 0 then red(c) else black(c)",
        N_("red cards in even places of the pile, black cards in odd places"),
    ),
    LibraryRule(
        "majors",
        2,
        "accept: if suit(p1) in {S, H} then suit(c) in {D, C} else suit(c) in {S, H}",
        N_("after a spade or a heart play a diamond or a club, and the other way round"),
    ),
    LibraryRule("close", 2, "accept: abs(rank(c) - rank(p1)) <= 3", N_("a rank at most 3 away from the previous card")),
    LibraryRule(
        "faces-black",
        2,
        "accept: if face(p1) then black(c) else not face(c) or red(c)",
        N_("after a face card play a black card; after a number card no black face card"),
    ),
    LibraryRule(
        "no-repeat-suit",
        2,
        "accept: suit(c) != suit(p1) and suit(c) != suit(p2)",
        N_("a suit different from both of the last two cards"),
    ),
    # -- hard --
    LibraryRule(
        "up-wrap",
        3,
        "accept: (rank(c) - rank(p1)) % 13 in 1..3",
        N_("one to three ranks higher than the previous card, going round from K to A"),
    ),
    LibraryRule(
        "suit-or-face",
        3,
        "accept: suit(c) == suit(p1) or (face(c) and not face(p1))",
        N_("the same suit, or a face card after a number card"),
    ),
    LibraryRule(
        "red-up",
        3,
        "accept: if red(c) then rank(c) >= rank(p1) else rank(c) <= rank(p1)",
        N_("red cards go up (or stay), black cards go down (or stay)"),
    ),
    LibraryRule(
        "colour-pairs",
        3,
        "accept: if color(p1) == color(p2) then color(c) != color(p1) else color(c) == color(p1)",
        N_("two red cards, then two black cards, and so on"),
    ),
    LibraryRule(
        "two-and-one",
        3,
        "modes: one, two, three; when one: red(c); when two: red(c); when three: black(c); on true: next",
        N_("two red cards, then a black card, over and over (counting from the starter)"),
    ),
    LibraryRule(
        "face-switch",
        3,
        "modes: colour, suit; when colour: color(c) != color(p1); "
        "when suit: suit(c) == suit(p1) or rank(c) == rank(p1); on face(c): next",
        N_("alternate colours; a face card switches to following suit or rank, the next face card switches back"),
    ),
    LibraryRule(
        "sum-odd-or-suit",
        3,
        "accept: odd(rank(c) + rank(p1)) or suit(c) == suit(p1)",
        N_("the two ranks add up to an odd number, or the suit is the same"),
    ),
)

OLD_IDS = {
    "seed-1": "alternate-colours",
    "seed-2": "alternate-parity",
    "seed-3": "parity-pairs",
    "seed-4": "colour-or-rank",
    "seed-5": "colour-rank-or-14",
    "seed-6": "sevens-switch",
    "seed-7": "odd-black-even-red",
}
"""The classic rules' former ids, still read (replays, saves, options) but never shown."""
BY_ID = {r.id: r for r in LIBRARY}
BY_ID.update({old: BY_ID[new] for old, new in OLD_IDS.items()})
"""Every entry by id, former ids included."""
POOLS = ("all", "easy", "medium", "hard", "classic")
OLD_POOLS = {"seed": "classic"}


def known(name: str) -> bool:
    """Whether ``name`` is a pool or a rule id the ``rules`` option accepts (former names too)."""
    return name in POOLS or name in OLD_POOLS or name in BY_ID


def pool(name: str) -> tuple[LibraryRule, ...]:
    """The rules a bot dealer may draw from: a pool name or one rule id (KeyError otherwise)."""
    name = OLD_POOLS.get(name, name)
    if name == "all":
        return LIBRARY
    if name == "classic":
        return tuple(r for r in LIBRARY if r.classic)
    levels = {"easy": 1, "medium": 2, "hard": 3}
    if name in levels:
        return tuple(r for r in LIBRARY if r.level == levels[name])
    return (BY_ID[name],)


def describe(text: str) -> LibraryRule | None:
    """The library entry whose canonical text is ``text``, if any."""
    for r in LIBRARY:
        if r.text == text:
            return r
    return None
