// Tabula's page: boards drawn from the server's views, moves made by
// clicking (or typing), the engine asked for its moves. The server keeps no
// game: each view carries the state, and this page keeps the views of the
// game in order (the move list and undo). Every request carries the game id
// and a sequence number; a reply for anything but the latest request of the
// current game is dropped.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

const COLOURS = {
  uttt: ["#2457c5", "#c0392b"],
  futlog: ["#2457c5", "#c0392b"],
  fourmation: ["#ffffff", "#1f2430"],
  crosscut: ["#c0392b", "#2457c5"],
};

const S = {
  games: [],        // from /api/games
  info: null,       // the chosen game's entry
  gid: null,        // this game's id
  seq: 0,           // the latest request's number
  views: [],        // the game's views, the first is the start
  prefix: [],       // Futlog: the steps chosen so far, [{name, x, y}]
  steps: null,      // Futlog: the legal next steps
  busy: false,      // waiting for the server
  thinking: false,  // waiting for the engine
  ctrl: null,       // the pending fetch
  timer: null,      // the engine's start, in watch mode
};

const esc = (s) => String(s).replace(/[&<>"']/g, (c) =>
  ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

function current() { return S.views[S.views.length - 1] || null; }

function colour(side) { return (COLOURS[S.info.name] || COLOURS.uttt)[side]; }

// ---- talking to the server ----------------------------------------------

function cancelPending() {
  S.seq += 1;
  if (S.ctrl) S.ctrl.abort();
  S.ctrl = null;
  if (S.timer) clearTimeout(S.timer);
  S.timer = null;
  S.busy = false;
  S.thinking = false;
}

// Resolves to the reply, or to null when the request failed (the message
// is shown) or was overtaken by a newer one (nothing is touched).
async function request(path, body) {
  if (S.ctrl) S.ctrl.abort();
  const seq = ++S.seq;
  const gid = S.gid;
  const ctrl = new AbortController();
  S.ctrl = ctrl;
  const stale = () => gid !== S.gid || seq !== S.seq;
  let response, data;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(Object.assign({}, body, { gid, seq })),
      signal: ctrl.signal,
    });
    data = await response.json();
  } catch (e) {
    if (stale() || e.name === "AbortError") return null;
    S.ctrl = null;
    showMessage("The server cannot be reached.");
    return null;
  }
  if (stale()) return null;
  S.ctrl = null;
  if (!response.ok) {
    showMessage(data && data.message ? data.message : response.statusText);
    return null;
  }
  if (data.gid !== undefined && (data.gid !== gid || data.seq !== seq)) return null;
  return data;
}

// ---- the game's course ----------------------------------------------------

function sideChoice() { return $("side").value; }

function humanSide(side) {
  const v = sideChoice();
  return v === "both" || v === String(side);
}

function humanCount() {
  const v = sideChoice();
  return v === "both" ? 2 : v === "none" ? 0 : 1;
}

async function newGame() {
  cancelPending();
  S.gid = Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
  S.views = [];
  resetSteps();
  clearMessage();
  S.busy = true;
  render();
  const body = { game: S.info.name };
  if (S.info.sizes) body.size = $("size").value;
  const view = await request("/api/new", body);
  if (!view) return;
  S.busy = false;
  S.views = [view];
  resetSteps();
  render();
  nextTurn();
}

function resetSteps() {
  const v = current();
  S.prefix = [];
  S.steps = v && v.board.kind === "futlog" ? v.board.steps : null;
}

function push(view) {
  S.busy = false;
  S.thinking = false;
  S.views.push(view);
  resetSteps();
  clearMessage();
  render();
  nextTurn();
}

// The engine plays when the side to move is not a person's.
function nextTurn() {
  const v = current();
  if (!v || v.status !== "to_move" || humanSide(v.side) || S.busy) return;
  const delay = humanCount() === 0 ? 350 : 0;
  S.thinking = true;
  S.busy = true;
  render();
  const gid = S.gid;
  S.timer = setTimeout(async () => {
    S.timer = null;
    if (gid !== S.gid) return;
    const body = { state: v.state };
    const opponent = $("opponent").value;
    if (opponent === "engine") body.time = Number($("time").value);
    else body.level = opponent;
    const view = await request("/api/engine", body);
    if (!view) {
      if (gid === S.gid && !S.ctrl) { S.busy = false; S.thinking = false; render(); }
      return;
    }
    push(view);
  }, delay);
}

