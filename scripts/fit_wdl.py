#!/usr/bin/env python3
"""Fits Vazir's win/draw/loss model on its own self-play games (`vazir datagen` text).

Model (as Stockfish's): from the side to move's score s (centipawns) and the material m
on the board (pawn 1, knight and bishop 3, rook 5, queen 9, both sides, clamped to
4..78),
    W = 1 / (1 + exp((a(m) - s) / b(m))),   L = 1 / (1 + exp((a(m) + s) / b(m))),   D = 1 - W - L
a is the score at which a win is as likely as not; b how quickly that probability rises
with the score. Stockfish makes a and b cubics in m; on Vazir's games (many long
endings, where +3 pawns is still often a draw) a cubic misses the sharp change between
pawn endings and the rest, so a and b are a table with one entry per material value.

Method: positions are counted into (material, score) cells of win/draw/loss counts; a and
b are fitted by maximum likelihood for each material value, pooling neighbouring values
until at least --min-class positions take part. The last --holdout share of
games is never fitted on: the script prints, on them, the predicted against the observed
win and draw rates per score bucket (the calibration), and the log-loss of the model.

Usage:
    xz -dc ../shared/data/selfplay/vazir-12bbece-s101.txt.xz | python3 scripts/fit_wdl.py
Prints the table for src/eval/wdl.cpp, then the calibration on the held-out games.
"""
import argparse
import math
import sys
from collections import defaultdict

VALUES = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9}
SCORE_CELL = 10  # centipawns per score cell
kMinMaterial = 4  # material classes below this are merged (Stockfish merges below 17; our games reach long endings)
MAX_SCORE = 1500


def material(fen_board):
    return sum(VALUES.get(c.lower(), 0) for c in fen_board)


def clamp_material(m):
    return min(78, max(kMinMaterial, m))


def read(stream, holdout):
    """Returns (train cells, held-out positions) from datagen text on `stream`."""
    games = []
    current = []
    for line in stream:
        if line.startswith("# game"):
            games.append(current)
            current = []
            continue
        parts = line.split("|")
        if len(parts) != 3:
            continue
        fen, score, result = parts[0].strip(), int(parts[1]), float(parts[2])
        if abs(score) > MAX_SCORE:
            continue
        board, side = fen.split()[0], fen.split()[1]
        # Side to move's view: the model is symmetric.
        sign = 1 if side == "w" else -1
        outcome = {1.0: 2, 0.5: 1, 0.0: 0}[result]  # White's: 2 win, 1 draw, 0 loss
        if sign < 0:
            outcome = 2 - outcome
        current.append((clamp_material(material(board)), sign * score, outcome))
    n_hold = int(len(games) * holdout)
    train, held = games[: len(games) - n_hold], games[len(games) - n_hold:]
    cells = defaultdict(lambda: [0, 0, 0])
    for g in train:
        for m, s, o in g:
            cells[(m, int(round(s / SCORE_CELL)))][o] += 1
    return cells, [p for g in held for p in g], len(train), len(held)


def probs(s, a, b):
    w = 1 / (1 + math.exp(max(-50, min(50, (a - s) / b))))
    l = 1 / (1 + math.exp(max(-50, min(50, (a + s) / b))))
    return w, max(1e-9, 1 - w - l), l


def nll(rows, a, b):
    total = 0.0
    for s, (nl, nd, nw) in rows:
        w, d, l = probs(s, a, b)
        total -= nw * math.log(max(w, 1e-12)) + nd * math.log(d) + nl * math.log(max(l, 1e-12))
    return total


def fit_class(rows):
    """Maximum likelihood a, b for one material class (coordinate search, then refine)."""
    a, b = 150.0, 80.0
    step_a, step_b = 40.0, 20.0
    best = nll(rows, a, b)
    while step_a > 0.05 or step_b > 0.05:
        improved = False
        for da, db in ((step_a, 0), (-step_a, 0), (0, step_b), (0, -step_b)):
            na, nb = a + da, b + db
            if nb < 5:
                continue
            v = nll(rows, na, nb)
            if v < best:
                a, b, best, improved = na, nb, v, True
        if not improved:
            step_a /= 2
            step_b /= 2
    return a, b


