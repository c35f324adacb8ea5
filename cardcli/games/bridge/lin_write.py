"""Writing BBO LIN (``replay export FILE --format lin``): one line, one board, per hand.

A board read from a file keeps what the file said of it (names, title, board id, explanations,
alerts, comments: :mod:`.records`); any other hand gets the bidding system's meaning of each call,
marked as cardcli's. Text is cleaned so it cannot break LIN's ``tag|value|`` stream. The reader,
and the tags, are in :mod:`.lin`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardcli.engine.game import RecordedHand
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import SEATS, side_of
from cardcli.games.bridge.config import BridgeConfig
from cardcli.games.bridge.lin import LIN_SEATS, RANKS, SUITS, VUL_OUT, LinError

if TYPE_CHECKING:
    from cardcli.games.bridge.rules import BridgeGame


def _clean(text: str, name: bool = False) -> str:
    """Text that cannot break the ``tag|value|`` stream (nor, for a name, ``pn``'s list of four)."""
    text = text.replace("|", "/")
    return " ".join((text.replace(",", " ") if name else text).split())


def lin_hand(cards: Sequence[str]) -> str:
    return "".join(s + "".join(r for r in RANKS if r + s in cards) for s in SUITS)


def export_lin(game: BridgeGame, config: BridgeConfig, hands: Sequence[RecordedHand], meta: Mapping[str, Any]) -> str:
    """Recorded hands as LIN, one board (one line) per hand (``replay export FILE --format lin``).

    A board read from a file keeps the file's names, title, board id, explanations, alerts and
    comments, and gets nothing of cardcli's; any other hand gets the bidding system's meaning of each
    call, marked ``cardcli:``."""
    from cardcli.games.bridge import records
    from cardcli.games.bridge.pbn import _meanings
    from cardcli.games.bridge.replayed import replay_hands

    seats = list(meta.get("seats") or ["North", "East", "South", "West"])
    lines = []
    try:
        replayed = replay_hands(game, config, hands)
    except ValueError as err:
        raise LinError(str(err)) from None
    for number, (hand, rd) in enumerate(zip(hands, replayed), 1):
        rec = records.record_of(hand.extra, len(hand.moves))
        digit = LIN_SEATS.index(rd.dealer) + 1
        md = str(digit) + ",".join(lin_hand(rd.original[s]) for s in LIN_SEATS)
        if rec is None:
            names = [seats[s] for s in LIN_SEATS]
            title, qx, said = f"Board {number}", "", {}
            texts = [("cardcli: " + t) if t else "" for t in _meanings(rd)]
        else:
            given = records.names(rec)
            names = [given.get(s, "") for s in records.LIN_ORDER]
            board = records.board_number(rec)
            title = str(rec.get("ah", "")) if rec["format"] == "lin" else (f"Board {board}" if board else "")
            qx = str(rec.get("qx", "")) if rec["format"] == "lin" else ""
            said = records.explanations(rec)
            texts = [said[i][1] if i in said else "" for i in range(1, len(rd.calls) + 1)]
        out = [f"qx|{_clean(qx)}|" if qx else ""]
        out.append(f"pn|{','.join(_clean(n, name=True) for n in names)}|" if any(names) else "")
        out.append(f"st||md|{md}|rh||")
        out.append(f"ah|{_clean(title)}|" if title else "")
        out.append(f"sv|{VUL_OUT.get(rd.vulnerable, 'o')}|")
        comments = records.comment_plies(rec, len(rd.calls)) if rec is not None else []
        at: dict[int, list[str]] = {}
        for ply, text in comments:
            at.setdefault(ply, []).append(text)
        out += [f"nt|{_clean(t)}|" for t in at.get(0, [])]
        for i, call in enumerate(rd.calls, 1):
            token = {"P": "p", "X": "d", "XX": "r"}.get(mv.format_call(call), mv.format_call(call))
            alerted = said.get(i, (False, ""))[0]
            text = texts[i - 1] if i - 1 < len(texts) else ""
            out.append(f"mb|{token}{'!' if alerted else ''}|" + (f"an|{_clean(text)}|" if text else ""))
            out += [f"nt|{_clean(t)}|" for t in at.get(i, [])]
        if rd.plays:
            out.append("pg||")
        first = len(rd.calls)
        for i, card in enumerate(rd.plays):
            out.append(f"pc|{card[1]}{card[0]}|")
            out += [f"nt|{_clean(t)}|" for t in at.get(first + i + 1, [])]
            if i % 4 == 3:
                out.append("pg||")
        claim = _final_claim(rd.claims, len(rd.plays), str(rd.detail.get("declarer", "")))
        if claim is not None:
            out.append(f"mc|{claim}|")
        lines.append("".join(out))
    return "\n".join(lines) + "\n"


def _final_claim(claims: Sequence[str], played: int, declarer: str) -> int | None:
    """The accepted claim that ended the play, as declarer's side's tricks (LIN's ``mc``)."""
    from cardcli.games.bridge.pbn_moves import CLAIM_ITEM

    if not claims or declarer not in SEATS or not declarer:
        return None
    m = CLAIM_ITEM.fullmatch(claims[-1])
    if not m or int(m.group(3)) != played or "-" in m.group(4):
        return None
    n = int(m.group(2))
    return n if side_of(SEATS.index(m.group(1))) == side_of(SEATS.index(declarer)) else 13 - n
