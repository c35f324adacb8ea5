"""PBN 2.1 (Portable Bridge Notation): cardcli's own writer and reader.

Written from the PBN 2.1 text (rules digest §3.2), not with ``endplay``'s PBN
module, whose quirks (§3.4) would change bytes and lose passed-out auctions;
``endplay`` is used only in the tests, to check that others can read our files.

Writer (:func:`export_pbn`, :func:`deal_pbn`): one game per deal, the 15
mandatory tags in export order with ``Scoring "Rubber"``, then the auction
(four explicit ``Pass`` calls for a passed-out deal, ``Contract "Pass"``,
empty ``Declarer`` and ``Result``) and the play section (one row per trick,
columns fixed to the players clockwise from the opening leader, ``*`` when a
claim ended the play). The bidding system's meaning of each call goes into a
``=n=`` note. Extension tags carry what PBN has no place for: the seed, the
rubber score after the deal, the rules if not the default, and every claim
with its answers (``[Claim "S 10 @33 W+ E+"]``: South claimed 10 tricks in
total when 33 cards had been played, West and East accepted).

Reader (:func:`import_pbn`): tag pairs, sections, ``{}`` and ``;`` comments,
``%`` directives, ``#`` (same as the previous game), ``AP``, notes and
suffixes. It checks that a deal is 52 distinct cards, 13 per hand, then
rebuilds cardcli moves by playing the deal through the rules, so an illegal
call or card is reported with the game and call or card number. Deals must
follow a rubber's rotation (the dealer moves clockwise); a single deal can
come from anywhere (its vulnerability becomes the ``start_vulnerable`` option).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

from cardcli import __version__
from cardcli.engine.cards import Card
from cardcli.engine.game import ImportedMatch, RecordedHand
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.auction import SEATS, side_of
from cardcli.games.bridge.config import PRESETS, BridgeConfig

if TYPE_CHECKING:
    from cardcli.games.bridge.rules import BridgeGame
    from cardcli.games.bridge.state import BridgeState

MANDATORY = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
             "Scoring", "Declarer", "Contract", "Result")
RANKS_DESC = "AKQJT98765432"
PBN_SUITS = "SHDC"


class PbnError(ValueError):
    """A PBN file cardcli cannot use; the message names the game and the problem."""


# -- writing -----------------------------------------------------------------------------------------

def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


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
    vul = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}[
        state.rubber.vulnerability()]
    values = {"Event": "?", "Site": "?", "Date": "????.??.??", "Board": str(state.hand_number), "West": "?",
              "North": "?", "East": "?", "South": "?", "Dealer": SEATS[state.dealer], "Vulnerable": vul,
              "Deal": deal_string(state.original, state.dealer), "Scoring": "Rubber", "Declarer": "?",
              "Contract": "?", "Result": "?"}
    lines += [_tag(k, values[k]) for k in MANDATORY]
    lines.append(_tag("Generator", f"cardcli {__version__}"))
    return "\n".join(lines) + "\n"


@dataclass
class _Replayed:
    """One hand played through the rules, with what the PBN needs."""

    dealer: int
    original: list[tuple[Card, ...]]
    calls: list[mv.Call] = field(default_factory=list)
    plays: list[Card] = field(default_factory=list)
    claims: list[str] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)
    totals: list[int] = field(default_factory=list)


def _replay_hands(game: BridgeGame, config: BridgeConfig, hands: Sequence[RecordedHand]) -> list[_Replayed]:
    state = game.new_match(config, 4, hands[0].dealer if hands else 0)
    out: list[_Replayed] = []
    for h in hands:
        game.start_hand(state, h.deck)
        rec = _Replayed(state.dealer, list(state.original))
        pending: list[str] = []
        for _seat, text in h.moves:
            move = game.parse_move(text)
            actor = game.to_act(state)
            match move:
                case mv.Bid() | mv.Pass() | mv.Double() | mv.Redouble():
                    rec.calls.append(move)
                case mv.Play(card):
                    rec.plays.append(card)
                case mv.Claim(n):
                    assert actor is not None
                    pending = [f"{SEATS[actor]} {n} @{state.cards_played}"]
                case mv.Respond(accept):
                    assert actor is not None
                    pending.append(f"{SEATS[actor]}{'+' if accept else '-'}")
                    if not accept or (state.claim is not None and len(state.claim.responders) == 1):
                        rec.claims.append(" ".join(pending))
                        pending = []
            game.apply(state, move)
        if state.result is not None:
            rec.detail = dict(state.result.detail)
            rec.totals = [int(t) for t in state.result.totals]
        out.append(rec)
    return out


def export_pbn(game: BridgeGame, config: BridgeConfig, hands: Sequence[RecordedHand], meta: Mapping[str, Any]) -> str:
    """Recorded hands as a PBN 2.1 file (``cardcli replay export FILE --format pbn``)."""
    from cardcli.games.bridge.bidding import Score, interpret

    started = str(meta.get("started") or "")
    date = started[:10].replace("-", ".") if len(started) >= 10 else "????.??.??"
    names = list(meta.get("seats") or ["North", "East", "South", "West"])
    event = str(meta.get("title") or "cardcli rubber")
    lines = ["% PBN 2.1", "% EXPORT", "%Content-type: text/x-pbn; charset=UTF-8", f"% Creator: cardcli {__version__}"]
    default = msgspec.to_builtins(PRESETS["rubber"])
    changed = {k: v for k, v in msgspec.to_builtins(config).items() if default.get(k) != v}
    for number, rec in enumerate(_replay_hands(game, config, hands), 1):
        d = rec.detail
        passed = bool(d.get("passed_out"))
        values = {
            "Event": event, "Site": "?", "Date": date, "Board": str(number),
            "West": names[3], "North": names[0], "East": names[1], "South": names[2],
            "Dealer": SEATS[rec.dealer], "Vulnerable": str(d.get("vulnerable", "None")),
            "Deal": deal_string(rec.original, rec.dealer), "Scoring": "Rubber",
            "Declarer": "" if passed else str(d.get("declarer", "?")),
            "Contract": "Pass" if passed else _contract_pbn(str(d["contract"])) if "contract" in d else "?",
            "Result": "" if passed else str(d.get("tricks", "?")),
        }
        lines.append("")
        lines += [_tag(k, values[k]) for k in MANDATORY]
        # the auction, with the system's meaning of each call as a note
        vul = d.get("vulnerable", "None")
        vul_pair = (vul in ("NS", "All"), vul in ("EW", "All"))

        def score_for(seat: int, vul_pair: tuple[bool, bool] = vul_pair) -> Score:
            side = seat % 2
            return Score(vul=(vul_pair[side], vul_pair[1 - side]), leg=(0, 0))
        texts, _know = interpret(rec.dealer, rec.calls, score_for) if rec.calls else ([], [])
        lines.append(_tag("Auction", SEATS[rec.dealer]))
        notes: list[str] = []
        row: list[str] = []
        for call, text in zip(rec.calls, texts):
            token = pbn_call(call)
            if not isinstance(call, mv.Pass) and text:
                notes.append(text)
                token += f" ={len(notes)}="
            row.append(token)
            if len(row) == 4:
                lines.append(" ".join(row))
                row = []
        if row:
            lines.append(" ".join(row))
        for i, text in enumerate(notes, 1):
            lines.append(_tag("Note", f"{i}:{text}"))
        if not passed and "contract" in d:
            lines += _play_section(rec)
        if meta.get("seed"):
            lines.append(_tag("Seed", str(meta["seed"])))
        if rec.claims:
            lines.append(_tag("Claim", "; ".join(rec.claims)))
        if rec.totals:
            lines.append(_tag("RubberScore", f"NS {rec.totals[0]} EW {rec.totals[1]}"))
        if changed:
            lines.append(_tag("CardcliRules", " ".join(f"{k}={v}" for k, v in changed.items())))
        if meta.get("preset"):
            lines.append(_tag("CardcliPreset", str(meta["preset"])))
    return "\n".join(lines) + "\n"


def _play_section(rec: _Replayed) -> list[str]:
    from cardcli.games.bridge.play import trick_winner, trump_of

    contract = str(rec.detail["contract"])
    declarer = SEATS.index(str(rec.detail["declarer"]))
    leader0 = (declarer + 1) % 4
    trump = trump_of(contract[1])
    out = [_tag("Play", SEATS[leader0])]
    leader = leader0
    plays = rec.plays
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        cols = ["-"] * 4
        for i, card in enumerate(trick):
            seat = (leader + i) % 4
            cols[(seat - leader0) % 4] = card[1] + card[0]
        out.append(" ".join(cols))
        if len(trick) == 4:
            leader = trick_winner(trick, leader, trump)
    if len(plays) < 52:
        out.append("*")
    return out


# -- reading -----------------------------------------------------------------------------------------

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


@dataclass
class _Game:
    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    """Tokens following a section tag (Auction, Play, …)."""
    notes: list[str] = field(default_factory=list)


def parse_games(text: str) -> list[_Game]:
    """Split PBN text into games of tags and section tokens (comments and directives dropped)."""
    games: list[_Game] = []
    cur: _Game | None = None
    section: str | None = None
    text = re.sub(r"\{[^}]*\}", " ", text)  # {comments}, possibly over several lines
    for raw in text.splitlines():
        line = raw.split(";", 1)[0].rstrip() if not raw.lstrip().startswith("[") else raw.rstrip()
        stripped = line.strip()
        if stripped.startswith("%"):
            continue
        if not stripped:
            if cur is not None and cur.tags:
                games.append(cur)
                cur = None
                section = None
            continue
        pos = 0
        while pos < len(stripped):
            m = _TAG.match(stripped, pos)
            if m:
                if cur is None:
                    cur = _Game()
                name = m.group(1)
                value = re.sub(r"\\(.)", r"\1", m.group(2))
                if name == "Note":
                    cur.notes.append(value)
                else:
                    if name in cur.tags and name not in ("Note",):
                        # a repeated tag starts a new game when no blank line separated them
                        if name == "Event":
                            games.append(cur)
                            cur = _Game()
                    cur.tags[name] = value
                section = name if name in ("Auction", "Play") or name.endswith("Table") else None
                if section:
                    cur.sections[section] = []
                pos = m.end()
                while pos < len(stripped) and stripped[pos] == " ":
                    pos += 1
                continue
            rest = stripped[pos:]
            nxt = rest.find("[")
            chunk = rest if nxt < 0 else rest[:nxt]
            if cur is not None and section is not None:
                cur.sections[section].extend(chunk.split())
            pos += len(chunk) if nxt >= 0 else len(rest)
            if nxt < 0:
                break
    if cur is not None and cur.tags:
        games.append(cur)
    # "#" means: the same value as in the previous game
    for i in range(1, len(games)):
        for k, v in games[i].tags.items():
            if v == "#" and k in games[i - 1].tags:
                games[i].tags[k] = games[i - 1].tags[k]
    return games


def parse_deal(value: str, where: str) -> list[list[Card]]:
    """``N:AKQ.... ....`` → four hands by seat (N E S W); checks 52 distinct cards, 13 per hand."""
    v = value.strip()
    if len(v) < 2 or v[1] != ":" or v[0].upper() not in SEATS:
        raise PbnError(f"{where}: the Deal tag must start with N:, E:, S: or W: (got {value[:12]!r})")
    first = SEATS.index(v[0].upper())
    parts = v[2:].split()
    if len(parts) != 4:
        raise PbnError(f"{where}: the Deal tag needs four hands, found {len(parts)}")
    hands: list[list[Card] | None] = [None] * 4
    seen: dict[str, str] = {}
    for i, part in enumerate(parts):
        seat = (first + i) % 4
        if part == "-":
            continue
        suits = part.split(".")
        if len(suits) != 4:
            raise PbnError(f"{where}: {SEATS[seat]}'s hand {part!r} needs four suits separated by dots")
        cards: list[Card] = []
        for s, ranks in zip(PBN_SUITS, suits):
            for r in ranks.upper().replace("10", "T"):
                if r not in RANKS_DESC:
                    raise PbnError(f"{where}: {r!r} in {SEATS[seat]}'s hand is not a rank")
                c = Card(r + s)
                if c in seen:
                    raise PbnError(f"{where}: {c} is dealt twice ({seen[c]} and {SEATS[seat]})")
                seen[c] = SEATS[seat]
                cards.append(c)
        if len(cards) != 13:
            raise PbnError(f"{where}: {SEATS[seat]} has {len(cards)} cards, not 13")
        hands[seat] = cards
    missing = [i for i, h in enumerate(hands) if h is None]
    if len(missing) > 1:
        raise PbnError(f"{where}: the Deal tag leaves {len(missing)} hands unknown; cardcli needs the whole deal")
    if missing:
        rest = [Card(r + s) for s in PBN_SUITS for r in RANKS_DESC if r + s not in seen]
        hands[missing[0]] = rest
    if len(seen) + (13 if missing else 0) != 52:
        raise PbnError(f"{where}: the deal does not hold the 52 distinct cards")
    return [list(h) for h in hands if h is not None]


def _parse_pbn_call(token: str) -> mv.Call | None:
    t = token.strip().rstrip("!?").upper()
    if t in ("PASS", "P"):
        return mv.PASS
    if t == "X":
        return mv.DOUBLE
    if t == "XX":
        return mv.REDOUBLE
    return mv.parse_bid(t)


def deck_for(hands: Sequence[Sequence[Card]], dealer: int) -> list[Card]:
    """A deck order that :meth:`BridgeGame.start_hand` deals into exactly these hands."""
    pools = [sorted(h, key=lambda c: (PBN_SUITS.index(c[1]), RANKS_DESC.index(c[0]))) for h in hands]
    idx = [0, 0, 0, 0]
    deck: list[Card] = []
    for i in range(52):
        seat = (dealer + 1 + i) % 4
        deck.append(pools[seat][idx[seat]])
        idx[seat] += 1
    return deck


def import_pbn(game: BridgeGame, text: str) -> ImportedMatch:
    """Read a PBN file into hands a replay can verify; :class:`PbnError` (a ValueError) on bad input."""
    from cardcli.engine.deal import shuffled_deck

    games = parse_games(text)
    if not games:
        raise PbnError("no games found (a PBN game starts with tags such as [Deal \"N:...\"])")
    config: BridgeConfig = PRESETS["rubber"]
    first = games[0].tags
    preset = first.get("CardcliPreset") or "rubber"
    if preset in PRESETS:
        config = PRESETS[preset]
    rules = first.get("CardcliRules", "").split()
    if rules:
        data = msgspec.to_builtins(config)
        for item in rules:
            k, _eq, v = item.partition("=")
            data[k] = int(v) if v.isdigit() else (v == "True" if v in ("True", "False") else v)
        try:
            config = msgspec.convert(data, BridgeConfig)
        except msgspec.ValidationError as err:
            raise PbnError(f"game 1: bad CardcliRules tag: {err}") from None
    vul0 = first.get("Vulnerable", "None").strip()
    start = {"none": "none", "love": "none", "-": "none", "ns": "NS", "ew": "EW", "all": "both", "both": "both"}.get(
        vul0.lower())
    if start is None:
        raise PbnError(f"game 1: unknown Vulnerable value {vul0!r} (None, NS, EW or All)")
    if start != "none" and config.start_vulnerable == "none":
        config = msgspec.structs.replace(config, start_vulnerable=start)
    state = game.new_match(config, 4, 0)
    hands_out: list[RecordedHand] = []
    first_dealer = 0
    notes: list[str] = []
    for number, g in enumerate(games, 1):
        where = f"game {number}"
        tags = g.tags
        if "Deal" not in tags:
            raise PbnError(f"{where}: no Deal tag")
        dealer_s = tags.get("Dealer", "").strip().upper()
        if dealer_s not in SEATS or not dealer_s:
            raise PbnError(f"{where}: the Dealer tag must be N, E, S or W (got {tags.get('Dealer', '')!r})")
        dealer = SEATS.index(dealer_s)
        if number == 1:
            first_dealer = dealer
            state.dealer = dealer
        elif dealer != game.next_dealer(state):
            raise PbnError(f"{where}: dealer {dealer_s} does not follow the rubber's rotation (expected "
                           f"{SEATS[game.next_dealer(state)]}); cardcli imports a rubber or a single deal")
        hands = parse_deal(tags["Deal"], where)
        deck = deck_for(hands, dealer)
        seed = tags.get("Seed")
        if seed:
            seeded = shuffled_deck(game.deck(config, 4), seed, int(tags.get("Board", number)) if tags.get(
                "Board", "").isdigit() else number)
            if _deals(seeded, dealer) == [sorted(h) for h in hands]:
                deck = seeded
        if number > 1:
            expect = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}[
                state.rubber.vulnerability()]
            got = tags.get("Vulnerable", expect)
            norm = {"love": "None", "-": "None", "both": "All"}.get(got.lower(), got)
            if norm.lower() != expect.lower():
                raise PbnError(f"{where}: Vulnerable is {got!r} but in the rubber it is {expect!r}; cardcli imports "
                               "a rubber or a single deal")
        game.start_hand(state, deck)
        moves = _moves_for(game, state, g, where, notes)
        hands_out.append(RecordedHand(dealer, deck, moves))
    meta: dict[str, Any] = {"preset": preset if preset in PRESETS else "rubber"}
    for k in ("Event", "Site", "Date"):
        v = first.get(k, "")
        if v and v != "?" and "?" not in v:
            meta[k.lower()] = v
    names = [first.get(n, "") for n in ("North", "East", "South", "West")]
    if any(n and n != "?" for n in names):
        meta["players"] = ", ".join(f"{s} {n}" for s, n in zip("NESW", names) if n and n != "?")
    if notes:
        meta["import"] = "; ".join(notes)
    if first.get("Event") and first.get("Event") not in ("?", ""):
        meta["title"] = first["Event"]
    return ImportedMatch(config=config, players=4, first_dealer=first_dealer, hands=hands_out, meta=meta)


def _deals(deck: Sequence[Card], dealer: int) -> list[list[Card]]:
    hands: list[list[Card]] = [[], [], [], []]
    for i, c in enumerate(deck):
        hands[(dealer + 1 + i) % 4].append(c)
    return [sorted(h) for h in hands]


def _moves_for(game: BridgeGame, state: BridgeState, g: _Game, where: str, notes: list[str]) -> list[tuple[int, str]]:
    """Play the game's auction, play and claims through the rules, collecting (seat, move)."""
    out: list[tuple[int, str]] = []

    def do(move: mv.Move, what: str) -> None:
        seat = game.to_act(state)
        if seat is None:
            raise PbnError(f"{where}: {what}: the hand is already over")
        verdict = game.check(state, move)
        if not verdict.ok:
            raise PbnError(f"{where}: {what} ({game.format_move(move)}) is illegal: {verdict.reason}")
        out.append((seat, game.format_move(move)))
        game.apply(state, move)

    tags = g.tags
    contract = tags.get("Contract", "").strip()
    # the auction
    if "Auction" in g.sections:
        tokens = g.sections["Auction"]
        first = tags.get("Auction", "").strip().upper()
        if first != SEATS[state.dealer]:
            raise PbnError(f"{where}: the auction starts with {first or 'nobody'}, but {SEATS[state.dealer]} dealt")
        n = 0
        for tok in tokens:
            if tok.startswith("=") or tok.startswith("$"):
                continue
            if tok in ("-", "*", "+"):
                break
            if tok.upper() == "AP":
                while state.phase == "auction":
                    n += 1
                    do(mv.PASS, f"call {n}")
                break
            call = _parse_pbn_call(tok)
            if call is None:
                raise PbnError(f"{where}: {tok!r} in the auction is not a call")
            n += 1
            do(call, f"call {n}")
        if state.phase == "auction":
            raise PbnError(f"{where}: the auction is incomplete")
    else:
        for call in _made_up_auction(state.dealer, contract, tags.get("Declarer", ""), where):
            do(call, "the auction")
        if contract:
            notes.append(f"{where}: no auction recorded; a minimal auction reaching {contract} was made up")
    if state.phase == "over":
        return out
    # claims recorded by cardcli
    claims: dict[int, list[tuple[str, int, list[tuple[str, bool]]]]] = {}
    for item in filter(None, (x.strip() for x in tags.get("Claim", "").split(";"))):
        m = re.fullmatch(r"([NESW]) (\d+) @(\d+)((?: [NESW][+-])+)", item)
        if not m:
            raise PbnError(f"{where}: bad Claim tag item {item!r}")
        answers = [(a[0], a[1] == "+") for a in m.group(4).split()]
        claims.setdefault(int(m.group(3)), []).append((m.group(1), int(m.group(2)), answers))

    def replay_claims(at: int) -> None:
        for who, n, answers in claims.pop(at, []):
            actor = game.to_act(state)
            if actor is None or SEATS[actor] != who:
                raise PbnError(f"{where}: the Claim tag says {who} claimed after {at} cards, but it was "
                               f"{SEATS[actor] if actor is not None else 'nobody'}'s turn")
            do(mv.Claim(n), f"the claim after {at} cards")
            for _who, ok in answers:
                do(mv.Respond(ok), f"the answer to the claim after {at} cards")

    # the play
    plays = _play_order(g, state, where)
    for i, card in enumerate(plays):
        replay_claims(i)
        if state.phase == "over":
            break
        do(mv.Play(card), f"card {i + 1}")
    replay_claims(len(plays))
    if state.phase != "over":
        result = tags.get("Result", "").strip()
        if not result.isdigit():
            raise PbnError(f"{where}: the play is incomplete and there is no Result to settle it")
        tricks = int(result)
        actor = game.to_act(state)
        assert actor is not None and state.contract is not None
        total = tricks if side_of(actor) == state.contract.side else 13 - tricks
        do(mv.Claim(total), f"the result {tricks} (as a claim)")
        while state.phase == "claim":
            do(mv.Respond(True), "the claim's acceptance")
        notes.append(f"{where}: the play stops early; the Result was entered as an accepted claim")
    elif "Result" in tags and tags["Result"].strip().isdigit() and state.result is not None:
        got = state.result.detail.get("tricks")
        if got is not None and int(tags["Result"]) != int(got):
            raise PbnError(f"{where}: the Result tag says {tags['Result']} tricks, but the play gives {got}")
    return out


