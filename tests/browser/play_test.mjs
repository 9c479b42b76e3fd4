// The web page in a real browser: Debian's headless Chromium, driven by
// puppeteer-core, plays a whole game of every game by clicking the board
// (one move by keyboard, one typed in the move box), checks the result
// banner, the new-game race (an engine reply arriving after "New game"
// must not touch the new game), junk input (4xx JSON errors) and the
// phone-width layout, and saves screenshots of every end position.
//
// Environment (CTest sets them): TABULA_SWIPL, TABULA_FOREIGN_DIR,
// TABULA_LIBRARY_DIR, TABULA_SCREENSHOT_DIR; TABULA_CHROMIUM (default
// /usr/bin/chromium). Exit 77 (skipped) when the browser or puppeteer-core
// is missing, unless TABULA_REQUIRE_BROWSER=1 (scripts/test), then 1.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const env = process.env;
const chromium = env.TABULA_CHROMIUM || "/usr/bin/chromium";
const shots = env.TABULA_SCREENSHOT_DIR || path.join(root, "out", "screenshots");
const required = env.TABULA_REQUIRE_BROWSER === "1";
const started = Date.now();

function skip(why) {
  console.log(`browser test: ${why}`);
  process.exit(required ? 1 : 77);
}

let puppeteer;
try {
  puppeteer = (await import("puppeteer-core")).default;
} catch {
  skip("puppeteer-core is not installed (run scripts/install)");
}
if (!existsSync(chromium)) skip(`${chromium} is missing (run scripts/install)`);

let failures = 0;
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures += 1;
}

// ---- the server ------------------------------------------------------------

function startServer() {
  const swipl = env.TABULA_SWIPL || "swipl";
  const foreign = env.TABULA_FOREIGN_DIR || path.join(root, "lib", "x86_64-linux");
  const library = env.TABULA_LIBRARY_DIR || path.join(root, "prolog");
  const child = spawn(swipl, [
    "--no-packs", "-p", `foreign=${foreign}`, "-p", `library=${library}`,
    "-g", "use_module(library(tabula/web))", "-g", "tabula_serve(_)",
    "-g", "thread_get_message(_)",
  ], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stderr.on("data", (d) => { log += d; });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}\n${log}`)), 120000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/served at (http:\/\/localhost:\d+\/)/);
      if (m) { clearTimeout(timer); resolve({ child, url: m[1], log: () => log }); }
    });
    child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`server exited (${code}):\n${out}\n${log}`)); });
  });
}

// ---- the page --------------------------------------------------------------

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844, deviceScaleFactor: 2 };

async function openGame(page, url, game) {
  await page.setViewport(DESKTOP);
  await page.goto(`${url}#${game}`, { waitUntil: "networkidle0" });
  await page.waitForFunction((g) => typeof S !== "undefined" && S.info && S.info.name === g && S.views.length === 1, {}, game);
}

async function choose(page, id, value) {
  await page.select(`#${id}`, value);
}

// Waits until the game is over or a person may move; gives "over" or "move".
async function settle(page) {
  await page.waitForFunction(() =>
    document.querySelector("#banner.result") ||
    (!S.busy && !S.thinking && document.querySelector("#board .target")), { timeout: 60000 });
  return page.evaluate(() => (document.querySelector("#banner.result") ? "over" : "move"));
}

async function viewCount(page) { return page.evaluate(() => S.views.length); }

// Plays to the end by clicking, each time, the middle one of the legal
// targets (in the page's order).
async function playByClicking(page, limit) {
  for (let i = 0; i < limit; i++) {
    if ((await settle(page)) === "over") return i;
    const targets = await page.$$("#board .target");
    await targets[Math.floor(targets.length / 2)].click();
  }
  throw new Error(`no result after ${limit} clicks`);
}

