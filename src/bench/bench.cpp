#include "bench/bench.h"

#include <chrono>
#include <iostream>

#include "bench/positions.h"
#include "core/move_text.h"
#include "engine/engine.h"

namespace vazir {

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
