// Move ordering. Generates the legal moves once and hands them out best first
// (selection sort: most nodes cut off after one or two moves, so sorting everything
// would waste time):
//   1. the transposition-table move,
//   2. captures and queen promotions that do not lose material (SEE >= 0), by victim
//      value then capture history, then cheaper attacker (MVV/LVA),
//   3. the two killer moves of this ply, then the counter move,
//   4. other quiet moves by history (butterfly + continuation),
//   5. captures that lose material (SEE < 0) and under-promotions.
#pragma once

#include "core/movegen.h"
#include "search/history.h"

namespace vazir {

// What the main search's ordering knows about the line leading to the node.
struct OrderingContext {
    int ply = 0;
    Move previous = Move::none();   // the opponent's last move (none after a null move)
    Piece previousPiece = NoPiece;  // the piece that made it (the counter-move key)
    ContinuationContext continuation;
};

class MovePicker {
public:
    // Main search: all legal moves (evasions when in check).
    MovePicker(const Position& pos, Move ttMove, const SearchHistory& history, const OrderingContext& ctx);
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
    static constexpr int kCaptureHistoryDivisor = 8;  // capture history next to victim value * 8

private:
    void score(const Position& pos, Move ttMove, const SearchHistory& history, const OrderingContext& ctx);

    MoveList moves_;
    int scores_[kMaxMoves];
    int index_ = 0;
    int lastScore_ = 0;
};

bool isCapture(const Position& pos, Move m);
// Captures and promotions: moves that change the material balance.
bool isNoisy(const Position& pos, Move m);
// The type of the piece a move captures (Pawn for en passant, NoPieceType for none).
PieceType capturedType(const Position& pos, Move m);

}  // namespace vazir
