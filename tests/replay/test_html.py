"""`replay export --format html`: one self-contained page, checked as data and in a real headless Chromium."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.replay.html import page, positions
from cardcli.replay.io import read, write
from cardcli.replay.model import SeatRecord
from cardcli.ui.viewer.model import ViewerModel

ROOT = Path(__file__).resolve().parents[2]
BRIDGE = ROOT / "replays" / "bridge" / "making-game.cardcli.json"
BURRACO = ROOT / "replays" / "burraco" / "two-players-match.cardcli.json"
ELEUSIS = ROOT / "replays" / "eleusis" / "seed-2-five-bots.cardcli.json"
ALL = sorted((ROOT / "replays").glob("*/*.cardcli.json"))


def export(src: Path | str, out: Path) -> Path:
    res = CliRunner().invoke(cli, ["replay", "export", str(src), "--format", "html", "-o", str(out)])
    assert res.exit_code == 0, res.output
    return out


def text_of(data: dict[str, Any], table: int) -> list[str]:
    return ["".join(t for _c, t in data["lines"][i]) for i in data["tables"][table]]


# -- the page as data -------------------------------------------------------------------------------
@pytest.mark.parametrize("path", [BRIDGE, BURRACO, ELEUSIS, ROOT / "replays" / "rummy" / "three-players-seed-7.cardcli.json",
                                  ROOT / "replays" / "canasta" / "two-players-s2.cardcli.json"], ids=lambda p: p.parent.name)
def test_every_game_exports_one_page_with_nothing_outside_it(path: Path, tmp_path: Path) -> None:
    html = export(path, tmp_path / "game.html").read_text()
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    # no server, no network, no external asset: no URL, no src/href, no import
    assert not re.search(r"https?:|//[a-z]|\bsrc=|\bhref=|@import|url\(|fetch\(|XMLHttpRequest", html, re.I)
    assert html.count("<script") == 2 and html.count("<style") == 1
    data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)[1])
    replay = read(path)
    assert [len(h["pos"]) for h in data["hands"]] == [len(h.moves) + 1 for h in replay.hands]
    assert data["names"] == [s.name for s in replay.seats]


def test_positions_are_the_viewers_screens() -> None:
    replay = read(BURRACO)
    data = positions(replay)
    m = ViewerModel(replay)
    for hand, ply, seat in ((1, 0, None), (1, 17, 0), (2, 40, 1), (4, 5, None)):
        m.go(hand, ply)
        m.seat = seat
        screen = m.screen()
        view = len(m.names) if seat is None else seat
        here = data["hands"][hand - 1]["pos"][ply]
        assert text_of(data, here["t"][view]) == ["".join(t for _s, t in line) for line in screen.table]
        assert text_of(data, here["n"][view]) == ["".join(t for _s, t in line) for line in screen.narration]
    m.go(1, m.moves(1))
    score = ["".join(t for _s, t in line) for line in m.screen().score]
    assert text_of(data, data["hands"][0]["score"]) == score and score[0] == "Hand 1 is over:"


def test_secret_moves_are_hidden_unless_revealed() -> None:
    data = positions(read(ELEUSIS))
    first = data["hands"][0]["pos"][1]
    assert text_of(data, first["n"][0]) == ["P5 makes a secret move"]
    assert text_of(data, first["nr"][0])[0].startswith("P5 sets the rule: accept:")
    assert data["secrets"] is True and positions(read(BRIDGE))["secrets"] is False


def test_text_from_the_file_is_never_markup(tmp_path: Path) -> None:
    evil = '</script><img src=x onerror="alert(1)"><!--'
    replay = read(BRIDGE)
    seats = [SeatRecord(name=evil if i == 0 else s.name, kind=s.kind, bot=s.bot) for i, s in enumerate(replay.seats)]
    write(tmp_path / "evil.cardcli.json", msgspec.structs.replace(replay, title=evil, seats=seats))
    html = export(tmp_path / "evil.cardcli.json", tmp_path / "evil.html").read_text()
    assert "<img" not in html and html.count("</script>") == 2 and "<!--" not in html
    assert "&lt;/script&gt;&lt;img" in html  # the title and heading, escaped


def test_html_is_offered_for_every_game_and_share_codes_export_too(tmp_path: Path) -> None:
    rummy = ROOT / "replays" / "rummy" / "three-players-seed-7.cardcli.json"
    res = CliRunner().invoke(cli, ["replay", "export", str(rummy), "--format", "pbn"])
    assert res.exit_code == 1 and "rummy replays can be exported as html, not 'pbn'" in res.output
    res = CliRunner().invoke(cli, ["share", str(BRIDGE), "-q"])
    code = res.output.strip()
    assert code.startswith("cc1-")
    html = export(code, tmp_path / "shared.html").read_text()
    assert "South bids 3NT" in html


# -- the page in a real browser ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("no chromium on PATH (apt-get install chromium); the page is checked as data only")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium)
        yield b
        b.close()


@pytest.fixture
def open_page(browser: Any, tmp_path: Path) -> Iterator[Any]:
    pages = []
    errors: list[str] = []

    def opener(src: Path) -> Any:
        html = export(src, tmp_path / (src.stem + ".html"))
        context = browser.new_context(offline=True, java_script_enabled=True)
        pg = context.new_page()
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.on("dialog", lambda d: errors.append("dialog: " + d.message))
        pg.on("request", lambda r: None if r.url.startswith("file:") else errors.append("request: " + r.url))
        pg.goto(html.as_uri())
        pages.append(context)
        return pg

    yield opener
    for c in pages:
        c.close()
    assert errors == []


def where(pg: Any) -> str:
    return str(pg.inner_text("#where"))


def test_a_bridge_page_steps_through_the_auction_and_the_play(open_page: Any) -> None:
    pg = open_page(BRIDGE)
    assert where(pg) == "Hand 1/1 · move 0/67 · all hands"
    assert pg.inner_text("#narration") == "the deal"
    table = pg.inner_text("#table")
    for hand in ("♠ K 3 2", "♥ A 9 8", "♦ K Q J", "♣ A 9 8 7", "♠ Q J 9", "♣ Q 10 3 2"):  # all four hands shown
        assert hand in table, table
    assert pg.locator("#table .card.suit-h").count() == 4  # one ♥ card per hand, drawn as a card
    for _i in range(4):
        pg.keyboard.press("ArrowRight")
    assert where(pg).startswith("Hand 1/1 · move 4/67") and pg.inner_text("#narration") == "South bids 1NT"
    pg.keyboard.press("ArrowLeft")
    assert pg.inner_text("#narration") == "East passes"
    pg.click("#b-next")
    pg.keyboard.press("ArrowDown")  # the end of the auction
    assert where(pg).startswith("Hand 1/1 · move 15/67") and "Contract: 3NT by South" in pg.inner_text("#table")
    pg.keyboard.press("ArrowDown")  # the first trick
    assert where(pg).startswith("Hand 1/1 · move 19/67")
    pg.keyboard.press("ArrowUp")
    assert where(pg).startswith("Hand 1/1 · move 15/67")
    # seat switch: North sees its own cards and only counts of the others'
    pg.click("#seats button >> text=North")
    table = pg.inner_text("#table")
    assert "North (you, dummy)" in table and "♠ 10 8 5 4" in table and "♠ K 3 2" not in table
    assert "all hands" not in where(pg) and "North" in where(pg)
    pg.keyboard.press("s")  # the next seat, East
    assert "East (you)" in pg.inner_text("#table")
    pg.keyboard.press("a")
    assert where(pg).endswith("all hands") and "♠ K 3 2" in pg.inner_text("#table")
    assert pg.inner_text("#score") == ""
    pg.keyboard.press("End")
    assert where(pg) == "Hand 1/1 · move 67/67 · all hands"
    assert "Hand 1 is over:" in pg.inner_text("#score")
    pg.fill("#jump", "1.10")
    pg.press("#jump", "Enter")
    assert where(pg).startswith("Hand 1/1 · move 10/67")


def test_a_burraco_page_moves_by_turns_and_hands(open_page: Any) -> None:
    replay = read(BURRACO)
    pg = open_page(BURRACO)
    n1 = len(replay.hands[0].moves)
    assert where(pg) == f"Hand 1/4 · move 0/{n1} · all hands"
    pg.keyboard.press("ArrowRight")
    assert pg.inner_text("#narration") == "South draws 8♥ from the stock"
    pg.keyboard.press("ArrowDown")  # the end of South's turn: North is next
    m = ViewerModel(replay)
    m.turn(1)
    assert where(pg).startswith(f"Hand 1/4 · move {m.ply}/")
    pg.keyboard.press("PageDown")
    assert where(pg).startswith("Hand 2/4 · move 0/")
    table = pg.inner_text("#table")
    assert "South 265  North 910" in table  # the running score after hand 1
    pg.click("#seats button >> text=South")
    table = pg.inner_text("#table")
    assert "Your hand (11): 4♣ 4♣ 6♣ 10♣ Q♣ 5♦ 6♦ 4♥ 4♥ 9♥ K♠" in table
    pg.click("#seats button >> text=North")
    assert "4♣ 4♣ 6♣ 10♣" not in pg.inner_text("#table")
    pg.keyboard.press("PageUp")  # at a deal: back one hand
    pg.keyboard.press("PageUp")
    assert where(pg).startswith("Hand 1/4 · move 0/")
    pg.keyboard.press("ArrowLeft")  # nothing before the first deal
    assert where(pg).startswith("Hand 1/4 · move 0/")
    pg.fill("#jump", str(n1))
    pg.press("#jump", "Enter")
    score = pg.inner_text("#score")
    assert score.startswith("Hand 1 is over:") and "North closed the hand" in score
    pg.keyboard.press("ArrowRight")  # on into hand 2
    assert where(pg).startswith("Hand 2/4 · move 0/") and pg.inner_text("#score") == ""
    pg.click("#b-reveal", force=True)  # burraco has no secret moves: the switch is off
    assert pg.is_disabled("#b-reveal")


def test_the_reveal_switch_shows_secret_moves(open_page: Any) -> None:
    pg = open_page(ELEUSIS)
    pg.keyboard.press("ArrowRight")
    assert pg.inner_text("#narration") == "P5 makes a secret move"
    pg.keyboard.press("r")
    assert pg.inner_text("#narration").startswith("P5 sets the rule: accept:")
    assert pg.inner_text("#status") == "secret moves shown"
    pg.click("#b-reveal")
    assert pg.inner_text("#narration") == "P5 makes a secret move"


def test_the_markup_of_a_file_stays_text_in_the_browser(open_page: Any, tmp_path: Path) -> None:
    evil = '<img src=x onerror="alert(1)"><b>bold</b>'
    replay = read(BRIDGE)
    seats = [SeatRecord(name=evil if i == 0 else s.name, kind=s.kind, bot=s.bot) for i, s in enumerate(replay.seats)]
    src = tmp_path / "evil.cardcli.json"
    write(src, msgspec.structs.replace(replay, title=evil, seats=seats))
    pg = open_page(src)
    assert pg.locator("img").count() == 0 and pg.locator("b").count() == 0
    assert pg.inner_text("#heading") == evil
    pg.click("#seats button >> nth=0")
    assert evil in where(pg)


def test_the_page_fits_any_game(open_page: Any) -> None:
    for path in ALL[::4]:  # a sample of every kind: the page opens, moves and shows the last score
        pg = open_page(path)
        pg.keyboard.press("End")
        assert "is over" in pg.inner_text("#score") or path.parent.name in ("bridge",), path
        assert pg.inner_text("#table").strip()


def test_page_is_the_same_for_the_same_file() -> None:
    assert page(read(BRIDGE)) == page(read(BRIDGE))
