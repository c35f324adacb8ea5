"""Going out (chiusura, digest §6): the canastas it needs, partner's permission, the last card.

A side may go out once it owns at least one clean and one dirty canasta. The
player empties their hand by melding, or with a final discard that may not be
a wildcard or a black three (``go_out_forbidden_discards``). Because a hand
that cannot go out must keep a card after discarding (§6.2's corollary), a
play that would leave the player with no card, or with one card that cannot be
the final discard, is refused unless going out is allowed — so a player is
never left with no legal way to end the turn.

Asking partner (§6.3) is a pair of moves, ``ask`` then partner's ``yes`` or
``no``, so it is recorded in replays. A ``no`` binds: no going out this turn.
A ``yes`` permits it (with ``ask_partner=mandatory`` going out needs one).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcli.engine.verdict import Verdict, refuse
from cardcli.games.canasta.config import CanastaConfig
from cardcli.games.canasta.state import CanastaState, TableMeld
from cardcli.games.canasta.tablemelds import canasta_counts
from cardcli.games.canasta.tokens import is_wild
from cardcli.games.canasta.wildmelds import CANASTA_SIZE
from cardcli.i18n import _


def canastas_ok(melds: Sequence[TableMeld], config: CanastaConfig) -> bool:
    """Whether the side owns the clean and the dirty canasta that going out needs.

    :func:`canastas_problem` without the wording, for the generator, which asks
    at every position: only melds of canasta size are looked at, and the search
    stops as soon as both kinds are found.
    """
    clean = dirty = False
    wild_count = config.wild_canastas_count
    for m in melds:
        if len(m.cards) < CANASTA_SIZE or (not wild_count and m.wild):
            continue
        if m.clean():  # for a canasta, the same as its kind being one of CLEAN_KINDS
            clean = True
        else:
            dirty = True
        if clean and dirty:
            return True
    return False


def canastas_problem(melds: Sequence[TableMeld], config: CanastaConfig) -> Verdict | None:
    if canastas_ok(melds, config):
        return None
    clean, dirty = canasta_counts(melds, config.wild_canastas_count)
    return refuse(
        "out.canastas",
        _(
            "your side cannot go out yet: it needs at least one clean and one dirty canasta (it has {c} clean and {d} dirty)"
        ).format(c=clean, d=dirty),
    )


def may_go_out(state: CanastaState, melds: Sequence[TableMeld]) -> Verdict | None:
    """Why the player to act may not go out with the side's melds ``melds``, or ``None``."""
    bad = canastas_problem(melds, state.config)
    if bad is not None:
        return bad
    if state.asked == "no":
        return refuse("out.partner-no", _("your partner answered no: you may not go out this turn"))
    if state.config.ask_partner == "mandatory" and state.players == 4 and state.asked != "yes":
        return refuse("out.ask-first", _("you must ask your partner (`ask`) before going out"))
    return None


def forbidden_final(tok: str, config: CanastaConfig) -> bool:
    """Whether ``tok`` may not be the discard that goes out."""
    rule = config.go_out_forbidden_discards
    if tok == "3":
        return rule != "none"
    return is_wild(tok) and rule == "wild+black3"


def final_discard_problem(tok: str, config: CanastaConfig) -> Verdict | None:
    if forbidden_final(tok, config):
        what = _("a black three") if tok == "3" else _("a wildcard")
        return refuse("out.last-discard", _("you cannot go out by discarding {what} ({card})").format(what=what, card=tok))
    return None


def leaves_problem(state: CanastaState, left: Sequence[str], melds: Sequence[TableMeld]) -> Verdict | None:
    """After a play in the play phase that leaves the tokens ``left`` in hand (and the side's
    melds as ``melds``): why it is not allowed, or ``None``.

    Two or more cards are always fine. One card must be a legal final discard
    for a side that may go out; no card at all means going out by melding.
    """
    if len(left) >= 2:
        return None
    out = may_go_out(state, melds)
    if len(left) == 1:
        if out is not None:
            return refuse(
                out.rule,
                _("that would leave you a single card, and discarding it would go out, which you cannot: {why}").format(
                    why=out.reason
                ),
            )
        bad = final_discard_problem(left[0], state.config)
        if bad is not None:
            return refuse(
                "out.last-discard",
                _(
                    "that would leave only {card}, which cannot be your final discard (no going out on a "
                    "wildcard or a black three); keep another card"
                ).format(card=left[0]),
            )
        return None
    if out is not None:
        return refuse(
            out.rule, _("that would leave your hand empty, which is going out, and you cannot: {why}").format(why=out.reason)
        )
    if state.config.go_out_discard == "required":
        return refuse("out.discard-required", _("you must go out by discarding: keep a card to discard (option go_out_discard)"))
    return None
