// Perft: counts the leaf nodes of the legal move tree, the move generator's proof.
#pragma once

#include <cstdint>
#include <functional>

#include "core/position.h"

namespace vazir {

// Leaf count at `depth`; bulk-counts at the last ply (no make/unmake for leaves).
uint64_t perft(Position& pos, int depth);

// Perft split by root move: calls `report(move, count)` for every legal root move in
// generation order and returns the total.
uint64_t perftDivide(Position& pos, int depth, const std::function<void(Move, uint64_t)>& report);

}  // namespace vazir
