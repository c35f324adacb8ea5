"""PBN 2.1 (Portable Bridge Notation): cardcli's own writer; the reader is :mod:`.pbn_read` and
:mod:`.pbn_import` (their names are re-exported here).

Written from the PBN 2.1 text (rules digest §3.2), not with ``endplay``'s PBN
module, whose quirks (§3.4) would change bytes and lose passed-out auctions;
``endplay`` is used only in the tests, to check that others can read our files.

Writer (:func:`export_pbn`, :func:`deal_pbn`). A board imported from a PBN file is
written back as its file wrote it — its tags in their order (absent ones stay
absent), notes, comments, tables — with the replay's moves, which are the file's:
nothing of cardcli's is added to it. Any other hand is one game with the 15
mandatory tags in export order, ``Scoring "Rubber"`` (``"TP"`` for a set of
independent deals: every deal scored on its own), then the auction (four explicit
``Pass`` calls for a passed-out deal, ``Contract "Pass"``, empty ``Declarer`` and
``Result``) and the play section (one row per trick, columns fixed to the players
clockwise from the opening leader, ``*`` when the play stops: a claim, or a record
that ends there). The bidding system's meaning of each call goes into a ``=n=`` note
marked ``cardcli:`` (a board read from LIN gets the file's own explanations instead).
Extension tags carry what PBN has no place for: the seed, the rubber score after the
deal, the rules if not the default, and every claim with its answers
(``[Claim "S 10 @33 W+ E+"]``: South claimed 10 tricks in total when 33 cards had
been played, West and East accepted).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from cardcli import __version__
from cardcli.engine.game import RecordedHand
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge import records
from cardcli.games.bridge.auction import SEATS
from cardcli.games.bridge.config import PRESETS, BridgeConfig
from cardcli.games.bridge.pbn_import import import_pbn, import_pbn_matches
from cardcli.games.bridge.pbn_read import (
    PBN_SUITS,
    RANKS_DESC,
    PbnError,
    deck_for,
    decode_pbn,
    parse_deal,
    parse_games,
)
from cardcli.games.bridge.records import record_of
from cardcli.games.bridge.replayed import Replayed, replay_hands

if TYPE_CHECKING:
    from cardcli.games.bridge.rules import BridgeGame
    from cardcli.games.bridge.state import BridgeState

MANDATORY = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
__all__ = [
    "MANDATORY",
    "PBN_SUITS",
    "RANKS_DESC",
    "PbnError",
    "deal_pbn",
    "decode_pbn",
    "deck_for",
    "export_pbn",
    "import_pbn",
    "import_pbn_matches",
    "parse_deal",
    "parse_games",
]


# -- writing -----------------------------------------------------------------------------------------


def _escape(value: str) -> str:
    """A tag value as a PBN string: ``"`` escaped, and a backslash only where it would be read as an escape
    (before a quote, a backslash or the string's end): ``Denomination\\2R`` stays as it was."""
    return re.sub(r'\\(?=["\\]|$)', r"\\\\", value).replace('"', '\\"')


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_escape(value)}"]'


def hand_pbn(cards: Sequence[str]) -> str:
    """``AKQ.T98.-.-`` style: spades, hearts, diamonds, clubs, ranks high to low (void = empty)."""
    return ".".join("".join(r for r in RANKS_DESC if r + s in cards) for s in PBN_SUITS)


def deal_string(hands: Sequence[Sequence[str]], first: int) -> str:
    return SEATS[first] + ":" + " ".join(hand_pbn(hands[(first + i) % 4]) for i in range(4))


def pbn_call(call: mv.Call) -> str:
    match call:
        case mv.Bid(level, strain):
            return f"{level}{'NT' if strain == 'N' else strain}"
        case mv.Pass():
            return "Pass"
    return mv.format_call(call)


def _contract_pbn(text: str) -> str:
    """Our ``3NX`` → PBN ``3NTX``."""
    return text[0] + ("NT" if text[1] == "N" else text[1]) + text[2:]


def deal_pbn(state: BridgeState) -> str:
    """One deal (``cardcli deal bridge --format pbn``): the mandatory tags, contract unknown."""
    lines = ["% PBN 2.1", "% EXPORT", f"% Creator: cardcli {__version__}", ""]
    vul = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}[state.rubber.vulnerability()]
    values = {
        "Event": "?",
        "Site": "?",
        "Date": "????.??.??",
        "Board": str(state.hand_number),
        "West": "?",
        "North": "?",
        "East": "?",
        "South": "?",
        "Dealer": SEATS[state.dealer],
        "Vulnerable": vul,
        "Deal": deal_string(state.original, state.dealer),
        "Scoring": "TP" if state.config.scoring == "deals" else "Rubber",
        "Declarer": "?",
        "Contract": "?",
        "Result": "?",
    }
    lines += [_tag(k, values[k]) for k in MANDATORY]
    lines.append(_tag("Generator", f"cardcli {__version__}"))
    return "\n".join(lines) + "\n"


