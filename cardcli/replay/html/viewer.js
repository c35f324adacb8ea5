"use strict";
// cardcli's web page: shows the positions the page's data describes; it computes nothing of the rules.
const D = JSON.parse(document.getElementById("data").textContent);
const T = D.labels;
const ALL = -1;
const S = { hand: 1, ply: 0, seat: ALL, reveal: false };
const $ = (id) => document.getElementById(id);
const SUIT = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RED = { H: true, D: true };
const COMPASS = "NESW";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}
function fmt(t, v) { return t.replace(/\{(\w+)\}/g, (m, k) => (k in v ? String(v[k]) : m)); }
function say(text) { $("status").textContent = text || ""; }
function hands() { return D.hands.length; }
function H() { return D.hands[S.hand - 1]; }
function moves(h) { return h.n.length; }
function rank(r) { return r === "T" ? "10" : r; }
function countText(n) { return fmt(n === 1 ? T.cards1 : T.cards, { n: n }); }

function cardEl(c, extra) {
  if (c === "JK") return el("span", "card joker" + (extra ? " " + extra : ""), "JK");
  const e = el("span", "card" + (RED[c[1]] ? " red" : "") + (extra ? " " + extra : ""));
  e.appendChild(el("span", c[0] === "T" ? "r ten" : "r", rank(c[0])));
  e.appendChild(el("span", "s", SUIT[c[1]]));
  e.setAttribute("aria-label", rank(c[0]) + SUIT[c[1]]);
  return e;
}
function backs(n, cls) {
  const f = el("div", cls || "fan");
  for (let i = 0; i < Math.min(n, 13); i += 1) f.appendChild(el("span", "card back"));
  f.setAttribute("aria-label", countText(n));
  return f;
}

// -- what a viewer may see --------------------------------------------------------------------
function narration(h, p) {
  if (p === 0) return T.deal;
  const i = p - 1;
  const secret = h.secret.indexOf(p) >= 0;
  const own = h.r[String(p)];
  if (own !== undefined && ((secret && S.reveal) || (!secret && (S.seat === ALL || S.seat === h.seat[i])))) {
    return D.texts[own];
  }
  return D.texts[h.n[i]];
}
function notes(h, p) { return (h.notes[String(p)] || []).map((id) => D.texts[id]); }

