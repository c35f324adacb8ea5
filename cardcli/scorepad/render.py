"""The pad for people (text, with a small chart), and for other programs (CSV, JSON).

The text layout follows a paper pad: one row per hand with each side's points
and running total, the hand's breakdown under it, then the totals, who deals
next, the result and the game's extras (the bridge pad above and below the
line, canasta's next opening minimum, burraco's victory points).
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from cardcli.engine.text import safe
from cardcli.i18n import _
from cardcli.scorepad.chart import sparkline
from cardcli.scorepad.pad import Number, Pad, Row, fmt
from cardcli.store.matches import MatchRecord


def _signed(v: Number) -> str:
    text = fmt(v)
    return text if text.startswith("-") else "+" + text


def header(record: MatchRecord) -> list[str]:
    opts = ", ".join(f"{k}={v}" for k, v in sorted(record.options.items()))
    head = _("{name} — {game}, preset {preset}{opts}, {n} players").format(
        name=record.name, game=record.game, preset=record.preset, opts=f" ({opts})" if opts else "", n=record.players
    )
    return [head]


def text_lines(
    record: MatchRecord, pad: Pad, detail: bool = True, charset: str = "unicode", only: set[int] | None = None
) -> list[str]:
    """The pad as lines; ``only`` limits the breakdowns to those hand numbers (after an entry)."""
    lines = header(record)
    lines.append(_(" vs ").join(pad.labels))
    lines.extend(pad.rules)
    width = max([len(s) for s in pad.sides] + [15])
    dealer_w = max([len(r.dealer or "") for r in pad.rows] + [len(_("dealer"))])
    lines.append("")
    lines.append(f"{'':>4}  {'':<{dealer_w}}  " + "  ".join(f"{s:>{width}}" for s in pad.sides))
    total = _("total")
    sub = f"{_('hand'):>7} {total:>7}"
    lines.append(f"{_('hand'):>4}  {_('dealer'):<{dealer_w}}  " + "  ".join(f"{sub:>{width}}" for _s in pad.sides))
    for r in pad.rows:
        lines.extend(_row(r, pad, width, dealer_w, detail and (only is None or r.number in only)))
    if not pad.rows:
        lines.append("  " + _("no hands yet"))
    lines.append("-" * (8 + dealer_w + (width + 2) * len(pad.sides)))
    lines.append(f"{total:>4}  {'':<{dealer_w}}  " + "  ".join(f"{fmt(t):>{width}}" for t in pad.totals))
    if len(pad.rows) >= 2:
        series = [[float(r.totals[i]) for r in pad.rows] for i in range(len(pad.sides))]
        low = min(min(s) for s in series)
        high = max(max(s) for s in series)
        for name, s in zip(pad.sides, series):
            lines.append(f"  {name:<{width}} {sparkline(s, charset, low, high)}  {fmt(s[-1])}")
    lines.extend(pad.extra)
    lines.append(pad.result)
    if pad.next_dealer:
        lines.append(_("Next to deal: {who}.").format(who=pad.next_dealer))
    # names and typed text come from the store: control characters never reach a terminal
    return [safe(line) for line in lines]


def _row(r: Row, pad: Pad, width: int, dealer_w: int, detail: bool) -> list[str]:
    cells = "  ".join(f"{_signed(p):>7} {fmt(t):>7}".rjust(width) for p, t in zip(r.points, r.totals))
    out = [f"{r.number:>4}  {r.dealer or '':<{dealer_w}}  {cells}"]
    if r.error:
        out.append("      " + _("not counted: {why}").format(why=r.error))
        out.append("      " + _("(correct it with `cardcli scorepad fix` or delete it)"))
        return out
    if detail:
        out.extend("      " + line for line in r.notes + r.lines)
    return out


def as_json(record: MatchRecord, pad: Pad) -> dict[str, Any]:
    def num(v: Number) -> Any:
        return v if isinstance(v, int) else float(v)

    return {
        "match": record.name,
        "game": record.game,
        "preset": record.preset,
        "options": record.options,
        "players": record.players,
        "names": record.names,
        "sides": pad.sides,
        "labels": pad.labels,
        "created": record.created,
        "updated": record.updated,
        "hands": [
            {
                "hand": r.number,
                "dealer": r.dealer,
                "text": r.text,
                "points": dict(zip(pad.sides, map(num, r.points))),
                "totals": dict(zip(pad.sides, map(num, r.totals))),
                "lines": r.lines,
                "notes": r.notes,
                "error": r.error,
            }
            for r in pad.rows
        ],
        "totals": dict(zip(pad.sides, map(num, pad.totals))),
        "over": pad.over,
        "winners": [pad.sides[w] for w in pad.winners],
        "result": pad.result,
        "next_dealer": pad.next_dealer,
        "rules": pad.rules,
        "extra": pad.extra,
    }


def as_csv(record: MatchRecord, pad: Pad) -> str:
    """One row per hand: number, dealer, each side's points and running total, the typed text."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(
        ["hand", "dealer", *[f"{safe(s)} points" for s in pad.sides], *[f"{safe(s)} total" for s in pad.sides], "error", "typed"]
    )
    for r in pad.rows:
        w.writerow(
            [
                r.number,
                safe(r.dealer or ""),
                *map(fmt, r.points),
                *map(fmt, r.totals),
                safe(r.error or ""),
                safe(r.text.replace("\n", " / ")),
            ]
        )
    return buf.getvalue()


_ESCAPE = {i: f"\\u{i:04x}" for i in [127, *range(0x80, 0xA0)]}
"""What ``json.dumps`` leaves raw but a terminal may obey (DEL and the C1 controls), written as escapes."""


def dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False).translate(_ESCAPE)
