// Search score conventions: centipawns, with mate scores near +-kMate counted in plies
// from the root.
#pragma once

#include "eval/eval.h"

namespace vazir {

constexpr int kMaxPly = 128;  // deepest ply the search ever reaches (stack size)
constexpr Score kInfinite = 32000;
constexpr Score kMate = 31000;
constexpr Score kMateInMaxPly = kMate - kMaxPly;
constexpr Score kNoScore = -32001;

constexpr Score mateIn(int ply) { return kMate - ply; }
constexpr Score matedIn(int ply) { return -kMate + ply; }
constexpr bool isMateScore(Score s) { return s >= kMateInMaxPly || s <= -kMateInMaxPly; }

// Mate scores are stored in the table relative to the node, not the root, so that they
// stay right when the same position is reached at another ply.
constexpr Score scoreToTT(Score s, int ply) {
    return s >= kMateInMaxPly ? s + ply : s <= -kMateInMaxPly ? s - ply : s;
}
constexpr Score scoreFromTT(Score s, int ply) {
    return s >= kMateInMaxPly ? s - ply : s <= -kMateInMaxPly ? s + ply : s;
}

// "mate N" in the UCI sense: moves (not plies) until mate, negative when being mated.
constexpr int mateInMoves(Score s) { return s > 0 ? (kMate - s + 1) / 2 : -(kMate + s) / 2; }

}  // namespace vazir
