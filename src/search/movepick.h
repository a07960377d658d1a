// Move ordering in stages, so that a node cut off by its first move or two never pays
// for generating and scoring the rest:
//   1. the transposition-table move, checked for legality, before anything is generated;
//   2. captures and queen promotions that do not lose material (SEE >= 0), by victim
//      value, then capture history, then cheaper attacker (MVV/LVA);
//   3. the two killer moves of this ply, then the counter move (quiet and legal here);
//   4. the other quiet moves by history (butterfly + continuation);
//   5. captures that lose material (SEE < 0) and under-promotions.
// In check every evasion is generated at once and ordered the same way. Within a stage
// moves come out by selection sort: most nodes stop after a few moves.
// Quiescence: the table move if it is a capture or queen promotion, then captures and
// queen promotions (good, then bad); in check, every evasion.
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
    // From now on, quiet moves that do not give check are not wanted (the search prunes
    // them once enough moves were tried): the picker drops them without sorting them.
    void skipQuietsExceptChecks() { onlyCheckingQuiets_ = true; }
    // Ordering class of the last move returned: one of the k...Score bases below (plus an
    // offset within its class); below zero means a losing capture or an under-promotion.
    int lastScore() const { return lastScore_; }

    static constexpr int kTTMoveScore = 1 << 30;
    static constexpr int kGoodNoisyScore = 1 << 28;
    static constexpr int kKillerScore = 1 << 27;
    static constexpr int kCounterScore = (1 << 27) - 2;
    static constexpr int kBadNoisyScore = -(1 << 28);
    static constexpr int kCaptureHistoryDivisor = 8;  // capture history next to victim value * 8

private:
    enum class Stage {
        TTMove, GenerateNoisy, GoodNoisy, Killer1, Killer2, Counter, GenerateQuiet, Quiet,
        GenerateEvasions,
        QTTMove, QGenerateNoisy,
        Remaining,  // the last stage of each sequence: what is left of the list, best first
        Done
    };

    void scoreNoisy(int begin, int end);
    void generateEvasions();
    void generateQuiescence();
    void scoreQuiet(int begin, int end);
    // Best remaining move of moves_[cur_, end_) by selection, skipping `skip`'s moves
    // (the table move and the killers/counter already tried); none when exhausted.
    Move selectBest(bool skipTried);
    bool alreadyTried(Move m) const;
    bool usableSpecialQuiet(Move m) const;
    void dropQuietsWithoutCheck();  // from moves_[cur_, end_), keeping the order of the rest

    const Position& pos_;
    const SearchHistory& history_;
    OrderingContext ctx_;
    Move ttMove_;
    Move killers_[2];
    Move counter_;
    Stage stage_;

    MoveList moves_;
    int scores_[kMaxMoves];
    int cur_ = 0, end_ = 0;
    int badBegin_ = 0, badEnd_ = 0;  // losing captures, parked at the front of moves_
    int lastScore_ = 0;
    bool onlyCheckingQuiets_ = false;
    bool quietsFiltered_ = false;
};

bool isCapture(const Position& pos, Move m);
// Captures and promotions: moves that change the material balance.
bool isNoisy(const Position& pos, Move m);
// The type of the piece a move captures (Pawn for en passant, NoPieceType for none).
PieceType capturedType(const Position& pos, Move m);

}  // namespace vazir
