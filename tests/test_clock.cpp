// Whole games on the clock, simulated: the engine's own time manager (computeTimeBudget,
// and the driver's rule for ending a search: no new iteration past the soft limit scaled
// by stability and node share, a stop at the hard limit) fed move costs like those of a
// loaded two-core machine: iterations that cost about twice the one before, and a delay
// between the stop and the GUI seeing the move that is usually a few milliseconds and
// sometimes tens (the process not scheduled, the pipe, the GUI itself). No game may be
// lost on time. It checks the rule, not the machine: real games at these controls are in
// docs/results.md.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>

#include "engine/engine.h"
#include "search/limits.h"
#include "search/timeman.h"

using namespace vazir;

namespace {

struct ClockControl {
    const char* name;
    int64_t startMs;
    int64_t incMs;
    int movesPerPeriod;  // 0: sudden death; else the clock gets startMs again after this many moves
    int movesPerGame;    // the engine's moves simulated per game
};

struct SimulatedGames {
    int games = 0, moves = 0, flags = 0;
    int64_t lowestClockMs = INT64_MAX;  // lowest the clock went after a move (before the increment)
    int64_t longestMoveMs = 0;
    int64_t openingMs = 0;  // time spent on the first kOpeningMoves moves of all games
    int openingMoves = 0;
};

// The moves whose mean time the test prints: how much of its clock the plan spends where
// the game is decided (a plan that never flags by moving at once would be useless).
constexpr int kOpeningMoves = 40;

// One move's wall time: iterations until one ends past the soft limit (scaled as the
// driver scales it, somewhere between 0.5 and 3.2), cut at the hard limit; then the delay.
int64_t simulatedMoveMs(const TimeBudget& b, std::mt19937_64& rng) {
    std::uniform_real_distribution<double> growth(1.5, 2.6), scale(0.5, 3.2), unit(0.0, 1.0);
    const double soft = double(b.softMs) * scale(rng);
    double elapsed = 0.0, iteration = 0.05;
    while (elapsed < soft) {
        elapsed += iteration;
        iteration *= growth(rng);
    }
    elapsed = std::min(elapsed, double(b.hardMs));
    // The delay: 1-4 ms usually, 10-45 ms one move in twenty.
    const double delay = unit(rng) < 0.05 ? 10.0 + 35.0 * unit(rng) : 1.0 + 3.0 * unit(rng);
    return int64_t(elapsed + delay + 0.999);
}

SimulatedGames playGames(const ClockControl& tc, int games, int movesPerGame, int64_t overheadMs, uint64_t seed) {
    SimulatedGames out;
    std::mt19937_64 rng(seed);
    for (int g = 0; g < games; ++g, ++out.games) {
        int64_t clock = tc.startMs;
        for (int move = 0; move < movesPerGame; ++move, ++out.moves) {
            SearchLimits l;
            l.time[White] = l.time[Black] = clock;
            l.inc[White] = l.inc[Black] = tc.incMs;
            l.movesToGo = tc.movesPerPeriod ? tc.movesPerPeriod - move % tc.movesPerPeriod : 0;
            const int64_t used = simulatedMoveMs(computeTimeBudget(l, White, overheadMs), rng);
            out.longestMoveMs = std::max(out.longestMoveMs, used);
            if (move < kOpeningMoves) out.openingMs += used, ++out.openingMoves;
            clock -= used;
            out.lowestClockMs = std::min(out.lowestClockMs, clock);
            if (clock < 0) {
                ++out.flags;
                break;
            }
            clock += tc.incMs;
            if (tc.movesPerPeriod && (move + 1) % tc.movesPerPeriod == 0) clock += tc.startMs;
        }
    }
    return out;
}

}  // namespace

TEST_SUITE("timeman") {
    TEST_CASE("whole games at bullet controls on a loaded machine: no game lost on time") {
        const ClockControl controls[] = {
            // 150 moves a side is the long tail of real games; with 2 s left and no
            // increment, 80 more moves.
            {"1+0.01", 1000, 10, 0, 150},
            {"0.5+0.01", 500, 10, 0, 150},
            {"40 moves in 1 s", 1000, 0, 40, 150},
            {"sudden death, 2 s left", 2000, 0, 0, 80},
            {"2+0.02", 2000, 20, 0, 150},
            {"10+0.1", 10000, 100, 0, 150},
        };
        // 20 ms is the engine's default Move Overhead, 10 Stockfish's; 50 what a user of a
        // slow link might set. Without an increment, an overhead below the delays simulated
        // here (up to 45 ms) cannot be kept: dozens of moves at the floor, each paying a
        // delay the overhead does not cover, drain the clock (10 ms: 49 of 400 games lost in
        // sudden death with 2 s left, 43 at 40 moves in 1 s). Those are printed, not checked.
        for (const int64_t overheadMs : {10, 20, 50}) {
            for (const ClockControl& tc : controls) {
                const SimulatedGames r = playGames(tc, 400, tc.movesPerGame, overheadMs, 0x5eed);
                MESSAGE(std::string(tc.name), ", overhead ", overheadMs, " ms: ", r.games, " games, ", r.moves, " moves, ",
                        r.flags, " lost on time; lowest clock ", r.lowestClockMs, " ms, longest move ", r.longestMoveMs,
                        " ms, mean of the first ", kOpeningMoves, " moves ", r.openingMs / std::max(1, r.openingMoves),
                        " ms");
                const bool overheadCoversDelays = overheadMs >= 20;
                if (tc.incMs > 0 || overheadCoversDelays) CHECK(r.flags == 0);
            }
        }
    }

    TEST_CASE("a single legal move on the clock is played at once") {
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        REQUIRE(engine.setPosition("7k/8/8/8/8/8/6q1/7K w - - 0 1", {}).ok());  // only Kxg2
        SearchLimits l;
        l.time[White] = l.time[Black] = 600000;  // ten minutes: without the rule, seconds of thought
        engine.go(l);
        engine.waitForSearch();
        const SearchResult& r = engine.lastResult();
        MESSAGE("one legal move, 10 minutes on the clock: depth ", r.depth, ", ", r.report.timeMs, " ms");
        CHECK(r.depth == 1);
        CHECK(r.report.timeMs < 1000);
    }
}
