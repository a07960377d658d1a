// NNUE input features and output buckets, shared by the trainer and the engine.
//
// Network: (768 [x K king buckets] -> N) x 2 -> 1, or -> B output buckets (one output neuron per bucket,
// chosen by the number of pieces on the board, so endgames get their own last layer).
// Each side's accumulator sees the board from that side: 768 = 2 colours (own, other)
// x 6 piece types x 64 squares, the squares flipped vertically for Black so that both
// perspectives look up the board. The side to move's
// accumulator comes first in the output layer, the other side's second.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "core/types.h"

namespace vazir::nnue {

constexpr int kInputs = 768;

// The input index of `piece` on `square` seen from `perspective`.
constexpr int featureIndex(Color perspective, Piece piece, Square square) {
    const int relativeColour = colorOf(piece) == perspective ? 0 : 1;
    const int sq = perspective == White ? int(square) : int(square) ^ 56;
    return relativeColour * 384 + (int(typeOf(piece)) - 1) * 64 + sq;
}

// Input (king) buckets. A net may keep several sets of first-layer weights, each
// perspective reading the set its own king's square picks (from its side: rank 1 is its
// back rank), and may mirror: with its king on files e-h a perspective sees every square
// with its files flipped (a <-> h), so the net only learns kings on files a-d and left and
// right are the same to it. The plain net (one set, no mirroring) is format 2's 768 inputs.
constexpr int kMaxInputBuckets = 16;
struct InputLayout {
    int buckets = 1;
    bool mirrored = false;
    std::array<uint8_t, 64> map{};  // king square (perspective's side) -> weight set; mirrored: files a-d only are read
    bool plain() const { return buckets == 1 && !mirrored; }
    int inputs() const { return kInputs * buckets; }
    bool operator==(const InputLayout&) const = default;
};

// What a perspective's king square makes of its inputs: the weight set's first input
// and the file flip (0, or 7 when mirrored). Two king squares with equal views give the
// same features; a king move that changes the view makes that perspective start afresh.
struct KingView {
    int offset = 0;
    int flip = 0;
    bool operator==(const KingView&) const = default;
};
constexpr KingView kingView(const InputLayout& layout, Color perspective, Square king) {
    const int rel = perspective == White ? int(king) : int(king) ^ 56;
    const int flip = layout.mirrored && (rel & 7) >= 4 ? 7 : 0;
    return {layout.map[size_t(rel ^ flip)] * kInputs, flip};
}
constexpr int featureIndex(Color perspective, Piece piece, Square square, KingView view) {
    return view.offset + featureIndex(perspective, piece, Square(int(square) ^ view.flip));
}

// The first layer's inputs as messages name them: "768", "768, mirrored",
// "768 x 4 king buckets, mirrored".
inline std::string describeInputs(const InputLayout& layout) {
    std::string s = std::to_string(kInputs);
    if (layout.buckets > 1) s += " x " + std::to_string(layout.buckets) + " king buckets";
    if (layout.mirrored) s += ", mirrored";
    return s;
}

// The layouts vazir-train offers by name (kingbuckets=): "none" (the plain net), "hm"
// (mirrored, one set), "hm4" (mirrored; rank 1 files a-b, rank 1 files c-d, rank 2,
// ranks 3-8), "hm8" (mirrored; each of a1-d1, a2-b2, c2-d2, ranks 3-4, ranks 5-8).
// False for another name.
inline bool namedInputLayout(const std::string& name, InputLayout& out) {
    InputLayout l;
    // A mirrored layout's buckets by rank (from the perspective's side) and file a-d.
    auto byRankAndFile = [&](int buckets, auto bucketOf) {
        l.buckets = buckets;
        l.mirrored = true;
        for (int sq = 0; sq < 64; ++sq) l.map[size_t(sq)] = uint8_t(bucketOf(sq / 8, std::min(sq % 8, 7 - sq % 8)));
    };
    if (name == "none") {
    } else if (name == "hm") {
        byRankAndFile(1, [](int, int) { return 0; });
    } else if (name == "hm4") {
        byRankAndFile(4, [](int rank, int file) { return rank == 0 ? file / 2 : rank == 1 ? 2 : 3; });
    } else if (name == "hm8") {
        byRankAndFile(8, [](int rank, int file) { return rank == 0 ? file : rank == 1 ? 4 + file / 2 : rank < 4 ? 6 : 7; });
    } else {
        return false;
    }
    out = l;
    return true;
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
