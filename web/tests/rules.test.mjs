// The page's game-end rules (web/app/rules.js) against positions worked out by hand.
// Run: node --test web/tests/  (after npm ci in web/)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess } from 'chess.js';
import { gameEnd, flagFall, isDeadPosition, canEverMate, repetitionKey } from '../app/rules.js';

const end = (fen, keys) => gameEnd(new Chess(fen), keys ?? [repetitionKey(fen)]);

test('checkmate, stalemate and the side that wins', () => {
  assert.deepEqual(end('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'), { result: '0-1', reason: 'checkmate' });
  assert.deepEqual(end('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'), { result: '1/2-1/2', reason: 'stalemate' });
  assert.equal(end(new Chess().fen()), null);
});

test('dead positions: the three of the rules, and near misses that are not dead', () => {
  for (const fen of ['8/8/4k3/8/8/3K4/8/8 w - - 0 1', '8/8/4k3/8/8/3K4/5N2/8 w - - 0 1', '8/8/4k3/8/8/3K4/5b2/8 b - - 0 1',
    '8/2b5/4k3/8/8/3K4/5B2/8 w - - 0 1', '8/8/3bk3/8/8/B2K4/8/2B5 w - - 0 1'])
    assert.ok(isDeadPosition(new Chess(fen)), fen);
  for (const fen of ['8/8/4k3/8/8/3K4/4NN2/8 w - - 0 1', '8/8/2b1k3/8/8/3K4/5B2/8 w - - 0 1', '8/8/4k3/8/8/3K4/4P3/8 w - - 0 1',
    '8/8/4kn2/8/8/3K4/5B2/8 w - - 0 1'])
    assert.ok(!isDeadPosition(new Chess(fen)), fen);
  assert.deepEqual(end('8/8/4k3/8/8/3K4/5N2/8 w - - 0 1'), { result: '1/2-1/2', reason: 'deadPosition' });
});

test('flag fall: lost, unless the opponent could never mate', () => {
  // White flags. Black has a bare king, a lone knight, or a bishop against White's same-coloured one: draw.
  assert.deepEqual(flagFall(new Chess('8/8/4k3/8/8/3K4/4Q3/8 w - - 0 1'), 'w'), { result: '1/2-1/2', reason: 'timeNoMate' });
  assert.deepEqual(flagFall(new Chess('8/8/4k3/5n2/8/3K4/8/8 w - - 0 1'), 'w'), { result: '1/2-1/2', reason: 'timeNoMate' });
  assert.deepEqual(flagFall(new Chess('8/8/4k3/5b2/8/3K4/8/3B4 w - - 0 1'), 'w'), { result: '1/2-1/2', reason: 'timeNoMate' });
  // A lone knight against a king with a piece to hem it in can mate: lost. So can a pawn.
  assert.deepEqual(flagFall(new Chess('8/8/4k3/5n2/8/3K4/4R3/8 w - - 0 1'), 'w'), { result: '0-1', reason: 'time' });
  assert.deepEqual(flagFall(new Chess('8/8/4k3/5p2/8/3K4/4Q3/8 w - - 0 1'), 'w'), { result: '0-1', reason: 'time' });
  assert.deepEqual(flagFall(new Chess('8/8/4k3/8/8/3K4/4Q3/8 b - - 0 1'), 'b'), { result: '1-0', reason: 'time' });
  assert.ok(canEverMate(new Chess('8/8/4k3/8/8/3K4/4NN2/8 w - - 0 1'), 'w'));  // two knights: a helpmate exists
  assert.ok(!canEverMate(new Chess('8/8/4k3/8/8/3K4/4N3/8 w - - 0 1'), 'w'));
});

test('repetition: three times draws, and the move-count rules, the automatic ones named first', () => {
  const chess = new Chess();
  const keys = [repetitionKey(chess.fen())];
  const moves = ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1'];
  for (const m of moves) {
    chess.move(m);
    keys.push(repetitionKey(chess.fen()));
    assert.equal(gameEnd(chess, keys), null, m);
  }
  chess.move('Ng8');
  keys.push(repetitionKey(chess.fen()));
  assert.deepEqual(gameEnd(chess, keys), { result: '1/2-1/2', reason: 'threefold' });
  const start = repetitionKey(new Chess().fen());
  assert.equal(gameEnd(new Chess(), [start, start, start, start, start]).reason, 'fivefold');
  assert.equal(end('8/8/4k3/8/8/3K4/4Q3/8 w - - 100 80').reason, 'fiftyMoves');
  assert.equal(end('8/8/4k3/8/8/3K4/4Q3/8 w - - 150 110').reason, 'seventyFiveMoves');
  // Checkmate on the move that reaches the limit stands.
  assert.equal(end('6k1/5ppp/8/8/8/8/8/3R2K1 w - - 99 80') , null);
  assert.equal(end('3R2k1/5ppp/8/8/8/8/8/6K1 b - - 100 80').reason, 'checkmate');
});
