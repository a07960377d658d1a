#include "search/movepick.h"

#include "search/see.h"
#include "eval/eval.h"

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

MovePicker::MovePicker(const Position& pos, Move ttMove, const SearchHistory& history, const OrderingContext& ctx)
    : pos_(pos), history_(history), ctx_(ctx), ttMove_(ttMove) {
    stage_ = Stage::TTMove;
    if (ctx.ply < kMaxPly) {
        killers_[0] = history.killers[ctx.ply][0];
        killers_[1] = history.killers[ctx.ply][1];
    }
    counter_ = history.counterMove(ctx.previousPiece, ctx.previous);
}

MovePicker::MovePicker(const Position& pos, Move ttMove, const SearchHistory& history)
    : pos_(pos), history_(history), ttMove_(ttMove) {
    ctx_.ply = kMaxPly;  // no killers or counter move in quiescence
    stage_ = pos.inCheck() ? Stage::TTMove : Stage::QTTMove;
}

void MovePicker::scoreNoisy(int begin, int end) {
    for (int i = begin; i < end; ++i) {
        const Move m = moves_[i];
        const Piece moved = pos_.pieceOn(m.from());
        const bool underPromotion = m.kind() == MoveKind::Promotion && m.promotion() != Queen;
        const PieceType victim = capturedType(pos_, m);
        const int order = kPieceValue[victim] * 8 - int(typeOf(moved)) +
                          history_.captureScore(moved, m, victim) / kCaptureHistoryDivisor +
                          (m.kind() == MoveKind::Promotion ? kPieceValue[m.promotion()] : 0);
        scores_[i] = (!underPromotion && seeGe(pos_, m, 0) ? kGoodNoisyScore : kBadNoisyScore) + order;
    }
}

void MovePicker::scoreQuiet(int begin, int end) {
    const Color us = pos_.sideToMove();
    for (int i = begin; i < end; ++i) {
        const Move m = moves_[i];
        scores_[i] = history_.quietScore(us, pos_.pieceOn(m.from()), m, ctx_.continuation);
    }
}

bool MovePicker::alreadyTried(Move m) const {
    return m == ttMove_ || m == killers_[0] || m == killers_[1] || m == counter_;
}

void MovePicker::dropQuietsWithoutCheck() {
    int kept = cur_;
    for (int i = cur_; i < end_; ++i)
        if (pos_.givesCheck(moves_[i])) {
            moves_.data()[kept] = moves_[i];
            scores_[kept++] = scores_[i];
        }
    end_ = kept;
    quietsFiltered_ = true;
}

// A killer or counter move is tried before the quiets are generated when it is a legal
// quiet move here that has not come out already (and gives check, once only checking
// quiets are wanted).
bool MovePicker::usableSpecialQuiet(Move m) const {
    return m.isOk() && m != ttMove_ && !isNoisy(pos_, m) && isLegal(pos_, m) &&
           (!onlyCheckingQuiets_ || pos_.givesCheck(m));
}

Move MovePicker::selectBest(bool skipTried) {
    while (cur_ < end_) {
        int best = cur_;
        for (int i = cur_ + 1; i < end_; ++i)
            if (scores_[i] > scores_[best]) best = i;
        const Move m = moves_[best];
        lastScore_ = scores_[best];
        // Swap the chosen move into place.
        moves_.data()[best] = moves_[cur_];
        scores_[best] = scores_[cur_];
        moves_.data()[cur_] = m;
        scores_[cur_] = lastScore_;
        ++cur_;
        if (skipTried ? !alreadyTried(m) : m != ttMove_) return m;
    }
    return Move::none();
}

// In check: every evasion at once, ordered like the main stages.
void MovePicker::generateEvasions() {
    generateMoves<GenType::Evasions>(pos_, moves_);
    cur_ = 0;
    end_ = moves_.size();
    for (int i = 0; i < end_; ++i) {
        const Move m = moves_[i];
        if (isNoisy(pos_, m)) scoreNoisy(i, i + 1);
        else if (m == killers_[0]) scores_[i] = kKillerScore;
        else if (m == killers_[1]) scores_[i] = kKillerScore - 1;
        else if (m == counter_) scores_[i] = kCounterScore;
        else scoreQuiet(i, i + 1);
    }
}

