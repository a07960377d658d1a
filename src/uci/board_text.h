// The `d` command's text: the board as a diagram (White at the bottom), then the FEN,
// the Zobrist key, the pieces giving check and the number of legal moves.
#pragma once

#include <string>

#include "core/position.h"

namespace vazir {

std::string describeBoard(const Position& pos);

}  // namespace vazir
