#!/usr/bin/env python3
"""End-to-end checks that drive the real `vazir` binary through pipes, with timeouts.

Usage: e2e_uci.py path/to/vazir
Prints one line per check and a closing 'N passed, M failed' line.
"""
import os
import re
import select
import subprocess
import tempfile
import sys
import time

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "./build/vazir"
# Sanitizer builds run several times slower: timing bounds are multiplied by this.
SLOW = 4.0 if os.environ.get("VAZIR_E2E_SLOW") else 1.0
results = {"passed": 0, "failed": 0}
# Every engine process writes its stderr here; sanitizer reports land in it.
STDERR_LOG = tempfile.TemporaryFile()


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(f"{'ok  ' if ok else 'FAIL'} {name}" + (f": {detail}" if detail and not ok else ""))


def run(lines, timeout=20, args=()):
    """Feeds `lines` to a fresh engine, returns (stdout, returncode)."""
    data = lines if isinstance(lines, bytes) else ("\n".join(lines) + "\n").encode()
    p = subprocess.run([ENGINE, *args], input=data, stdout=subprocess.PIPE, stderr=STDERR_LOG, timeout=timeout)
    return p.stdout.decode(errors="replace"), p.returncode


class Session:
    """A running engine with line-by-line reads under a timeout."""

    def __init__(self):
        self.p = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=STDERR_LOG, bufsize=0)
        self.buf = b""
        self.lines = []

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()

    def readline(self, timeout):
        end = time.time() + timeout
        while b"\n" not in self.buf:
            left = end - time.time()
            if left <= 0:
                return None
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if r:
                chunk = self.p.stdout.read1(65536) if hasattr(self.p.stdout, "read1") else self.p.stdout.read(1)
                if not chunk:
                    return None
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        line = line.decode(errors="replace")
        self.lines.append(line)
        return line

    def wait_for(self, prefix, timeout):
        """Returns (line, seconds waited) or (None, timeout)."""
        start = time.time()
        while True:
            line = self.readline(max(0.0, timeout - (time.time() - start)))
            if line is None:
                return None, timeout
            if line.startswith(prefix):
                return line, time.time() - start

    def close(self):
        try:
            self.send("quit")
            return self.p.wait(timeout=5)
        except Exception:
            self.p.kill()
            return None


def timed_go(position, go, timeout):
    """Fresh engine: sends `position`, then `go`; returns (bestmove line or None, seconds)."""
    s = Session()
    s.send(position)
    s.send("isready")  # the clock starts once the engine is up (start-up is not the search's time)
    s.wait_for("readyok", 10 * SLOW)
    t0 = time.time()
    s.send(go)
    line, _ = s.wait_for("bestmove", timeout)
    took = time.time() - t0
    s.close()
    return line, took


def legal_moves(fen_or_start, moves=()):
    out, _ = run([f"position {fen_or_start}" + (" moves " + " ".join(moves) if moves else ""), "go perft 1", "quit"])
    return {line.split(":")[0] for line in out.splitlines() if re.match(r"^[a-h][1-8][a-h][1-8][qrbn]?: ", line)}


def pv_is_legal(position, pv):
    """Every move of the PV legal in turn (checked with the engine's own perft divide)."""
    moves = []
    for m in pv:
        if m not in legal_moves(position, moves):
            return False
        moves.append(m)
    return True


