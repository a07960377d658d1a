#!/usr/bin/env python3
"""Perft speed: Vazir against Stockfish 15.1's `go perft`, side by side in one run.

Both engines are driven the same way, over UCI: the clock runs from sending `go perft N`
to reading `Nodes searched`, so start-up and table initialisation are excluded for both.
Runs alternate between the engines, position by position, for several rounds; the
report gives the median time per position, nodes per second, and the ratio
Vazir nps / Stockfish nps (above 1 means Vazir is faster). Single thread, no hashing.

Usage: perft_vs_stockfish.py [--vazir build/vazir] [--stockfish stockfish] [--rounds 5]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

POSITIONS = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178633661),
    ("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292),
    ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194),
]


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.read_until("uciok")
        self.send("setoption name Threads value 1")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read_until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(prefix):
                return line

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send("isready")
        self.read_until("readyok")
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        line = self.read_until("Nodes searched")
        elapsed = time.perf_counter() - start
        return int(line.split(":")[1]), elapsed

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vazir", default=os.path.join(os.path.dirname(__file__), "..", "build", "vazir"))
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()

    engines = {"vazir": Engine(args.vazir), "stockfish": Engine(args.stockfish)}
    times = {(e, name): [] for e in engines for name, *_ in POSITIONS}
    for r in range(args.rounds):
        for name, fen, depth, expected in POSITIONS:
            order = list(engines) if r % 2 == 0 else list(reversed(engines))
            for e in order:
                nodes, elapsed = engines[e].perft(fen, depth)
                if nodes != expected:
                    print(f"{e} {name}: {nodes} nodes, expected {expected}", file=sys.stderr)
                    return 1
                times[(e, name)].append(elapsed)
    for e in engines.values():
        e.close()

    print(f"{'position':<11}{'depth':>6}{'nodes':>12}  {'vazir Mnps':>11}{'stockfish Mnps':>15}{'ratio':>8}")
    ratios = []
    total = {"vazir": 0.0, "stockfish": 0.0}
    all_nodes = 0
    for name, _, depth, nodes in POSITIONS:
        v = statistics.median(times[("vazir", name)])
        s = statistics.median(times[("stockfish", name)])
        total["vazir"] += v
        total["stockfish"] += s
        all_nodes += nodes
        ratios.append(s / v)
        print(f"{name:<11}{depth:>6}{nodes:>12}  {nodes / v / 1e6:>11.1f}{nodes / s / 1e6:>15.1f}{s / v:>8.2f}")
    print(f"{'all':<11}{'':>6}{all_nodes:>12}  {all_nodes / total['vazir'] / 1e6:>11.1f}"
          f"{all_nodes / total['stockfish'] / 1e6:>15.1f}{total['stockfish'] / total['vazir']:>8.2f}")
    print(f"median ratio over positions: {statistics.median(ratios):.2f}x "
          f"(medians of {args.rounds} alternating rounds; ratio = Vazir nps / Stockfish nps)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
