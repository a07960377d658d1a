// What a `go` command asks for.
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.h"

namespace vazir {

struct SearchLimits {
    int64_t time[kNumColors] = {-1, -1};  // ms left on each clock, -1 = not given
    int64_t inc[kNumColors] = {0, 0};
    int movesToGo = 0;      // 0 = not given (sudden death)
    int depth = 0;          // 0 = no limit
    uint64_t nodes = 0;     // 0 = no limit
    int mate = 0;           // find a mate in this many moves, 0 = no
    int64_t moveTime = -1;  // ms, -1 = not given
    bool infinite = false;
    bool ponder = false;
    std::vector<Move> searchMoves;  // empty = all

    // A clock for either side means the game is timed; a missing own clock then counts
    // as no time left (move at once) rather than as no limit.
    bool usesClock() const { return time[White] >= 0 || time[Black] >= 0; }
};

}  // namespace vazir