def export_pbn(game: BridgeGame, config: BridgeConfig, hands: Sequence[RecordedHand], meta: Mapping[str, Any]) -> str:
    """Recorded hands as a PBN 2.1 file (``cardcli replay export FILE --format pbn``).

    A board imported from a PBN file is written as the file wrote it (its tags in their order, notes,
    comments and tables), with the replay's own moves; any other hand gets the mandatory tags, and the
    bidding system's meaning of each call as a note marked as cardcli's."""
    lines = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", f"% Creator: cardcli {__version__}"]
    default = msgspec.to_builtins(PRESETS["rubber"])
    changed = {
        k: v for k, v in msgspec.to_builtins(config).items() if default.get(k) != v and k not in ("scoring", "deals")
    }  # said by Scoring, Dealer, Vulnerable
    try:
        replayed = replay_hands(game, config, hands)
    except ValueError as err:
        raise PbnError(str(err)) from None
    for number, (hand, rd) in enumerate(zip(hands, replayed), 1):
        rec = record_of(hand.extra, len(hand.moves))
        lines.append("")
        if rec is not None and rec["format"] == "pbn":
            lines += _as_the_file(rec, rd)
        else:
            lines += _game(config, number, rd, rec, meta)
            if changed:
                lines.append(_tag("CardcliRules", " ".join(f"{k}={v}" for k, v in changed.items())))
            if meta.get("preset"):
                lines.append(_tag("CardcliPreset", str(meta["preset"])))
    return "\n".join(lines) + "\n"


def _game(config: BridgeConfig, number: int, rd: Replayed, rec: Mapping[str, Any] | None, meta: Mapping[str, Any]) -> list[str]:
    """A hand played in cardcli (or read from LIN) as a PBN game: the mandatory tags, then the moves."""
    d = rd.detail
    passed = bool(d.get("passed_out"))
    if rec is None:
        started = str(meta.get("started") or "")
        date = started[:10].replace("-", ".") if len(started) >= 10 else "????.??.??"
        seats = list(meta.get("seats") or ["North", "East", "South", "West"])
        names = dict(zip("NESW", seats))
        event, board = str(meta.get("title") or "cardcli rubber"), str(number)
    else:  # a LIN board: what LIN has a place for, "?" for the rest
        names, date, event = records.names(rec), "????.??.??", "?"
        board = records.board_number(rec) or str(number)
    values = {
        "Event": event,
        "Site": "?",
        "Date": date,
        "Board": board,
        "West": names.get("W", "?"),
        "North": names.get("N", "?"),
        "East": names.get("E", "?"),
        "South": names.get("S", "?"),
        "Dealer": SEATS[rd.dealer],
        "Vulnerable": rd.vulnerable,
        "Deal": deal_string(rd.original, rd.dealer),
        "Scoring": "TP" if config.scoring == "deals" else "Rubber",
        "Declarer": "" if passed else str(d.get("declarer", "?")),
        "Contract": "Pass" if passed else _contract_pbn(str(d["contract"])) if "contract" in d else "?",
        "Result": "" if passed else str(d.get("tricks", "?")) if rd.over else "?",
    }
    lines = [_tag(k, values[k]) for k in MANDATORY]
    if rec is None:
        texts = [("cardcli: " + t) if t else "" for t in _meanings(rd)]
    else:  # the file's own explanations, and nothing of cardcli's
        said = records.explanations(rec)
        texts = [(said[i][1] or _ALERTED) if i in said else "" for i in range(1, len(rd.calls) + 1)]
    lines.append(_tag("Auction", SEATS[rd.dealer]))
    notes: list[str] = []
    tokens = []
    for call, text in zip(rd.calls, texts + [""] * len(rd.calls)):
        token = pbn_call(call)
        if text:
            notes.append(text)
            token += f" ={len(notes)}="
        tokens.append(token)
    lines += _rows(tokens)
    lines += [_tag("Note", f"{i}:{text}") for i, text in enumerate(notes, 1)]
    if not passed and "contract" in d:
        lines += _play_section(rd, {}, {})
    if meta.get("seed") and rec is None:
        lines.append(_tag("Seed", str(meta["seed"])))
    if rd.claims:
        lines.append(_tag("Claim", "; ".join(rd.claims)))
    if rd.totals:
        lines.append(_tag("RubberScore", f"NS {rd.totals[0]} EW {rd.totals[1]}"))
    return lines


_ALERTED = "alert"
"""A LIN call alerted with no explanation, as a PBN note (notation, like the calls)."""


def _meanings(rd: Replayed) -> list[str]:
    """The bidding system's meaning of each call (empty for a pass): cardcli's, marked so by the caller."""
    from cardcli.games.bridge.bidding import Score, interpret

    if not rd.calls:
        return []
    vul_pair = (rd.vulnerable in ("NS", "All"), rd.vulnerable in ("EW", "All"))

    def score_for(seat: int) -> Score:
        side = seat % 2
        return Score(vul=(vul_pair[side], vul_pair[1 - side]), leg=(0, 0))

    texts, _know = interpret(rd.dealer, rd.calls, score_for)
    return [t if not isinstance(c, mv.Pass) else "" for c, t in zip(rd.calls, texts)]


