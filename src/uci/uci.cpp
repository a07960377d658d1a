#include "uci/uci.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <iostream>
#include <sstream>
#include <vector>

#include "bench/bench.h"
#include "core/move_text.h"
#include "core/perft.h"
#include "eval/eval.h"
#include "eval/wdl.h"
#include "search/score.h"
#include "uci/board_text.h"
#include "util/line_stream.h"
#include "util/text.h"
#include "build_info.h"
#include "version.h"

namespace vazir {

namespace {

bool parseInt(std::string_view s, int64_t& v) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size();
}

std::string clip(std::string_view s, size_t n = 32) { return std::string(s.substr(0, n)); }

// An optional '-' and then digits: an integer, though perhaps one too large for 64 bits.
bool looksLikeInteger(std::string_view s) {
    if (!s.empty() && s[0] == '-') s.remove_prefix(1);
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Coordinate move syntax (e2e4, e7e8q), legal or not: names an illegal searchmove as such.
bool looksLikeUciMove(std::string_view s) {
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    return (s.size() == 4 || (s.size() == 5 && std::string_view("nbrq").find(s[4]) != std::string_view::npos)) &&
           file(s[0]) && rank(s[1]) && file(s[2]) && rank(s[3]);
}

}  // namespace

UciLoop::UciLoop(std::ostream& out)
    : out_(out),
      engine_({[this](const SearchReport& r) { printReport(r); },
               [this](Move best, Move ponder) {
                   std::string s = "bestmove " + moveToUci(best, engine_.chess960());
                   if (ponder != Move::none()) s += " ponder " + moveToUci(ponder, engine_.chess960());
                   emit(s);
               },
               [this](const std::string& text) { infoString(text); }}) {
    engine_.options().add({"Debug Log File", Option::Type::String, "", 0, 0,
                           [this](const std::string& v) { return openLog(v); }});
    // Off by default: some GUIs stumble over an `info` token they do not know.
    engine_.options().add({"UCI_ShowWDL", Option::Type::Check, "false", 0, 0, [this](const std::string& v) {
                               showWdl_ = v == "true";
                               return std::string();
                           }});
}

UciLoop::~UciLoop() { engine_.stop(); engine_.waitForSearch(); }

void UciLoop::emit(const std::string& text) {
    std::lock_guard lock(outMutex_);
    out_ << text << std::endl;
    if (log_.is_open()) log_ << ">> " << text << std::endl;
}

void UciLoop::logInput(std::string_view line) {
    std::lock_guard lock(outMutex_);
    if (log_.is_open()) log_ << "<< " << line << std::endl;
}

// `Debug Log File`: every line in both directions, as Stockfish writes it ("<<" input,
// ">>" output). An empty name closes the log.
std::string UciLoop::openLog(const std::string& path) {
    std::lock_guard lock(outMutex_);
    if (log_.is_open()) log_.close();
    if (path.empty() || path == "<empty>") return "";
    log_.open(path, std::ios::app);
    return log_.is_open() ? "" : "cannot open debug log file '" + path.substr(0, 200) + "'";
}

void UciLoop::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handleLine(line)) break;
    engine_.finish();
}

bool UciLoop::handleLine(std::string_view raw) {
    std::string line = sanitizeLine(raw);
    logInput(line);
    auto [cmd, args] = splitFirstToken(line);
    if (cmd.empty()) return true;
    if (cmd == "quit") {
        engine_.finish();
        return false;
    }
    if (cmd == "uci") cmdUci();
    else if (cmd == "isready") emit("readyok");
    else if (cmd == "position") cmdPosition(args);
    else if (cmd == "setoption") cmdSetOption(args);
    else if (cmd == "go") cmdGo(args);
    else if (cmd == "stop") engine_.stop();
    else if (cmd == "ponderhit") engine_.ponderhit();
    else if (cmd == "ucinewgame") engine_.newGame();
    else if (cmd == "debug") debug_ = args == "on";
    else if (cmd == "register") {}  // nothing to register
    else if (cmd == "d") emit(describeBoard(engine_.position()));
    else if (cmd == "xboard" || cmd == "protover") {}  // a GUI probing for the xboard protocol: stay silent
    else if (cmd == "bench") cmdBench(args);
    else if (cmd == "eval") {
        std::string text = describeEvaluation(engine_.position());
        if (auto nn = engine_.networkEvaluation())
            text += "\nNNUE evaluation: " + std::to_string(*nn) + " cp (side to move), from EvalFile";
        emit(text);
    }
    else infoString("unknown command '" + clip(cmd) + "'");
    return true;
}

