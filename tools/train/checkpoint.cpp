// vazir-train's checkpoints: the whole training state, so that `resume=` continues a run.
//
// Format "VZNS" version 2 (little-endian, what Trainer::saveCheckpoint writes):
//   uint32 magic 0x534E5A56 ("VZNS"), version 2, hidden, buckets, epochs done, the run's
//          total epochs (its schedule), then uint64 steps done, seed, training positions
//   uint32 input buckets, mirroring (0 or 1); uint8 the king map (64 bytes): the input layout
//   float  weights, then Adam's first moments, then its second moments: three arrays in
//          the layout of Network::params (w1 768 x input buckets x hidden, b1, w2, b2)
// Version 1 (before input buckets: no layout fields, the plain layout) is still read.
// The older weights-only checkpoints ("VZNG": magic, hidden, buckets, the weights) are
// still read: training then starts at epoch 1 with fresh moments, as resume= did before.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "train/trainer.h"

namespace vazir::train {

namespace {

constexpr uint32_t kStateMagic = 0x534E5A56u;       // "VZNS"
constexpr uint32_t kStateVersion = 2;
constexpr uint32_t kWeightsOnlyMagic = 0x474E5A56u;  // "VZNG", Network::save

struct StateHeader {
    uint32_t magic, version, hidden, buckets, epochsDone, totalEpochs;
    uint64_t steps, seed, trainPositions;
};
static_assert(sizeof(StateHeader) == 48);
struct LayoutFields {  // version 2, after the header
    uint32_t inputBuckets, mirrored;
    uint8_t map[64];
};
static_assert(sizeof(LayoutFields) == 72);

// "(768 -> 16) x 2 -> 8", "(768 x 4 king buckets, mirrored -> 16) x 2 -> 8".
std::string describe(int hidden, int buckets, const nnue::InputLayout& layout) {
    return "(" + nnue::describeInputs(layout) + " -> " + std::to_string(hidden) + ") x 2 -> " + std::to_string(buckets);
}

}  // namespace

bool Trainer::saveCheckpoint(const std::string& path, int epochsDone) {
    flush();  // every deferred update into the weights and moments
    const StateHeader h{kStateMagic, kStateVersion, uint32_t(net_.hidden()), uint32_t(net_.buckets()),
                        uint32_t(epochsDone), uint32_t(config_.epochs), steps_, config_.seed, trainPositions()};
    const nnue::InputLayout& layout = net_.layout();
    LayoutFields l{uint32_t(layout.buckets), uint32_t(layout.mirrored), {}};
    std::copy(layout.map.begin(), layout.map.end(), l.map);
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(&h), sizeof h);
        out.write(reinterpret_cast<const char*>(&l), sizeof l);
        for (const std::vector<float>* a : {&net_.params, &m_, &v_})
            out.write(reinterpret_cast<const char*>(a->data()), std::streamsize(a->size() * sizeof(float)));
        out.flush();
        if (!out) return false;
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    return !ec;
}

Trainer::Resumed Trainer::loadCheckpoint(const std::string& path) {
    Resumed r;
    std::ifstream in(path, std::ios::binary);
    uint32_t magic = 0;
    if (!in.read(reinterpret_cast<char*>(&magic), sizeof magic)) {
        r.error = "cannot read checkpoint '" + path + "'";
        return r;
    }
    if (magic == kWeightsOnlyMagic) {
        r.error = net_.load(path);
        if (r.error.empty()) r.note = "an old weights-only checkpoint: Adam's moments start afresh, training from epoch 1";
        return r;
    }
    StateHeader h{};
    in.seekg(0);
    if (magic != kStateMagic || !in.read(reinterpret_cast<char*>(&h), sizeof h) || h.version < 1 ||
        h.version > kStateVersion) {
        r.error = "'" + path + "' is not a vazir-train checkpoint (of a version this build reads)";
        return r;
    }
    nnue::InputLayout layout;  // version 1: the plain layout
    if (h.version >= 2) {
        LayoutFields l{};
        if (!in.read(reinterpret_cast<char*>(&l), sizeof l)) {
            r.error = "checkpoint '" + path + "' is cut short";
            return r;
        }
        layout.buckets = int(l.inputBuckets);
        layout.mirrored = l.mirrored != 0;
        std::copy(l.map, l.map + 64, layout.map.begin());
    }
    if (int(h.hidden) != net_.hidden() || int(h.buckets) != net_.buckets() || !(layout == net_.layout())) {
        const bool sameSizes = int(h.hidden) == net_.hidden() && int(h.buckets) == net_.buckets() &&
                               layout.buckets == net_.layout().buckets && layout.mirrored == net_.layout().mirrored;
        r.error = "checkpoint is " + describe(int(h.hidden), int(h.buckets), layout) + ", this run " +
                  describe(net_.hidden(), net_.buckets(), net_.layout()) + (sameSizes ? " (king maps differ)" : "");
        return r;
    }
    std::vector<float> params(net_.params.size()), m(params.size()), v(params.size());
    for (std::vector<float>* a : {&params, &m, &v})
        if (!in.read(reinterpret_cast<char*>(a->data()), std::streamsize(a->size() * sizeof(float)))) {
            r.error = "checkpoint '" + path + "' is cut short";
            return r;
        }
    if (in.peek() != std::ifstream::traits_type::eof()) {
        r.error = "checkpoint '" + path + "' is longer than its header says";
        return r;
    }
    net_.params = std::move(params);
    m_ = std::move(m);
    v_ = std::move(v);
    steps_ = flushedAt_ = h.steps;
    std::fill(rowStep_.begin(), rowStep_.end(), steps_);
    stepLog_.clear();
    r.epochsDone = int(h.epochsDone);
    r.optimiserState = true;
    // The positions in the order the next epoch would have found them.
    for (int e = 1; e <= r.epochsDone; ++e) shuffleForEpoch(e);
    if (h.seed != config_.seed) r.note += "checkpoint made with seed " + std::to_string(h.seed) + "; ";
    if (h.trainPositions != trainPositions())
        r.note += "checkpoint trained on " + std::to_string(h.trainPositions) + " positions, this run has " +
                  std::to_string(trainPositions()) + "; ";
    if (int(h.totalEpochs) != config_.epochs)
        r.note += "checkpoint's run had epochs=" + std::to_string(h.totalEpochs) +
                  " (the learning-rate schedule follows this run's epochs=" + std::to_string(config_.epochs) + "); ";
    if (!r.note.empty()) r.note = "not the same run: " + r.note.substr(0, r.note.size() - 2);
    return r;
}

}  // namespace vazir::train
