// Perft against the suites in tests/data (copies of public suites; see its README). The
// fast suite checks every position to the deepest depth whose count stays under a node
// budget; the deep suites (ctest -L deep) check every depth listed.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>

#include "core/perft.h"
#include "engine/engine.h"
#include "test_data.h"

using namespace vazir;

namespace {

struct SuiteResult {
    int positions = 0, checks = 0, failures = 0;
    uint64_t nodes = 0;
};

// Runs each case at every depth whose expected count is <= budget (at least depth 1).
SuiteResult runSuite(const std::vector<testdata::PerftCase>& cases, uint64_t budget) {
    SuiteResult r;
    for (const auto& c : cases) {
        Position pos;
        StateInfo root;
        ParseResult parsed = pos.setFromFen(c.fen, c.chess960, root);
        INFO("FEN: ", c.fen);
        REQUIRE_MESSAGE(parsed.ok(), parsed.error);
        ++r.positions;
        const std::string fenBefore = pos.fen();
        bool first = true;  // the shallowest depth given is always checked
        for (size_t d = 1; d <= c.counts.size(); ++d) {
            uint64_t expected = c.counts[d - 1];
            if (expected == 0 || (!first && expected > budget)) continue;
            first = false;
            uint64_t got = perft(pos, int(d));
            ++r.checks;
            r.nodes += got;
            if (got != expected) {
                ++r.failures;
                FAIL_CHECK("perft(", d, ") = ", got, ", expected ", expected, " for ", c.fen);
            }
        }
        // The walk must leave the position exactly as it found it.
        CHECK(pos.fen() == fenBefore);
        CHECK(pos.key() == pos.computeKey());
    }
    return r;
}

void report(const char* name, const SuiteResult& r) {
    std::printf("%-22s %4d positions, %5d depth checks, %14llu nodes, %d failures\n", name, r.positions, r.checks,
                static_cast<unsigned long long>(r.nodes), r.failures);
}

}  // namespace

TEST_SUITE("perft") {
    TEST_CASE("go perft runs on the search thread: it finishes with the right count, or a stop ends it") {
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        std::mutex m;
        int rootMoves = 0;
        uint64_t total = 0;
        bool stopped = false;
        auto callbacks = [&]() {
            return Engine::PerftCallbacks{[&](Move, uint64_t) {
                                              std::lock_guard lock(m);
                                              ++rootMoves;
                                          },
                                          [&](uint64_t n, int64_t, bool s) {
                                              std::lock_guard lock(m);
                                              total = n;
                                              stopped = s;
                                          }};
        };
        engine.perft(4, callbacks());
        engine.waitForSearch();
        {
            std::lock_guard lock(m);
            MESSAGE("perft 4 from the start: ", total, " nodes over ", rootMoves, " root moves");
            CHECK(total == 197281);
            CHECK(rootMoves == 20);
            CHECK(!stopped);
            rootMoves = 0;
        }
        // Depth 9 would take hours: a stop after 100 ms ends it at once.
        const auto start = std::chrono::steady_clock::now();
        engine.perft(9, callbacks());
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        engine.stop();
        engine.waitForSearch();
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
        std::lock_guard lock(m);
        MESSAGE("perft 9 stopped after ", ms, " ms: ", total, " nodes, ", rootMoves, " root moves finished");
        CHECK(stopped);
        CHECK(rootMoves < 20);
        CHECK(ms < 60000);
    }

    TEST_CASE("standard suite, every position up to 20M nodes per depth") {
        auto r = runSuite(testdata::readEpdSuite("perft/standard.epd", false), 20'000'000);
        report("standard.epd", r);
        CHECK(r.failures == 0);
        CHECK(r.positions == 128);
    }
    TEST_CASE("chess960 suite, every position up to 1M nodes per depth") {
        auto r = runSuite(testdata::readEpdSuite("perft/chess960.epd", true), 1'000'000);
        report("chess960.epd", r);
        CHECK(r.failures == 0);
        CHECK(r.positions == 960);
    }
    TEST_CASE("classic deep positions up to 5M nodes per depth") {
        auto r = runSuite(testdata::readEpdSuite("perft/deep.epd", false), 5'000'000);
        report("deep.epd (shallow)", r);
        CHECK(r.failures == 0);
    }
    TEST_CASE("tricky positions, every depth") {
        auto r = runSuite(testdata::readTrickySuite(), ~0ULL);
        report("tricky.perft", r);
        CHECK(r.failures == 0);
        CHECK(r.positions == 19);
    }
}

// Deep suites: skipped by default, run with --no-skip (ctest -L deep).
TEST_SUITE("perft_deep_standard" * doctest::skip()) {
    TEST_CASE("standard suite, every depth") {
        auto r = runSuite(testdata::readEpdSuite("perft/standard.epd", false), ~0ULL);
        report("standard.epd (all)", r);
        CHECK(r.failures == 0);
    }
}
TEST_SUITE("perft_deep_chess960" * doctest::skip()) {
    TEST_CASE("chess960 suite, every depth") {
        auto r = runSuite(testdata::readEpdSuite("perft/chess960.epd", true), ~0ULL);
        report("chess960.epd (all)", r);
        CHECK(r.failures == 0);
    }
}
TEST_SUITE("perft_deep_classic" * doctest::skip()) {
    TEST_CASE("deep.epd, every depth") {
        auto r = runSuite(testdata::readEpdSuite("perft/deep.epd", false), ~0ULL);
        report("deep.epd (all)", r);
        CHECK(r.failures == 0);
    }
}
