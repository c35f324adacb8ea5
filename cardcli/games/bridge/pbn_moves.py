"""PBN import, the moves of one game: its auction (or one made up to reach its contract), its play and
its claims, each made through the fold's table so that the rules check every one."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cardcli.engine.cards import Card
from cardcli.engine.fold import Table
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import SEATS, side_of
from cardcli.games.bridge.pbn_read import _SEAT_NAMES, PBN_SUITS, RANKS_DESC, PbnError, PbnGame
from cardcli.i18n import _

if TYPE_CHECKING:
    from cardcli.games.bridge.rules import BridgeGame
    from cardcli.games.bridge.state import BridgeState


def _parse_pbn_call(token: str) -> mv.Call | None:
    t = token.strip().rstrip("!?*").upper()  # an alert is written ! or (by some programs) *
    if t in ("PASS", "P"):
        return mv.PASS
    if t == "X":
        return mv.DOUBLE
    if t == "XX":
        return mv.REDOUBLE
    return mv.parse_bid(t)


def moves_for(table: Table[Any, Any], g: PbnGame, where: str, notes: list[str]) -> None:
    """Play the game's auction, play and claims through the rules (the fold's table checks each move)."""
    game: BridgeGame = table.game  # type: ignore[assignment]
    state: BridgeState = table.state

    def do(move: mv.Move, what: str) -> None:
        if game.to_act(state) is None:
            raise PbnError(_("{where}: {what}: the hand is already over").format(where=where, what=what))
        verdict = game.check(state, move)
        if not verdict.ok:
            raise PbnError(_("{where}: {what} ({move}) is illegal: {reason}").format(
                where=where, what=what, move=game.format_move(move), reason=verdict.reason))
        table.push(move)

    tags = g.tags
    contract = tags.get("Contract", "").strip()
    # the auction
    if "Auction" in g.sections:
        tokens = g.sections["Auction"]
        first = tags.get("Auction", "").strip().upper()
        if first != SEATS[state.dealer]:
            if not first:
                raise PbnError(_("{where}: the auction starts with nobody, but {dealer} dealt").format(
                    where=where, dealer=SEATS[state.dealer]))
            raise PbnError(_("{where}: the auction starts with {seat}, but {dealer} dealt").format(
                where=where, seat=first, dealer=SEATS[state.dealer]))
        n = 0
        for tok in tokens:
            if tok.startswith("=") or tok.startswith("$"):
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
        if state.phase == "auction":
            if any(t not in ("*", "-") for t in g.sections.get("Play", [])):
                raise PbnError(_("{where}: the auction is incomplete, but cards were played").format(where=where))
            # an auction that stops (a table left, a quiz): the deal goes on from the last call
            notes.append(_("{where}: the auction stops after {n} calls: the deal goes on from there").format(
                where=where, n=n))
            return
    elif contract in ("", "?") and "Play" not in g.sections:
        notes.append(_("{where}: the cards only (no auction, contract or play): the deal is to be played").format(
            where=where))
        return
    else:
        for call in _made_up_auction(state.dealer, contract, tags.get("Declarer", ""), where):
            do(call, _("the auction"))
        if contract:
            notes.append(_("{where}: no auction recorded; a minimal auction reaching {contract} was made up").format(
                where=where, contract=contract))
    if state.phase == "over":
        return
    # claims recorded by cardcli
    claims: dict[int, list[tuple[str, int, list[tuple[str, bool]]]]] = {}
    for item in filter(None, (x.strip() for x in tags.get("Claim", "").split(";"))):
        m = re.fullmatch(r"([NESW]) (\d+) @(\d+)((?: [NESW][+-])+)", item)
        if not m:
            raise PbnError(_("{where}: bad Claim tag item {item}").format(where=where, item=repr(item)))
        answers = [(a[0], a[1] == "+") for a in m.group(4).split()]
        claims.setdefault(int(m.group(3)), []).append((m.group(1), int(m.group(2)), answers))

    def replay_claims(at: int) -> None:
        for who, n, answers in claims.pop(at, []):
            actor = game.to_act(state)
            if actor is None:
                raise PbnError(_("{where}: the Claim tag says {seat} claimed after {n} cards, but it was nobody's "
                                 "turn").format(where=where, seat=who, n=at))
            if SEATS[actor] != who:
                raise PbnError(_("{where}: the Claim tag says {seat} claimed after {n} cards, but it was {actor}'s "
                                 "turn").format(where=where, seat=who, n=at, actor=SEATS[actor]))
            do(mv.Claim(n), _("the claim after {n} cards").format(n=at))
            for _who, ok in answers:
                do(mv.Respond(ok), _("the answer to the claim after {n} cards").format(n=at))

    # the play
    plays = _play_order(g, state, where)
    for i, card in enumerate(plays):
        replay_claims(i)
        if state.phase == "over":
            break
        do(mv.Play(card), _("card {n}").format(n=i + 1))
    replay_claims(len(plays))
    if state.phase != "over":
        result = tags.get("Result", "").strip()
        if not result.isdigit():
            notes.append(_("{where}: the play stops after {n} cards with no Result: the deal goes on from "
                           "there").format(where=where, n=state.cards_played))
            return
        tricks = int(result)
        actor = game.to_act(state)
        assert actor is not None and state.contract is not None
        total = tricks if side_of(actor) == state.contract.side else 13 - tricks
        do(mv.Claim(total), _("the result {tricks} (as a claim)").format(tricks=tricks))
        while state.phase == "claim":
            do(mv.Respond(True), _("the claim's acceptance"))
        notes.append(_("{where}: the play stops early; the Result was entered as an accepted claim").format(
            where=where))
    elif "Result" in tags and tags["Result"].strip().isdigit() and state.result is not None:
        got = state.result.detail.get("tricks")
        if got is not None and int(tags["Result"]) != int(got):
            raise PbnError(_("{where}: the Result tag says {result} tricks, but the play gives {got}").format(
                where=where, result=tags["Result"], got=got))


def _made_up_auction(dealer: int, contract: str, declarer: str, where: str) -> list[mv.Call]:
    c = contract.upper()
    if c in ("", "?"):
        raise PbnError(_("{where}: neither an auction nor a contract is recorded").format(where=where))
    if c == "PASS":
        return [mv.PASS] * 4
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(X{0,2})", c)
    if not m:
        raise PbnError(_("{where}: {contract} is not a contract").format(where=where, contract=repr(contract)))
    if declarer.strip().upper() not in SEATS or not declarer.strip():
        raise PbnError(_("{where}: the Declarer tag is missing or not {N}, {E}, {S} or {W}").format(
            where=where, **_SEAT_NAMES))
    decl = SEATS.index(declarer.strip().upper())
    calls: list[mv.Call] = [mv.PASS] * ((decl - dealer) % 4)
    calls.append(mv.Bid(int(m.group(1)), "N" if m.group(2) in ("NT", "N") else m.group(2)))
    if m.group(3):
        calls.append(mv.DOUBLE)
        if m.group(3) == "XX":
            calls += [mv.REDOUBLE]
    calls += [mv.PASS] * 3
    return calls


def _play_order(g: PbnGame, state: BridgeState, where: str) -> list[Card]:
    """The play section's cards in the order they were played (columns are fixed to seats)."""
    from cardcli.games.bridge.play import trick_winner, trump_of

    if "Play" not in g.sections or state.contract is None:
        return []
    cards = [t for t in g.sections["Play"] if not t.startswith("=") and not t.startswith("$")]
    first = g.tags.get("Play", "").strip().upper()
    if first in ("", "?") and all(t in ("*", "-") for t in cards):
        return []  # an empty Play tag: no card recorded
    if not first or first not in SEATS:
        raise PbnError(_("{where}: the Play tag must name the opening leader ({N}, {E}, {S} or {W})").format(
            where=where, **_SEAT_NAMES))
    leader0 = SEATS.index(first)
    if leader0 != state.contract.leader:
        raise PbnError(_("{where}: the play starts with {seat}, but the opening leader is {leader}").format(
            where=where, seat=first, leader=SEATS[state.contract.leader]))
    out: list[Card] = []
    leader = leader0
    trump = trump_of(state.contract.strain)
    for start in range(0, len(cards), 4):
        row = cards[start:start + 4]
        if any(t in ("*", "+") for t in row):
            row = row[:min(row.index(t) for t in ("*", "+") if t in row)]
            stop = True
        else:
            stop = False
        by_seat: dict[int, Card] = {}
        for col, tok in enumerate(row):
            if tok == "-":
                continue
            t = tok.upper().rstrip("!?")
            if len(t) != 2 or t[0] not in PBN_SUITS or t[1] not in RANKS_DESC:
                if len(t) == 3 and t[1:] == "10" and t[0] in PBN_SUITS:
                    t = t[0] + "T"
                else:
                    raise PbnError(_("{where}: {token} in the play is not a card").format(where=where, token=repr(tok)))
            by_seat[(leader0 + col) % 4] = Card(t[1] + t[0])
        trick: list[Card] = []
        for i in range(4):
            seat = (leader + i) % 4
            if seat not in by_seat:
                break
            trick.append(by_seat[seat])
        out.extend(trick)
        if len(trick) < 4 or stop:
            break
        leader = trick_winner(trick, leader, trump)
    return out
