// Move-ordering memory shared across the nodes of one search: killer moves per ply,
// a butterfly history of quiet moves by side/from/to, and counter moves indexed by the
// previous move's piece and target. Cleared by `ucinewgame` and before each bench position.
#pragma once

#include <array>
#include <cstring>

#include "core/position.h"
#include "search/score.h"

namespace vazir {

struct SearchHistory {
    static constexpr int kMax = 16384;  // history values stay within +-kMax

    int16_t butterfly[kNumColors][kNumSquares][kNumSquares];
    Move counter[kNumPieces][kNumSquares];
    Move killers[kMaxPly + 2][2];

    void clear() { std::memset(static_cast<void*>(this), 0, sizeof(*this)); }

    // Gravity update: bonuses shrink as the value approaches the bound.
    static void update(int16_t& value, int bonus) {
        value = int16_t(value + bonus - value * std::abs(bonus) / kMax);
    }
    static int bonusFor(int depth) { return std::min(16 * depth * depth + 32 * depth + 16, 1200); }

    int quietScore(Color c, Move m) const { return butterfly[c][m.from()][m.to()]; }

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
