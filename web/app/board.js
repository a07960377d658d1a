// The board on the page: chessground (drag and click moves, legal-move dots, last move
// and check highlighted), the promotion chooser, and spoken descriptions of moves for
// screen readers (the live region #announce), in the page's language.
import { Chessground } from '@lichess-org/chessground';
import { t, ltr } from './i18n.js';

const colourName = (c) => (c === 'w' ? 'white' : 'black');
const pieceNames = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

export class Board {
  // onMove(from, to, promotion) for a move made on the board.
  constructor(element, { onMove }) {
    this.onMove = onMove;
    this.cg = Chessground(element, {
      coordinates: true,
      animation: { enabled: true, duration: 180 },
      highlight: { lastMove: true, check: true },
      movable: { free: false, showDests: true, events: { after: (orig, dest) => this.moved(orig, dest) } },
      premovable: { enabled: false },
      draggable: { enabled: true, showGhost: true },
      drawable: { enabled: true },
    });
    this.promotionBox = document.getElementById('promotion');
    this.isPromotion = () => false;
  }

  // game: Game; player: 'w'/'b'; canMove: the player may move now.
  show(game, { player, canMove, orientation, fen = null, lastMove = game.lastMove() }) {
    const shownFen = fen ?? game.fen();
    const turn = shownFen.split(' ')[1];
    const inCheck = fen ? false : game.inCheck();
    this.isPromotion = (from, to) => game.isPromotion(from, to);
    this.player = player;
    this.cg.set({
      fen: shownFen,
      orientation,
      turnColor: colourName(turn),
      lastMove: lastMove ? [lastMove.from, lastMove.to] : undefined,
      check: inCheck ? colourName(turn) : false,
      movable: { color: canMove ? colourName(player) : undefined, dests: canMove ? game.legalDests() : new Map() },
    });
    this.cg.setAutoShapes([]);
  }

  arrow(from, to) {
    this.cg.setAutoShapes([{ orig: from, dest: to, brush: 'blue' }]);
  }

  moved(from, to) {
    if (!this.isPromotion(from, to)) return this.onMove(from, to);
    this.choosePromotion(colourName(this.player), (piece) => {
      if (piece) this.onMove(from, to, piece);
      else this.onMove(null);  // cancelled: the owner redraws the position
    });
  }

  // The four pieces to choose from (Escape or a click beside them cancels).
  choosePromotion(colour, done) {
    const box = this.promotionBox, row = box.querySelector('.promotion-pieces');
    row.replaceChildren();
    const finish = (piece) => {
      box.hidden = true;
      document.removeEventListener('keydown', onKey);
      done(piece);
    };
    const onKey = (e) => {
      if (e.key === 'Escape') finish(null);
    };
    for (const p of ['q', 'r', 'b', 'n']) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.piece = p;
      button.setAttribute('aria-label', t(pieceNames[p]));
      const wrap = document.createElement('div');
      wrap.className = 'cg-wrap';
      const piece = document.createElement('piece');
      piece.className = `${pieceNames[p]} ${colour}`;
      wrap.appendChild(piece);
      button.appendChild(wrap);
      button.addEventListener('click', (e) => {
        e.stopPropagation();
        finish(p);
      });
      row.appendChild(button);
    }
    box.onclick = () => finish(null);
    document.addEventListener('keydown', onKey);
    box.hidden = false;
    row.querySelector('button').focus();
  }
}

// A move in words: "White: knight from g1 to f3", in the page's language.
export function describeMove(move) {
  const side = t(move.color === 'w' ? 'white' : 'black');
  if (move.flags.includes('k')) return t('saysCastleKing', { side });
  if (move.flags.includes('q')) return t('saysCastleQueen', { side });
  const values = { side, piece: t(pieceNames[move.piece]), from: ltr(move.from), to: ltr(move.to) };
  let text = t(move.captured ? 'saysCapture' : 'saysMove', values);
  if (move.flags.includes('e')) text += ', ' + t('saysEnPassant');
  if (move.promotion) text += ', ' + t('saysPromotion', { piece: t(pieceNames[move.promotion]) });
  if (move.san.endsWith('#')) text += ', ' + t('checkmate');
  else if (move.san.endsWith('+')) text += ', ' + t('check');
  return text;
}

// The pieces of each side with their squares, king first: "White: king g1, queen d1, ...".
export function describePosition(fen) {
  const order = 'kqrbnp', sides = { w: [], b: [] };
  const rows = fen.split(' ')[0].split('/');
  rows.forEach((row, r) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const color = ch === ch.toUpperCase() ? 'w' : 'b';
      sides[color].push({ type: ch.toLowerCase(), square: String.fromCharCode(97 + file) + (8 - r) });
      file++;
    }
  });
  const lines = ['w', 'b'].map((c) => t('piecesOf', {
    side: t(c === 'w' ? 'white' : 'black'),
    list: sides[c].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type))
      .map((p) => `${t(pieceNames[p.type])} ${ltr(p.square)}`).join(', '),
  }));
  lines.push(t('toMove', { side: t(fen.split(' ')[1] === 'w' ? 'white' : 'black') }));
  return lines;
}
