// vazir-train's streaming reader (tools/train/position_stream.h): every epoch exactly the
// positions and held-out games of the in-memory loader, from either file format, in an
// order fixed by the seed and the epoch; a file grown since the first pass reads as it
// was, one rewritten is an error; the trainer fed in the in-memory order trains the same
// net bit for bit, and a streamed run is reproducible and resumable.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <cstring>

#include "datagen/games_convert.h"
#include "datagen/packed.h"
#include "test_files.h"
#include "train/position_stream.h"
#include "train/trainer.h"

using namespace vazir;

namespace {

const std::string kSample = std::string(VAZIR_TEST_DIR) + "/data/selfplay-sample.bin";

std::vector<std::string> sortedBytes(const std::vector<PackedPosition>& positions) {
    std::vector<std::string> out;
    for (const PackedPosition& p : positions) out.emplace_back(reinterpret_cast<const char*>(&p), sizeof p);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<PackedPosition> epoch(train::PositionStream& s, int e, size_t batch = 37) {
    std::vector<PackedPosition> out, part(batch);
    s.startEpoch(e);
    for (size_t n; (n = s.read(part.data(), batch)) > 0;) out.insert(out.end(), part.begin(), part.begin() + long(n));
    return out;
}

// The trainer's in-memory order, handed out as a stream.
struct InMemoryOrder : train::TrainingSource {
    std::vector<PackedPosition> order;
    uint64_t seed = 1;
    size_t at = 0;
    void startEpoch(int e) override {
        std::mt19937_64 rng(seed * 1000003ULL + uint64_t(e));  // Trainer::shuffleForEpoch
        std::shuffle(order.begin(), order.end(), rng);
        at = 0;
    }
    size_t read(PackedPosition* out, size_t max) override {
        const size_t n = std::min(max, order.size() - at);
        std::copy_n(order.begin() + long(at), n, out);
        at += n;
        return n;
    }
    uint64_t positions() const override { return order.size(); }
    std::string error() const override { return ""; }
};

}  // namespace

TEST_SUITE("stream") {
    TEST_CASE("every epoch the loader's positions and held-out games, from either format, in a seeded order") {
        const std::string vzg = testdata::tempPath("stream.vzg");
        ConvertCounts c;
        REQUIRE(convertToGames(kSample, vzg, c) == "");
        // Two files (the same games, but another file's games are other games to the split).
        const std::vector<std::string> files{kSample, vzg};
        const PackedLoad mem = loadPacked(files, PackedFilter{}, 1, 0.3);
        REQUIRE(mem.error.empty());
        REQUIRE(!mem.heldOut.empty());
        for (const size_t buffer : {size_t(1), size_t(50), size_t(1) << 20}) {
            train::PositionStream s({files, PackedFilter{}, 0.3, buffer, 9});
            REQUIRE(s.scan() == "");
            CHECK(s.records == mem.records);
            CHECK(s.games == mem.games);
            CHECK(s.dropped == mem.dropped);
            CHECK(s.heldOutGames == mem.heldOutGames);
            CHECK(s.positions() == mem.positions.size());
            CHECK(sortedBytes(s.takeHeldOut()) == sortedBytes(mem.heldOut));
            const std::vector<PackedPosition> e1 = epoch(s, 1), e2 = epoch(s, 2), again = epoch(s, 1, 1000);
            CHECK(s.error() == "");
            CHECK(sortedBytes(e1) == sortedBytes(mem.positions));
            CHECK(sortedBytes(e2) == sortedBytes(mem.positions));
            CHECK(sortedBytes(again) == sortedBytes(e1));
            // The seed and the epoch fix the order (a buffer of 1 keeps the file order).
            const bool sameOrder = std::equal(e1.begin(), e1.end(), again.begin(), [](auto& a, auto& b) {
                return std::memcmp(&a, &b, sizeof a) == 0;
            });
            const bool otherOrder = !std::equal(e1.begin(), e1.end(), e2.begin(), [](auto& a, auto& b) {
                return std::memcmp(&a, &b, sizeof a) == 0;
            });
            CHECK(sameOrder);
            CHECK(otherOrder == (buffer > 1));
            MESSAGE("buffer ", buffer, ": ", e1.size(), " positions an epoch, ", mem.heldOut.size(), " held out");
        }
        std::filesystem::remove(vzg);
    }

    TEST_CASE("a file grown since the first pass reads as it was; one cut since is an error") {
        const std::string f = testdata::tempPath("growing.bin");
        std::filesystem::copy_file(kSample, f, std::filesystem::copy_options::overwrite_existing);
        train::PositionStream s({{f}, PackedFilter{}, 0, 64, 1});
        REQUIRE(s.scan() == "");
        const uint64_t n = s.positions();
        {
            std::ofstream out(f, std::ios::binary | std::ios::app);
            std::ifstream in(kSample, std::ios::binary);
            out << in.rdbuf();  // datagen appending more games
        }
        CHECK(epoch(s, 1).size() == n);
        CHECK(s.error() == "");
        std::filesystem::resize_file(f, 32 * 100);
        CHECK(epoch(s, 2).size() < n);
        CHECK(s.error().find("the training files changed") == 0);
        std::filesystem::remove(f);
        train::PositionStream missing({{f}, PackedFilter{}, 0, 64, 1});
        CHECK(missing.scan().find("cannot open") == 0);
    }

    TEST_CASE("the trainer: fed the in-memory order it trains the same net; streamed, a seed gives one net") {
        const PackedLoad mem = loadPacked({kSample}, PackedFilter{}, 1, 0.25);
        train::TrainConfig cfg;
        cfg.hidden = 16;
        cfg.buckets = 2;
        cfg.epochs = 3;
        cfg.batchSize = 24;
        cfg.lr = 0.01;
        cfg.threads = 2;
        train::Trainer inMemory(cfg, mem.positions, mem.heldOut);
        InMemoryOrder source;
        source.order = mem.positions;
        source.seed = cfg.seed;
        train::Trainer fed(cfg, source, mem.heldOut);
        for (int e = 1; e <= cfg.epochs; ++e) {
            const train::EpochReport a = inMemory.runEpoch(e), b = fed.runEpoch(e);
            CHECK(a.positions == b.positions);
            CHECK(a.trainLoss == b.trainLoss);
        }
        CHECK(fed.network().params == inMemory.network().params);

        // Streamed: the same net twice, and a run resumed from a checkpoint continues it.
        auto streamed = [&](train::PositionStream& s) {
            REQUIRE(s.scan() == "");
            return s.takeHeldOut();
        };
        train::PositionStream s1({{kSample}, PackedFilter{}, 0.25, 40, cfg.seed}),
            s2({{kSample}, PackedFilter{}, 0.25, 40, cfg.seed}), s3({{kSample}, PackedFilter{}, 0.25, 40, cfg.seed});
        train::Trainer a(cfg, s1, streamed(s1)), b(cfg, s2, streamed(s2));
        train::EpochReport last;
        for (int e = 1; e <= cfg.epochs; ++e) {
            last = a.runEpoch(e);
            b.runEpoch(e);
        }
        CHECK(last.error == "");
        CHECK(last.positions == mem.positions.size());
        CHECK(a.network().params == b.network().params);
        CHECK(a.network().params != inMemory.network().params);  // another order
        const std::string path = testdata::tempPath("stream.vznf");
        REQUIRE(b.saveCheckpoint(path, cfg.epochs));
        train::Trainer first(cfg, s3, streamed(s3));
        first.runEpoch(1);
        REQUIRE(first.saveCheckpoint(path, 1));
        train::Trainer resumed(cfg, s3, {});
        const train::Trainer::Resumed r = resumed.loadCheckpoint(path);
        REQUIRE(r.error == "");
        CHECK(r.note == "");
        for (int e = 2; e <= cfg.epochs; ++e) resumed.runEpoch(e);
        CHECK(resumed.network().params == a.network().params);
        std::filesystem::remove(path);
        MESSAGE("streamed: train loss ", last.trainLoss, ", held-out loss ", last.validLoss);
    }
}