// -- bridge -----------------------------------------------------------------------------------
function callText(m) {
  if (m === "P") return T.pass;
  if (m === "X" || m === "XX") return m;
  const s = m[1];
  return m[0] + (s === "N" ? "NT" : SUIT[s]);
}
function isCall(m) { return !/^(play |claim |accept|reject)/.test(m); }
function bridgeState(h, p) {
  const owner = {};
  h.deal.forEach((cards, seat) => cards.forEach((c) => { owner[c] = seat; }));
  const calls = [];
  const played = [];
  for (let i = 0; i < p; i += 1) {
    const m = h.moves[i];
    if (m.startsWith("play ")) { const c = m.slice(5); played.push([owner[c], c]); } else if (isCall(m)) calls.push(m);
  }
  const gone = new Set(played.map((x) => x[1]));
  const left = h.deal.map((cards) => cards.filter((c) => !gone.has(c)));
  const done = Math.floor(played.length / 4);
  let trick = [];
  if (played.length) {
    const t = played.length % 4 === 0 ? done - 1 : done;
    trick = played.slice(4 * t, 4 * t + 4);
  }
  const won = h.won.slice(0, done);
  let tally = [0, 0];
  won.forEach((w) => { tally[w % 2] += 1; });
  if (h.claimed && p >= moves(h)) tally = h.claimed.slice();  // the tricks an accepted claim gave
  const contract = h.contract && p >= h.auction ? h.contract : null;
  const shown = new Set((h.shown || []).filter((x) => x[0] <= p).map((x) => x[1]));
  // whose turn it is: the hand the next card comes from (dummy's, though declarer plays it), else the mover
  let next = p < moves(h) ? h.seat[p] : null;
  if (contract && p < moves(h) && h.moves[p].startsWith("play ")) {
    const leader = played.length % 4 ? trick[0][0] : done ? h.won[done - 1] : (contract[3] + 1) % 4;
    next = (leader + played.length % 4) % 4;
  }
  return { calls, played, left, trick, won, tally, contract, shown, next,
    winner: played.length % 4 === 0 && done ? h.won[done - 1] : null };
}
function contractText(c) {
  const x = c[2] === 2 ? "XX" : c[2] === 1 ? "X" : "";
  return c[0] + (c[1] === "N" ? "NT" : SUIT[c[1]]) + x + " " + fmt(T.by, { seat: D.names[c[3]] });
}
function seatName(h, s) {
  const given = h.players && h.players[s];
  return given ? D.names[s] + " \u00b7 " + given : D.names[s];
}
function visibleBridge(h, p, b, s) {
  if (S.seat === ALL || S.seat === s) return true;
  if (h.over && p === moves(h)) return true;
  if (b.contract && b.played.length && s === (b.contract[3] + 2) % 4) return true;  // dummy, after the lead
  return b.shown.has(s);
}
function bridgeHand(h, p, b, s) {
  const box = el("div", "seat " + COMPASS[s].toLowerCase());
  const who = el("div", "who", seatName(h, s) + (s === h.dealer ? " (" + T.dealer + ")" : ""));
  if (h.vul[s % 2]) who.classList.add("vul");
  if (b.next === s) who.classList.add("act");
  box.appendChild(who);
  const cards = b.left[s];
  if (!visibleBridge(h, p, b, s)) {
    const hid = el("div", "hidden-hand");
    hid.appendChild(backs(1, "fan"));
    hid.appendChild(el("span", "count", countText(cards.length)));
    box.appendChild(hid);
    return box;
  }
  for (const suit of "SHDC") {
    const row = el("div", "suitrow");
    row.appendChild(el("span", "sym" + (RED[suit] ? " red" : ""), SUIT[suit]));
    const ranks = cards.filter((c) => c[1] === suit).map((c) => rank(c[0])).join(" ");
    row.appendChild(el("span", "ranks", ranks || "\u2014"));
    box.appendChild(row);
  }
  return box;
}
function drawBridge(h, p) {
  const b = bridgeState(h, p);
  const wrap = el("div", "bridge");
  const felt = el("div", "felt");
  const head = [];
  if (h.board) head.push(fmt(T.board, { board: h.board }));
  head.push(fmt(T.dealer_is, { seat: D.names[h.dealer] }));
  const vul = h.vul[0] && h.vul[1] ? T.vul_all : h.vul[0] ? T.vul_ns : h.vul[1] ? T.vul_ew : T.vul_none;
  head.push(vul);
  if (b.contract) head.push(contractText(b.contract));
  felt.appendChild(el("div", "info", head.join(" \u00b7 ")));
  const grid = el("div", "compass");
  for (let s = 0; s < 4; s += 1) grid.appendChild(bridgeHand(h, p, b, s));
  const center = el("div", "center");
  const bySeat = {};
  b.trick.forEach(([s, c]) => { bySeat[s] = c; });
  for (let s = 0; s < 4; s += 1) {
    const slot = el("div", "slot " + COMPASS[s].toLowerCase());
    if (bySeat[s]) slot.appendChild(cardEl(bySeat[s], b.winner === s ? "win" : ""));
    center.appendChild(slot);
  }
  const mid = el("div", "mid tally");
  mid.appendChild(el("div", "", fmt(T.tricks, { ns: b.tally[0], ew: b.tally[1] })));
  center.appendChild(mid);
  grid.appendChild(center);
  felt.appendChild(grid);
  wrap.appendChild(felt);
  const side = el("div", "side");
  side.appendChild(auction(h, b, p));
  if (h.dd) side.appendChild(ddTable(h.dd));
  wrap.appendChild(side);
  return wrap;
}
function auction(h, b, p) {
  const t = el("table", "auction");
  t.setAttribute("aria-label", T.auction);
  const order = [3, 0, 1, 2];  // W N E S, as hand records write it
  const tr = el("tr");
  order.forEach((s) => {
    const th = el("th", h.vul[s % 2] ? "vul" : "", COMPASS[s] + (s === h.dealer ? "\u2022" : ""));
    th.title = D.names[s];
    tr.appendChild(th);
  });
  t.appendChild(tr);
  let row = el("tr");
  let col = order.indexOf(h.dealer);
  for (let i = 0; i < col; i += 1) row.appendChild(el("td", "", ""));
  const last = b.calls.length - 1;
  const noted = new Set(Object.keys(h.notes).map(Number));
  b.calls.forEach((m, i) => {
    const td = el("td", i === last && p <= (h.auction || Infinity) ? "now" : "");
    const text = callText(m);
    if (m.length === 2 && RED[m[1]]) td.appendChild(el("span", "red", text)); else td.appendChild(document.createTextNode(text));
    if (noted.has(i + 1)) td.appendChild(el("sup", "", "*"));
    row.appendChild(td);
    col += 1;
    if (col === 4) { t.appendChild(row); row = el("tr"); col = 0; }
  });
  if (col || !b.calls.length) {
    if (!b.calls.length) row.appendChild(el("td", "", "\u2026"));
    t.appendChild(row);
  }
  return t;
}
function ddTable(dd) {
  const t = el("table", "dd");
  const cap = el("caption", "", T.dd);
  t.appendChild(cap);
  const head = el("tr");
  head.appendChild(el("th", "", ""));
  for (const s of COMPASS) head.appendChild(el("th", "", s));
  t.appendChild(head);
  for (const strain of ["NT", "S", "H", "D", "C"]) {
    if (!dd[strain]) continue;
    const tr = el("tr");
    const th = el("th", strain !== "NT" && RED[strain] ? "" : "", strain === "NT" ? "NT" : SUIT[strain]);
    if (RED[strain]) th.style.color = "#b91c1c";
    tr.appendChild(th);
    dd[strain].forEach((n) => tr.appendChild(el("td", "", String(n))));
    t.appendChild(tr);
  }
  return t;
}

