// The page: a game against Vazir with clocks, strength levels, take back, hints, FEN and
// PGN, an evaluation bar, a review after the game, three languages, and the game kept
// across reloads. The modules beside this one each do one part; this one wires them.
import { Engine } from './engine.js';
import { Game, START_FEN } from './game.js';
import { Board, describeMove, describePosition } from './board.js';
import { Clocks, formatClock } from './clock.js';
import { flagFall, resignation } from './rules.js';
import { classify, drawGraph, whiteCentipawns, winningChances } from './review.js';
import { languages, setLanguage, browserLanguage, translatePage, t, digits, ltr } from './i18n.js';
import * as store from './store.js';

const LEVELS = [800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400, 2600, 2800, 'full'];
const CLOCKS = ['1+1', '3+2', '5+3', '10+5', '15+10', 'custom', 'none'];
const HINT_MS = 1000, UNTIMED_MS = 1000, REVIEW_NODES = 150000;

const $ = (id) => document.getElementById(id);
const other = (c) => (c === 'w' ? 'b' : 'w');

const settings = Object.assign(
  { lang: browserLanguage(), colour: 'white', level: 1200, clock: '10+5', minutes: 10, increment: 5, evalBar: true },
  store.loadSettings() || {});
if (!LEVELS.includes(settings.level)) settings.level = 1200;
if (!CLOCKS.includes(settings.clock)) settings.clock = '10+5';

const state = {
  game: new Game(),
  player: 'w',
  level: settings.level,
  clockSpec: null,    // {base, increment} in ms, or null: no clock
  clocks: null,
  result: null,       // {result, reason}
  orientation: 'white',
  engineReady: false,
  job: null,          // the running engine search (its move, a hint, or a review)
  jobKind: null,
  epoch: 0,           // bumped when the game changes under a running search
  evalWhite: null,    // the latest evaluation, centipawns from White's side
  hint: null,
  review: null,       // {evals, marks} once reviewed
  viewPly: null,      // a position of a finished game being looked at
  firstEngineMoveAt: null,
};
window.vazirPage = state;  // for the browser tests and the curious

const engine = new Engine('vazir-worker.js');
const board = new Board($('board'), { onMove: userMoved });

// ---- text ----------------------------------------------------------------------------

function applyLanguage() {
  setLanguage(settings.lang);
  translatePage();
  fillSelects();
  render();
}

function fillSelects() {
  const lang = $('language');
  lang.replaceChildren(...Object.entries(languages).map(([code, l]) => new Option(l.name, code)));
  lang.value = settings.lang;
  $('level-select').replaceChildren(...LEVELS.map((l) =>
    new Option(l === 'full' ? t('fullStrength') : t('elo', { n: l }), String(l))));
  $('clock-select').replaceChildren(...CLOCKS.map((c) => {
    if (c === 'custom') return new Option(t('custom'), c);
    if (c === 'none') return new Option(t('noClock'), c);
    const [m, s] = c.split('+').map(Number);
    return new Option(t('preset', { m, s }), c);
  }));
}

const resultText = (result) => {
  if (result.result === '1/2-1/2') return t('draw');
  const winner = result.result === '1-0' ? 'w' : 'b';
  return t(winner === state.player ? 'youWin' : 'youLose');
};

// ---- drawing -------------------------------------------------------------------------

