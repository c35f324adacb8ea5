"""What one eleusis seat may know, and how it is drawn.

A view holds the public table — the mainline, every play with its verdict, the
wrong cards in front of each player, the dealer's announcements — and the
seat's own phase-one hand. It never holds the secret rule, its parsed form or
anything computed from it while the hand is in play: not the rule's state, not
which cards it would accept. (The dealer's announcements, such as "ranks wrap
round", are public by the rules.) When the hand is over the rule is revealed
and the view carries its text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardcli.engine.cards import Card, Charset, format_card, sorted_cards
from cardcli.engine.game import HandResult, Line
from cardcli.engine.text import card_class, card_fragments
from cardcli.games.eleusis.state import Attempt
from cardcli.i18n import _

if TYPE_CHECKING:
    from cardcli.games.eleusis.config import EleusisConfig
    from cardcli.games.eleusis.state import EleusisState

Number = int | float


@dataclass(frozen=True)
class EleusisView:
    seat: int | None
    names: tuple[str, ...]
    config: EleusisConfig
    hand_number: int
    hands_total: int
    dealer: int
    turn: int
    phase: str
    """``rule`` (the dealer is writing it), ``one``, ``two`` or ``over``."""
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    wrong: tuple[tuple[Card, ...], ...]
    """Face-up wrong cards in front of each seat (in phase two: what they play from)."""
    mainline: tuple[Card, ...]
    attempts: tuple[Attempt, ...]
    announcements: tuple[str, ...]
    totals: tuple[Number, ...]
    phase_two_turns: int
    phase_two_limit: int
    removed: int
    """How many cards were trimmed from the deck (face down)."""
    result: HandResult | None = None
    revealed_rule: str | None = None
    """The rule's text, once the hand is over (or in the replay viewer, once its user reveals it)."""
    past_rules: tuple[str, ...] = ()
    """The rules of the match's earlier hands (revealed when each ended)."""
    all_hands: tuple[tuple[Card, ...], ...] | None = field(default=None)
    """Only in the replay viewer's "all hands" mode (never given to a player)."""

    @property
    def starter(self) -> Card:
        return self.mainline[0]

    @property
    def watching(self) -> bool:
        """True when this seat is the dealer of a hand in play: it only watches the plays
        (the drivers then show the mainline after each one and let the dealer step through)."""
        return self.seat is not None and self.seat == self.dealer and self.phase in ("one", "two")

    def watch_lines(self, charset: Charset) -> list[Line]:
        """The end of the mainline, after a play the dealer watched (one or two short lines)."""
        rows = mainline_rows(self, charset, per_row=10)
        if not rows:
            return []
        right = sum(1 for a in self.attempts if a.accepted)
        head = _("mainline ({n} right of {k}): ").format(n=right, k=len(self.attempts))
        return [[("dim", "    " + head)] + ([("dim", "… ")] if len(rows) > 1 else []) + rows[-1]]


def view_of(state: EleusisState, seat: int | None, names: list[str], reveal: bool = False, rule: bool = False) -> EleusisView:
    """``seat``'s view; ``reveal`` adds every hand, ``rule`` the secret rule while the hand is in play
    (both only for the replay viewer, never for a player)."""
    from cardcli.games.eleusis.scoring import as_number

    over = state.phase == "over"
    return EleusisView(
        seat=seat,
        names=tuple(names),
        config=state.config,
        hand_number=state.hand_number,
        hands_total=state.config.deals_per_player * state.players,
        dealer=state.dealer,
        turn=state.turn,
        phase=state.phase,
        hand=tuple(sorted_cards(state.hands[seat])) if seat is not None and state.hands else (),
        hand_sizes=tuple(len(h) for h in state.hands),
        wrong=tuple(tuple(w) for w in state.wrong),
        mainline=tuple(state.mainline),
        attempts=tuple(state.attempts),
        announcements=state.announcements,
        totals=tuple(as_number(t) for t in state.totals),
        phase_two_turns=state.phase_two_turns,
        phase_two_limit=state.config.phase_two_rounds * (state.players - 1),
        removed=len(state.removed),
        result=state.result if over else None,
        revealed_rule=state.rule_text if (over or rule) and state.rule_text else None,
        past_rules=tuple(str(r.detail.get("rule", "")) for r in state.results if r is not state.result),
        all_hands=tuple(tuple(sorted_cards(h)) for h in state.hands) if reveal else None,
    )


def announcement_text(a: str) -> str:
    if a == "wrap":
        return _("ranks go round the corner: after K comes A, 2 and so on")
    return a


def _card(c: Card, charset: Charset) -> tuple[str, str]:
    return (card_class(c), format_card(c, charset))


def _cards(cards: Any, charset: Charset) -> Line:
    return card_fragments(cards, charset)


