"""Burraco scoring (FIBUR Art. 17/18, digest §5 and §7) and the scorepad behind ``cardcli score``.

A team's hand score is

* the card value of every card it melded (joker 30 and two 20 whatever they
  stand for, ace 15, eight to king 10, three to seven 5);
* plus a bonus per burraco by kind (clean 200, semi-clean 150 where it
  exists, dirty 100; extra kinds as options);
* plus 100 for closing;
* minus the value of every card left in its members' hands (a pozzetto taken
  with the discard and not yet looked at counts as hand cards);
* minus 100 if the team never took its pozzetto, however the hand ended.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardcli.engine.cards import Card, CardParseError, format_cards, parse_cards
from cardcli.engine.melds import Meld
from cardcli.engine.scorepad import input_lines
from cardcli.engine.verdict import Verdict
from cardcli.games.burraco.config import VP_TABLES, BurracoConfig
from cardcli.games.burraco.state import TableMeld
from cardcli.games.burraco.table import (
    BurracoKind,
    burraco_kind,
    cards_points,
    kind_bonus,
    kind_name,
    new_table_meld,
    read_new,
    set_rank_taken,
)
from cardcli.i18n import _


@dataclass
class TeamScore:
    """One team's hand score, with the items that make it up."""

    name: str
    points: int = 0
    melded: int = 0
    bonuses: list[tuple[BurracoKind, int]] = field(default_factory=list)
    """(burraco kind, bonus) per burraco, in table order."""
    closing: int = 0
    in_hand: int = 0
    pozzetto: int = 0
    lines: list[str] = field(default_factory=list)

    def detail(self) -> dict[str, Any]:
        return {
            "melded": self.melded,
            "burraco": [k for k, _b in self.bonuses],
            "bonus": sum(b for _k, b in self.bonuses),
            "closing": self.closing,
            "in_hand": self.in_hand,
            "pozzetto": self.pozzetto,
        }


def score_team(
    name: str,
    melds: Sequence[TableMeld],
    left: Sequence[str],
    closed: bool,
    pozzetto_taken: bool,
    config: BurracoConfig,
    per_meld: bool = False,
) -> TeamScore:
    """Score one team's hand; ``per_meld`` adds a line per meld (the scorepad)."""
    ts = TeamScore(name)
    for i, m in enumerate(melds, 1):
        pts = cards_points(m.layout.cards)
        ts.melded += pts
        kind = burraco_kind(m, config)
        if kind is not None:
            ts.bonuses.append((kind, kind_bonus(kind, config)))
        if per_meld:
            what = _("{kind} burraco").format(kind=kind_name(kind)) if kind else _(str(m.layout.kind))
            line = _("{team} meld {n}: {cards} ({what}): {pts} in cards").format(
                team=name, n=i, cards=" ".join(m.layout.cards), what=what, pts=pts
            )
            if kind:
                line += _(", burraco +{b}").format(b=kind_bonus(kind, config))
            ts.lines.append(line)
    if not per_meld:
        ts.lines.append(_("{team}: {n} melds, {pts} in cards").format(team=name, n=len(melds), pts=ts.melded))
        for kind_text, bonus in ts.bonuses:
            ts.lines.append(_("{team}: {kind} burraco +{b}").format(team=name, kind=kind_name(kind_text), b=bonus))  # type: ignore[arg-type]
    if closed:
        ts.closing = config.closing_points
        ts.lines.append(_("{team}: closing +{b}").format(team=name, b=ts.closing))
    ts.in_hand = cards_points(left)
    if left:
        ts.lines.append(_("{team}: cards in hand {cards} −{v}").format(team=name, cards=" ".join(left), v=ts.in_hand))
    else:
        ts.lines.append(_("{team}: no cards in hand").format(team=name))
    if not pozzetto_taken:
        ts.pozzetto = config.pozzetto_penalty
        ts.lines.append(_("{team}: pozzetto never taken −{v}").format(team=name, v=ts.pozzetto))
    ts.points = ts.melded + sum(b for _k, b in ts.bonuses) + ts.closing - ts.in_hand - ts.pozzetto
    ts.lines.append(_("{team}: hand total {p:+}").format(team=name, p=ts.points))
    return ts