function render() {
  const { game } = state;
  const over = Boolean(state.result);
  const playerToMove = !over && game.turn() === state.player && state.engineReady;
  const viewing = over && state.viewPly !== null;
  board.show(game, {
    player: state.player, canMove: playerToMove, orientation: state.orientation,
    fen: viewing ? game.fenAt(state.viewPly) : null,
    lastMove: viewing ? game.history[state.viewPly - 1] || null : game.lastMove(),
  });
  if (state.hint && playerToMove) board.arrow(state.hint.slice(0, 2), state.hint.slice(2, 4));

  // Players and clocks: the bottom one is the side the board is seen from.
  const bottom = state.orientation === 'white' ? 'w' : 'b';
  for (const [id, colour] of [['player-bottom', bottom], ['player-top', other(bottom)]]) {
    const box = $(id);
    box.querySelector('.player-name').textContent =
      `${t(colour === state.player ? 'you' : 'engine')} (${t(colour === 'w' ? 'white' : 'black')})`;
    box.dataset.colour = colour;
  }
  renderClocks();

  // Status.
  const status = $('status');
  status.classList.toggle('over', over);
  if (!state.engineReady) status.textContent = t('starting');
  else if (over) status.textContent = `${t('gameOver')} — ${t('resultLine', { result: resultText(state.result), reason: t(state.result.reason) })}`;
  else if (game.turn() !== state.player) status.textContent = t('thinking');
  else if (state.hint) status.textContent = t('hintIs', { move: ltr(hintSan()) });
  else status.textContent = game.inCheck() ? `${t('check')} ${t('yourMove')}` : t('yourMove');

  // Buttons.
  $('take-back').disabled = !state.engineReady || !canTakeBack();
  $('hint').disabled = !playerToMove || state.job !== null;
  $('resign').disabled = over || !state.engineReady;
  $('review').hidden = !over || Boolean(state.review) || game.history.length === 0;
  $('move-input').disabled = !playerToMove;
  $('show-eval').checked = settings.evalBar;
  renderEvalBar();
  renderMoves();

  $('fen').value = viewing ? game.fenAt(state.viewPly) : game.fen();
  if ($('pieces-list').open) renderPieces();
  if (document.activeElement !== $('pgn')) $('pgn').value = pgnText();
  const info = $('engine-info');
  if (engine.name) info.textContent = engine.threaded ? t('engineThreads', { n: engine.threads }) : t('engineSingle');
}

function renderPieces() {
  const lines = describePosition($('fen').value);
  $('pieces-text').replaceChildren(...lines.map((line) => Object.assign(document.createElement('p'), { textContent: line })));
}

function renderClocks() {
  for (const id of ['player-bottom', 'player-top']) {
    const box = $(id), colour = box.dataset.colour, clock = box.querySelector('.clock');
    if (!state.clocks) {
      clock.textContent = '';
      continue;
    }
    const ms = state.clocks.remaining(colour);
    clock.textContent = digits(formatClock(ms));
    clock.classList.toggle('running', state.clocks.running === colour);
    clock.classList.toggle('low', ms < 10000);
  }
}

function renderEvalBar() {
  const bar = $('eval-bar');
  bar.hidden = !settings.evalBar;
  if (!settings.evalBar) return;
  const cp = state.evalWhite ?? 0;
  // The white part grows from White's side of the board.
  const share = (winningChances(cp) + 1) / 2;
  bar.querySelector('.eval-fill').style.height = `${(state.orientation === 'white' ? share : 1 - share) * 100}%`;
  bar.querySelector('.eval-fill').style.top = state.orientation === 'white' ? 'auto' : '0';
  const text = state.evalWhite === null ? '' : Math.abs(cp) >= 9000
    ? `${cp > 0 ? '' : '-'}M${10000 - Math.abs(cp)}` : `${cp > 0 ? '+' : ''}${(cp / 100).toFixed(1)}`;
  bar.querySelector('.eval-text').textContent = digits(text);
  bar.title = `${t('evaluation')}: ${text}`;
}

