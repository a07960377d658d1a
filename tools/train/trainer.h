// The NNUE trainer (`vazir-train`): a (768 -> N) x 2 -> 1 network with squared clipped
// ReLU, trained on Vazir's own games in the binary format (tools/datagen/packed.h). With
// B output buckets the last layer is B such outputs, the one used (and trained) chosen
// by the number of pieces on the board (nnue::outputBucket). With an input layout of K
// king buckets (nnue::InputLayout) the first layer is K sets of 768 inputs, each
// perspective reading the set its king's square picks, files mirrored if the layout says.
//
// Loss, per position from the side to move's view: (sigmoid(out) - target)^2, the output
// in logistic units (the engine's centipawns are out x scale),
// target = blend * result + (1 - blend) * sigmoid(score / scale), result 1 / 0.5 / 0.
// AdamW on mini-batches, the gradient of each batch summed over the threads in a fixed
// order (a fixed seed gives the same net for the same thread count), a cosine learning
// rate from `lr` down to `lr * finalLrFactor`, weights clipped to +-kClip so the
// quantised net cannot overflow int16, a held-out loss after every epoch.
//
// Export: quantised (first layer x QA = 255, output weights x QB = 64, output bias x
// QA x QB), rounded, after a header: "VZNN", version, inputs, hidden size, QA, QB,
// scale, output buckets, (version 3, for a layout that is not plain) input buckets,
// mirroring and the king map, and a hash of the architecture. The engine refuses a file
// whose header does not match what it was built for.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "datagen/packed.h"
#include "nnue/network.h"

namespace vazir::train {

struct TrainConfig {
    int hidden = 128;
    int buckets = 1;  // output buckets, 1-8
    nnue::InputLayout layout;  // input (king) buckets; the default is the plain 768 inputs
    int epochs = 10;
    int batchSize = 16384;
    // lr and weightDecay: the best held-out loss of the recipe screen of 2026-12-05
    // (docs/nnue-training.md); the nets before net13 were trained with 0.001 and 0.01.
    double lr = 0.004;
    double finalLrFactor = 0.05;
    // Linear learning-rate warmup over the first `warmupSteps` steps of the run (0: none):
    // step s (from 0) runs at the epoch's rate times min(1, (s + 1) / warmupSteps), so
    // Adam's first, noisy moment estimates move the fresh weights less.
    int warmupSteps = 0;
    double weightDecay = 0.1;
    double blend = 0.3;   // weight of the game result in the target
    double scale = 400;   // centipawns per logistic unit
    int threads = 2;
    uint64_t seed = 1;
    // Data augmentation: a position with no castling right left is worth the same with
    // its files mirrored (a <-> h). With mirror on, each such training position is seen
    // mirrored half the time (chosen by the step and the position's index, so still
    // reproducible). The held-out loss is always taken on the positions as played.
    // Measured on s101 (768 -> 128, 20 epochs): held-out loss 0.010246 without, 0.010040 with.
    bool mirror = true;
    // For tests only: update every first-layer row at every step (dense AdamW), the
    // reference the deferred updates below must equal bit for bit.
    bool denseUpdates = false;
};

// The factor warmupSteps puts on the learning rate of step `step` (counted from 0).
inline double warmupFactor(uint64_t step, int warmupSteps) {
    if (warmupSteps <= 0 || step + 1 >= uint64_t(warmupSteps)) return 1.0;
    return double(step + 1) / double(warmupSteps);
}

// Whether a record may be mirrored: no castling rights (bits 1-4 of its flags).
inline bool mirrorable(const PackedPosition& p) { return ((p.flags >> 1) & 0xF) == 0; }

constexpr float kClip = 1.98f;  // every weight but the output bias: the quantised net fits int16
using nnue::kQA;
using nnue::kQB;
constexpr uint32_t kNetVersion = nnue::kVersion;
using nnue::architectureHash;

// "" when the engine loads a net of this shape (nnue::Network::loadFromMemory: hidden a
// multiple of nnue::kHiddenStep from kHiddenStep to nnue::kMaxHidden, which its SIMD
// kernels and accumulators are built for; 1 to nnue::kMaxOutputBuckets output buckets),
// else why not. vazir-train refuses other shapes before reading any data, and the export
// refuses them too.
std::string unsupportedShape(int hidden, int buckets);

// The training target of a record from the side to move's view: blend x result +
// (1 - blend) x sigmoid(score / scale) (vazir-train's loss; vazir-netloss uses it too).
double targetOf(const PackedPosition& p, bool blackToMove, const TrainConfig& c);

// One thread's scratch memory for a position's forward and backward pass, sized once for
// a net's hidden size, so that the training loop allocates nothing per position.
struct Workspace {
    explicit Workspace(int hidden = 0);
    int hidden = 0;
    // Per perspective (0: the side to move, 1: the other): the first layer's sums, their
    // activations, and d loss / d sums.
    std::vector<float> acc[2], act[2], dAcc[2];
    int features[2][32] = {};  // the active inputs of each perspective
    int count = 0;             // pieces on the board: active inputs per perspective
    bool blackToMove = false;
    int bucket = 0;
    double out = 0;            // the output, logistic units
};

// Marks in `rows` (layout.inputs() flags) the first-layer rows a record reads, both
// perspectives: the only rows its forward pass reads and its gradient touches.
void markActiveRows(const PackedPosition& p, bool mirrored, const nnue::InputLayout& layout, uint8_t* rows);

class Network {
public:
    explicit Network(int hidden = 128, int buckets = 1, const nnue::InputLayout& layout = {});
    void initialise(uint64_t seed);
    int hidden() const { return hidden_; }
    int buckets() const { return buckets_; }
    const nnue::InputLayout& layout() const { return layout_; }
    int inputs() const { return layout_.inputs(); }  // first-layer rows: 768 per input bucket

