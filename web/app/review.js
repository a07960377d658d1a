// The review after a game: the engine's evaluation of every position, each move's loss in
// winning chances, and the moves marked as inaccuracies, mistakes and blunders on an
// evaluation graph. Winning chances follow the usual logistic curve of centipawns (the one
// the big sites use), so a pawn lost in a won position counts for less than one lost in a
// balanced one; the thresholds are theirs too.

export const THRESHOLDS = [  // loss in winning chances (-1..1 scale), largest first
  { kind: 'blunder', loss: 0.3, mark: '??' },
  { kind: 'mistake', loss: 0.2, mark: '?' },
  { kind: 'inaccuracy', loss: 0.1, mark: '?!' },
];

const MATE_CP = 10000;

// A score {cp} or {mate} from the side to move, as centipawns from White's side.
export function whiteCentipawns(score, sideToMove) {
  let cp = 'mate' in score ? Math.sign(score.mate || -1) * (MATE_CP - Math.abs(score.mate)) : score.cp;
  return sideToMove === 'w' ? cp : -cp;
}

// Winning chances for White, -1 (lost) .. 1 (won).
export function winningChances(cpWhite) {
  const cp = Math.max(-1000, Math.min(1000, cpWhite));
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

// What kind of move went from an evaluation of `before` to `after` (White's centipawns),
// played by `mover`: a THRESHOLDS entry or null.
export function classify(before, after, mover) {
  const sign = mover === 'w' ? 1 : -1;
  const loss = sign * (winningChances(before) - winningChances(after));
  return THRESHOLDS.find((t) => loss >= t.loss) || null;
}

// The graph: White's winning chances after each ply as an SVG area, with a dot on every
// marked move. `evals[i]` is White's centipawns after i plies; marks[i] the kind of the
// move that led to position i (or null). Returns an SVG element.
export function drawGraph(evals, marks, { onPick, labelFor } = {}) {
  const ns = 'http://www.w3.org/2000/svg';
  const width = 600, height = 120, n = Math.max(1, evals.length - 1);
  const x = (i) => (i / n) * width, y = (cp) => (1 - (winningChances(cp) + 1) / 2) * height;
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('class', 'eval-graph');
  svg.setAttribute('role', 'img');
  const el = (name, attrs) => {
    const e = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.appendChild(e);
    return e;
  };
  el('rect', { x: 0, y: 0, width, height, class: 'graph-black' });
  const points = evals.map((cp, i) => `${x(i).toFixed(1)},${y(cp).toFixed(1)}`);
  el('polygon', { points: `0,${height} ${points.join(' ')} ${x(evals.length - 1)},${height}`, class: 'graph-white' });
  el('line', { x1: 0, x2: width, y1: height / 2, y2: height / 2, class: 'graph-mid' });
  marks.forEach((kind, i) => {
    if (!kind) return;
    const dot = el('circle', { cx: x(i), cy: y(evals[i]), r: 5, class: `graph-dot ${kind}` });
    const title = document.createElementNS(ns, 'title');
    title.textContent = labelFor ? labelFor(i, kind) : kind;
    dot.appendChild(title);
    if (onPick) dot.addEventListener('click', () => onPick(i));
  });
  return svg;
}
