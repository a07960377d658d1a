// The tuner: weights flatten and come back unchanged, the loss falls on a small
// self-play sample, and a run is deterministic for a seed.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "eval/eval.h"

#include "tune/tuner.h"

using namespace vazir;

namespace {
const std::string kSample = std::string(VAZIR_TEST_DIR) + "/data/selfplay-sample.txt";
}

TEST_SUITE("tune") {
    TEST_CASE("flatten and unflatten are inverse") {
        std::vector<Pair> flat = tune::flatten(kWeights);
        CHECK(flat.size() == tune::weightCount());
        CHECK(tune::flatten(tune::unflatten(flat)) == flat);
    }

    TEST_CASE("the dataset reproduces the engine's evaluation") {
        tune::Dataset d;
        REQUIRE(tune::loadDataset(kSample, 1.0, 1.0, d).empty());
        REQUIRE(d.samples.size() > 200);
        std::vector<double> mg, eg;
        for (Pair p : tune::flatten(kWeights)) {
            mg.push_back(p.mg);
            eg.push_back(p.eg);
        }
        // The first sample's FEN, evaluated by the engine, within rounding of the trace.
        std::ifstream in(kSample);
        std::string line;
        std::getline(in, line);
        Position pos;
        StateInfo st;
        REQUIRE(pos.setFromFen(line.substr(0, line.find('|')), false, st).ok());
        const Score engine = pos.sideToMove() == White ? evaluate(pos) : -evaluate(pos);
        CHECK(std::abs(tune::evaluateSample(d, d.samples[0], mg, eg) - engine) <= 2.0);
    }

    TEST_CASE("training lowers the loss, deterministically") {
        tune::Dataset d;
        REQUIRE(tune::loadDataset(kSample, 0.5, 1.0, d).empty());
        const std::vector<Pair> start = tune::flatten(kWeights);
        const double k = tune::fitK(d, start, 2);
        CHECK(k > 0.1);
        CHECK(k < 4.0);
        const double before = tune::loss(d, start, k, 2);
        tune::TrainConfig cfg;
        cfg.epochs = 5;
        cfg.batchSize = 64;
        cfg.learningRate = 1.0;
        cfg.threads = 2;
        cfg.seed = 42;
        std::ostringstream log1, log2;
        std::vector<Pair> a = tune::train(d, start, k, cfg, log1);
        std::vector<Pair> b = tune::train(d, start, k, cfg, log2);
        const double after = tune::loss(d, a, k, 2);
        MESSAGE("loss ", before, " -> ", after, " over ", d.samples.size(), " positions");
        CHECK(after < before * 0.9);
        CHECK(a == b);
        CHECK(log1.str() == log2.str());
        // The written source names every term.
        const std::string src = tune::weightsSource(tune::unflatten(a), "test");
        CHECK(src.find("/* material */") != std::string::npos);
        CHECK(src.find("/* tempo */") != std::string::npos);
    }

    TEST_CASE("regularisation holds rarely-seen weights near the start; validation loss is printed") {
        tune::Dataset d, held;
        REQUIRE(tune::loadDataset(kSample, 0.5, 1.0, d).empty());
        REQUIRE(tune::loadDataset(kSample, 0.5, 1.0, held, 50).empty());
        const std::vector<Pair> start = tune::flatten(kWeights);
        const double k = tune::fitK(d, start, 2);
        tune::TrainConfig cfg;
        cfg.epochs = 5;
        cfg.batchSize = 64;
        cfg.threads = 2;
        std::ostringstream free, held1;
        const std::vector<Pair> loose = tune::train(d, start, k, cfg, free);
        cfg.regularization = 1.0;  // far stronger than any data gradient
        const std::vector<Pair> tight = tune::train(d, start, k, cfg, held1, &held);
        auto distance = [&](const std::vector<Pair>& w) {
            long sum = 0;
            for (size_t i = 0; i < w.size(); ++i) sum += std::abs(w[i].mg - start[i].mg) + std::abs(w[i].eg - start[i].eg);
            return sum;
        };
        MESSAGE("summed |w - start|: unregularised ", distance(loose), ", regularised ", distance(tight));
        CHECK(distance(loose) > 100);
        CHECK(distance(tight) * 10 < distance(loose));
        CHECK(free.str().find("validation") == std::string::npos);
        CHECK(held1.str().find("validation") != std::string::npos);
    }

    TEST_CASE("a written weights file reads back; so does the hand-set file") {
        std::vector<Pair> back;
        const std::vector<Pair> flat = tune::flatten(kWeights);
        REQUIRE(tune::parseWeightsSource(tune::weightsSource(kWeights, "round trip"), back).empty());
        CHECK(back == flat);
        std::ifstream in(std::string(VAZIR_TEST_DIR) + "/../src/tune/handset-weights.cpp");
        REQUIRE(in);
        std::stringstream text;
        text << in.rdbuf();
        REQUIRE(tune::parseWeightsSource(text.str(), back).empty());
        CHECK(back.size() == flat.size());
        CHECK(back[1] == Pair{82, 94});  // the hand-set pawn
        CHECK(!tune::parseWeightsSource("no weights here", back).empty());
        CHECK(!tune::parseWeightsSource("kWeights = {{1, 2}, {3}}", back).empty());
    }
}