void UciLoop::cmdUci() {
    // The target in the name: a GUI's engine list then shows which binary it loaded.
    std::string s = std::string("id name Vazir ") + kVersion + " (" + buildTarget() + ")\nid author the Vazir developers\n";
    for (const Option& o : engine_.options().all()) s += OptionRegistry::describe(o) + "\n";
    emit(s + "uciok");
}

void UciLoop::cmdPosition(std::string_view args) {
    std::vector<std::string_view> tokens = splitTokens(args);
    if (tokens.empty()) return infoString("position needs 'startpos' or 'fen <fen>'");
    std::string fen;
    size_t i = 1;
    if (tokens[0] == "startpos") {
        fen = Position::kStartFen;
    } else if (tokens[0] == "fen") {
        for (; i < tokens.size() && tokens[i] != "moves"; ++i) fen += std::string(tokens[i]) + " ";
    } else {
        return infoString("position needs 'startpos' or 'fen <fen>', got '" + clip(tokens[0]) + "'");
    }
    std::vector<std::string_view> moves;
    if (i < tokens.size()) {
        if (tokens[i] != "moves") return infoString("expected 'moves' after the position, got '" + clip(tokens[i]) + "'");
        moves.assign(tokens.begin() + long(i) + 1, tokens.end());
    }
    if (ParseResult r = engine_.setPosition(fen, moves); !r.ok()) infoString("position ignored: " + r.error);
}

// `bench [depth] [threads]`: the report of the command line's `vazir bench`, line by
// line as each position finishes. It runs here on the protocol thread with an engine of
// its own (as in Stockfish, input waits until it ends); this engine's search is stopped
// first, and its table, options and position are left as they were.
void UciLoop::cmdBench(std::string_view args) {
    BenchArgs bench;
    if (std::string err = parseBenchArgs(splitTokens(args), bench); !err.empty()) return infoString("bench: " + err);
    engine_.stop();
    engine_.waitForSearch();
    LineStream out([this](const std::string& line) { emit(line); });
    runBench(out, bench.depth, bench.threads);
}

void UciLoop::cmdSetOption(std::string_view args) {
    SetOptionArgs opt = parseSetOption(args);
    if (!opt.ok) return infoString("malformed setoption: expected 'setoption name <name> [value <value>]'");
    if (std::string err = engine_.setOption(opt.name, opt.value, opt.hasValue); !err.empty()) infoString(err);
}

