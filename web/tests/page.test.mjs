// The web page in headless chromium: the engine answers, the rules hold through the
// board, games end with the right result, the interface changes language and direction,
// and the page falls back to the engine without threads where it is not isolated.
// Run after scripts/build-web.sh:  node --test web/tests/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chess.js';
import { serve, launch, openPage, snapshot, waitForState, playersTurn, move, newGameFromDialog, site } from './browser.mjs';
import fs from 'node:fs';

let browser, isolated, plain;
const timings = {};

before(async () => {
  assert.ok(fs.existsSync(`${site}/index.html`), `no site in ${site}: run scripts/build-web.sh first`);
  [isolated, plain] = await Promise.all([serve({ isolation: true }), serve({ isolation: false })]);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  isolated?.close();
  plain?.close();
  for (const [name, value] of Object.entries(timings)) console.log(`# ${name}: ${value}`);
});

// A game saved as the page saves it: start FEN, moves, clocks.
const savedGame = ({ fen, moves = [], player = 'w', clockSpec = null, left = null, level = 'full' }) => ({
  'vazir.game.v1': { startFen: fen, moves, player, level, clockSpec, left, result: null,
    orientation: player === 'w' ? 'white' : 'black', review: null },
});

test('the page loads with no console error, threaded where it is cross-origin isolated', async () => {
  const page = await openPage(browser, isolated.url);
  timings['load to engine ready (threads)'] = `${Date.now() - page.openedAt} ms`;
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
  const info = await page.$eval('#engine-info', (e) => e.textContent);
  assert.match(info, /with threads/);
  const s = await snapshot(page);
  assert.equal(s.fen, new Chess().fen());
  assert.ok(playersTurn(s), JSON.stringify(s));
  assert.deepEqual(page.problems, []);
  await page.close();
});

// UCI through vazir-worker.js alone, as another page would use it: one command per
// message, one line per message back.
async function workerExchange(page, script) {
  return page.evaluate(async (steps) => {
    const worker = new Worker('vazir-worker.js');
    const lines = [];
    let waiting = null;
    worker.onmessage = (e) => {
      lines.push(e.data);
      if (waiting && waiting.test(e.data)) {
        const done = waiting.done;
        waiting = null;
        done();
      }
    };
    const log = [];
    for (const [command, until] of steps) {
      const from = lines.length;
      const reply = until ? new Promise((done) => (waiting = { test: (l) => new RegExp(until).test(l), done })) : null;
      worker.postMessage(command);
      if (reply) await reply;
      log.push({ command, lines: lines.slice(from) });
    }
    worker.terminate();
    return log;
  }, script);
}

test('the worker speaks UCI: with threads, isready and stop are answered during a search; bench as a command', async () => {
  const page = await openPage(browser, isolated.url);
  const log = await workerExchange(page, [
    ['uci', '^uciok$'], ['position startpos moves e2e4', null], ['go infinite', '^info depth 8 '],
    ['isready', '^readyok$'], ['stop', '^bestmove '], ['bench 6', ' nodes \\d+ nps$']]);
  assert.match(log[0].lines[0], /^id name Vazir \S+ \(wasm-simd128-threads\)$/);
  assert.ok(!log[3].lines.some((l) => l.startsWith('bestmove')), 'readyok came while the search went on');
  assert.match(log[4].lines.at(-1), /^bestmove [a-h][1-8][a-h][1-8] ponder /);
  const benchLines = log[5].lines;
  assert.match(benchLines[0], /^position 1: bestmove /);
  assert.equal(benchLines.at(-2), '');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the engine, playing White, moves first: the time from loading the page to its move', async () => {
  for (const [url, name] of [[isolated.url, 'threads'], [plain.url, 'no threads']]) {
    const page = await openPage(browser, url, { storage: { 'vazir.settings.v1': { colour: 'black', level: 1200, clock: '5+3' } } });
    const s = await waitForState(page, (x) => x.moves.length === 1);
    const ms = await page.evaluate(() => Math.round(window.vazirPage.firstEngineMoveAt));
    timings[`load to first engine move, Elo 1200, 5+3 (${name})`] = `${ms} ms`;
    assert.equal(s.history[0].color, 'w');
    assert.deepEqual(page.problems, []);
    await page.close();
  }
});

