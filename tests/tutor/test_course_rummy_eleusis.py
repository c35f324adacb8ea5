"""The rummy and eleusis courses say what the rules say, and never count a right move or an invited try
as a mistake: the cases a new learner met, lesson by lesson."""

from __future__ import annotations

import io

import pytest

from cardcli.tutor import catalog
from cardcli.tutor.model import Move, Quiz, load
from cardcli.tutor.runner import LessonController
from tests.tutor.test_quiz_prompt import at as at_step


def at(course: str, number: str, lines: list[str] = ()) -> tuple[LessonController, io.StringIO]:  # type: ignore[assignment]
    return at_step(course, number, list(lines))


def texts(course: str, number: str) -> str:
    lesson = load(catalog.find(course, number).path)
    parts = [lesson.summary]
    for step in lesson.steps:
        parts += [getattr(step, f, "") for f in ("text", "then", "question", "explain")]
    return "\n".join(p for p in parts if p)


# -- rummy -------------------------------------------------------------------------------------


def test_rummy_3_melds_the_eights_you_hold_and_lays_off_the_fourth_later() -> None:
    """ "Your three eights" is what you hold; the try of a lay-off before your first meld is invited."""
    ctl, out = at("rummy", "3", ["draw stock", "layoff 7D 1"])
    assert ctl.mistakes == 0 and "Refused: you may lay off only once" in out.getvalue()
    assert sorted(c for c in ctl.session.state.hands[0] if c[0] == "8") == ["8C", "8D", "8S"]
    for line in ("meld 8S 8D 8C", "layoff 7D 1", "discard KC", "draw stock", "layoff 8H 2"):
        ctl.handle(line)
    assert ctl.mistakes == 0 and [len(m.meld.cards) for m in ctl.session.state.melds] == [4, 4]


def test_rummy_4_the_invited_discard_of_the_taken_card_is_no_mistake() -> None:
    ctl, out = at("rummy", "4", ["draw discard", "discard 9S"])
    assert ctl.mistakes == 0 and "Refused, as it should be" in out.getvalue() and ctl.index == 2
    ctl.handle("meld 9S 9C 9D")
    ctl.handle("discard 2H")  # any discard but the taken card will do, not only the king the text suggests
    assert ctl.done and ctl.mistakes == 0


def test_rummy_5_defines_a_rummy_with_the_seeds_condition() -> None:
    text = texts("rummy", "5")
    assert "nothing melded or laid off before" in text and "laid off on P2's melds" in text
    ctl, _out = at("rummy", "5", ["draw stock", "meld 6D 7D 8D 9D", "meld 2C 3C 4C", "meld JD JH JS", "discard KS"])
    assert ctl.session.results[-1].detail["rummy"] is True


def test_rummy_6_states_the_void_hand_rule_the_game_applies() -> None:
    from cardcli.games.rummy.config import RummyConfig

    text = texts("rummy", "6")
    assert "keeps happening" not in text and "no progress" not in text
    assert "fewer than two cards" in text and "turned over three times" in text
    assert RummyConfig().max_turnovers == 3
    ctl, out = at("rummy", "6")  # the stock is really empty, and `draw stock` turns the pile over
    assert ctl.session.state.stock == [] and isinstance(ctl.step, Move)
    ctl.handle("draw stock")
    assert ctl.session.state.turnovers == 1 and isinstance(ctl.step, Quiz)
    ctl.handle(str(len(ctl.session.state.stock)))
    assert ctl.mistakes == 0


def test_the_rulebook_names_the_game_rightly() -> None:
    from cardcli.engine.registry import load as load_game

    intro = load_game("rummy").rulebook.intro
    assert "basic Italian game" not in intro and "ramino" in intro and "two decks and jokers" in intro


# -- eleusis -----------------------------------------------------------------------------------


