// Helpers for the browser tests: the site served by scripts/serve-web.py (with or
// without the isolation headers) and Debian's chromium driven by puppeteer-core (no
// browser download). The site must be built first: scripts/build-web.sh SITE; SITE is
// taken from VAZIR_WEB_SITE (default build-web/site).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const site = path.resolve(repo, process.env.VAZIR_WEB_SITE || 'build-web/site');

// Serves the site on a free port; resolves {url, close}.
export function serve({ isolation = true } = {}) {
  const args = [path.join(repo, 'scripts/serve-web.py'), site, '--port', '0'];
  if (!isolation) args.push('--no-isolation');
  const server = spawn('python3', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.on('exit', (code) => reject(new Error(`serve-web.py exited with ${code}`)));
    server.stdout.on('data', (chunk) => {
      const m = /at (http:\/\/[^ ]+\/)/.exec(String(chunk));
      if (m) resolve({ url: m[1], close: () => server.kill() });
    });
  });
}

export async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vazir-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`],
  });
  const close = browser.close.bind(browser);
  browser.close = async () => {
    await close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return browser;
}

// A new page that records console errors and uncaught exceptions in page.problems.
export async function openPage(browser, url, { viewport = { width: 1200, height: 850 }, storage = null } = {}) {
  const page = await browser.newPage();
  page.problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
  await page.setViewport(viewport);
  // Local storage of the origin: cleared, then the given entries (a saved game, settings).
  await page.evaluateOnNewDocument((entries) => {
    if (sessionStorage.getItem('vazir-test-seeded')) return;
    sessionStorage.setItem('vazir-test-seeded', '1');
    localStorage.clear();
    for (const [k, v] of Object.entries(entries || {})) localStorage.setItem(k, JSON.stringify(v));
  }, storage);
  page.openedAt = Date.now();
  await page.goto(url);
  await page.waitForSelector('body[data-ready]', { timeout: 30000 });
  return page;
}

// The page's state (window.vazirPage) reduced to plain data.
export const snapshot = (page) => page.evaluate(() => {
  const s = window.vazirPage;
  return {
    fen: s.game.fen(), turn: s.game.turn(), player: s.player, moves: s.game.uciMoves(),
    history: s.game.history.map((m) => ({ san: m.san, flags: m.flags, color: m.color })),
    result: s.result, searching: s.job !== null, clocks: s.clocks ? s.clocks.snapshot() : null,
    status: document.getElementById('status').textContent,
  };
});

// Waits until `pred(snapshot)` holds; returns that snapshot.
export async function waitForState(page, pred, timeout = 30000) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    last = await snapshot(page);
    if (pred(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out; last state: ' + JSON.stringify(last));
}

export const playersTurn = (s) => !s.result && s.turn === s.player && !s.searching;

// Clicks a square of the board (then another: a move by clicks, as a player does).
export async function clickSquare(page, square) {
  const box = await (await page.$('#board')).boundingBox();
  const white = await page.evaluate(() => window.vazirPage.orientation === 'white');
  const file = square.charCodeAt(0) - 97, rank = Number(square[1]) - 1;
  const size = box.width / 8;
  const col = white ? file : 7 - file, row = white ? 7 - rank : rank;
  await page.mouse.click(box.x + (col + 0.5) * size, box.y + (row + 0.5) * size);
}

export async function move(page, from, to) {
  await clickSquare(page, from);
  await clickSquare(page, to);
}

// Starts a new game through the dialog: colour 'white'/'black', level ('full' or an Elo),
// clock ('3+2', 'none', ...), fen ('' for the start).
export async function newGameFromDialog(page, { colour = 'white', level = 'full', clock = 'none', fen = '' } = {}) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await page.click(`#new-game-form input[name=colour][value=${colour}]`);
  await page.select('#level-select', String(level));
  await page.select('#clock-select', clock);
  await page.$eval('#new-game-form input[name=fen]', (el, v) => (el.value = v), fen);
  await page.click('#start-game');
}
