#!/usr/bin/env python3
"""Checks of the Python tools the data and match records depend on.

- scripts/sprt_pool.py must give the LLR fastchess printed for runs recorded in
  docs/nnue-training.md (the port is only worth trusting if it agrees with fastchess).
- scripts/split_vzg.py: splitting a game file into parts and joining them must give the
  file back byte for byte, and every part must be a game file the engine reads.

Usage: tests/test_scripts.py <vazir binary>
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, "..", "scripts")
SAMPLE = os.path.join(HERE, "data", "selfplay-sample.bin")

# Pentanomial counts [LL, LD, DD+WL, WD, WW] and the LLR fastchess printed, SPRT [0, 10].
FASTCHESS_RUNS = [
    ([12, 73, 154, 103, 18], 1.58),   # net18 vs net15, halted at 720 games
    ([4, 31, 70, 69, 25], 2.96),      # net13 vs net10, H1
    ([9, 63, 108, 97, 32], 2.95),
    ([8, 36, 42, 26, 8], -0.49),
    ([18, 86, 147, 112, 48], 2.99),
    ([12, 58, 96, 93, 37], 2.96),
    ([17, 83, 160, 123, 38], 2.97),
    ([7, 53, 86, 104, 21], 2.98),
    ([5, 58, 134, 95, 22], 2.95),     # net19 vs net18, H1
]

failures = 0


def check(ok, message):
    global failures
    print(("ok    " if ok else "FAIL  ") + message)
    if not ok:
        failures += 1


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def run_script(name, *args):
    return run(sys.executable, os.path.join(SCRIPTS, name), *args)


def test_sprt_pool():
    for penta, expected in FASTCHESS_RUNS:
        out = run_script("sprt_pool.py", "0", "10", ",".join(map(str, penta)))
        llr = float(out.split("LLR ")[-1].split()[0])
        check(abs(llr - expected) < 0.006, f"sprt_pool {penta}: LLR {llr:.2f}, fastchess {expected:.2f}")
    # Pooling two parts is the same as one run with their sum.
    out = run_script("sprt_pool.py", "0", "10", "6,36,77,51,9", "6,37,77,52,9")
    check("[12, 73, 154, 103, 18]  720 games  LLR 1.58" in out, "sprt_pool pools parts by adding counts")


def test_split_join(vazir, tmp):
    whole = os.path.join(tmp, "sample.vzg")
    print(run(vazir, "convert", SAMPLE, whole).strip())
    prefix = os.path.join(tmp, "part")
    print(run_script("split_vzg.py", "split", whole, "3", prefix).strip())
    parts = [f"{prefix}-{i}.vzg" for i in (1, 2, 3)]
    joined = os.path.join(tmp, "joined.vzg")
    run_script("split_vzg.py", "join", joined, *parts)
    with open(whole, "rb") as a, open(joined, "rb") as b:
        check(a.read() == b.read(), "split_vzg: join(split(file)) is the file, byte for byte")
    records = 0
    for part in parts:
        out = run(vazir, "convert", part, part + ".bin")
        records += os.path.getsize(part + ".bin") // 32
        check(os.path.getsize(part + ".bin") > 0, f"split_vzg: {os.path.basename(part)} reads back: {out.strip()}")
    back = os.path.join(tmp, "whole.bin")
    run(vazir, "convert", whole, back)
    check(records == os.path.getsize(back) // 32,
          f"split_vzg: the parts hold {records} records, the whole file {os.path.getsize(back) // 32}")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    test_sprt_pool()
    with tempfile.TemporaryDirectory() as tmp:
        test_split_join(sys.argv[1], tmp)
    print(f"{failures} failure(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
