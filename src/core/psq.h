// Material-and-placement values per piece and square, which Position sums incrementally
// (White minus Black) so that the evaluation does not loop over every piece for them.
//
// The numbers belong to the evaluation: it installs them once, before main() runs, from
// its weights (eval/weights.cpp). The core only adds and subtracts, so it stays free of
// any evaluation include. A position built before the table is installed would carry a
// stale sum; none is, since positions are only made after start-up.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace vazir {

struct PsqValue {
    int32_t mg = 0;
    int32_t eg = 0;
    constexpr PsqValue& operator+=(PsqValue o) { mg += o.mg; eg += o.eg; return *this; }
    constexpr PsqValue& operator-=(PsqValue o) { mg -= o.mg; eg -= o.eg; return *this; }
    constexpr bool operator==(const PsqValue&) const = default;
};

namespace psq {
// [piece][square], already signed: Black's entries are negative.
extern PsqValue table[kNumPieces][kNumSquares];
}  // namespace psq

}  // namespace vazir