def search_checks():
    start_moves = legal_moves("startpos")

    s = Session()
    s.send("uci")
    s.wait_for("uciok", 5)
    s.send("position startpos")
    s.send("go infinite")
    time.sleep(0.3)
    s.send("isready")
    line, waited = s.wait_for("readyok", 2)
    check("isready answered at once during a search", line is not None and waited < 0.2 * SLOW, f"waited {waited:.3f}s")
    time.sleep(0.5)
    t0 = time.time()
    s.send("stop")
    line, waited = s.wait_for("bestmove", 2 * SLOW)
    latency = time.time() - t0
    check("stop after go infinite gives bestmove within 100 ms", line is not None and latency < 0.1 * SLOW, f"{latency:.3f}s")
    best = line.split()[1] if line else ""
    check("bestmove is legal", best in start_moves, best)
    infos = [l for l in s.lines if l.startswith("info depth")]
    last = infos[-1] if infos else ""
    fields_ok = all(f" {k} " in last for k in ("depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv"))
    check("info lines carry depth seldepth multipv score nodes nps hashfull time pv", fields_ok, last)
    pv = last.split(" pv ")[1].split() if " pv " in last else []
    check("last PV starts with the bestmove and is legal", pv and pv[0] == best and pv_is_legal("startpos", pv), last)
    check("quit exits 0", s.close() == 0)

    # go infinite that finds a mate still waits for stop.
    s = Session()
    s.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
    s.send("go infinite")
    line, _ = s.wait_for("bestmove", 1.0)
    check("go infinite holds bestmove even after finding mate", line is None)
    s.send("stop")
    line, _ = s.wait_for("bestmove", 2 * SLOW)
    check("... and sends it on stop", line is not None and line.split()[1] == "d1d8", str(line))
    s.close()

    # movetime is honoured.
    line, took = timed_go("position startpos", "go movetime 500", 3)
    check("go movetime 500 answers in 0.4-0.6 s", line is not None and 0.4 <= took <= 0.5 + 0.1 * SLOW, f"{took:.3f}s")

    # nodes limit.
    out, rc = run(["position startpos", "go nodes 20000", "isready", "quit"], timeout=10)
    nodes = [int(m) for m in re.findall(r" nodes (\d+)", out)]
    check("go nodes 20000 stops at 20000 nodes", nodes and max(nodes) <= 20000 and "bestmove" in out, str(nodes[-3:]))

    # depth limit and searchmoves together.
    # The command-line form waits for the search before reading `quit`.
    p = subprocess.run([ENGINE, "position startpos", "go depth 6 searchmoves a2a3 b2b3", "quit"], stdout=subprocess.PIPE, stderr=STDERR_LOG, timeout=20)
    out = p.stdout.decode()
    best = re.findall(r"bestmove (\S+)", out)
    check("go depth 6 searchmoves a2a3 b2b3", best and best[0] in ("a2a3", "b2b3") and "info depth 6 " in out, out[-200:])

    # Ponder: no bestmove before ponderhit; then the clock applies.
    s = Session()
    s.send("setoption name Ponder value true")
    s.send("position startpos moves e2e4 e7e5")
    s.send("go ponder wtime 2000 btime 2000 winc 0 binc 0")
    line, _ = s.wait_for("bestmove", 1.5)
    check("go ponder sends no bestmove before ponderhit", line is None)
    t0 = time.time()
    s.send("ponderhit")
    line, _ = s.wait_for("bestmove", 3 * SLOW)
    took = time.time() - t0
    check("ponderhit then bestmove within the move's time", line is not None and took < 1.1 * SLOW, f"{took:.3f}s {line}")
    s.close()

    # Ponder then stop (the opponent played another move).
    s = Session()
    s.send("position startpos")
    s.send("go ponder wtime 100000 btime 100000")
    time.sleep(0.3)
    s.send("stop")
    line, waited = s.wait_for("bestmove", 1 * SLOW)
    check("go ponder + stop gives a bestmove", line is not None)
    s.close()

    # quit in the middle of a search.
    s = Session()
    s.send("position startpos")
    s.send("go infinite")
    time.sleep(0.3)
    t0 = time.time()
    s.send("quit")
    try:
        rc = s.p.wait(timeout=2)
    except subprocess.TimeoutExpired:
        rc = None
    check("quit mid-search exits 0 at once", rc == 0 and time.time() - t0 < 0.5 * SLOW, f"rc={rc}")

    # Clock: a few moves with 50 ms left never overstep. A GUI starts the clock only after
    # the handshake, so the engine's start-up (slow under the sanitizers) is not timed.
    s = Session()
    s.send("uci")
    s.send("isready")
    ready, _ = s.wait_for("readyok", 10 * SLOW)
    worst = 0.0
    moves = []
    ok = True
    for _ in range(6):
        s.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        t0 = time.time()
        s.send("go wtime 50 btime 50")
        line, _ = s.wait_for("bestmove", 2 * SLOW)
        worst = max(worst, time.time() - t0)
        if not line:
            ok = False
            break
        moves.append(line.split()[1])
    check("with 50 ms on the clock every move comes well inside it", ready is not None and ok and worst < 0.05 * SLOW,
          f"worst {worst:.3f}s")
    s.close()

    # movestogo 1 with a small clock.
    line, took = timed_go("position startpos", "go wtime 300 btime 300 movestogo 1", 2)
    check("movestogo 1 with 300 ms stays inside the clock", line is not None and took < 0.3 * SLOW, f"{took:.3f}s")

    # MultiPV and options through the protocol.
    p = subprocess.run([ENGINE, "setoption name MultiPV value 3", "position startpos", "go depth 5", "quit"],
                       stdout=subprocess.PIPE, stderr=STDERR_LOG, timeout=20)
    out = p.stdout.decode()
    check("MultiPV 3 prints three lines per depth", all(f"info depth 5 seldepth" in out and f"multipv {i} " in out for i in (1, 2, 3)), out[-300:])

    out, rc = run(["setoption name Hash value 100000000", "setoption name Hash value 0", "setoption name Nope value 1",
                   "setoption name Threads value 2", "go depth 2 foo", "go wtime abc", "position startpos", "go depth 3",
                   "isready", "quit"])
    check("bad options and go parameters answer info string", out.count("info string") >= 5 and "readyok" in out, out[-400:])

    out, rc = run(["uci", "quit"])
    opts = [l for l in out.splitlines() if l.startswith("option name")]
    names = [l.split(" type ")[0][len("option name "):] for l in opts]
    check("each option declared once: Hash, Clear Hash, Threads, Move Overhead, Ponder, MultiPV, UCI_Chess960",
          len(names) == len(set(names)) and all(n in names for n in ("Hash", "Clear Hash", "Threads", "Move Overhead", "Ponder", "MultiPV", "UCI_Chess960")), str(names))

    # Lazy SMP through the protocol: 4 threads; `d` during the search answers at once with
    # the game's position (the threads search their own copies); one bestmove.
    s = Session()
    s.send("setoption name Threads value 4")
    s.send("position startpos moves e2e4 e7e5")
    s.send("go infinite")
    time.sleep(0.5)
    s.send("d")
    line, waited = s.wait_for("Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 2)
    check("Threads 4: d during a search shows the game's position at once", line is not None, f"{waited:.2f}s")
    s.send("stop")
    line, _ = s.wait_for("bestmove", 5)
    check("Threads 4: stop gives one legal bestmove", line is not None and line.split()[1] in legal_moves("startpos", ("e2e4", "e7e5")), str(line))
    s.send("setoption name Threads value 1")
    s.send("go depth 6")
    line, _ = s.wait_for("bestmove", 20 * SLOW)
    check("back to Threads 1: a search still ends in bestmove", line is not None, str(line))
    s.close()

    p = subprocess.run([ENGINE, "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go depth 3", "quit"], stdout=subprocess.PIPE, stderr=STDERR_LOG, timeout=10)
    check("no legal move: bestmove 0000", "bestmove 0000" in p.stdout.decode(), p.stdout.decode())

    p = subprocess.run([ENGINE, "bench", "4"], stdout=subprocess.PIPE, stderr=STDERR_LOG, timeout=60)
    last = p.stdout.decode().strip().splitlines()[-1]
    check("bench ends with '<nodes> nodes <nps> nps'", re.fullmatch(r"\d+ nodes \d+ nps", last) is not None, last)


def datagen_checks():
    """Self-play data: same games for a seed whatever the threads; resume repairs a cut file."""
    tmp = tempfile.mkdtemp()
    a, b = os.path.join(tmp, "a.txt"), os.path.join(tmp, "b.txt")
    common = ["nodes=300", "seed=5", "randomplies=6"]
    subprocess.run([ENGINE, "datagen", f"output={a}", "threads=1", "games=3", *common], stdout=subprocess.PIPE, stderr=STDERR_LOG, timeout=120)
    # Two games first, then resume to three.
    subprocess.run([ENGINE, "datagen", f"output={b}", "threads=2", "games=2", *common],
                   stdout=subprocess.PIPE, stderr=STDERR_LOG, timeout=120)
    with open(b, "rb+") as f:  # cut the file inside its last game, as a crash might
        f.truncate(max(0, os.path.getsize(b) - 25))
    subprocess.run([ENGINE, "datagen", f"output={b}", "threads=2", "games=3", *common], stdout=subprocess.PIPE, stderr=STDERR_LOG, timeout=120)
    la, lb = sorted(open(a).read().splitlines()), sorted(open(b).read().splitlines())
    games = [l for l in la if l.startswith("# game")]
    rows = [l for l in la if not l.startswith("#")]
    fmt = all(re.fullmatch(r"\S+ [wb] \S+ \S+ \d+ \d+ \| -?\d+ \| (1\.0|0\.5|0\.0)", l) for l in rows)
    check("datagen: 3 games, lines 'fen | score | result'", len(games) == 3 and rows and fmt, f"{len(games)} games, {len(rows)} rows")
    check("datagen: same games with 1 or 2 threads, and after resuming a cut file", la == lb, f"{len(la)} vs {len(lb)} lines")


def played_line_checks():
    """The last PV before each bestmove starts with the move played, also when another
    thread's move wins the vote (Threads 2) or a limited strength picks a lower line."""
    book = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "openings", "noob_3moves-sample.epd")
    fens = [" ".join(l.split()[:4]) + " 0 1" for l in open(book) if l.strip()][:12]
    for label, setup in (("Threads 2", ["setoption name Threads value 2"]),
                         ("UCI_Elo 1000", ["setoption name UCI_LimitStrength value true",
                                           "setoption name UCI_Elo value 1000"])):
        s = Session()
        for line in ["uci", *setup]:
            s.send(line)
        last_pv, played, mismatches = "", 0, []
        for fen in fens:  # one search at a time: a `position` sent during a search would stop it
            s.send(f"position fen {fen}")
            s.send("go movetime 150")
            s.wait_for("bestmove", 10 * SLOW)
        s.close()
        for line in s.lines:
            if line.startswith("info depth") and " pv " in line:
                last_pv = line.split(" pv ")[1].split()[0]
            elif line.startswith("bestmove"):
                played += 1
                if line.split()[1] != last_pv:
                    mismatches.append(f"{line.split()[1]} after pv {last_pv}")
                last_pv = ""
        print(f"     {label}: {played} bestmoves, {len(mismatches)} not the first move of the last PV")
        check(f"{label}: every bestmove is the first move of the last PV", played == len(fens) and not mismatches,
              "; ".join(mismatches))


