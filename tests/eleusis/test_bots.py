"""The bots: the hypothesis space covers the library, elimination never loses a true rule, the
normal bot makes at most half the wrong cards of a random player, `guess` tests hypotheses."""

from __future__ import annotations

from collections import Counter
from statistics import mean

import pytest
from eleusis.helpers import GAME, hand_state, new_hand

from cardcli.commands.simulate import play_one
from cardcli.engine.game import RandomBot
from cardcli.engine.rng import Rng
from cardcli.games.eleusis import moves as mv
from cardcli.games.eleusis.bots import EasyBot, InferenceBot
from cardcli.games.eleusis.commands import check_hypothesis, fair_command, guess_command
from cardcli.games.eleusis.hypotheses import Observation, VersionSpace, space, template_rules
from cardcli.games.eleusis.language import deck as D
from cardcli.games.eleusis.language import parse_rule
from cardcli.games.eleusis.library import BY_ID, LIBRARY

SEED_RULES = [f"seed-{i}" for i in range(1, 8)]


def test_the_space_has_the_digests_templates_and_covers_the_library() -> None:
    families = Counter(f for f, _r in template_rules())
    assert families == {
        "U": 14,
        "R": 21,
        "IFU": 1638,
        "IFR": 3780,
        "OR": 210,
        "AND": 210,
        "OR3": 1330,
        "PAIRS": 4,
        "TOG": 1064,
        "PH2": 182,
    }
    assert sum(families.values()) == 8453
    rules = {h.rule.rule for h in space()}
    assert all(parse_rule(r.text) in rules for r in LIBRARY)
    assert len(space(easy=True)) == 35


def observe_hand(truth: str, seed: int, plays: int = 30) -> VersionSpace:
    """Random plays judged by ``truth``, fed to a fresh version space."""
    state = new_hand(5, seed=f"vs-{seed}", rule=truth)
    vs = VersionSpace(space(), D.INDEX[state.mainline[0]])
    bot: RandomBot[mv.Move] = RandomBot()
    for ply in range(plays):
        legal = GAME.legal_moves(state)
        if not legal or state.phase != "one":
            break
        GAME.apply(state, bot.choose(None, legal, Rng(seed, ply)))
        a = state.attempts[-1]
        ml = state.mainline
        vs.observe(
            Observation(D.INDEX[ml[a.pos - 1]], D.INDEX[ml[a.pos - 2]] if a.pos > 1 else None, a.pos, D.INDEX[a.card], a.accepted)
        )
    return vs


@pytest.mark.parametrize("rule_id", [r.id for r in LIBRARY])
def test_elimination_keeps_the_true_rule(rule_id: str) -> None:
    truth = parse_rule(BY_ID[rule_id].text)
    for seed in range(2):
        vs = observe_hand(BY_ID[rule_id].text, seed)
        assert vs.tolerance == 0
        alive = {vs.hyps[i].rule.rule for i in vs.alive}
        assert truth in alive
        assert len(alive) < len(vs.hyps) / 20, f"{rule_id}: {len(alive)} hypotheses left after 30 plays"


def test_a_rule_outside_the_space_falls_back_to_the_closest() -> None:
    text = "accept: rank(c) % 3 != rank(p1) % 3"
    assert parse_rule(text) not in {h.rule.rule for h in space()}
    vs = observe_hand(text, 0, plays=40)
    assert vs.alive and vs.tolerance >= 1


def wrong_per_hand(rule_ids: list[str], seeds: range, players: int = 5) -> dict[str, float]:
    """Average phase-one wrong cards per player-hand, by bot, normal and random players alternating."""
    totals: dict[str, list[float]] = {"normal": [], "random": []}
    for rid in rule_ids:
        for s in seeds:
            bots = ("normal", "random") if s % 2 == 0 else ("random", "normal")
            out = play_one("eleusis", f"strength/{rid}/{s}", players, bots, None, {"rules": rid}, 1)
            for _name, seat, v in out.stats or ():
                totals[bots[seat % 2]].append(v)
    return {b: mean(v) for b, v in totals.items()}


def test_normal_bot_makes_at_most_half_the_wrong_cards_of_a_random_player() -> None:
    """The seed's seven rules x 20 seeds, 5 players, normal and random bots alternating."""
    got = wrong_per_hand(SEED_RULES, range(20))
    print(f"wrong cards per hand over the seed's 7 rules x 20 seeds: {got}")
    assert got["normal"] <= got["random"] / 2, got


@pytest.mark.soak
def test_soak_every_library_rule_and_table_size() -> None:
    """The whole library at every table size. With 6 or 7 players each holds only 10 or 8 cards, so the
    first, uninformed plays weigh more: there the normal bot stays near half (measured 0.47-0.51)."""
    for players in (3, 4, 5, 6, 7):
        got = wrong_per_hand([r.id for r in LIBRARY], range(6), players)
        ratio = got["normal"] / got["random"]
        print(f"{players} players, whole library: {got} (ratio {ratio:.2f})")
        assert ratio <= (0.5 if players <= 5 else 0.6), (players, got)


def test_dealer_bots_draw_a_fair_library_rule() -> None:
    state = new_hand(4, seed=11)
    legal = GAME.legal_moves(state)
    bots: list[InferenceBot | RandomBot[mv.Move]] = [InferenceBot(), EasyBot(), RandomBot()]
    for bot in bots:
        for k in range(5):
            move = bot.choose(GAME.view(state, state.dealer), legal, Rng(k))
            assert isinstance(move, mv.SetRule) and GAME.check(state, move).ok
    easy = {GAME.format_move(EasyBot().choose(GAME.view(state, state.dealer), legal, Rng(k)))[5:] for k in range(20)}
    assert {BY_ID[r].level for r in BY_ID if BY_ID[r].text in easy} == {1}


def test_advice_explains_the_chances() -> None:
    state = new_hand(4, seed=5, rule=BY_ID["seed-1"].text)
    for _ in range(8):
        GAME.apply(state, InferenceBot().choose(GAME.view(state, state.turn), GAME.legal_moves(state), Rng(1)))
    move, why = InferenceBot().advise(GAME.view(state, state.turn), GAME.legal_moves(state), Rng(2))
    assert isinstance(move, mv.Play) and "likeliest rules" in why and "%" in why


def test_guess_says_consistent_or_shows_the_refuting_card() -> None:
    rule = BY_ID["seed-1"].text
    state = hand_state({1: ["3C", "4D"], 2: ["5H", "6S"], 3: ["8D", "9S"]}, ["2H"], rule)
    for c in ["4D", "6S", "8D", "3C"]:
        GAME.apply(state, mv.Play(c))  # type: ignore[arg-type]
    view = GAME.view(state, 2)
    ok, msg = check_hypothesis(view, rule)
    assert ok and "all 4 plays" in msg
    ok, msg = check_hypothesis(view, "accept: suit(c) != suit(p1)")
    assert not ok and "play 1" in msg and "4D" in msg and "accepts it, but it was wrong" in msg
    assert guess_command(view, "accept: rank(c) ==")[0].startswith("that rule cannot be read: column")
    assert "consistent" in guess_command(view, "rule seed-1")[0]
    assert fair_command(view, "accept: rank(c) > rank(p1)")[0].startswith("refused: after KC")
    assert fair_command(view, "seed-4")[0].startswith("fair: at least 28")
