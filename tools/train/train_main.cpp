// vazir-train: trains an NNUE network on binary self-play data (see tools/train/trainer.h).
//
//   vazir-train data=a.bin[,b.bin...] [valid=c.bin] [validshare=0.05] [hidden=128] [buckets=1]
//               [epochs=10] [batch=16384] [lr=0.001] [wd=0.01] [blend=0.3] [scale=400]
//               [threads=2] [seed=1] [minply=8] [mirror=1|0] [out=vazir.nnue] [checkpoint=prefix]
//               [resume=checkpoint file] [exportscale=N|hce]
//
// exportscale sets the centipawns per logistic unit written into the net's header (the
// engine's centipawns are the net's output times it); by default the training scale.
// `hce` writes the scale at which the hand-crafted evaluation fits the held-out targets
// best, so the net speaks in the hand-crafted evaluation's centipawns, the ones the
// search margins were tuned in (a net read at 400 where that fit is 310 plays ~75 Elo
// worse than the same weights read at 310: see docs/nnue-training.md).
//
// Prints the data kept and dropped, the hand-crafted evaluation's loss on the held-out
// positions (the bar a net has to pass), then per epoch the learning rate, the training and
// held-out losses, the time and the positions per second; writes a float checkpoint
// after every epoch (checkpoint=prefix) and the quantised net at the end (out=).
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "train/trainer.h"

using namespace vazir;

namespace {

// The training scale and the export scale both end up in the net's header, which the
// engine reads only within its bounds.
bool scaleFitsHeader(double scale) { return scale >= nnue::kMinOutputScale && scale <= nnue::kMaxOutputScale; }

std::vector<std::string> splitList(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    std::string item;
    while (std::getline(in, item, ','))
        if (!item.empty()) out.push_back(item);
    return out;
}

// Everything the command line sets.
struct Options {
    train::TrainConfig cfg;
    std::vector<std::string> data, valid;
    std::string out = "vazir.nnue", checkpoint, resume;
    double validShare = 0.05;
    double exportScale = 0;      // 0: the training scale
    bool exportAtHandcrafted = false;  // exportscale=hce
    PackedFilter filter;
};

// Reads key=value arguments into `o`; returns what is wrong, or "".
std::string parseArgs(int argc, char** argv, Options& o) {
    train::TrainConfig& cfg = o.cfg;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const size_t eq = a.find('=');
        if (eq == std::string::npos) return "expected key=value, got '" + a + "'";
        const std::string k = a.substr(0, eq), v = a.substr(eq + 1);
        try {
            if (k == "data") o.data = splitList(v);
            else if (k == "valid") o.valid = splitList(v);
            else if (k == "validshare") o.validShare = std::stod(v);
            else if (k == "hidden") cfg.hidden = std::stoi(v);
            else if (k == "buckets") cfg.buckets = std::stoi(v);
            else if (k == "epochs") cfg.epochs = std::stoi(v);
            else if (k == "batch") cfg.batchSize = std::stoi(v);
            else if (k == "lr") cfg.lr = std::stod(v);
            else if (k == "wd") cfg.weightDecay = std::stod(v);
            else if (k == "blend") cfg.blend = std::stod(v);
            else if (k == "scale") cfg.scale = std::stod(v);
            else if (k == "threads") cfg.threads = std::stoi(v);
            else if (k == "seed") cfg.seed = std::stoull(v);
            else if (k == "minply") o.filter.minPly = std::stoi(v);
            else if (k == "mirror") cfg.mirror = std::stoi(v) != 0;
            else if (k == "out") o.out = v;
            else if (k == "checkpoint") o.checkpoint = v;
            else if (k == "resume") o.resume = v;
            else if (k == "exportscale" && v == "hce") o.exportAtHandcrafted = true;
            else if (k == "exportscale") o.exportScale = std::stod(v);
            else return "unknown option '" + k + "'";
        } catch (...) {
            return "bad value for '" + k + "': '" + v + "'";
        }
    }
    if (o.data.empty() || cfg.hidden < 1 || cfg.hidden > 4096 || cfg.buckets < 1 ||
        cfg.buckets > nnue::kMaxOutputBuckets || cfg.epochs < 1 || cfg.batchSize < 1 ||
        cfg.threads < 1 || cfg.threads > 256 || !scaleFitsHeader(cfg.scale) ||
        (o.exportScale != 0 && !scaleFitsHeader(o.exportScale))) {
        const std::string scales = std::to_string(nnue::kMinOutputScale) + "-" + std::to_string(nnue::kMaxOutputScale);
        return "usage: vazir-train data=<file.bin>[,...] [valid=...] [hidden=1-4096] [buckets=1-8] [epochs=N] [threads=1-256] "
               "[scale=" + scales + "] [exportscale=" + scales + "|hce] ...";
    }
    return "";
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    if (const std::string err = parseArgs(argc, argv, o); !err.empty()) {
        std::cerr << "vazir-train: " << err << "\n";
        return 2;
    }
    train::TrainConfig& cfg = o.cfg;
    const std::vector<std::string>& data = o.data;
    const std::vector<std::string>& valid = o.valid;
    const std::string &out = o.out, &checkpoint = o.checkpoint, &resume = o.resume;
    const double validShare = o.validShare;
    const PackedFilter& filter = o.filter;

