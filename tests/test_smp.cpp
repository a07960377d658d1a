// Lazy SMP: several threads on one table. Run under ThreadSanitizer by scripts/test.sh:
// nothing here may race. Searches with 2, 4 and 8 threads (more threads than this
// machine's cores on purpose), stop, ponderhit and Threads changed between searches.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/move_text.h"
#include "core/movegen.h"
#include "engine/engine.h"
#include "search/score.h"
#include "search/tt.h"
#include "test_data.h"

using namespace vazir;

namespace {

struct Collector {
    std::vector<SearchReport> reports;
    std::string best;
    int bestmoves = 0;
    Engine::Callbacks callbacks() {
        return {[this](const SearchReport& r) { reports.push_back(r); },
                [this](Move b, Move) {
                    best = moveToUci(b, false);
                    ++bestmoves;
                },
                [](const std::string&) {}};
    }
};

SearchLimits depthLimit(int d) {
    SearchLimits l;
    l.depth = d;
    return l;
}

bool isLegalUci(const std::string& fen, const std::string& move) {
    Position pos;
    StateInfo st;
    if (!pos.setFromFen(fen, false, st).ok()) return false;
    return uciToMove(pos, move) != Move::none();
}

}  // namespace

TEST_SUITE("smp") {
    TEST_CASE("4 threads on 2 cores: legal moves and exact mate scores") {
        Collector c;
        Engine engine(c.callbacks());
        REQUIRE(engine.setOption("Threads", "4", true).empty());
        for (const testdata::MateCase& k : testdata::mateCases()) {
            c.reports.clear();
            REQUIRE(engine.setPosition(k.fen, {}).ok());
            engine.go(depthLimit(10));
            engine.waitForSearch();
            INFO(k.fen);
            CHECK(c.best == k.best);
            REQUIRE(!c.reports.empty());
            CHECK(c.reports.back().score == mateIn(2 * k.mateMoves - 1));
        }
        CHECK(c.bestmoves == int(testdata::mateCases().size()));
    }

    TEST_CASE("go nodes with 2 and 8 threads stops near the limit, counting every thread") {
        // Every thread checks the pool's total every 1024 of its own nodes, so the search
        // stops within about threads x 1024 nodes of the limit even when the OS leaves the
        // main thread waiting (8 threads on fewer cores; it failed by 38,000 nodes when
        // only the main thread checked, on a loaded machine).
        for (int threads : {2, 8}) {
            Collector c;
            Engine engine(c.callbacks());
            REQUIRE(engine.setOption("Threads", std::to_string(threads), true).empty());
            REQUIRE(engine.setPosition(Position::kStartFen, {}).ok());
            SearchLimits l;
            l.nodes = 200000;
            engine.go(l);
            engine.waitForSearch();
            REQUIRE(!c.reports.empty());
            const uint64_t reported = c.reports.back().nodes;
            MESSAGE("go nodes 200000 with ", threads, " threads: last info says ", reported, " nodes");
            CHECK(reported >= 200000);
            CHECK(reported < 200000 + uint64_t(threads) * 2 * 1024);
            CHECK(isLegalUci(std::string(Position::kStartFen), c.best));
        }
    }

    TEST_CASE("2, 4 and 8 threads: stop, ponderhit, Threads changed between searches, legal moves") {
        Collector c;
        Engine engine(c.callbacks());
        const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        int expected = 0;
        for (const char* threads : {"2", "4", "8", "2"}) {
            REQUIRE(engine.setOption("Threads", threads, true).empty());
            REQUIRE(engine.setPosition(fen, {}).ok());
            // An infinite search stopped from this thread.
            SearchLimits inf;
            inf.infinite = true;
            engine.go(inf);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            // The game is not searched on: reading it during the search is safe.
            CHECK(engine.position().fen() == fen);
            engine.stop();
            engine.waitForSearch();
            ++expected;
            CHECK(isLegalUci(fen, c.best));
            // A ponder search released by ponderhit, then ended by its clock.
            SearchLimits ponder;
            ponder.ponder = true;
            ponder.time[White] = ponder.time[Black] = 200;
            engine.go(ponder);
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            engine.ponderhit();
            engine.waitForSearch();
            ++expected;
            CHECK(isLegalUci(fen, c.best));
            // A fixed-depth search.
            engine.go(depthLimit(6));
            engine.waitForSearch();
            ++expected;
            CHECK(isLegalUci(fen, c.best));
        }
        CHECK(c.bestmoves == expected);
        // Destroying the engine mid-search (quit) stops and joins every thread.
        SearchLimits inf;
        inf.infinite = true;
        engine.go(inf);
    }

    TEST_CASE("a thread count the machine cannot create is refused and the pool kept") {
        Collector c;
        Engine engine(c.callbacks());
        REQUIRE(engine.setOption("Threads", "3", true).empty());
        CHECK(!engine.setOption("Threads", "1025", true).empty());  // beyond the option's range
        CHECK(engine.threads() == 3);
    }

    TEST_CASE("torn entries fail the key check: data words of one key fold alike only by chance") {
        // Entries of one position written by two threads differ in a field or two (depth,
        // bound, score, move); a torn read pairs one's key word with the other's data
        // word and is accepted only if both fold alike.
        std::mt19937_64 rng(11);
        uint64_t pairs = 0, collisions = 0;
        for (int i = 0; i < 200000; ++i) {
            const uint64_t d = rng();
            for (int field = 0; field < 8; ++field) {  // change one byte of the word
                const uint64_t other = d ^ (uint64_t(1 + rng() % 255) << (8 * field));
                ++pairs;
                collisions += TranspositionTable::fold(d) == TranspositionTable::fold(other);
            }
        }
        MESSAGE(pairs, " pairs of data words differing in one byte: ", collisions, " fold alike (chance: ",
                pairs / 65536, ")");
        CHECK(collisions < 3 * pairs / 65536 + 10);
    }

    TEST_CASE("the table under concurrent stores and probes: no torn entry is ever read") {
        // Every key stores a score, eval and depth derived from the key itself, so an entry
        // made of two different stores would show up as a mismatch. (On two cores torn
        // writes are rare; the case above checks the detection itself. Under
        // ThreadSanitizer this shows the table's accesses do not race.)
        TranspositionTable tt;
        REQUIRE(tt.resize(1));
        constexpr int kThreads = 4, kOps = 100000;
        std::atomic<int> mismatches{0}, hits{0};
        Position pos;
        const Move m = uciToMove(pos, "e2e4");
        auto worker = [&](int id) {
            std::mt19937_64 rng(uint64_t(id) + 1);
            for (int i = 0; i < kOps; ++i) {
                // Few clusters, many keys in each: writers collide all the time.
                const Key key = (rng() % 8) << 60 | (rng() & 0x7) << 7 | 0x55;
                const int v = int((key >> 7) & 0x7) * 100 + int(key >> 60);
                if (rng() % 2) {
                    tt.store(key, 0, v, -v, BoundExact, int(v % 50), m);
                } else {
                    TTData d;
                    if (tt.probe(key, 0, d)) {
                        ++hits;
                        if (d.score != v || d.eval != -v || d.depth != v % 50) ++mismatches;
                    }
                }
            }
        };
        std::vector<std::thread> threads;
        for (int i = 0; i < kThreads; ++i) threads.emplace_back(worker, i);
        for (auto& t : threads) t.join();
        MESSAGE(kThreads, " threads x ", kOps, " operations: ", hits.load(), " hits, ", mismatches.load(),
                " inconsistent entries");
        CHECK(hits.load() > 0);
        CHECK(mismatches.load() == 0);
    }
}