    // Parameters as one flat vector: w1 (inputs() x hidden, feature-major), b1, w2 (per
    // bucket 2 x hidden: side to move's then the other's), b2 (one per bucket).
    std::vector<float> params;
    float* w1() { return params.data(); }
    float* b1() { return params.data() + size_t(inputs()) * size_t(hidden_); }
    float* w2() { return b1() + hidden_; }
    float* b2() { return w2() + 2 * hidden_ * buckets_; }
    const float* w1() const { return params.data(); }
    const float* b1() const { return params.data() + size_t(inputs()) * size_t(hidden_); }
    const float* w2() const { return b1() + hidden_; }
    const float* b2() const { return w2() + 2 * hidden_ * buckets_; }

    // The evaluation in centipawns for a record, side to move's view: the output (in
    // logistic units) times `scale`.
    float evaluate(const PackedPosition& p, double scale) const;

    // Loss of a record under `config`; with `gradient` non-null, adds d loss / d params.
    // `mirrored`: the record's files flipped (a <-> h), for augmentation.
    double lossAndGradient(const PackedPosition& p, const TrainConfig& config, float* gradient,
                           bool mirrored = false) const;
    // The same with the caller's scratch (the training loop's way: no allocation).
    double lossAndGradient(const PackedPosition& p, const TrainConfig& config, float* gradient, bool mirrored,
                           Workspace& work) const;

    // The old weights-only float checkpoint ("VZNG"), of plain-layout nets only.
    bool save(const std::string& path) const;
    std::string load(const std::string& path);         // "" or what is wrong
    // False when the file cannot be written or the shape is one the engine refuses
    // (unsupportedShape); smaller nets still train, for tests.
    bool exportQuantised(const std::string& path, double scale) const;

private:
    int hidden_;
    int buckets_;
    nnue::InputLayout layout_;
};

// The hand-crafted evaluation read as a predictor of the same target: its mean loss on
// `positions` at the scale (centipawns per logistic unit) that fits them best, searched
// from 100 to 1000 in steps of 10. A net's held-out loss below this one predicts the
// games better than the evaluation it is meant to replace; above it, it does not.
struct BaselineFit {
    double loss = 0;
    double scale = 0;
    size_t positions = 0;  // records that decode to a legal position
};
BaselineFit handcraftedBaseline(const std::vector<PackedPosition>& positions, const TrainConfig& config);

struct EpochReport {
    int epoch = 0;
    double trainLoss = 0, validLoss = 0, lr = 0, seconds = 0, positionsPerSecond = 0;
    uint64_t positions = 0;  // trained on in the epoch
    std::string error;       // a streamed file that could not be read again (the epoch is then cut short)
};

// Where a streaming run's training positions come from (tools/train/position_stream.h):
// every epoch every training position once, in an order fixed by the seed and the epoch,
// without holding them all in memory.
class TrainingSource {
public:
    virtual ~TrainingSource() = default;
    virtual void startEpoch(int epoch) = 0;
    // Up to `max` positions of the epoch into `out`; 0 at its end.
    virtual size_t read(PackedPosition* out, size_t max) = 0;
    virtual uint64_t positions() const = 0;  // in an epoch
    virtual std::string error() const = 0;   // "" while all is well
};

// Sparse first-layer updates. A position has at most 32 pieces, so each perspective
// reads at most 32 of the first layer's 768 (x input buckets) rows. A step first lists the rows its batch
// reads; only those get gradients (each thread into its own buffer), and only those
// are summed, updated and cleared, by all threads, each taking its share of the rows.
//
// AdamW on the rows a step does not read is deferred, not skipped: dense AdamW would
// still move such a row (its moments decay, the momentum keeps pushing the weights, and
// the weight decay shrinks them). The deferred steps are replayed with a zero gradient,
// each with its own learning rate and bias corrections, at the start of the next step
// that reads the row (before its forward pass) or at a flush (the end of every epoch,
// hence before every checkpoint and export, and every kMaxDeferredSteps steps). Every
// forward pass therefore reads the weights dense AdamW would hold, and the result is the
// dense AdamW of every earlier Vazir net bit for bit (a test compares the two), so the
// recipe does not change; rows of features that never occur (pawns on the first and
// last ranks) cost nothing until a flush. Skipping the untouched rows altogether, as
// sparse Adam variants do, would be a different optimiser (no decay or momentum for
// rare features) for no gain here: with a batch of 16384 nearly every row that occurs
// at all is read at every step.
class Trainer {
public:
    static constexpr int kMaxDeferredSteps = 256;

