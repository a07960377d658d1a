// vazir-train's command line: key=value arguments read into the trainer's settings, with
// every value checked before any data is read, so that a run that could not produce a
// net the engine reads fails at once rather than after hours of training.
#pragma once

#include <string>
#include <vector>

#include "datagen/packed.h"
#include "train/trainer.h"

namespace vazir::train {

// Everything the command line sets.
struct TrainOptions {
    TrainConfig cfg;
    std::vector<std::string> data, valid;
    std::string out = "vazir.nnue", checkpoint, resume;
    double validShare = 0.05;
    double exportScale = 0;            // 0: the training scale
    bool exportAtHandcrafted = false;  // exportscale=hce
    PackedFilter filter;
    bool stream = false;                // stream=1: read the data a batch at a time (position_stream.h)
    uint64_t bufferPositions = 1 << 20;  // buffer=: the streaming shuffle buffer, in positions
    bool keepBest = false;              // best=1: export the epoch with the lowest held-out loss (best_epoch.h)
    int patience = 0;                   // patience=N: stop after N epochs without a new best (0: never)
};

// "a,b,,c" -> {"a", "b", "c"}: the file lists of data=, valid= and nets=.
std::vector<std::string> splitList(const std::string& s);

// Reads key=value arguments (argv[1..argc-1]) into `o`; returns what is wrong, or "".
std::string parseTrainArgs(int argc, const char* const* argv, TrainOptions& o);

}  // namespace vazir::train