async function playMove(text) {
  const v = current();
  if (!v || v.status !== "to_move" || S.busy || !humanSide(v.side)) return;
  S.busy = true;
  render();
  const view = await request("/api/move", { state: v.state, move: text });
  if (!view) {
    S.busy = false;
    render();
    return;
  }
  push(view);
}

// Futlog: a step on the board, checked with the prefix rule by the server.
async function chooseStep(name) {
  const v = current();
  if (!v || S.busy || !humanSide(v.side) || !S.steps) return;
  const step = S.steps.find((s) => s.name === name);
  if (!step) return;
  const names = S.prefix.map((p) => p.name).concat([name]);
  if (step.done) {
    await playMove(names.join(" "));
    return;
  }
  S.prefix = S.prefix.concat([{ name: step.name, x: step.x, y: step.y }]);
  S.steps = [];
  await askSteps(names.join(" "));
}

async function askSteps(path) {
  const v = current();
  S.busy = true;
  render();
  const reply = await request("/api/steps", { state: v.state, path });
  S.busy = false;
  if (!reply) {
    // Back to what was legal before.
    const before = S.prefix.slice(0, -1);
    S.prefix = before;
    if (before.length === 0) S.steps = v.board.steps;
    else await askSteps(before.map((p) => p.name).join(" "));
    render();
    return;
  }
  if (reply.complete) {
    await playMove(reply.move);
    return;
  }
  S.prefix = reply.points;
  S.steps = reply.steps;
  clearMessage();
  render();
}

async function stepBack() {
  if (S.prefix.length === 0 || S.busy) return;
  const before = S.prefix.slice(0, -1);
  if (before.length === 0) {
    resetSteps();
    render();
    return;
  }
  S.prefix = before;
  await askSteps(before.map((p) => p.name).join(" "));
}

async function typedMove(text) {
  text = text.trim();
  if (!text) return;
  const v = current();
  if (!v || v.status !== "to_move" || S.busy || !humanSide(v.side)) return;
  if (v.board.kind === "futlog") {
    const path = S.prefix.map((p) => p.name).concat([text]).join(" ");
    const saved = { prefix: S.prefix, steps: S.steps };
    S.busy = true;
    render();
    const reply = await request("/api/steps", { state: v.state, path });
    S.busy = false;
    if (!reply) { S.prefix = saved.prefix; S.steps = saved.steps; render(); return; }
    $("move-input").value = "";
    if (reply.complete) { await playMove(reply.move); return; }
    S.prefix = reply.points;
    S.steps = reply.steps;
    clearMessage();
    render();
    return;
  }
  $("move-input").value = "";
  await playMove(text);
}

function undo() {
  if (S.views.length <= 1) return;
  cancelPending();
  S.views.pop();
  // Back to a position where a person is to move (the engine's replies go).
  while (S.views.length > 1) {
    const v = current();
    if (v.status === "to_move" && humanSide(v.side)) break;
    S.views.pop();
  }
  resetSteps();
  clearMessage();
  render();
  nextTurn();
}

// ---- drawing ---------------------------------------------------------------

function el(tag, attrs, children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children || []) node.appendChild(c);
  return node;
}

function text(x, y, s, cls) {
  const t = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", class: cls || "label" });
  t.textContent = s;
  return t;
}

function title(s) {
  const t = el("title");
  t.textContent = s;
  return t;
}

function targetGroup(attrs, label, shapes) {
  return el("g", Object.assign({ class: "target", tabindex: "0", role: "button", "aria-label": label }, attrs),
    [title(label)].concat(shapes));
}

