"""PBN import, the moves of one game: its auction, its play and cardcli's own claims, each made through
the fold's table so that the rules check every one, and nothing the file does not say.

A game with no auction is a deal to play; an auction or a play that stops is a position to play on
from: no call, card or claim is made up to reach the file's contract or result, which stay with the
board as the file's own tags. What the file says about a move (a ``=n=`` note reference, a ``!``/``?``
suffix, a ``$n`` NAG) is kept by the move's number, so that the file can be written back as it was.
Tags that contradict the moves (a Contract or Declarer the auction does not give, a Result the play
does not give) refuse the game with the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardcli.engine.cards import Card
from cardcli.engine.fold import Table
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import SEATS
from cardcli.games.bridge.pbn_read import _SEAT_NAMES, PBN_SUITS, RANKS_DESC, PbnError, PbnGame
from cardcli.i18n import _, ngettext

if TYPE_CHECKING:
    from cardcli.games.bridge.rules import BridgeGame
    from cardcli.games.bridge.state import BridgeState

_SUFFIX = re.compile(r"[!?*]+$")
CLAIM_ITEM = re.compile(r"([NESW]) (\d+) @(\d+)((?: [NESW][+-])+)")
"""One item of cardcli's ``Claim`` tag: who claimed how many tricks after how many cards, and the answers."""


@dataclass
class Moves:
    """What one game's moves were, as the file writes them."""

    marks: dict[str, list[str]] = field(default_factory=dict)
    """Move number (1-based, as a string: JSON keys) → the note references and NAGs that follow it."""
    suffix: dict[str, str] = field(default_factory=dict)
    """Move number → the ``!``, ``?`` or ``*`` written on it."""
    kind: str = "complete"
    """``complete``, ``deal`` (no auction), ``auction`` (the auction stops) or ``play`` (the play stops)."""
    kept: list[str] = field(default_factory=list)
    """Sections the moves cannot replay (cards played with no auction), kept as the file wrote them."""


def _parse_pbn_call(token: str) -> mv.Call | None:
    t = _SUFFIX.sub("", token.strip()).upper()  # an alert is written ! or (by some programs) *
    if t in ("PASS", "P"):
        return mv.PASS
    if t == "X":
        return mv.DOUBLE
    if t == "XX":
        return mv.REDOUBLE
    return mv.parse_bid(t)


def contract_text(state: BridgeState) -> str:
    """The contract the auction reached, as PBN writes it (``3NTX``, ``Pass``)."""
    c = state.contract
    if c is None:
        return "Pass"
    return f"{c.level}{'NT' if c.strain == 'N' else c.strain}{'XX' if c.doubled == 2 else 'X' if c.doubled else ''}"


def _normal_contract(text: str) -> str:
    t = text.strip().upper().replace(" ", "")
    if t in ("PASS", "AP", "P"):
        return "Pass"
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(X{0,2})", t)
    return f"{m.group(1)}{'NT' if m.group(2) in ('N', 'NT') else m.group(2)}{m.group(3)}" if m else t


