#!/usr/bin/env python3
"""SPSA tuning of Vazir's search parameters with fastchess (OpenBench's method).

Needs a tuning build (cmake -S . -B build-tune -DVAZIR_TUNING=ON), where every search
parameter is a UCI spin option, and `fastchess` on PATH.

Input: lines `name, int, value, min, max, step, learning rate` as printed by
`vazir params` (keep only the parameters to tune). Each iteration perturbs every
parameter by +-c_k at random, plays game pairs (both colours of one opening) between the
two perturbed engines, and moves each parameter along the measured gradient:
    theta += a_k * (points_plus - points_minus) / (c_k * delta)
with OpenBench's schedules: c_k = c / k^0.101 (c chosen so that c_end = step at the last
iteration), a_k = a / (A + k)^0.602 (A = iterations / 10, a chosen so that a_end =
rate * step^2). The current values are printed after every iteration and written to
--out, in the input format, so a run can be resumed from its output.

Example:
    build-tune/vazir params | grep -E '^(Rfp|Futility)' > spsa-in.txt
    python3 scripts/spsa.py --engine build-tune/vazir --params spsa-in.txt \\
        --iterations 500 --pairs 4 --tc 5+0.05 --out spsa-out.txt
The result is kept only if it passes an SPRT against the untuned values (scripts/sprt.sh).

Budget: the default rate (0.002, fishtest's and OpenBench's) assumes tens of thousands of
game pairs. On two cores (~8 games a minute at 5+0.05) an iteration moves a parameter by
about 0.1 unit while a ~2 Elo-per-step gradient is buried in ~2 points of noise per 8
games: plan ~10,000 games before expecting a result worth an SPRT.
"""
import argparse
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BOOK = os.path.join(HERE, "..", "..", "shared", "data", "openings", "noob_3moves.epd")
if not os.path.exists(DEFAULT_BOOK):  # a clone without ../shared: the sample in the repository
    DEFAULT_BOOK = os.path.join(HERE, "..", "tests", "data", "openings", "noob_3moves-sample.epd")
ALPHA, GAMMA = 0.602, 0.101


class Param:
    def __init__(self, line):
        f = [x.strip() for x in line.split(",")]
        if len(f) != 7 or f[1] != "int":
            raise ValueError(f"expected 'name, int, value, min, max, step, rate': {line!r}")
        self.name = f[0]
        self.value, self.min, self.max = float(f[2]), float(f[3]), float(f[4])
        self.c_end, self.r_end = float(f[5]), float(f[6])

    def line(self):
        return f"{self.name}, int, {round(self.value)}, {int(self.min)}, {int(self.max)}, {self.c_end:g}, {self.r_end:g}"


# Game endings that mean something broke (fastchess's wording): a tune must not hide them.
ABNORMAL = re.compile(r"loses on time|makes an illegal move|disconnects|connection stalls")


def play_pair(args, plus, minus):
    """Plays `args.pairs` game pairs; returns (points of plus, points of minus, abnormal endings)."""
    def engine(name, values):
        opts = [f"option.{n}={v}" for n, v in values.items()]
        return ["-engine", f"cmd={args.engine}", f"name={name}", *opts]

    cmd = ["fastchess", *engine("plus", plus), *engine("minus", minus),
           "-each", f"tc={args.tc}", "option.Hash=16", "option.Threads=1",
           "-openings", f"file={args.book}", "format=epd", "order=random", "-repeat",
           "-games", "2", "-rounds", str(args.pairs), "-concurrency", str(args.concurrency),
           "-draw", "movenumber=40", "movecount=8", "score=10",
           "-resign", "movecount=3", "score=400", "twosided=true",
           "-srand", str(random.getrandbits(31))]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False).stdout
    m = re.findall(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)", out)
    if not m:
        sys.exit("fastchess gave no result:\n" + out[-2000:])
    games, wins, losses, draws = map(int, m[-1])
    abnormal = [l for l in out.splitlines() if l.startswith("Finished game") and ABNORMAL.search(l)]
    for l in abnormal:
        print("abnormal ending: " + l, flush=True)
    return wins + draws / 2, losses + draws / 2, len(abnormal)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="a VAZIR_TUNING build")
    ap.add_argument("--params", required=True, help="file of 'name, int, value, min, max, step, rate' lines")
    ap.add_argument("--iterations", type=int, default=500)
    ap.add_argument("--start", type=int, default=1, help="first iteration (to resume from --out)")
    ap.add_argument("--pairs", type=int, default=4, help="game pairs per iteration")
    ap.add_argument("--tc", default="5+0.05")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--book", default=DEFAULT_BOOK)
    ap.add_argument("--out", default="spsa-out.txt")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    random.seed(args.seed)

    params = [Param(l) for l in open(args.params) if l.strip() and not l.startswith("#")]
    n = args.iterations
    big_a = n / 10
    for p in params:
        p.c = p.c_end * n ** GAMMA
        p.a = p.r_end * p.c_end ** 2 * (big_a + n) ** ALPHA

    abnormal_total = 0
    for k in range(args.start, n + 1):
        plus, minus, deltas = {}, {}, {}
        for p in params:
            c_k = p.c / k ** GAMMA
            d = random.choice((-1, 1))
            deltas[p.name] = (d, c_k)
            plus[p.name] = round(min(p.max, max(p.min, p.value + c_k * d)))
            minus[p.name] = round(min(p.max, max(p.min, p.value - c_k * d)))
        score_plus, score_minus, abnormal = play_pair(args, plus, minus)
        abnormal_total += abnormal
        for p in params:
            d, c_k = deltas[p.name]
            a_k = p.a / (big_a + k) ** ALPHA
            p.value = min(p.max, max(p.min, p.value + a_k * (score_plus - score_minus) / (c_k * d)))
        with open(args.out, "w") as f:
            f.write("\n".join(p.line() for p in params) + "\n")
        print(f"iteration {k}/{n}: plus {score_plus} minus {score_minus} "
              f"(abnormal endings so far {abnormal_total}); " +
              ", ".join(f"{p.name}={p.value:.1f}" for p in params), flush=True)


if __name__ == "__main__":
    main()