void UciLoop::cmdGo(std::string_view args) {
    std::vector<std::string_view> t = splitTokens(args);
    if (!t.empty() && t[0] == "perft") {
        int64_t depth = 0;
        if (t.size() != 2 || !parseInt(t[1], depth) || depth < 1 || depth > 20)
            return infoString("go perft needs one depth from 1 to 20");
        return startPerft(int(depth));
    }

    SearchLimits limits;
    const Position& pos = engine_.position();
    // Integer-valued parameters, each with its valid range. A GUI is never left
    // waiting: a parameter that cannot be used is named in an info string and ignored,
    // a limit of 0 becomes the smallest search that still answers with a legal move,
    // a negative clock counts as an empty one, and an integer outside the range is taken
    // as the nearest value inside it. Each problem gets one message.
    struct IntParam {
        const char* name;
        int64_t min, max;
        const char* belowMin;  // what a value below the range means, for its message
        std::function<void(int64_t)> set;
    };
    bool quiet = false;  // set from an out-of-range value: its one message is already out
    auto note = [&](const std::string& text) {
        if (!quiet) infoString(text);
    };
    auto clock = [&](const char* name, int64_t& field, int64_t v) {
        if (v < 0) note(std::string("go: ") + name + " " + std::to_string(v) + " is negative; taken as 0");
        field = std::max<int64_t>(v, 0);
    };
    auto atLeastOne = [&](const char* name, int64_t v, auto&& set) {
        if (v == 0) note(std::string("go: ") + name + " 0 leaves nothing to search; searching to depth 1");
        set(v);
    };
    const IntParam params[] = {
        {"wtime", INT64_MIN / 4, INT64_MAX / 4, "taken as 0", [&](int64_t v) { clock("wtime", limits.time[White], v); }},
        {"btime", INT64_MIN / 4, INT64_MAX / 4, "taken as 0", [&](int64_t v) { clock("btime", limits.time[Black], v); }},
        {"winc", INT64_MIN / 4, INT64_MAX / 4, "taken as 0", [&](int64_t v) { clock("winc", limits.inc[White], v); }},
        {"binc", INT64_MIN / 4, INT64_MAX / 4, "taken as 0", [&](int64_t v) { clock("binc", limits.inc[Black], v); }},
        {"movestogo", 0, 100000, "taken as 0", [&](int64_t v) { limits.movesToGo = int(v); }},
        {"depth", 0, 1000, "searching to depth 1", [&](int64_t v) {
             atLeastOne("depth", v, [&](int64_t d) { limits.depth = int(std::max<int64_t>(d, 1)); });
         }},
        {"nodes", 0, INT64_MAX, "searching to depth 1", [&](int64_t v) {
             atLeastOne("nodes", v, [&](int64_t n) { v == 0 ? void(limits.depth = 1) : void(limits.nodes = uint64_t(n)); });
         }},
        {"mate", 0, 1000, "searching to depth 1", [&](int64_t v) {
             atLeastOne("mate", v, [&](int64_t m) { v == 0 ? void(limits.depth = 1) : void(limits.mate = int(m)); });
         }},
        {"movetime", INT64_MIN / 4, INT64_MAX / 4, "taken as 0", [&](int64_t v) { clock("movetime", limits.moveTime, v); }},
    };
    auto isKeyword = [&](std::string_view token) {
        if (token == "infinite" || token == "ponder" || token == "searchmoves") return true;
        for (const IntParam& p : params)
            if (token == p.name) return true;
        return false;
    };
    bool rejected = false;  // some parameter could not be used
    for (size_t i = 0; i < t.size(); ++i) {
        if (t[i] == "infinite") { limits.infinite = true; continue; }
        if (t[i] == "ponder") { limits.ponder = true; continue; }
        if (t[i] == "searchmoves") {
            // Moves follow until the next keyword; one that is not legal here is named
            // and left out (the others still restrict the search).
            bool given = false;
            for (; i + 1 < t.size() && !isKeyword(t[i + 1]); ++i) {
                given = true;
                const Move m = uciToMove(pos, t[i + 1]);
                if (m == Move::none()) {
                    infoString((looksLikeUciMove(t[i + 1]) ? "searchmoves: illegal move " : "searchmoves: not a move: ") +
                               clip(t[i + 1]) + "; ignored");
                    continue;
                }
                limits.searchMoves.push_back(m);
            }
            if (given && limits.searchMoves.empty())
                infoString("searchmoves: none of the moves is legal; searching every move");
            continue;
        }
        const IntParam* p = nullptr;
        for (const IntParam& candidate : params)
            if (t[i] == candidate.name) p = &candidate;
        if (!p) {
            infoString("go: unknown parameter '" + clip(t[i]) + "' ignored");
            rejected = true;
            continue;
        }
        // A value is an integer in form (an optional '-', then digits); anything else is
        // named and skipped with it, unless it is the next keyword.
        if (i + 1 >= t.size() || !looksLikeInteger(t[i + 1])) {
            infoString(std::string("go: ") + p->name + " needs an integer" +
                       (i + 1 < t.size() ? ", got '" + clip(t[i + 1]) + "'" : "") + "; ignored");
            rejected = true;
            if (i + 1 < t.size() && !isKeyword(t[i + 1])) ++i;
            continue;
        }
        ++i;
        int64_t v = 0;
        const bool parsed = parseInt(t[i], v);  // fails only beyond 64 bits
        const bool below = parsed ? v < p->min : t[i][0] == '-';
        if (!parsed || v < p->min || v > p->max) {
            infoString(std::string("go: ") + p->name + " " + clip(t[i]) + " is out of range (" + std::to_string(p->min) +
                       " to " + std::to_string(p->max) + "); " +
                       (below ? std::string(p->belowMin) : "taken as " + std::to_string(p->max)));
            quiet = true;
            p->set(below ? p->min : p->max);
            quiet = false;
            continue;
        }
        p->set(v);
    }
    // What was asked for could not be used and nothing else limits the search: rather
    // than an endless search the GUI did not ask for, answer with a short one.
    const bool limited = limits.infinite || limits.usesClock() || limits.depth || limits.nodes || limits.mate ||
                         limits.moveTime >= 0;
    if (rejected && !limited) {
        infoString("go: no usable limit left; searching to depth 1");
        limits.depth = 1;
    }
    if (debug_) infoString("debug: " + engine_.describeSearchPlan(limits));
    wdlMaterial_ = wdlMaterial(engine_.position());
    engine_.go(limits);
}

