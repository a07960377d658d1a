#!/usr/bin/env python3
"""How far an engine's static evaluation lands from its own search, in centipawns.

The search's margins (reverse futility, futility, razoring, probcut, qsearch futility)
bet that the static evaluation is within so many centipawns of what a search would find.
Their right size is therefore set by the spread of (search score - static evaluation),
not by the evaluation's overall scale: a more accurate evaluation on the same scale
would allow tighter margins. This script measures that spread for one build, so two
builds (the net and the hand-crafted evaluation) can be compared on the same positions.

For each position of a FEN file (the first field up to '|' or ';' on each line: EPD,
datagen text and plain FEN all work; a FEN the engine refuses is left out and counted) it
sends `ucinewgame`, `position fen`, `eval` (the net's score when a net is loaded, else the
hand-crafted one; side to move's view) and `go depth D` (the last reported score, side to
move's view; positions with a mate score are left out). It prints the distribution of
|search - static| over positions where both are within +-1000, and the root-mean-square
of the static scores for scale.

Usage: python3 scripts/eval_error.py <vazir binary> <fen file> [depth=12] [max positions=3000]
Example (every 1597th position of the shared self-play text):
    xz -dc ../shared/data/selfplay/vazir-12bbece-s101.txt.xz | awk 'NR % 1597 == 0' > /tmp/fens.txt
    python3 scripts/eval_error.py build/vazir /tmp/fens.txt 12
"""
import re
import subprocess
import sys

HCE = re.compile(r"evaluation: \S+ \(white's view\), (-?\d+) \(side to move\)")
NET = re.compile(r"NNUE evaluation: (-?\d+) cp")
SCORE = re.compile(r" score (cp|mate) (-?\d+)")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    engine, fens = sys.argv[1], sys.argv[2]
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    limit = int(sys.argv[4]) if len(sys.argv) > 4 else 3000
    try:
        proc = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    except OSError as e:
        sys.exit(f"cannot start {engine}: {e}")

    def send(text):
        proc.stdin.write(text + "\n")
        proc.stdin.flush()

    def read_until(prefix, on_line):
        for line in proc.stdout:
            on_line(line)
            if line.startswith(prefix):
                return
        sys.exit(f"{engine} stopped answering")

    send("uci")
    send("setoption name Hash value 16")
    send("isready")
    read_until("readyok", lambda line: None)

    pairs, refused = [], 0
    with open(fens) as f:
        lines = [re.split(r"[|;]", line)[0].strip() for line in f]
    for fen in [line for line in lines if line][:limit]:
        found = {}

        def on_eval(line):
            if line.startswith("info string position ignored"):
                found["refused"] = True
            for key, pattern in (("hce", HCE), ("net", NET)):
                m = pattern.match(line)
                if m:
                    found[key] = int(m.group(1))

        def on_search(line):
            m = SCORE.search(line)
            if m:
                found["search"] = int(m.group(2)) if m.group(1) == "cp" else None

        send("ucinewgame")
        send("position fen " + fen)
        send("eval")
        send("isready")
        read_until("readyok", on_eval)
        if found.get("refused"):  # the engine kept the previous position: nothing to measure
            refused += 1
            continue
        send(f"go depth {depth}")
        read_until("bestmove", on_search)
        static = found.get("net", found.get("hce"))
        if static is not None and found.get("search") is not None:
            pairs.append((static, found["search"]))
    send("quit")
    if refused:
        print(f"{refused} positions refused by the engine (see its 'info string'), left out")

    kept = [(s, d) for s, d in pairs if abs(s) < 1000 and abs(d) < 1000]
    if not kept:
        sys.exit("no position with both scores within +-1000")
    errors = sorted(abs(d - s) for s, d in kept)
    n = len(errors)

    def quantile(p):
        return errors[min(n - 1, int(n * p))]

    rms = (sum(e * e for e in errors) / n) ** 0.5
    rms_static = (sum(s * s for s, _ in kept) / n) ** 0.5
    print(f"{n} positions within +-1000 (of {len(pairs)} searched to depth {depth})")
    print(f"|search - static|: mean {sum(errors) / n:.0f}, rms {rms:.0f}, median {quantile(0.5)}, "
          f"75% {quantile(0.75)}, 90% {quantile(0.9)}, 97% {quantile(0.97)}")
    print(f"rms of the static scores {rms_static:.0f}")


if __name__ == "__main__":
    main()
