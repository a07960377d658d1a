// How a game ends under FIDE's Laws of Chess as shared/docs/RULES.md states them, on top
// of chess.js (which knows the moves): checkmate, stalemate, dead positions, repetition
// and the move-count rules, and what a flag fall means.
//
// On this page the draws that FIDE lets a player claim (threefold repetition, the
// fifty-move rule) are made at once, as the big playing sites do: nobody has to know
// that a claim exists, and the engine scores those positions as draws anyway. The
// automatic ones (fivefold, seventy-five moves) are still named when they are what
// holds, for example in a position set up from a FEN with a high move count.

// A square's colour: a1 is dark, h1 light.
export function isLightSquare(square) {
  const file = square.charCodeAt(0) - 97, rank = square.charCodeAt(1) - 49;
  return (file + rank) % 2 === 1;
}

// Every piece but the kings: [{type, color, square}].
function nonKingPieces(chess) {
  const pieces = [];
  for (const row of chess.board())
    for (const p of row) if (p && p.type !== 'k') pieces.push(p);
  return pieces;
}

const allBishopsOnOneColour = (pieces) =>
  pieces.every((p) => p.type === 'b') && new Set(pieces.map((p) => isLightSquare(p.square))).size <= 1;

// No sequence of legal moves can end in checkmate (RULES.md: king v king; king and one
// minor piece v king; kings and bishops only, every bishop on squares of one colour).
export function isDeadPosition(chess) {
  const pieces = nonKingPieces(chess);
  if (pieces.length === 0) return true;
  if (pieces.length === 1 && (pieces[0].type === 'b' || pieces[0].type === 'n')) return true;
  return allBishopsOnOneColour(pieces);
}

// Whether `color` ('w' or 'b') could checkmate the other side by any series of legal
// moves, however unlikely (the opponent helping): what decides a flag fall. False only
// when certain: a bare king; a lone knight against a bare king; bishops of one square
// colour against nothing but bishops of that colour. Anything more can mate with the
// defender's own pieces blocking its king (a knight mates a king hemmed in by its own
// knight or bishop, for example), so it counts as mating material, as on the big sites.
export function canEverMate(chess, color) {
  const all = nonKingPieces(chess);
  const own = all.filter((p) => p.color === color), theirs = all.filter((p) => p.color !== color);
  if (own.length === 0) return false;
  if (own.length === 1 && own[0].type === 'n' && theirs.length === 0) return false;
  if (allBishopsOnOneColour(own) && allBishopsOnOneColour([...own, ...theirs])) return false;
  return true;
}

// The part of a FEN that makes two positions the same for repetition: placement, side to
// move, castling rights and en passant (chess.js writes an en passant square only when a
// capture there is legal, as FIDE counts it).
export const repetitionKey = (fen) => fen.split(' ').slice(0, 4).join(' ');

const other = (color) => (color === 'w' ? 'b' : 'w');
const winFor = (color) => (color === 'w' ? '1-0' : '0-1');

// The game's end in this position, or null: {result: '1-0' | '0-1' | '1/2-1/2', reason}.
// `keys` holds the repetition key of every position of the game so far, this one included.
export function gameEnd(chess, keys) {
  if (chess.isCheckmate()) return { result: winFor(other(chess.turn())), reason: 'checkmate' };
  if (chess.isStalemate()) return { result: '1/2-1/2', reason: 'stalemate' };
  if (isDeadPosition(chess)) return { result: '1/2-1/2', reason: 'deadPosition' };
  const halfmoves = Number(chess.fen().split(' ')[4]) || 0;
  const key = repetitionKey(chess.fen());
  const seen = keys.filter((k) => k === key).length;
  if (halfmoves >= 150) return { result: '1/2-1/2', reason: 'seventyFiveMoves' };
  if (seen >= 5) return { result: '1/2-1/2', reason: 'fivefold' };
  if (halfmoves >= 100) return { result: '1/2-1/2', reason: 'fiftyMoves' };
  if (seen >= 3) return { result: '1/2-1/2', reason: 'threefold' };
  return null;
}

// `flagged` ran out of time: lost, unless the opponent could never checkmate.
export function flagFall(chess, flagged) {
  return canEverMate(chess, other(flagged))
    ? { result: winFor(other(flagged)), reason: 'time' }
    : { result: '1/2-1/2', reason: 'timeNoMate' };
}

// A resignation by `color`.
export const resignation = (color) => ({ result: winFor(other(color)), reason: 'resignation' });