function renderMoves() {
  const list = $('moves');
  const { history } = state.game;
  const items = [];
  const startBlack = state.game.startFen.split(' ')[1] === 'b';
  const firstNumber = Number(state.game.startFen.split(' ')[5]) || 1;
  const shown = state.viewPly ?? history.length;
  let li = null;
  history.forEach((m, i) => {
    const ply = i + (startBlack ? 1 : 0);
    if (ply % 2 === 0 || !li) {
      li = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'number';
      num.textContent = digits(firstNumber + Math.floor(ply / 2)) + '.';
      li.appendChild(num);
      if (ply % 2 === 1) li.appendChild(document.createElement('span'));  // Black's move first
      items.push(li);
    }
    const mark = state.review?.marks[i + 1];
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = m.san + (mark ? mark.mark : '');
    if (mark) b.classList.add(mark.kind);
    if (i + 1 === shown) b.classList.add('current');
    b.addEventListener('click', () => viewPosition(i + 1));
    b.title = mark ? t(mark.kind) : '';
    li.appendChild(b);
  });
  list.replaceChildren(...items);
  list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

function hintSan() {
  const g = Game.fromMoves(state.game.startFen, state.game.uciMoves());
  const m = g && g.play(state.hint);
  return m ? m.san : state.hint;
}

function pgnText() {
  const you = 'You', vazir = `Vazir${state.level === 'full' ? '' : ` (Elo ${state.level})`}`;
  return state.game.pgn({
    white: state.player === 'w' ? you : vazir,
    black: state.player === 'b' ? you : vazir,
    result: state.result ? state.result.result : '*',
    termination: state.result ? terminationText(state.result.reason) : '',
  });
}

// PGN's Termination tag: English words, as PGN readers expect.
function terminationText(reason) {
  return { time: 'time forfeit', timeNoMate: 'time forfeit, insufficient mating material', resignation: 'resignation',
    checkmate: 'checkmate', stalemate: 'stalemate', deadPosition: 'insufficient material',
    threefold: 'threefold repetition', fivefold: 'fivefold repetition', fiftyMoves: 'fifty-move rule',
    seventyFiveMoves: 'seventy-five-move rule' }[reason] || reason;
}

function announce(move) {
  $('announce').textContent = describeMove(move);
}

// ---- the game ------------------------------------------------------------------------

function clockSpecOf(choice) {
  if (choice === 'none') return null;
  if (choice === 'custom') {
    const minutes = Math.min(180, Math.max(1, Number(settings.minutes) || 10));
    const increment = Math.min(60, Math.max(0, Number(settings.increment) || 0));
    return { base: minutes * 60000, increment: increment * 1000 };
  }
  const [m, s] = choice.split('+').map(Number);
  return { base: m * 60000, increment: s * 1000 };
}

function cancelSearch() {
  state.epoch++;
  if (state.job) state.job.cancel();
  state.job = null;
  state.jobKind = null;
}

async function strengthOptions(level) {
  await engine.setOptions(level === 'full' ? { UCI_LimitStrength: false }
    : { UCI_LimitStrength: true, UCI_Elo: level });
}

// A new game: from `fen` (or the start), the player with `colour` ('w'/'b').
async function newGame({ fen = START_FEN, colour, level, clockSpec, game = null }) {
  cancelSearch();
  state.game = game || new Game(fen);
  state.player = colour;
  state.level = level;
  state.clockSpec = clockSpec;
  state.clocks = clockSpec ? new Clocks(clockSpec) : null;
  state.result = null;
  state.review = null;
  state.viewPly = null;
  state.hint = null;
  state.evalWhite = null;
  state.orientation = colour === 'w' ? 'white' : 'black';
  $('review-box').hidden = true;
  const epoch = state.epoch;
  render();
  await strengthOptions(level);
  await engine.newGame();
  if (epoch !== state.epoch) return;
  startTurn();
}

// After any change of position: the game's end, or the next side's clock and turn.
function startTurn() {
  const end = state.game.end();
  if (end) return finish(end);
  if (state.clocks && !state.clocks.running) state.clocks.start(state.game.turn());
  save();
  render();
  if (state.game.turn() !== state.player) engineMove();
}

function finish(result) {
  cancelSearch();
  state.result = result;
  state.clocks?.stop();
  state.hint = null;
  save();
  render();
}

function userMoved(from, to, promotion) {
  if (from === null || state.result || state.game.turn() !== state.player) return render();
  const move = state.game.play({ from, to, promotion });
  if (!move) return render();
  if (state.job) cancelSearch();  // a hint still searching
  state.hint = null;
  state.clocks?.moved(state.player);
  announce(move);
  startTurn();
}

function engineGo() {
  if (!state.clocks) return `movetime ${UNTIMED_MS}`;
  const ms = (c) => Math.max(1, Math.round(state.clocks.remaining(c)));
  const inc = state.clockSpec.increment;
  return `wtime ${ms('w')} btime ${ms('b')} winc ${inc} binc ${inc}`;
}

async function engineMove() {
  const epoch = state.epoch, side = state.game.turn();
  const job = engine.search({
    fen: state.game.startFen, moves: state.game.uciMoves(), go: engineGo(),
    onInfo: (info) => {
      if (epoch !== state.epoch) return;
      state.evalWhite = whiteCentipawns(info.score, side);
      renderEvalBar();
    },
  });
  state.job = job;
  state.jobKind = 'move';
  render();
  const reply = await job.promise;
  if (reply.cancelled || epoch !== state.epoch || state.job !== job) return;
  state.job = null;
  state.jobKind = null;
  const move = reply.bestmove && state.game.play(reply.bestmove);
  if (!move) return finish(state.game.end() || resignation(side));  // no move: cannot happen in a live game
  if (state.firstEngineMoveAt === null) state.firstEngineMoveAt = performance.now();
  state.clocks?.moved(side);
  announce(move);
  startTurn();
}

function canTakeBack() {
  const { history } = state.game;
  if (!history.length) return false;
  if (state.result && state.result.reason.startsWith('time')) return false;  // a flag fall stands
  // Something of the player's to take back: their last move, with the reply after it.
  return history.some((m) => m.color === state.player);
}

function takeBack() {
  if (!canTakeBack()) return;
  cancelSearch();
  const { game } = state;
  if (game.turn() === state.player && game.lastMove()?.color !== state.player) game.undo();  // the engine's reply
  if (game.lastMove()?.color === state.player) game.undo();
  state.result = null;
  state.review = null;
  state.viewPly = null;
  state.hint = null;
  $('review-box').hidden = true;
  if (state.clocks) state.clocks.start(game.turn());
  startTurn();
}

async function hint() {
  if (state.job || state.result || state.game.turn() !== state.player) return;
  const epoch = state.epoch, side = state.game.turn();
  // Full strength for the hint, and the level back right after it: queued together, so
  // that the engine's next move (queued later) is made at the level again.
  engine.setOptions({ UCI_LimitStrength: false });
  const job = engine.search({ fen: state.game.startFen, moves: state.game.uciMoves(), go: `movetime ${HINT_MS}`,
    onInfo: (info) => {
      if (epoch === state.epoch) {
        state.evalWhite = whiteCentipawns(info.score, side);
        renderEvalBar();
      }
    } });
  strengthOptions(state.level);
  state.job = job;
  state.jobKind = 'hint';
  render();
  const reply = await job.promise;
  if (reply.cancelled || epoch !== state.epoch) return;
  state.job = null;
  state.jobKind = null;
  state.hint = reply.bestmove;
  render();
}

function resign() {
  if (!state.result) finish(resignation(state.player));
}

// ---- the review ----------------------------------------------------------------------

async function review() {
  if (!state.result || state.job) return;
  const { game } = state;
  const epoch = state.epoch, plies = game.history.length;
  const evals = [];
  await engine.setOptions({ UCI_LimitStrength: false });
  $('review').hidden = true;
  $('review-box').hidden = false;
  for (let ply = 0; ply <= plies; ply++) {
    if (epoch !== state.epoch) return;
    $('review-summary').textContent = t('reviewing', { n: ply, total: plies });
    const moves = game.uciMoves().slice(0, ply);
    const side = game.fenAt(ply).split(' ')[1];
    const position = Game.fromMoves(game.startFen, moves);
    const end = position.end();
    if (end) {  // a finished position needs no search
      evals.push(end.reason === 'checkmate' ? (end.result === '1-0' ? 9999 : -9999) : 0);
      continue;
    }
    const job = engine.search({ fen: game.startFen, moves, go: `nodes ${REVIEW_NODES}` });
    state.job = job;
    state.jobKind = 'review';
    const r = await job.promise;
    if (r.cancelled || epoch !== state.epoch) return;
    evals.push(r.score ? whiteCentipawns(r.score, side) : 0);
  }
  state.job = null;
  state.jobKind = null;
  await strengthOptions(state.level);
  const marks = evals.map((cp, i) => (i === 0 ? null : classify(evals[i - 1], cp, game.history[i - 1].color)));
  state.review = { evals, marks };
  state.evalWhite = evals[evals.length - 1];
  save();
  showReview();
}

function showReview() {
  const { evals, marks } = state.review;
  const mine = (kind) => marks.filter((m, i) => m && m.kind === kind && state.game.history[i - 1].color === state.player).length;
  $('review-box').hidden = false;
  $('review-summary').textContent = t('reviewDone', { i: mine('inaccuracy'), m: mine('mistake'), b: mine('blunder') });
  const graph = drawGraph(evals, marks.map((m) => m?.kind || null), {
    onPick: (ply) => viewPosition(ply),
    labelFor: (ply, kind) => `${ltr(state.game.history[ply - 1].san)}: ${t(kind)}`,
  });
  graph.setAttribute('aria-label', t('evaluation'));
  $('review-graph').replaceChildren(graph);
  render();
}

function viewPosition(ply) {
  if (!state.result) return;
  state.viewPly = ply === state.game.history.length ? null : ply;
  if (state.review) state.evalWhite = state.review.evals[ply];
  render();
}

// ---- storage -------------------------------------------------------------------------

function save() {
  store.saveSettings(settings);
  store.saveGame({
    startFen: state.game.startFen, moves: state.game.uciMoves(), player: state.player, level: state.level,
    clockSpec: state.clockSpec, left: state.clocks ? state.clocks.snapshot() : null,
    result: state.result, orientation: state.orientation, review: state.review,
  });
}

// The saved game, if it can be read; otherwise null.
function restore() {
  const saved = store.loadGame();
  if (!saved || typeof saved.startFen !== 'string' || !Array.isArray(saved.moves)) return null;
  const game = Game.fromMoves(saved.startFen, saved.moves);
  if (!game) return null;
  return { saved, game };
}

async function resume({ saved, game }) {
  state.game = game;
  state.player = saved.player === 'b' ? 'b' : 'w';
  state.level = LEVELS.includes(saved.level) ? saved.level : settings.level;
  state.clockSpec = saved.clockSpec && saved.clockSpec.base > 0 ? saved.clockSpec : null;
  state.clocks = state.clockSpec ? new Clocks(state.clockSpec, saved.left || undefined) : null;
  state.result = saved.result || null;
  state.orientation = saved.orientation === 'black' ? 'black' : 'white';
  state.review = saved.result && saved.review?.evals?.length === game.history.length + 1 ? saved.review : null;
  await strengthOptions(state.level);
  if (state.result) {
    render();
    if (state.review) showReview();
    return;
  }
  startTurn();
}

// ---- controls ------------------------------------------------------------------------

function openNewGameDialog() {
  const form = $('new-game-form');
  form.colour.value = settings.colour;
  form.level.value = String(settings.level);
  form.clock.value = settings.clock;
  form.minutes.value = settings.minutes;
  form.increment.value = settings.increment;
  form.fen.value = '';
  $('fen-error').textContent = '';
  $('custom-clock').hidden = settings.clock !== 'custom';
  $('new-game-dialog').showModal();
}

function startFromDialog(event) {
  const form = $('new-game-form');
  if (event.submitter?.value !== 'start') return;
  const fen = form.fen.value.trim() || START_FEN;
  let game;
  try {
    game = new Game(fen);
  } catch (e) {
    event.preventDefault();
    $('fen-error').textContent = t('badFen', { error: e.message });
    return;
  }
  settings.colour = form.colour.value || 'white';
  const level = form.level.value === 'full' ? 'full' : Number(form.level.value);
  if (LEVELS.includes(level)) settings.level = level;
  if (CLOCKS.includes(form.clock.value)) settings.clock = form.clock.value;
  settings.minutes = Number(form.minutes.value) || 10;
  settings.increment = Number(form.increment.value) || 0;
  const colour = settings.colour === 'random' ? (Math.random() < 0.5 ? 'w' : 'b') : settings.colour[0];
  newGame({ game, colour, level: settings.level, clockSpec: clockSpecOf(settings.clock) });
}

function loadPgn() {
  let game;
  try {
    game = Game.fromPgn($('pgn').value);
  } catch (e) {
    $('pgn-error').textContent = t('badPgn', { error: e.message });
    return;
  }
  $('pgn-error').textContent = '';
  // You go on with the side to move; the clock as set for new games.
  newGame({ game, colour: game.turn(), level: settings.level, clockSpec: clockSpecOf(settings.clock) });
}

function typedMove(event) {
  event.preventDefault();
  const input = $('move-input');
  const text = input.value.trim();
  if (!text || state.result || state.game.turn() !== state.player) return;
  const probe = Game.fromMoves(state.game.startFen, state.game.uciMoves());
  const move = probe && probe.play(text);
  if (!move) {
    $('status').textContent = t('illegal', { move: ltr(text) });
    return;
  }
  input.value = '';
  userMoved(move.from, move.to, move.promotion);
}

function wire() {
  $('language').addEventListener('change', (e) => {
    settings.lang = e.target.value;
    store.saveSettings(settings);
    applyLanguage();
    if (state.review) showReview();
  });
  $('new-game').addEventListener('click', openNewGameDialog);
  $('new-game-form').addEventListener('submit', startFromDialog);
  $('clock-select').addEventListener('change', (e) => ($('custom-clock').hidden = e.target.value !== 'custom'));
  $('take-back').addEventListener('click', takeBack);
  $('hint').addEventListener('click', hint);
  $('flip').addEventListener('click', () => {
    state.orientation = state.orientation === 'white' ? 'black' : 'white';
    save();
    render();
  });
  $('resign').addEventListener('click', resign);
  $('review').addEventListener('click', review);
  $('show-eval').addEventListener('change', (e) => {
    settings.evalBar = e.target.checked;
    store.saveSettings(settings);
    renderEvalBar();
  });
  $('move-form').addEventListener('submit', typedMove);
  $('load-pgn').addEventListener('click', loadPgn);
  $('pieces-list').addEventListener('toggle', renderPieces);
  const copy = (id, button) => async () => {
    try {
      await navigator.clipboard.writeText($(id).value);
      $(button).textContent = t('copied');
      setTimeout(() => ($(button).textContent = t('copy')), 1500);
    } catch {
      $(id).select();
    }
  };
  $('copy-fen').addEventListener('click', copy('fen', 'copy-fen'));
  $('copy-pgn').addEventListener('click', copy('pgn', 'copy-pgn'));
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', save);
}

// The clocks, ten times a second: the display, a flag fall, and the clock times kept.
let lastSave = 0;
function tick() {
  if (!state.clocks || state.result) return;
  renderClocks();
  const flagged = state.clocks.flagged();
  if (flagged) return finish(flagFall(state.game.chess, flagged));
  if (performance.now() - lastSave > 2000) {
    lastSave = performance.now();
    save();
  }
}

async function main() {
  applyLanguage();
  wire();
  engine.onError = (message) => ($('status').textContent = t('engineFailed', { error: message }));
  const saved = restore();
  try {
    await engine.start();
  } catch (e) {
    $('status').textContent = t('engineFailed', { error: e.message });
    return;
  }
  state.engineReady = true;
  if (saved) await resume(saved);
  else await newGame({ colour: settings.colour === 'black' ? 'b' : 'w', level: settings.level, clockSpec: clockSpecOf(settings.clock) });
  setInterval(tick, 100);
  document.body.dataset.ready = 'true';  // the engine answered and the game is on the board
}

main();
