#!/usr/bin/env python3
"""nps with 1 and 2 threads side by side: `go movetime 4000` on four positions, the thread
counts alternating, medians. Usage: python3 scripts/smp_nps.py build/vazir [rounds=2]"""
import subprocess, statistics, sys
eng = sys.argv[1]
fens = ["startpos", "fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "fen 2r3k1/pp3ppp/2n1b3/3p4/3P4/2NB1N2/PP3PPP/R5K1 w - - 0 1", "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]
res = {1: [], 2: []}
for rnd in range(int(sys.argv[2]) if len(sys.argv) > 2 else 2):
    for fen in fens:
        for t in (1, 2):
            out = subprocess.run([eng, f"setoption name Threads value {t}", "setoption name Hash value 64", f"position {fen}", "go movetime 4000", "quit"], capture_output=True, text=True).stdout
            line = [l for l in out.splitlines() if l.startswith("info depth") and " nps " in l][-1]
            nps = int(line.split(" nps ")[1].split()[0])
            res[t].append(nps)
            print(t, fen[:30], nps, flush=True)
m1, m2 = statistics.median(res[1]), statistics.median(res[2])
ratios = [b / a for a, b in zip(res[1], res[2])]
print(f"median nps 1 thread {m1:.0f}, 2 threads {m2:.0f}, ratio of medians {m2/m1:.2f}, median of per-position ratios {statistics.median(ratios):.2f}")
