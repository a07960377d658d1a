#include "engine/engine.h"

#include <chrono>
#include <optional>

#include "core/perft.h"
#include "nnue/embedded.h"
#include "search/params.h"

namespace vazir {

namespace {
constexpr int kDefaultHashMb = 16;
constexpr int kMaxHashMb = 65536;
constexpr int kMaxThreads = 1024;
constexpr int kMaxMultiPv = 256;
constexpr int kMaxMoveOverheadMs = 5000;
// What `go infinite` becomes in a build without threads (Engine::go).
constexpr int64_t kEndlessSearchWithoutThreadsMs = 10000;

// The voted line as one report: that thread's depth, score and PV, with the pool's
// counters and the clock as the main thread saw them.
SearchReport reportOfVotedLine(const SearchResult& voted, const SearchResult& main) {
    SearchReport r = voted.report;
    r.multiPv = 1;
    r.nodes = voted.nodes;  // the pool's total (pickBest)
    r.timeMs = main.report.timeMs;
    r.hashfull = main.report.hashfull;
    r.tbHits = main.report.tbHits;
    return r;
}

SearchReport reportOfChosenLine(const SearchResult::Line& chosen, const SearchResult& main) {
    SearchReport r = main.report;
    r.multiPv = 1;
    r.score = chosen.score;
    r.pv = chosen.pv;
    return r;
}
}  // namespace

Engine::Engine(Callbacks callbacks) : callbacks_(std::move(callbacks)), pool_(tt_) {
    using T = Option::Type;
    options_.add({"Hash", T::Spin, std::to_string(kDefaultHashMb), 1, kMaxHashMb, [this](const std::string& v) {
                      stopAndWait();
                      size_t mb = std::stoul(v);
                      if (mb == tt_.sizeMegabytes()) return std::string();
                      if (!tt_.resize(mb))
                          return "cannot allocate " + v + " MB for the hash table; keeping " +
                                 std::to_string(tt_.sizeMegabytes()) + " MB";
                      return std::string();
                  }});
    options_.add({"Clear Hash", T::Button, "", 0, 0, [this](const std::string&) {
                      stopAndWait();
                      pool_.forEachThread([this](int i, int n) { tt_.clearSlice(i, n); });
                      return std::string();
                  }});
    options_.add({"Threads", T::Spin, "1", 1, kThreadsAvailable ? kMaxThreads : 1, [this](const std::string& v) {
                      stopAndWait();
                      return pool_.resize(std::stoi(v));
                  }});
    options_.add({"Move Overhead", T::Spin, "20", 0, kMaxMoveOverheadMs, [this](const std::string& v) {
                      settings_.moveOverheadMs = std::stoll(v);
                      return std::string();
                  }});
    options_.add({"Ponder", T::Check, "false", 0, 0, [](const std::string&) { return std::string(); }});
    options_.add({"MultiPV", T::Spin, "1", 1, kMaxMultiPv, [this](const std::string& v) {
                      settings_.multiPv = std::stoi(v);
                      return std::string();
                  }});
    options_.add({"UCI_Chess960", T::Check, "false", 0, 0, [this](const std::string& v) {
                      chess960_ = v == "true";
                      return std::string();
                  }});
    // Playing strength (strength.h).
    options_.add({"UCI_LimitStrength", T::Check, "false", 0, 0, [this](const std::string& v) {
                      limitStrength_ = v == "true";
                      return std::string();
                  }});
    options_.add({"UCI_Elo", T::Spin, "1500", kMinElo, kMaxElo, [this](const std::string& v) {
                      elo_ = std::stoi(v);
                      return std::string();
                  }});
    options_.add({"Skill Level", T::Spin, std::to_string(kMaxSkillLevel), 0, kMaxSkillLevel,
                  [this](const std::string& v) {
                      skillLevel_ = std::stoi(v);
                      return std::string();
                  }});
    // The evaluation: a network file (nnue/network.h), the net built into the binary
    // (<embedded>, the default when there is one), or the hand-crafted one (<empty>).
    options_.add({"EvalFile", T::String, nnue::defaultEvalFile(), 0, 0,
                  [this](const std::string& v) { return setEvalFile(v); }});
    // Syzygy tablebases (search/tablebase.h).
    options_.add({"SyzygyPath", T::String, "<empty>", 0, 0, [this](const std::string& v) {
                      stopAndWait();
                      return tablebase::init(v);
                  }});
    options_.add({"SyzygyProbeDepth", T::Spin, "1", 1, 100, [this](const std::string& v) {
                      settings_.tablebase.probeDepth = std::stoi(v);
                      return std::string();
                  }});
    options_.add({"Syzygy50MoveRule", T::Check, "true", 0, 0, [this](const std::string& v) {
                      settings_.tablebase.use50MoveRule = v == "true";
                      return std::string();
                  }});
    options_.add({"SyzygyProbeLimit", T::Spin, "7", 0, 7, [this](const std::string& v) {
                      settings_.tablebase.probeLimit = std::stoi(v);
                      return std::string();
                  }});
    // A tuning build exposes every search parameter (params.h) as a spin option.
    for (const params::ParamInfo& p : params::all()) {
        if (!p.variable) break;
        options_.add({p.name, T::Spin, std::to_string(p.value), p.min, p.max, [this, &p](const std::string& v) {
                          stopAndWait();
                          params::set(p, std::stoi(v));
                          return std::string();
                      }});
    }
    options_.applyDefaults();
}

Engine::~Engine() { stopAndWait(); }

std::string Engine::setEvalFile(const std::string& v) {
    stopAndWait();
    const std::string keeping =
        std::string("; keeping the ") + (settings_.network ? "loaded network" : "hand-crafted evaluation");
    if (std::string err = nnue::loadEvalFile(v, settings_.network); !err.empty()) return "EvalFile: " + err + keeping;
    // Another evaluation makes every evaluation kept from the old one wrong: the table's
    // static evaluations (and the scores searched from them) and the correction history
    // (search result minus static evaluation). The pawn cache holds only hand-crafted
    // pawn terms, the same under any EvalFile, and the accumulators are rebuilt at the
    // start of every search. A new game clears exactly these.
    newGame();
    if (!settings_.network) return std::string();
    return "EvalFile: loaded " + v.substr(0, 200) + " " + settings_.network->shape();
}

std::string Engine::setOption(const std::string& name, const std::string& value, bool hasValue) {
    return options_.set(name, value, hasValue);
}

ParseResult Engine::setPosition(std::string_view fen, const std::vector<std::string_view>& moves) {
    stopAndWait();
    return game_.set(fen, moves, chess960_);
}

void Engine::go(const SearchLimits& limits) {
    if (kThreadsAvailable || (!limits.infinite && !limits.ponder)) return startSearch(limits, true);
    // Without threads the search runs on the caller's thread, so no `stop` or `ponderhit`
    // could reach it: a search that waits for one would never end.
    SearchLimits finite = limits;
    finite.infinite = finite.ponder = false;
    const bool otherLimit = finite.usesClock() || finite.depth || finite.nodes || finite.mate || finite.moveTime >= 0;
    if (!otherLimit) finite.moveTime = kEndlessSearchWithoutThreadsMs;
    callbacks_.onMessage("this build has no threads: go infinite and go ponder search " +
                         (otherLimit ? std::string("to their other limits") :
                                       "for " + std::to_string(kEndlessSearchWithoutThreadsMs) + " ms"));
    startSearch(finite, true);
}

// Every thread gets its own copy of the game and the same limits; the main thread's job
// runs its search, stops and waits for the helpers, picks the move by vote, holds it
// while the protocol says so (infinite, ponder), and reports it.
void Engine::startSearch(const SearchLimits& limits, bool reportBestMove) {
    stopAndWait();
    {
        std::lock_guard lock(mutex_);
        stopRequested_ = false;
        ponderhitReceived_ = false;
        searching_ = true;
    }
    // Prepared here, not on the threads: see Searcher::prepare. The main searcher's
    // prepare clears the pool's stop flag, so it comes first.
    for (int i = 0; i < pool_.size(); ++i) {
        pool_[i].game.copyFrom(game_);
        pool_[i].searcher.prepare(limits.ponder);
    }
    if (pool_.size() > 1) tt_.newSearch();  // a lone searcher does it itself
    running_ = true;
    SearchSettings settings = settings_;  // a setoption during the search must not race with it
    // A limited strength searches fewer nodes and more lines, and picks among them; the
    // GUI still sees only the lines it asked for.
    const StrengthPlan plan = planStrength(limitStrength_, elo_, skillLevel_,
                                           settings.network ? EvalKind::Network : EvalKind::HandCrafted);
    SearchLimits lim = limits;
    const int shownLines = settings.multiPv;
    if (plan.active) {
        lim.nodes = lim.nodes ? std::min(lim.nodes, plan.nodes) : plan.nodes;
        settings.multiPv = std::max(settings.multiPv, plan.multiPv);
    }
    for (int i = 1; i < pool_.size(); ++i) {
        SearchThread& t = pool_[i];
        t.start([&t, lim, settings] {
            t.result = t.searcher.run(t.game.position(), lim, settings, [](const SearchReport&) {});
        });
    }
    pool_.main().start([this, limits, lim, settings, plan, shownLines, reportBestMove] {
        SearchThread& t = pool_.main();
        t.result = t.searcher.run(t.game.position(), lim, settings, [&](const SearchReport& r) {
            if (r.currMoveNumber > 0 || r.multiPv <= shownLines) callbacks_.onInfo(r);
        });
        pool_.stop();
        pool_.waitForHelpers();
        SearchResult best = pool_.pickBest();
        std::optional<SearchReport> playedLine;
        if (best.best != t.result.best) playedLine = reportOfVotedLine(best, t.result);
        if (plan.active && !t.result.lines.empty()) {
            const SearchResult::Line choice = chooseMove(t.result.lines, plan, rng_);
            best.best = choice.move;
            best.ponder = choice.reply();
            best.score = choice.score;
            playedLine = reportOfChosenLine(choice, t.result);
        }
        // A GUI shows the last PV as the line the engine plays: when another thread's
        // move won the vote, or a limited strength chose a lower line, that line is
        // reported before the bestmove that plays it.
        if (playedLine && best.best != Move::none()) callbacks_.onInfo(*playedLine);
        lastResult_ = best;
        {
            // The protocol forbids a bestmove before stop/ponderhit in these modes, even
            // when the search itself has ended (mate found, maximum depth).
            std::unique_lock lock(mutex_);
            released_.wait(lock, [&] {
                return stopRequested_ || (!limits.infinite && (!limits.ponder || ponderhitReceived_));
            });
        }
        if (reportBestMove) callbacks_.onBestMove(best.best, best.ponder);
        std::lock_guard lock(mutex_);
        searching_ = false;
    });
}

void Engine::perft(int depth, PerftCallbacks callbacks) {
    stopAndWait();
    perftStop_.store(false, std::memory_order_relaxed);
    {
        std::lock_guard lock(mutex_);
        stopRequested_ = false;
        searching_ = true;
    }
    pool_.main().game.copyFrom(game_);
    running_ = true;
    perftRunning_ = true;
    pool_.main().start([this, depth, cb = std::move(callbacks)] {
        const auto start = std::chrono::steady_clock::now();
        const uint64_t total = perftDivide(pool_.main().game.position(), depth, cb.onMove, &perftStop_);
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
        cb.onDone(total, int64_t(ms), perftStop_.load(std::memory_order_relaxed));
        std::lock_guard lock(mutex_);
        searching_ = false;
    });
}

void Engine::stop() {
    {
        std::lock_guard lock(mutex_);
        stopRequested_ = true;
    }
    perftStop_.store(true, std::memory_order_relaxed);
    pool_.main().searcher.stop();  // the pool's flag: every thread stops
    released_.notify_all();
}

void Engine::ponderhit() {
    {
        std::lock_guard lock(mutex_);
        ponderhitReceived_ = true;
    }
    pool_.main().searcher.ponderhit();
    released_.notify_all();
}

void Engine::waitForSearch() {
    if (!running_) return;
    pool_.main().wait();
    running_ = false;
    perftRunning_ = false;
}

void Engine::finish() {
    if (!perftRunning_) stop();
    waitForSearch();
}

void Engine::stopAndWait() {
    if (!running_) return;
    stop();
    waitForSearch();
}

bool Engine::searching() const {
    std::lock_guard lock(mutex_);
    return searching_;
}

std::optional<int> Engine::networkEvaluation() const {
    if (!settings_.network) return std::nullopt;
    return nnue::AccumulatorStack::evaluateFresh(*settings_.network, game_.position());
}

std::string Engine::describeSearchPlan(const SearchLimits& limits) const {
    const TimeBudget b = computeTimeBudget(limits, game_.position().sideToMove(), settings_.moveOverheadMs);
    std::string s = "threads " + std::to_string(pool_.size()) + ", hash " + std::to_string(tt_.sizeMegabytes()) +
                    " MB, ";
    if (!b.timed) return s + "no time limit";
    return s + "time budget soft " + std::to_string(b.softMs) + " ms, hard " + std::to_string(b.hardMs) +
           " ms (move overhead " + std::to_string(settings_.moveOverheadMs) + " ms)";
}

void Engine::newGame() {
    stopAndWait();
    pool_.forEachThread([this](int i, int n) { tt_.clearSlice(i, n); });
    pool_.clearHistories();
}

SearchResult Engine::searchFresh(int depth, uint64_t& nodes) {
    newGame();
    SearchLimits limits;
    limits.depth = depth;
    startSearch(limits, false);
    waitForSearch();
    nodes = lastResult_.nodes;
    return lastResult_;
}

}  // namespace vazir
