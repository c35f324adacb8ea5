"""The bridge review: the auction and play in brief, the double-dummy table and par, and what each
of the reviewed seat's cards cost double dummy.

Double dummy needs the ``dds`` extra (``endplay``), reached through the lean binding of
:mod:`cardcli.games.bridge.dds` (DDS alone: endplay's package, with its plotting, is never
imported). The table is DDS's ``CalcDDtable``; par is the rubber's
(:mod:`cardcli.games.bridge.par`: the part scores, games and vulnerability as they stood);
the cost of a card is the number of tricks the side lost by it against best play by all four
hands, from DDS's answer for every legal card of that position (one batch for the whole hand).
Without the extra the section says so in one line.
"""

from __future__ import annotations

from typing import Any

from cardcli.games.bridge import dds
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.par import Par, Standing, rubber_par
from cardcli.i18n import _, ngettext
from cardcli.review.collect import HandTape
from cardcli.review.model import HandReview, Note, Section

SEATS = "NESW"
STRAINS = ("N", "S", "H", "D", "C")
"""Rows of the table, as the bridge columns print them: notrump, then spades down to clubs."""


def summary(tape: HandTape, game: Any) -> list[str]:
    """The auction and the contract's outcome in a few lines."""
    end = tape.end
    calls = " ".join(game.format_move(c) for c in end.calls)
    lines = [_("Auction (dealer {d}): {calls}").format(d=SEATS[tape.start.dealer], calls=calls or "-")]
    c = end.contract
    if c is None:
        lines.append(_("Passed out: no play."))
        return lines
    side = c.declarer % 2
    lead = next((s for s in tape.steps if isinstance(s.move, mv.Play)), None)
    lines.append(
        _("Contract {c} by {d}; opening lead {lead}; declarer's side took {t} tricks.").format(
            c=c.text(), d=SEATS[c.declarer], lead=f"{lead.move.card} ({SEATS[lead.seat]})" if lead else "-", t=end.won[side]
        )
    )
    return lines


def analyse(tape: HandTape, seats: tuple[int, ...], review: HandReview) -> None:
    """Add the double-dummy section (or the one line saying what is missing)."""
    title = _("Double dummy")
    if not dds.available():
        review.sections.append(
            Section(
                title,
                [
                    _(
                        "double-dummy analysis needs the dds extra (pip install 'cardcli[dds]'): "
                        "no DD table, par or card costs for this deal"
                    )
                ],
            )
        )
        return
    start = tape.start
    hands = [list(h) for h in start.original]
    table = dds.dd_table(hands)
    found = par_for(table, start)
    review.figures["dd_table"] = table
    review.figures["par"] = (found.score, found.contracts)
    lines = [_("Tricks each declarer takes double dummy:"), "      " + "  ".join(f"{s:>2}" for s in SEATS)]
    for strain in STRAINS:
        label = "NT" if strain == "N" else strain
        lines.append(f"  {label:<3} " + "  ".join(f"{table[strain][d]:>2}" for d in range(4)))
    score = f"{found.score:+d}" if found.score else "0"
    contracts = ", ".join(found.contracts) or _("passed out")
    if start.config.scoring == "deals":
        which = _("Par, this deal scored on its own:")
    else:
        which = _("Par at rubber (part scores NS {p}, EW {q}; vulnerable: {vul}):").format(
            p=start.rubber.leg[0], q=start.rubber.leg[1], vul=_vul_text(start.rubber.vulnerability())
        )
    par_line = _("{score} for North-South ({contracts})").format(score=score, contracts=contracts)
    lines.extend([which, "  " + par_line])
    par_text = f"{which} {par_line}"
    review.notes.append(
        Note(
            len(tape.moves),
            _("DD table (N E S W): ")
            + "; ".join(f"{'NT' if s == 'N' else s} " + " ".join(str(table[s][d]) for d in range(4)) for s in STRAINS),
        )
    )
    review.notes.append(Note(len(tape.moves), par_text))
    review.brief.append(par_text)
    review.sections.append(Section(title, lines))
    review.sections.append(card_costs(tape, seats, review))


def par_for(table: dict[str, list[int]], start: Any) -> Par:
    """The par of the deal as the rubber stood when it was dealt (:mod:`cardcli.games.bridge.par`)."""
    r = start.rubber
    standing = Standing(leg=(r.leg[0], r.leg[1]), games=(r.games[0], r.games[1]), vulnerable=r.vulnerability())
    return rubber_par(table, start.dealer, standing, start.config, [list(h) for h in start.original])


def _vul_text(vul: tuple[bool, bool]) -> str:
    if vul[0] and vul[1]:
        return _("both")
    if vul[0] or vul[1]:
        return "NS" if vul[0] else "EW"
    return _("none")


def card_costs(tape: HandTape, seats: tuple[int, ...], review: HandReview) -> Section:
    """For every card a reviewed seat played (dummy's too, when declaring): the tricks it cost double dummy."""
    title = _("Your cards, double dummy")
    plays = [d for d in tape.decisions if isinstance(d.move, mv.Play)]
    if not plays:
        return Section(title, [_("no card played by {who} in this deal").format(who=" & ".join(SEATS[s] for s in seats))])
    positions = []
    for d in plays:
        st = d.before
        trump = None if st.contract.strain == "N" else st.contract.strain
        positions.append(([list(h) for h in st.hands], trump, st.leader, list(st.trick)))
    solved = dds.solve(positions)
    lines: list[str] = []
    costs: list[tuple[int, int]] = []
    total = 0
    for d, scores in zip(plays, solved):
        card = d.move.card
        best = max(scores.values())
        got = scores.get(card, best)
        cost = best - got
        costs.append((d.ply, cost))
        if cost <= 0:
            continue
        total += cost
        st = d.before
        trick = len(st.tricks) + 1
        whose = st.turn
        better = " ".join(c for c, v in sorted(scores.items(), key=lambda kv: kv[0]) if v == best)
        won = st.won[whose % 2]
        line = (
            _("trick {t}: {who} {card} lost a trick double dummy: {got} instead of {best}; best: {better}")
            if cost == 1
            else _("trick {t}: {who} {card} lost {n} tricks double dummy: {got} instead of {best}; best: {better}")
        )
        text = line.format(t=trick, who=SEATS[whose], card=card, n=cost, got=won + got, best=won + best, better=better)
        lines.append(text)
        review.costly.append((cost, text))
        review.notes.append(Note(d.ply, text))
    review.figures["card_costs"] = costs
    if not lines:
        lines.append(
            ngettext(
                "every card held the double-dummy result ({n} card)",
                "every card held the double-dummy result ({n} cards)",
                len(plays),
            ).format(n=len(plays))
        )
    else:
        lines.append(
            _("in all: {tricks} lost double dummy over {cards}").format(
                tricks=ngettext("{n} trick", "{n} tricks", total).format(n=total),
                cards=ngettext("{n} card", "{n} cards", len(plays)).format(n=len(plays)),
            )
        )
    review.brief.append(lines[-1])
    lines.append(
        _("(double dummy sees all four hands: single dummy, with the cards hidden, a card it faults can still be the right play)")
    )
    return Section(title, lines)
