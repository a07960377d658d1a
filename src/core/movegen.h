// Legal move generation with check and pin masks (no make-and-test).
//
// GenType::All gives every legal move; Noisy gives captures (en passant included) and all
// four promotions; Quiet gives the rest (non-capturing, non-promoting moves, castling).
// Noisy and Quiet are disjoint and together equal All. When the side to move is in check
// every generator yields only evasions; GenType::Evasions is All, asserted to be in check.
#pragma once

#include <algorithm>
#include <array>

#include "core/position.h"

namespace vazir {

enum class GenType { All, Noisy, Quiet, Evasions };

constexpr int kMaxMoves = 256;  // the most legal moves in any position is 218

class MoveList {
public:
    void push(Move m) { moves_[size_++] = m; }
    Move* end() { return moves_.data() + size_; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    Move* begin() { return moves_.data(); }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move operator[](int i) const { return moves_[i]; }
    bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }
    void setSize(int n) { size_ = n; }
    Move* data() { return moves_.data(); }

private:
    std::array<Move, kMaxMoves> moves_;
    int size_ = 0;
};

// Appends the legal moves of the given type to `list`.
template <GenType Type>
void generateMoves(const Position& pos, MoveList& list);

// Number of legal moves, without keeping them (perft's bulk count at the last ply).
int countLegalMoves(const Position& pos);

bool hasLegalMove(const Position& pos);

// Is `m` (any 16-bit value: a hash-table move, a killer from another position) a legal
// move here? Lets the search try such moves before generating any.
bool isLegal(const Position& pos, Move m);

// Draw by the fifty-move rule: halfmove clock >= 100, unless the side to move is mated.
bool isFiftyMoveDraw(const Position& pos);

}  // namespace vazir