// Quiescence looks at captures and queen promotions; under-promotions are dropped.
void MovePicker::generateQuiescence() {
    generateMoves<GenType::Noisy>(pos_, moves_);
    int n = 0;
    for (Move m : moves_)
        if (m.kind() != MoveKind::Promotion || m.promotion() == Queen) moves_.data()[n++] = m;
    moves_.setSize(n);
    cur_ = 0;
    end_ = n;
    scoreNoisy(cur_, end_);
}

Move MovePicker::next() {
    switch (stage_) {
    case Stage::TTMove:
        stage_ = pos_.inCheck() ? Stage::GenerateEvasions : Stage::GenerateNoisy;
        if (isLegal(pos_, ttMove_)) {
            lastScore_ = kTTMoveScore;
            return ttMove_;
        }
        ttMove_ = Move::none();
        return next();

    case Stage::GenerateNoisy:
        generateMoves<GenType::Noisy>(pos_, moves_);
        cur_ = 0;
        end_ = moves_.size();
        scoreNoisy(cur_, end_);
        stage_ = Stage::GoodNoisy;
        [[fallthrough]];
    case Stage::GoodNoisy:
        if (Move m = selectBest(false); m != Move::none()) {
            if (lastScore_ >= kGoodNoisyScore) return m;
            --cur_;  // the first losing capture: it and the rest wait for the last stage
        }
        badBegin_ = cur_;
        badEnd_ = end_;
        stage_ = Stage::Killer1;
        [[fallthrough]];
    case Stage::Killer1:
        stage_ = Stage::Killer2;
        if (usableSpecialQuiet(killers_[0])) {
            lastScore_ = kKillerScore;
            return killers_[0];
        }
        [[fallthrough]];
    case Stage::Killer2:
        stage_ = Stage::Counter;
        if (killers_[1] != killers_[0] && usableSpecialQuiet(killers_[1])) {
            lastScore_ = kKillerScore - 1;
            return killers_[1];
        }
        [[fallthrough]];
    case Stage::Counter:
        stage_ = Stage::GenerateQuiet;
        if (counter_ != killers_[0] && counter_ != killers_[1] && usableSpecialQuiet(counter_)) {
            lastScore_ = kCounterScore;
            return counter_;
        }
        [[fallthrough]];
    case Stage::GenerateQuiet:
        cur_ = moves_.size();
        generateMoves<GenType::Quiet>(pos_, moves_);
        end_ = moves_.size();
        if (onlyCheckingQuiets_) dropQuietsWithoutCheck();
        scoreQuiet(cur_, end_);
        stage_ = Stage::Quiet;
        [[fallthrough]];
    case Stage::Quiet:
        if (onlyCheckingQuiets_ && !quietsFiltered_) dropQuietsWithoutCheck();
        if (Move m = selectBest(true); m != Move::none()) return m;
        cur_ = badBegin_;
        end_ = badEnd_;
        stage_ = Stage::Remaining;  // the losing captures
        return next();

    case Stage::GenerateEvasions:
        generateEvasions();
        stage_ = Stage::Remaining;
        return next();

    case Stage::QTTMove:
        stage_ = Stage::QGenerateNoisy;
        if (isLegal(pos_, ttMove_) && isNoisy(pos_, ttMove_) &&
            (ttMove_.kind() != MoveKind::Promotion || ttMove_.promotion() == Queen)) {
            lastScore_ = kTTMoveScore;
            return ttMove_;
        }
        ttMove_ = Move::none();
        [[fallthrough]];
    case Stage::QGenerateNoisy:
        generateQuiescence();
        stage_ = Stage::Remaining;
        [[fallthrough]];
    case Stage::Remaining:  // moves_[cur_, end_) best first, then done
        if (Move m = selectBest(false); m != Move::none()) return m;
        stage_ = Stage::Done;
        return Move::none();

    case Stage::Done:
        return Move::none();
    }
    return Move::none();
}

}  // namespace vazir
