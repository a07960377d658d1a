// NNUE input features and output buckets, shared by the trainer and the engine.
//
// Network: (768 -> N) x 2 -> 1, or -> B output buckets (one output neuron per bucket,
// chosen by the number of pieces on the board, so endgames get their own last layer).
// Each side's accumulator sees the board from that side: 768 = 2 colours (own, other)
// x 6 piece types x 64 squares, the squares flipped vertically for Black so that both
// perspectives look up the board. The side to move's
// accumulator comes first in the output layer, the other side's second.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace vazir::nnue {

constexpr int kInputs = 768;

// The input index of `piece` on `square` seen from `perspective`.
constexpr int featureIndex(Color perspective, Piece piece, Square square) {
    const int relativeColour = colorOf(piece) == perspective ? 0 : 1;
    const int sq = perspective == White ? int(square) : int(square) ^ 56;
    return relativeColour * 384 + (int(typeOf(piece)) - 1) * 64 + sq;
}

// Output buckets: B (1-8) groups of piece counts, 2-32 pieces split evenly
// ((pieces - 2) / 4 with 8 buckets: 2-5 pieces bucket 0, ..., 30-32 bucket 7).
constexpr int kMaxOutputBuckets = 8;
constexpr int outputBucket(int pieceCount, int buckets) {
    const int perBucket = (32 + buckets - 1) / buckets;
    const int b = (pieceCount < 2 ? 0 : pieceCount - 2) / perBucket;
    return b < buckets ? b : buckets - 1;
}

// The activation: squared clipped ReLU.
inline float screlu(float x) {
    const float c = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    return c * c;
}
inline float screluDerivative(float x) { return x <= 0.0f || x >= 1.0f ? 0.0f : 2.0f * x; }

}  // namespace vazir::nnue