    PackedLoad train = loadPacked(data, filter, cfg.seed);
    if (!train.error.empty()) {
        std::cerr << "vazir-train: " << train.error << "\n";
        return 1;
    }
    std::vector<PackedPosition> held;
    if (!valid.empty()) {
        PackedLoad v = loadPacked(valid, filter, cfg.seed);
        if (!v.error.empty()) {
            std::cerr << "vazir-train: " << v.error << "\n";
            return 1;
        }
        held = std::move(v.positions);
    } else {
        const size_t n = size_t(double(train.positions.size()) * validShare);
        held.assign(train.positions.end() - long(n), train.positions.end());
        train.positions.resize(train.positions.size() - n);
    }
    std::cout << "data: " << train.records << " records, " << train.games << " games, " << train.dropped
              << " positions dropped by the filter; " << train.positions.size() << " to train on, " << held.size()
              << " held out" << std::endl;
    std::cout << "net: (768 -> " << cfg.hidden << ") x 2 -> 1, SCReLU, " << cfg.buckets
              << " output bucket(s) by piece count; batch " << cfg.batchSize << ", lr " << cfg.lr
              << ", wd " << cfg.weightDecay << ", blend " << cfg.blend << ", scale " << cfg.scale << ", "
              << cfg.threads << " threads, seed " << cfg.seed << (cfg.mirror ? ", mirrored files" : "") << std::endl;

    const train::BaselineFit baseline = train::handcraftedBaseline(held, cfg);
    std::printf("hand-crafted evaluation on the held-out positions: loss %.6f at scale %.0f (%zu positions)\n",
                baseline.loss, baseline.scale, baseline.positions);
    // Settled before training, so that a scale the run cannot have fails at once.
    const double exportScale = o.exportAtHandcrafted ? baseline.scale : o.exportScale != 0 ? o.exportScale : cfg.scale;
    if (exportScale < 1) {
        std::cerr << "vazir-train: exportscale=hce needs held-out positions the hand-crafted evaluation can read\n";
        return 1;
    }

    train::Trainer trainer(cfg, std::move(train.positions), std::move(held));
    if (!resume.empty())
        if (std::string err = trainer.network().load(resume); !err.empty()) {
            std::cerr << "vazir-train: " << err << "\n";
            return 1;
        }
    for (int e = 1; e <= cfg.epochs; ++e) {
        const train::EpochReport r = trainer.runEpoch(e);
        std::printf("epoch %d  lr %.6f  train loss %.6f  held-out loss %.6f  %.1f s  %.0f positions/s\n", r.epoch,
                    r.lr, r.trainLoss, r.validLoss, r.seconds, r.positionsPerSecond);
        std::fflush(stdout);
        if (!checkpoint.empty()) trainer.network().save(checkpoint + "-epoch" + std::to_string(e) + ".vznf");
    }
    if (!trainer.network().exportQuantised(out, exportScale)) {
        std::cerr << "vazir-train: cannot write '" << out << "'\n";
        return 1;
    }
    std::cout << "wrote " << out << " (output scale " << std::lround(exportScale) << " cp per logistic unit)" << std::endl;
    return 0;
}
