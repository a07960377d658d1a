// Texel-style tuning of the evaluation weights.
//
// Each training position is reduced once to its evaluation trace: the sparse list of
// (weight, coefficient) pairs with which the linear evaluation is computed, plus its
// phase and endgame scale. The loss is the mean squared error between
// sigmoid(K * eval / 400) and a target that blends the game result with the sigmoid of
// the recorded search score. K is fitted first (with the starting weights); then Adam
// descends on the gradient in mini-batches, the batch split over threads and summed in a
// fixed order so a run is deterministic for a seed.
//
// Adam scales every weight's step by its own gradient history, so a weight that few
// positions touch (a knight on a8, a pawn storm at distance 7) moves as fast as material
// does and wanders on noise. An L2 penalty pulling each weight back toward its starting
// value (`regularization`) keeps such weights near the hand-set prior unless the data
// insists; it also pins the split between collinear terms (material against the
// piece-square mean). A held-out dataset shows whether a run generalises.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "eval/weights.h"

namespace vazir::tune {

struct Sample {
    uint32_t firstCoeff = 0;  // into Dataset::coeffs
    uint16_t coeffCount = 0;
    uint8_t phase = 0;        // 0..24
    uint8_t scale = 128;      // endgame scale of 128
    int16_t rule50Factor = 200;  // evaluation is multiplied by this / 200
    float target = 0.5f;      // blended result/score target, White's view
    float result = 0.5f;
    float score = 0.0f;
};

struct Coeff {
    uint32_t weight;  // index into the flattened weight list
    int16_t value;    // white count minus black count
};

struct Dataset {
    std::vector<Sample> samples;
    std::vector<Coeff> coeffs;
};

// Number of Pair weights in EvalWeights, and conversions to/from a flat list.
size_t weightCount();
std::vector<Pair> flatten(const EvalWeights& w);
EvalWeights unflatten(const std::vector<Pair>& flat);

// Reads "<fen> | <score> | <result>" lines (lines starting with '#' are skipped).
// `blend` is the weight of the game result in the target (1 = result only). Each trace is
// taken under `weights` (the tuning run's start: the endgame scale depends on them).
// Returns an error message, or "".
std::string loadDataset(const std::string& path, double blend, double k, Dataset& out, size_t limit = 0,
                        const EvalWeights& weights = kWeights);

// Rebuilds every sample's target from its result and score (after K is known).
void setTargets(Dataset& d, double blend, double k);

// Evaluation of a sample under `weights` (double precision, White's view).
double evaluateSample(const Dataset& d, const Sample& s, const std::vector<double>& mg, const std::vector<double>& eg);

double loss(const Dataset& d, const std::vector<Pair>& weights, double k, int threads);

// The K minimising the loss for the given weights, searched in [0.1, 4].
double fitK(const Dataset& d, const std::vector<Pair>& weights, int threads);

struct TrainConfig {
    int epochs = 100;
    size_t batchSize = 16384;
    double learningRate = 1.0;
    int threads = 2;
    uint64_t seed = 1;
    // Weight of sum((w - start)^2) added to the loss, per weight and phase; 0 = none.
    double regularization = 0.0;
};

// Runs Adam from `weights`; prints the loss per epoch to `log` (and the loss on
// `validation` when it is given and not empty); returns the tuned weights.
std::vector<Pair> train(const Dataset& d, std::vector<Pair> weights, double k, const TrainConfig& cfg, std::ostream& log,
                        const Dataset* validation = nullptr);

// Reads the weights back from such a source file (the {mg, eg} pairs after "kWeights",
// in term order). Returns an error message, or "".
std::string parseWeightsSource(const std::string& text, std::vector<Pair>& out);

// The weights as a C++ source file defining kWeights (the format of eval/weights.cpp).
std::string weightsSource(const EvalWeights& w, const std::string& comment);

}  // namespace vazir::tune
