"""`cardcli replay export --format html`: one self-contained web page that steps through a game.

Every position is built here, from one fold of the file through the viewer's model
(:class:`cardcli.ui.viewer.model.ViewerModel`): for each (hand, move), the table as each
seat sees it and as "all hands" shows it, the narration for each view (a secret move
told as such, and as it was, for the reveal switch), the notes, and the score at each
hand's end. The page embeds that as JSON and its script only shows it: no server, no
network, no external file. Text from the replay goes into the page as text (the script
sets ``textContent``, the JSON is escaped for a ``<script>`` element), never as HTML.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

from cardcli import __version__
from cardcli.engine.game import Line
from cardcli.i18n import _, language
from cardcli.replay.model import Replay
from cardcli.ui.viewer.model import ViewerModel

_CLASS = re.compile(r"[^a-z0-9-]")


class _Pool:
    """Each distinct line (and each distinct list of lines) stored once; positions refer to them by number."""

    def __init__(self) -> None:
        self.lines: list[list[list[str]]] = []
        self.tables: list[list[int]] = []
        self._lines: dict[str, int] = {}
        self._tables: dict[tuple[int, ...], int] = {}

    def line(self, line: Line) -> int:
        frags: list[list[str]] = []
        for style, text in line:
            cls = " ".join(_CLASS.sub("", w.lower()) for w in style.split())
            body = text.rstrip(" ") if "card" in cls.split() else text
            if body:
                frags.append([cls, body])
            if len(body) < len(text):  # a card's box holds the card, not the space after it
                frags.append(["", text[len(body):]])
        key = json.dumps(frags, ensure_ascii=False)
        if key not in self._lines:
            self._lines[key] = len(self.lines)
            self.lines.append(frags)
        return self._lines[key]

    def table(self, lines: list[Line]) -> int:
        key = tuple(self.line(line) for line in lines)
        if key not in self._tables:
            self._tables[key] = len(self.tables)
            self.tables.append(list(key))
        return self._tables[key]


def positions(replay: Replay, charset: str = "unicode") -> dict[str, Any]:
    """Everything the page shows, position by position (plain data, ready for JSON).

    ``hands[h].pos[p]`` is the position after move ``p`` of hand ``h + 1`` (0: the deal) with, per
    view (the seats in order, then all hands), ``t`` the table and ``n`` the narration, ``nr`` the
    narration with secret moves revealed (only where it differs), ``o``/``or`` the notes.
    """
    m = ViewerModel(replay, None, False, charset)
    pool = _Pool()
    views: list[int | None] = [*range(len(m.names)), None]
    secrets = m.has_secrets()
    hands = []
    for hand in range(1, m.hands + 1):
        pos = []
        for ply in range(m.moves(hand) + 1):
            m.go(hand, ply)
            here: dict[str, Any] = {"t": [], "n": []}
            revealed: list[int] = []
            for seat in views:
                m.seat = seat
                m.reveal = False
                screen = m.screen()
                here["t"].append(pool.table(screen.table))
                here["n"].append(pool.table(screen.narration))
                if secrets:
                    m.reveal = True
                    revealed.append(pool.table(m.screen().narration))
            m.seat, m.reveal = None, False
            here["o"] = pool.table([*m.screen().notes])
            if secrets and revealed != here["n"]:
                here["nr"] = revealed
            if secrets:
                m.reveal = True
                notes = pool.table([*m.screen().notes])
                if notes != here["o"]:
                    here["or"] = notes
                m.reveal = False
            pos.append(here)
        m.go(hand, m.moves(hand))
        score = pool.table(m.screen().score)
        hands.append({"pos": pos, "bounds": m.bounds(hand), "score": score})
    return {
        "title": replay.title or m.game.match_title(m.config),
        "game": m.game.name,
        "names": list(m.names),
        "secrets": secrets,
        "hands": hands,
        "lines": pool.lines,
        "tables": pool.tables,
        "text": {
            "where": _("Hand {h}/{n} · move {p}/{m} · {who}"),
            "all": _("all hands"),
            "none": _("this replay has no hands"),
            "revealed": _("secret moves shown"),
            "hidden": _("secret moves hidden"),
            "no_secrets": _("nothing to reveal: {game} has no secret moves").format(game=m.game.name),
            "bad_jump": _("jump takes a move number or HAND.MOVE, e.g. 2.15"),
            "no_hand": _("there is no hand {h} (hands 1 to {n})"),
        },
    }


def _script_json(data: Any) -> str:
    """JSON that cannot end its ``<script>`` element early or open a comment there."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026") \
        .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def page(replay: Replay) -> str:
    """The whole page: inline style and script, the positions as JSON."""
    data = positions(replay)
    labels = {
        "home": _("First"), "hand_back": _("Hand back"), "turn_back": _("Turn back"), "back": _("Back"),
        "next": _("Next"), "turn": _("Turn"), "hand_next": _("Next hand"), "end": _("Last"),
        "seat": _("Seat"), "all": _("All hands"), "reveal": _("Reveal"), "jump": _("Jump"),
    }
    keys = _("Keys: ← → one move · ↑ ↓ one trick or turn · PgUp PgDn one hand · Home End · "
             "s seat · a all hands · r reveal")
    buttons = "\n".join(
        f'<button type="button" id="b-{k}" data-act="{k}">{html.escape(v)}</button>'
        for k, v in labels.items() if k not in ("seat", "all", "reveal", "jump"))
    title = html.escape(f"{data['title']} · cardcli")
    return _TEMPLATE.format(
        lang=html.escape(language()), title=title, heading=html.escape(str(data["title"])), buttons=buttons,
        seat=html.escape(labels["seat"]), all=html.escape(labels["all"]), reveal=html.escape(labels["reveal"]),
        jump=html.escape(labels["jump"]), keys=html.escape(keys), css=_CSS, js=_JS, data=_script_json(data),
        version=html.escape(__version__))


