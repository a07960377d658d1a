// Lazy SMP: a persistent pool of search threads, created when `Threads` is set (not per
// `go`). Each thread has its own searcher (histories, search stack, root moves), its own
// copy of the game, and its own pawn cache (thread_local in the evaluation); all share
// the transposition table and one stop flag. Thread 0 is the main thread: it owns the
// clock, the `info` lines and `bestmove`; the helpers search the same root and help
// through the table, their different timing making their trees diverge.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.h"
#include "search/search.h"

namespace vazir {

// WebAssembly built without pthreads (the web page's fallback where it cannot have
// SharedArrayBuffer) has no threads at all: there a SearchThread runs each job on the
// caller's thread, to its end, the pool has one thread, and nothing can interrupt a
// search (Engine::go makes endless searches finite there).
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kThreadsAvailable = false;
#else
inline constexpr bool kThreadsAvailable = true;
#endif

// One persistent thread that runs one job at a time.
class SearchThread {
public:
    explicit SearchThread(TranspositionTable& tt);
    ~SearchThread();
    SearchThread(const SearchThread&) = delete;
    SearchThread& operator=(const SearchThread&) = delete;

    // Runs `job` on this thread (without threads: runs it now and returns when it is
    // done). The previous job must have finished (see wait()).
    void start(std::function<void()> job);
    // Blocks until the current job (if any) has finished.
    void wait();

    Searcher searcher;
    Game game;              // this thread's copy of the game, searched on
    SearchResult result;    // of the last search (written by the job, read after wait())

private:
    void loop();

    std::mutex mutex_;
    std::condition_variable cv_;
    std::function<void()> job_;
    bool busy_ = false;
    bool exit_ = false;
    std::thread thread_;  // last: starts once everything above exists (none without threads)
};

class ThreadPool {
public:
    explicit ThreadPool(TranspositionTable& tt);

    // Makes the pool `count` threads. On failure (the system refuses a thread) keeps the
    // old pool and returns a message; "" on success. No search may be running.
    std::string resize(int count);
    int size() const { return int(threads_.size()); }
    SearchThread& main() { return *threads_[0]; }
    SearchThread& operator[](int i) { return *threads_[size_t(i)]; }

    // Nodes of the running or last search, summed over the threads.
    uint64_t totalNodes() const;
    uint64_t totalTbHits() const;
    void stop() { stop_.store(true, std::memory_order_relaxed); }
    void waitForHelpers();
    void clearHistories();

    // The result to play: the threads' results voted on, each move's weight growing with
    // the depth each thread completed and with its score above the worst one (as
    // Stockfish and Ethereal do). A thread's result always comes from a finished
    // iteration, so a shallow unfinished search never overrides a deeper finished one.
    SearchResult pickBest() const;

    // Runs `job(i)` on every thread at once and waits: table clearing and allocation
    // use all the threads.
    void forEachThread(const std::function<void(int index, int count)>& job);

private:
    TranspositionTable& tt_;
    std::atomic<bool> stop_{false};
    std::vector<std::unique_ptr<SearchThread>> threads_;
};

}  // namespace vazir