function drawGrid(b, playable) {
  const C = 46, M = 30;
  const W = b.cols * C + 2 * M, H = b.rows * C + 2 * M;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Board" });
  const cube = b.pieces === "cube";
  svg.appendChild(el("rect", { x: M - 4, y: M - 4, width: b.cols * C + 8, height: b.rows * C + 8, rx: 8,
    fill: cube ? "#b98c4b" : "#8c7f66" }));
  for (let r = 0; r < b.rows; r++) {
    for (let c = 0; c < b.cols; c++) {
      const edge = b.border && (r === 0 || c === 0 || r === b.rows - 1 || c === b.cols - 1);
      const fill = cube ? ((r + c) % 2 ? "#e6c992" : "#ecd3a3") : edge ? "#ddd5c3" : "#f5f0e3";
      svg.appendChild(el("rect", { x: M + c * C, y: M + r * C, width: C, height: C, fill,
        stroke: cube ? "#b98c4b" : "#b8ad96", "stroke-width": 1 }));
    }
  }
  for (const w of b.win || []) {
    svg.appendChild(el("rect", { x: M + w.col * C + 1, y: M + w.row * C + 1, width: C - 2, height: C - 2,
      fill: "#2fbf71", opacity: 0.6, class: "win" }));
  }
  for (let r = 0; r < b.rows; r++) {
    for (let c = 0; c < b.cols; c++) {
      const who = b.cells[r][c];
      const x = M + c * C, y = M + r * C;
      if (who === "white" || who === "black") {
        svg.appendChild(el("rect", { x: x + 7, y: y + 7, width: C - 14, height: C - 14, rx: 6,
          fill: who === "white" ? "#fbfbf8" : "#23232b", stroke: who === "white" ? "#6c6c6c" : "#000", "stroke-width": 1.5 }));
      } else if (who === "red" || who === "blue") {
        svg.appendChild(el("circle", { cx: x + C / 2, cy: y + C / 2, r: C * 0.36,
          fill: who === "red" ? "#d0463a" : "#2f63d0", stroke: who === "red" ? "#8e2219" : "#193c85", "stroke-width": 2 }));
      }
    }
  }
  if (b.last) {
    svg.appendChild(el("rect", { x: M + b.last.col * C + 2.5, y: M + b.last.row * C + 2.5, width: C - 5, height: C - 5,
      rx: 5, fill: "none", stroke: "#ff8f00", "stroke-width": 4, class: "lastmove" }));
  }
  if (playable) {
    for (const t of b.targets) {
      const x = M + t.col * C, y = M + t.row * C;
      svg.appendChild(targetGroup({ "data-move": t.move }, `Play ${t.move}`, [
        el("rect", { x, y, width: C, height: C, fill: "transparent" }),
        el("circle", { cx: x + C / 2, cy: y + C / 2, r: 6, fill: "#2457c5", opacity: 0.55 }),
        el("rect", { x: x + 3, y: y + 3, width: C - 6, height: C - 6, rx: 5, fill: "none", stroke: "none", class: "focusring" }),
      ]));
    }
  }
  b.col_labels.forEach((s, c) => {
    svg.appendChild(text(M + c * C + C / 2, M - 16, s));
    svg.appendChild(text(M + c * C + C / 2, H - M + 16, s));
  });
  b.row_labels.forEach((s, r) => {
    svg.appendChild(text(M - 17, M + r * C + C / 2, s));
    svg.appendChild(text(W - M + 17, M + r * C + C / 2, s));
  });
  return svg;
}

