"""`cardcli replay export --format html`: one self-contained web page that steps through a game.

Bridge is drawn as a hand viewer (BBO's handviewer is the model): the four hands round the table,
the auction in a grid with the dealer and vulnerability, the play trick by trick with the cards on
the table, the running tricks, the contract and score, double-dummy numbers where the replay has
them. The meld games and eleusis are drawn as cards: hands, melds, piles, the mainline. A slider,
buttons and keys step by move, trick or turn, and hand; any seat's view or all hands; secret moves
shown only when revealed.

The data (:mod:`.data`, one fold of the file) is embedded as JSON; the page's script
(``viewer.js``) and style (``viewer.css``) are inlined: no server, no network, no external file,
and a content security policy that allows nothing else. Text from the replay goes into the page as
text (the script sets ``textContent``; the JSON is escaped for a ``<script>`` element), never as
markup. The page fits a phone (390 px wide: nothing cut, nothing to scroll sideways) and keeps
text contrast at 4.5:1 or more; ``tests/replay/test_html.py`` checks both in a real browser.
"""

from __future__ import annotations

import html
import json
from importlib.resources import files
from typing import Any

from cardcli import __version__
from cardcli.i18n import _, language, ngettext
from cardcli.replay.html.data import positions
from cardcli.replay.model import Replay

__all__ = ["page", "positions"]


def _script_json(data: Any) -> str:
    """JSON that cannot end its ``<script>`` element early or open a comment there."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _labels() -> dict[str, str]:
    """The page's words, translated (notation is not)."""
    return {
        "where": _("Hand {h}/{n} · move {p}/{m} · {who}"),
        "all": _("all hands"),
        "none": _("this replay has no hands"),
        "revealed": _("secret moves shown"),
        "hidden": _("secret moves hidden"),
        "no_secrets": _("nothing to reveal: this game has no secret moves"),
        "bad_jump": _("jump takes a move number or HAND.MOVE, e.g. 2.15"),
        "no_hand": _("there is no hand {h} (hands 1 to {n})"),
        "deal": _("the deal"),
        "cards1": ngettext("{n} card", "{n} cards", 1),
        "cards": ngettext("{n} card", "{n} cards", 2),
        "empty": _("empty"),
        "board": _("Board {board}"),
        "dealer": _("dealer"),
        "dealer_is": _("Dealer {seat}"),
        "vul_none": _("Vulnerable: none"),
        "vul_ns": _("Vulnerable: N-S"),
        "vul_ew": _("Vulnerable: E-W"),
        "vul_all": _("Vulnerable: both"),
        "by": _("by {seat}"),
        "tricks": _("Tricks NS {ns} · EW {ew}"),
        "pass": _("Pass"),
        "auction": _("Auction"),
        "dd": _("Double dummy: tricks for each declarer"),
        "move_of": _("move {p} of {m}"),
        "view_of": _("the view of {who}"),
    }


def page(replay: Replay) -> str:
    """The whole page: inline style and script, the positions as JSON."""
    data = positions(replay)
    data["labels"] = _labels()
    buttons = {
        "home": _("First"),
        "hand_back": _("Hand back"),
        "turn_back": _("Turn back"),
        "back": _("Back"),
        "next": _("Next"),
        "turn": _("Turn"),
        "hand_next": _("Next hand"),
        "end": _("Last"),
    }
    nav = "\n".join(f'<button type="button" id="b-{k}" data-act="{k}">{html.escape(v)}</button>' for k, v in buttons.items())
    keys = _("Keys: ← → one move · ↑ ↓ one trick or turn · PgUp PgDn one hand · Home End · s seat · a all hands · r reveal")
    assets = files("cardcli.replay.html")
    return _TEMPLATE.format(
        lang=html.escape(language()),
        title=html.escape(f"{data['title']} · cardcli"),
        heading=html.escape(str(data["title"])),
        buttons=nav,
        seat=html.escape(_("Seat")),
        all=html.escape(_("All hands")),
        reveal=html.escape(_("Reveal")),
        jump=html.escape(_("Jump")),
        move=html.escape(_("Move")),
        keys=html.escape(keys),
        css=assets.joinpath("viewer.css").read_text("utf-8"),
        js=assets.joinpath("viewer.js").read_text("utf-8"),
        data=_script_json(data),
        version=html.escape(__version__),
        kind=html.escape(str(data["kind"])),
        game=html.escape(str(data["game"])),
    )


_TEMPLATE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="cardcli {version}">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>{title}</title>
<style>{css}</style>
</head>
<body data-kind="{kind}" data-game="{game}">
<main>
<h1 id="heading">{heading}</h1>
<div id="where" aria-live="polite"></div>
<nav id="moves">
{buttons}
</nav>
<div id="slide"><input type="range" id="slider" min="0" max="0" value="0" aria-label="{move}"> <span id="slidepos"></span></div>
<nav id="views"><button type="button" data-act="seat" id="b-seat">{seat}</button> <span id="seats"></span>
<button type="button" id="b-all">{all}</button>
<button type="button" id="b-reveal">{reveal}</button>
<form id="jumpform" class="jumpbox"><input id="jump" placeholder="H.P" aria-label="{jump}">
<button type="submit">{jump}</button></form>
</nav>
<section id="board" aria-label="{heading}"></section>
<div id="narration" aria-live="polite"></div>
<div id="notes"></div>
<div id="score"></div>
<div id="status"></div>
<footer>{keys}</footer>
</main>
<script type="application/json" id="data">{data}</script>
<script>{js}</script>
</body>
</html>
"""
