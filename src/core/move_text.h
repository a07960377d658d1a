// Moves as UCI long algebraic text: e2e4, e7e8q, and castling as e1g1 in standard chess
// or king-takes-rook (e1h1) in Chess960.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"

namespace vazir {

std::string moveToUci(Move m, bool chess960);

// The legal move of `pos` that `text` names, or Move::none(). Castling is accepted in
// both notations (king to its target square, or king takes own rook) in either mode.
Move uciToMove(const Position& pos, std::string_view text);

std::string squareName(Square s);

}  // namespace vazir
