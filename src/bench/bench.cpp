#include "bench/bench.h"

#include <charconv>
#include <chrono>
#include <iostream>

#include "bench/positions.h"
#include "core/move_text.h"
#include "engine/engine.h"

namespace vazir {

namespace {

bool parseCount(std::string_view text, int& value, int max) {
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && p == text.data() + text.size() && value >= 1 && value <= max;
}

}  // namespace

std::string parseBenchArgs(const std::vector<std::string_view>& words, BenchArgs& args) {
    BenchArgs parsed;
    if (words.size() > 2) return std::string("too many arguments; usage: ") + kBenchUsage;
    if (words.size() > 0 && !parseCount(words[0], parsed.depth, 64))
        return std::string("bad depth; usage: ") + kBenchUsage;
    if (words.size() > 1 && !parseCount(words[1], parsed.threads, 1024))
        return std::string("bad thread count; usage: ") + kBenchUsage;
    args = parsed;
    return "";
}

int runBench(std::ostream& out, int depth, int threads) {
    Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
    (void)engine.setOption("Hash", "16", true);
    if (std::string err = engine.setOption("Threads", std::to_string(threads), true); !err.empty()) {
        out << "bench: " << err << std::endl;
        return 1;
    }
    uint64_t totalNodes = 0;
    auto start = std::chrono::steady_clock::now();
    int index = 0;
    for (const char* fen : bench::kPositions) {
        ++index;
        if (ParseResult r = engine.setPosition(fen, {}); !r.ok()) {
            out << "bench position " << index << " is invalid: " << r.error << std::endl;
            return 1;
        }
        uint64_t nodes = 0;
        SearchResult res = engine.searchFresh(depth, nodes);
        totalNodes += nodes;
        out << "position " << index << ": bestmove " << moveToUci(res.best, false) << " score " << res.score
            << " nodes " << nodes << "  " << fen << "\n";
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out << "\n" << totalNodes << " nodes " << uint64_t(double(totalNodes) / std::max(seconds, 1e-3)) << " nps" << std::endl;
    return 0;
}

}  // namespace vazir
