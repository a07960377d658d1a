// Zobrist hashing keys. Filled once with a fixed-seed PRNG so that keys (and hence
// search node counts) are the same on every run and every machine.
#pragma once

#include "core/types.h"

namespace vazir::zobrist {

extern Key psq[kNumPieces][kNumSquares];
extern Key enPassant[8];  // by file
extern Key castling[kNumCastlingRights];
extern Key side;          // xor-ed in when Black is to move

void init();

}  // namespace vazir::zobrist