void UciLoop::printReport(const SearchReport& r) {
    if (r.currMoveNumber > 0) {
        emit("info depth " + std::to_string(r.depth) + " currmove " + moveToUci(r.currMove, engine_.chess960()) +
             " currmovenumber " + std::to_string(r.currMoveNumber));
        return;
    }
    std::string s = "info depth " + std::to_string(r.depth) + " seldepth " + std::to_string(r.selDepth) +
                    " multipv " + std::to_string(r.multiPv) + " score ";
    s += isMateScore(r.score) ? "mate " + std::to_string(mateInMoves(r.score))
                              : "cp " + std::to_string(uciCentipawns(r.score));
    if (r.bound == BoundLower) s += " lowerbound";
    if (r.bound == BoundUpper) s += " upperbound";
    const uint64_t nps = r.timeMs > 0 ? r.nodes * 1000 / uint64_t(r.timeMs) : r.nodes * 1000;
    s += " nodes " + std::to_string(r.nodes) + " nps " + std::to_string(nps) + " hashfull " + std::to_string(r.hashfull) +
         " time " + std::to_string(r.timeMs);
    if (showWdl_.load(std::memory_order_relaxed)) {
        const Wdl w = wdlFromScore(r.score, wdlMaterial_.load(std::memory_order_relaxed),
                                   isDecisive(r.score) && r.score > 0, isDecisive(r.score) && r.score < 0);
        s += " wdl " + std::to_string(w.win) + " " + std::to_string(w.draw) + " " + std::to_string(w.loss);
    }
    if (r.tbHits) s += " tbhits " + std::to_string(r.tbHits);
    if (!r.pv.empty()) {
        s += " pv";
        for (Move m : r.pv) s += " " + moveToUci(m, engine_.chess960());
    }
    emit(s);
}

namespace {

// The lines after a divide, as Stockfish prints them.
std::string perftSummary(uint64_t total, int64_t ms) {
    return "\nNodes searched: " + std::to_string(total) + "\nTime: " + std::to_string(ms) +
           " ms\nNodes/second: " + std::to_string(total * 1000 / uint64_t(std::max<int64_t>(ms, 1))) + "\n";
}

}  // namespace

void printPerft(std::ostream& out, Position& pos, int depth) {
    auto start = std::chrono::steady_clock::now();
    uint64_t total = perftDivide(pos, depth, [&](Move m, uint64_t n) {
        out << moveToUci(m, pos.chess960()) << ": " << n << "\n";
    });
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    out << perftSummary(total, int64_t(ms)) << std::endl;
}

// `go perft N` runs on the search thread like a search: `isready` is answered and `stop`
// ends it meanwhile. Each root move's line is printed as it is finished; a stopped
// divide names how far it got instead of a total that would not be one.
void UciLoop::startPerft(int depth) {
    auto finished = std::make_shared<std::atomic<int>>(0);
    const bool chess960 = engine_.chess960();
    engine_.perft(depth, {[this, finished, chess960](Move m, uint64_t n) {
                              ++*finished;
                              emit(moveToUci(m, chess960) + ": " + std::to_string(n));
                          },
                          [this, finished](uint64_t total, int64_t ms, bool stopped) {
                              if (stopped)
                                  infoString("go perft stopped: " + std::to_string(finished->load()) +
                                             " root moves finished, " + std::to_string(total) + " nodes");
                              else
                                  emit(perftSummary(total, ms));
                          }});
}

}  // namespace vazir
