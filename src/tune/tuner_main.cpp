// Texel tuner for the evaluation weights (see src/tune/tuner.h).
//
// Usage: vazir-tuner data=<file>[,<file>...] [out=src/eval/weights.cpp] [epochs=100] [batch=16384]
//                    [lr=1.0] [blend=0.5] [threads=2] [seed=1] [limit=0] [reg=0] [valid=<file>] [start=<file>]
// Training starts from the weights in start=<weights .cpp file> (src/tune/handset-weights.cpp
// holds the hand-set values), or else from those compiled into the tuner; reg= pulls every
// weight toward that start (see src/tune/tuner.h); valid= names held-out data whose loss
// is printed each epoch and is never trained on.
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/position.h"
#include "tune/tuner.h"

int main(int argc, char** argv) {
    using namespace vazir;
    initCore();
    std::map<std::string, std::string> args = {{"out", "src/eval/weights.cpp"}, {"epochs", "100"}, {"batch", "16384"},
                                               {"lr", "1.0"}, {"blend", "0.5"}, {"threads", "2"}, {"seed", "1"},
                                               {"limit", "0"}, {"reg", "0"}, {"valid", ""}, {"start", ""}};
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        size_t eq = a.find('=');
        if (eq == std::string::npos || (!args.count(a.substr(0, eq)) && a.substr(0, eq) != "data")) {
            std::cerr << "usage: vazir-tuner data=<file> [out=F] [epochs=N] [batch=N] [lr=X] [blend=X] [threads=N] [seed=N] [limit=N] [reg=X] [valid=F] [start=F]\n";
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
        std::vector<Pair> start = tune::flatten(kWeights);
        if (!args["start"].empty()) {
            std::ifstream in(args["start"]);
            if (!in) throw std::runtime_error("cannot open " + args["start"]);
            std::stringstream text;
            text << in.rdbuf();
            if (std::string err = tune::parseWeightsSource(text.str(), start); !err.empty())
                throw std::runtime_error(args["start"] + ": " + err);
        }
        const EvalWeights startWeights = tune::unflatten(start);

        // Every file of a comma-separated list, appended in order.
        auto loadAll = [&](const std::string& list, tune::Dataset& d) {
            std::istringstream files(list);
            for (std::string file; std::getline(files, file, ',');)
                if (std::string err = tune::loadDataset(file, 1.0, 1.0, d, std::stoul(args["limit"]), startWeights); !err.empty())
                    throw std::runtime_error(file + ": " + err);
        };
        tune::Dataset data, validation;
        loadAll(args["data"], data);
        if (!args["valid"].empty()) loadAll(args["valid"], validation);

        // K is fitted on the game results with the starting weights, then the targets
        // are built with it.
        const double k = tune::fitK(data, start, threads);
        tune::setTargets(data, blend, k);
        tune::setTargets(validation, blend, k);
        std::cout << data.samples.size() << " positions, " << tune::weightCount() << " weights, K = " << k
                  << ", starting loss " << tune::loss(data, start, k, threads);
        if (!validation.samples.empty())
            std::cout << ", validation " << validation.samples.size() << " positions loss "
                      << tune::loss(validation, start, k, threads);
        std::cout << std::endl;

        tune::TrainConfig cfg;
        cfg.epochs = std::stoi(args["epochs"]);
        cfg.batchSize = std::stoul(args["batch"]);
        cfg.learningRate = std::stod(args["lr"]);
        cfg.threads = threads;
        cfg.seed = std::stoull(args["seed"]);
        cfg.regularization = std::stod(args["reg"]);
        std::vector<Pair> tuned = tune::train(data, start, k, cfg, std::cout, &validation);

        std::ofstream out(args["out"]);
        out << tune::weightsSource(tune::unflatten(tuned),
                                   "Data: " + args["data"] + " (" + std::to_string(data.samples.size()) +
                                       " positions), K " + std::to_string(k) + ", blend " + args["blend"] + ", " +
                                       args["epochs"] + " epochs, lr " + args["lr"] + ", reg " + args["reg"] + ", seed " + args["seed"] +
                                       (args["start"].empty() ? "" : ", start " + args["start"]) + ".");
        std::cout << "wrote " << args["out"] << std::endl;
    } catch (const std::runtime_error& e) {
        std::cerr << "vazir-tuner: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "vazir-tuner: bad argument (" << e.what() << ")\n";
        return 2;
    }
    return 0;
}