    Trainer(const TrainConfig& config, std::vector<PackedPosition> train, std::vector<PackedPosition> valid);
    // Streaming: the training positions are read from `source` (which must outlive the
    // trainer) a batch at a time. A position's mirroring depends on its place in the
    // epoch's order, as in memory, so the same order trains the same net.
    Trainer(const TrainConfig& config, TrainingSource& source, std::vector<PackedPosition> valid);
    // The net; up to date after runEpoch() and flush() (step() may leave rows deferred).
    Network& network() { return net_; }
    const Network& network() const { return net_; }

    // One pass over the training positions; returns what it measured.
    EpochReport runEpoch(int epoch);
    // The mean loss over `positions`, on all threads.
    double meanLoss(const std::vector<PackedPosition>& positions);
    // One AdamW step on positions [begin, end) of the training set at learning rate lr;
    // returns their summed loss.
    double step(size_t begin, size_t end, double lr);
    // Brings every first-layer row's deferred updates up to date.
    void flush();
    uint64_t steps() const { return steps_; }

    // Checkpoints (tools/train/checkpoint.cpp). The state after `epochsDone` epochs:
    // weights, Adam's moments, the step count and the epoch, so that a run resumed from
    // it continues as if it had not stopped: the same learning rate for the next epoch,
    // the same order of positions (the shuffles of the epochs done are replayed) and
    // the same mirroring, hence the same net bit for bit, given the same data, seed,
    // thread count and flags. Written to `path`.tmp and renamed, so an interrupted write
    // never leaves a cut checkpoint under the name.
    bool saveCheckpoint(const std::string& path, int epochsDone);
    struct Resumed {
        std::string error;          // "" when loaded
        int epochsDone = 0;         // the next epoch to run is this + 1
        bool optimiserState = false;  // false: an old weights-only checkpoint (fresh Adam, epoch 1)
        std::string note;           // what differs from this run (seed, data size, epochs), for the log
    };
    Resumed loadCheckpoint(const std::string& path);

private:
    struct StepRecord {
        double lr, c1, c2;  // learning rate and Adam's bias corrections of one step
    };
    // One AdamW step on `count` positions from `batch`, the first of them the epoch's
    // position `firstIndex` (which mirroring reads).
    double stepOn(const PackedPosition* batch, size_t count, size_t firstIndex, double lr);
    uint64_t trainPositions() const { return source_ ? source_->positions() : uint64_t(train_.size()); }
    // Replays row `row`'s deferred steps, through step `throughStep`, with a zero gradient.
    void catchUpRow(int row, uint64_t throughStep);
    // Puts the training positions in epoch `epoch`'s order (each epoch shuffles the last).
    void shuffleForEpoch(int epoch);
    // Runs work(t) for t = 0 .. threads - 1, t = 0 on this thread.
    template <class Work> void parallel(Work&& work);

    TrainConfig config_;
    std::vector<PackedPosition> train_, valid_;
    TrainingSource* source_ = nullptr;   // streaming: train_ is then empty
    std::vector<PackedPosition> batch_;  // streaming: the batch being trained on
    Network net_;
    std::vector<float> m_, v_;
    int threads_ = 1;
    std::vector<std::vector<float>> gradients_;   // one buffer per thread, zero outside the rows it touched
    std::vector<std::vector<uint8_t>> touched_;   // per thread: first-layer rows its positions read this step
    std::vector<int> touchedRows_;                // this step's union of them, ascending
    std::vector<Workspace> work_;                 // one per thread
    std::vector<double> threadLoss_;              // one per thread
    std::vector<uint64_t> rowStep_;               // per first-layer row: the step its update is current to
    std::vector<StepRecord> stepLog_;             // steps since the last flush, oldest first
    uint64_t flushedAt_ = 0;                      // the step of the last flush
    uint64_t steps_ = 0;
};

}  // namespace vazir::train
