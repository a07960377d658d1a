// Evaluation weights (a middlegame/endgame pair per weight) and the coefficient trace
// the `eval` command prints. Both are generated from the term list in terms.h.
#pragma once

#include "eval/pair.h"
#include "eval/terms.h"

namespace vazir {

struct EvalWeights {
#define VAZIR_DECLARE_WEIGHT(name, n) Pair name[n];
    VAZIR_EVAL_TERMS(VAZIR_DECLARE_WEIGHT)
#undef VAZIR_DECLARE_WEIGHT
};

// How often each weight was used, per colour, in one evaluation: the evaluation before
// scaling is the sum over weights of weight * (trace[White] - trace[Black]).
struct EvalTrace {
#define VAZIR_DECLARE_COEFF(name, n) int name[n][2] = {};
    VAZIR_EVAL_TERMS(VAZIR_DECLARE_COEFF)
#undef VAZIR_DECLARE_COEFF
    int scale = 128;   // endgame scale factor applied (of 128)
    int phase = 0;     // 0 (bare kings) .. 24 (all pieces)
};

// The weights the engine uses (eval/weights.cpp: hand-set starting values; a tuning run
// rewrites that file).
extern const EvalWeights kWeights;

}  // namespace vazir
