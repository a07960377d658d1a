#include "search/movepick.h"

#include "search/see.h"

namespace vazir {

bool isCapture(const Position& pos, Move m) {
    return m.kind() == MoveKind::EnPassant || (m.kind() != MoveKind::Castling && !pos.empty(m.to()));
}

bool isNoisy(const Position& pos, Move m) { return m.kind() == MoveKind::Promotion || isCapture(pos, m); }

MovePicker::MovePicker(const Position& pos, Move ttMove, const SearchHistory& history, int ply, Move previousMove,
                       Piece previousPiece) {
    generateMoves<GenType::All>(pos, moves_);
    score(pos, ttMove, history, ply, previousMove, previousPiece);
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
    score(pos, ttMove, history, kMaxPly, Move::none(), NoPiece);
}

void MovePicker::score(const Position& pos, Move ttMove, const SearchHistory& history, int ply, Move previousMove,
                       Piece previousPiece) {
    const Color us = pos.sideToMove();
    const Move* killers = ply < kMaxPly ? history.killers[ply] : nullptr;
    const Move counter = history.counterMove(previousPiece, previousMove);

    for (int i = 0; i < moves_.size(); ++i) {
        const Move m = moves_[i];
        int s;
        if (m == ttMove) {
            s = kTTMoveScore;
        } else if (isNoisy(pos, m)) {
            const bool underPromotion = m.kind() == MoveKind::Promotion && m.promotion() != Queen;
            const PieceType victim = m.kind() == MoveKind::EnPassant ? Pawn : typeOf(pos.pieceOn(m.to()));
            const int mvvLva = kPieceValue[victim] * 8 - int(typeOf(pos.pieceOn(m.from()))) +
                               (m.kind() == MoveKind::Promotion ? kPieceValue[m.promotion()] : 0);
            s = (!underPromotion && seeGe(pos, m, 0) ? kGoodNoisyScore : kBadNoisyScore) + mvvLva;
        } else if (killers && m == killers[0]) {
            s = kKillerScore;
        } else if (killers && m == killers[1]) {
            s = kKillerScore - 1;
        } else if (m == counter) {
            s = kCounterScore;
        } else {
            s = history.quietScore(us, m);
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
