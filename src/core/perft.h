// Perft: counts the leaf nodes of the legal move tree, the move generator's proof.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

#include "core/position.h"

namespace vazir {

// Leaf count at `depth`; bulk-counts at the last ply (no make/unmake for leaves). With
// `stop`, it returns early (a partial count) once the flag is set.
uint64_t perft(Position& pos, int depth, const std::atomic<bool>* stop = nullptr);

// Perft split by root move: calls `report(move, count)` for every legal root move in
// generation order and returns the total. With `stop`, it returns early (a partial total,
// the unfinished root move not reported) once the flag is set: `go perft` runs on the
// search thread and ends on `stop` like a search.
uint64_t perftDivide(Position& pos, int depth, const std::function<void(Move, uint64_t)>& report,
                     const std::atomic<bool>* stop = nullptr);

}  // namespace vazir
