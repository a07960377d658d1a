#include "train/trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <thread>

#include "core/position.h"
#include "eval/eval.h"
#include "nnue/features.h"

namespace vazir::train {

namespace {

constexpr uint32_t kCheckpointMagic = 0x474E5A56u;  // "VZNG" (the float checkpoint; "VZNF" had no buckets field)

// The pieces of a record as (piece, square), who is to move, and what each side's king
// square makes of its inputs (nnue::kingView; index 0 the side to move's).
struct Decoded {
    Piece pieces[32];
    Square squares[32];
    int count = 0;
    Color stm = White;
    nnue::KingView view[2];
};

Decoded decode(const PackedPosition& p, bool mirrored, const nnue::InputLayout& layout) {
    Decoded d;
    d.stm = (p.flags & PackedPosition::kBlackToMove) ? Black : White;
    d.count = std::max(0, unpackPieces(p, d.pieces, d.squares));  // a corrupt record counts as empty
    if (mirrored)
        for (int i = 0; i < d.count; ++i) d.squares[i] = Square(int(d.squares[i]) ^ 7);
    if (!layout.plain())
        for (int i = 0; i < d.count; ++i)
            if (typeOf(d.pieces[i]) == King) {
                const Color c = colorOf(d.pieces[i]);
                d.view[c == d.stm ? 0 : 1] = nnue::kingView(layout, c, d.squares[i]);
            }
    return d;
}

// The input index of piece i of `d` seen from perspective k (0: the side to move).
int featureOf(const Decoded& d, int k, int i) {
    return nnue::featureIndex(k == 0 ? d.stm : ~d.stm, d.pieces[i], d.squares[i], d.view[k]);
}

constexpr int kLanes = 16;  // partial sums of the output layer's dot product (nnue::kHiddenStep)

// nnue::screlu and its derivative written without branches, so that the loops over the
// hidden units vectorise; the same values.
inline float screlu(float x) {
    const float c = std::min(std::max(x, 0.0f), 1.0f);
    return c * c;
}
inline float screluDerivative(float x) { return x > 0.0f && x < 1.0f ? 2.0f * x : 0.0f; }

// The forward pass into `w`: both perspectives' features and first-layer sums, their
// activations, the bucket and the output in logistic units (the engine's centipawns are
// output x scale).
void forward(const Network& net, const PackedPosition& p, bool mirrored, Workspace& w) {
    const Decoded d = decode(p, mirrored, net.layout());
    const int n = net.hidden();
    float* accUs = w.acc[0].data();
    float* accThem = w.acc[1].data();
    std::copy(net.b1(), net.b1() + n, accUs);
    std::copy(net.b1(), net.b1() + n, accThem);
    w.count = d.count;
    w.blackToMove = d.stm == Black;
    for (int i = 0; i < d.count; ++i) {
        w.features[0][i] = featureOf(d, 0, i);
        w.features[1][i] = featureOf(d, 1, i);
        const float* ru = net.w1() + size_t(w.features[0][i]) * size_t(n);
        const float* rt = net.w1() + size_t(w.features[1][i]) * size_t(n);
        for (int j = 0; j < n; ++j) {
            accUs[j] += ru[j];
            accThem[j] += rt[j];
        }
    }
    float* actUs = w.act[0].data();
    float* actThem = w.act[1].data();
    for (int j = 0; j < n; ++j) {
        actUs[j] = screlu(accUs[j]);
        actThem[j] = screlu(accThem[j]);
    }
    w.bucket = nnue::outputBucket(d.count, net.buckets());
    const float* w2 = net.w2() + size_t(w.bucket) * size_t(2 * n);
    // The output layer's dot product in kLanes float partial sums, which the compiler
    // keeps in vector registers (a single running sum is a chain it may not reorder).
    float lanes[kLanes] = {};
    int j = 0;
    for (; j + kLanes <= n; j += kLanes)
        for (int l = 0; l < kLanes; ++l) lanes[l] += w2[j + l] * actUs[j + l] + w2[n + j + l] * actThem[j + l];
    double out = net.b2()[w.bucket];
    for (; j < n; ++j) out += double(w2[j]) * actUs[j] + double(w2[n + j]) * actThem[j];
    for (int l = 0; l < kLanes; ++l) out += lanes[l];
    w.out = out;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// A well-mixed bit pattern from a step number and a position index (splitmix64's finaliser).
uint64_t mixBits(uint64_t step, uint64_t index) {
    uint64_t z = step * 0x9E3779B97F4A7C15ULL + index + 0x632BE59BD9B4E019ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace

double targetOf(const PackedPosition& p, bool blackToMove, const TrainConfig& c) {
    double result = p.result / 2.0, score = p.score;  // White's view
    if (blackToMove) {
        result = 1.0 - result;
        score = -score;
    }
    return c.blend * result + (1.0 - c.blend) * sigmoid(score / c.scale);
}

std::string unsupportedShape(int hidden, int buckets) {
    if (hidden < nnue::kHiddenStep || hidden > nnue::kMaxHidden || hidden % nnue::kHiddenStep != 0)
        return "hidden=" + std::to_string(hidden) + ": the engine reads hidden sizes that are multiples of " +
               std::to_string(nnue::kHiddenStep) + " from " + std::to_string(nnue::kHiddenStep) + " to " +
               std::to_string(nnue::kMaxHidden) + " (its SIMD kernels work in blocks of " +
               std::to_string(nnue::kHiddenStep) + " units)";
    if (buckets < 1 || buckets > nnue::kMaxOutputBuckets)
        return "buckets=" + std::to_string(buckets) + ": the engine reads 1 to " +
               std::to_string(nnue::kMaxOutputBuckets) + " output buckets";
    return "";
}

BaselineFit handcraftedBaseline(const std::vector<PackedPosition>& positions, const TrainConfig& config) {
    // Evaluate once; the scale search then only recomputes the loss.
    std::vector<double> evals, targets;
    for (const PackedPosition& p : positions) {
        Position pos;
        StateInfo st;
        const std::string fen = unpackFen(p);
        if (fen.empty() || !pos.setFromFen(fen, false, st).ok()) continue;
        evals.push_back(double(evaluate(pos)));  // side to move's view, as the target
        targets.push_back(targetOf(p, (p.flags & PackedPosition::kBlackToMove) != 0, config));
    }
    BaselineFit best;
    best.positions = evals.size();
    if (evals.empty()) return best;
    for (int k = 100; k <= 1000; k += 10) {
        double total = 0;
        for (size_t i = 0; i < evals.size(); ++i) {
            const double d = sigmoid(evals[i] / double(k)) - targets[i];
            total += d * d;
        }
        const double loss = total / double(evals.size());
        if (best.scale == 0 || loss < best.loss) best = {loss, double(k), evals.size()};
    }
    return best;
}

Network::Network(int hidden, int buckets, const nnue::InputLayout& layout)
    : params(size_t(layout.inputs() + 1 + 2 * buckets) * size_t(hidden) + size_t(buckets), 0.0f),
      hidden_(hidden),
      buckets_(buckets),
      layout_(layout) {}

void Network::initialise(uint64_t seed) {
    std::mt19937_64 rng(seed);
    // He-style scales: about 30 active inputs feed each hidden unit.
    std::normal_distribution<float> first(0.0f, std::sqrt(2.0f / 32.0f)), second(0.0f, std::sqrt(1.0f / float(hidden_)));
    for (size_t i = 0; i < size_t(inputs()) * size_t(hidden_); ++i) w1()[i] = std::clamp(first(rng), -kClip, kClip);
    for (int i = 0; i < hidden_; ++i) b1()[i] = 0.0f;
    for (int i = 0; i < 2 * hidden_ * buckets_; ++i) w2()[i] = std::clamp(second(rng), -kClip, kClip);
    for (int i = 0; i < buckets_; ++i) b2()[i] = 0.0f;
}

void markActiveRows(const PackedPosition& p, bool mirrored, const nnue::InputLayout& layout, uint8_t* rows) {
    const Decoded d = decode(p, mirrored, layout);
    for (int i = 0; i < d.count; ++i) rows[featureOf(d, 0, i)] = rows[featureOf(d, 1, i)] = 1;
}

Workspace::Workspace(int hiddenSize) : hidden(hiddenSize) {
    for (int k = 0; k < 2; ++k) {
        acc[k].assign(size_t(hiddenSize), 0.0f);
        act[k].assign(size_t(hiddenSize), 0.0f);
        dAcc[k].assign(size_t(hiddenSize), 0.0f);
    }
}

double Network::lossAndGradient(const PackedPosition& p, const TrainConfig& c, float* g, bool mirrored) const {
    Workspace work(hidden_);
    return lossAndGradient(p, c, g, mirrored, work);
}

double Network::lossAndGradient(const PackedPosition& p, const TrainConfig& c, float* g, bool mirrored,
                                Workspace& w) const {
    if (w.hidden != hidden_) w = Workspace(hidden_);  // a workspace made for another net
    forward(*this, p, mirrored, w);
    const int n = hidden_;
    const double pred = sigmoid(w.out), target = targetOf(p, w.blackToMove, c);
    const double loss = (pred - target) * (pred - target);
    if (!g) return loss;

    // Backward: d loss / d out, then each layer.
    const float dOut = float(2.0 * (pred - target) * pred * (1.0 - pred));
    // Only the position's bucket of the output layer takes part.
    const size_t bucketOffset = size_t(w.bucket) * size_t(2 * n);
    // The gradient has the parameters' layout: each block at the offset its accessor gives.
    const auto blockOf = [&](const float* block) { return g + (block - params.data()); };
    float* gw1 = blockOf(w1());
    float* gb1 = blockOf(b1());
    float* gw2 = blockOf(w2()) + bucketOffset;
    float* gb2 = blockOf(b2());
    gb2[w.bucket] += dOut;
    const float* w2b = w2() + bucketOffset;
    const float* accUs = w.acc[0].data();
    const float* accThem = w.acc[1].data();
    float* dUs = w.dAcc[0].data();
    float* dThem = w.dAcc[1].data();
    const float* actUs = w.act[0].data();
    const float* actThem = w.act[1].data();
    // One simple loop per array, each of which the compiler vectorises (one loop over
    // all of them has too many pointers that might overlap for it to check).
    float* gw2Them = gw2 + n;
    const float* w2Them = w2b + n;
    for (int j = 0; j < n; ++j) gw2[j] += dOut * actUs[j];
    for (int j = 0; j < n; ++j) gw2Them[j] += dOut * actThem[j];
    for (int j = 0; j < n; ++j) dUs[j] = dOut * w2b[j] * screluDerivative(accUs[j]);
    for (int j = 0; j < n; ++j) dThem[j] = dOut * w2Them[j] * screluDerivative(accThem[j]);
    for (int j = 0; j < n; ++j) gb1[j] += dUs[j] + dThem[j];
    for (int i = 0; i < w.count; ++i) {
        float* ru = gw1 + size_t(w.features[0][i]) * size_t(n);
        float* rt = gw1 + size_t(w.features[1][i]) * size_t(n);
        for (int j = 0; j < n; ++j) {
            ru[j] += dUs[j];
            rt[j] += dThem[j];
        }
    }
    return loss;
}

float Network::evaluate(const PackedPosition& p, double scale) const {
    Workspace work(hidden_);
    forward(*this, p, false, work);
    return float(work.out * scale);
}

bool Network::save(const std::string& path) const {
    if (!layout_.plain()) return false;  // the format has no field for the layout
    std::ofstream out(path, std::ios::binary);
    const uint32_t header[3] = {kCheckpointMagic, uint32_t(hidden_), uint32_t(buckets_)};
    out.write(reinterpret_cast<const char*>(header), sizeof header);
    out.write(reinterpret_cast<const char*>(params.data()), std::streamsize(params.size() * sizeof(float)));
    return bool(out);
}

std::string Network::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    uint32_t header[3] = {};
    if (!in.read(reinterpret_cast<char*>(header), sizeof header)) return "cannot read '" + path + "'";
    if (header[0] != kCheckpointMagic) return "'" + path + "' is not a vazir-train checkpoint (of this version)";
    if (!layout_.plain()) return "weights-only checkpoints hold plain nets, this run has king buckets";
    if (int(header[1]) != hidden_) return "checkpoint has " + std::to_string(header[1]) + " hidden units, not " + std::to_string(hidden_);
    if (int(header[2]) != buckets_) return "checkpoint has " + std::to_string(header[2]) + " output buckets, not " + std::to_string(buckets_);
    if (!in.read(reinterpret_cast<char*>(params.data()), std::streamsize(params.size() * sizeof(float))))
        return "checkpoint '" + path + "' is cut short";
    return "";
}

bool Network::exportQuantised(const std::string& path, double scale) const {
    if (!unsupportedShape(hidden_, buckets_).empty()) return false;
    std::ofstream out(path, std::ios::binary);
    // The plain layout as version 2 (the files of every net before input buckets, byte
    // for byte); any other as version 3, with the layout after the output buckets.
    const bool plain = layout_.plain();
    const uint32_t header[10] = {nnue::kMagic, plain ? nnue::kPlainVersion : kNetVersion, uint32_t(nnue::kInputs),
                                 uint32_t(hidden_), uint32_t(kQA), uint32_t(kQB), uint32_t(std::lround(scale)),
                                 uint32_t(buckets_), uint32_t(layout_.buckets), uint32_t(layout_.mirrored)};
    const uint64_t hash = architectureHash(hidden_, buckets_, layout_);
    out.write(reinterpret_cast<const char*>(header), std::streamsize(plain ? 8 * sizeof(uint32_t) : sizeof header));
    if (!plain) out.write(reinterpret_cast<const char*>(layout_.map.data()), std::streamsize(layout_.map.size()));
    out.write(reinterpret_cast<const char*>(&hash), sizeof hash);
    auto put16 = [&](float v, int q) {
        const auto x = int16_t(std::lround(std::clamp(double(v) * q, -32767.0, 32767.0)));
        out.write(reinterpret_cast<const char*>(&x), sizeof x);
    };
    for (size_t i = 0; i < size_t(inputs()) * size_t(hidden_); ++i) put16(w1()[i], kQA);
    for (int i = 0; i < hidden_; ++i) put16(b1()[i], kQA);
    for (int i = 0; i < 2 * hidden_ * buckets_; ++i) put16(w2()[i], kQB);
    for (int i = 0; i < buckets_; ++i) {
        const auto bias = int32_t(std::lround(double(b2()[i]) * kQA * kQB));
        out.write(reinterpret_cast<const char*>(&bias), sizeof bias);
    }
    return bool(out);
}

namespace {

constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEps = 1e-8;

// AdamW on n consecutive parameters with their (mean) gradient, or with a zero gradient
// when `grad` is null: the same arithmetic either way, so that a deferred step gives the
// bits the dense step would have. Clipped to +-kClip unless `clip` is false (the output biases).
inline void adamw(float* w, float* m, float* v, const float* grad, size_t n, double lr, double c1, double c2,
                  double weightDecay, bool clip) {
    for (size_t k = 0; k < n; ++k) {
        const float g = grad ? grad[k] : 0.0f;
        m[k] = float(kBeta1) * m[k] + float(1.0 - kBeta1) * g;
        v[k] = float(kBeta2) * v[k] + float(1.0 - kBeta2) * g * g;
        w[k] -= float(lr * (m[k] / c1 / (std::sqrt(v[k] / c2) + kEps) + weightDecay * w[k]));
        if (clip) w[k] = std::clamp(w[k], -kClip, kClip);  // so the quantised net fits int16
    }
}

}  // namespace

Trainer::Trainer(const TrainConfig& config, std::vector<PackedPosition> train, std::vector<PackedPosition> valid)
    : config_(config),
      train_(std::move(train)),
      valid_(std::move(valid)),
      net_(config.hidden, config.buckets, config.layout) {
    net_.initialise(config.seed);
    m_.assign(net_.params.size(), 0.0f);
    v_.assign(net_.params.size(), 0.0f);
    threads_ = std::max(1, config.threads);
    gradients_.assign(size_t(threads_), std::vector<float>(net_.params.size(), 0.0f));
    touched_.assign(size_t(threads_), std::vector<uint8_t>(size_t(net_.inputs()), 0));
    touchedRows_.reserve(size_t(net_.inputs()));
    work_.assign(size_t(threads_), Workspace(config.hidden));
    threadLoss_.assign(size_t(threads_), 0.0);
    rowStep_.assign(size_t(net_.inputs()), 0);
    stepLog_.reserve(size_t(kMaxDeferredSteps));
}

Trainer::Trainer(const TrainConfig& config, TrainingSource& source, std::vector<PackedPosition> valid)
    : Trainer(config, std::vector<PackedPosition>{}, std::move(valid)) {
    source_ = &source;
    batch_.resize(size_t(std::max(1, config.batchSize)));
}

template <class Work> void Trainer::parallel(Work&& work) {
    if (threads_ == 1) {
        work(0);
        return;
    }
    std::thread helpers[256];  // threads_ is at most 256 (the command line's bound)
    const int n = std::min(threads_, 256);
    for (int t = 1; t < n; ++t) helpers[t] = std::thread(work, t);
    work(0);
    for (int t = 1; t < n; ++t) helpers[t].join();
}

void Trainer::catchUpRow(int row, uint64_t throughStep) {
    const size_t n = size_t(net_.hidden()), offset = size_t(row) * n;
    for (uint64_t s = rowStep_[size_t(row)] + 1; s <= throughStep; ++s) {
        const StepRecord& r = stepLog_[size_t(s - flushedAt_ - 1)];
        adamw(net_.params.data() + offset, m_.data() + offset, v_.data() + offset, nullptr, n, r.lr, r.c1, r.c2,
              config_.weightDecay, true);
    }
    rowStep_[size_t(row)] = throughStep;
}

void Trainer::flush() {
    for (int row = 0; row < net_.inputs(); ++row) catchUpRow(row, steps_);
    stepLog_.clear();
    flushedAt_ = steps_;
}

double Trainer::step(size_t begin, size_t end, double lr) {
    if (end <= begin || end > train_.size()) return 0.0;
    return stepOn(train_.data() + begin, end - begin, begin, lr);
}

double Trainer::stepOn(const PackedPosition* batch, size_t count, size_t firstIndex, double lr) {
    if (count == 0) return 0.0;
    if (stepLog_.size() == size_t(kMaxDeferredSteps)) flush();  // the log's room is fixed: no allocation
    // Each thread takes every threads_-th position of the batch.
    const auto mirroredAt = [&](size_t i) {
        return config_.mirror && mirrorable(batch[i]) && (mixBits(steps_, firstIndex + i) & 1);
    };
    // The first-layer rows the batch reads (all of them for the dense reference), and
    // their deferred updates, so that the forward pass reads what dense AdamW would hold.
    parallel([&](int t) {
        for (size_t i = size_t(t); i < count; i += size_t(threads_))
            markActiveRows(batch[i], mirroredAt(i), net_.layout(), touched_[size_t(t)].data());
    });
    touchedRows_.clear();
    for (int row = 0; row < net_.inputs(); ++row) {
        bool any = config_.denseUpdates;
        for (int t = 0; t < threads_; ++t) any |= touched_[size_t(t)][size_t(row)] != 0;
        if (any) touchedRows_.push_back(row);
    }
    parallel([&](int t) {
        for (size_t i = size_t(t); i < touchedRows_.size(); i += size_t(threads_)) catchUpRow(touchedRows_[i], steps_);
    });
    // Gradients, each thread into its own buffer.
    parallel([&](int t) {
        std::vector<float>& g = gradients_[size_t(t)];
        double loss = 0.0;
        for (size_t i = size_t(t); i < count; i += size_t(threads_))
            loss += net_.lossAndGradient(batch[i], config_, g.data(), mirroredAt(i), work_[size_t(t)]);
        threadLoss_[size_t(t)] = loss;
    });

    ++steps_;
    const StepRecord record{lr, 1.0 - std::pow(kBeta1, double(steps_)), 1.0 - std::pow(kBeta2, double(steps_))};
    stepLog_.push_back(record);
    // AdamW on the mean gradient of the rows read, the threads' buffers summed in a fixed
    // order (so a fixed seed gives the same net for the same thread count); each thread
    // takes every threads_-th row, and leaves the buffers zero again.
    const float inv = 1.0f / float(count);
    const size_t n = size_t(net_.hidden());
    parallel([&](int t) {
        float* sum = work_[size_t(t)].dAcc[0].data();  // hidden floats of scratch
        for (size_t i = size_t(t); i < touchedRows_.size(); i += size_t(threads_)) {
            const int row = touchedRows_[i];
            const size_t offset = size_t(row) * n;
            for (size_t k = 0; k < n; ++k) {
                float grad = 0.0f;
                for (int u = 0; u < threads_; ++u) grad += gradients_[size_t(u)][offset + k];
                sum[k] = grad * inv;
            }
            adamw(net_.params.data() + offset, m_.data() + offset, v_.data() + offset, sum, n, record.lr, record.c1,
                  record.c2, config_.weightDecay, true);
            rowStep_[size_t(row)] = steps_;
            for (int u = 0; u < threads_; ++u) {
                std::fill_n(gradients_[size_t(u)].data() + offset, n, 0.0f);
                touched_[size_t(u)][size_t(row)] = 0;
            }
        }
    });
    // The rest (first-layer biases, output weights and biases), every step, on this thread.
    const size_t first = size_t(net_.inputs()) * n, total = net_.params.size();
    const size_t outputBiases = total - size_t(net_.buckets());
    std::vector<float>& g0 = gradients_[0];
    for (size_t k = first; k < total; ++k) {
        for (int u = 1; u < threads_; ++u) {
            g0[k] += gradients_[size_t(u)][k];
            gradients_[size_t(u)][k] = 0.0f;
        }
        g0[k] *= inv;
    }
    adamw(net_.params.data() + first, m_.data() + first, v_.data() + first, g0.data() + first, outputBiases - first,
          lr, record.c1, record.c2, config_.weightDecay, true);
    adamw(net_.params.data() + outputBiases, m_.data() + outputBiases, v_.data() + outputBiases,
          g0.data() + outputBiases, total - outputBiases, lr, record.c1, record.c2, config_.weightDecay, false);
    std::fill(g0.begin() + long(first), g0.end(), 0.0f);

    double loss = 0;
    for (double l : threadLoss_) loss += l;
    return loss;
}

double Trainer::meanLoss(const std::vector<PackedPosition>& positions) {
    if (positions.empty()) return 0.0;
    parallel([&](int t) {
        double loss = 0.0;
        for (size_t i = size_t(t); i < positions.size(); i += size_t(threads_))
            loss += net_.lossAndGradient(positions[i], config_, nullptr, false, work_[size_t(t)]);
        threadLoss_[size_t(t)] = loss;
    });
    double total = 0;
    for (double l : threadLoss_) total += l;
    return total / double(positions.size());
}

void Trainer::shuffleForEpoch(int epoch) {
    // A new order every epoch, fixed by the seed.
    std::mt19937_64 rng(config_.seed * 1000003ULL + uint64_t(epoch));
    std::shuffle(train_.begin(), train_.end(), rng);
}

EpochReport Trainer::runEpoch(int epoch) {
    EpochReport r;
    r.epoch = epoch;
    const double progress = config_.epochs > 1 ? double(epoch - 1) / double(config_.epochs - 1) : 0.0;
    const double low = config_.lr * config_.finalLrFactor;
    r.lr = low + (config_.lr - low) * 0.5 * (1.0 + std::cos(3.14159265358979 * progress));
    const auto start = std::chrono::steady_clock::now();
    double total = 0;
    if (source_) {
        source_->startEpoch(epoch);
        for (size_t n; (n = source_->read(batch_.data(), batch_.size())) > 0; r.positions += n)
            total += stepOn(batch_.data(), n, size_t(r.positions), r.lr * warmupFactor(steps_, config_.warmupSteps));
        r.error = source_->error();
    } else {
        shuffleForEpoch(epoch);
        for (size_t b = 0; b < train_.size(); b += size_t(config_.batchSize))
            total += step(b, std::min(train_.size(), b + size_t(config_.batchSize)),
                          r.lr * warmupFactor(steps_, config_.warmupSteps));
        r.positions = train_.size();
    }
    flush();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.trainLoss = r.positions == 0 ? 0.0 : total / double(r.positions);
    r.positionsPerSecond = double(r.positions) / std::max(r.seconds, 1e-6);
    r.validLoss = meanLoss(valid_);
    return r;
}

}  // namespace vazir::train
