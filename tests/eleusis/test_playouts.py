"""300 seeded bot-vs-bot eleusis hands with every invariant: cards conserved, generator = checker,
notation round trip, views leak no hidden card, right cards satisfy the rule and wrong ones do not,
and the rule never reaches a view while the hand is played."""

from __future__ import annotations

import msgspec
import pytest
from eleusis.helpers import GAME, WatchedGame

from cardcli.engine.deal import shuffled_deck
from cardcli.games.eleusis import moves as mv
from cardcli.games.eleusis.config import EleusisConfig
from cardcli.games.eleusis.hypotheses import Observation, VersionSpace, space
from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.library import LIBRARY
from cardcli.testing import PlayoutStats, playout

BOT_MIXES = [("random",), ("random", "easy"), ("easy", "random", "random"), ("normal", "random")]


@pytest.mark.parametrize("block", range(3))
def test_three_hundred_hands_keep_the_invariants(block: int) -> None:
    """3 blocks x 100 seeded hands over 3-7 players, every library pool and the bot mixes."""
    game = WatchedGame()
    stats = PlayoutStats()
    pools = ["all", "easy", "medium", "hard", "seed"] + [r.id for r in LIBRARY]
    before_plays, before_views = WatchedGame.plays_checked, WatchedGame.views_checked
    for i in range(100):
        seed = block * 100 + i
        players = 3 + seed % 5
        config = EleusisConfig(rules=pools[seed % len(pools)], phase_two_rounds=1 + seed % 6)
        playout(
            game,
            config,
            players,
            f"inv-{seed}",
            BOT_MIXES[seed % len(BOT_MIXES)],
            max_hands=1,
            check_every=1 if seed % 3 == 0 else 3,
            leak_every=5,
            stats=stats,
        )
    assert stats.hands == 100
    assert stats.checks > 2000 and stats.refusals_checked > 300
    assert WatchedGame.plays_checked - before_plays > 3000
    assert WatchedGame.views_checked - before_views > 3000
    ended = {r.detail["ended"] for r in stats.results}
    assert ended == {"out", "blocked", "rounds", "skipped"}, ended  # every way a hand can end, every block


def test_whole_matches_every_player_deals_twice() -> None:
    game = WatchedGame()
    for players in (3, 5, 7):
        stats = playout(game, EleusisConfig(), players, f"match-{players}", ["normal", "random"], check_every=7)
        assert stats.hands == 2 * players
        dealers = [r.detail["dealer"] for r in stats.results]
        assert sorted(dealers) == sorted(list(range(players)) * 2)
        assert dealers[:players] == dealers[players:]


def test_views_are_the_same_under_another_rule_that_fits_the_same_verdicts() -> None:
    """The counterfactual leak test: replay a hand's plays under a different rule that gives the same
    verdicts so far but disagrees about the next card; every seat's view must be identical, so no view
    depends on the rule beyond the verdicts everyone saw."""
    from cardcli.engine.game import RandomBot
    from cardcli.engine.rng import Rng

    compared = 0
    for seed in range(12):
        truth = LIBRARY[seed % len(LIBRARY)]
        players = 3 + seed % 4
        cfg = EleusisConfig(rules=truth.id)
        deck = shuffled_deck(GAME.deck(cfg, players), f"cf-{seed}", 1)
        state = GAME.new_match(cfg, players, 0)
        GAME.start_hand(state, deck)
        GAME.apply(state, mv.SetRule(truth.text))
        plays: list[mv.Move] = []
        bot: RandomBot[mv.Move] = RandomBot()
        for ply in range(6 + seed):
            move = bot.choose(None, GAME.legal_moves(state), Rng(seed, ply))
            plays.append(move)
            GAME.apply(state, move)
        assert state.phase == "one"
        assert state.rule is not None and state.rstate is not None
        vs = VersionSpace(space(), D.INDEX[state.mainline[0]])
        ml = state.mainline
        for a in state.attempts:
            vs.observe(
                Observation(
                    D.INDEX[ml[a.pos - 1]], D.INDEX[ml[a.pos - 2]] if a.pos > 1 else None, a.pos, D.INDEX[a.card], a.accepted
                )
            )
        ctx = vs.context(D.INDEX[ml[-1]], D.INDEX[ml[-2]] if len(ml) > 1 else None, len(ml))
        true_mask = state.rule.mask(state.rstate)
        other = next(
            vs.hyps[i]
            for i, m in zip(vs.alive, vs.modes)
            if vs.hyps[i].rule.accept_mask_in(ctx, m) != true_mask and vs.hyps[i].rule.rule.wraps == state.rule.rule.wraps
        )
        twin = GAME.new_match(cfg, players, 0)
        GAME.start_hand(twin, deck)
        GAME.apply(twin, mv.SetRule(other.text))  # applied unchecked: the twin rule need not be fair
        for move in plays:
            GAME.apply(twin, move)
        assert twin.attempts == state.attempts, "the twin rule must give the same verdicts"
        assert twin.rule is not None and twin.rstate is not None
        assert twin.rule.mask(twin.rstate) != true_mask
        for seat in [*range(players), None]:
            assert GAME.view(twin, seat) == GAME.view(state, seat)
            compared += 1
    assert compared > 40


def test_phase_two_limit_always_ends_a_hand() -> None:
    game = WatchedGame()
    cfg = msgspec.structs.replace(EleusisConfig(), rules="up-wrap", phase_two_rounds=2)
    for seed in range(5):
        stats = playout(game, cfg, 4, f"rounds-{seed}", ["random"], max_hands=1, check_every=4)
        assert stats.results[0].detail["phase_two_turns"] <= 2 * 3


@pytest.mark.soak
def test_soak_three_thousand_hands() -> None:
    game = WatchedGame()
    for seed in range(3000):
        playout(
            game,
            EleusisConfig(rules=("all", "seed", "hard")[seed % 3]),
            3 + seed % 5,
            f"soak-{seed}",
            BOT_MIXES[seed % len(BOT_MIXES)],
            max_hands=1,
            check_every=3,
        )
