// Texel tuner for the evaluation weights (see src/tune/tuner.h).
//
// Usage: vazir-tuner data=<file> [out=src/eval/weights.cpp] [epochs=100] [batch=16384]
//                    [lr=1.0] [blend=0.5] [threads=2] [seed=1] [limit=0]
#include <fstream>
#include <iostream>
#include <map>
#include <string>

#include "core/position.h"
#include "tune/tuner.h"

int main(int argc, char** argv) {
    using namespace vazir;
    initCore();
    std::map<std::string, std::string> args = {{"out", "src/eval/weights.cpp"}, {"epochs", "100"}, {"batch", "16384"},
                                               {"lr", "1.0"}, {"blend", "0.5"}, {"threads", "2"}, {"seed", "1"},
                                               {"limit", "0"}};
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        size_t eq = a.find('=');
        if (eq == std::string::npos || (!args.count(a.substr(0, eq)) && a.substr(0, eq) != "data")) {
            std::cerr << "usage: vazir-tuner data=<file> [out=F] [epochs=N] [batch=N] [lr=X] [blend=X] [threads=N] [seed=N] [limit=N]\n";
            return 2;
        }
        args[a.substr(0, eq)] = a.substr(eq + 1);
    }
    if (!args.count("data")) {
        std::cerr << "vazir-tuner: data=<file> is required\n";
        return 2;
    }
    try {
        const int threads = std::stoi(args["threads"]);
        const double blend = std::stod(args["blend"]);
        const std::vector<Pair> start = tune::flatten(kWeights);

        // K is fitted on the game results with the starting weights, then the targets
        // are built with it.
        tune::Dataset resultsOnly;
        if (std::string err = tune::loadDataset(args["data"], 1.0, 1.0, resultsOnly, std::stoul(args["limit"])); !err.empty()) {
            std::cerr << "vazir-tuner: " << err << "\n";
            return 2;
        }
        const double k = tune::fitK(resultsOnly, start, threads);
        tune::Dataset data;
        (void)tune::loadDataset(args["data"], blend, k, data, std::stoul(args["limit"]));
        std::cout << data.samples.size() << " positions, " << tune::weightCount() << " weights, K = " << k
                  << ", starting loss " << tune::loss(data, start, k, threads) << std::endl;

        tune::TrainConfig cfg;
        cfg.epochs = std::stoi(args["epochs"]);
        cfg.batchSize = std::stoul(args["batch"]);
        cfg.learningRate = std::stod(args["lr"]);
        cfg.threads = threads;
        cfg.seed = std::stoull(args["seed"]);
        std::vector<Pair> tuned = tune::train(data, start, k, cfg, std::cout);

        std::ofstream out(args["out"]);
        out << tune::weightsSource(tune::unflatten(tuned),
                                   "Data: " + args["data"] + " (" + std::to_string(data.samples.size()) +
                                       " positions), K " + std::to_string(k) + ", blend " + args["blend"] + ", " +
                                       args["epochs"] + " epochs, lr " + args["lr"] + ", seed " + args["seed"] + ".");
        std::cout << "wrote " << args["out"] << std::endl;
    } catch (const std::exception& e) {
        std::cerr << "vazir-tuner: bad argument (" << e.what() << ")\n";
        return 2;
    }
    return 0;
}