// -- the meld games and eleusis ---------------------------------------------------------------
function drawTable(h, p) {
  const [turn, infoId, ids] = D.scenes[h.pos[p]];
  const felt = el("div", "felt");
  const infoText = D.texts[infoId];
  if (infoText) felt.appendChild(el("div", "info", infoText));
  const box = el("div", "areas");
  const end = h.over && p === moves(h);
  ids.forEach((id) => {
    const [kind, title, seat, cards, count, caption, groups, captions] = D.areas[id];
    const area = el("div", "area " + kind);
    if (kind === "hand" && seat === turn) area.classList.add("turn");
    const label = [title];
    if (kind !== "melds" && kind !== "line") label.push(countText(count));
    if (caption) label.push(caption);
    area.appendChild(el("div", "title", label.join(" \u00b7 ")));
    if (kind === "stock") {
      area.appendChild(backs(Math.min(count, 3)));
    } else if (kind === "hand" && !(S.seat === ALL || S.seat === seat || end)) {
      area.appendChild(backs(count));
    } else if (kind === "line") {
      const line = el("div", "mainline");
      cards.forEach((c, i) => {
        const col = el("div", "col");
        col.appendChild(cardEl(c));
        (groups[i] || []).forEach((w) => col.appendChild(cardEl(w, "tried")));
        line.appendChild(col);
      });
      area.appendChild(line);
    } else if (kind === "melds") {
      const row = el("div", "meldrow");
      groups.forEach((meld, i) => {
        const one = el("div", "meld");
        const fan = el("div", "fan");
        meld.forEach((c) => fan.appendChild(cardEl(c)));
        one.appendChild(fan);
        if (captions[i]) one.appendChild(el("div", "caption", captions[i]));
        row.appendChild(one);
      });
      area.appendChild(row);
    } else {
      const fan = el("div", "fan");
      cards.forEach((c, i) => fan.appendChild(cardEl(c, kind === "pile" && i === cards.length - 1 ? "top" : "")));
      if (!cards.length) fan.appendChild(el("span", "count", T.empty));
      area.appendChild(fan);
    }
    box.appendChild(area);
  });
  felt.appendChild(box);
  return felt;
}