test('a move by the user gets a legal reply within the engine\'s clock, which runs and gets its increment', async () => {
  const page = await openPage(browser, isolated.url);
  await newGameFromDialog(page, { colour: 'white', level: 'full', clock: '3+2' });
  await waitForState(page, (s) => playersTurn(s) && s.moves.length === 0 && s.clocks);
  await move(page, 'e2', 'e4');
  const sent = Date.now();
  const s = await waitForState(page, (x) => x.moves.length === 2 && playersTurn(x), 60000);
  const took = Date.now() - sent;
  timings['engine reply at full strength, 3+2'] = `${took} ms`;
  const chess = new Chess();
  chess.move('e4');
  assert.ok(chess.move(s.history[1].san), `legal reply ${s.history[1].san}`);
  assert.ok(s.clocks.b > 0 && s.clocks.b < 180000 + 2000, JSON.stringify(s.clocks));
  assert.ok(180000 + 2000 - s.clocks.b >= took - 3000, 'the engine\'s clock ran while it thought');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('castling, en passant and an under-promotion made on the board', async () => {
  const page = await openPage(browser, isolated.url);
  // Castling king side: the king's two-square move takes the rook along.
  await newGameFromDialog(page, { fen: 'r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1' });
  await waitForState(page, playersTurn);
  await move(page, 'e1', 'g1');
  let s = await waitForState(page, (x) => x.moves.length >= 1);
  assert.equal(s.history[0].san, 'O-O');
  assert.match(s.fen, /^r3k2r\/.* b kq /);
  assert.equal(new Chess(s.fen).get('f1')?.type, 'r');

  // En passant: e5xd6 takes the pawn that has just passed.
  await newGameFromDialog(page, { fen: '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1' });
  await waitForState(page, (x) => playersTurn(x) && x.moves.length === 0);
  await move(page, 'e5', 'd6');
  s = await waitForState(page, (x) => x.moves.length >= 1);
  assert.equal(s.history[0].san, 'exd6');
  assert.ok(s.history[0].flags.includes('e'));
  assert.equal(new Chess(s.fen).get('d5'), undefined);

  // Promotion: the chooser appears; a knight is chosen.
  await newGameFromDialog(page, { fen: '7k/1P6/8/8/8/8/8/K7 w - - 0 1' });
  await waitForState(page, (x) => playersTurn(x) && x.moves.length === 0);
  await move(page, 'b7', 'b8');
  await page.waitForSelector('#promotion:not([hidden]) button[data-piece=n]');
  await page.click('#promotion button[data-piece=n]');
  s = await waitForState(page, (x) => x.moves.length >= 1);
  assert.equal(s.history[0].san, 'b8=N');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a threefold repetition made on the board ends the game drawn, and the review marks it', async () => {
  const page = await openPage(browser, isolated.url);
  await page.click('details.notation summary');
  await page.$eval('#pgn', (el) => (el.value = '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1'));
  await page.click('#load-pgn');
  let s = await waitForState(page, (x) => x.moves.length === 7 && playersTurn(x));
  assert.equal(s.player, 'b');  // the side to move of the loaded game
  await move(page, 'f6', 'g8');
  s = await waitForState(page, (x) => x.result !== null);
  assert.deepEqual(s.result, { result: '1/2-1/2', reason: 'threefold' });
  assert.match(s.status, /threefold repetition/);
  assert.match(await page.$eval('#pgn', (e) => e.value), /\[Result "1\/2-1\/2"\][\s\S]*Termination "threefold repetition"/);
  await page.click('#review');
  await page.waitForFunction(() => /^Review of your moves/.test(document.getElementById('review-summary').textContent), { timeout: 60000 });
  assert.ok(await page.$('#review-graph svg polygon'));
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a flag fall: lost when the opponent has mating material, drawn when it has none', async () => {
  for (const [fen, expected] of [
    ['k7/8/8/8/8/8/q7/4K2R w - - 0 1', { result: '0-1', reason: 'time' }],
    ['k7/8/8/8/8/8/8/4K2Q w - - 0 1', { result: '1/2-1/2', reason: 'timeNoMate' }],
  ]) {
    const page = await openPage(browser, isolated.url, {
      storage: savedGame({ fen, clockSpec: { base: 60000, increment: 0 }, left: { w: 1500, b: 60000 } }),
    });
    const s = await waitForState(page, (x) => x.result !== null, 10000);
    assert.deepEqual(s.result, expected, fen);
    assert.equal(s.clocks.w, 0);
    assert.deepEqual(page.problems, []);
    await page.close();
  }
});

test('take back, a hint, and the game kept across a reload', async () => {
  const page = await openPage(browser, isolated.url);
  await newGameFromDialog(page, { colour: 'white', level: 1400, clock: '10+5' });
  await waitForState(page, (x) => playersTurn(x) && x.moves.length === 0);
  await move(page, 'd2', 'd4');
  let s = await waitForState(page, (x) => x.moves.length === 2 && playersTurn(x));
  await page.click('#hint');
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById('status').textContent), { timeout: 20000 });
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  const reloaded = await waitForState(page, playersTurn);
  assert.deepEqual(reloaded.moves, s.moves);
  await page.click('#take-back');
  s = await waitForState(page, (x) => x.moves.length === 0 && playersTurn(x));
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('Persian: right to left, Persian digits on the clocks, the board left to right', async () => {
  const page = await openPage(browser, isolated.url);
  await page.select('#language', 'fa');
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fa');
  assert.equal(await page.$eval('#status', (e) => e.textContent), 'نوبت شما');
  assert.match(await page.$eval('#player-bottom .clock', (e) => e.textContent), /^[۰-۹]+:[۰-۹]{2}$/);
  assert.equal(await page.$eval('.board-row', (e) => getComputedStyle(e).direction), 'ltr');
  // Hindi, and back: the choice is remembered.
  await page.select('#language', 'hi');
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'ltr');
  assert.equal(await page.$eval('#status', (e) => e.textContent), 'आपकी चाल');
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('served without the isolation headers: the engine without threads plays', async () => {
  const page = await openPage(browser, plain.url);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
  assert.match(await page.$eval('#engine-info', (e) => e.textContent), /one thread/);
  await newGameFromDialog(page, { colour: 'white', level: 'full', clock: '3+2' });
  await waitForState(page, (x) => playersTurn(x) && x.moves.length === 0);
  await move(page, 'g1', 'f3');
  const s = await waitForState(page, (x) => x.moves.length === 2 && playersTurn(x), 60000);
  const chess = new Chess();
  chess.move('Nf3');
  assert.ok(chess.move(s.history[1].san));
  // A long search cannot be stopped there: a new game drops it with its worker.
  await newGameFromDialog(page, { colour: 'black', level: 'full', clock: '15+10' });
  await waitForState(page, (x) => x.searching && x.moves.length === 0);
  const asked = Date.now();
  await newGameFromDialog(page, { colour: 'white', level: 1400, clock: '5+3' });
  await waitForState(page, (x) => playersTurn(x) && x.moves.length === 0, 10000);
  await move(page, 'e2', 'e4');
  await waitForState(page, (x) => x.moves.length === 2 && playersTurn(x), 30000);
  timings['new game during a long search, to the reply to 1.e4 (no threads)'] = `${Date.now() - asked} ms`;
  assert.deepEqual(page.problems, []);
  await page.close();
});
