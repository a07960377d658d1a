#!/usr/bin/env python3
"""A short UCI exchange with an engine binary, checked line by line, the way a GUI sees it:
the raw bytes of stdout, so that line endings count too. Made for builds run through an
emulator (wine for the Windows build, qemu-user for armv8), where tests/e2e_uci.py's
timing checks would not hold; run natively it checks the same things.

Usage: uci_exchange.py [--eol crlf|lf] [--target NAME] [--net PATH] [--tables PATH] -- CMD...
  --eol     the line ending every output line must have (crlf: a Windows build writing
            in text mode; lf: Linux). A line ending in "\r\r\n" or a bare "\r" fails.
  --target  the build target `id name` must name, e.g. windows-x86-64-v2
  --net     a net file as the engine should see the path (for wine: Z:\\...\\a b.nnue),
            loaded through `setoption name EvalFile`
  --tables  a SyzygyPath value; the engine must answer it with an info string (loaded,
            or not available in this build), never silently
"""
import argparse
import queue
import re
import subprocess
import sys
import threading
import time

MOVE = r"[a-h][1-8][a-h][1-8][qrbn]?"
failures = 0


def check(name, ok, detail=""):
    global failures
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else "\n     " + detail[-600:]))
    if not ok:
        failures += 1


class Engine:
    def __init__(self, cmd, eol):
        self.eol = eol
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.lines = queue.Queue()
        self.bad_endings = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        # Raw lines: readline splits after b"\n", so the ending is still on each one.
        for raw in iter(self.proc.stdout.readline, b""):
            want = b"\r\n" if self.eol == "crlf" else b"\n"
            body = raw[: -len(want)] if raw.endswith(want) else None
            if body is None or b"\r" in body:
                self.bad_endings.append(raw)
            text = raw.decode("utf-8", "replace").rstrip("\r\n")
            self.lines.put(text)
        self.lines.put(None)

    def send(self, line):
        # A Windows GUI ends its lines in CRLF too.
        self.proc.stdin.write((line + ("\r\n" if self.eol == "crlf" else "\n")).encode())
        self.proc.stdin.flush()

    def read_until(self, pred, timeout):
        """Lines up to and including the first for which pred holds (None on timeout or EOF)."""
        got, end = [], time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                return got, None
            if line is None:
                return got, None
            got.append(line)
            if pred(line):
                return got, line
            if time.monotonic() > end:
                return got, None

    def quiet_for(self, seconds):
        """Lines that arrive within `seconds` (expected: none)."""
        got, end = [], time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                break
            if line is not None:
                got.append(line)
        return got


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--eol", choices=["crlf", "lf"], default="lf")
    ap.add_argument("--target", default="")
    ap.add_argument("--net", default="")
    ap.add_argument("--tables", default="")
    ap.add_argument("--slow", type=float, default=1.0, help="multiplies every timeout (emulators)")
    ap.add_argument("cmd", nargs="+")
    a = ap.parse_args()
    t = a.slow
    e = Engine(a.cmd, a.eol)

    e.send("uci")
    got, last = e.read_until(lambda l: l == "uciok", 30 * t)
    check("uci: answered by uciok", last == "uciok", "\n".join(got))
    name = got[0] if got else ""
    check("uci: first line is `id name Vazir <version> (<target>)`",
          re.fullmatch(r"id name Vazir \S+ \((\S+)\)", name) is not None, name)
    if a.target:
        check(f"uci: id name names the target {a.target}", name.endswith(f"({a.target})"), name)
    check("uci: second line is `id author ...`", len(got) > 1 and got[1].startswith("id author "), "\n".join(got[:3]))
    middle = got[2:-1]
    check(f"uci: then only option lines ({len(middle)})",
          len(middle) > 5 and all(re.fullmatch(r"option name .+ type (check|spin|button|string|combo)( .*)?", l)
                                  for l in middle), "\n".join(middle))

    e.send("isready")
    got, last = e.read_until(lambda l: l == "readyok", 10 * t)
    check("isready: readyok and nothing else", got == ["readyok"], "\n".join(got))

    if a.net:
        e.send(f"setoption name EvalFile value {a.net}")
        e.send("isready")
        got, last = e.read_until(lambda l: l == "readyok", 20 * t)
        check(f"EvalFile {a.net}: loaded",
              last == "readyok" and any(l.startswith(f"info string EvalFile: loaded {a.net} ") for l in got),
              "\n".join(got))
    if a.tables:
        e.send(f"setoption name SyzygyPath value {a.tables}")
        e.send("isready")
        got, last = e.read_until(lambda l: l == "readyok", 20 * t)
        check("SyzygyPath: answered by an info string (loaded, or not available in this build)",
              last == "readyok" and any(l.startswith("info string Syzygy tablebases loaded") or
                                        "not available in this build" in l for l in got), "\n".join(got))

    e.send("ucinewgame")
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6")
    e.send("go perft 1")
    got, last = e.read_until(lambda l: l.startswith("Nodes/second"), 30 * t)
    got += e.read_until(lambda l: l == "", 5 * t)[0]
    legal = [l.split(":")[0] for l in got if re.fullmatch(MOVE + r": 1", l)]
    check("go perft 1: 27 legal moves after 1.e4 e5 2.Nf3 Nc6, then the totals and an empty line",
          len(legal) == 27 and "Nodes searched: 27" in got and got[-1] == "", "\n".join(got))
    e.send("go depth 6")
    got, last = e.read_until(lambda l: l.startswith("bestmove"), 60 * t)
    infos = got[:-1]
    check("go depth 6: info lines, then bestmove", last is not None and len(infos) >= 6, "\n".join(got))
    check("go depth 6: every info line is well formed",
          all(re.fullmatch(r"info depth \d+ (currmove .*|seldepth \d+ multipv 1 score (cp|mate) -?\d+"
                           r"( lowerbound| upperbound)? nodes \d+ nps \d+ hashfull \d+ time \d+ pv( " + MOVE + ")+)", l)
              for l in infos), "\n".join(infos))
    check("go depth 6: the last info line is at depth 6",
          bool(infos) and infos[-1].startswith("info depth 6 "), infos[-1] if infos else "")
    check("go depth 6: bestmove <legal move> ponder <move>",
          last is not None and re.fullmatch(rf"bestmove ({MOVE}) ponder {MOVE}", last) is not None
          and last.split()[1] in legal, str(last))

    e.send("position startpos moves d2d4 d7d5 c2c4")
    e.send("go infinite")
    early = e.quiet_for(1.5 * t)
    check("go infinite: searching, no bestmove before stop",
          not any(l.startswith("bestmove") for l in early) and any(l.startswith("info depth") for l in early),
          "\n".join(early))
    sent = time.monotonic()
    e.send("stop")
    got, last = e.read_until(lambda l: l.startswith("bestmove"), 10 * t)
    took = time.monotonic() - sent
    check(f"stop during go infinite: bestmove {took * 1000:.0f} ms after it",
          last is not None and re.fullmatch(rf"bestmove {MOVE}( ponder {MOVE})?", last) is not None, "\n".join(got))
    e.send("isready")
    got, last = e.read_until(lambda l: l == "readyok", 10 * t)
    check("isready after stop: readyok, no second bestmove",
          last == "readyok" and not any(l.startswith("bestmove") for l in got), "\n".join(got))

    e.send("quit")
    try:
        rc = e.proc.wait(timeout=10 * t)
    except subprocess.TimeoutExpired:
        e.proc.kill()
        rc = None
    check("quit: the engine exits with status 0", rc == 0, str(rc))
    e.quiet_for(0.2)
    check(f"every output line ends in {a.eol.upper()}, with no stray CR",
          not e.bad_endings, repr(e.bad_endings[:5]))

    print(f"{failures} failed" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