def moves_for(table: Table[Any, Any], g: PbnGame, where: str) -> Moves:
    """Play the game's auction, play and claims through the rules; what the file writes on each move."""
    game: BridgeGame = table.game  # type: ignore[assignment]
    state: BridgeState = table.state
    out = Moves()

    def do(move: mv.Move, what: str) -> None:
        if game.to_act(state) is None:
            raise PbnError(_("{where}: {what}: the hand is already over").format(where=where, what=what))
        verdict = game.check(state, move)
        if not verdict.ok:
            raise PbnError(
                _("{where}: {what} ({move}) is illegal: {reason}").format(
                    where=where, what=what, move=game.format_move(move), reason=verdict.reason
                )
            )
        table.push(move)

    def mark(token: str) -> None:
        ply = str(table.ply)
        if table.ply:
            out.marks.setdefault(ply, []).append(token)

    tags = g.tags
    if "Auction" not in g.sections:
        out.kind = "deal"
        if any(t not in ("*", "-") for t in g.sections.get("Play", [])):
            out.kept.append("Play")  # cards with no auction to play them in: the file's, kept as it wrote them
        return out
    # the auction
    first = tags.get("Auction", "").strip().upper()
    if first != SEATS[state.dealer]:
        if not first:
            raise PbnError(
                _("{where}: the auction starts with nobody, but {dealer} dealt").format(where=where, dealer=SEATS[state.dealer])
            )
        raise PbnError(
            _("{where}: the auction starts with {seat}, but {dealer} dealt").format(
                where=where, seat=first, dealer=SEATS[state.dealer]
            )
        )
    n = 0
    for tok in g.sections["Auction"]:
        if tok.startswith("=") or tok.startswith("$"):
            mark(tok)
            continue
        if tok in ("-", "*", "+"):
            break
        if tok.upper() == "AP":
            while state.phase == "auction":
                n += 1
                do(mv.PASS, _("call {n}").format(n=n))
            break
        call = _parse_pbn_call(tok)
        if call is None:
            raise PbnError(_("{where}: {token} in the auction is not a call").format(where=where, token=repr(tok)))
        n += 1
        do(call, _("call {n}").format(n=n))
        written = _SUFFIX.search(tok)
        if written:
            out.suffix[str(table.ply)] = written.group()
    if state.phase == "auction":
        if any(t not in ("*", "-") for t in g.sections.get("Play", [])):
            raise PbnError(_("{where}: the auction is incomplete, but cards were played").format(where=where))
        out.kind = "auction"
        return out
    _check_contract(state, tags, where)
    if state.phase == "over":
        _check_result(state, tags, where)
        return out
    _play(table, g, where, do, out)
    if state.phase == "over":
        _check_result(state, tags, where)
    else:
        out.kind = "play"
    return out


def _check_contract(state: BridgeState, tags: dict[str, str], where: str) -> None:
    """A Contract or Declarer tag the auction does not give refuses the game."""
    said = tags.get("Contract", "").strip()
    got = contract_text(state)
    if said not in ("", "?") and _normal_contract(said) != got:
        raise PbnError(
            _("{where}: the Contract tag says {said}, but the auction ends in {got}").format(
                where=where, said=repr(said), got=got + (f" {SEATS[state.contract.declarer]}" if state.contract else "")
            )
        )
    declarer = tags.get("Declarer", "").strip().upper()
    if state.contract is not None and declarer not in ("", "?") and declarer != SEATS[state.contract.declarer]:
        raise PbnError(
            _("{where}: the Declarer tag says {said}, but by the auction {got} declares").format(
                where=where, said=repr(tags["Declarer"]), got=SEATS[state.contract.declarer]
            )
        )


def _check_result(state: BridgeState, tags: dict[str, str], where: str) -> None:
    if "Result" in tags and tags["Result"].strip().isdigit() and state.result is not None:
        got = state.result.detail.get("tricks")
        if got is not None and int(tags["Result"]) != int(got):
            raise PbnError(
                _("{where}: the Result tag says {result} tricks, but the play gives {got}").format(
                    where=where, result=tags["Result"], got=got
                )
            )