def gui_checks():
    """No GUI left waiting: every go ends in exactly one bestmove, whatever its parameters."""
    start_moves = legal_moves("startpos")
    for go in ("go depth 0", "go nodes 0", "go mate 0", "go foo 12 depth 2", "go wtime 0 btime 0",
               "go wtime -50 btime -50 winc -5 binc -5", "go movetime -3", "go depth abc", "go nodes"):
        s = Session()
        s.send("position startpos")
        s.send(go)
        line, waited = s.wait_for("bestmove", 5 * SLOW)
        s.send("isready")
        s.wait_for("readyok", 2 * SLOW)
        out = "\n".join(s.lines)
        s.close()
        best = [l for l in out.splitlines() if l.startswith("bestmove")]
        check(f"'{go}': exactly one legal bestmove, at once", line is not None and len(best) == 1 and best[0].split()[1] in start_moves,
              f"{waited:.2f}s " + out[-300:])
        if go != "go wtime 0 btime 0":
            check(f"'{go}': an info string says what was wrong", "info string go:" in out, out[-300:])

    out, rc = run(["go depth 1", "quit"])
    check("go with no position set: bestmove from the start position",
          any(l.startswith("bestmove") and l.split()[1] in start_moves for l in out.splitlines()), out[-200:])

    out, rc = run(["stop", "ponderhit", "isready", "stop", "quit"])
    check("stop and ponderhit with no search running are harmless", out.strip() == "readyok" and rc == 0, out)

    out, rc = run(["xboard", "protover 2", "uci", "quit"])
    check("xboard and protover 2 (Arena's probe) get no reply before uci",
          out.splitlines()[0].startswith("id name") and "info string" not in out, out[:200])

    out, rc = run(["position startpos moves e2e4 e7e5 d1h5 b8c6 h5f7", "d", "quit"])
    check("d: diagram, FEN, key, checkers, legal move count",
          "| k |" in out and "| Q |" in out and "Fen: r1bqkbnr/pppp1Qpp/2n5/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3" in out
          and "Checkers: f7" in out and "Legal moves: 1" in out and re.search(r"Key: [0-9A-F]{16}", out) is not None, out)

    log = tempfile.NamedTemporaryFile(delete=False).name
    out, rc = run([f"setoption name Debug Log File value {log}", "isready", "position startpos", "go depth 2", "quit"])
    text = open(log).read()
    os.unlink(log)
    check("Debug Log File: both directions", "<< isready" in text and ">> readyok" in text and ">> bestmove" in text, text[-300:])

    out, rc = run(["debug on", "position startpos", "go wtime 60000 btime 60000 winc 1000 binc 1000 movestogo 0", "stop", "quit"])
    check("debug on: time budget and table size as info string", "info string debug: threads 1, hash 16 MB, time budget soft" in out, out[-300:])

    s = Session()
    s.send("position startpos")
    s.send("go depth 4")
    s.wait_for("bestmove", 10 * SLOW)
    s.send("setoption name UCI_ShowWDL value true")
    s.send("go depth 4")
    s.wait_for("bestmove", 10 * SLOW)
    s.close()
    infos = [l for l in s.lines if l.startswith("info depth 4 ")]
    check("UCI_ShowWDL: off by default, then 'wdl W D L' summing to 1000",
          len(infos) == 2 and " wdl " not in infos[0] and
          sum(int(x) for x in re.search(r" wdl (\d+) (\d+) (\d+)", infos[1]).groups()) == 1000, str(infos))

    tables = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "syzygy")
    out, rc = run([f"setoption name SyzygyPath value {tables}", "position fen 8/8/8/4k3/8/8/8/R6K w - - 0 1",
                   "go depth 8", "setoption name SyzygyPath value /no/such/dir", "quit"])
    if "not available in this build" in out:  # built with VAZIR_SYZYGY=OFF: said for each path set
        check("SyzygyPath in a build without tablebases: an info string says so, the search still answers",
              out.count("info string SyzygyPath: Syzygy tablebases are not available in this build") == 2
              and " tbhits " not in out and "bestmove" in out, out[-400:])
    else:
        check("SyzygyPath: tables loaded, a KRvK search probes them, a wrong path answers info string",
              "info string Syzygy tablebases loaded: up to 4 pieces" in out and " tbhits " in out and "bestmove" in out
              and "info string SyzygyPath: no such folder" in out, out[-400:])

    s = Session()
    s.send("position startpos")
    s.send("go infinite")
    first, waited = s.wait_for("info depth", 2)
    first, waited = s.wait_for("info depth", 0.1)  # drain
    cur_line, waited = None, 0
    start = time.time()
    while time.time() - start < 20 * SLOW:
        l = s.readline(1)
        if l is not None and " currmove " in l:
            cur_line = l
            break
    took = time.time() - start
    s.send("stop")
    line, _ = s.wait_for("bestmove", 10 * SLOW)
    cur = [l for l in s.lines if " currmove " in l]
    s.close()
    check("no currmove before 3 s", cur_line is None or took >= 2.5, f"first after {took:.1f}s")
    check("info currmove <m> currmovenumber <n> once a search has run 3 s",
          line is not None and len(cur) > 0 and all(re.fullmatch(r"info depth \d+ currmove [a-h][1-8][a-h][1-8][qrbn]? currmovenumber \d+", l) for l in cur),
          str(cur[:3]))


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

    out, rc = run([], args=["position startpos", "go perft 3", "quit"])
    check("command-line arguments act as UCI lines", "Nodes searched: 8902" in out and rc == 0, out[-200:])

    p = subprocess.run([ENGINE, "perft", "3", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R", "w", "KQkq", "-"],
                       stdout=subprocess.PIPE, stderr=STDERR_LOG, timeout=20)
    check("vazir perft <depth> <fen>", "Nodes searched: 97862" in p.stdout.decode(), p.stdout.decode()[-200:])

    out, rc = run([])
    check("end of input exits 0", rc == 0)

    search_checks()
    played_line_checks()
    gui_checks()
    datagen_checks()

    STDERR_LOG.seek(0)
    errors = STDERR_LOG.read().decode(errors="replace")
    check("no sanitizer report on the engine's stderr", "Sanitizer" not in errors and "runtime error" not in errors, errors[:2000])

    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
