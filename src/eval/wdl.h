// Win/draw/loss probabilities from a score, for `UCI_ShowWDL`. The model is fitted on
// Vazir's own self-play games by scripts/fit_wdl.py (its table is in wdl.cpp): from
// the side to move's score s and the material m on the board (pawn 1, minor 3, rook 5,
// queen 9, both sides),
//     W = 1 / (1 + exp((a(m) - s) / b(m))),  L = 1 / (1 + exp((a(m) + s) / b(m))),  D = 1 - W - L.
#pragma once

#include "core/position.h"
#include "eval/score_type.h"

namespace vazir {

struct Wdl {
    int win = 0, draw = 0, loss = 0;  // per mille, summing to 1000
};

// Material as the model counts it.
int wdlMaterial(const Position& pos);
// `mate` scores give 1000 for the side that mates.
Wdl wdlFromScore(Score score, int material, bool mateForUs, bool mateAgainstUs);

}  // namespace vazir
