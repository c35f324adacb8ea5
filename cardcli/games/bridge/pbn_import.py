"""PBN import: the games of a file as cardcli hands, each board as what its file records.

How a file maps to cardcli (:func:`import_pbn_matches`):

* games with ``[Scoring "Rubber"]`` (cardcli's own exports) are a rubber: the dealer moves
  clockwise and vulnerability comes from games won; a deal that does not follow the rotation, or
  that cannot be read, ends the rubber there (the boards after it are left out, and said so). A
  rubber can go on only from a finished hand, so a board still to be played ends one match and the
  next board starts another;
* any other file (tournament and duplicate boards, hand records, ``IMP``, ``MP`` …) is one set of
  independent deals: the ``deals`` preset, whose ``deals`` option lists each board's own dealer
  and vulnerability, every deal scored on its own. Each board is what the file records: a deal to
  play (no auction), a position to bid or play on from (an auction or a play that stops), or a
  finished hand; a board that cannot be read (a bidding problem's lone hand, an illegal call, tags
  that contradict the moves) is left out with its reason and the others import;
* the file's record of each board (tags, names, notes, comments, tables) goes with the hand
  (:mod:`.records`), for the export to write back, and its notes, alerts and comments become the
  replay's notes where they stand;
* what files from other programs leave out: no dealer (or ``""``, ``?``) is the board number's dealer,
  else the Deal tag's first hand; no vulnerability is the board number's, else none; an empty Play
  tag is no play; ``*`` after a call is an alert; a game with no deal and no moves (a heading) is
  skipped. Messages name games by their number in the file (and their board).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from cardcli.engine.cards import Card
from cardcli.engine.fold import FoldError, Table
from cardcli.engine.game import ImportedMatch, RecordedHand
from cardcli.games.bridge.auction import SEATS
from cardcli.games.bridge.config import PRESETS, BridgeConfig
from cardcli.games.bridge.pbn_moves import Moves, moves_for
from cardcli.games.bridge.pbn_read import (
    VUL_PBN,
    PbnError,
    PbnGame,
    _dealer_of,
    _game,
    _vul_of,
    deck_for,
    decode_pbn,
    parse_deal,
    parse_games,
)
from cardcli.games.bridge.records import SOURCE, display_notes
from cardcli.i18n import _, ngettext

if TYPE_CHECKING:
    from cardcli.games.bridge.rules import BridgeGame
    from cardcli.games.bridge.state import BridgeState

_AUTO = ("", "?")


@dataclass
class _Board:
    """One game of the file, read into a hand."""

    g: PbnGame
    dealer: int
    vul: tuple[bool, bool]
    hand: RecordedHand
    kind: str
    notes: list[tuple[int, str]]


def import_pbn(game: BridgeGame, text: str | bytes) -> ImportedMatch:
    """Read a PBN file into hands a replay can verify; :class:`PbnError` (a ValueError) on bad input.

    A rubber that needs several matches (boards still to be played) is refused here;
    :func:`import_pbn_matches` reads it.
    """
    matches = import_pbn_matches(game, text)
    if len(matches) > 1:
        raise PbnError(
            _(
                "the file holds {n} rubbers with boards still to be played; a cardcli replay holds "
                "one (`cardcli replay import` writes one replay for each)"
            ).format(n=len(matches))
        )
    return matches[0]


def import_pbn_matches(game: BridgeGame, text: str | bytes) -> list[ImportedMatch]:
    """Every game of a PBN file as cardcli matches: one set of deals, or the rubbers of a rubber file."""
    if isinstance(text, bytes):
        text = decode_pbn(text)
    found = parse_games(text)
    # a game with neither a deal nor moves holds nothing to replay (a heading, or tags for the games after)
    games = [g for g in found if "Deal" in g.tags or "Auction" in g.sections or "Play" in g.sections]
    if not games:
        raise PbnError(_("no games found (a PBN game starts with tags such as {example})").format(example='[Deal "N:..."]'))
    notes = _reading_notes(found, games)
    if games[0].tags.get("Scoring", "").strip().lower().startswith("rubber"):
        return _rubbers(game, games, notes)
    return [_deals(game, games, notes)]


def _reading_notes(found: Sequence[PbnGame], games: Sequence[PbnGame]) -> list[str]:
    """What the reader tolerated and inferred, for the import's notes."""
    notes: list[str] = []
    skipped = len(found) - len(games)
    if skipped:
        notes.append(_("{n} game(s) with no deal and no moves were left out").format(n=skipped))
    remarks = [r for g in found for r in g.remarks]
    if remarks:
        shown = "; ".join(remarks[:4]) + ("; " + _("and {n} more").format(n=len(remarks) - 4) if len(remarks) > 4 else "")
        notes.append(_("read as the file means it: {what}").format(what=shown))
    inheriting = [g for g in games if g.inherited]
    if inheriting:
        taken = sorted({k for g in inheriting for k in g.inherited})
        notes.append(
            ngettext(
                "{n} game leaves out the tags of the board it was played with ({games}): it takes {tags} from the "
                "game before, as PBN's # says",
                "{n} games leave out the tags of the board they were played with ({games}): they take {tags} from "
                "the game before, as PBN's # says",
                len(inheriting),
            ).format(n=len(inheriting), games=_numbers([g.number for g in inheriting]), tags=", ".join(taken))
        )
    nodealer = [g.number for g in games if g.tags.get("Dealer", "").strip() in _AUTO]
    if nodealer:
        notes.append(
            _("no dealer named in game(s) {games}: the board number's dealer deals (else the first hand of the deal)").format(
                games=_numbers(nodealer)
            )
        )
    return notes