def mainline_rows(view: EleusisView, charset: Charset, per_row: int = 8) -> list[Line]:
    """The mainline with each wrong try in brackets after the card it tried to follow."""
    tried: dict[int, list[Card]] = {}
    for a in view.attempts:
        if not a.accepted:
            tried.setdefault(a.pos, []).append(a.card)
    rows: list[Line] = []
    row: Line = []
    sep = ", " if charset == "words" else " "
    for i, c in enumerate(view.mainline):
        if i and i % per_row == 0:
            rows.append(row)
            row = []
        if row:
            row.append(("", sep))
        row.append(_card(c, charset))
        wrongs = tried.get(i + 1)
        if wrongs:
            row.append(("dim", " ["))
            for j, w in enumerate(wrongs):
                if j:
                    row.append(("dim", sep))
                row.append(("dim " + _card(w, charset)[0], format_card(w, charset)))
            row.append(("dim", "]"))
    if row:
        rows.append(row)
    return rows


def render_view(view: EleusisView, charset: Charset) -> list[Line]:
    from cardcli.games.eleusis.scoring import fmt

    names = view.names
    lines: list[Line] = []
    phase = {
        "rule": _("the dealer is writing the rule"),
        "one": _("phase one"),
        "two": _("phase two"),
        "over": _("hand over"),
    }.get(view.phase, view.phase)
    head = _("Hand {n}/{t} · dealer {d} · {phase}").format(
        n=view.hand_number, t=view.hands_total, d=names[view.dealer], phase=phase
    )
    if view.phase == "two":
        head += " · " + _("turn {k} of at most {m}").format(k=view.phase_two_turns + 1, m=view.phase_two_limit)
    lines.append([("title", head)])
    if view.revealed_rule is not None and view.phase == "over":
        lines.append([("label", _("The rule was: ")), ("secret", view.revealed_rule)])
    else:
        rule: Line = [("label", _("Rule: ")), ("secret", view.revealed_rule or _("secret"))]
        if view.announcements:
            rule.append(("", " · " + _("announced: ") + "; ".join(announcement_text(a) for a in view.announcements)))
        lines.append(rule)
    right = sum(1 for a in view.attempts if a.accepted)
    lines.append(
        [("label", _("Mainline ({n} right of {k} played; wrong tries in brackets):").format(n=right, k=len(view.attempts)))]
    )
    for row in mainline_rows(view, charset):
        lines.append([("", "  ")] + row)
    who: Line = [("label", _("Players: "))]
    first = True
    for i, n in enumerate(names):
        if not first:
            who.append(("dim", " | "))
        first = False
        marker = ""
        if i == view.turn and view.phase in ("one", "two"):
            marker = "▶ " if charset == "unicode" else "> "
        who.append(("turn" if marker else "", f"{marker}{n}"))
        if i == view.dealer:
            who.append(("", " " + _("dealer, {p} pts").format(p=fmt(view.totals[i]))))
        else:
            held = view.hand_sizes[i] if view.hand_sizes else 0
            who.append(
                (
                    "",
                    " "
                    + _("{c} in hand, {w} wrong, {p} pts").format(
                        c=held, w=len(view.wrong[i]) if view.wrong else 0, p=fmt(view.totals[i])
                    ),
                )
            )
    lines.append(who)
    for i, w in enumerate(view.wrong):
        if w:
            label = _("{name}'s wrong cards: ") if view.phase != "two" else _("{name} plays from: ")
            lines.append([("label", "  " + label.format(name=names[i]))] + _cards(w, charset))
    if view.all_hands is not None and view.seat is None:
        for i, h in enumerate(view.all_hands):
            if i != view.dealer:
                lines.append([("label", f"{names[i]}: ")] + _cards(h, charset))
    if view.seat is not None and view.seat != view.dealer and view.phase in ("one", "rule"):
        lines.append([("label", _("Your hand ({n}): ").format(n=len(view.hand)))] + _cards(view.hand, charset))
    elif view.seat is not None and view.seat == view.dealer and view.phase in ("one", "two"):
        lines.append([("dim", _("You are the dealer: the program judges every card by your rule."))])
    if view.phase == "rule" and view.seat == view.dealer:
        lines.append(
            [
                (
                    "hint",
                    _(
                        "Write your rule: `rule accept: color(c) != color(p1)` (alternate colours), "
                        "`rule parity-pairs` for a library rule (or just `accept: …`); "
                        "`rules eleusis language` explains the language, `fair RULE` checks one "
                        "without using it."
                    ),
                )
            ]
        )
    return lines


def status_line(view: EleusisView) -> str:
    from cardcli.games.eleusis.scoring import fmt

    names = view.names
    if view.phase == "over":
        what = _("hand over")
    elif view.phase == "rule":
        what = _("{who} writes the rule").format(who=names[view.dealer])
    else:
        ph = _("phase one") if view.phase == "one" else _("phase two")
        who = _("your turn") if view.seat == view.turn else _("{who} to play").format(who=names[view.turn])
        what = f"{ph} · {who}"
    scores = " ".join(f"{n}:{fmt(t)}" for n, t in zip(names, view.totals))
    return f"eleusis · {_('hand')} {view.hand_number}/{view.hands_total} · {what} · {scores}"