// -- the page ---------------------------------------------------------------------------------
function atStart() { return S.hand === 1 && S.ply === 0; }
function atEnd() { return S.hand === hands() && S.ply === moves(H()); }
function draw() {
  if (!hands()) { $("where").textContent = T.none; document.querySelectorAll("button").forEach((b) => { b.disabled = true; }); return; }
  const h = H(), p = S.ply, n = moves(h);
  const who = S.seat === ALL ? T.all : D.names[S.seat];
  $("where").textContent = fmt(T.where, { h: S.hand, n: hands(), p: p, m: n, who: who })
    + (h.board ? " \u00b7 " + fmt(T.board, { board: h.board }) : "");
  const board = $("board");
  board.replaceChildren(D.kind === "bridge" ? drawBridge(h, p) : drawTable(h, p));
  $("narration").textContent = narration(h, p);
  const nt = $("notes");
  nt.replaceChildren(...notes(h, p).map((t) => el("div", "", t)));
  $("score").textContent = p === n && h.score ? h.score.map((id) => D.texts[id]).join("\n") : "";
  const slider = $("slider");
  slider.max = String(n); slider.value = String(p);
  slider.setAttribute("aria-valuetext", fmt(T.move_of, { p: p, m: n }));
  $("slidepos").textContent = fmt(T.move_of, { p: p, m: n });
  document.querySelectorAll("[data-seat]").forEach((b) => b.setAttribute("aria-pressed", String(Number(b.dataset.seat) === S.seat)));
  $("b-reveal").setAttribute("aria-pressed", String(S.reveal));
  for (const k of ["home", "hand_back", "turn_back", "back"]) $("b-" + k).disabled = atStart();
  for (const k of ["next", "turn", "end"]) $("b-" + k).disabled = atEnd();
  $("b-hand_next").disabled = S.hand === hands();
  document.body.dataset.hand = S.hand; document.body.dataset.ply = p; document.body.dataset.seat = S.seat;
  document.body.dataset.reveal = String(S.reveal);
}
function step(d) {
  let ply = S.ply + d;
  while (ply > moves(H()) && S.hand < hands()) { ply -= moves(H()) + 1; S.hand += 1; }
  while (ply < 0 && S.hand > 1) { S.hand -= 1; ply += moves(H()) + 1; }
  S.ply = Math.max(0, Math.min(ply, moves(H())));
}
function turn(d) {
  const b = H().bounds;
  if (d > 0) {
    const ahead = b.filter((x) => x > S.ply);
    if (ahead.length) S.ply = ahead[0]; else if (S.hand < hands()) { S.hand += 1; S.ply = 0; }
  } else {
    const behind = b.filter((x) => x < S.ply);
    if (behind.length) S.ply = behind[behind.length - 1]; else if (S.hand > 1) { S.hand -= 1; S.ply = moves(H()); }
  }
}
function nextHand(d) {
  if (d < 0 && S.ply > 0) { S.ply = 0; return; }
  S.hand = Math.max(1, Math.min(hands(), S.hand + d)); S.ply = 0;
}
function seat(v) { S.seat = v; say(v === ALL ? T.all : fmt(T.view_of, { who: D.names[v] })); }
function reveal() {
  if (!D.secrets) { say(T.no_secrets); return; }
  S.reveal = !S.reveal; say(S.reveal ? T.revealed : T.hidden);
}
function jump(text) {
  const m = /^\s*(?:(\d+)\.)?(\d+)\s*$/.exec(text);
  if (!m) { say(T.bad_jump); return; }
  const h = m[1] === undefined ? S.hand : Number(m[1]);
  if (h < 1 || h > hands()) { say(fmt(T.no_hand, { h: h, n: hands() })); return; }
  S.hand = h; S.ply = Math.min(Number(m[2]), moves(H())); say("");
}
const ACTS = {
  home: () => { S.hand = 1; S.ply = 0; }, end: () => { S.hand = hands(); S.ply = moves(H()); },
  back: () => step(-1), next: () => step(1), turn_back: () => turn(-1), turn: () => turn(1),
  hand_back: () => nextHand(-1), hand_next: () => nextHand(1),
  seat: () => seat(S.seat === ALL ? 0 : (S.seat + 1) % D.names.length),
  all: () => seat(ALL), reveal: reveal,
};
function act(name) { if (!hands()) return; say(""); ACTS[name](); draw(); }
const KEYS = { ArrowRight: "next", ArrowLeft: "back", ArrowDown: "turn", ArrowUp: "turn_back", PageDown: "hand_next",
  PageUp: "hand_back", Home: "home", End: "end", s: "seat", a: "all", r: "reveal", n: "next", b: "back" };
document.addEventListener("keydown", (e) => {
  if ((e.target instanceof HTMLInputElement && e.target.type !== "range") || e.altKey || e.ctrlKey || e.metaKey) return;
  const name = KEYS[e.key];
  if (name) { e.preventDefault(); act(name); }
});
document.querySelectorAll("[data-act]").forEach((b) => b.addEventListener("click", () => act(b.dataset.act)));
const seats = $("seats");
D.names.forEach((name, i) => {
  const b = el("button", "", name);
  b.type = "button"; b.dataset.seat = String(i);
  b.addEventListener("click", () => { say(""); seat(i); draw(); });
  seats.appendChild(b);
});
$("b-all").dataset.seat = String(ALL);
$("b-all").addEventListener("click", () => act("all"));
$("b-reveal").addEventListener("click", () => act("reveal"));
if (!D.secrets) $("b-reveal").disabled = true;
$("slider").addEventListener("input", (e) => { S.ply = Number(e.target.value); say(""); draw(); });
$("jumpform").addEventListener("submit", (e) => {
  e.preventDefault();
  if (hands()) { jump($("jump").value); draw(); }
  $("jump").blur();  // the keys move again
});
draw();
if (!D.secrets) $("b-reveal").disabled = true;