def _rows(tokens: Sequence[str], per: int = 4, after: Mapping[int, Sequence[str]] | None = None) -> list[str]:
    """Section tokens four to a line, with comments (``after[n]``: after the n-th token) where they stand."""
    after = after or {}
    lines: list[str] = []
    row: list[str] = []
    for i, token in enumerate(tokens, 1):
        row.append(token)
        for text in after.get(i, ()):
            row.append("{" + _comment(text) + "}")
        if i % per == 0:
            lines.append(" ".join(row))
            row = []
    if row:
        lines.append(" ".join(row))
    return lines


def _comment(text: str) -> str:
    """A comment's text as PBN can hold it: no ``}`` inside (the file's own braces become parentheses)."""
    return text.replace("}", ")").replace("{", "(")


def _as_the_file(rec: Mapping[str, Any], rd: Replayed) -> list[str]:
    """A board imported from PBN, written back as its file wrote it, with the replay's moves."""
    tags: dict[str, str] = dict(rec.get("tags", {}))
    rows: dict[str, list[str]] = rec.get("rows", {})
    notes = list(rec.get("notes", []))
    marks: dict[str, list[str]] = rec.get("marks", {})
    suffix: dict[str, str] = rec.get("suffix", {})
    by_tag: dict[str, list[str]] = {}
    in_auction: dict[int, list[str]] = {}
    in_play: dict[int, list[str]] = {}
    for where, at, text in rec.get("comments", []):
        if where == "auction":
            in_auction.setdefault(int(at), []).append(text)
        elif where == "play":
            in_play.setdefault(int(at), []).append(text)
        else:
            by_tag.setdefault(str(at), []).append(text)
    lines = ["{" + _comment(t) + "}" for t in by_tag.get("", [])]
    note_at = 0

    def section(name: str) -> list[str]:
        return [_tag(name, tags.get(name, "")), *rows.get(name, [])]

    for name in [*rec.get("inherited", []), *rec.get("order", [])]:
        if name == "Note":
            if note_at < len(notes):
                lines.append(_tag("Note", notes[note_at]))
            note_at += 1
        elif name == "Auction" and "Auction" not in rows:
            tokens = []
            for i, call in enumerate(rd.calls, 1):
                tokens.append(pbn_call(call) + suffix.get(str(i), "") + "".join(" " + t for t in marks.get(str(i), [])))
            lines.append(_tag("Auction", tags.get("Auction", SEATS[rd.dealer])))
            lines += _rows(tokens, after=in_auction)
            lines += ["{" + _comment(t) + "}" for t in in_auction.get(0, [])] if not tokens else []
        elif name == "Play" and "Play" not in rows:
            first = len(rd.calls)
            lines += _play_section(
                rd,
                {int(k) - first: v for k, v in marks.items() if int(k) > first},
                {int(k) - first: v for k, v in suffix.items() if int(k) > first},
                in_play,
                tags.get("Play"),
            )
        elif name in rows:
            lines += section(name)
        elif name in tags:
            lines.append(_tag(name, tags[name]))
        for text in by_tag.get(name, []):
            lines.append("{" + _comment(text) + "}")
    return lines


def _play_section(
    rd: Replayed,
    marks: Mapping[int, Sequence[str]],
    suffix: Mapping[int, str],
    comments: Mapping[int, Sequence[str]] | None = None,
    leader_tag: str | None = None,
) -> list[str]:
    """``[Play "W"]`` and one row per trick, columns fixed from the opening leader; ``*`` when the play
    stops (a claim, or the record ends there). ``marks``/``suffix`` are by card number (1 = the lead)."""
    from cardcli.games.bridge.play import trick_winner, trump_of

    contract = str(rd.detail["contract"])
    declarer = SEATS.index(str(rd.detail["declarer"]))
    leader0 = (declarer + 1) % 4
    trump = trump_of(contract[1])
    out = [_tag("Play", leader_tag if leader_tag is not None else SEATS[leader0])]
    comments = comments or {}
    leader = leader0
    plays = rd.plays
    for start in range(0, len(plays), 4):
        trick = plays[start : start + 4]
        cols = ["-"] * 4
        for i, card in enumerate(trick):
            seat = (leader + i) % 4
            n = start + i + 1
            cols[(seat - leader0) % 4] = card[1] + card[0] + suffix.get(n, "") + "".join(" " + t for t in marks.get(n, []))
        out.append(" ".join(cols))
        out += ["{" + _comment(t) + "}" for t in comments.get(start // 4 + 1, [])]
        if len(trick) == 4:
            leader = trick_winner(trick, leader, trump)
    if len(plays) < 52:
        out.append("*")
    return out
