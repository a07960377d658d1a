#!/usr/bin/env python3
"""`bench` of several binaries side by side in one run: each round runs every binary once,
in turn, so that load from other work on the machine falls on all of them alike. Prints
each one's node count (which must be the same for all: the bench signature), its median
nps and the ratio of medians to the first (the reference, e.g. the native build). Emulated
binaries (wine, qemu-user) are given as a command with spaces; their nps says little.

Usage: scripts/bench_targets.py [--rounds N] [--depth D] LABEL=COMMAND ...
  e.g. scripts/bench_targets.py native=build/vazir "win-v2=wine release/vazir-windows-x86-64-v2.exe"
"""
import argparse
import os
import shlex
import statistics
import subprocess

ap = argparse.ArgumentParser()
ap.add_argument("--rounds", type=int, default=3)
ap.add_argument("--depth", type=int, default=0, help="bench depth (0: the default)")
ap.add_argument("engines", nargs="+", help="LABEL=COMMAND")
a = ap.parse_args()
engines = [e.split("=", 1) for e in a.engines]
env = dict(os.environ, WINEDEBUG="-all")
nodes, nps = {}, {label: [] for label, _ in engines}
for r in range(a.rounds):
    for label, cmd in engines:
        args = shlex.split(cmd) + ["bench"] + ([str(a.depth)] if a.depth else [])
        last = subprocess.run(args, capture_output=True, text=True, env=env).stdout.strip().splitlines()[-1]
        n, _, v, _ = last.replace("\r", "").split()
        nodes.setdefault(label, set()).add(int(n))
        nps[label].append(int(v))
        print(f"round {r + 1} {label:28s} {n} nodes {v} nps", flush=True)
# Two ratios to the reference: of the medians, and the median of each round's ratio (the
# runs of one round are close in time, so this one follows a load that drifts).
refl = engines[0][0]
ref = statistics.median(nps[refl])
print(f"\n{'binary':28s} {'bench nodes':>12s} {'median nps':>11s} {'ratio':>6s} {'per-round':>9s}")
for label, _ in engines:
    m = statistics.median(nps[label])
    per_round = statistics.median(x / y for x, y in zip(nps[label], nps[refl]))
    print(f"{label:28s} {','.join(map(str, sorted(nodes[label]))):>12s} {m:11.0f} {m / ref:6.2f} {per_round:9.2f}")