def _made_up_auction(dealer: int, contract: str, declarer: str, where: str) -> list[mv.Call]:
    c = contract.upper()
    if c in ("", "?"):
        raise PbnError(f"{where}: neither an auction nor a contract is recorded")
    if c == "PASS":
        return [mv.PASS] * 4
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(X{0,2})", c)
    if not m:
        raise PbnError(f"{where}: {contract!r} is not a contract")
    if declarer.strip().upper() not in SEATS or not declarer.strip():
        raise PbnError(f"{where}: the Declarer tag is missing or not N, E, S or W")
    decl = SEATS.index(declarer.strip().upper())
    calls: list[mv.Call] = [mv.PASS] * ((decl - dealer) % 4)
    calls.append(mv.Bid(int(m.group(1)), "N" if m.group(2) in ("NT", "N") else m.group(2)))
    if m.group(3):
        calls.append(mv.DOUBLE)
        if m.group(3) == "XX":
            calls += [mv.REDOUBLE]
    calls += [mv.PASS] * 3
    return calls


def _play_order(g: _Game, state: BridgeState, where: str) -> list[Card]:
    """The play section's cards in the order they were played (columns are fixed to seats)."""
    from cardcli.games.bridge.play import trick_winner, trump_of

    if "Play" not in g.sections or state.contract is None:
        return []
    cards = [t for t in g.sections["Play"] if not t.startswith("=") and not t.startswith("$")]
    first = g.tags.get("Play", "").strip().upper()
    if not first or first not in SEATS:
        raise PbnError(f"{where}: the Play tag must name the opening leader (N, E, S or W)")
    leader0 = SEATS.index(first)
    if leader0 != state.contract.leader:
        raise PbnError(f"{where}: the play starts with {first}, but the opening leader is {SEATS[state.contract.leader]}")
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
            if len(t) != 2 or t[0] not in PBN_SUITS or t[1] not in RANKS_DESC.replace("T", "T"):
                if len(t) == 3 and t[1:] == "10" and t[0] in PBN_SUITS:
                    t = t[0] + "T"
                else:
                    raise PbnError(f"{where}: {tok!r} in the play is not a card")
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
