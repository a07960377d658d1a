// The engine facade: owns the game, the transposition table, the searcher, the options
// and the worker thread; starts and stops searches and reports through callbacks.
// Knows nothing of the UCI text protocol.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.h"
#include "engine/options.h"
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

    // Fixed-depth search with a fresh table and histories, on the calling thread (bench).
    SearchResult searchFresh(int depth, uint64_t& nodes);

private:
    void stopAndWait();

    Callbacks callbacks_;
    Game game_;
    TranspositionTable tt_;
    Searcher searcher_;
    OptionRegistry options_;
    SearchSettings settings_;
    std::atomic<bool> chess960_{false};  // read by the worker's report callbacks

    std::thread worker_;
    mutable std::mutex mutex_;
    std::condition_variable released_;  // signalled on stop() and ponderhit()
    bool stopRequested_ = false;
    bool ponderhitReceived_ = false;
    bool searching_ = false;
};

}  // namespace vazir
