#include "search/movepick.h"

#include "search/see.h"

namespace vazir {

bool isCapture(const Position& pos, Move m) {
    return m.kind() == MoveKind::EnPassant || (m.kind() != MoveKind::Castling && !pos.empty(m.to()));
}

bool isNoisy(const Position& pos, Move m) { return m.kind() == MoveKind::Promotion || isCapture(pos, m); }

PieceType capturedType(const Position& pos, Move m) {
    if (m.kind() == MoveKind::EnPassant) return Pawn;
    if (m.kind() == MoveKind::Castling) return NoPieceType;
    return typeOf(pos.pieceOn(m.to()));
}

MovePicker::MovePicker(const Position& pos, Move ttMove, const SearchHistory& history, const OrderingContext& ctx) {
    generateMoves<GenType::All>(pos, moves_);
    score(pos, ttMove, history, ctx);
}

MovePicker::MovePicker(const Position& pos, Move ttMove, const SearchHistory& history) {
    if (pos.inCheck()) {
        generateMoves<GenType::All>(pos, moves_);
    } else {
        generateMoves<GenType::Noisy>(pos, moves_);
        // Quiescence looks at queen promotions only; under-promotions are dropped.
        int n = 0;
        for (Move m : moves_)
            if (m.kind() != MoveKind::Promotion || m.promotion() == Queen) moves_.data()[n++] = m;
        moves_.setSize(n);
    }
    OrderingContext none;
    none.ply = kMaxPly;  // no killers
    score(pos, ttMove, history, none);
}

void MovePicker::score(const Position& pos, Move ttMove, const SearchHistory& history, const OrderingContext& ctx) {
    const Color us = pos.sideToMove();
    const Move* killers = ctx.ply < kMaxPly ? history.killers[ctx.ply] : nullptr;
    const Move counter = history.counterMove(ctx.previousPiece, ctx.previous);

    for (int i = 0; i < moves_.size(); ++i) {
        const Move m = moves_[i];
        const Piece moved = pos.pieceOn(m.from());
        int s;
        if (m == ttMove) {
            s = kTTMoveScore;
        } else if (isNoisy(pos, m)) {
            const bool underPromotion = m.kind() == MoveKind::Promotion && m.promotion() != Queen;
            const PieceType victim = capturedType(pos, m);
            const int order = kPieceValue[victim] * 8 - int(typeOf(moved)) +
                              history.captureScore(moved, m, victim) / kCaptureHistoryDivisor +
                              (m.kind() == MoveKind::Promotion ? kPieceValue[m.promotion()] : 0);
            s = (!underPromotion && seeGe(pos, m, 0) ? kGoodNoisyScore : kBadNoisyScore) + order;
        } else if (killers && m == killers[0]) {
            s = kKillerScore;
        } else if (killers && m == killers[1]) {
            s = kKillerScore - 1;
        } else if (m == counter) {
            s = kCounterScore;
        } else {
            s = history.quietScore(us, moved, m, ctx.continuation);
        }
        scores_[i] = s;
    }
}

Move MovePicker::next() {
    if (index_ >= moves_.size()) return Move::none();
    int best = index_;
    for (int i = index_ + 1; i < moves_.size(); ++i)
        if (scores_[i] > scores_[best]) best = i;
    Move m = moves_[best];
    lastScore_ = scores_[best];
    // Swap the chosen move into place.
    moves_.data()[best] = moves_[index_];
    scores_[best] = scores_[index_];
    moves_.data()[index_] = m;
    ++index_;
    return m;
}

}  // namespace vazir
