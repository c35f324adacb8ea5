"""Italian input in every game: card names and the same verbs, always to the canonical notation."""

from __future__ import annotations

from typing import Any

import pytest

from cardcli import i18n
from cardcli.engine import words
from cardcli.engine.cards import CardParseError, format_card, parse_card, parse_cards
from cardcli.games.bridge import moves as bridge
from cardcli.games.burraco import moves as burraco
from cardcli.games.canasta import moves as canasta
from cardcli.games.eleusis import moves as eleusis
from cardcli.games.rummy import moves as rummy

CARDS_BOTH = [  # the same in English and in Italian
    ("donna di cuori", "QH"),
    ("asso di picche", "AS"),
    ("re di fiori", "KC"),
    ("fante di quadri", "JD"),
    ("dieci di cuori", "TH"),
    ("nove di picche", "9S"),
    ("due di fiori", "2C"),
    ("sette di quadri", "7D"),
    ("10 di cuori", "TH"),
    ("Donna Di Cuori", "QH"),
    ("jolly", "JK"),
    ("cuori donna", "QH"),
    ("Dc", "QH"),
    ("DQ", "QD"),
    ("Rq", "KD"),
    ("Fp", "JS"),
    ("Ap", "AS"),
    ("7q", "7D"),
    ("5f", "5C"),
    ("queen of hearts", "QH"),
    ("TH", "TH"),
    ("7C", "7C"),
    ("AC", "AC"),
    ("KC", "KC"),
    ("10♥", "TH"),
]
CARDS_BY_LANGUAGE = [  # (typed, English reading, Italian reading): lower-case c is clubs or cuori
    ("7c", "7C", "7H"),
    ("ac", "AC", "AH"),
    ("10c", "TC", "TH"),
    ("kc", "KC", "KC"),
]


@pytest.mark.parametrize(("typed", "card"), CARDS_BOTH)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_card_names(lang: str, typed: str, card: str) -> None:
    i18n.set_language(lang)
    assert parse_card(typed) == card


@pytest.mark.parametrize(("typed", "english", "italian"), CARDS_BY_LANGUAGE)
def test_abbreviations_that_differ_follow_the_language(typed: str, english: str, italian: str) -> None:
    i18n.set_language("en")
    assert parse_card(typed) == english
    i18n.set_language("it")
    assert parse_card(typed) == italian


def test_canonical_notation_always_wins_and_bad_cards_are_refused() -> None:
    i18n.set_language("it")
    assert [parse_card(c) for c in ("7C", "QH", "JK", "TD")] == ["7C", "QH", "JK", "TD"]
    with pytest.raises(CardParseError, match="non è una carta"):
        parse_card("donna di niente")


def test_card_lists_and_words_charset() -> None:
    assert parse_cards("donna di cuori 5H sette di picche") == ["QH", "5H", "7S"]
    i18n.set_language("it")
    assert format_card("QH", "words") == "donna di cuori" and format_card("JK", "words") == "jolly"
    assert format_card("QH", "ascii") == "QH"


MOVES: list[tuple[Any, str, str]] = [
    (rummy, "pesca", "draw stock"),
    (rummy, "pesca tallone", "draw stock"),
    (rummy, "prendi", "draw discard"),
    (rummy, "raccogli", "draw discard"),
    (rummy, "pesca scarti", "draw discard"),
    (rummy, "cala 3H 4H 5H", "meld 3H 4H 5H"),
    (rummy, "cala tre di cuori 4h cinque di cuori", "meld 3H 4H 5H"),
    (rummy, "attacca 6H 2", "layoff 6H 2"),
    (rummy, "attacca sei di cuori sul 2", "layoff 6H 2"),
    (rummy, "scarta donna di cuori", "discard QH"),
    (rummy, "scarta Dc", "discard QH"),
    (burraco, "pesca", "draw"),
    (burraco, "prendi", "take"),
    (burraco, "raccogli", "take"),
    (burraco, "raccogli pozzo", "take"),
    (burraco, "cala 5H 6H jolly", "meld 5H 6H JK"),
    (burraco, "attacca 7H 3", "attach 7H 3"),
    (burraco, "attacca sette di cuori al 3", "attach 7H 3"),
    (burraco, "scarta donna di cuori", "discard QH"),
    (burraco, "scarta KS", "discard KS"),
    (burraco, "chiudi re di picche", "close KS"),
    (canasta, "pesca", "draw"),
    (canasta, "prendi", "take"),
    (canasta, "raccogli il pozzo", "take"),
    (canasta, "cala re re re", "meld K K K"),
    (canasta, "cala K K pinella", "meld K K 2"),
    (canasta, "attacca re 2 al re", "add K 2 to K"),
    (canasta, "scarta nove", "discard 9"),
    (canasta, "chiedi", "ask"),
    (canasta, "sì", "yes"),
    (canasta, "no", "no"),
    (bridge, "passo", "P"),
    (bridge, "contro", "X"),
    (bridge, "surcontro", "XX"),
    (bridge, "1SA", "1N"),
    (bridge, "2 cuori", "2H"),
    (bridge, "gioca donna di picche", "play QS"),
    (bridge, "gioca Dp", "play QS"),
    (bridge, "reclamo 9", "claim 9"),
    (bridge, "accetto", "accept"),
    (bridge, "rifiuto", "reject"),
    (eleusis, "gioca 7H", "play 7H"),
    (eleusis, "gioca sette di cuori", "play 7H"),
    (eleusis, "regola accept: color(c) != color(p1)", "rule accept: color(c) != color(p1)"),
]


