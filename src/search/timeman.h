// Time management: turns the clock into two limits.
//   soft: checked between iterations; no new iteration starts past it. Scaled by how
//         stable the best move has been and by the share of the nodes it took (a settled
//         move finishes sooner).
//   hard: checked inside the search every few thousand nodes; the search stops at once.
// Both keep `Move Overhead` in reserve for the GUI and the pipe.
#pragma once

#include <cstdint>

#include "search/limits.h"

namespace vazir {

struct TimeBudget {
    bool timed = false;   // false: no time limit (depth/nodes/mate/infinite only)
    bool fixed = false;   // movetime: use the time given, no stability scaling
    int64_t softMs = 0;
    int64_t hardMs = 0;
};

TimeBudget computeTimeBudget(const SearchLimits& limits, Color us, int64_t moveOverheadMs);

// Factor applied to the soft limit after `stableIterations` iterations with the same best
// move (0 = it just changed): more time while the choice is unsettled.
double stabilityFactor(int stableIterations);

// Factor applied to the soft limit given the share (0..1) of this search's nodes spent
// under the best move. When the best move took nearly all of them, the alternatives were
// refuted quickly and more time would rarely change the choice; when it took few, the
// choice is close and worth more time.
double nodeShareFactor(double bestMoveNodeShare);


}  // namespace vazir
