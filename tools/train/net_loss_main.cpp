// vazir-netloss: the held-out loss of finished nets, as the engine reads them.
//
//   vazir-netloss nets=a.nnue[,b.nnue...] valid=c.bin[,d.bin...] [blend=0.3] [scale=400] [minply=8]
//
// vazir-train prints the held-out loss of the float net it is training; this tool asks the
// same question of quantised nets, evaluated by the engine's own inference, so that a new
// candidate and the default net (whose training run is long gone) are compared on the
// same positions and targets before any games are played. The target is vazir-train's
// (blend x result + (1 - blend) x sigmoid(score / scale), side to move's view), and a
// net's output in logistic units is its centipawns divided by the scale in its header.
// Prints, per net, the loss on each file and on all of them (the filter of vazir-train:
// not in check, quiet best move, |score| <= 3000, ply >= minply).
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "datagen/packed.h"
#include "nnue/network.h"
#include "train/train_options.h"
#include "train/trainer.h"

using namespace vazir;

namespace {

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }


struct Sample {
    std::string fen;
    double target = 0;  // side to move's view
};

// The kept positions of one file, as FENs with their targets.
std::vector<Sample> readSamples(const std::string& file, const PackedFilter& filter, double blend, double scale,
                                std::string& error) {
    PackedLoad load = loadPacked({file}, filter, 1);
    std::vector<Sample> out;
    if (!load.error.empty()) {
        error = load.error;
        return out;
    }
    out.reserve(load.positions.size());
    train::TrainConfig target;
    target.blend = blend;
    target.scale = scale;
    for (const PackedPosition& p : load.positions) {
        std::string fen = unpackFen(p);
        if (fen.empty()) continue;
        out.push_back({std::move(fen), train::targetOf(p, (p.flags & PackedPosition::kBlackToMove) != 0, target)});
    }
    return out;
}

// Mean squared error of the net's win probability against the targets.
double netLoss(const nnue::Network& net, const std::vector<Sample>& samples) {
    double total = 0;
    size_t n = 0;
    for (const Sample& s : samples) {
        StateInfo st;
        Position pos;
        if (!pos.setFromFen(s.fen, false, st).ok()) continue;
        const int cp = nnue::AccumulatorStack::evaluateFresh(net, pos);
        const double d = sigmoid(double(cp) / net.scale()) - s.target;
        total += d * d;
        ++n;
    }
    return n ? total / double(n) : 0.0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> nets, valid;
    double blend = 0.3, scale = 400;
    PackedFilter filter;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const size_t eq = arg.find('=');
        const std::string k = arg.substr(0, eq), v = eq == std::string::npos ? "" : arg.substr(eq + 1);
        char* end = nullptr;
        if (k == "nets") nets = train::splitList(v);
        else if (k == "valid") valid = train::splitList(v);
        else if (k == "blend") blend = std::strtod(v.c_str(), &end);
        else if (k == "scale") scale = std::strtod(v.c_str(), &end);
        else if (k == "minply") filter.minPly = int(std::strtol(v.c_str(), &end, 10));
        else {
            std::cerr << "vazir-netloss: unknown argument '" << arg << "'\n";
            return 2;
        }
        if (end && (*end != '\0' || v.empty())) {
            std::cerr << "vazir-netloss: not a number in '" << arg << "'\n";
            return 2;
        }
    }
    if (nets.empty() || valid.empty() || !(blend >= 0 && blend <= 1) || !(scale >= 1)) {
        std::cerr << "usage: vazir-netloss nets=a.nnue[,b.nnue] valid=c.bin[,d.bin] [blend=0.3] [scale=400] "
                     "[minply=8]\n";
        return 2;
    }
    std::vector<std::vector<Sample>> files;
    for (const std::string& f : valid) {
        std::string error;
        files.push_back(readSamples(f, filter, blend, scale, error));
        if (!error.empty()) {
            std::cerr << "vazir-netloss: " << error << "\n";
            return 1;
        }
        std::printf("%s: %zu positions\n", f.c_str(), files.back().size());
    }
    for (const std::string& path : nets) {
        nnue::Network net;
        if (const std::string err = net.load(path); !err.empty()) {
            std::cerr << "vazir-netloss: " << path << ": " << err << "\n";
            return 1;
        }
        double weighted = 0;
        size_t count = 0;
        std::printf("%s %s, scale %d:", path.c_str(), net.shape().c_str(), net.scale());
        for (size_t i = 0; i < files.size(); ++i) {
            const double loss = netLoss(net, files[i]);
            weighted += loss * double(files[i].size());
            count += files[i].size();
            std::printf("  %s %.6f", valid[i].c_str(), loss);
        }
        std::printf("  all %.6f\n", count ? weighted / double(count) : 0.0);
        std::fflush(stdout);
    }
    return 0;
}