async function endChecks(page, game) {
  const end = await page.evaluate(() => {
    const v = S.views[S.views.length - 1];
    const banner = document.querySelector("#banner");
    return {
      status: v.status, outcome: v.outcome, banner: banner.textContent, classes: banner.className,
      moves: document.querySelectorAll("#move-list li").length, views: S.views.length,
      lastHighlighted: !!document.querySelector("#board .lastmove"),
      raw: /\bmove\(|p\(-?\d|\[p\(|'R'|'B'|\bnw,/.test(document.body.innerText),
    };
  });
  check(end.status === "won" || end.status === "draw", `${game}: the game ends (${end.status})`);
  check(/\bresult\b/.test(end.classes) && /(win|lose|draw)/.test(end.classes), `${game}: result banner shown (${end.classes})`);
  check(end.banner.toLowerCase().includes(end.outcome.replace(/^Draw: /, "").toLowerCase()),
    `${game}: the banner says "${end.banner}"`);
  check(/You win!|The engine wins\.|Draw\./.test(end.banner), `${game}: the banner names the result for the player`);
  check(end.moves === end.views - 1 && end.moves > 0, `${game}: the move list has every move (${end.moves})`);
  check(end.lastHighlighted, `${game}: the last move is highlighted`);
  check(!end.raw, `${game}: no Prolog term on the page`);
}

async function screenshots(page, game) {
  mkdirSync(shots, { recursive: true });
  const desktop = path.join(shots, `${game}-desktop.png`);
  await page.screenshot({ path: desktop, fullPage: true });
  await page.setViewport(PHONE);
  await page.waitForFunction(() => window.innerWidth === 390);
  const fit = await page.evaluate(() => {
    const r = document.querySelector("#board svg").getBoundingClientRect();
    return { left: r.left, right: r.right, width: window.innerWidth, scroll: document.documentElement.scrollWidth };
  });
  check(fit.left >= 0 && fit.right <= fit.width && fit.scroll <= fit.width,
    `${game}: at 390 px the board is fully visible (${Math.round(fit.left)}..${Math.round(fit.right)}, page ${fit.scroll})`);
  const phone = path.join(shots, `${game}-phone.png`);
  await page.screenshot({ path: phone, fullPage: true });
  await page.setViewport(DESKTOP);
  console.log(`     screenshots: ${desktop}\n                  ${phone}`);
}

// ---- the games -------------------------------------------------------------

async function uttt(page, url) {
  await openGame(page, url, "uttt");
  await choose(page, "opponent", "greedy");
  const clicks = await playByClicking(page, 120);
  console.log(`     uttt: ${clicks} clicks`);
  await endChecks(page, "uttt");
  await screenshots(page, "uttt");
}

async function futlog(page, url) {
  await openGame(page, url, "futlog");
  await choose(page, "time", "0.2");
  // One move step by step: a bouncing step is drawn and answered with the
  // next legal steps (the prefix rule) before the move is complete.
  await settle(page);
  const first = await page.evaluate(() => S.steps.map((s) => s.name));
  check(first.length === 8, `futlog: 8 legal first steps from e6 (${first.join(" ")})`);
  const clicks = await playByClicking(page, 600);
  const bounced = await page.evaluate(() => S.views.some((v) => v.last && v.last.move.includes(" ")));
  console.log(`     futlog: ${clicks} clicks; a move of several steps was played: ${bounced}`);
  await endChecks(page, "futlog");
  const sizes = await page.evaluate(() => JSON.stringify(S.views.map((v) => v.state)).length);
  check(sizes < 200000, `futlog: the views stay small (${sizes} bytes of states for the whole game)`);
  await screenshots(page, "futlog");
}

// 4Mation: the first move typed in the move box with Enter, the second by
// keyboard on the board (focus a target, press Enter), then clicks.
async function fourmation(page, url) {
  await openGame(page, url, "fourmation");
  await choose(page, "size", "6 x 6");
  await page.waitForFunction(() => S.views.length === 1 && S.views[0].board.rows === 6 && !S.busy);
  await choose(page, "opponent", "2");
  await settle(page);
  const example = await page.$eval("#move-input", (i) => i.placeholder.replace(/^e\.g\. /, ""));
  await page.click("#move-input");
  await page.keyboard.type(example);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => S.views.length >= 2);
  const typed = await page.evaluate(() => S.views[1].last.move);
  check(typed === example, `fourmation: Enter in the move box plays ${example} (${typed})`);
  if ((await settle(page)) === "move") {
    const before = await viewCount(page);
    // Tab from the top of the page to the first legal cell, then Enter.
    await page.evaluate(() => { document.activeElement.blur(); window.scrollTo(0, 0); });
    let tabs = 0;
    while (tabs < 30 && !(await page.evaluate(() => !!document.activeElement.closest("#board .target")))) {
      await page.keyboard.press("Tab");
      tabs += 1;
    }
    const focused = await page.evaluate(() => document.activeElement.getAttribute("aria-label"));
    await page.keyboard.press("Enter");
    await page.waitForFunction((n) => S.views.length > n, {}, before);
    check(!!focused, `fourmation: a move by keyboard on the board (${tabs} Tabs to "${focused}", Enter)`);
  }
  const clicks = await playByClicking(page, 40);
  console.log(`     fourmation: ${clicks} clicks`);
  await endChecks(page, "fourmation");
  await screenshots(page, "fourmation");
}

// CrossCut: junk typed in the move box gets a short message and no move.
async function crosscut(page, url) {
  await openGame(page, url, "crosscut");
  await choose(page, "size", "6 x 6");
  await page.waitForFunction(() => S.views.length === 1 && S.views[0].board.rows === 6 && !S.busy);
  await choose(page, "opponent", "2");
  await settle(page);
  for (const junk of ["zz", "32", "move(a,b)", "a1"]) {
    await page.click("#move-input", { clickCount: 3 });
    await page.keyboard.type(junk);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector("#message").textContent !== "");
    const shown = await page.evaluate(() => ({ m: document.querySelector("#message").textContent, n: S.views.length }));
    check(shown.n === 1 && shown.m.includes(junk.replace(/^a1$/, "a1")) && shown.m.length < 120,
      `crosscut: "${junk}" answered "${shown.m}"`);
    await page.evaluate(() => { document.querySelector("#message").textContent = ""; });
  }
  const clicks = await playByClicking(page, 40);
  console.log(`     crosscut: ${clicks} clicks`);
  await endChecks(page, "crosscut");
  await screenshots(page, "crosscut");
}

// The race: the engine thinks 3 s in UTTT; Futlog is picked and New game
// pressed within 0.5 s. Aborting requests is turned off in the page, so the
// old reply does arrive: the game id and sequence number must drop it.
async function race(page, url) {
  await openGame(page, url, "uttt");
  await choose(page, "time", "3");
  await page.evaluate(() => { AbortController.prototype.abort = function () {}; });
  const stale = [];
  page.on("response", async (r) => {
    if (r.url().endsWith("/api/engine")) {
      try { stale.push((await r.json()).game); } catch { /* not a game reply */ }
    }
  });
  await settle(page);
  await (await page.$("#board .target")).click();
  await page.waitForFunction(() => S.thinking);
  const t0 = Date.now();
  await page.click('#tabs button[data-game="futlog"]');
  await page.click("#new");
  const within = Date.now() - t0;
  await page.waitForFunction(() => S.info.name === "futlog" && S.views.length === 1 && !S.busy);
  await new Promise((r) => setTimeout(r, 4500));
  const after = await page.evaluate(() => ({
    game: S.info.name, views: S.views.length, kind: S.views[0].board.kind, thinking: S.thinking,
    targets: document.querySelectorAll("#board .target").length, banner: document.querySelector("#banner").textContent,
    moves: document.querySelectorAll("#move-list li").length, title: document.title,
  }));
  check(within < 500, `race: Futlog picked and New game pressed ${within} ms after the engine started`);
  check(stale.includes("uttt"), `race: the old engine reply arrived (${stale.join(", ") || "none"})`);
  check(after.game === "futlog" && after.kind === "futlog" && after.views === 1 && after.moves === 0,
    `race: the new game is untouched (${after.game}, ${after.views} view, ${after.moves} moves)`);
  check(after.targets === 8 && !after.thinking && /Your move/.test(after.banner),
    `race: the new game can be played (${after.targets} targets, "${after.banner}")`);
}

// Junk requests: every one gets a 4xx and a JSON error.
async function junk(url) {
  const post = async (p, body, type = "application/json") => {
    const r = await fetch(url + p.slice(1), { method: "POST", headers: { "Content-Type": type }, body });
    let json = null;
    try { json = await r.json(); } catch { /* checked below */ }
    return { status: r.status, json };
  };
  const v = (await post("/api/new", JSON.stringify({ game: "crosscut", gid: "j", seq: 1 }))).json;
  const cases = [
    ["junk move", "/api/move", JSON.stringify({ state: v.state, move: "zz" }), 422],
    ["Prolog term as a move", "/api/move", JSON.stringify({ state: v.state, move: "move(a,b)" }), 422],
    ["number as a move", "/api/move", JSON.stringify({ state: v.state, move: 32 }), 400],
    ["junk state", "/api/move", JSON.stringify({ state: "game(uttt, foo(", move: "c" }), 400],
    ["unknown game", "/api/new", JSON.stringify({ game: "chess" }), 400],
    ["unknown size", "/api/new", JSON.stringify({ game: "crosscut", size: "99 x 99" }), 400],
    ["not JSON", "/api/move", "not json", 400],
    ["unknown level", "/api/engine", JSON.stringify({ state: v.state, level: "9" }), 400],
    ["steps of a game without steps", "/api/steps", JSON.stringify({ state: v.state, path: "c3" }), 400],
    ["oversized body", "/api/move", JSON.stringify({ state: "x".repeat(20000) }), 413],
    ["unknown address", "/api/nothing", "{}", 404],
  ];
  for (const [what, p, body, want] of cases) {
    const r = await post(p, body);
    check(r.status === want && r.json && typeof r.json.error === "string" && typeof r.json.message === "string",
      `junk: ${what} -> ${r.status} ${r.json ? JSON.stringify(r.json) : "(not JSON)"}`);
  }
  const get = await fetch(url + "api/move");
  check(get.status === 405 && (await get.json()).error === "method_not_allowed", "junk: GET on a POST address -> 405 JSON");
}

// ---- main ------------------------------------------------------------------

const server = await startServer();
const profile = mkdtempSync(path.join(tmpdir(), "tabula-chromium-"));
let browser;
try {
  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-dev-shm-usage", `--user-data-dir=${profile}`],
  });
  const page = await browser.newPage();
  page.setDefaultTimeout(90000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  for (const [name, run] of [["uttt", uttt], ["futlog", futlog], ["fourmation", fourmation], ["crosscut", crosscut]]) {
    const t = Date.now();
    await run(page, server.url);
    console.log(`     ${name} took ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  await junk(server.url);
  await race(await browser.newPage(), server.url);
  check(errors.length === 0, `no script errors in the page${errors.length ? ": " + errors.join("; ") : ""}`);
} catch (e) {
  console.log(`FAIL ${e.stack || e}`);
  failures += 1;
} finally {
  if (browser) await browser.close();
  server.child.kill("SIGKILL");
  rmSync(profile, { recursive: true, force: true });
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`browser test: ${failures === 0 ? "passed" : `${failures} failed`} in ${seconds} s; screenshots in ${shots}`);
process.exit(failures === 0 ? 0 : 1);