_CSS = """
:root { color-scheme: light; }
body { font-family: system-ui, sans-serif; margin: 1em auto; max-width: 70em; background: #0b5d2a; color: #111; }
main { background: #f7f4ea; border-radius: 10px; padding: 1em 1.2em; box-shadow: 0 2px 12px #0006; }
h1 { font-size: 1.2em; margin: 0 0 .4em; }
#where { font-weight: bold; margin: .3em 0; }
nav { display: flex; flex-wrap: wrap; gap: .3em; margin: .4em 0; align-items: center; }
button { font: inherit; padding: .25em .7em; border: 1px solid #777; border-radius: 5px; background: #fff; cursor: pointer; }
button[aria-pressed="true"] { background: #1d4ed8; color: #fff; border-color: #1d4ed8; }
button:disabled { opacity: .4; cursor: default; }
#jump { width: 5em; font: inherit; }
#table { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; white-space: pre; overflow-x: auto;
  background: #126b36; color: #f2f2f2; padding: .8em 1em; border-radius: 8px; line-height: 1.45; min-height: 8em; }
.row { min-height: 1.45em; }
.card { background: #fff; color: #111; border-radius: 3px; box-shadow: 0 0 0 1px #999, 0 1px 2px #0008; }
.suit-h, .suit-d { color: #c00; }
.suit-s, .suit-c { color: #111; }
.joker { color: #7c3aed; background: #fff; border-radius: 3px; box-shadow: 0 0 0 1px #999; }
.turn { font-weight: bold; outline: 2px solid #facc15; }
.title, .label { font-weight: bold; }
.dim { opacity: .7; }
.ok { color: #0a0; } .hint { color: #0369a1; } .warn { color: #b45309; } .secret { color: #a21caf; }
.error { color: #c00; font-weight: bold; }
#table .ok { color: #bbf7d0; } #table .hint { color: #bae6fd; }
#narration { font-size: 1.1em; margin: .5em 0 .2em; }
#notes { color: #0369a1; }
#score { background: #fff; border: 1px solid #0a0; border-radius: 6px; padding: .4em .8em; margin-top: .5em;
  white-space: pre-wrap; font-family: ui-monospace, monospace; }
#score:empty, #notes:empty { display: none; }
#status { color: #555; min-height: 1.2em; }
footer { color: #555; font-size: .85em; margin-top: .8em; }
"""

