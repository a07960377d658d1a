// Search score conventions: centipawns, with mate scores near +-kMate counted in plies
// from the root.
#pragma once

#include "eval/score_type.h"

namespace vazir {

constexpr int kMaxPly = 128;  // deepest ply the search ever reaches (stack size)
constexpr Score kInfinite = 32000;
constexpr Score kMate = 31000;
constexpr Score kMateInMaxPly = kMate - kMaxPly;
constexpr Score kNoScore = -32001;

// Tablebase results have a band of their own just below the mates: a win proven by the
// tables (not by the search) at `ply` scores kTbWin - ply, so that nearer wins are
// preferred and a real mate still beats any of them. Evaluations stay below the band.
constexpr Score kTbWin = kMateInMaxPly - 1;
constexpr Score kTbWinInMaxPly = kTbWin - kMaxPly;
constexpr Score kMaxEval = kTbWinInMaxPly - 1;  // the largest score an evaluation may give

constexpr Score mateIn(int ply) { return kMate - ply; }
constexpr Score matedIn(int ply) { return -kMate + ply; }
constexpr Score tbWinIn(int ply) { return kTbWin - ply; }
constexpr Score tbLossIn(int ply) { return -kTbWin + ply; }
constexpr bool isMateScore(Score s) { return s >= kMateInMaxPly || s <= -kMateInMaxPly; }
constexpr bool isTbScore(Score s) { return !isMateScore(s) && (s >= kTbWinInMaxPly || s <= -kTbWinInMaxPly); }
// A proven result, by mate or by the tables: pruning must neither return such a score
// it has not proven nor cut against one.
constexpr bool isDecisive(Score s) { return s >= kTbWinInMaxPly || s <= -kTbWinInMaxPly; }

// Mate and tablebase scores are stored in the table relative to the node, not the root,
// so that they stay right when the same position is reached at another ply.
constexpr Score scoreToTT(Score s, int ply) {
    return s >= kTbWinInMaxPly ? s + ply : s <= -kTbWinInMaxPly ? s - ply : s;
}
constexpr Score scoreFromTT(Score s, int ply) {
    return s >= kTbWinInMaxPly ? s - ply : s <= -kTbWinInMaxPly ? s + ply : s;
}

// "mate N" in the UCI sense: moves (not plies) until mate, negative when being mated.
constexpr int mateInMoves(Score s) { return s > 0 ? (kMate - s + 1) / 2 : -(kMate + s) / 2; }

// A tablebase score as UCI centipawns, the way Stockfish prints one: 20000 less the plies
// to the position the tables proved (a win found 3 plies from the root is "cp 19997").
// Other scores are printed as they are.
constexpr Score kTbWinCentipawns = 20000;
constexpr int uciCentipawns(Score s) {
    if (!isTbScore(s)) return s;
    return s > 0 ? kTbWinCentipawns - (kTbWin - s) : -kTbWinCentipawns + (kTbWin + s);
}

}  // namespace vazir
