// Static evaluation, in centipawns from the side to move's point of view.
//
// Hand-crafted terms (terms.h) with middlegame/endgame weights (weights.cpp), tapered
// by game phase, scaled toward a draw for endings that are hard to win, and exactly 0
// for dead positions. Pawn-structure terms are cached per thread by pawn key.
#pragma once

#include <string>

#include "core/position.h"
#include "eval/score_type.h"
#include "eval/weights.h"

namespace vazir {

// Plain piece values for move ordering and SEE (not the evaluation's material weights).
constexpr Score kPieceValue[kNumPieceTypes] = {0, 100, 320, 330, 500, 950, 0};

Score evaluate(const Position& pos);

// The same evaluation, filling `trace` with the coefficient of every weight (for the
// `eval` command and the tests). Returns the score from White's point of view.
Score evaluateTrace(const Position& pos, EvalTrace& trace);

// A term-by-term table of the evaluation (white and black, middlegame and endgame).
std::string describeEvaluation(const Position& pos);

}  // namespace vazir
