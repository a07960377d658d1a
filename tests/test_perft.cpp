// Perft against the suites in tests/data (copies of public suites; see its README). The
// fast suite checks every position to the deepest depth whose count stays under a node
// budget; the deep suites (ctest -L deep) check every depth listed.
#include <doctest/doctest.h>

#include <cstdio>

#include "core/perft.h"
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
