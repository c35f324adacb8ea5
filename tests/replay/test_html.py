"""`replay export --format html`: one self-contained page, checked as data and in a real headless Chromium.

The browser tests open every game's page at 1280×800 and at 390×844 (a phone): no element may be
wider than the viewport (nor the page scroll sideways), every key and button must step, text must
keep a contrast of 4.5:1, hidden hands stay hidden, and a screenshot of each page is kept for review
(under ``$CARDCLI_SCREENSHOTS`` when set, else the test's temporary directory).
"""

from __future__ import annotations

import json
import os
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

ROOT = Path(__file__).resolve().parents[2]
BRIDGE = ROOT / "replays" / "bridge" / "making-game.cardcli.json"
BURRACO = ROOT / "replays" / "burraco" / "two-players-match.cardcli.json"
CANASTA = ROOT / "replays" / "canasta" / "four-players-standard.cardcli.json"
RUMMY = ROOT / "replays" / "rummy" / "three-players-seed-7.cardcli.json"
ELEUSIS = ROOT / "replays" / "eleusis" / "seed-2-five-bots.cardcli.json"
EVERY_GAME = {"bridge": BRIDGE, "burraco": BURRACO, "canasta": CANASTA, "rummy": RUMMY, "eleusis": ELEUSIS}
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def export(src: Path | str, out: Path) -> Path:
    res = CliRunner().invoke(cli, ["replay", "export", str(src), "--format", "html", "-o", str(out)])
    assert res.exit_code == 0, res.output
    return out


def data_of(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)
    assert found
    return json.loads(found[1])


# -- the page as data -------------------------------------------------------------------------------
@pytest.mark.parametrize("path", EVERY_GAME.values(), ids=EVERY_GAME.keys())
def test_every_game_exports_one_page_with_nothing_outside_it(path: Path, tmp_path: Path) -> None:
    html = export(path, tmp_path / "game.html").read_text()
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    # no server, no network, no external asset: no URL, no src/href, no import
    assert not re.search(r"https?:|//[a-z]|\bsrc=|\bhref=|@import|url\(|fetch\(|XMLHttpRequest", html, re.I)
    assert html.count("<script") == 2 and html.count("<style") == 1
    data = data_of(html)
    replay = read(path)
    assert [len(h["n"]) for h in data["hands"]] == [len(h.moves) for h in replay.hands]
    assert data["names"] == [s.name for s in replay.seats]


def test_a_bridge_hand_is_sent_as_a_hand_viewer_needs_it() -> None:
    replay = read(BRIDGE)
    hand = positions(replay)["hands"][0]
    assert hand["moves"] == [m.move for m in replay.hands[0].moves]
    assert [len(h) for h in hand["deal"]] == [13, 13, 13, 13] and hand["dealer"] == replay.hands[0].dealer
    assert len(hand["won"]) == 13 and hand["contract"][:2] == [3, "N"] and hand["contract"][3] == 2  # 3NT by South


def test_secret_moves_are_sent_hidden_and_revealed_apart() -> None:
    data = positions(read(ELEUSIS))
    first = data["hands"][0]
    assert data["texts"][first["n"][0]] == "P5 makes a secret move" and first["secret"] == [1]
    assert data["texts"][first["r"]["1"]].startswith("P5 sets the rule: accept:")
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
    res = CliRunner().invoke(cli, ["replay", "export", str(RUMMY), "--format", "pbn"])
    assert res.exit_code == 1 and "rummy replays can be exported as html, not 'pbn'" in res.output
    res = CliRunner().invoke(cli, ["share", str(BRIDGE), "-q"])
    code = res.output.strip()
    assert code.startswith("cc1-")
    data = data_of(export(code, tmp_path / "shared.html").read_text())
    assert "South bids 3NT" in data["texts"]


def test_page_is_the_same_for_the_same_file() -> None:
    assert page(read(BRIDGE)) == page(read(BRIDGE))


