#include "uci/uci.h"

#include <charconv>
#include <chrono>
#include <iostream>
#include <sstream>
#include <vector>

#include "core/move_text.h"
#include "core/perft.h"
#include "eval/eval.h"
#include "search/score.h"
#include "util/text.h"
#include "version.h"

namespace vazir {

namespace {

bool parseInt(std::string_view s, int64_t& v) {
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size();
}

std::string clip(std::string_view s, size_t n = 32) { return std::string(s.substr(0, n)); }

}  // namespace

UciLoop::UciLoop(std::ostream& out)
    : out_(out),
      engine_({[this](const SearchReport& r) { printReport(r); },
               [this](Move best, Move ponder) {
                   std::string s = "bestmove " + moveToUci(best, engine_.chess960());
                   if (ponder != Move::none()) s += " ponder " + moveToUci(ponder, engine_.chess960());
                   emit(s);
               },
               [this](const std::string& text) { infoString(text); }}) {}

UciLoop::~UciLoop() { engine_.stop(); engine_.waitForSearch(); }

void UciLoop::emit(const std::string& text) {
    std::lock_guard lock(outMutex_);
    out_ << text << std::endl;
}

void UciLoop::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handleLine(line)) break;
    engine_.stop();
    engine_.waitForSearch();
}

bool UciLoop::handleLine(std::string_view raw) {
    std::string line = sanitizeLine(raw);
    auto [cmd, args] = splitFirstToken(line);
    if (cmd.empty()) return true;
    if (cmd == "quit") {
        engine_.stop();
        engine_.waitForSearch();
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
    else if (cmd == "d") emit(engine_.position().fen());
    else if (cmd == "eval") emit(describeEvaluation(engine_.position()));
    else infoString("unknown command '" + clip(cmd) + "'");
    return true;
}

void UciLoop::cmdUci() {
    std::string s = std::string("id name Vazir ") + kVersion + "\nid author the Vazir developers\n";
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
        engine_.stop();
        engine_.waitForSearch();
        std::ostringstream ss;
        printPerft(ss, engine_.position(), int(depth));
        std::string text = ss.str();
        while (!text.empty() && text.back() == '\n') text.pop_back();
        return emit(text + "\n");
    }

    SearchLimits limits;
    const Position& pos = engine_.position();
    // Integer-valued parameters, each with its valid range.
    struct IntParam {
        const char* name;
        int64_t min, max;
        std::function<void(int64_t)> set;
    };
    const IntParam params[] = {
        {"wtime", INT64_MIN / 4, INT64_MAX / 4, [&](int64_t v) { limits.time[White] = std::max<int64_t>(v, 0); }},
        {"btime", INT64_MIN / 4, INT64_MAX / 4, [&](int64_t v) { limits.time[Black] = std::max<int64_t>(v, 0); }},
        {"winc", INT64_MIN / 4, INT64_MAX / 4, [&](int64_t v) { limits.inc[White] = std::max<int64_t>(v, 0); }},
        {"binc", INT64_MIN / 4, INT64_MAX / 4, [&](int64_t v) { limits.inc[Black] = std::max<int64_t>(v, 0); }},
        {"movestogo", 0, 100000, [&](int64_t v) { limits.movesToGo = int(v); }},
        {"depth", 1, 1000, [&](int64_t v) { limits.depth = int(v); }},
        {"nodes", 1, INT64_MAX, [&](int64_t v) { limits.nodes = uint64_t(v); }},
        {"mate", 1, 1000, [&](int64_t v) { limits.mate = int(v); }},
        {"movetime", 0, INT64_MAX / 4, [&](int64_t v) { limits.moveTime = v; }},
    };
    for (size_t i = 0; i < t.size(); ++i) {
        if (t[i] == "infinite") { limits.infinite = true; continue; }
        if (t[i] == "ponder") { limits.ponder = true; continue; }
        if (t[i] == "searchmoves") {
            // Moves follow until the next keyword.
            while (i + 1 < t.size()) {
                Move m = uciToMove(pos, t[i + 1]);
                if (m == Move::none()) break;
                limits.searchMoves.push_back(m);
                ++i;
            }
            continue;
        }
        const IntParam* p = nullptr;
        for (const IntParam& candidate : params)
            if (t[i] == candidate.name) p = &candidate;
        if (!p) return infoString("go: unknown parameter '" + clip(t[i]) + "'; search not started");
        int64_t v = 0;
        if (i + 1 >= t.size() || !parseInt(t[i + 1], v) || v < p->min || v > p->max)
            return infoString(std::string("go: ") + p->name + " needs an integer" +
                              (i + 1 < t.size() ? ", got '" + clip(t[i + 1]) + "'" : "") + "; search not started");
        p->set(v);
        ++i;
    }
    engine_.go(limits);
}

void UciLoop::printReport(const SearchReport& r) {
    std::string s = "info depth " + std::to_string(r.depth) + " seldepth " + std::to_string(r.selDepth) +
                    " multipv " + std::to_string(r.multiPv) + " score ";
    s += isMateScore(r.score) ? "mate " + std::to_string(mateInMoves(r.score)) : "cp " + std::to_string(r.score);
    if (r.bound == BoundLower) s += " lowerbound";
    if (r.bound == BoundUpper) s += " upperbound";
    const uint64_t nps = r.timeMs > 0 ? r.nodes * 1000 / uint64_t(r.timeMs) : r.nodes * 1000;
    s += " nodes " + std::to_string(r.nodes) + " nps " + std::to_string(nps) + " hashfull " + std::to_string(r.hashfull) +
         " time " + std::to_string(r.timeMs);
    if (!r.pv.empty()) {
        s += " pv";
        for (Move m : r.pv) s += " " + moveToUci(m, engine_.chess960());
    }
    emit(s);
}

void printPerft(std::ostream& out, Position& pos, int depth) {
    auto start = std::chrono::steady_clock::now();
    uint64_t total = perftDivide(pos, depth, [&](Move m, uint64_t n) {
        out << moveToUci(m, pos.chess960()) << ": " << n << "\n";
    });
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out << "\nNodes searched: " << total << "\n"
        << "Time: " << int64_t(seconds * 1000) << " ms\n"
        << "Nodes/second: " << uint64_t(double(total) / std::max(seconds, 1e-6)) << "\n"
        << std::endl;
}

}  // namespace vazir
