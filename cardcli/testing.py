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


def playout(game: Game[Any, Any, Any, Any], config: Any, players: int, seed: int | str, bots: Sequence[str],
            max_hands: int | None = None, max_moves: int = 20000, check_every: int = 1,
            leak_every: int = 7, probe: int = 3, stats: PlayoutStats | None = None,
            resume_every: int = 0) -> PlayoutStats:
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
                raise InvariantError(f"{where}: the narration of {step.notation!r} for "
                                     f"{'a spectator' if observer is None else f'seat {observer + 1}'} depends on "
                                     "cards that seat cannot see")
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


def _narration_probes(game: Game[Any, Any, Any, Any], state: Any, move: Any, players: int, local: random.Random,
                      where: str) -> list[tuple[int | None, str, Any]]:
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
    sess = Session(game, table.config, game.default_preset, table.players,
                   [SeatSpec(n, True) for n in names], str(seed), table.first_dealer, table=table)
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


def _check_position(game: Game[Any, Any, Any, Any], state: Any, legal: Sequence[Any], deck: Sequence[Any],
                    seen: dict[str, Any], local: random.Random, probe: int, where: str, st: PlayoutStats) -> None:
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
    others = [t for t in seen if t not in notations]
    for t in local.sample(others, min(probe, len(others))):
        v = game.check(state, seen[t])
        if v.ok:
            raise InvariantError(f"{where}: the checker allows {t!r} but the generator does not list it")
        if not v.rule or not v.reason:
            raise InvariantError(f"{where}: refusal of {t!r} lacks a reason or rule id")
        if game.rulebook.get(v.rule) is None:
            raise InvariantError(f"{where}: refusal of {t!r} names rule {v.rule!r}, which the rulebook lacks")
        st.refusals_checked += 1


def _check_leak(game: Game[Any, Any, Any, Any], state: Any, players: int, local: random.Random, where: str) -> None:
    for seat in [local.randrange(players), None]:
        before = game.view(state, seat)
        probe = state.clone()
        if not _shuffle_lists(game.hidden_from(probe, seat), local):
            continue
        after = game.view(probe, seat)
        if before != after:
            raise InvariantError(f"{where}: the view of {seat if seat is not None else 'a spectator'} changes when "
                                 "cards it cannot see are shuffled: it leaks hidden information")