@pytest.mark.parametrize(("module", "typed", "canonical"), MOVES, ids=lambda v: v if isinstance(v, str) else None)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_italian_verbs_in_every_game(lang: str, module: Any, typed: str, canonical: str) -> None:
    i18n.set_language(lang)
    move = module.parse_move(typed)
    assert module.format_move(move) == canonical
    assert module.parse_move(canonical) == move  # the notation never changes


def test_every_game_shares_the_vocabulary() -> None:
    assert set(words.GAME_VERBS) == {"rummy", "burraco", "canasta", "bridge", "eleusis"}
    for game in ("rummy", "burraco", "canasta"):
        for meaning in ("draw", "take", "meld", "attach", "discard"):
            assert meaning in words.GAME_VERBS[game], (game, meaning)


@pytest.mark.parametrize(
    ("game", "canonical", "italian"),
    [
        ("rummy", "draw stock", "pesca"),
        ("rummy", "draw discard", "prendi"),
        ("rummy", "discard KS", "scarta KS"),
        ("rummy", "layoff 6H 2", "attacca 6H 2"),
        ("burraco", "take", "prendi"),
        ("burraco", "close KS", "chiudi KS"),
        ("burraco", "meld 5H 6H JK", "cala 5H 6H JK"),
        ("canasta", "add K 2 to K", "attacca K 2 to K"),
        ("bridge", "P", "passo"),
        ("bridge", "XX", "surcontro"),
        ("bridge", "play QS", "gioca QS"),
        ("eleusis", "play 7H", "gioca 7H"),
    ],
)
def test_the_italian_form_of_a_move_parses_back(game: str, canonical: str, italian: str) -> None:
    module = {"rummy": rummy, "burraco": burraco, "canasta": canasta, "bridge": bridge, "eleusis": eleusis}[game]
    assert words.italian_move(game, canonical) == italian
    assert module.format_move(module.parse_move(italian)) == canonical


def test_tab_completion_offers_the_italian_forms() -> None:
    from cardcli.session import Session  # noqa: F401  (the completer needs a session)
    from cardcli.ui.ptk import completer

    class FakeSession:
        class game:  # noqa: N801
            name = "burraco"

    i18n.set_language("it")
    forms = completer._italian_forms(FakeSession(), ["draw", "take", "discard KS"])
    assert forms == {"draw": "pesca", "take": "prendi", "discard KS": "scarta KS"}
    i18n.set_language("en")
    assert completer._italian_forms(FakeSession(), ["draw"]) == {}


def test_tab_completion_in_a_game_in_italian() -> None:
    import io

    from cardcli.session import Session
    from cardcli.ui.commands import Controller
    from cardcli.ui.console import Console
    from cardcli.ui.ptk.completer import candidates

    i18n.set_language("it")
    session = Session.new("burraco", seed=7, players=2)  # type: ignore[arg-type]
    controller = Controller(session, Console(out=io.StringIO(), color=False, charset="ascii"))  # type: ignore[arg-type]
    controller.start()
    offered = [c for c, _meta in candidates(controller, "")]
    assert "pesca" in offered and "prendi" in offered and "draw" not in offered
    assert [c for c, _m in candidates(controller, "pre")] == ["prendi"]
    controller.handle("prendi")
    discards = [c for c, _m in candidates(controller, "scarta k")]
    assert discards == ["scarta KC"], discards
    controller.handle("scarta re di fiori")
    moves = [m.move for m in session.to_replay().hands[0].moves]
    assert moves[:2] == ["take", "discard KC"]  # canonical notation, whatever was typed
