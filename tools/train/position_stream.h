// vazir-train's streaming reader (stream=1): the training positions of any number of files
// (32-byte records or the game format, tools/datagen/) read a batch at a time, so that a
// run over 100M positions holds no more of them than the shuffle buffer and the held-out set.
//
// A first pass (scan) counts the data, keeps the held-out games' positions in memory and
// notes how far each file went; every epoch then reads the files again, in order and no
// further than that (a file datagen is still appending to gives the same epochs), keeps
// what the filter keeps and what is not held out (the rule of kept_games.h, the one the
// in-memory loader follows: the same positions, the same held-out games), and hands the
// positions out through a shuffle buffer: full, it gives out a random one of its positions
// and takes the next one read in its place. The order is fixed by the seed and the epoch.
// A buffer at least as large as the data gives a uniform shuffle of the epoch; a smaller
// one mixes positions within about its size of file order (games are ~140 positions).
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "datagen/kept_games.h"
#include "datagen/packed.h"
#include "train/trainer.h"

namespace vazir::train {

struct StreamSettings {
    std::vector<std::string> files;
    PackedFilter filter;
    double heldOutShare = 0;
    size_t bufferPositions = size_t(1) << 20;  // 32 MB of positions
    uint64_t seed = 1;
};

class PositionStream : public TrainingSource {
public:
    explicit PositionStream(StreamSettings settings);

    // The first pass over the files; returns "" or what is wrong.
    std::string scan();
    // The held-out games' positions, in file order (once, after scan()).
    std::vector<PackedPosition> takeHeldOut() { return std::move(heldOut_); }
    // What scan() read.
    uint64_t records = 0, games = 0, dropped = 0, heldOutGames = 0;

    void startEpoch(int epoch) override;
    size_t read(PackedPosition* out, size_t max) override;
    uint64_t positions() const override { return trainPositions_; }
    std::string error() const override { return error_; }

private:
    // The next training position in file order; false at the end of the data.
    bool pull(PackedPosition& p);

    StreamSettings settings_;
    std::vector<uint64_t> fileBytes_;  // how far scan() read each file
    std::vector<PackedPosition> heldOut_;
    uint64_t trainPositions_ = 0;
    std::string error_;

    std::unique_ptr<KeptGames> games_;
    std::vector<PackedPosition> game_;  // the kept positions of the game being read
    size_t gameAt_ = 0;
    bool inputDone_ = true;
    uint64_t pulled_ = 0;  // positions read this epoch
    std::vector<PackedPosition> buffer_;
    std::mt19937_64 rng_;
};

}  // namespace vazir::train