def _play(table: Table[Any, Any], g: PbnGame, where: str, do: Any, out: Moves) -> None:
    """The play section's cards, with cardcli's own claims (its ``Claim`` tag) where they were made."""
    game: BridgeGame = table.game  # type: ignore[assignment]
    state: BridgeState = table.state
    claims: dict[int, list[tuple[str, int, list[tuple[str, bool]]]]] = {}
    for item in filter(None, (x.strip() for x in g.tags.get("Claim", "").split(";"))):
        m = CLAIM_ITEM.fullmatch(item)
        if not m:
            raise PbnError(_("{where}: bad Claim tag item {item}").format(where=where, item=repr(item)))
        answers = [(a[0], a[1] == "+") for a in m.group(4).split()]
        claims.setdefault(int(m.group(3)), []).append((m.group(1), int(m.group(2)), answers))

    def replay_claims(at: int) -> None:
        for who, n, answers in claims.pop(at, []):
            actor = game.to_act(state)
            if actor is None:
                raise PbnError(
                    ngettext(
                        "{where}: the Claim tag says {seat} claimed after {n} card, but it was nobody's turn",
                        "{where}: the Claim tag says {seat} claimed after {n} cards, but it was nobody's turn",
                        at,
                    ).format(where=where, seat=who, n=at)
                )
            if SEATS[actor] != who:
                raise PbnError(
                    ngettext(
                        "{where}: the Claim tag says {seat} claimed after {n} card, but it was {actor}'s turn",
                        "{where}: the Claim tag says {seat} claimed after {n} cards, but it was {actor}'s turn",
                        at,
                    ).format(where=where, seat=who, n=at, actor=SEATS[actor])
                )
            do(mv.Claim(n), ngettext("the claim after {n} card", "the claim after {n} cards", at).format(n=at))
            for _who, ok in answers:
                do(
                    mv.Respond(ok),
                    ngettext("the answer to the claim after {n} card", "the answer to the claim after {n} cards", at).format(
                        n=at
                    ),
                )

    plays = play_order(g, state, where)
    for i, (card, marks, suffix) in enumerate(plays):
        replay_claims(i)
        if state.phase == "over":
            break
        do(mv.Play(card), _("card {n}").format(n=i + 1))
        ply = str(table.ply)
        if marks:
            out.marks[ply] = marks
        if suffix:
            out.suffix[ply] = suffix
    replay_claims(len(plays))


def play_order(g: PbnGame, state: BridgeState, where: str) -> list[tuple[Card, list[str], str]]:
    """The play section's cards in the order they were played (columns are fixed to seats), each with the
    note references and suffix the file writes on it."""
    from cardcli.games.bridge.play import trick_winner, trump_of

    if "Play" not in g.sections or state.contract is None:
        return []
    tokens = g.sections["Play"]
    cells: list[tuple[str, list[str]]] = []  # each card or "-" with what follows it
    for tok in tokens:
        if (tok.startswith("=") or tok.startswith("$")) and cells:
            cells[-1][1].append(tok)
        elif not (tok.startswith("=") or tok.startswith("$")):
            cells.append((tok, []))
    first = g.tags.get("Play", "").strip().upper()
    if first in ("", "?") and all(t in ("*", "-") for t, _m in cells):
        return []  # an empty Play tag: no card recorded
    if not first or first not in SEATS:
        raise PbnError(
            _("{where}: the Play tag must name the opening leader ({N}, {E}, {S} or {W})").format(where=where, **_SEAT_NAMES)
        )
    leader0 = SEATS.index(first)
    if leader0 != state.contract.leader:
        raise PbnError(
            _("{where}: the play starts with {seat}, but the opening leader is {leader}").format(
                where=where, seat=first, leader=SEATS[state.contract.leader]
            )
        )
    out: list[tuple[Card, list[str], str]] = []
    leader = leader0
    trump = trump_of(state.contract.strain)
    for start in range(0, len(cells), 4):
        row = cells[start : start + 4]
        stop = next((i for i, (t, _m) in enumerate(row) if t in ("*", "+")), None)
        if stop is not None:
            row = row[:stop]
        by_seat: dict[int, tuple[Card, list[str], str]] = {}
        for col, (tok, marks) in enumerate(row):
            if tok == "-":
                continue
            written = _SUFFIX.search(tok)
            t = _SUFFIX.sub("", tok).upper()
            if len(t) == 3 and t[1:] == "10" and t[0] in PBN_SUITS:
                t = t[0] + "T"
            if len(t) != 2 or t[0] not in PBN_SUITS or t[1] not in RANKS_DESC:
                raise PbnError(_("{where}: {token} in the play is not a card").format(where=where, token=repr(tok)))
            by_seat[(leader0 + col) % 4] = (Card(t[1] + t[0]), marks, written.group() if written else "")
        trick = []
        for i in range(4):
            seat = (leader + i) % 4
            if seat not in by_seat:
                break
            trick.append(by_seat[seat])
        out.extend(trick)
        if len(trick) < 4 or stop is not None:
            break
        leader = trick_winner([c for c, _m, _s in trick], leader, trump)
    return out