def victory_points(mp: Sequence[int], hands: int) -> list[int]:
    """FIBUR table: the match-point difference of a round → victory points out of 20 (digest §7)."""
    table = VP_TABLES[hands]
    diff = abs(mp[0] - mp[1])
    win = 20
    for top, vp in table:
        if diff <= top:
            win = vp
            break
    if mp[0] == mp[1]:
        return [10, 10]
    return [win, 20 - win] if mp[0] > mp[1] else [20 - win, win]


def match_winners(totals: Sequence[int], config: BurracoConfig) -> list[int] | None:
    """Who won, if the match is over after a hand with these totals (free play); ``None`` = play on.

    Digest §5.3: after a hand in which a team reaches the target the higher
    total wins; equal totals play another hand (option ``tie=draw``: both win).
    """
    if max(totals) < config.target:
        return None
    best = max(totals)
    top = [i for i, t in enumerate(totals) if t == best]
    if len(top) > 1 and config.tie == "replay":
        return None
    return top


# ---------------------------------------------------------------------------------------------
# the scorepad: `cardcli score burraco`

SCORE_FORMAT = """\
players 4                  (optional: 4 = teams NS and EW, 2 = players South and North)
NS meld 5H 6H 7H JK        (one line per meld of a team, in the order opened; cards in any order)
NS meld QS QD QC QH QS QD 2C
EW meld 8C 9C TC
NS hand 5C KD              (cards left in a hand; one line per player or all at once; `-` for none)
EW hand 7D 7D JK
closed NS                  (the team that closed; `closed none` or no line if the stock ran out)
pozzetto NS EW             (the teams that took their pozzetto; `pozzetto none` if neither)"""

_TEAM_ALIASES = {
    4: {"NS": 0, "N-S": 0, "NORTH-SOUTH": 0, "SN": 0, "EW": 1, "E-W": 1, "EAST-WEST": 1, "WE": 1},
    2: {"S": 0, "SOUTH": 0, "N": 1, "NORTH": 1},
}


def team_names(players: int) -> list[str]:
    """The scoring sides: the two partnerships with 4 players, the two players with 2."""
    return ["N-S", "E-W"] if players == 4 else ["South", "North"]


@dataclass
class ScoreInput:
    players: int
    melds: list[list[TableMeld]]
    left: list[list[Card]]
    closed: int | None
    pozzetto: list[bool]