def _numbers(numbers: Sequence[int]) -> str:
    """``1-4, 7, 9-10``: a list of game numbers in brief."""
    out: list[str] = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        out.append(str(numbers[i]) if i == j else f"{numbers[i]}-{numbers[j]}")
        i = j + 1
    return ", ".join(out)


def _base_config(tags: dict[str, str], deals: bool) -> tuple[str, BridgeConfig]:
    preset = tags.get("CardcliPreset") or ("deals" if deals else "rubber")
    if preset not in PRESETS:
        preset = "deals" if deals else "rubber"
    config = PRESETS[preset]
    rules = tags.get("CardcliRules", "").split()
    if rules:
        data = msgspec.to_builtins(config)
        for item in rules:
            k, _eq, v = item.partition("=")
            if k in ("scoring", "deals"):
                continue  # the Scoring, Dealer and Vulnerable tags say these
            data[k] = int(v) if v.isdigit() else (v == "True" if v in ("True", "False") else v)
        try:
            config = msgspec.convert(data, BridgeConfig)
        except msgspec.ValidationError as err:
            raise PbnError(_("bad CardcliRules tag: {error}").format(error=err)) from None
    if deals and config.scoring != "deals":
        config = msgspec.structs.replace(config, scoring="deals")
    if not deals and config.scoring == "deals":
        config = msgspec.structs.replace(config, scoring="rubber", deals="")
    return preset, config


def _read_board(table: Table[Any, Any], g: PbnGame, number: int, deals: bool) -> _Board:
    """Deal game ``g`` on ``table`` (whose next dealer is the board's) and make its moves."""
    from cardcli.engine.deal import shuffled_deck

    game: BridgeGame = table.game  # type: ignore[assignment]
    where = _game(g)
    tags = g.tags
    for name, first, second in g.conflicts:
        if name == "Deal" and _same_deal(first, second, where):
            continue  # the same deal written from another seat
        raise PbnError(
            _("{where}: two different {tag} tags ({first} and {second})").format(
                where=where, tag=name, first=repr(first[:40]), second=repr(second[:40])
            )
        )
    if "Deal" not in tags:
        raise PbnError(_("{where}: no Deal tag").format(where=where))
    dealer = _dealer_of(g, where)
    vul = _vul_of(g, where)
    hands = parse_deal(tags["Deal"], where)
    deck = deck_for(hands, dealer)
    seed = tags.get("Seed")
    if seed:  # cardcli's own export: the seed's deck, when it deals these hands (a share code is shorter)
        board = tags.get("Board", "")
        seeded = shuffled_deck(game.deck(table.config, 4), seed, int(board) if board.isdigit() and deals else number)
        if _hands_of(seeded, dealer) == [sorted(h) for h in hands]:
            deck = seeded
    try:
        table.deal(deck)
    except FoldError as err:
        raise PbnError(f"{where}: {err}") from None
    moves = moves_for(table, g, where)
    log = table.hands[-1].moves
    record = _record(g, moves, len(log))
    texts = [m.move for m in log]
    state: BridgeState = table.state
    calls = len(state.calls)
    extra: dict[str, Any] = {SOURCE: record}
    if tags.get("Board", "").strip() not in _AUTO:
        extra["board"] = tags["Board"].strip()
    return _Board(
        g,
        dealer,
        vul,
        RecordedHand(dealer, deck, [(m.seat, m.move) for m in log], extra=extra),
        moves.kind,
        display_notes(record, texts, calls),
    )