# -- the page in a real browser ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    chromium = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else shutil.which("chromium")
    if chromium is None:
        pytest.skip("no chromium (apt-get install chromium); the page is checked as data only")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("CARDCLI_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def open_page(browser: Any, tmp_path: Path) -> Iterator[Any]:
    contexts = []
    errors: list[str] = []

    def opener(src: Path, size: tuple[int, int] = SIZES["desktop"]) -> Any:
        html = tmp_path / (Path(src).name.split(".")[0] + ".html")
        if not html.exists():
            export(src, html)
        context = browser.new_context(offline=True, java_script_enabled=True, viewport={"width": size[0], "height": size[1]})
        pg = context.new_page()
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.on("dialog", lambda d: errors.append("dialog: " + d.message))
        pg.on("request", lambda r: None if r.url.startswith("file:") else errors.append("request: " + r.url))
        pg.goto(html.as_uri())
        contexts.append(context)
        return pg

    yield opener
    for c in contexts:
        c.close()
    assert errors == []


WIDE = """() => {
  const W = document.documentElement.clientWidth, out = [];
  for (const e of document.querySelectorAll("body, body *")) {
    const r = e.getBoundingClientRect();
    if ((r.width || r.height) && (r.right > W + 0.5 || r.left < -0.5))
      out.push(`${e.tagName.toLowerCase()}.${e.className} ${Math.round(r.left)}..${Math.round(r.right)} of ${W}`);
  }
  const scroll = document.documentElement.scrollWidth;
  if (scroll > W) out.push(`the page scrolls sideways: ${scroll} > ${W}`);
  return out;
}"""
"""Every element wider than the viewport (or sticking out of it), and a page that scrolls sideways."""

CONTRAST = """() => {
  const rgb = (s) => { const m = s.match(/[\\d.]+/g).map(Number); return m.length === 3 ? [...m, 1] : m; };
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const over = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
  const bgOf = (e) => { let layers = [];
    for (let n = e; n; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] === 1) break; } }
    let bg = [255, 255, 255]; for (const c of layers.reverse()) bg = over(c, bg); return bg; };
  const out = [];
  for (const e of document.querySelectorAll("body *")) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !e.getClientRects().length) continue;
    const st = getComputedStyle(e);
    if (st.visibility === "hidden" || Number(st.opacity) < 1) { out.push(`${e.tagName} has opacity`); continue; }
    const fg = rgb(st.color), bg = bgOf(e);
    const a = lum(over(fg, bg)), b = lum(bg);
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const what = `${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim().slice(0, 20)}"`;
    if (ratio < 4.5) out.push(`${what} ${ratio.toFixed(2)}`);
  }
  return out;
}"""
"""Every element with text of its own whose colour on its background is under 4.5:1 (WCAG AA)."""


def state(pg: Any) -> tuple[str, str, str, str]:
    return tuple(
        pg.evaluate(
            "() => [document.body.dataset.hand, document.body.dataset.ply, document.body.dataset.seat,"
            " document.body.dataset.reveal]"
        )
    )  # type: ignore[return-value]


def check_fits(pg: Any, where: str) -> None:
    assert pg.evaluate(WIDE) == [], where
    assert pg.evaluate(CONTRAST) == [], where


@pytest.mark.parametrize("size", SIZES, ids=SIZES.keys())
@pytest.mark.parametrize("game", EVERY_GAME, ids=EVERY_GAME.keys())
def test_every_game_fits_steps_and_reads_at_both_sizes(game: str, size: str, open_page: Any, shots: Path) -> None:
    pg = open_page(EVERY_GAME[game], SIZES[size])
    check_fits(pg, f"{game} {size} at the deal")
    replay = read(EVERY_GAME[game])
    first = len(replay.hands[0].moves)
    # every key steps
    for key, expect in (("ArrowRight", ("1", "1")), ("n", ("1", "2")), ("ArrowLeft", ("1", "1")), ("b", ("1", "0"))):
        pg.keyboard.press(key)
        assert state(pg)[:2] == expect, (game, key)
    pg.keyboard.press("ArrowDown")
    down = int(state(pg)[1])
    assert down > 0
    pg.keyboard.press("ArrowUp")
    assert state(pg)[1] == "0"
    pg.keyboard.press("End")
    assert state(pg)[:2] == (str(len(replay.hands)), str(len(replay.hands[-1].moves)))
    assert pg.is_disabled("#b-next") and pg.is_disabled("#b-end") and pg.is_disabled("#b-turn")  # nothing after the end
    check_fits(pg, f"{game} {size} at the end")
    pg.keyboard.press("Home")
    assert state(pg)[:2] == ("1", "0") and pg.is_disabled("#b-back") and pg.is_disabled("#b-home")
    if len(replay.hands) > 1:
        pg.keyboard.press("PageDown")
        assert state(pg)[:2] == ("2", "0")
        pg.keyboard.press("PageUp")
        assert state(pg)[:2] == ("1", "0")
    pg.keyboard.press("s")
    assert state(pg)[2] == "0"
    pg.keyboard.press("a")
    assert state(pg)[2] == "-1"
    # every button steps
    for button, expect in (
        ("#b-next", ("1", "1")),
        ("#b-turn", None),
        ("#b-turn_back", None),
        ("#b-end", None),
        ("#b-back", None),
        ("#b-home", ("1", "0")),
    ):
        before = state(pg)
        pg.click(button)
        assert state(pg) != before, (game, button)
        if expect:
            assert state(pg)[:2] == expect, (game, button)
    if len(replay.hands) > 1:
        pg.click("#b-hand_next")
        assert state(pg)[:2] == ("2", "0")
        pg.click("#b-hand_back")
        assert state(pg)[:2] == ("1", "0")
    else:
        assert pg.is_disabled("#b-hand_next")
    pg.click("#b-seat")
    assert state(pg)[2] == "0"
    pg.click("#seats button >> nth=1")
    assert state(pg)[2] == "1"
    pg.click("#b-all")
    assert state(pg)[2] == "-1"
    pg.fill("#slider", str(min(first, 12)))
    assert state(pg)[:2] == ("1", str(min(first, 12)))
    pg.fill("#jump", f"1.{first}")
    pg.press("#jump", "Enter")
    assert state(pg)[:2] == ("1", str(first)) and "is over" in pg.inner_text("#score")
    # one position in the middle of the play, in each view, fits too
    pg.fill("#jump", f"1.{first * 2 // 3}")
    pg.press("#jump", "Enter")
    for seat in range(len(replay.seats)):
        pg.click(f"#seats button >> nth={seat}")
        check_fits(pg, f"{game} {size} seat {seat}")
    pg.click("#b-all")
    check_fits(pg, f"{game} {size} all hands")
    pg.screenshot(path=str(shots / f"{game}-{size}.png"), full_page=True)


def test_the_width_check_fails_on_an_element_wider_than_a_phone(open_page: Any) -> None:
    """The check above must fail when something is too wide: a 391-pixel element on a 390-pixel phone."""
    pg = open_page(BRIDGE, SIZES["phone"])
    assert pg.evaluate(WIDE) == []
    pg.evaluate("""() => { const d = document.createElement("div"); d.style.width = "391px"; d.textContent = "x";
                           document.querySelector("main").prepend(d); }""")
    found = pg.evaluate(WIDE)
    assert any(f.startswith("div.") for f in found) and any("scrolls sideways" in f for f in found), found
    pg.evaluate("""() => { const t = document.querySelector("#board"); t.style.color = "#777"; }""")
    assert pg.evaluate(CONTRAST)  # grey text on the green table: refused too


def test_a_bridge_page_is_a_hand_viewer(open_page: Any) -> None:
    pg = open_page(BRIDGE)
    boxes = {s: pg.locator(f".seat.{s}").bounding_box() for s in "nesw"}
    assert boxes["n"]["y"] < boxes["w"]["y"] < boxes["s"]["y"] and boxes["w"]["x"] < boxes["n"]["x"] < boxes["e"]["x"]
    assert pg.locator(".suitrow").count() == 16  # all four hands, suit by suit
    assert "♠ K 3 2" in pg.inner_text(".seat.s").replace("\n", " ").replace("  ", " ") or "K 3 2" in pg.inner_text(".seat.s")
    assert "Dealer West" in pg.inner_text(".felt .info") and "Vulnerable: none" in pg.inner_text(".felt .info")
    assert pg.inner_text("table.auction th >> nth=0").startswith("W")  # W N E S, the dealer marked
    for _i in range(4):
        pg.keyboard.press("ArrowRight")
    assert pg.locator("table.auction td").filter(has_text="1NT").count() == 1
    assert pg.inner_text("#narration") == "South bids 1NT"
    pg.keyboard.press("ArrowDown")  # the end of the auction
    assert "3NT by South" in pg.inner_text(".felt .info")
    pg.keyboard.press("ArrowDown")  # the first trick: four cards on the table, the winner marked
    assert pg.locator(".center .card").count() == 4 and pg.locator(".center .card.win").count() == 1
    assert re.search(r"Tricks NS \d · EW \d", pg.inner_text(".center"))
    # North's view: its own cards and dummy's, the others' face down
    pg.click("#seats button >> text=North")
    assert pg.locator(".seat.e .hidden-hand").count() == 1 and pg.locator(".seat.w .hidden-hand").count() == 1
    assert pg.locator(".seat.n .suitrow").count() == 4
    pg.keyboard.press("Home")
    pg.click("#seats button >> text=East")
    assert pg.locator(".seat.s .hidden-hand").count() == 1 and "K 3 2" not in pg.inner_text("#board")
    pg.keyboard.press("End")
    assert "Hand 1 is over:" in pg.inner_text("#score") and pg.locator(".hidden-hand").count() == 0


def test_the_reviews_double_dummy_numbers_are_shown(open_page: Any, tmp_path: Path) -> None:
    pytest.importorskip("endplay")
    copy = tmp_path / "reviewed.cardcli.json"
    shutil.copy(BRIDGE, copy)
    assert CliRunner().invoke(cli, ["replay", "review", str(copy), "--write"]).exit_code == 0
    pg = open_page(copy)
    dd = pg.inner_text("table.dd")
    assert "Double dummy" in dd and "NT" in dd and len(re.findall(r"\b\d{1,2}\b", dd)) == 20


def test_an_imported_board_shows_its_number_players_and_the_files_double_dummy(open_page: Any, tmp_path: Path) -> None:
    event = tmp_path / "event.cardcli.json"
    assert (
        CliRunner()
        .invoke(cli, ["replay", "import", str(ROOT / "tests" / "data" / "pbn" / "club-pairs-216.pbn"), "-o", str(event)])
        .exit_code
        == 0
    )
    pg = open_page(event, SIZES["phone"])
    assert "Board 1" in pg.inner_text(".felt .info") and "North · Anna Sala" in pg.inner_text(".seat.n")
    assert pg.locator("table.dd td").count() == 20
    pg.keyboard.press("End")
    assert state(pg)[:2] == ("216", str(len(read(event).hands[-1].moves)))
    check_fits(pg, "the 216th board")


def test_the_reveal_switch_shows_secret_moves(open_page: Any) -> None:
    pg = open_page(ELEUSIS)
    assert not pg.is_disabled("#b-reveal")
    pg.keyboard.press("ArrowRight")
    assert pg.inner_text("#narration") == "P5 makes a secret move"
    pg.keyboard.press("r")
    assert pg.inner_text("#narration").startswith("P5 sets the rule: accept:")
    assert pg.inner_text("#status") == "secret moves shown" and state(pg)[3] == "true"
    pg.click("#b-reveal")
    assert pg.inner_text("#narration") == "P5 makes a secret move"


def test_meld_games_draw_melds_piles_and_hands_as_cards(open_page: Any) -> None:
    pg = open_page(CANASTA)
    pg.fill("#jump", "1.40")
    pg.press("#jump", "Enter")
    assert pg.locator(".area.melds .card").count() > 0 and pg.locator(".area.pile .card.top").count() == 1
    assert pg.locator(".area.stock .card.back").count() >= 1
    pg.click("#seats button >> text=South")  # South's view: the others' hands face down
    hands = pg.locator(".area.hand")
    assert hands.nth(0).locator(".card.back").count() == 0 and hands.nth(1).locator(".card.back").count() > 0


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
    assert evil in pg.inner_text("#status")
