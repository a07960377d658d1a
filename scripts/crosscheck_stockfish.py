#!/usr/bin/env python3
"""Cross-checks Vazir's move generator against Stockfish's, as an independent oracle.

Plays random legal moves (chosen from Vazir's own divide) from the start position, from
the perft-suite positions and from Chess960 start positions, and at every reached
position compares `go perft N` divides of both engines. On a difference it walks down
the first differing move until the positions differ by a single move, and prints that
move path.

Usage: crosscheck_stockfish.py [--vazir build/vazir] [--stockfish stockfish]
                               [--games 20] [--plies 40] [--depth 3] [--seed 1]
Exit status 0 when everything matched, 1 on the first mismatch, 2 when an engine is missing.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.normpath(os.path.join(HERE, "..", "tests", "data"))  # perft suites: start positions


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            lines.append(line.rstrip("\n"))
            if line.startswith(token):
                return lines

    def divide(self, fen, moves, depth, chess960):
        self.send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go perft {depth}")
        out = {}
        for line in self.wait_for("Nodes searched"):
            if ": " in line and not line.startswith(("Nodes", "info")):
                move, count = line.split(": ", 1)
                if count.strip().isdigit():
                    out[move.strip()] = int(count)
        return out

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def find_difference(vazir, sf, fen, moves, depth, chess960):
    """Returns None when divides agree, else a description of the first differing path."""
    a = vazir.divide(fen, moves, depth, chess960)
    b = sf.divide(fen, moves, depth, chess960)
    if a == b:
        return None
    only_v = sorted(set(a) - set(b))
    only_s = sorted(set(b) - set(a))
    if only_v or only_s or depth == 1:
        return (f"position fen {fen} moves {' '.join(moves)}\n"
                f"  moves only Vazir generates: {only_v}\n  moves only Stockfish generates: {only_s}")
    for m in sorted(a):
        if a[m] != b[m]:
            return find_difference(vazir, sf, fen, moves + [m], depth - 1, chess960)
    return "divides differ but no differing move found"


def starting_points(rng, games):
    points = [("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", False)]
    for name, c960 in (("standard.epd", False), ("chess960.epd", True)):
        path = os.path.join(DATA, "perft", name)
        if os.path.exists(path):
            with open(path) as f:
                fens = [line.split(";")[0].strip() for line in f if line.strip()]
            points += [(fen, c960) for fen in rng.sample(fens, min(len(fens), games))]
    rng.shuffle(points)
    return points[:games]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vazir", default=os.path.join(HERE, "..", "build", "vazir"))
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--plies", type=int, default=40)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for exe in (args.vazir, args.stockfish):
        if not (os.path.exists(exe) or shutil.which(exe)):
            print(f"missing engine: {exe}", file=sys.stderr)
            return 2

    rng = random.Random(args.seed)
    vazir, sf = Engine(args.vazir), Engine(args.stockfish)
    positions = 0
    try:
        for fen, c960 in starting_points(rng, args.games):
            moves = []
            for _ in range(args.plies):
                diff = find_difference(vazir, sf, fen, moves, args.depth, c960)
                positions += 1
                if diff:
                    print("MISMATCH\n" + diff)
                    print(f"0 passed, 1 failed ({positions} positions compared)")
                    return 1
                legal = vazir.divide(fen, moves, 1, c960)
                if not legal:
                    break
                moves.append(rng.choice(sorted(legal)))
    finally:
        vazir.close()
        sf.close()
    print(f"crosscheck: {positions} positions from random play compared at depth {args.depth}, all divides equal")
    print(f"{positions} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
