// Static exchange evaluation: does the exchange sequence started by a move on its
// target square win at least `threshold` centipawns, with both sides recapturing with
// their least valuable attacker (x-rays included)?
#pragma once

#include "core/position.h"
#include "eval/eval.h"

namespace vazir {

bool seeGe(const Position& pos, Move m, Score threshold);

}  // namespace vazir
