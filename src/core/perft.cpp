#include "core/perft.h"

#include "core/movegen.h"

namespace vazir {

// With a stop flag, it is read at nodes this deep or more: each of those has thousands of
// leaves below it, so the read costs nothing and a stop is seen within milliseconds.
constexpr int kStopCheckDepth = 3;

uint64_t perft(Position& pos, int depth, const std::atomic<bool>* stop) {
    if (depth <= 0) return 1;
    if (stop && depth >= kStopCheckDepth && stop->load(std::memory_order_relaxed)) return 0;
    MoveList moves;
    generateMoves<GenType::All>(pos, moves);
    if (depth == 1) return uint64_t(moves.size());

    uint64_t nodes = 0;
    StateInfo st;
    for (Move m : moves) {
        pos.doMove(m, st);
        nodes += depth == 2 ? uint64_t(countLegalMoves(pos)) : perft(pos, depth - 1, stop);
        pos.undoMove(m);
    }
    return nodes;
}

uint64_t perftDivide(Position& pos, int depth, const std::function<void(Move, uint64_t)>& report,
                     const std::atomic<bool>* stop) {
    if (depth <= 0) return 1;
    MoveList moves;
    generateMoves<GenType::All>(pos, moves);
    uint64_t total = 0;
    StateInfo st;
    for (Move m : moves) {
        pos.doMove(m, st);
        const uint64_t n = perft(pos, depth - 1, stop);
        pos.undoMove(m);
        if (stop && stop->load(std::memory_order_relaxed)) return total;
        report(m, n);
        total += n;
    }
    return total;
}

}  // namespace vazir