def parse_score_input(text: str, config: BurracoConfig, players: int | None) -> ScoreInput:
    """Read the typed hand (format: :data:`SCORE_FORMAT`); ``ValueError`` names the bad line."""
    rows: list[tuple[int, str, str]] = []
    declared = players
    for ln in input_lines(text):
        no, head, rest = ln.number, ln.word, ln.rest
        if head.lower() == "players":
            if rest.strip() not in ("2", "4"):
                raise ValueError(f"line {no}: burraco is scored for 2 or 4 players, not {rest.strip()!r}")
            declared = int(rest)
            continue
        rows.append((no, head, rest.strip()))
    if declared is None:
        heads = {h.upper() for _n, h, _r in rows}
        declared = 2 if heads & set(_TEAM_ALIASES[2]) and not heads & set(_TEAM_ALIASES[4]) else 4
    if declared not in (2, 4):
        raise ValueError(f"burraco is scored for 2 or 4 players, not {declared}")
    aliases = _TEAM_ALIASES[declared]
    names = team_names(declared)

    def team(word: str, no: int) -> int:
        t = aliases.get(word.upper())
        if t is None:
            raise ValueError(f"line {no}: {word!r} is not a team (with {declared} players: {' or '.join(names)})")
        return t

    got = ScoreInput(declared, [[], []], [[], []], None, [False, False])
    closed_seen = False
    pozzetto_seen = False
    for no, head, rest in rows:
        key = head.lower()
        if key in ("closed", "close", "closer", "chiusura"):
            if closed_seen:
                raise ValueError(f"line {no}: `closed` is given twice")
            closed_seen = True
            if rest.lower() not in ("none", "-", "nobody", ""):
                got.closed = team(rest, no)
            continue
        if key in ("pozzetto", "pozzetti", "pot"):
            pozzetto_seen = True
            for w in rest.replace(",", " ").split():
                if w.lower() in ("none", "-"):
                    continue
                got.pozzetto[team(w, no)] = True
            continue
        t = team(head, no)
        verb, _sep, cards_text = rest.partition(" ")
        verb = verb.lower()
        try:
            cards = [] if cards_text.strip() in ("", "-") else parse_cards(cards_text)
        except CardParseError as err:
            raise ValueError(f"line {no}: {err}") from None
        if verb in ("meld", "m", "run", "set"):
            lay = read_new(cards, config)
            if isinstance(lay, Verdict):
                raise ValueError(f"line {no}: {lay.reason} [rule burraco {lay.rule}]")
            assert isinstance(lay, Meld)
            if lay.kind == "set" and lay.rank and set_rank_taken(got.melds[t], t, lay.rank):
                raise ValueError(
                    f"line {no}: {names[t]} already has a set of rank {lay.rank}; a team has one set "
                    "per rank [rule burraco meld.same-rank]"
                )
            got.melds[t].append(new_table_meld(t, lay, config))
        elif verb in ("hand", "left", "cards", "mano"):
            got.left[t].extend(cards)
        else:
            raise ValueError(f"line {no}: after the team write `meld CARDS` or `hand CARDS`, not {verb!r}")
    if not any(got.melds) and not any(got.left):
        raise ValueError("no melds and no cards given: start with e.g. `NS meld 5H 6H 7H` (see `cardcli rules burraco score`)")
    _check_counts(got)
    if got.closed is not None:
        from cardcli.games.burraco.table import has_required_burraco

        c = got.closed
        if not got.pozzetto[c] and pozzetto_seen:
            raise ValueError(f"{names[c]} closed, so it must have taken its pozzetto [rule burraco close.pozzetto]")
        got.pozzetto[c] = True
        if not has_required_burraco(got.melds[c], c, config):
            need = "a clean burraco" if config.close_requires == "clean" else "a burraco"
            raise ValueError(f"{names[c]} closed without {need} [rule burraco close.burraco]")
    return got


def _check_counts(got: ScoreInput) -> None:
    seen: Counter[str] = Counter()
    for team_melds in got.melds:
        for m in team_melds:
            seen.update(m.layout.cards)
    for left in got.left:
        seen.update(left)
    for card, n in seen.items():
        most = 4 if card == "JK" else 2
        if n > most:
            raise ValueError(f"{card} appears {n} times, but the burraco deck has {most}")


def score_sheet(text: str, config: BurracoConfig, players: int | None) -> tuple[list[str], dict[str, int], dict[str, Any]]:
    got = parse_score_input(text, config, players)
    names = team_names(got.players)
    lines: list[str] = []
    points: dict[str, int] = {}
    data: dict[str, Any] = {"players": got.players, "closed": names[got.closed] if got.closed is not None else None, "teams": {}}
    for t in (0, 1):
        ts = score_team(names[t], got.melds[t], got.left[t], got.closed == t, got.pozzetto[t], config, per_meld=True)
        lines.extend(ts.lines)
        points[names[t]] = ts.points
        data["teams"][names[t]] = ts.detail()
    lines.append(_("hand: {a} {pa:+}, {b} {pb:+}").format(a=names[0], pa=points[names[0]], b=names[1], pb=points[names[1]]))
    return lines, points, data


def describe_cards(cards: Sequence[str]) -> str:
    return format_cards(cards, "ascii") if cards else "-"