_JS = r"""
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const S = { hand: 1, ply: 0, seat: D.names.length, reveal: false };
const $ = (id) => document.getElementById(id);
function moves(h) { return D.hands[h - 1].pos.length - 1; }
function fill(el, lines) {
  el.replaceChildren();
  for (const li of lines) {
    const row = document.createElement("div");
    row.className = "row";
    for (const [cls, text] of D.lines[li]) {
      const span = document.createElement("span");
      if (cls) span.className = cls;
      span.textContent = text;
      row.appendChild(span);
    }
    el.appendChild(row);
  }
}
function fmt(t, v) { return t.replace(/\{(\w+)\}/g, (m, k) => (k in v ? String(v[k]) : m)); }
function say(text) { $("status").textContent = text || ""; }
function draw() {
  if (!D.hands.length) { $("where").textContent = D.text.none; return; }
  const h = D.hands[S.hand - 1], p = h.pos[S.ply], v = S.seat;
  const who = v === D.names.length ? D.text.all : D.names[v];
  $("where").textContent = fmt(D.text.where, { h: S.hand, n: D.hands.length, p: S.ply, m: moves(S.hand), who: who });
  fill($("table"), D.tables[p.t[v]]);
  fill($("narration"), D.tables[(S.reveal && p.nr ? p.nr : p.n)[v]]);
  fill($("notes"), D.tables[S.reveal && p.or !== undefined ? p.or : p.o]);
  fill($("score"), S.ply === moves(S.hand) ? D.tables[h.score] : []);
  document.querySelectorAll("[data-seat]").forEach((b) =>
    b.setAttribute("aria-pressed", String(Number(b.dataset.seat) === v)));
  $("b-reveal").setAttribute("aria-pressed", String(S.reveal));
  document.body.dataset.hand = S.hand; document.body.dataset.ply = S.ply; document.body.dataset.seat = v;
}
function step(d) {
  let ply = S.ply + d;
  while (ply > moves(S.hand) && S.hand < D.hands.length) { ply -= moves(S.hand) + 1; S.hand += 1; }
  while (ply < 0 && S.hand > 1) { S.hand -= 1; ply += moves(S.hand) + 1; }
  S.ply = Math.max(0, Math.min(ply, moves(S.hand)));
}
function turn(d) {
  const b = D.hands[S.hand - 1].bounds;
  if (d > 0) {
    const ahead = b.filter((x) => x > S.ply);
    if (ahead.length) S.ply = ahead[0]; else if (S.hand < D.hands.length) { S.hand += 1; S.ply = 0; }
  } else {
    const behind = b.filter((x) => x < S.ply);
    if (behind.length) S.ply = behind[behind.length - 1]; else if (S.hand > 1) { S.hand -= 1; S.ply = moves(S.hand); }
  }
}
function nextHand(d) {
  if (d < 0 && S.ply > 0) { S.ply = 0; return; }
  S.hand = Math.max(1, Math.min(D.hands.length, S.hand + d)); S.ply = 0;
}
function seat(v) { S.seat = v; say(v === D.names.length ? D.text.all : D.names[v]); }
function reveal() {
  if (!D.secrets) { say(D.text.no_secrets); return; }
  S.reveal = !S.reveal; say(S.reveal ? D.text.revealed : D.text.hidden);
}
function jump(text) {
  const m = /^\s*(?:(\d+)\.)?(\d+)\s*$/.exec(text);
  if (!m) { say(D.text.bad_jump); return; }
  const h = m[1] === undefined ? S.hand : Number(m[1]);
  if (h < 1 || h > D.hands.length) { say(fmt(D.text.no_hand, { h: h, n: D.hands.length })); return; }
  S.hand = h; S.ply = Math.min(Number(m[2]), moves(h)); say("");
}
const ACTS = {
  home: () => { S.hand = 1; S.ply = 0; }, end: () => { S.hand = D.hands.length; S.ply = moves(S.hand); },
  back: () => step(-1), next: () => step(1), turn_back: () => turn(-1), turn: () => turn(1),
  hand_back: () => nextHand(-1), hand_next: () => nextHand(1),
  seat: () => seat(S.seat === D.names.length ? 0 : (S.seat + 1) % D.names.length),
  all: () => seat(D.names.length), reveal: reveal,
};
function act(name) { if (!D.hands.length) return; say(""); ACTS[name](); draw(); }
const KEYS = { ArrowRight: "next", ArrowLeft: "back", ArrowDown: "turn", ArrowUp: "turn_back", PageDown: "hand_next",
  PageUp: "hand_back", Home: "home", End: "end", s: "seat", a: "all", r: "reveal", n: "next", b: "back" };
document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
  const name = KEYS[e.key];
  if (name) { e.preventDefault(); act(name); }
});
document.querySelectorAll("[data-act]").forEach((b) => b.addEventListener("click", () => act(b.dataset.act)));
const seats = $("seats");
D.names.forEach((name, i) => {
  const b = document.createElement("button");
  b.type = "button"; b.dataset.seat = String(i); b.textContent = name;
  b.addEventListener("click", () => { seat(i); draw(); });
  seats.appendChild(b);
});
$("b-all").dataset.seat = String(D.names.length);
$("b-all").addEventListener("click", () => act("all"));
$("b-reveal").addEventListener("click", () => act("reveal"));
if (!D.secrets) $("b-reveal").disabled = true;
$("jumpform").addEventListener("submit", (e) => {
  e.preventDefault();
  if (D.hands.length) { jump($("jump").value); draw(); }
  $("jump").blur();  // the keys move again
});
draw();
"""

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
<body>
<main>
<h1 id="heading">{heading}</h1>
<div id="where" aria-live="polite"></div>
<nav id="moves">
{buttons}
</nav>
<nav id="views"><button type="button" data-act="seat" id="b-seat">{seat}</button> <span id="seats"></span>
<button type="button" id="b-all">{all}</button>
<button type="button" id="b-reveal">{reveal}</button>
<form id="jumpform"><input id="jump" placeholder="H.P" aria-label="{jump}"> <button type="submit">{jump}</button></form>
</nav>
<div id="table" role="img"></div>
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