function drawUttt(b, playable) {
  const C = 34, G = 22, M = 14, T = 18;
  const B = 3 * C;
  const W = 2 * M + 3 * B + 2 * G, H = T + 3 * B + 2 * G + M;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Board" });
  const X = (bi) => M + (bi % 3) * (B + G);
  const Y = (bi) => T + Math.floor(bi / 3) * (B + G);
  const mark = (who, cx, cy, r, w, op) => who === "x"
    ? el("g", { opacity: op }, [
        el("line", { x1: cx - r, y1: cy - r, x2: cx + r, y2: cy + r, stroke: "#2457c5", "stroke-width": w, "stroke-linecap": "round" }),
        el("line", { x1: cx - r, y1: cy + r, x2: cx + r, y2: cy - r, stroke: "#2457c5", "stroke-width": w, "stroke-linecap": "round" })])
    : el("circle", { cx, cy, r, fill: "none", stroke: "#c0392b", "stroke-width": w, opacity: op });
  for (let bi = 0; bi < 9; bi++) {
    const open = b.playable.includes(bi);
    const x0 = X(bi), y0 = Y(bi);
    svg.appendChild(el("rect", { x: x0 - 3, y: y0 - 3, width: B + 6, height: B + 6, rx: 6,
      fill: open ? "#fff4c2" : "#ffffff", stroke: open ? "#e0a800" : "#c9c2b3", "stroke-width": open ? 3 : 1.5 }));
    for (let i = 1; i < 3; i++) {
      svg.appendChild(el("line", { x1: x0 + i * C, y1: y0 + 4, x2: x0 + i * C, y2: y0 + B - 4, stroke: "#b7b0a2", "stroke-width": 1.5 }));
      svg.appendChild(el("line", { x1: x0 + 4, y1: y0 + i * C, x2: x0 + B - 4, y2: y0 + i * C, stroke: "#b7b0a2", "stroke-width": 1.5 }));
    }
    svg.appendChild(text(x0 + B / 2, y0 - 11, b.names[bi], "label boardname"));
    for (let ci = 0; ci < 9; ci++) {
      const who = b.cells[bi][ci];
      if (!who) continue;
      const cx = x0 + (ci % 3) * C + C / 2, cy = y0 + Math.floor(ci / 3) * C + C / 2;
      svg.appendChild(mark(who, cx, cy, C * 0.28, 4, 1));
    }
    const result = b.results[bi];
    if (result === "x" || result === "o") {
      svg.appendChild(el("rect", { x: x0 - 3, y: y0 - 3, width: B + 6, height: B + 6, rx: 6, fill: "#ffffff", opacity: 0.55 }));
      svg.appendChild(mark(result, x0 + B / 2, y0 + B / 2, B * 0.36, 10, 0.85));
    } else if (result === "draw") {
      svg.appendChild(el("rect", { x: x0 - 3, y: y0 - 3, width: B + 6, height: B + 6, rx: 6, fill: "#8a8f99", opacity: 0.35 }));
    }
  }
  for (const bi of b.win || []) {
    svg.appendChild(el("rect", { x: X(bi) - 6, y: Y(bi) - 6, width: B + 12, height: B + 12, rx: 9,
      fill: "none", stroke: "#2fbf71", "stroke-width": 5, class: "win" }));
  }
  if (b.last) {
    const x = X(b.last.board) + (b.last.cell % 3) * C, y = Y(b.last.board) + Math.floor(b.last.cell / 3) * C;
    svg.appendChild(el("rect", { x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 4, fill: "none", stroke: "#ff8f00", "stroke-width": 3.5, class: "lastmove" }));
  }
  if (playable) {
    for (const t of b.targets) {
      const x = X(t.board) + (t.cell % 3) * C, y = Y(t.board) + Math.floor(t.cell / 3) * C;
      svg.appendChild(targetGroup({ "data-move": t.move }, `Play ${t.move}`, [
        el("rect", { x, y, width: C, height: C, fill: "transparent" }),
        el("circle", { cx: x + C / 2, cy: y + C / 2, r: 4.5, fill: "#2457c5", opacity: 0.5 }),
        el("rect", { x: x + 2, y: y + 2, width: C - 4, height: C - 4, rx: 4, fill: "none", stroke: "none", class: "focusring" }),
      ]));
    }
  }
  return svg;
}

// Who drew each Futlog line, from the moves of this game.
function futlogInk() {
  const ink = new Map();
  for (const v of S.views) {
    const last = v.board.last;
    if (!last) continue;
    const pts = last.points;
    for (let i = 1; i < pts.length; i++) ink.set(edgeKey(pts[i - 1], pts[i]), last.by - 1);
  }
  return ink;
}

