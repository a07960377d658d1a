// NNUE inference: a quantised (768 x K -> N) x 2 -> B SCReLU network as `vazir-train`
// exports it (tools/train/trainer.h), evaluated incrementally; B output buckets (1-8), the
// one used chosen by the number of pieces, and K input (king) buckets (1-16), each
// perspective's chosen by its king's square, optionally mirrored (nnue/features.h).
//
// Each search thread keeps an AccumulatorStack: one entry per ply holding both
// perspectives' first-layer sums. Making a move only records which features it adds and
// removes; the sums are brought up to date lazily, from the nearest computed ancestor,
// when an evaluation is asked for, and unmaking costs nothing. A king move that changes
// its side's input bucket or mirroring makes that side's sums start afresh (each
// perspective is brought up to date on its own). Integer arithmetic
// throughout, so the SIMD kernels (nnue/kernels.h: AVX-512, AVX2, SSE2, NEON, chosen at
// build time like PEXT) and the portable scalar path give the same numbers bit for bit.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/position.h"
#include "nnue/features.h"
#include "nnue/kernels.h"

namespace vazir::nnue {

constexpr int kMaxHidden = 1024;
constexpr int kStackSize = 160;  // plies an AccumulatorStack holds (the search's deepest ply is below 128)
constexpr int kHiddenStep = 16;  // hidden sizes are multiples of this (one AVX2 register)
constexpr uint32_t kMagic = 0x4E4E5A56u;  // "VZNN"
// Version 2 adds the number of output buckets to the header (after the scale); version 3
// adds the input buckets, the mirroring flag and the 64-byte king-square map after it.
// The trainer writes version 2 for the plain layout, 3 otherwise; versions 1 (one
// output, no buckets field) to 3 are read.
constexpr uint32_t kVersion = 3;
constexpr uint32_t kPlainVersion = 2;
constexpr int kQA = 255, kQB = 64;
// Centipawns per logistic unit the header may state (the trainer writes only these): the
// range of sensible scales, far inside what keeps the output arithmetic exact in 64 bits.
constexpr uint32_t kMinOutputScale = 1, kMaxOutputScale = 2000;

// The architecture hash the trainer writes (FNV-1a of its description).
uint64_t architectureHash(int hidden, int buckets = 1, const InputLayout& layout = {});

class Network {
public:
    // Reads a net; "" on success, else what is wrong (nothing is changed then).
    std::string load(const std::string& path);
    std::string loadFromMemory(const void* data, size_t size);

    int hidden() const { return hidden_; }
    int scale() const { return scale_; }
    int buckets() const { return buckets_; }
    const InputLayout& layout() const { return layout_; }
    // The architecture as the load message names it: "(768 -> 128) x 2 -> 8 buckets",
    // "(768 -> 16) x 2 -> 1" for a one-output net, "(768 x 4 king buckets, mirrored ->
    // 256) x 2 -> 8 buckets" with input buckets.
    std::string shape() const;

    const int16_t* row(int feature) const { return w1_.data() + size_t(feature) * size_t(hidden_); }
    const int16_t* bias() const { return b1_.data(); }
    // Bucket b's output weights (2 x hidden: side to move's, then the other's) and bias.
    const int16_t* outputWeights(int bucket) const { return w2_.data() + size_t(bucket) * size_t(2 * hidden_); }
    int32_t outputBias(int bucket) const { return b2_[size_t(bucket)]; }

private:
    int hidden_ = 0;
    int scale_ = 400;
    int buckets_ = 1;
    InputLayout layout_;
    std::vector<int16_t> w1_, b1_, w2_;
    std::vector<int32_t> b2_;
};

// The output in centipawns from the two accumulators (side to move's first) through
// output bucket `bucket`.
int outputLayer(const Network& net, const int16_t* us, const int16_t* them, int bucket, Simd simd = Simd::Auto);

class AccumulatorStack {
public:
    AccumulatorStack();
    // Starts from `pos` (computed from scratch on the next evaluation).
    void reset(const Position& pos);
    // Before pos.doMove(m): records the move's feature changes.
    void push(const Position& pos, Move m);
    void pushNull();
    void pop() {
        if (overflow_ > 0) --overflow_;
        else --top_;
    }

    // The evaluation of `pos` (the position of the top entry), side to move's view.
    int evaluate(const Network& net, const Position& pos, Simd simd = Simd::Auto);
    // From scratch, for tests.
    static int evaluateFresh(const Network& net, const Position& pos, Simd simd = Simd::Auto);

private:
    struct Change {
        int8_t addCount = 0, subCount = 0;
        Piece addPiece[2], subPiece[2];
        Square addSq[2], subSq[2];
        bool kingMoved = false;  // a king move (or castling): kingColor's view may change
        Color kingColor = White;
        Square kingFrom = Square(0), kingTo = Square(0);
    };
    struct Entry {
        alignas(64) int16_t acc[2][kMaxHidden];
        bool computed[2] = {false, false};  // per perspective
        Change change;  // from the entry below to this one
    };
    // Whether `c` moves perspective's king to a square with another view (input bucket
    // or mirroring): that perspective cannot be updated across it.
    static bool changesView(const InputLayout& layout, const Change& c, Color perspective);
    // One perspective from `from` to `to` through to.change, in the king view `view`.
    void apply(const Network& net, const Entry& from, Entry& to, Color perspective, KingView view, Simd simd);

    std::vector<Entry> entries_;
    int top_ = 0;
    int overflow_ = 0;  // pushes beyond the last entry; their positions are evaluated from scratch
    const Network* computedFor_ = nullptr;  // a different net invalidates every entry
};

}  // namespace vazir::nnue