def _record(g: PbnGame, moves: Moves, count: int) -> dict[str, Any]:
    """The file's record of the board (:mod:`.records`, shape ``pbn``)."""
    kept = {"Auction", "Play"} - set(moves.kept)
    comments: list[list[Any]] = []
    for where, at, text in g.comments:
        if where == "Auction":
            tokens = g.sections["Auction"][:at]
            calls = sum(1 for t in tokens if not t.startswith(("=", "$")) and t not in ("-", "*", "+"))
            comments.append(["auction", calls, text])
        elif where == "Play" and "Play" in kept and not {"*", "+"} & set(g.sections["Play"][:at]):
            cards = [t for t in g.sections["Play"][:at] if not t.startswith(("=", "$"))]
            comments.append(["play", len(cards) // 4, text])
        elif where in ("Auction", "Play"):
            comments.append(["tag", where, text])  # after the section's end (or in a section kept as it was)
        else:
            comments.append(["tag", g.order[at - 1] if 0 < at <= len(g.order) else "", text])
    rec: dict[str, Any] = {
        "format": "pbn",
        "moves": count,
        "kind": moves.kind,
        "order": list(g.order),
        "tags": dict(g.tags),
        "notes": list(g.notes),
        "rows": {k: list(v) for k, v in g.rows.items() if k not in kept},
    }
    for key, value in (
        ("inherited", list(g.inherited)),
        ("marks", moves.marks),
        ("suffix", moves.suffix),
        ("comments", comments),
    ):
        if value:
            rec[key] = value
    return rec


def _deals(game: BridgeGame, games: Sequence[PbnGame], notes: list[str]) -> ImportedMatch:
    """A file of independent deals: one match, each board with its own dealer and vulnerability."""
    preset, base = _base_config(games[0].tags, True)
    boards: list[_Board] = []
    left_out: list[str] = []
    for g in games:
        where = _game(g)
        try:
            dealer = _dealer_of(g, where) if "Deal" in g.tags else 0
            one = msgspec.structs.replace(base, deals=f"{SEATS[dealer]}:{VUL_PBN[_vul_of(g, where)]}")
            table: Table[Any, Any] = Table(game, one, 4, dealer, strict=False)  # moves_for checks each move
            boards.append(_read_board(table, g, len(boards) + 1, True))
        except PbnError as err:
            left_out.append(str(err))
    if not boards:
        raise PbnError(left_out[0])
    config = msgspec.structs.replace(base, deals=" ".join(f"{SEATS[b.dealer]}:{VUL_PBN[b.vul]}" for b in boards))
    notes = notes + _kinds(boards)
    meta = _meta(games, preset, notes)
    if left_out:
        meta["left out"] = left_out
    return ImportedMatch(
        config=config,
        players=4,
        first_dealer=boards[0].dealer,
        hands=[b.hand for b in boards],
        meta=meta,
        notes=[(h, ply, text) for h, b in enumerate(boards, 1) for ply, text in b.notes],
    )


def _kinds(boards: Sequence[_Board]) -> list[str]:
    """How many boards the file records only in part, and as what."""
    said = {
        "deal": lambda n: ngettext(
            "{n} board holds its deal only (game {games}): a deal to play, with no auction made up",
            "{n} boards hold their deal only (games {games}): deals to play, with no auction made up",
            n,
        ),
        "auction": lambda n: ngettext(
            "{n} board's auction stops (game {games}): a position to bid on from",
            "{n} boards' auctions stop (games {games}): positions to bid on from",
            n,
        ),
        "play": lambda n: ngettext(
            "{n} board's play stops (game {games}): a position to play on from, its result the file's own, with no claim made up",
            "{n} boards' play stops (games {games}): positions to play on from, their results the file's own, "
            "with no claim made up",
            n,
        ),
    }
    out = []
    for kind, message in said.items():
        which = [b.g.number for b in boards if b.kind == kind]
        if which:
            out.append(message(len(which)).format(n=len(which), games=_numbers(which)))
    return out


def _rubbers(game: BridgeGame, games: Sequence[PbnGame], notes: list[str]) -> list[ImportedMatch]:
    """cardcli's own rubber export: consecutive boards in one match, a new match after a board still to play."""
    out: list[ImportedMatch] = []
    start = 0
    left_out: list[str] = []
    while start < len(games):
        first = games[start].tags
        preset, config = _base_config(first, False)
        where0 = _game(games[start])
        try:
            dealer0 = _dealer_of(games[start], where0)
            sv = {(False, False): "none", (True, False): "NS", (False, True): "EW", (True, True): "both"}[
                _vul_of(games[start], where0)
            ]
        except PbnError as err:
            left_out.append(str(err))
            break
        if sv != "none" and config.start_vulnerable == "none":
            config = msgspec.structs.replace(config, start_vulnerable=sv)  # type: ignore[arg-type]
        table: Table[Any, Any] = Table(game, config, 4, dealer0, strict=False)  # moves_for checks each move
        boards: list[_Board] = []
        end = start
        stopped = False
        for number in range(start + 1, len(games) + 1):
            g = games[number - 1]
            where = _game(g)
            state: BridgeState = table.state
            try:
                dealer = _dealer_of(g, where)
                expect = game.next_dealer(state)
                if dealer != expect:
                    raise PbnError(
                        _(
                            "{where}: dealer {seat} does not follow the rubber's rotation (expected "
                            "{expected}); a file scored as a rubber must follow it"
                        ).format(where=where, seat=SEATS[dealer], expected=SEATS[expect])
                    )
                if number > start + 1:
                    want = VUL_PBN[state.rubber.vulnerability()]
                    got = VUL_PBN[_vul_of(g, where)]
                    if got != want:
                        raise PbnError(
                            _(
                                "{where}: Vulnerable is {value} but in the rubber it is {expected}; a "
                                "file scored as a rubber must follow it"
                            ).format(where=where, value=repr(g.tags.get("Vulnerable")), expected=repr(want))
                        )
                boards.append(_read_board(table, g, number - start, False))
            except PbnError as err:
                left_out.append(str(err))
                if number < len(games):
                    left_out.append(
                        _("games {games}: a rubber cannot go on without the game before").format(
                            games=_numbers(list(range(number + 1, len(games) + 1)))
                        )
                    )
                stopped = True
                break
            end = number
            if state.phase != "over":
                break  # a board still to be played ends this match
        if boards:
            meta = _meta(games[start:end], preset, notes + _kinds(boards) if not out else [])
            out.append(
                ImportedMatch(
                    config=config,
                    players=4,
                    first_dealer=dealer0,
                    hands=[b.hand for b in boards],
                    meta=meta,
                    notes=[(h, p, t) for h, b in enumerate(boards, 1) for p, t in b.notes],
                )
            )
        if stopped or not boards:
            break
        start = end
    if not out:
        raise PbnError(left_out[0])
    if left_out:
        out[0].meta["left out"] = left_out
    return out


def _meta(games: Sequence[PbnGame], preset: str, notes: list[str]) -> dict[str, Any]:
    """The file's facts that hold for every board (event, site, date), and what the import did."""
    meta: dict[str, Any] = {"preset": preset}
    for k in ("Event", "Site", "Date"):
        values = {g.tags.get(k, "") for g in games}
        if len(values) == 1:
            v = values.pop()
            if v and "?" not in v and v not in ("-", "#"):
                meta[k.lower()] = v
    if notes:
        meta["import"] = "; ".join(notes)
    event = games[0].tags.get("Event", "") if games else ""
    if event and event not in ("?", "", "#"):
        meta["title"] = event
    return meta


def _same_deal(first: str, second: str, where: str) -> bool:
    try:
        return parse_deal(first, where) == parse_deal(second, where)
    except PbnError:
        return False


def _hands_of(deck: Sequence[Card], dealer: int) -> list[list[Card]]:
    hands: list[list[Card]] = [[], [], [], []]
    for i, c in enumerate(deck):
        hands[(dealer + 1 + i) % 4].append(c)
    return [sorted(h) for h in hands]
