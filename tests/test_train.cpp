// The NNUE trainer: its gradient matches finite differences, the loss falls on a small
// sample, a fixed seed gives the same net, the export has the documented layout.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

#include "core/position.h"
#include "datagen/packed.h"
#include "eval/eval.h"
#include "test_data.h"
#include "test_files.h"
#include "nnue/network.h"
#include "train/best_epoch.h"
#include "train/train_options.h"
#include "train/trainer.h"

using namespace vazir;

namespace {

using testdata::mirrorFilesFen;

}  // namespace

TEST_SUITE("train") {
    TEST_CASE("the gradient matches central finite differences on a tiny net, with 1 and 8 output buckets, and king buckets") {
      for (const auto& [buckets, layoutName] : {std::pair<int, std::string>{1, "none"}, {8, "none"}, {8, "hm4"}}) {
        nnue::InputLayout layout;
        REQUIRE(nnue::namedInputLayout(layoutName, layout));
        const std::vector<PackedPosition> all = testdata::samplePositions(3);
        // Six positions from the start of games and six from their ends, so that with 8
        // buckets more than one bucket's output weights get a gradient.
        std::vector<PackedPosition> batch(all.begin(), all.begin() + 6);
        std::vector<PackedPosition> fewest = all;
        std::sort(fewest.begin(), fewest.end(), [](const PackedPosition& a, const PackedPosition& b) {
            return popCount(a.occupancy) < popCount(b.occupancy);
        });
        batch.insert(batch.end(), fewest.begin(), fewest.begin() + 6);
        train::TrainConfig cfg;
        cfg.hidden = 4;
        train::Network net(cfg.hidden, buckets, layout);
        net.initialise(17);
        for (int j = 0; j < cfg.hidden; ++j) net.b1()[j] = 0.3f;  // keep the accumulators off the kinks at 0 and 1
        auto totalLoss = [&]() {
            double s = 0;
            for (const auto& p : batch) s += net.lossAndGradient(p, cfg, nullptr);
            return s;
        };
        std::vector<float> grad(net.params.size(), 0.0f);
        for (const auto& p : batch) net.lossAndGradient(p, cfg, grad.data());
        // Every parameter with a gradient (the rows of the features present), and some without.
        int checked = 0, bad = 0;
        double worst = 0;
        for (size_t k = 0; k < net.params.size(); ++k) {
            if (grad[k] == 0.0f && k % 97 != 0) continue;
            const float keep = net.params[k];
            const float eps = 1e-2f;
            net.params[k] = keep + eps;
            const double up = totalLoss();
            net.params[k] = keep - eps;
            const double down = totalLoss();
            net.params[k] = keep;
            const double numeric = (up - down) / (2.0 * eps);
            const double err = std::abs(numeric - grad[k]);
            worst = std::max(worst, err / std::max(1e-4, std::abs(numeric)));
            ++checked;
            bad += err > 0.02 * std::abs(numeric) + 2e-5;
        }
        int bucketsWithGradient = 0;
        for (int b = 0; b < buckets; ++b) bucketsWithGradient += grad[net.params.size() - size_t(buckets - b)] != 0.0f;
        // With king buckets, the first-layer sets the positions' kings pick get gradients.
        int setsWithGradient = 0;
        for (int set = 0; set < layout.buckets; ++set) {
            bool any = false;
            for (size_t k = size_t(set) * 768 * 4; k < size_t(set + 1) * 768 * 4; ++k) any |= grad[k] != 0.0f;
            setsWithGradient += any;
        }
        MESSAGE(buckets, " output bucket(s), layout ", layoutName, " (", setsWithGradient, " of ", layout.buckets,
                " input sets with a gradient), ", bucketsWithGradient, " output buckets with a gradient: ", checked,
                " parameters checked, ", bad, " outside 2% (+2e-5), worst relative error ", worst);
        CHECK(checked > 100);
        CHECK(bad == 0);
        CHECK(bucketsWithGradient >= std::min(buckets, 2));
        CHECK(setsWithGradient >= std::min(layout.buckets, 2));
      }
    }

    TEST_CASE("the loss falls on a small sample, and a fixed seed gives the same net with two threads") {
        std::vector<PackedPosition> all = testdata::samplePositions(3);
        std::vector<PackedPosition> held(all.end() - 50, all.end());
        all.resize(all.size() - 50);
        train::TrainConfig cfg;
        cfg.hidden = 16;
        cfg.epochs = 30;
        cfg.batchSize = 32;
        cfg.lr = 0.01;
        cfg.threads = 2;
        train::Trainer a(cfg, all, held), b(cfg, all, held);
        const double before = a.meanLoss(all);
        train::EpochReport last;
        for (int e = 1; e <= cfg.epochs; ++e) {
            last = a.runEpoch(e);
            b.runEpoch(e);
        }
        const double after = a.meanLoss(all);
        MESSAGE(all.size(), " positions: training loss ", before, " -> ", after, ", held-out loss ", last.validLoss);
        CHECK(after < 0.8 * before);
        CHECK(a.network().params == b.network().params);
    }

    TEST_CASE("the hand-crafted baseline: zero loss at scale 400 on records scored by the evaluation itself") {
        // Records whose score is the evaluation (White's view): with the target all score
        // (blend 0) at scale 400, the baseline must find scale 400 and a zero loss. A sign
        // slip (side to move against White) would leave a large loss.
        std::vector<PackedPosition> records;
        for (const PackedPosition& p : testdata::samplePositions(4)) {
            Position pos;
            StateInfo st;
            REQUIRE(pos.setFromFen(unpackFen(p), false, st).ok());
            const int stmEval = evaluate(pos);
            const int whiteEval = pos.sideToMove() == White ? stmEval : -stmEval;
            records.push_back(packPosition(pos, whiteEval, Move::none(), false, p.result, 20));
        }
        train::TrainConfig cfg;
        cfg.blend = 0.0;
        const train::BaselineFit exact = train::handcraftedBaseline(records, cfg);
        // The real sample (search scores and results): a positive loss at some scale.
        cfg.blend = 0.3;
        const train::BaselineFit real = train::handcraftedBaseline(testdata::samplePositions(4), cfg);
        MESSAGE(exact.positions, " positions: own scores loss ", exact.loss, " at ", exact.scale,
                "; the sample's scores and results: loss ", real.loss, " at scale ", real.scale);
        CHECK(exact.positions == records.size());
        CHECK(exact.scale == 400);
        CHECK(exact.loss < 1e-12);
        CHECK(real.loss > 0.001);
    }

    TEST_CASE("mirror augmentation: a record seen mirrored is the mirrored position, loss and gradient") {
        train::TrainConfig cfg;
        cfg.hidden = 8;
        train::Network net(cfg.hidden);
        net.initialise(5);
        int compared = 0, castling = 0;
        double worst = 0;
        for (const PackedPosition& p : testdata::samplePositions(6)) {
            if (!train::mirrorable(p)) {
                ++castling;
                continue;
            }
            Position pos;
            StateInfo st;
            REQUIRE(pos.setFromFen(mirrorFilesFen(unpackFen(p)), false, st).ok());
            const PackedPosition m = packPosition(pos, p.score, Move::none(), false, p.result, p.ply);
            std::vector<float> g1(net.params.size()), g2(net.params.size());
            const double a = net.lossAndGradient(p, cfg, g1.data(), true);
            const double b = net.lossAndGradient(m, cfg, g2.data(), false);
            worst = std::max(worst, std::abs(a - b));
            for (size_t k = 0; k < g1.size(); ++k) worst = std::max(worst, double(std::abs(g1[k] - g2[k])));
            // The same position unmirrored differs (else the check proves nothing).
            if (compared < 50) CHECK(std::abs(net.lossAndGradient(p, cfg, nullptr) - a) +
                                         std::abs(net.lossAndGradient(m, cfg, nullptr) - b) > 0);
            ++compared;
        }
        MESSAGE(compared, " records compared mirrored (", castling, " with castling rights skipped), worst difference ", worst);
        CHECK(compared > 100);
        CHECK(worst < 1e-6);
    }

    TEST_CASE("the quantised export: header, sizes, rounded weights") {
      for (const int buckets : {1, 8}) {
        train::Network net(16, buckets);
        net.initialise(5);
        const std::string path = testdata::tempPath("net.vznn");
        REQUIRE(net.exportQuantised(path, 400));
        std::ifstream in(path, std::ios::binary);
        uint32_t header[8];
        uint64_t hash = 0;
        in.read(reinterpret_cast<char*>(header), sizeof header);
        in.read(reinterpret_cast<char*>(&hash), sizeof hash);
        CHECK(header[0] == 0x4E4E5A56u);
        CHECK(header[1] == nnue::kPlainVersion);  // a plain net is still written as version 2
        CHECK(header[2] == 768u);
        CHECK(header[3] == 16u);
        CHECK(header[4] == uint32_t(train::kQA));
        CHECK(header[5] == uint32_t(train::kQB));
        CHECK(header[6] == 400u);
        CHECK(header[7] == uint32_t(buckets));
        CHECK(hash == train::architectureHash(16, buckets));
        CHECK(hash != train::architectureHash(32, buckets));
        CHECK(hash != train::architectureHash(16, 9 - buckets));
        int16_t first = 0;
        in.read(reinterpret_cast<char*>(&first), sizeof first);
        CHECK(first == int16_t(std::lround(net.w1()[0] * train::kQA)));
        const auto size = std::filesystem::file_size(path);
        CHECK(size == sizeof header + sizeof hash + 2 * (768 * 16 + 16 + 2 * 16 * buckets) + 4 * buckets);
        std::filesystem::remove(path);
      }
    }

    TEST_CASE("the command line refuses net shapes the engine refuses, before any data is read") {
        // Every shape the parser accepts exports a net the engine loads; every other is
        // refused with a message naming the value, and the export refuses it too.
        const auto parse = [](const std::string& hidden, const std::string& buckets, std::string* err) {
            const std::string h = "hidden=" + hidden, b = "buckets=" + buckets;
            const char* argv[] = {"vazir-train", "data=none.bin", h.c_str(), b.c_str()};
            train::TrainOptions o;
            *err = train::parseTrainArgs(4, argv, o);
            return err->empty();
        };
        int accepted = 0, refused = 0;
        for (const int hidden : {0, 1, 8, 15, 16, 17, 100, 128, 250, 256, 512, 1008, 1024, 1025, 1040, 2048, 4096}) {
            for (const int buckets : {0, 1, 3, 8, 9}) {
                std::string err;
                const bool ok = parse(std::to_string(hidden), std::to_string(buckets), &err);
                const bool engineReads = hidden >= 16 && hidden <= 1024 && hidden % 16 == 0 && buckets >= 1 && buckets <= 8;
                CHECK_MESSAGE(ok == engineReads, "hidden ", hidden, " buckets ", buckets, ": ", err);
                train::Network net(std::max(hidden, 1), std::max(buckets, 1));
                const std::string path = testdata::tempPath("shape.vznn");
                if (ok) {
                    ++accepted;
                    if (hidden > 256 && buckets != 8) continue;  // the big exports once each
                    net.initialise(3);
                    REQUIRE(net.exportQuantised(path, 400));
                    nnue::Network engine;
                    CHECK_MESSAGE(engine.load(path) == "", "hidden ", hidden, " buckets ", buckets);
                    CHECK(engine.hidden() == hidden);
                    CHECK(engine.buckets() == buckets);
                    std::filesystem::remove(path);
                } else {
                    ++refused;
                    // The message names what is wrong and what the engine reads.
                    const bool hiddenWrong = !(hidden >= 16 && hidden <= 1024 && hidden % 16 == 0);
                    CHECK_MESSAGE(err.find(hiddenWrong ? "hidden=" + std::to_string(hidden) : "buckets=" + std::to_string(buckets)) == 0, err);
                    CHECK(err.find(hiddenWrong ? "multiples of 16 from 16 to 1024" : "1 to 8 output buckets") != std::string::npos);
                    if (hidden >= 1 && buckets >= 1) CHECK_FALSE(net.exportQuantised(path, 400));
                    CHECK_FALSE(std::filesystem::exists(path));
                }
            }
        }
        MESSAGE(accepted, " shapes accepted, ", refused, " refused");
        CHECK(accepted == 6 * 3);
        // Other values are checked as strictly: a number must be the whole value.
        std::string err;
        CHECK_FALSE(parse("128x", "8", &err));
        CHECK(err.find("bad value for 'hidden'") == 0);
        const char* noData[] = {"vazir-train", "hidden=128"};
        train::TrainOptions o;
        CHECK(train::parseTrainArgs(2, noData, o).find("no training data") == 0);
        const char* badShare[] = {"vazir-train", "data=a.bin", "validshare=0.9"};
        CHECK(train::parseTrainArgs(3, badShare, o).find("validshare=") == 0);
        const char* good[] = {"vazir-train", "data=a.bin,b.bin", "hidden=256", "buckets=8", "threads=1", "exportscale=hce"};
        train::TrainOptions g;
        CHECK(train::parseTrainArgs(6, good, g) == "");
        CHECK(g.data.size() == 2);
        CHECK(g.cfg.hidden == 256);
        CHECK(g.exportAtHandcrafted);
    }

    TEST_CASE("sparse first-layer updates: deferred AdamW equals dense AdamW bit for bit") {
        // Batches of 4 positions read at most 4 x 64 of the 768 rows, so most rows are
        // left out of most steps and their updates deferred; 4 epochs of about 90 steps
        // also cross the flush every Trainer::kMaxDeferredSteps steps. Any deferred step
        // lost or replayed with the wrong learning rate or bias correction shows as a
        // difference from the dense reference.
        std::vector<PackedPosition> all = testdata::samplePositions(3);
        const std::vector<PackedPosition> held(all.end() - 20, all.end());
        all.resize(all.size() - 20);
        for (const auto& [threads, layoutName] : {std::pair<int, std::string>{1, "none"}, {2, "none"}, {2, "hm4"}}) {
            train::TrainConfig cfg;
            REQUIRE(nnue::namedInputLayout(layoutName, cfg.layout));
            cfg.hidden = 16;
            cfg.buckets = 8;
            cfg.epochs = 4;
            cfg.batchSize = 4;
            cfg.lr = 0.01;
            cfg.weightDecay = 0.1;  // large, so that missing decay would show
            cfg.threads = threads;
            train::TrainConfig denseCfg = cfg;
            denseCfg.denseUpdates = true;
            train::Trainer sparse(cfg, all, held), dense(denseCfg, all, held);
            train::EpochReport a, b;
            for (int e = 1; e <= cfg.epochs; ++e) {
                a = sparse.runEpoch(e);
                b = dense.runEpoch(e);
            }
            size_t differing = 0;
            for (size_t k = 0; k < sparse.network().params.size(); ++k)
                differing += sparse.network().params[k] != dense.network().params[k];
            MESSAGE(threads, " thread(s), layout ", layoutName, ", ", sparse.steps(), " steps: held-out loss ", a.validLoss, " sparse, ",
                    b.validLoss, " dense; ", differing, " parameters differ");
            CHECK(sparse.steps() > size_t(train::Trainer::kMaxDeferredSteps));
            CHECK(differing == 0);
            CHECK(a.validLoss == b.validLoss);
        }
        // The rows markActiveRows names hold every first-layer gradient a position gives.
        for (const std::string layoutName : {"none", "hm8"}) {
            nnue::InputLayout layout;
            REQUIRE(nnue::namedInputLayout(layoutName, layout));
            train::Network net(16, 1, layout);
            net.initialise(9);
            train::Workspace work(16);
            train::TrainConfig cfg;
            int outside = 0, marked = 0;
            for (const PackedPosition& p : std::vector<PackedPosition>(all.begin(), all.begin() + 40)) {
                std::vector<float> g(net.params.size(), 0.0f);
                std::vector<uint8_t> touched(size_t(layout.inputs()), 0);
                const bool mirrored = train::mirrorable(p) && marked % 2;
                net.lossAndGradient(p, cfg, g.data(), mirrored, work);
                train::markActiveRows(p, mirrored, layout, touched.data());
                for (int row = 0; row < layout.inputs(); ++row) {
                    marked += touched[size_t(row)];
                    for (int j = 0; j < 16; ++j) outside += !touched[size_t(row)] && g[size_t(row * 16 + j)] != 0.0f;
                }
            }
            CHECK(outside == 0);
            MESSAGE("layout ", layoutName, ": ", marked, " rows marked by 40 positions");
            CHECK(marked > 40 * 10);  // each position marks its pieces' rows, both perspectives
            CHECK(marked <= 40 * 64);
        }
    }

    TEST_CASE("learning-rate warmup: the factor ramps linearly, warmup=1 is no warmup, a long one moves the weights less") {
        CHECK(train::warmupFactor(0, 0) == 1.0);
        CHECK(train::warmupFactor(0, 4) == 0.25);
        CHECK(train::warmupFactor(1, 4) == 0.5);
        CHECK(train::warmupFactor(3, 4) == 1.0);
        CHECK(train::warmupFactor(1000, 4) == 1.0);
        CHECK(train::warmupFactor(0, 1) == 1.0);

        std::vector<PackedPosition> all = testdata::samplePositions(3);
        const std::vector<PackedPosition> held(all.end() - 30, all.end());
        all.resize(all.size() - 30);
        train::TrainConfig cfg;
        cfg.hidden = 16;
        cfg.epochs = 2;
        cfg.batchSize = 16;
        cfg.lr = 0.01;
        cfg.threads = 1;
        train::TrainConfig one = cfg, slow = cfg;
        one.warmupSteps = 1;
        slow.warmupSteps = 1000000;  // the whole run at a tiny fraction of lr
        train::Trainer plain(cfg, all, held), warmOne(one, all, held), warmSlow(slow, all, held);
        const std::vector<float> start = plain.network().params;
        for (int e = 1; e <= cfg.epochs; ++e) {
            plain.runEpoch(e);
            warmOne.runEpoch(e);
            warmSlow.runEpoch(e);
        }
        CHECK(warmOne.network().params == plain.network().params);
        // How far the weights moved from the same start (the seed fixes it).
        const auto moved = [&](const train::Trainer& t) {
            double d = 0;
            for (size_t i = 0; i < start.size(); ++i) d += std::abs(double(t.network().params[i]) - start[i]);
            return d;
        };
        REQUIRE(warmSlow.network().params.size() == start.size());
        const double dPlain = moved(plain), dSlow = moved(warmSlow);
        MESSAGE(plain.steps(), " steps: weights moved ", dPlain, " without warmup, ", dSlow, " with warmup=1000000");
        CHECK(dSlow < 0.1 * dPlain);
    }

    TEST_CASE("early stop: the best epoch's weights are kept, and patience ends the run after that many worse epochs") {
        train::BestEpoch best(2);
        CHECK(best.bestEpoch() == 0);
        CHECK_FALSE(best.shouldStop(5));  // nothing recorded yet
        CHECK(best.record(1, 0.30, {1.0f}));
        CHECK(best.record(2, 0.20, {2.0f}));
        CHECK_FALSE(best.record(3, 0.25, {3.0f}));
        CHECK_FALSE(best.shouldStop(3));
        CHECK_FALSE(best.record(4, 0.20, {4.0f}));  // a tie is not a new best
        CHECK(best.shouldStop(4));
        CHECK(best.bestEpoch() == 2);
        CHECK(best.bestLoss() == 0.20);
        CHECK(best.bestParams() == std::vector<float>{2.0f});
        train::BestEpoch never(0);
        never.record(1, 0.1, {});
        CHECK_FALSE(never.shouldStop(100));

        // The options: read, and negative values refused.
        const auto parse = [](const char* arg, train::TrainOptions& o) {
            const char* argv[] = {"vazir-train", "data=none.bin", arg};
            return train::parseTrainArgs(3, argv, o);
        };
        train::TrainOptions o;
        CHECK(parse("warmup=500", o) == "");
        CHECK(o.cfg.warmupSteps == 500);
        CHECK(parse("patience=3", o) == "");
        CHECK(o.patience == 3);
        CHECK(parse("best=1", o) == "");
        CHECK(o.keepBest);
        CHECK(parse("warmup=-1", o).find("warmup=-1") == 0);
        train::TrainOptions p;
        CHECK(parse("patience=-2", p).find("patience=-2") == 0);
    }

    TEST_CASE("resume: 3 epochs equal 1 epoch, a checkpoint, and 2 more epochs resumed from it, bit for bit") {
        std::vector<PackedPosition> all = testdata::samplePositions(3);
        const std::vector<PackedPosition> held(all.end() - 30, all.end());
        all.resize(all.size() - 30);
        for (const auto& [threads, layoutName] : {std::pair<int, std::string>{1, "none"}, {2, "none"}, {1, "hm4"}}) {
            const std::string layout = layoutName;  // clang 14 (emscripten) cannot capture a structured binding
            CAPTURE(layout);
            train::TrainConfig cfg;
            REQUIRE(nnue::namedInputLayout(layoutName, cfg.layout));
            cfg.hidden = 16;
            cfg.buckets = 8;
            cfg.epochs = 3;
            cfg.batchSize = 16;
            cfg.lr = 0.01;
            cfg.threads = threads;
            train::Trainer whole(cfg, all, held);
            train::EpochReport last;
            for (int e = 1; e <= cfg.epochs; ++e) last = whole.runEpoch(e);

            const std::string path = testdata::tempPath("resume.vznf");
            train::Trainer first(cfg, all, held);
            first.runEpoch(1);
            REQUIRE(first.saveCheckpoint(path, 1));
            CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
            train::Trainer resumed(cfg, all, held);
            const train::Trainer::Resumed r = resumed.loadCheckpoint(path);
            REQUIRE(r.error == "");
            CHECK(r.epochsDone == 1);
            CHECK(r.optimiserState);
            CHECK(r.note == "");
            CHECK(resumed.steps() == first.steps());
            train::EpochReport resumedLast;
            for (int e = r.epochsDone + 1; e <= cfg.epochs; ++e) resumedLast = resumed.runEpoch(e);
            CHECK(resumed.steps() == whole.steps());
            CHECK(resumed.network().params == whole.network().params);
            CHECK(resumedLast.validLoss == last.validLoss);
            CHECK(resumedLast.lr == last.lr);

            // Weights alone (the old resume) do not continue the run: the test can tell.
            train::Trainer weightsOnly(cfg, all, held);
            weightsOnly.network().params = first.network().params;
            for (int e = 2; e <= cfg.epochs; ++e) weightsOnly.runEpoch(e);
            CHECK(weightsOnly.network().params != whole.network().params);
            MESSAGE(threads, " thread(s): held-out loss after 3 epochs ", last.validLoss, ", resumed ",
                    resumedLast.validLoss);

            // Another shape is refused; so are a cut file and one that is not a checkpoint.
            train::TrainConfig other = cfg;
            other.hidden = 32;
            train::Trainer wrongShape(other, all, held);
            const std::string wanted = cfg.layout.plain() ? "checkpoint is (768 -> 16) x 2 -> 8" : "checkpoint is (768 x 4 king buckets, mirrored -> 16) x 2 -> 8";
            CHECK(wrongShape.loadCheckpoint(path).error.find(wanted) == 0);
            // Another input layout of the same sizes is refused too.
            train::TrainConfig otherLayout = cfg;
            if (cfg.layout.plain()) {
                REQUIRE(nnue::namedInputLayout("hm", otherLayout.layout));
            } else {
                otherLayout.layout.map[0] = 3;  // hm4's sizes, another map
            }
            train::Trainer wrongLayout(otherLayout, all, held);
            const std::string refusal = wrongLayout.loadCheckpoint(path).error;
            CHECK(refusal.find("checkpoint is") == 0);
            CHECK((refusal.find("king maps differ") != std::string::npos) == !cfg.layout.plain());
            const auto size = std::filesystem::file_size(path);
            std::filesystem::resize_file(path, size - 4);
            train::Trainer cut(cfg, all, held);
            CHECK(cut.loadCheckpoint(path).error.find("cut short") != std::string::npos);
            std::ofstream(path, std::ios::binary) << "not a checkpoint at all";
            CHECK(cut.loadCheckpoint(path).error.find("not a vazir-train checkpoint") != std::string::npos);
            // A run with another seed or epochs is told so.
            REQUIRE(first.saveCheckpoint(path, 1));
            train::TrainConfig longer = cfg;
            longer.epochs = 5;
            train::Trainer differs(longer, all, held);
            CHECK(differs.loadCheckpoint(path).note.find("epochs=3") != std::string::npos);
            // The old weights-only format (plain nets only) still loads, as weights only.
            if (!cfg.layout.plain()) {
                CHECK_FALSE(first.network().save(path));
                std::filesystem::remove(path);
                continue;
            }
            REQUIRE(first.network().save(path));
            train::Trainer old(cfg, all, held);
            const train::Trainer::Resumed o = old.loadCheckpoint(path);
            CHECK(o.error == "");
            CHECK(o.epochsDone == 0);
            CHECK_FALSE(o.optimiserState);
            CHECK(old.network().params == first.network().params);
            std::filesystem::remove(path);
        }
    }
}
