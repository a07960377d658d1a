#include "core/perft.h"

#include "core/movegen.h"

namespace vazir {

uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    MoveList moves;
    generateMoves<GenType::All>(pos, moves);
    if (depth == 1) return uint64_t(moves.size());

    uint64_t nodes = 0;
    StateInfo st;
    for (Move m : moves) {
        pos.doMove(m, st);
        nodes += depth == 2 ? uint64_t(countLegalMoves(pos)) : perft(pos, depth - 1);
        pos.undoMove(m);
    }
    return nodes;
}

uint64_t perftDivide(Position& pos, int depth, const std::function<void(Move, uint64_t)>& report) {
    if (depth <= 0) return 1;
    MoveList moves;
    generateMoves<GenType::All>(pos, moves);
    uint64_t total = 0;
    StateInfo st;
    for (Move m : moves) {
        pos.doMove(m, st);
        uint64_t n = perft(pos, depth - 1);
        pos.undoMove(m);
        report(m, n);
        total += n;
    }
    return total;
}

}  // namespace vazir
