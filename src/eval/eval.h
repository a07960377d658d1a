// Static evaluation, in centipawns from the side to move's point of view.
//
// For now: tapered middlegame/endgame material and piece-square tables (Ronald
// Friederich's PeSTO values, a well-tested public set) plus a tempo bonus. The next
// evaluation issue replaces this with tuned terms.
#pragma once

#include "core/position.h"

namespace vazir {

using Score = int;

// Middlegame piece values, also used by move ordering and SEE.
constexpr Score kPieceValue[kNumPieceTypes] = {0, 100, 320, 330, 500, 950, 0};

constexpr Score kTempo = 10;

Score evaluate(const Position& pos);

}  // namespace vazir
