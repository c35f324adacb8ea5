"""Issue 12 without a terminal: pacing, the pause at a hand's end, the toolbar and the line
wrapping at a width, one card notation per charset, plurals, the bridge scorepad's labels,
help texts, who plays when partner declares, and choosing the first dealer."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.cards import format_card
from cardcli.engine.deal import shuffled_deck
from cardcli.session import Session
from cardcli.ui.commands import Controller
from cardcli.ui.console import Console, wrap_line
from cardcli.ui.ptk.toolbar import fit


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path))


def _controller(game: str, seed: int, charset: str = "ascii", **kw: object) -> tuple[Controller, io.StringIO]:
    s = Session.new(game, seed=seed, **kw)  # type: ignore[arg-type]
    out = io.StringIO()
    return Controller(s, Console(out=out, color=False, charset=charset)), out  # type: ignore[arg-type]


def _play_hints(c: Controller, until: object, limit: int = 400) -> None:
    s = c.session
    for _i in range(limit):
        if until() or c.done:  # type: ignore[operator]
            return
        actor = s.to_act()
        assert actor is not None and s.is_human(actor)
        move, _why = s.hint(actor)
        c.handle(s.game.format_move(move))
    raise AssertionError("the condition was never met")


# -- pacing ------------------------------------------------------------------------------------


def test_bot_moves_wait_the_pace_and_yours_do_not(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardcli.ui.commands as commands

    slept: list[float] = []
    monkeypatch.setattr(commands.time, "sleep", slept.append)
    c, out = _controller("rummy", 7)
    c.pace = 0.25
    c.start()
    c.handle("draw stock")
    c.handle("discard " + c.session.view(0).hand[0])
    bot_lines = [ln for ln in out.getvalue().splitlines() if ln.startswith("  P2 ")]
    assert bot_lines and slept == [0.25] * len(bot_lines)  # one pause per bot move, none for P1's


def test_piped_play_is_instant_whatever_the_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    import cardcli.ui.commands as commands

    def no_sleep(seconds: float) -> None:
        raise AssertionError(f"slept {seconds} s with output to a pipe")

    monkeypatch.setattr(commands.time, "sleep", no_sleep)
    r = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7", "--pace", "3"], input="d\nKS\nquit\n", env={"CARDCLI_PACE": "5"})
    assert r.exit_code == 0, r.output
    assert "P2 " in r.output


def test_pace_setting() -> None:
    from cardcli.commands.play import DEFAULT_PACE, pace_seconds

    assert pace_seconds(1.5) == 1.5
    assert pace_seconds(None) == DEFAULT_PACE
    import os

    os.environ["CARDCLI_PACE"] = "0.2"
    try:
        assert pace_seconds(None) == 0.2
        os.environ["CARDCLI_PACE"] = "soon"
        assert pace_seconds(None) == DEFAULT_PACE
    finally:
        del os.environ["CARDCLI_PACE"]


def test_the_hand_result_waits_for_a_key_and_typed_ahead_input_is_flushed_first() -> None:
    c, out = _controller("rummy", 7, hands_limit=2)
    calls: list[str] = []
    c.flush_input = lambda: calls.append("flush")
    c.wait_for_key = lambda message: calls.append("wait:" + out.getvalue().rsplit("The hand is over.", 1)[-1])
    c.start()
    _play_hints(c, lambda: len(c.session.hands) == 2)
    waits = [x for x in calls if x.startswith("wait:")]
    assert len(waits) == 1  # once, at the end of hand 1
    assert "Hand 2:" not in waits[0]  # the next deal comes after the key ...
    assert "Hand 2:" in out.getvalue()  # ... and then it does
    i = calls.index(waits[0])
    assert calls[i - 1] == "flush"  # an Enter typed during the bots' turn cannot skip it
    _play_hints(c, lambda: c.done)
    assert len([x for x in calls if x.startswith("wait:")]) == 1  # no pause when the match is over


def test_line_mode_without_a_terminal_never_waits() -> None:
    from cardcli.ui.line_driver import run as run_lines

    c, out = _controller("rummy", 7, hands_limit=2)
    assert run_lines(c, io.StringIO("d\nquit\n"), interactive=False) == 0
    assert c.wait_for_key is None and c.flush_input is None and c.pace == 0
    c, out = _controller("rummy", 7, hands_limit=2)
    tty = io.StringIO("d\nquit\n")
    tty.isatty = lambda: False  # type: ignore[method-assign]
    run_lines(c, tty, interactive=True)
    assert c.wait_for_key is not None  # a person at a --plain prompt is asked to press Enter


# -- width ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [100, 80, 60, 40])
def test_the_toolbar_drops_whole_parts(width: int) -> None:
    parts = "burraco · hand 12 · your turn: draw or take the pile · stock 41 · N-S 12345  E-W 9870 (to 15000)"
    line = fit(parts.split(" · "), width, ["Tab: moves", "F1: help"])
    assert len(line) <= width
    if width >= 70:
        assert "N-S 12345  E-W 9870 (to 15000)" in line and "your turn: draw or take the pile" in line
        assert "…" not in line
    kept = [p.strip() for p in line.strip(" …").split(" · ")]
    assert all(p in parts.split(" · ") + ["Tab: moves", "F1: help"] for p in kept[:-1])


def test_long_lines_wrap_at_word_boundaries() -> None:
    text = "  South discards the ten of diamonds; West takes the whole discard pile and melds three sevens"
    parts = ["".join(t for _s, t in ln) for ln in wrap_line([("dim", text)], 40)]
    assert all(len(p) <= 40 for p in parts) and len(parts) > 1
    assert " ".join(p.strip() for p in parts) == text.strip()  # nothing lost, no word cut
    out = io.StringIO()
    Console(out=out, width=40).say(text)
    assert out.getvalue().splitlines() == parts
    out = io.StringIO()
    Console(out=out).say(text)  # no width (a pipe): never wrapped
    assert out.getvalue() == text + "\n"


def test_the_burraco_table_at_80_columns_marks_what_changed() -> None:
    c, out = _controller("burraco", 5, charset="unicode")
    c.console.width = 80
    c.start()
    c.handle("draw")
    mark = len(out.getvalue())
    c.handle("discard TC")
    table = out.getvalue()[mark:]
    lines = table.splitlines()
    assert all(len(ln) <= 80 for ln in lines)
    assert "stock 38" in table and "Discard pile:" in table and "East discards" in table
    assert "+[1] A♣ 2♣ 3♣ new" in table  # East-West's new melds are marked
    assert "N-S (you): 1 meld" in table and "E-W: 5 melds" in table
    assert table.index("N-S (you):") < table.index("E-W:")


# -- one notation -----------------------------------------------------------------------------


def test_words_everywhere_and_words_accepted(tmp_path: Path) -> None:
    rec = tmp_path / "w.cardcli.json"
    r = CliRunner().invoke(
        cli,
        ["play", "burraco", "--seed", "5", "--charset", "words", "--record", str(rec)],
        input="draw\ndiscard ten of clubs\nhint\nquit\n",
    )
    assert r.exit_code == 0, r.output
    assert "Your hand (11): three of clubs, seven of clubs, ten of clubs" in r.output  # the table
    assert "South draws queen of spades from the stock" in r.output  # the log
    assert "South discards ten of clubs" in r.output  # a move in words
    assert "East melds jack of clubs, queen of clubs" in r.output or "East melds" in r.output
    hint = next(ln for ln in r.output.splitlines() if ln.startswith("hint: "))
    assert " of " in hint  # hints too
    show = CliRunner().invoke(cli, ["replay", "show", str(rec), "--charset", "words"])
    assert show.exit_code == 0, show.output
    assert "South discards ten of clubs" in show.output and " TC" not in show.output
    show = CliRunner().invoke(cli, ["replay", "show", str(rec), "--charset", "ascii"])
    assert "South discards TC" in show.output


def test_discard_ten_resolves_and_completes() -> None:
    from cardcli.ui.ptk.completer import candidates

    c, out = _controller("burraco", 5)
    c.start()
    c.handle("draw")
    assert candidates(c, "discard 10") == [("discard TC", "move")]
    assert candidates(c, "discard ten") == [("discard TC", "move")]
    c.handle("q")  # a bare rank is not shorthand for a move
    assert "not a move" in out.getvalue()
    c.handle("discard 10")
    assert "South discards TC" in out.getvalue()


def test_bridge_calls_stay_calls_when_cards_are_spelt_out() -> None:
    from cardcli.engine.registry import load

    g: Any = load("bridge")
    text = "North bids 2S; the contract is 4H by South; West leads 2S"
    assert g.spell_cards(text, "words") == "North bids 2S; the contract is 4H by South; West leads two of spades"
    assert g.spell_cards("hint: play TH", "unicode") == "hint: play 10♥"
    # the review's auction is a row of calls: a call after a call is a call, the lead a card
    line = "Auction (dealer W): P 1D P 1S P 2D X 3C P P P; opening lead 3S (E)"
    assert g.spell_cards(line, "unicode") == "Auction (dealer W): P 1♦ P 1♠ P 2♦ X 3♣ P P P; opening lead 3♠ (E)"
    assert g.spell_cards("Trick 1: E 3S, S 2D", "unicode") == "Trick 1: E 3S, S 2D"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_revoke_refusal_spells_every_card_it_names(lang: str) -> None:
    """The follow-suit refusal lists the cards of the suit led and the card refused: all of them in
    the table's spelling (it once read "you hold J♥ TH 9H 7H 2♥": only the first card after the
    verb was spelt, and 2H as a call)."""
    from cardcli import i18n
    from cardcli.engine.registry import load
    from cardcli.games.bridge import moves as mv
    from cardcli.games.bridge.held import hand_of
    from cardcli.games.bridge.refusals import refusal

    g: Any = load("bridge")
    cfg = g.presets["rubber"]
    i18n.set_language(lang)
    try:
        for seed in range(1, 60):
            state = g.new_match(cfg, 4, 0)
            g.start_hand(state, shuffled_deck(g.deck(cfg, 4), f"revoke-{seed}", 1))
            while state.phase == "auction":
                g.apply(state, mv.PASS if state.auction.calls >= 1 else mv.Bid(1, "N"))
            g.apply(state, g.legal_moves(state, claims=False)[0])  # the lead
            held = state.suits[state.turn]
            follow = [c for c in g.legal_moves(state, claims=False) if isinstance(c, mv.Play)]
            off = [c for c in hand_of(held) if c[1] != state.trick[0][1]]
            if len(follow) >= 3 and off:
                break
        else:
            raise AssertionError("no position with three cards to follow and one off the suit")
        text = g.spell_cards(refusal(state, mv.Play(off[0]), state.turn).reason, "unicode")
        assert not re.search(r"\b[2-9TJQKA][CDHS]\b", text), text
        for c in [m.card for m in follow] + [off[0]]:
            assert format_card(c, "unicode") in text, (c, text)
        assert held == state.suits[state.turn]
    finally:
        i18n.set_language(None)


def test_canasta_melds_use_the_hands_spelling() -> None:
    from cardcli.engine.registry import load

    g: Any = load("canasta")
    assert g.spell_cards("West melds T T T", "unicode") == "West melds 10 10 10"
    assert g.spell_cards("West melds K K JK", "words") == "West melds king, king, joker"
    assert g.spell_cards("West discards TH", "ascii") == "West discards TH"


# -- grammar and labels ---------------------------------------------------------------------


def test_plurals_and_the_bridge_scorepad() -> None:
    r = CliRunner().invoke(cli, ["score", "bridge"], input="3NT E 7\n4S S 11\n2H N 10\n")
    assert r.exit_code == 0, r.output
    assert "overtrick(s)" not in r.output
    assert "1 overtrick = 30 above" in r.output and "2 overtricks" in r.output
    assert "above the line" in r.output and "below the line" in r.output
    row = next(ln for ln in r.output.splitlines() if "#1 " in ln)
    assert "EW down 2" in row and row.rstrip().endswith("100")  # East-West went down ...
    head = next(ln for ln in r.output.splitlines() if ln.strip() == "NS      EW")
    assert abs(row.rstrip().rfind("100") + 3 - (head.find("NS") + 2)) <= 1  # ... NS score it, under NS


def test_help_texts_fit_the_game() -> None:
    c, out = _controller("bridge", 9, human_seats=(2,))
    c.start()
    c.handle("help")
    assert "JK" not in out.getvalue()
    c, out = _controller("canasta", 3)
    c.start()
    c.handle("help")
    assert "suits C D H S" not in out.getvalue() and "suits never matter" in out.getvalue()


def test_canasta_toolbar_after_the_side_has_opened() -> None:
    c, _out = _controller("canasta", 3)
    c.start()
    s = c.session
    _play_hints(c, lambda: s.view(0).opened[0] and s.to_act() == 0 and s.state.phase == "start")
    assert "open, draw or take" not in c.toolbar_text() and "draw or take" in c.toolbar_text()


def test_canasta_toolbar_names_only_the_moves_the_turn_allows() -> None:
    c, _out = _controller("canasta", 3)
    c.start()
    s = c.session

    def only_discards() -> bool:
        legal = s.legal_notation() if s.to_act() == 0 else []
        return bool(legal) and s.state.phase == "play" and all(m.startswith("discard") for m in legal)

    _play_hints(c, only_discards)
    bar = c.toolbar_text()
    assert "your turn: discard" in bar and "meld" not in bar and "add" not in bar, bar


# -- bridge: you declare ------------------------------------------------------------------------


def test_you_play_both_hands_when_partner_declares_and_forced_cards_play_themselves(tmp_path: Path) -> None:
    c, out = _controller("bridge", 39, human_seats=(2,))
    s = c.session
    s.declare = "me"
    c.autoplay = True

    bot_move = s.bot_move

    def bots_but_not_north_in_the_play() -> object:
        assert s.to_act() != 0 or s.state.phase == "auction", "the bot played North's cards"
        return bot_move()

    s.bot_move = bots_but_not_north_in_the_play  # type: ignore[method-assign]  # North's bot may bid, never play
    c.start()
    _play_hints(c, lambda: s.state.phase == "play")
    assert s.state.contract.declarer == 0  # North declares; South is dummy
    assert s.to_act() == 0 and s.is_human(0)  # ... and the human plays from North's seat
    _play_hints(c, lambda: len(s.hands) == 2 or c.done)
    hand = s.hands[0]
    plays = [m for m in hand.moves if m.move.startswith("play")]
    assert not [m for m in plays if m.seat == 2]  # dummy never acts: its cards are played from North's seat
    assert len([m for m in plays if m.seat == 0]) >= 13
    assert "(your only legal move, played for you)" in out.getvalue()
    path = tmp_path / "b.cardcli.json"
    s.save(path)
    assert CliRunner().invoke(cli, ["replay", "verify", str(path)]).exit_code == 0


def test_partner_declares_for_the_bots_with_declare_partner() -> None:
    c, _out = _controller("bridge", 39, human_seats=(2,))
    s = c.session
    assert s.declare == "partner"  # sessions default to the old way; `play` says `me`
    c.start()
    _play_hints(c, lambda: s.state.phase != "auction")
    assert not s.is_human(0) and (s.to_act() != 0 or s.state.phase == "over")


# -- eleusis: the first dealer ---------------------------------------------------------------


def test_eleusis_dealer_option() -> None:
    r = CliRunner().invoke(
        cli, ["play", "eleusis", "--players", "5", "--seat", "5", "--dealer", "5", "--seed", "3"], input="quit\n"
    )
    assert r.exit_code == 0, r.output
    assert "Hand 1: P5 deals." in r.output and "Write your rule" in r.output
    r = CliRunner().invoke(cli, ["play", "eleusis", "--players", "4", "--dealer", "me", "--seed", "3"], input="quit\n")
    assert "Hand 1: P1 deals." in r.output
    r = CliRunner().invoke(cli, ["play", "eleusis", "--players", "4", "--dealer", "9"], input="quit\n")
    assert r.exit_code == 2 and "seat 9 does not exist" in r.output


def test_bridge_score_says_what_stopping_now_would_add() -> None:
    """Seed 11: NS make 3♥, a part score (90 below the line, 30 for each overtrick above it); the score
    is what is written, and 100 more only if the rubber stopped now (Law 80's part-score premium)."""
    s = Session.new("bridge", seed=11, human_seats=())
    s.deal_if_needed()
    while s.results == [] or s.results[-1] is None:
        s.play(s.bot_move())
    result = s.results[-1]
    assert result is not None and result.detail["contract"] == "3H" and str(result.detail["declarer"]) in "NS"
    over = int(result.detail["tricks"]) - 9
    assert over >= 0, "the seed's 3H is made"
    written = 90 + 30 * over
    out = io.StringIO()
    c = Controller(s, Console(out=out, color=False, charset="ascii"))
    c.handle("score")
    text = out.getvalue()
    assert f"Scores: NS {written}, EW 0" in text, text
    assert f"If play stopped now: NS {written + 100}, EW 0" in text, text


@pytest.mark.parametrize(
    ("game", "typed", "canonical"),
    [
        ("bridge", "one spade", "1S"),
        ("bridge", "two no trump", "2N"),
        ("bridge", "three hearts", "3H"),
        ("bridge", "tre cuori", "3H"),
        ("bridge", "1 spade", "1S"),
        ("bridge", "seven of hearts", "play 7H"),
        ("canasta", "discard four of hearts", "discard 4"),
        ("canasta", "discard quattro di cuori", "discard 4"),
    ],
)
def test_moves_typed_in_words(game: str, typed: str, canonical: str) -> None:
    from cardcli.engine.registry import load

    g = load(game)
    assert g.format_move(g.parse_move(typed)) == canonical


def test_rules_in_a_game_take_the_shells_words() -> None:
    """The prompt says `rules eleusis language`; typed in the game it must work as `rules language`."""
    c, out = _controller("eleusis", 3)
    c.handle("rules eleusis language")
    text = out.getvalue()
    assert "[language.lines]" in text and "no rule or topic" not in text, text


def test_bridge_deals_scoring_shows_no_rubber_in_the_header() -> None:
    res = CliRunner().invoke(cli, ["play", "bridge", "--preset", "deals", "--seed", "3"], input="quit\n")
    assert "Hand 1 · dealer North · vul: none" in res.output and "part scores" not in res.output, res.output
    rubber = CliRunner().invoke(cli, ["play", "bridge", "--seed", "3"], input="quit\n")
    assert "games NS 0 EW 0 · part scores NS 0 EW 0" in rubber.output
