"""The bridge review: the auction and play in brief, the double-dummy table and par, and what each
of the reviewed seat's cards cost double dummy.

Double dummy needs the ``dds`` extra (``endplay``): the table and par come from
``endplay.dds.calc_dd_table`` and ``par``; the cost of a card is the number of
tricks the side lost by it against best play by all four hands, from DDS's
answer for every legal card of that position (one batch for the whole hand).
Without the extra the section says so in one line.
"""

from __future__ import annotations

from typing import Any

from cardcli.games.bridge import dds
from cardcli.games.bridge import moves as mv
from cardcli.i18n import _, ngettext
from cardcli.review.collect import HandTape
from cardcli.review.model import HandReview, Note, Section

SEATS = "NESW"
STRAINS = ("N", "S", "H", "D", "C")
"""Rows of the table, as the bridge columns print them: notrump, then spades down to clubs."""
_DENOM = {"S": 0, "H": 1, "D": 2, "C": 3, "N": 4}
"""endplay's ``Denom`` numbers."""


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
    lines.append(_("Contract {c} by {d}; opening lead {lead}; declarer's side took {t} tricks.").format(
        c=c.text(), d=SEATS[c.declarer], lead=f"{SEATS[lead.seat]} {lead.move.card}" if lead else "-",
        t=end.won[side]))
    return lines


def analyse(tape: HandTape, seats: tuple[int, ...], review: HandReview) -> None:
    """Add the double-dummy section (or the one line saying what is missing)."""
    title = _("Double dummy")
    if not dds.available():
        review.sections.append(Section(title, [_(
            "double-dummy analysis needs the dds extra (pip install 'cardcli[dds]'): "
            "no DD table, par or card costs for this deal")]))
        return
    start = tape.start
    hands = [list(h) for h in start.original]
    table, raw = dd_table(hands)
    ns_vul, ew_vul = start.rubber.vulnerability()
    score, contracts = par_of(raw, start.dealer, ns_vul, ew_vul)
    review.figures["dd_table"] = table
    review.figures["par"] = (score, contracts)
    lines = [_("Tricks each declarer takes double dummy:"), "      " + "  ".join(f"{s:>2}" for s in SEATS)]
    for strain in STRAINS:
        label = "NT" if strain == "N" else strain
        lines.append(f"  {label:<3} " + "  ".join(f"{table[strain][d]:>2}" for d in range(4)))
    par_text = _("Par: {score} for North-South ({contracts})").format(
        score=f"{score:+d}" if score else "0", contracts=", ".join(contracts) or _("passed out"))
    lines.append(par_text)
    review.notes.append(Note(len(tape.moves), _("DD table (N E S W): ") + "; ".join(
        f"{'NT' if s == 'N' else s} " + " ".join(str(table[s][d]) for d in range(4)) for s in STRAINS)))
    review.notes.append(Note(len(tape.moves), par_text))
    review.sections.append(Section(title, lines))
    review.sections.append(card_costs(tape, seats, review))


def dd_table(hands: list[list[str]]) -> tuple[dict[str, list[int]], Any]:
    """``table[strain][declarer]``: the tricks declarer takes double dummy (endplay's ``calc_dd_table``),
    and endplay's table itself."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    deal = Deal(pbn_deal(hands))
    got = calc_dd_table(deal)
    return {s: [int(got[Denom(_DENOM[s]), Player(d)]) for d in range(4)] for s in STRAINS}, got


def pbn_deal(hands: list[list[str]]) -> str:
    """``N:♠.♥.♦.♣ …`` for the four hands N E S W."""
    order = "AKQJT98765432"

    def one(hand: list[str]) -> str:
        return ".".join("".join(sorted((c[0] for c in hand if c[1] == s), key=order.index)) for s in "SHDC")

    return "N:" + " ".join(one(h) for h in hands)


def par_of(raw: Any, dealer: int, ns_vul: bool, ew_vul: bool) -> tuple[int, list[str]]:
    """Par score for North-South and the par contracts, from endplay's table (endplay's ``par``)."""
    from endplay.dds import par
    from endplay.types import Player, Vul

    vul = Vul.both if ns_vul and ew_vul else Vul.ns if ns_vul else Vul.ew if ew_vul else Vul.none
    found = par(raw, vul, Player(dealer))
    out: list[str] = []
    for c in found:
        strain = "NT" if int(c.denom) == 4 else "SHDC"[int(c.denom)]
        res = int(c.result)
        made = "=" if res == 0 else f"{res:+d}"
        doubled = {2: "X", 4: "XX"}.get(int(c.penalty), "")
        text = f"{c.level}{strain}{doubled} {SEATS[int(c.declarer)]} {made}"
        if text not in out:
            out.append(text)
    return int(found.score), out


def card_costs(tape: HandTape, seats: tuple[int, ...], review: HandReview) -> Section:
    """For every card a reviewed seat played (dummy's too, when declaring): the tricks it cost double dummy."""
    title = _("Your cards, double dummy")
    plays = [d for d in tape.decisions if isinstance(d.move, mv.Play)]
    if not plays:
        return Section(title, [_("no card played by {who} in this deal").format(
            who=" & ".join(SEATS[s] for s in seats))])
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
        text = _("trick {t}: {who} {card} cost {n} trick(s) double dummy; best: {better}").format(
            t=trick, who=SEATS[whose], card=card, n=cost, better=better)
        lines.append(text)
        review.notes.append(Note(d.ply, text))
    review.figures["card_costs"] = costs
    if not lines:
        lines.append(ngettext("every card held the double-dummy result ({n} card)",
                              "every card held the double-dummy result ({n} cards)", len(plays)).format(n=len(plays)))
    else:
        lines.append(_("in all: {tricks} lost double dummy over {cards}").format(
            tricks=ngettext("{n} trick", "{n} tricks", total).format(n=total),
            cards=ngettext("{n} card", "{n} cards", len(plays)).format(n=len(plays))))
    lines.append(_("(double dummy sees all four hands: single dummy, with the cards hidden, a card it "
                   "faults can still be the right play)"))
    return Section(title, lines)
