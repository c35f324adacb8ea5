"""The drill kinds: every seeded answer is what the game's own code works out, and a wrong answer is explained."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.melds import Meld, read_meld
from cardcli.games.burraco.config import BurracoConfig
from cardcli.games.burraco.table import read_new
from cardcli.games.canasta.tutoring import canasta_meld_verdict
from cardcli.games.eleusis.tutoring import eleusis_verdicts
from cardcli.games.rummy.config import RummyConfig
from cardcli.tutor.drills import all_drills, exercise

N = range(1, 7)


def test_find_the_bid_is_the_systems_call() -> None:
    from cardcli.games.bridge import bidding
    from cardcli.games.bridge.tutoring import _bridge_auction

    for n in N:
        ex = exercise("bridge", "bid", n)
        s = _bridge_auction(f"drill/bid/{n}")
        view = s.game.view(s.state, 2)
        from cardcli.games.bridge.sampling import score_for_view

        call, _fits = bidding.decide(
            s.state.hands[2], view.dealer, view.calls, score_for_view(view), [m for m in s.legal_moves()]
        )
        assert ex.answer == s.game.format_move(call)
        assert ex.accepts(ex.answer.lower()) and not ex.accepts("7N" if ex.answer != "7N" else "P")


def test_call_meaning_is_the_systems_meaning() -> None:
    from cardcli.games.bridge import bidding
    from cardcli.games.bridge.sampling import score_for_view
    from cardcli.games.bridge.tutoring import _bridge_auction

    for n in N:
        ex = exercise("bridge", "meaning", n)
        call_text = ex.question.rsplit("What would ", 1)[1].split(" mean")[0]
        s = _bridge_auction(f"drill/meaning/{n}")
        view = s.game.view(s.state, 2)
        want = bidding.explain(view.dealer, view.calls, score_for_view(view), s.game.parse_move(call_text))
        assert ex.answer == want and want in ex.choices and len(set(ex.choices)) == len(ex.choices)
        assert ex.accepts(chr(97 + ex.choices.index(want)))


def test_trick_winner_follows_the_trick_rule() -> None:
    rank = "23456789TJQKA"
    for n in N:
        ex = exercise("bridge", "trick", n)
        strain = ex.question.split()[1][1]
        cards = [p.split()[1] for p in ex.question.split("order: ")[1].split(". Who")[0].split(", ")]
        seats = [p.split()[0] for p in ex.question.split("order: ")[1].split(". Who")[0].split(", ")]
        trumps = [c for c in cards if c[1] == strain]
        pool = trumps or [c for c in cards if c[1] == cards[0][1]]
        best = max(pool, key=lambda c: rank.index(c[0]))
        assert ex.answer == seats[cards.index(best)]


@pytest.mark.parametrize("game", ["rummy", "burraco", "canasta"])
def test_meld_legality_is_the_games_checker(game: str) -> None:
    answers = set()
    for n in range(1, 13):
        ex = exercise(game, "meld", n)
        cards = ex.question.split(" is ", 1)[1].split(" a legal")[0].split()
        if game == "rummy":
            got = read_meld(cards, RummyConfig().meld_rules())
        elif game == "burraco":
            got = read_new(cards, BurracoConfig())
        else:
            got = canasta_meld_verdict(cards)
            got = Meld if got is None else got
        legal = got is Meld or isinstance(got, Meld)
        assert ex.answer == ("yes" if legal else "no")
        if not legal:
            assert ex.why == got.reason  # the explanation is the checker's refusal
        answers.add(ex.answer)
    assert answers == {"yes", "no"}


def test_burraco_take_is_the_games_check() -> None:
    from cardcli.games.burraco import moves as bmv
    from cardcli.session import Session

    for n in N:
        ex = exercise("burraco", "take", n)
        s = Session.new("burraco", seed=f"drill/take/{n}", hands_limit=1, preset="fibur-internazionale")
        s.deal_if_needed()
        if s.to_act() != s.human_seats[0]:
            s.run_bots()
        assert ex.answer == ("yes" if s.game.check(s.state, bmv.Take()).ok else "no")


def test_canasta_minimum_is_the_opening_table() -> None:
    from cardcli.engine.options import build_config
    from cardcli.engine.registry import load
    from cardcli.games.canasta.opening import minimum

    for n in range(1, 13):
        ex = exercise("canasta", "minimum", n)
        table = ex.question.split("`")[1]
        score = int(ex.question.split("running score is ")[1].split(".")[0])
        config = build_config(load("canasta"), None, {"opening_table": table})
        assert ex.answer == str(minimum(score, config))


def test_rummy_discard_is_the_bots_choice() -> None:
    for n in N:
        ex = exercise("rummy", "discard", n)
        hand = ex.question.split("Your hand: ")[1].split(".")[0].split()
        assert ex.answer in hand
        assert ex.accepts(ex.answer.lower()) and ex.accepts(f"discard {ex.answer}")
        assert not any(ex.accepts(c) for c in hand if c != ex.answer)


def test_eleusis_rule_is_the_only_one_that_fits() -> None:
    from cardcli.games.eleusis.library import LIBRARY
    from cardcli.games.eleusis.tutoring import _describe

    for n in N:
        ex = exercise("eleusis", "rule", n)
        line = ex.question.split("): ")[1].split(". Which")[0].split()
        starter, played = line[0], [c.strip("()") for c in line[1:]]
        seen = [not c.startswith("(") for c in line[1:]]
        fitting = [
            c
            for c in ex.choices
            if any(_describe(r) == c and eleusis_verdicts(r.source, starter, played) == seen for r in LIBRARY)
        ]
        assert fitting == [ex.answer]


@pytest.mark.parametrize(
    "game,kind",
    [
        (g, k)
        for g, ks in all_drills().items()
        for k in ks
        if k in ("bid", "meaning", "trick", "meld", "discard", "take", "minimum", "rule")
    ],
)
def test_a_wrong_answer_is_explained(game: str, kind: str) -> None:
    ex = exercise(game, kind, 1)
    wrong = "no" if ex.answer == "yes" else "yes" if ex.answer == "no" else "nonsense"
    out = CliRunner().invoke(cli, ["learn", game, "--drill", kind, "--count", "1"], input=wrong + "\n").output
    assert f"No: {ex.answer} ({ex.why})" in out


def test_eleusis_fits_shows_the_real_mainline_and_says_why_from_the_rule() -> None:
    """The question shows the mainline as played (not only the starter), the answer is the rule's verdict
    on that mainline, and the reason is the deciding clause with the values it compared."""
    from cardcli.games.eleusis.library import LIBRARY

    longer = 0
    for n in range(1, 31):
        ex = exercise("eleusis", "fits", n)
        rule = ex.question.split("Rule `", 1)[1].split("`", 1)[0]
        mainline = ex.question.split("mainline so far: ", 1)[1].split(".", 1)[0].split()
        card = ex.question.split("Is ", 1)[1].split(" right next", 1)[0]
        assert rule in {r.source for r in LIBRARY}
        assert eleusis_verdicts(rule, mainline[0], mainline[1:]) == [True] * (len(mainline) - 1)
        assert ex.answer == ("yes" if eleusis_verdicts(rule, mainline[0], mainline[1:] + [card])[-1] else "no")
        assert ex.why.startswith("right" if ex.answer == "yes" else "wrong"), ex.why
        assert "the rule decides" not in ex.why and (f"({card})" in ex.why or "phase(" in ex.why or "right anyway" in ex.why), (
            ex.why
        )
        longer += len(mainline) > 1
    assert longer >= 20  # most items have cards played after the starter


def test_why_card_names_the_clause_and_its_values() -> None:
    from cardcli.games.eleusis.language import compile_text
    from cardcli.games.eleusis.language import deck as D
    from cardcli.games.eleusis.language.explain import why_card
    from cardcli.games.eleusis.library import BY_ID

    def why(rule_id: str, starter: str, played: list[str], card: str) -> str:
        rule = compile_text(BY_ID[rule_id].text)
        st = rule.start(D.INDEX[starter])
        for c in played:
            if rule.accepts(st, D.INDEX[c]):
                st = rule.step(st, D.INDEX[c])
        return why_card(rule, st, D.INDEX[card])

    assert why("alternate-colours", "8C", [], "5H") == "right: `color(c) != color(p1)` holds (color(5H) = red; color(8C) = black)"
    assert why("colour-or-rank", "7H", ["2D"], "2S") == "right: `rank(c) == rank(p1)` holds (rank(2S) = 2; rank(2D) = 2)"
    assert why("colour-or-rank", "7H", ["2D"], "KC").startswith(
        "wrong: `color(c) == color(p1) or rank(c) == rank(p1)` fails (color(KC) = black; color(2D) = red;"
    )
    assert why("parity-pairs", "3C", [], "6S").startswith("right anyway:")  # p2 is not on the mainline yet
    assert (
        why("sevens-switch", "4D", ["9D", "7S"], "2H")
        == "right: `[parity] parity(c) != parity(p1)` holds (parity(2H) = even; parity(7S) = odd)"
    )
