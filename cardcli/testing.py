"""Seeded bot-vs-bot playouts that check a game's invariants (OpenSpiel's random_sim_test).

Every game's test suite runs :func:`playout` over many seeds. At every
position it checks that

* every card of the deck is in exactly one place (:meth:`Game.card_locations`);
* the legal-move generator and the checker agree: every generated move is
  allowed, and moves seen legal elsewhere but not generated here are refused;
* canonical notation round-trips (``parse(format(m)) == m``);
* no view leaks: shuffling the cards a seat cannot see
  (:meth:`Game.hidden_from`) leaves that seat's view unchanged;
* legal moves have distinct notations;
* clone-then-apply gives the same position as applying to the original;
* no narration leaks: a move told to a seat reads the same when the cards that
  seat cannot see are shuffled first;
* a save/resume round trip mid-game (the log written as a replay, read back and
  folded strictly) gives the same position.

Moves are made through :class:`cardcli.engine.fold.Table`, like everywhere else.

It lives in the package (not under ``tests/``) so that soak runs and the
benchmarks can use it too.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardcli.engine.deal import reshuffle, shuffled_deck
from cardcli.engine.fold import Table
from cardcli.engine.game import Game
from cardcli.engine.rng import Rng


class InvariantError(AssertionError):
    """A broken invariant, with the seed, hand and move number to reproduce it."""


@dataclass
class PlayoutStats:
    hands: int = 0
    moves: int = 0
    checks: int = 0
    refusals_checked: int = 0
    results: list[Any] = field(default_factory=list)


def dealt(game: Game[Any, Any, Any, Any], config: Any, players: int, rng: random.Random) -> Any:
    """A new match with its first hand dealt: the dealer drawn from ``rng``, then the game's deck shuffled
    by it (where every seeded random-move test of a game's fast paths starts)."""
    state = game.new_match(config, players, rng.randrange(players))
    deck = list(game.deck(config, players))
    rng.shuffle(deck)
    game.start_hand(state, deck)
    return state


def playout(
    game: Game[Any, Any, Any, Any],
    config: Any,
    players: int,
    seed: int | str,
    bots: Sequence[str],
    max_hands: int | None = None,
    max_moves: int = 20000,
    check_every: int = 1,
    leak_every: int = 7,
    probe: int = 3,
    stats: PlayoutStats | None = None,
    resume_every: int = 0,
) -> PlayoutStats:
    """Play one seeded match (or ``max_hands`` hands) by bots, checking invariants.

    ``resume_every`` > 0 also round-trips the match through a replay every that many moves.
    """
    st = stats or PlayoutStats()
    table: Table[Any, Any] = Table(game, config, players, game.first_dealer(config, players, seed), strict=False)
    bot_objs = [game.bots[bots[i % len(bots)]]() for i in range(players)]
    seen_moves: dict[str, Any] = {}
    local = random.Random(f"{seed}")  # only picks which checks to run, never a move
    moves_here = 0
    deck: list[Any] = []
    while not game.match_over(table.state):
        state = table.state
        if game.needs_deal(state):
            if max_hands is not None and table.hand >= max_hands:
                break
            deck = shuffled_deck(game.deck(config, players), seed, table.hand + 1)
            table.deal(deck)
            st.hands += 1
            continue
        hand, ply = table.hand, table.ply
        where = f"{game.name} seed {seed} hand {hand} move {ply + 1}"
        seat = game.to_act(state)
        if seat is None:
            raise InvariantError(f"{where}: nobody to act, but the hand is not over")
        legal = game.legal_moves(state)
        if not legal:
            raise InvariantError(f"{where}: no legal move for the seat to act")
        checking = ply % check_every == 0
        if checking:
            _check_position(game, state, legal, deck, seen_moves, local, probe, where, st)
            if leak_every and ply % leak_every == 0:
                _check_leak(game, state, players, local, where)
        move = bot_objs[seat].choose(game.view(state, seat), legal, Rng(seed, "bot", hand, seat, ply))
        verdict = game.check(state, move)
        if not verdict.ok:
            raise InvariantError(f"{where}: the bot chose a refused move {game.format_move(move)!r}: {verdict.reason}")
        twin = state.clone() if checking else None
        told = _narration_probes(game, state, move, players, local, where) if checking and leak_every else []
        step = table.push(move)
        if twin is not None:
            twin_outcome = game.apply(twin, move)
            for s in [*range(players), None]:
                if game.view(twin, s) != game.view(table.state, s):
                    raise InvariantError(f"{where}: applying {step.notation!r} to a clone gives another position")
            if game.narrate(twin_outcome, seat) != game.narrate(step.outcome, seat):
                raise InvariantError(f"{where}: {step.notation!r} is told differently on a clone")
        for observer, text, seen in told:
            if seen == game.view(table.state, observer) and text != game.narrate(step.outcome, observer):
                raise InvariantError(
                    f"{where}: the narration of {step.notation!r} for "
                    f"{'a spectator' if observer is None else f'seat {observer + 1}'} depends on "
                    "cards that seat cannot see"
                )
        st.moves += 1
        moves_here += 1
        if moves_here > max_moves:
            raise InvariantError(f"{where}: more than {max_moves} moves, the match does not end")
        if resume_every and moves_here % resume_every == 0:
            _check_resume(table, seed, where)
        if game.hand_over(table.state):
            res = game.hand_result(table.state)
            if res is None:
                raise InvariantError(f"{where}: the hand is over but has no result")
            st.results.append(res)
            _check_cards(game, table.state, deck, where)
    return st


def _narration_probes(
    game: Game[Any, Any, Any, Any], state: Any, move: Any, players: int, local: random.Random, where: str
) -> list[tuple[int | None, str, Any]]:
    """For a seat (other than the mover) and a spectator: how ``move`` reads, and what they then
    see, when played in a position where the cards they cannot see were shuffled first (skipped
    when it is then illegal). A move may reveal cards (a red three drawn is laid face up), so the
    narration is compared only where the observer's view afterwards is the same too."""
    mover = game.to_act(state)
    out: list[tuple[int | None, str, Any]] = []
    others = [s for s in range(players) if s != mover]
    for observer in [local.choice(others) if others else None, None]:
        probe = state.clone()
        lists = game.hidden_from(probe, observer)
        _shuffle_lists(lists, local)
        if not game.check(probe, move).ok:
            continue
        told = game.narrate(game.apply(probe, move), observer)
        out.append((observer, told, game.view(probe, observer)))
    return out


def _shuffle_lists(lists: list[list[Any]], local: random.Random) -> bool:
    if len({c for lst in lists for c in lst}) < 2:
        return False
    reshuffle(lists, local.shuffle)
    return True


def _check_resume(table: Table[Any, Any], seed: int | str, where: str) -> None:
    """Write the match so far as a replay, read it back and fold it strictly: same position."""
    from cardcli.replay.io import decode, encode_json
    from cardcli.session import SeatSpec, Session

    game = table.game
    names = game.seat_names(table.players)
    sess = Session(
        game,
        table.config,
        game.default_preset,
        table.players,
        [SeatSpec(n, True) for n in names],
        str(seed),
        table.first_dealer,
        table=table,
    )
    sess.extras = [{} for _h in table.hands]
    try:
        back = Session.from_replay(decode(encode_json(sess.to_replay())))
    except ValueError as err:
        raise InvariantError(f"{where}: the match saved here does not resume: {err}") from None
    for s in [*range(table.players), None]:
        if game.view(back.state, s) != game.view(table.state, s):
            raise InvariantError(f"{where}: the resumed match differs from the one saved")


def _check_cards(game: Game[Any, Any, Any, Any], state: Any, deck: Sequence[Any], where: str) -> None:
    locs = game.card_locations(state)
    have: Counter[Any] = Counter()
    for cards in locs.values():
        have.update(cards)
    want = Counter(deck)
    if have != want:
        extra = have - want
        missing = want - have
        raise InvariantError(f"{where}: cards not conserved: extra {dict(extra)}, missing {dict(missing)}")


def _check_position(
    game: Game[Any, Any, Any, Any],
    state: Any,
    legal: Sequence[Any],
    deck: Sequence[Any],
    seen: dict[str, Any],
    local: random.Random,
    probe: int,
    where: str,
    st: PlayoutStats,
) -> None:
    _check_cards(game, state, deck, where)
    notations = set()
    for m in legal:
        text = game.format_move(m)
        notations.add(text)
        v = game.check(state, m)
        if not v.ok:
            raise InvariantError(f"{where}: generated move {text!r} is refused by the checker: {v.reason}")
        back = game.parse_move(text)
        if game.format_move(back) != text:
            raise InvariantError(f"{where}: notation does not round-trip: {text!r} → {game.format_move(back)!r}")
        st.checks += 1
        if text not in seen and len(seen) < 5000:
            seen[text] = back
    if len(notations) != len(legal):
        dupes = sorted(t for t in notations if sum(game.format_move(m) == t for m in legal) > 1)
        raise InvariantError(f"{where}: legal moves share a notation: {dupes}")
    by_kind: dict[str, list[str]] = {}
    for t in seen:
        if t not in notations:
            by_kind.setdefault(type(seen[t]).__name__, []).append(t)
    probes = [seen[t] for kind in sorted(by_kind) for t in local.sample(by_kind[kind], min(probe, len(by_kind[kind])))]
    # each kind of move seen elsewhere, with its cards replaced by groups the cards in play here make (sets
    # and runs): a kind the generator leaves out here (a second meld in a turn) is asked about all the same
    groups = card_groups(legal)
    for kind in sorted(by_kind):
        example = seen[by_kind[kind][0]]
        changes = (
            [
                (example, f.name, g)
                for f in dataclasses.fields(example)
                if _is_card_tuple(getattr(example, f.name))
                for g in groups
            ]
            if dataclasses.is_dataclass(example)
            else []
        )
        probes.extend(_made(change) for change in local.sample(changes, min(probe * 3, len(changes))))
    for shape in sorted(shapes := move_shapes(legal)):
        changes = shapes[shape]
        probes.extend(_made(change) for change in local.sample(changes, min(probe, len(changes))))
    bags = {_bag(t) for t in notations}
    for move in probes:
        if move is not None:
            _probe(game, state, notations, bags, move, where, st)


def _bag(notation: str) -> frozenset[tuple[str, int]]:
    """A notation's words regardless of order (a listed meld typed in another card order is listed)."""
    return frozenset(Counter(notation.split()).items())


def _probe(
    game: Game[Any, Any, Any, Any],
    state: Any,
    notations: set[str],
    bags: set[frozenset[tuple[str, int]]],
    move: Any,
    where: str,
    st: PlayoutStats,
) -> None:
    """A move the generator did not list here must be refused, with a reason and a rule the rulebook has."""
    try:
        text = game.format_move(move)
        if text in notations or _bag(text) in bags:
            return
        v = game.check(state, move)
    except Exception as err:  # the checker must answer any well-formed move with a verdict
        raise InvariantError(f"{where}: checking {move!r} raised {type(err).__name__}: {err}") from None
    if v.ok:
        if game.is_open_move(move):
            return
        raise InvariantError(f"{where}: the checker allows {text!r} but the generator does not list it")
    if not v.rule or not v.reason:
        raise InvariantError(f"{where}: refusal of {text!r} lacks a reason or rule id")
    if game.rulebook.get(v.rule) is None:
        raise InvariantError(f"{where}: refusal of {text!r} names rule {v.rule!r}, which the rulebook lacks")
    st.refusals_checked += 1


def move_shapes(legal: Sequence[Any]) -> dict[str, list[tuple[Any, str, Any]]]:
    """Moves one step from the listed ones, by shape, as (move, field, new value) (:func:`_made` makes one):
    a card more or less in a card list, another card,
    another number (a meld, a level, tricks), the other value of a flag, a card in an optional card field
    (burraco's ``wild=``). Every shape the checker might accept is asked about (the harness samples each),
    so a generator that forgets a shape (several cards attached at once, a layoff on a set) is caught in
    the position where it matters, not only where a bot happened to try it."""
    from cardcli.engine.cards import is_card

    pool = sorted(
        {x for m in legal if dataclasses.is_dataclass(m) for f in dataclasses.fields(m) for x in _cards_in(getattr(m, f.name))}
    )
    numbers: dict[tuple[str, str], set[int]] = {}
    for m in legal:
        if dataclasses.is_dataclass(m):
            for f in dataclasses.fields(m):
                value = getattr(m, f.name)
                if isinstance(value, int) and not isinstance(value, bool):
                    numbers.setdefault((type(m).__name__, f.name), set()).add(value)
    out: dict[str, list[tuple[Any, str, Any]]] = {}

    def add(shape: str, move: Any, **change: Any) -> None:
        ((name, value),) = change.items()
        out.setdefault(shape, []).append((move, name, value))

    for m in legal:
        if not dataclasses.is_dataclass(m) or isinstance(m, type):
            continue
        kind = type(m).__name__
        for f in dataclasses.fields(m):
            value = getattr(m, f.name)
            shape = f"{kind}.{f.name}"
            if isinstance(value, tuple) and value and all(isinstance(x, str) for x in value):
                for card in pool:
                    add(shape + " +card", m, **{f.name: (*value, card)})
                for i in range(len(value)):
                    if len(value) > 1:
                        add(shape + " -card", m, **{f.name: value[:i] + value[i + 1 :]})
            elif isinstance(value, bool):
                add(shape + " flag", m, **{f.name: not value})
            elif isinstance(value, int):
                seen = numbers.get((kind, f.name), set())
                for n in sorted({value - 1, value + 1, *seen, max(seen) + 1} - {value}):
                    add(shape + " number", m, **{f.name: n})
            elif value is None or (isinstance(value, str) and (is_card(value) or value in pool)):
                for card in pool:
                    if card != value:
                        add(shape + " card", m, **{f.name: card})
    return out


def card_groups(legal: Sequence[Any]) -> list[tuple[str, ...]]:
    """Sets and runs the cards of the listed moves make (three or four of a rank; three to five in a row
    of a suit): the cards a meld of any game would be made of, for probing kinds of move not listed."""
    from cardcli.engine.cards import is_card, rank_index

    pool = sorted(
        {
            x
            for m in legal
            if dataclasses.is_dataclass(m)
            for f in dataclasses.fields(m)
            for x in _cards_in(getattr(m, f.name))
            if is_card(x) and x != "JK"
        }
    )
    by_rank: dict[str, list[str]] = {}
    by_suit: dict[str, list[str]] = {}
    for c in pool:
        by_rank.setdefault(c[0], []).append(c)
        by_suit.setdefault(c[1], []).append(c)
    out: list[tuple[str, ...]] = []
    for cards in by_rank.values():
        for size in (3, 4):
            if len(cards) >= size:
                out.append(tuple(cards[:size]))
    for cards in by_suit.values():
        ordered = sorted(cards, key=rank_index)
        for start in range(len(ordered)):
            for size in (3, 4, 5):
                window = ordered[start : start + size]
                if len(window) == size and all(rank_index(b) - rank_index(a) == 1 for a, b in zip(window, window[1:])):
                    out.append(tuple(window))
    return out


def _is_card_tuple(value: Any) -> bool:
    return isinstance(value, tuple) and bool(value) and all(isinstance(x, str) for x in value)


def _made(change: tuple[Any, str, Any]) -> Any:
    """The move a :func:`move_shapes` change makes (``None`` when the move type refuses the value outright)."""
    move, name, value = change
    try:
        return dataclasses.replace(move, **{name: value})
    except (TypeError, ValueError):
        return None


def _cards_in(value: Any) -> list[str]:
    """The cards (or, in canasta, ranks) a move's field holds: card notation anywhere, and whatever
    a tuple of strings holds (a meld's cards)."""
    from cardcli.engine.cards import is_card

    if isinstance(value, str):
        return [value] if is_card(value) else []
    if isinstance(value, tuple) and all(isinstance(x, str) for x in value):
        return list(value)
    return []


def _check_leak(game: Game[Any, Any, Any, Any], state: Any, players: int, local: random.Random, where: str) -> None:
    for seat in [local.randrange(players), None]:
        before = game.view(state, seat)
        probe = state.clone()
        if not _shuffle_lists(game.hidden_from(probe, seat), local):
            continue
        after = game.view(probe, seat)
        if before != after:
            raise InvariantError(
                f"{where}: the view of {seat if seat is not None else 'a spectator'} changes when "
                "cards it cannot see are shuffled: it leaks hidden information"
            )
