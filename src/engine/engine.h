// The engine facade: owns the game, the transposition table, the pool of search threads
// and the options; starts and stops searches and reports through callbacks. Knows
// nothing of the UCI text protocol. The game is never searched on: each search thread
// searches its own copy, so `d`, `eval` and `position` read it safely during a search.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.h"
#include "engine/options.h"
#include "engine/strength.h"
#include "engine/thread_pool.h"
#include "search/search.h"

namespace vazir {

class Engine {
public:
    struct Callbacks {
        std::function<void(const SearchReport&)> onInfo;
        std::function<void(Move best, Move ponder)> onBestMove;
        std::function<void(const std::string&)> onMessage;  // informational text
    };

    explicit Engine(Callbacks callbacks);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    OptionRegistry& options() { return options_; }
    std::string setOption(const std::string& name, const std::string& value, bool hasValue);

    // All-or-nothing: on error the previous position stays. Stops a running search first.
    ParseResult setPosition(std::string_view fen, const std::vector<std::string_view>& moves);
    const Position& position() const { return game_.position(); }
    Position& position() { return game_.position(); }
    bool chess960() const { return chess960_.load(); }

    // Starts a search on the worker thread; exactly one onBestMove follows. With
    // limits.infinite or limits.ponder the best move is held until stop() or ponderhit().
    void go(const SearchLimits& limits);
    void stop();
    void ponderhit();
    void waitForSearch();  // blocks until the running search (if any) has reported
    bool searching() const;

    void newGame();  // clears hash and histories

    // The loaded network's evaluation of the game's position (side to move's view), if
    // EvalFile is set.
    std::optional<int> networkEvaluation() const;

    // `go perft`: a divide of the game's position run on the main search thread, like a
    // search, so that the protocol thread stays free to answer `isready` and `stop`.
    // onMove for each root move finished, then onDone once with the total, the time and
    // whether a stop cut it short. `waitForSearch` waits for it too.
    struct PerftCallbacks {
        std::function<void(Move, uint64_t)> onMove;
        std::function<void(uint64_t total, int64_t ms, bool stopped)> onDone;
    };
    void perft(int depth, PerftCallbacks callbacks);
    // For `quit` and the end of input: a running search is stopped; a running perft is let
    // finish, as in Stockfish, so that a script's `go perft N` then `quit` gets its count.
    void finish();

    // What a `go` with these limits will do: threads, table size, time budget (for
    // `debug on`).
    std::string describeSearchPlan(const SearchLimits& limits) const;

    // Fixed-depth search with a fresh table and histories (bench), with the pool's
    // threads; returns when it has finished.
    SearchResult searchFresh(int depth, uint64_t& nodes);
    int threads() { return pool_.size(); }
    // The result of the last search that has finished (after waitForSearch()).
    const SearchResult& lastResult() const { return lastResult_; }

private:
    void stopAndWait();
    // EvalFile: a path, <embedded> or <empty>; "" or what happened, for `info string`.
    std::string setEvalFile(const std::string& value);

    Callbacks callbacks_;
    Game game_;
    void startSearch(const SearchLimits& limits, bool reportBestMove);

    TranspositionTable tt_;
    ThreadPool pool_;
    OptionRegistry options_;
    SearchSettings settings_;
    std::atomic<bool> chess960_{false};  // read by the worker's report callbacks

    bool running_ = false;  // a search or perft was started and not yet waited for (command thread only)
    std::atomic<bool> perftStop_{false};  // set by stop(): a running perft returns
    bool perftRunning_ = false;  // the job started last is a perft (command thread only)
    SearchResult lastResult_;  // written by the main search thread before it finishes

    // Playing strength (strength.h); the generator is used by the main search thread.
    bool limitStrength_ = false;
    int elo_ = 1500;
    int skillLevel_ = kMaxSkillLevel;
    std::mt19937_64 rng_{std::random_device{}()};
    mutable std::mutex mutex_;
    std::condition_variable released_;  // signalled on stop() and ponderhit()
    bool stopRequested_ = false;
    bool ponderhitReceived_ = false;
    bool searching_ = false;
};

}  // namespace vazir
