// The game being played: its start position, its moves, and chess.js for the rules of
// moving. Knows the repetition keys of every position (rules.js), the moves in UCI for
// the engine and in SAN for people, and reads and writes FEN and PGN.
import { Chess, validateFen } from 'chess.js';
import { gameEnd, repetitionKey } from './rules.js';

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

export class Game {
  // Throws an Error naming the problem when the FEN is not a legal start.
  constructor(startFen = START_FEN) {
    const fen = startFen.trim().split(/\s+/).join(' ');
    const check = validateFen(fen);
    if (!check.ok) throw new Error(check.error);
    this.startFen = fen;
    this.chess = new Chess(fen);
    this.history = [];  // chess.js verbose moves
    this.keys = [repetitionKey(this.chess.fen())];
  }

  fen() { return this.chess.fen(); }
  turn() { return this.chess.turn(); }
  inCheck() { return this.chess.inCheck(); }
  uciMoves() { return this.history.map((m) => m.from + m.to + (m.promotion || '')); }
  lastMove() { return this.history[this.history.length - 1] || null; }
  // The end by the rules of the position as it stands (not time or resignation).
  end() { return gameEnd(this.chess, this.keys); }

  // A move given as {from, to, promotion} or as text (SAN "Nf3", UCI "e7e8q"); returns the
  // move played, or null when it is not legal here.
  play(move) {
    let played;
    try {
      played = this.chess.move(typeof move === 'string' ? uciToObject(move) ?? move : move);
    } catch {
      return null;
    }
    this.history.push(played);
    this.keys.push(repetitionKey(this.chess.fen()));
    return played;
  }

  undo() {
    if (!this.history.length) return null;
    this.chess.undo();
    this.keys.pop();
    return this.history.pop();
  }

  // Destination squares of every legal move, as chessground wants them: Map(from => [to]).
  legalDests() {
    const dests = new Map();
    for (const m of this.chess.moves({ verbose: true })) {
      if (!dests.has(m.from)) dests.set(m.from, []);
      dests.get(m.from).push(m.to);
    }
    return dests;
  }

  isPromotion(from, to) {
    return this.chess.moves({ square: from, verbose: true }).some((m) => m.to === to && m.promotion);
  }

  // The FEN after `ply` moves (0: the start).
  fenAt(ply) {
    return ply === 0 ? this.startFen : this.history[ply - 1].after;
  }

  // The game as PGN, with the result and, when it ended, how.
  pgn({ white, black, result = '*', termination = '' }) {
    const out = new Chess(this.startFen);
    if (this.startFen !== START_FEN) {
      out.setHeader('SetUp', '1');
      out.setHeader('FEN', this.startFen);
    }
    out.setHeader('Event', 'Practice game');
    out.setHeader('Site', 'Vazir web page');
    out.setHeader('Date', new Date().toISOString().slice(0, 10).replace(/-/g, '.'));
    out.setHeader('White', white);
    out.setHeader('Black', black);
    out.setHeader('Result', result);
    if (termination) out.setHeader('Termination', termination);
    for (const m of this.history) out.move(m.san);
    const text = out.pgn();
    // chess.js ends the movetext with the Result header only when the game is over by rule.
    return /(1-0|0-1|1\/2-1\/2|\*)\s*$/.test(text) ? text : `${text} ${result}`.trim();
  }

  // A game read from PGN: its start (the FEN header, if any) and its moves. Throws an
  // Error when the text is not a readable game.
  static fromPgn(text) {
    const reader = new Chess();
    reader.loadPgn(text);  // throws on a bad move or header
    const headers = reader.getHeaders();
    const game = new Game(headers.FEN || START_FEN);
    for (const m of reader.history({ verbose: true }))
      if (!game.play({ from: m.from, to: m.to, promotion: m.promotion })) throw new Error(`move ${m.san}`);
    return game;
  }

  // A game from a start FEN and UCI moves (local storage); null if any of it is wrong.
  static fromMoves(startFen, moves) {
    try {
      const game = new Game(startFen);
      for (const m of moves) if (!game.play(m)) return null;
      return game;
    } catch {
      return null;
    }
  }
}

// "e7e8q" as {from, to, promotion}; null for other text.
export function uciToObject(text) {
  const m = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(text);
  return m ? { from: m[1], to: m[2], promotion: m[3] } : null;
}