def test_eleusis_5_phase_one_ends_when_every_card_is_played() -> None:
    text = texts("eleusis", "5")
    assert "runs out of cards" not in text and "every player had played every card" in text
    ctl, out = at("eleusis", "5", ["play 5C"])
    assert ctl.session.state.phase == "two" and "(phase one is over)" in out.getvalue()
    assert not any(ctl.session.state.hands)


def test_eleusis_5_guess_at_a_quiz_is_a_command() -> None:
    ctl, out = at("eleusis", "5", ["play 5C", "3", "play AH"])
    assert isinstance(ctl.step, Quiz) and ctl.step.compute.startswith("explains")
    ctl.handle("guess accept: suit(c) != suit(p1)")
    assert ctl.mistakes == 0 and isinstance(ctl.step, Quiz) and "refuted by play" in out.getvalue()
    ctl.handle("guess accept: color(c) != color(p1)")
    assert ctl.mistakes == 0 and "consistent: your rule agrees" in out.getvalue()
    quiz = ctl.index
    ctl.handle("no")
    assert ctl.mistakes == 0 and ctl.index > quiz and "Right." in out.getvalue()


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("rule accept: suit(c) == suit(p1) or rank(c) == rank(p1)", "phase two was played"),
        ("rule accept: true", "phase two was skipped"),  # nobody makes a wrong card: phase two is skipped
    ],
)
def test_eleusis_7_says_how_phase_two_went_in_this_hand(rule: str, said: str) -> None:
    ctl, out = at("eleusis", "7", [rule])
    assert ctl.mistakes == 0 and ctl.session.state.rule_text == rule.split(" ", 1)[1]
    text = out.getvalue()
    assert said in text and "ran on with the wrong cards" not in text
    ended = ctl.session.results[-1].detail["ended"]
    assert (ended == "skipped") == (said.endswith("skipped"))


@pytest.mark.parametrize(
    ("number", "strict"), [("3", "rule accept: rank(c) == rank(p1) + 1"), ("4", "rule accept: rank(c) > rank(p1)")]
)
def test_eleusis_the_invited_strict_rule_is_no_mistake(number: str, strict: str) -> None:
    ctl, out = at("eleusis", number, [strict])
    assert ctl.mistakes == 0 and "Refused" in out.getvalue() and isinstance(ctl.step, Move)


@pytest.mark.parametrize(
    ("number", "rule"),
    [
        ("3", "rule accept: rank(c) > rank(p1) or suit(c) == suit(p1)"),  # the halves swapped
        ("3", "rule accept: suit(p1) == suit(c) or rank(p1) < rank(c)"),  # each comparison turned round
        ("4", "rule accept: (rank(c) - rank(p1)) % 13 in {1, 2, 3}"),  # a set for the range
        ("4", "rule accept: (rank(c) + 13 - rank(p1)) % 13 in 1..3"),  # the same arithmetic
    ],
)
def test_eleusis_an_equivalent_rule_is_the_rule(number: str, rule: str) -> None:
    ctl, out = at("eleusis", number, [rule])
    assert ctl.mistakes == 0 and ctl.index > 1 and ctl.session.state.rule_text == rule.split(" ", 1)[1], out.getvalue()


def test_eleusis_lessons_name_library_rules_by_what_they_say() -> None:
    for number in "1234567":
        assert "seed-" not in texts("eleusis", number)


def test_rummy_6_a_free_choice_is_played() -> None:
    """The step lets you take the new upcard or draw the stock, and discard any card: the tutor plays your
    choice (nothing after it depends on which), never the lesson's instead."""
    ctl, out = at("rummy", "6", ["draw stock", "31", "62", "draw discard", "discard 9S"])
    moves = [m.move for m in ctl.session.hands[-1].moves]
    assert moves[-2:] == ["draw discard", "discard 9S"] and "no mistake counted" not in out.getvalue()
    assert ctl.mistakes == 0 and isinstance(ctl.step, Quiz) and ctl.step.tests == "stock.wash"