def cubic_fit(xs, ys, ws):
    """Weighted least-squares cubic; returns [c3, c2, c1, c0]."""
    n = 4
    ata = [[0.0] * n for _ in range(n)]
    atb = [0.0] * n
    for x, y, w in zip(xs, ys, ws):
        row = [x ** 3, x ** 2, x, 1.0]
        for i in range(n):
            atb[i] += w * row[i] * y
            for j in range(n):
                ata[i][j] += w * row[i] * row[j]
    # Gaussian elimination.
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(ata[r][i]))
        ata[i], ata[p], atb[i], atb[p] = ata[p], ata[i], atb[p], atb[i]
        for r in range(i + 1, n):
            f = ata[r][i] / ata[i][i]
            for c in range(i, n):
                ata[r][c] -= f * ata[i][c]
            atb[r] -= f * atb[i]
    coef = [0.0] * n
    for i in reversed(range(n)):
        coef[i] = (atb[i] - sum(ata[i][c] * coef[c] for c in range(i + 1, n))) / ata[i][i]
    return coef


def poly(c, x):
    return ((c[0] * x + c[1]) * x + c[2]) * x + c[3]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--holdout", type=float, default=0.1, help="share of games (the last ones) held out")
    ap.add_argument("--min-class", type=int, default=20000, help="fewest positions behind each material value's fit")
    args = ap.parse_args()

    cells, held, n_train, n_held = read(sys.stdin, args.holdout)
    by_class = defaultdict(list)
    counts = defaultdict(int)
    for (m, cell), c in cells.items():
        by_class[m].append((cell * SCORE_CELL, c))
        counts[m] += sum(c)
    table = {}
    for m in range(kMinMaterial, 79):
        # Pool neighbouring material values until the class is big enough.
        rows, width = list(by_class[m]), 0
        while sum(sum(c) for _, c in rows) < args.min_class and width < 78:
            width += 1
            rows = [r for k in range(m - width, m + width + 1) for r in by_class.get(k, [])]
        a, b = fit_class(rows)
        table[m] = (a, b)
        print(f"material {m:2d}: {counts[m]:7d} positions (pooled +-{width}), a {a:7.1f}, b {b:6.1f}", file=sys.stderr)

    print(f"train: {n_train} games, {sum(counts.values())} positions; held out: {n_held} games, {len(held)} positions")
    print(f"// a and b for material {kMinMaterial}..78 (see scripts/fit_wdl.py)")
    print("constexpr WdlParams kWdlTable[] = {")
    for m in range(kMinMaterial, 79):
        print(f"    {{{table[m][0]:.1f}, {table[m][1]:.1f}}},  // {m}")
    print("};")

    # Calibration on held-out games.
    buckets = defaultdict(lambda: [0, 0.0, 0.0, 0, 0])  # n, predicted W, predicted D, observed W, observed D
    loss = 0.0
    for m, s, o in held:
        a, b = table[m]
        w, d, l = probs(s, a, b)
        loss -= math.log(max((l, d, w)[o], 1e-12))
        k = max(-8, min(8, int(round(s / 50))))
        e = buckets[k]
        e[0] += 1
        e[1] += w
        e[2] += d
        e[3] += o == 2
        e[4] += o == 1
    print(f"held-out log-loss per position: {loss / max(1, len(held)):.4f}")
    print("score bucket (cp) | positions | predicted win | observed win | predicted draw | observed draw")
    for k in sorted(buckets):
        n, pw, pd, ow, od = buckets[k]
        label = f"{k * 50:+5d}" + (" and beyond" if abs(k) == 8 else "")
        print(f"{label:>17} | {n:9d} | {100 * pw / n:12.1f}% | {100 * ow / n:11.1f}% | {100 * pd / n:13.1f}% | {100 * od / n:12.1f}%")


if __name__ == "__main__":
    main()
