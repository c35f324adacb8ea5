"""An imported board's record: what its file said, kept with the hand and written back on export.

An import holds only what the file says; an export writes only what the replay holds. The moves
are the replay's own; everything else the file gave about a board — its number, the players' names,
event, site, date and scoring, the contract and result it records, its notes, alerts, explanations and
comments, the tables it carries — is kept with the hand as plain JSON (``HandRecord.extra["source"]``)
and nothing is added to it. cardcli's own explanations (the bidding system's meaning of a call) are
never put in the file's place: a writer marks them as cardcli's.

Two shapes, by the format the board came from:

``pbn``
    ``order`` (the game's tags in file order, ``Note`` once per note), ``tags`` (name → value, the
    sections' tag values too), ``inherited`` (tags taken from the game before: the other table of the
    same board), ``notes`` (the ``Note`` values as written), ``rows`` (the lines of sections cardcli does
    not replay: ``OptimumResultTable``, ``ScoreTable`` …, or a ``Play`` with no auction to play it in),
    ``marks``/``suffix`` (move number → the ``=n=``/``$n`` tokens after it, the ``!``/``?`` on it),
    ``comments`` (``[where, position, text]``: ``tag`` after the named tag, ``auction`` after that many
    calls, ``play`` after that many tricks).
``lin``
    ``pn`` (names, South West North East as LIN lists them), ``ah`` (title), ``qx`` (board id), ``sv``,
    ``an`` (move number → the explanation after that call), ``alert`` (alerted calls' numbers), ``mc``
    (the claim the file records), ``comments`` (``[move number, text]`` from ``nt``).

Both also have ``format``, ``moves`` (how many of the hand's moves came from the file: once the hand
goes on, the record no longer describes it) and ``kind`` (``complete``, ``deal``, ``auction``, ``play``:
where the file's record stops).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardcli.i18n import _

SOURCE = "source"
SEAT_LETTERS = "NESW"
LIN_ORDER = "SWNE"
"""The seats LIN's ``pn`` lists, in its order."""


def record_of(extra: Mapping[str, Any] | None, moves: int | None = None) -> dict[str, Any] | None:
    """The file's record of a hand, or None (a game played in cardcli, or a hand that has gone on from
    the file's record: ``moves`` is the number the hand has now)."""
    rec = (extra or {}).get(SOURCE)
    if not isinstance(rec, dict) or rec.get("format") not in ("pbn", "lin"):
        return None
    if moves is not None and int(rec.get("moves", -1)) != moves:
        return None
    return rec


def tag(rec: Mapping[str, Any] | None, name: str) -> str | None:
    """A PBN tag's value as the file gives it (a LIN record answers for the tags LIN has)."""
    if rec is None:
        return None
    if rec["format"] == "pbn":
        value = rec.get("tags", {}).get(name)
        return None if value is None else str(value)
    if name == "Board":
        return board_number(rec)
    if name in ("North", "East", "South", "West"):
        return names(rec).get(name[0])
    return None


def names(rec: Mapping[str, Any] | None) -> dict[str, str]:
    """The players' names the file gives, by seat letter (N E S W); empty and ``?`` names left out."""
    if rec is None:
        return {}
    if rec["format"] == "pbn":
        tags = rec.get("tags", {})
        got = {s[0]: str(tags[s]) for s in ("North", "East", "South", "West") if s in tags}
    else:
        got = dict(zip(LIN_ORDER, (str(n) for n in rec.get("pn", []))))
    return {k: v.strip() for k, v in got.items() if v.strip() and v.strip() not in ("?", "-")}


def board_number(rec: Mapping[str, Any] | None) -> str | None:
    """The board's number as the file gives it (PBN's Board tag; LIN's ``ah`` "Board 7" or ``qx`` "o7")."""
    if rec is None:
        return None
    if rec["format"] == "pbn":
        b = str(rec.get("tags", {}).get("Board", "")).strip()
        return b or None
    import re

    for text in (str(rec.get("ah", "")), str(rec.get("qx", ""))):
        m = re.search(r"(\d+)\s*$", text.strip())
        if m:
            return m.group(1)
    return None


