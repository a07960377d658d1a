#!/usr/bin/env python3
"""End-to-end checks that drive the real `vazir` binary through pipes, with timeouts.

Usage: e2e_uci.py path/to/vazir
Prints one line per check and a closing 'N passed, M failed' line.
"""
import subprocess
import sys
import time

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "./build/vazir"
results = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(f"{'ok  ' if ok else 'FAIL'} {name}" + (f": {detail}" if detail and not ok else ""))


def run(lines, timeout=20, args=()):
    """Feeds `lines` to a fresh engine, returns (stdout, returncode)."""
    data = lines if isinstance(lines, bytes) else ("\n".join(lines) + "\n").encode()
    p = subprocess.run([ENGINE, *args], input=data, capture_output=True, timeout=timeout)
    return p.stdout.decode(errors="replace"), p.returncode


def main():
    out, rc = run(["uci", "isready", "quit"])
    check("handshake: id name, uciok, readyok", "id name Vazir" in out and "uciok" in out and "readyok" in out and rc == 0)

    out, rc = run(["position startpos", "go perft 4", "quit"])
    check("go perft 4 from startpos", "Nodes searched: 197281" in out and out.count(": ") >= 20, out[-200:])

    out, rc = run(["position startpos moves e2e4 e7e5 g1f3", "go perft 1", "quit"])
    check("position with moves", "Nodes searched: 29" in out, out[-200:])

    out, rc = run(["position startpos moves e2e4 e7e5", "position startpos moves e2e4 e9e5", "go perft 1", "quit"])
    check("illegal move: info string and previous position kept",
          "info string" in out and "e9e5" in out and "Nodes searched: 29" in out, out[-300:])

    out, rc = run(["position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1", "go perft 1", "quit"])
    check("bad FEN names the problem", "unknown piece letter 'Z'" in out and "Nodes searched: 20" in out, out[-300:])

    out, rc = run(["setoption name UCI_Chess960 value true",
                   "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                   "go perft 3", "quit"])
    check("Chess960 position and perft", "Nodes searched: 12189" in out, out[-200:])

    junk = b"\x00\x01\xff\xfe garbage\r\n\t\tisready\t\r\n" + b"x" * (1 << 20) + b"\nposition " + b"moves " * 50000 + b"\nisready\nquit\n"
    out, rc = run(junk)
    check("junk, binary bytes, CRLF, tabs and a 1 MB line", out.count("readyok") == 2 and rc == 0, f"rc={rc} {out[-200:]}")

    moves = " ".join(["g1f3 g8f6 f3g1 f6g8"] * 1000)
    out, rc = run([f"position startpos moves {moves}", "go perft 2", "quit"])
    check("4000-ply move list", "Nodes searched: 400" in out, out[-200:])

    t0 = time.time()
    out, rc = run([], args=["position startpos", "go perft 3", "quit"])
    check("command-line arguments act as UCI lines", "Nodes searched: 8902" in out and rc == 0, out[-200:])

    p = subprocess.run([ENGINE, "perft", "3", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R", "w", "KQkq", "-"],
                       capture_output=True, timeout=20)
    check("vazir perft <depth> <fen>", "Nodes searched: 97862" in p.stdout.decode(), p.stdout.decode()[-200:])

    out, rc = run([])
    check("end of input exits 0", rc == 0)

    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