function edgeKey(p, q) {
  const a = `${p.x},${p.y}`, b = `${q.x},${q.y}`;
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function drawFutlog(b, playable, mover) {
  const U = 40, M = 30;
  const W = 8 * U + 2 * M, H = 12 * U + 2 * M;
  const px = (x) => M + (x + 4) * U, py = (y) => M + (6 - y) * U;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Field" });
  svg.appendChild(el("rect", { x: px(-4), y: py(5), width: 8 * U, height: 10 * U, fill: "#fdfcf6" }));
  svg.appendChild(el("rect", { x: px(-1), y: py(6), width: 2 * U, height: U, fill: "#dfe8fb" }));
  svg.appendChild(el("rect", { x: px(-1), y: py(-5), width: 2 * U, height: U, fill: "#f8dfdc" }));
  const faint = { stroke: "#c9d4e4", "stroke-width": 1 };
  for (let x = -4; x <= 4; x++) svg.appendChild(el("line", Object.assign({ x1: px(x), y1: py(5), x2: px(x), y2: py(-5) }, faint)));
  for (let y = -5; y <= 5; y++) svg.appendChild(el("line", Object.assign({ x1: px(-4), y1: py(y), x2: px(4), y2: py(y) }, faint)));
  svg.appendChild(el("line", Object.assign({ x1: px(0), y1: py(5), x2: px(0), y2: py(6) }, faint)));
  svg.appendChild(el("line", Object.assign({ x1: px(0), y1: py(-5), x2: px(0), y2: py(-6) }, faint)));
  const border = [
    [-4, 5, -4, -5], [4, 5, 4, -5], [-4, 5, -1, 5], [1, 5, 4, 5], [-4, -5, -1, -5], [1, -5, 4, -5],
    [-1, 5, -1, 6], [1, 5, 1, 6], [-1, 6, 1, 6], [-1, -5, -1, -6], [1, -5, 1, -6], [-1, -6, 1, -6],
  ];
  for (const [x1, y1, x2, y2] of border) {
    svg.appendChild(el("line", { x1: px(x1), y1: py(y1), x2: px(x2), y2: py(y2), stroke: "#1f2430", "stroke-width": 4, "stroke-linecap": "round" }));
  }
  const goal = (y, s) => {
    const t = text(px(1) + 8, py(y), s, "label goal");
    t.setAttribute("text-anchor", "start");
    return t;
  };
  svg.appendChild(goal(5.5, `\u2190 ${S.info.players[0]} scores here`));
  svg.appendChild(goal(-5.5, `\u2190 ${S.info.players[1]} scores here`));
  const ink = futlogInk();
  for (const [x1, y1, x2, y2] of b.lines) {
    const side = ink.get(edgeKey({ x: x1, y: y1 }, { x: x2, y: y2 }));
    svg.appendChild(el("line", { x1: px(x1), y1: py(y1), x2: px(x2), y2: py(y2),
      stroke: side === undefined ? "#555b66" : colour(side), "stroke-width": 3.5, "stroke-linecap": "round" }));
  }
  if (b.last) {
    const pts = b.last.points.map((p) => `${px(p.x)},${py(p.y)}`).join(" ");
    svg.appendChild(el("polyline", { points: pts, fill: "none", stroke: colour(b.last.by - 1), "stroke-width": 6,
      "stroke-linecap": "round", "stroke-linejoin": "round", opacity: 0.9, class: "lastmove" }));
  }
  let ball = b.ball;
  if (S.prefix.length > 0) {
    const pts = [b.ball].concat(S.prefix).map((p) => `${px(p.x)},${py(p.y)}`).join(" ");
    svg.appendChild(el("polyline", { points: pts, fill: "none", stroke: colour(mover), "stroke-width": 5,
      "stroke-dasharray": "9 6", "stroke-linecap": "round", "stroke-linejoin": "round", class: "prefix" }));
    ball = S.prefix[S.prefix.length - 1];
  }
  if (playable && S.steps) {
    for (const s of S.steps) {
      const label = s.done ? `Play ${s.name}` : `Step to ${s.name} (the ball bounces on)`;
      svg.appendChild(targetGroup({ "data-step": s.name }, label, [
        el("circle", { cx: px(s.x), cy: py(s.y), r: 17, fill: "transparent" }),
        el("circle", { cx: px(s.x), cy: py(s.y), r: 10, fill: colour(mover), opacity: s.done ? 0.45 : 0.22,
          stroke: colour(mover), "stroke-width": 2, "stroke-dasharray": s.done ? "" : "3 3" }),
        el("circle", { cx: px(s.x), cy: py(s.y), r: 14, fill: "none", stroke: "none", class: "focusring" }),
      ]));
    }
  }
  svg.appendChild(el("circle", { cx: px(ball.x), cy: py(ball.y), r: 9, fill: "#111", stroke: "#fff", "stroke-width": 3, class: "ball" }));
  "abcdefghi".split("").forEach((s, i) => {
    svg.appendChild(text(px(i - 4), M - 16, s));
    svg.appendChild(text(px(i - 4), H - M + 16, s));
  });
  for (let y = -6; y <= 6; y++) {
    svg.appendChild(text(M - 17, py(y), String(y + 6)));
    svg.appendChild(text(W - M + 17, py(y), String(y + 6)));
  }
  return svg;
}

// ---- the page --------------------------------------------------------------

function showMessage(s) { $("message").textContent = s; }
function clearMessage() { $("message").textContent = ""; }

function render() {
  const v = current();
  const board = $("board");
  board.classList.toggle("busy", S.busy);
  board.replaceChildren();
  if (v) {
    const mine = v.status === "to_move" && humanSide(v.side);
    const playable = mine && !S.thinking;
    const b = v.board;
    let svg;
    if (b.kind === "grid") svg = drawGrid(b, playable);
    else if (b.kind === "uttt") svg = drawUttt(b, playable);
    else svg = drawFutlog(b, playable, v.side);
    board.appendChild(svg);
  }
  renderBanner(v);
  renderMoves();
  renderInput(v);
  $("undo").disabled = S.views.length <= 1 || humanCount() === 0;
  const futlogStep = v && v.board.kind === "futlog" && S.prefix.length > 0;
  $("stepbar").hidden = !futlogStep;
  if (futlogStep) {
    $("stepinfo").textContent = `Steps so far: ${S.prefix.map((p) => p.name).join(" ")}. The ball bounces: keep going.`;
  }
}

function renderBanner(v) {
  const banner = $("banner");
  banner.className = "banner";
  banner.replaceChildren();
  const add = (node) => banner.appendChild(node);
  const span = (cls, s) => { const n = document.createElement("span"); n.className = cls; n.textContent = s; return n; };
  if (!v) { add(span("", "Loading…")); return; }
  const dot = (side) => { const n = span("who", ""); n.style.background = colour(side); return n; };
  if (v.status === "to_move") {
    if (S.thinking) {
      banner.classList.add("thinking");
      add(span("spinner", ""));
      add(span("", `The engine is thinking for ${v.player}…`));
    } else {
      add(dot(v.side));
      if (humanSide(v.side)) {
        const who = humanCount() === 2 ? `${v.player} to move` : `Your move (${v.player})`;
        add(span("", S.prefix.length ? `${who}: the ball bounced, keep going` : who));
      } else {
        add(span("", `${v.player} to move`));
      }
    }
    if (v.board.notice) add(span("detail", v.board.notice));
    return;
  }
  banner.classList.add("result");
  let head = "Game over.";
  if (humanCount() === 1 && v.status === "won") {
    const won = humanSide(v.side);
    banner.classList.add(won ? "win" : "lose");
    head = won ? "You win!" : "The engine wins.";
  } else if (v.status === "draw") {
    banner.classList.add("draw");
    head = "Draw.";
  } else {
    banner.classList.add("over");
  }
  add(span("headline", `${head} `));
  const why = v.status === "draw" ? v.outcome.replace(/^Draw: (.)/, (_, c) => c.toUpperCase()) : v.outcome;
  add(span("detail", why));
}

function renderMoves() {
  const list = $("move-list");
  list.replaceChildren();
  S.views.slice(1).forEach((v, i, all) => {
    const li = document.createElement("li");
    if (i === all.length - 1) li.className = "last";
    const chip = document.createElement("span");
    chip.className = "chip";
    chip.style.background = colour(v.last.side);
    const who = document.createElement("span");
    who.textContent = `${v.last.player} `;
    const mv = document.createElement("span");
    mv.className = "mv";
    mv.textContent = v.last.move;
    li.append(chip, who, mv);
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
}

function renderInput(v) {
  const input = $("move-input");
  const open = v && v.status === "to_move" && humanSide(v.side) && !S.thinking;
  input.disabled = !open;
  $("move-play").disabled = !open;
  if (open && v.board.kind === "futlog" && S.prefix.length && S.steps && S.steps.length) {
    input.placeholder = `e.g. ${S.steps[0].name}`;
  } else {
    input.placeholder = open && v.example ? `e.g. ${v.example}` : "";
  }
}

function setupGame(name) {
  const info = S.games.find((g) => g.name === name) || S.games[0];
  S.info = info;
  for (const b of $("tabs").children) b.setAttribute("aria-selected", String(b.dataset.game === info.name));
  showTab();
  const side = $("side"), was = side.value || "0";
  side.replaceChildren(
    new Option(`${info.players[0]} (first)`, "0"),
    new Option(info.players[1], "1"),
    new Option("Both sides", "both"),
    new Option("Neither: watch", "none"));
  side.value = was;
  const opponent = $("opponent");
  opponent.replaceChildren(new Option("Engine (search)", "engine"));
  for (const l of info.levels) opponent.appendChild(new Option(l.label, l.level));
  const time = $("time");
  time.replaceChildren(...info.times.map((t) => new Option(`${t} s a move`, String(t))));
  time.value = "1";
  const size = $("size");
  $("size-field").hidden = !info.sizes;
  if (info.sizes) {
    size.replaceChildren(...info.sizes.choices.map((c) => new Option(c, c)));
    size.value = info.sizes.default;
  }
  const rules = $("rules");
  rules.replaceChildren();
  const p = document.createElement("p");
  p.textContent = info.rules.join(" ");
  const h = document.createElement("p");
  h.textContent = info.steps
    ? `${info.help} On the board, click the points one step at a time: the circles show where the ball may go.`
    : `${info.help} On the board, click a cell marked with a dot.`;
  rules.append(p, h);
  document.title = `${info.title}: Tabula`;
  if (location.hash !== `#${info.name}`) history.replaceState(null, "", `#${info.name}`);
  updateTime();
}

// Keeps the chosen game's tab in sight when the tabs scroll (phone width).
function showTab() {
  const tab = $("tabs").querySelector('[aria-selected="true"]');
  if (!tab) return;
  const bar = $("tabs");
  const left = tab.offsetLeft - bar.offsetLeft;
  if (left < bar.scrollLeft || left + tab.offsetWidth > bar.scrollLeft + bar.clientWidth) {
    bar.scrollLeft = Math.max(0, left - 8);
  }
}

// The computer's settings matter only when the computer plays.
function updateTime() {
  const computer = sideChoice() !== "both";
  $("opponent").disabled = !computer;
  $("time").disabled = !computer || $("opponent").value !== "engine";
}

function activate(target) {
  if (!target) return;
  if (target.dataset.move) playMove(target.dataset.move);
  else if (target.dataset.step) chooseStep(target.dataset.step);
}

function settingsChanged() {
  updateTime();
  // A change of sides may hand the move to the engine, or take it back.
  if (S.thinking) cancelPending();
  render();
  nextTurn();
}

async function init() {
  const response = await fetch("/api/games");
  S.games = (await response.json()).games;
  const tabs = $("tabs");
  for (const g of S.games) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = g.title;
    b.dataset.game = g.name;
    b.setAttribute("role", "tab");
    b.addEventListener("click", () => { setupGame(g.name); newGame(); });
    tabs.appendChild(b);
  }
  $("new").addEventListener("click", newGame);
  $("undo").addEventListener("click", undo);
  $("step-back").addEventListener("click", stepBack);
  $("size").addEventListener("change", newGame);
  for (const id of ["side", "opponent", "time"]) $(id).addEventListener("change", settingsChanged);
  $("move-form").addEventListener("submit", (e) => { e.preventDefault(); typedMove($("move-input").value); });
  const board = $("board");
  board.addEventListener("click", (e) => activate(e.target.closest(".target")));
  board.addEventListener("keydown", (e) => {
    const t = e.target.closest && e.target.closest(".target");
    if (t && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); activate(t); }
    else if (e.key === "Backspace") { e.preventDefault(); stepBack(); }
  });
  window.addEventListener("resize", showTab);
  window.addEventListener("hashchange", () => {
    const name = location.hash.slice(1);
    if (S.info && name !== S.info.name && S.games.some((g) => g.name === name)) { setupGame(name); newGame(); }
  });
  setupGame(location.hash.slice(1));
  newGame();
}

init().catch(() => showMessage("The server cannot be reached."));
