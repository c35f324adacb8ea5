"""Seeded bot-vs-bot playouts that check a game's invariants (OpenSpiel's random_sim_test).

Every game's test suite runs :func:`playout` over many seeds. At every
position it checks that

* every card of the deck is in exactly one place (:meth:`Game.card_locations`);
* the legal-move generator and the checker agree: every generated move is
  allowed, and moves seen legal elsewhere but not generated here are refused;
* canonical notation round-trips (``parse(format(m)) == m``);
* no view leaks: shuffling the cards a seat cannot see
  (:meth:`Game.hidden_from`) leaves that seat's view unchanged.

It lives in the package (not under ``tests/``) so that soak runs and the
benchmarks can use it too.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cardcli.engine.deal import shuffled_deck
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


def playout(game: Game[Any, Any], config: Any, players: int, seed: int | str, bots: Sequence[str],
            max_hands: int | None = None, max_moves: int = 20000, check_every: int = 1,
            leak_every: int = 7, probe: int = 3, stats: PlayoutStats | None = None) -> PlayoutStats:
    """Play one seeded match (or ``max_hands`` hands) by bots, checking invariants."""
    st = stats or PlayoutStats()
    state = game.new_match(config, players, game.first_dealer(config, players, seed))
    bot_objs = [game.bots[bots[i % len(bots)]]() for i in range(players)]
    seen_moves: dict[str, Any] = {}
    local = random.Random(f"{seed}")  # only picks which checks to run, never a move
    hand = 0
    ply = 0
    moves_here = 0
    deck: list[Any] = []
    while not game.match_over(state):
        if game.needs_deal(state):
            if max_hands is not None and hand >= max_hands:
                break
            hand += 1
            deck = shuffled_deck(game.deck(config, players), seed, hand)
            game.start_hand(state, deck)
            ply = 0
            st.hands += 1
            continue
        where = f"{game.name} seed {seed} hand {hand} move {ply + 1}"
        seat = game.to_act(state)
        if seat is None:
            raise InvariantError(f"{where}: nobody to act, but the hand is not over")
        legal = game.legal_moves(state)
        if not legal:
            raise InvariantError(f"{where}: no legal move for the seat to act")
        if ply % check_every == 0:
            _check_position(game, state, legal, deck, seen_moves, local, probe, where, st)
            if leak_every and ply % leak_every == 0:
                _check_leak(game, state, players, local, where)
        move = bot_objs[seat].choose(game.view(state, seat), legal, Rng(seed, "bot", hand, seat, ply))
        verdict = game.check(state, move)
        if not verdict.ok:
            raise InvariantError(f"{where}: the bot chose a refused move {game.format_move(move)!r}: {verdict.reason}")
        game.apply(state, move)
        ply += 1
        st.moves += 1
        moves_here += 1
        if moves_here > max_moves:
            raise InvariantError(f"{where}: more than {max_moves} moves, the match does not end")
        if game.hand_over(state):
            res = game.hand_result(state)
            if res is None:
                raise InvariantError(f"{where}: the hand is over but has no result")
            st.results.append(res)
            _check_cards(game, state, deck, where)
    return st


def _check_cards(game: Game[Any, Any], state: Any, deck: Sequence[Any], where: str) -> None:
    locs = game.card_locations(state)
    have: Counter[Any] = Counter()
    for cards in locs.values():
        have.update(cards)
    want = Counter(deck)
    if have != want:
        extra = have - want
        missing = want - have
        raise InvariantError(f"{where}: cards not conserved: extra {dict(extra)}, missing {dict(missing)}")


def _check_position(game: Game[Any, Any], state: Any, legal: Sequence[Any], deck: Sequence[Any],
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


def _check_leak(game: Game[Any, Any], state: Any, players: int, local: random.Random, where: str) -> None:
    for seat in [local.randrange(players), None]:
        before = game.view(state, seat)
        probe = state.clone()
        lists = game.hidden_from(probe, seat)
        pool = [c for lst in lists for c in lst]
        if len(set(pool)) < 2:
            continue
        local.shuffle(pool)
        i = 0
        for lst in lists:
            n = len(lst)
            lst[:] = pool[i:i + n]
            i += n
        after = game.view(probe, seat)
        if before != after:
            raise InvariantError(f"{where}: the view of {seat if seat is not None else 'a spectator'} changes when "
                                 "cards it cannot see are shuffled: it leaks hidden information")
