// Move-ordering memory shared across the nodes of one search. Every table is updated
// through the one gravity formula below, with the one bonus (for the move that cut) and
// malus (for the moves tried before it that did not):
//   - butterfly: quiet moves by side, from and to;
//   - continuation: quiet moves by (piece, to) given the (piece, to) of the move 1, 2
//     and 4 plies earlier: "after the opponent's knight came to f5, Rg1-g5 worked";
//   - capture: captures by moving piece, target square and captured piece type;
//   - killer moves per ply and a counter move per previous (piece, to);
//   - correction: how far search results landed from the static evaluation in earlier
//     positions with the same pawn structure and side to move, to correct the next
//     static evaluation of such a position (the evaluation misjudges a structure
//     consistently, so what the search found there once is a good guess again).
// Cleared by `ucinewgame` and before each bench position.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "core/position.h"
#include "search/score.h"

namespace vazir {

using PieceToHistory = int16_t[kNumPieces][kNumSquares];

// The continuation tables that apply at a node: those of the moves made 1, 2 and 4
// plies before it (null where that move was a null move or lies before the root).
struct ContinuationContext {
    static constexpr int kCount = 3;
    static constexpr int kPliesBack[kCount] = {1, 2, 4};
    PieceToHistory* tables[kCount] = {nullptr, nullptr, nullptr};
};

struct SearchHistory {
    static constexpr int kMax = 16384;  // every history value stays within +-kMax

    int16_t butterfly[kNumColors][kNumSquares][kNumSquares];
    PieceToHistory continuation[kNumPieces][kNumSquares];
    int16_t capture[kNumPieces][kNumSquares][kNumPieceTypes];
    Move counter[kNumPieces][kNumSquares];
    Move killers[kMaxPly + 2][2];

    static constexpr int kCorrectionSize = 16384;        // entries per side to move
    static constexpr int kCorrectionGrain = 256;         // entries hold centipawns * grain
    static constexpr int kCorrectionMax = 32 * kCorrectionGrain;
    static constexpr int kCorrectionWeightScale = 256;
    static constexpr int kCorrectionMaxWeight = 16;
    int16_t pawnCorrection[kNumColors][kCorrectionSize];

    void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }

    // Gravity: a bonus moves the value toward +-kMax by less the closer it already is,
    // so values stay bounded and a move that stops working loses its score quickly.
    static void update(int16_t& value, int bonus) {
        bonus = std::clamp(bonus, -kMax, kMax);
        value = int16_t(value + bonus - value * std::abs(bonus) / kMax);
    }
    static int bonusFor(int depth) { return std::min(16 * depth * depth + 32 * depth + 16, 1200); }

    // Ordering score of a quiet move: its butterfly value plus its continuation values.
    int quietScore(Color us, Piece moved, Move m, const ContinuationContext& cc) const {
        int s = butterfly[us][m.from()][m.to()];
        for (const PieceToHistory* t : cc.tables)
            if (t) s += (*t)[moved][m.to()];
        return s;
    }
    void updateQuiet(Color us, Piece moved, Move m, const ContinuationContext& cc, int bonus) {
        update(butterfly[us][m.from()][m.to()], bonus);
        for (PieceToHistory* t : cc.tables)
            if (t) update((*t)[moved][m.to()], bonus);
    }

    int captureScore(Piece moved, Move m, PieceType captured) const { return capture[moved][m.to()][captured]; }
    void updateCapture(Piece moved, Move m, PieceType captured, int bonus) {
        update(capture[moved][m.to()][captured], bonus);
    }

    // The static evaluation corrected by what search found in positions of the same
    // pawn structure; never reaches the mate range.
    Score correctedEval(const Position& pos, Score raw) const {
        const int c = pawnCorrection[pos.sideToMove()][pos.pawnKey() % kCorrectionSize];
        return std::clamp(raw + c / kCorrectionGrain, -kMaxEval, kMaxEval);
    }
    // A search of `depth` found `searched` where the raw evaluation said `raw`: move the
    // entry toward the difference, the more so the deeper the search (a moving average,
    // bounded by kCorrectionMax).
    void updateCorrection(const Position& pos, Score raw, Score searched, int depth) {
        int16_t& e = pawnCorrection[pos.sideToMove()][pos.pawnKey() % kCorrectionSize];
        const int weight = std::min(depth + 1, kCorrectionMaxWeight);
        const int target = (searched - raw) * kCorrectionGrain;
        const int v = (e * (kCorrectionWeightScale - weight) + target * weight) / kCorrectionWeightScale;
        e = int16_t(std::clamp(v, -kCorrectionMax, kCorrectionMax));
    }

    void addKiller(int ply, Move m) {
        if (ply >= kMaxPly || killers[ply][0] == m) return;
        killers[ply][1] = killers[ply][0];
        killers[ply][0] = m;
    }

    // The counter move is keyed by the piece that made the previous move (as it stood
    // before moving: the pawn of a promotion, the king of a castling) and that move's
    // target square; writer and reader both go through here so the key is the same.
    Move counterMove(Piece previousPiece, Move previous) const {
        return previous.isOk() && previousPiece != NoPiece ? counter[previousPiece][previous.to()] : Move::none();
    }
    void setCounterMove(Piece previousPiece, Move previous, Move reply) {
        if (previous.isOk() && previousPiece != NoPiece) counter[previousPiece][previous.to()] = reply;
    }
};

}  // namespace vazir
