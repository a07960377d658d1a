// Move ordering. Generates the legal moves once and hands them out best first
// (selection sort: most nodes cut off after one or two moves, so sorting everything
// would waste time):
//   1. the transposition-table move,
//   2. captures and queen promotions that do not lose material (SEE >= 0), by victim
//      value then cheaper attacker (MVV/LVA),
//   3. the two killer moves of this ply, then the counter move,
//   4. other quiet moves by history,
//   5. captures that lose material (SEE < 0) and under-promotions.
#pragma once

#include "core/movegen.h"
#include "search/history.h"

namespace vazir {

class MovePicker {
public:
    // Main search: all legal moves (evasions when in check). `previousPiece` is the piece
    // that made `previousMove` (the counter-move table's key, as when it was written).
    MovePicker(const Position& pos, Move ttMove, const SearchHistory& history, int ply, Move previousMove,
               Piece previousPiece);
    // Quiescence: captures and queen promotions only, or all evasions when in check.
    MovePicker(const Position& pos, Move ttMove, const SearchHistory& history);

    // The next move, or Move::none() when done.
    Move next();
    // Ordering class of the last move returned; below zero means a losing capture.
    int lastScore() const { return lastScore_; }
    int count() const { return moves_.size(); }

    static constexpr int kTTMoveScore = 1 << 30;
    static constexpr int kGoodNoisyScore = 1 << 28;
    static constexpr int kKillerScore = 1 << 27;
    static constexpr int kCounterScore = (1 << 27) - 2;
    static constexpr int kBadNoisyScore = -(1 << 28);

private:
    void score(const Position& pos, Move ttMove, const SearchHistory& history, int ply, Move previousMove,
               Piece previousPiece);

    MoveList moves_;
    int scores_[kMaxMoves];
    int index_ = 0;
    int lastScore_ = 0;
};

bool isCapture(const Position& pos, Move m);
// Captures and promotions: moves that change the material balance.
bool isNoisy(const Position& pos, Move m);

}  // namespace vazir