def explanations(rec: Mapping[str, Any] | None) -> dict[int, tuple[bool, str]]:
    """Move number → (alerted, the file's text about it): PBN notes referred to by ``=n=`` (and ``*``
    on a call), LIN's ``an`` and ``!``."""
    if rec is None:
        return {}
    out: dict[int, tuple[bool, str]] = {}
    if rec["format"] == "pbn":
        notes = {}
        for note in rec.get("notes", []):
            number, _sep, text = str(note).partition(":")
            notes[number.strip()] = text.strip()
        for ply, tokens in rec.get("marks", {}).items():
            texts = [n for t in tokens if t.startswith("=") and (n := notes.get(t.strip("=")))]
            if texts:
                out[int(ply)] = (False, "; ".join(texts))
        for ply, suffix in rec.get("suffix", {}).items():
            if "*" in suffix:
                alerted, text = out.get(int(ply), (False, ""))
                out[int(ply)] = (True, text)
    else:
        for ply, text in rec.get("an", {}).items():
            out[int(ply)] = (False, str(text))
        for ply in rec.get("alert", []):
            _alerted, text = out.get(int(ply), (False, ""))
            out[int(ply)] = (True, text)
    return out


def display_notes(rec: Mapping[str, Any], moves: Sequence[str], auction_calls: int) -> list[tuple[int, str]]:
    """(move number, text): what ``replay show``, the viewer and the web page say of the file's record —
    the board and its players at the deal, the file's notes and alerts at their calls, its comments, and
    where the record stops (with the contract and result the file gives, which the moves do not reach)."""
    out: list[tuple[int, str]] = []
    head = []
    board = board_number(rec)
    if board:
        head.append(_("board {board}").format(board=board))
    players = names(rec)
    if players:
        head.append(", ".join(f"{s} {players[s]}" for s in SEAT_LETTERS if s in players))
    if head:
        out.append((0, " · ".join(head)))
    for ply, (alerted, text) in sorted(explanations(rec).items()):
        move = moves[ply - 1] if 0 < ply <= len(moves) else "?"
        if alerted and text:
            out.append((ply, _("{move} (alerted): {text}").format(move=move, text=text)))
        elif alerted:
            out.append((ply, _("{move} is alerted").format(move=move)))
        else:
            out.append((ply, _("{move}: {text}").format(move=move, text=text)))
    for ply, text in comment_plies(rec, auction_calls):
        out.append((ply, _("comment: {text}").format(text=text)))
    kind = rec.get("kind", "complete")
    count = int(rec.get("moves", len(moves)))
    if kind != "complete":
        said = {
            "deal": _("the file holds the deal only: a deal to play"),
            "auction": _("the file's auction stops here: a position to bid on from"),
            "play": _("the file's play stops here: a position to play on from"),
        }.get(kind, "")
        contract = tag(rec, "Contract") if rec["format"] == "pbn" else None
        result = tag(rec, "Result") if rec["format"] == "pbn" else None
        declarer = tag(rec, "Declarer") if rec["format"] == "pbn" else None
        if contract and contract.strip() not in ("", "?"):
            by = f" {declarer.strip()}" if declarer and declarer.strip() not in ("", "?") else ""
            if result and result.strip().isdigit():
                said += " · " + _("the file records {contract}{by}, {tricks} tricks").format(
                    contract=contract.strip(), by=by, tricks=result.strip()
                )
            else:
                said += " · " + _("the file records {contract}{by}").format(contract=contract.strip(), by=by)
        out.append((count, said))
    return out


def comment_plies(rec: Mapping[str, Any], auction_calls: int) -> list[tuple[int, str]]:
    """The file's comments, each at the move it follows (a comment among the tags: at the deal)."""
    out = []
    for item in rec.get("comments", []):
        if rec["format"] == "lin":
            ply, text = item
            out.append((int(ply), str(text)))
            continue
        where, at, text = item
        if where == "auction":
            out.append((int(at), str(text)))
        elif where == "play":
            out.append((auction_calls + 4 * int(at), str(text)))
        else:
            out.append((0, str(text)))
    count = int(rec.get("moves", 0))
    return [(min(ply, count), text) for ply, text in out]
