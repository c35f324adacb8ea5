"""`cardcli score bridge`: a rubber scored from deal results typed by hand.

One deal per line, in the order played (``#`` starts a comment)::

    4S S 10                 contract, declarer, tricks taken by declarer's side
    3NTX E 7                doubled; XX for redoubled
    2H N +1                 tricks relative to the contract: =, +1, -2 (also "made", "down 2")
    6H N 12 honors NS 100   honors held (SIDE 100 or 150), made or not
    pass                    a passed-out deal

Each entry is explained (trick points below the line, premiums above), games
and vulnerability follow the rubber, and if the last line leaves the rubber
unfinished it is settled as Law 80 says.
"""

from __future__ import annotations

import re

from cardcli.engine.game import ScoreSheet
from cardcli.games.bridge.auction import SEATS
from cardcli.games.bridge.config import BridgeConfig
from cardcli.games.bridge.rubber import Rubber, pad_lines
from cardcli.games.bridge.scoring import SIDE_NAMES, describe, score_deal
from cardcli.i18n import _

_CONTRACT = re.compile(r"^([1-7])\s*(NT|N|S|H|D|C|♠|♥|♦|♣)\s*(XX|X|RDBL|DBL|R)?$", re.IGNORECASE)
_SYMBOL = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "NT": "N"}


def parse_contract(text: str) -> tuple[int, str, int]:
    m = _CONTRACT.match(text.strip())
    if not m:
        raise ValueError(f"{text!r} is not a contract (e.g. 4S, 3NT, 2HX, 6CXX)")
    strain = m.group(2).upper()
    strain = _SYMBOL.get(strain, _SYMBOL.get(m.group(2), strain))
    dbl = (m.group(3) or "").upper()
    doubled = {"": 0, "X": 1, "DBL": 1, "XX": 2, "RDBL": 2, "R": 2}[dbl]
    return int(m.group(1)), strain, doubled


def score_text(text: str, config: BridgeConfig) -> ScoreSheet:
    rubber = Rubber.for_config(config)
    lines: list[str] = []
    hand = 0
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if rubber.over:
            raise ValueError(f"line {no}: the rubber was already over (a side had won two games)")
        hand += 1
        words = line.split()
        if words[0].lower() in ("pass", "passed", "passout", "passed-out", "p"):
            if len(words) > 1:
                raise ValueError(f"line {no}: a passed-out deal takes nothing after `pass`")
            lines.append(_("Deal {n}: passed out, nobody scores.").format(n=hand))
            continue
        if len(words) < 3:
            raise ValueError(
                f"line {no}: write CONTRACT DECLARER TRICKS, e.g. `4S S 10` (see `cardcli rules bridge score.input`)"
            )
        contract_words = words[0]
        rest = words[1:]
        if rest and rest[0].upper() in ("X", "XX", "DBL", "RDBL"):
            contract_words += rest[0]
            rest = rest[1:]
        try:
            level, strain, doubled = parse_contract(contract_words)
        except ValueError as err:
            raise ValueError(f"line {no}: {err}") from None
        if not rest or rest[0].upper() not in SEATS or len(rest[0]) != 1:
            raise ValueError(f"line {no}: the declarer must be N, E, S or W, not {rest[0] if rest else 'nothing'!r}")
        declarer = SEATS.index(rest[0].upper())
        rest = rest[1:]
        if not rest:
            raise ValueError(f"line {no}: how many tricks? e.g. `10`, `=`, `+1`, `-2`")
        tricks, rest = _tricks(rest, level, no)
        honors = None
        if rest:
            if rest[0].lower() not in ("honors", "honours", "hon") or len(rest) != 3:
                raise ValueError(f"line {no}: after the tricks only `honors SIDE 100|150` may follow, not {' '.join(rest)!r}")
            side_s, pts_s = rest[1].upper(), rest[2]
            if side_s not in SIDE_NAMES:
                raise ValueError(f"line {no}: honors go to NS or EW, not {rest[1]!r}")
            if pts_s not in ("100", "150"):
                raise ValueError(f"line {no}: honors are worth 100 or 150, not {pts_s!r}")
            if pts_s == "100" and strain == "N":
                raise ValueError(f"line {no}: at notrump only four aces in one hand count, for 150")
            side = SIDE_NAMES.index(side_s)
            seat = side if side == 0 else 1  # any seat of that side: only the side matters
            honors = (seat, side, int(pts_s))
        vul = rubber.vulnerable(declarer % 2)
        entries = score_deal(level, strain, doubled, declarer, tricks, vul, config, honors)
        entries = rubber.record(hand, entries)
        need = level + 6
        how = (
            _("made exactly")
            if tricks == need
            else _("made +{n}").format(n=tricks - need)
            if tricks > need
            else _("down {n}").format(n=need - tricks)
        )
        c = f"{level}{'NT' if strain == 'N' else strain}{'X' * doubled}"
        lines.append(
            _("Deal {n}: {c} by {d}, {t} tricks, {how}{vul}").format(
                n=hand, c=c, d=SEATS[declarer], t=tricks, how=how, vul=_(" (vulnerable)") if vul else ""
            )
        )
        for e in entries:
            lines.append("  " + describe(e))
    if hand == 0:
        raise ValueError("no deals: type one per line, e.g. `4S S 10` (see `cardcli rules bridge score.input`)")
    settlement = rubber.settlement(config)
    lines.append("")
    lines.extend(pad_lines(rubber.pad, rubber.totals, rubber.game_winners, rubber.over, settlement, rubber.vulnerability()))
    totals = rubber.settled_totals(config)
    if rubber.over:
        w = 0 if totals[0] > totals[1] else 1
        lines.append(
            _("Rubber over: {side} win by {m}.").format(side=SIDE_NAMES[w], m=abs(totals[0] - totals[1]))
            if totals[0] != totals[1]
            else _("Rubber over: a tie.")
        )
    else:
        for e in settlement:
            lines.append(describe(e))
        lines.append(_("The rubber is unfinished: settled as Law 80 says. NS {a}, EW {b}.").format(a=totals[0], b=totals[1]))
    return ScoreSheet(
        lines,
        {"NS": totals[0], "EW": totals[1]},
        {
            "rubber_over": rubber.over,
            "games": list(rubber.games),
            "entries": [p.to_list() for p in rubber.pad],
            "settlement": [e.to_list() for e in settlement],
        },
    )


def _tricks(rest: list[str], level: int, no: int) -> tuple[int, list[str]]:
    need = level + 6
    w = rest[0].lower()
    if w in ("made", "="):
        if len(rest) > 1 and re.fullmatch(r"\+?\d+", rest[1]):
            return need + int(rest[1].lstrip("+")), rest[2:]
        return need, rest[1:]
    if w == "down":
        if len(rest) < 2 or not rest[1].isdigit():
            raise ValueError(f"line {no}: `down` needs a number, e.g. `down 2`")
        n = need - int(rest[1])
        rest = rest[2:]
    elif re.fullmatch(r"[+-]\d+", w):
        n = need + int(w)
        rest = rest[1:]
    elif w.isdigit():
        n = int(w)
        rest = rest[1:]
    else:
        raise ValueError(f"line {no}: {rest[0]!r} is not a number of tricks (10, =, +1, -2, made, down 2)")
    if not 0 <= n <= 13:
        raise ValueError(f"line {no}: declarer cannot take {n} tricks (0 to 13)")
    return n, rest
