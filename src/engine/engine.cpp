#include "engine/engine.h"

#include "search/params.h"

namespace vazir {

namespace {
constexpr int kDefaultHashMb = 16;
constexpr int kMaxHashMb = 65536;
constexpr int kMaxThreads = 1024;
constexpr int kMaxMultiPv = 256;
constexpr int kMaxMoveOverheadMs = 5000;
}  // namespace

Engine::Engine(Callbacks callbacks) : callbacks_(std::move(callbacks)), searcher_(tt_) {
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
                      tt_.clear();
                      return std::string();
                  }});
    options_.add({"Threads", T::Spin, "1", 1, kMaxThreads, [](const std::string& v) {
                      return v == "1" ? std::string()
                                      : std::string("Threads accepted; this version searches with one thread");
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

std::string Engine::setOption(const std::string& name, const std::string& value, bool hasValue) {
    return options_.set(name, value, hasValue);
}

ParseResult Engine::setPosition(std::string_view fen, const std::vector<std::string_view>& moves) {
    stopAndWait();
    return game_.set(fen, moves, chess960_);
}

void Engine::go(const SearchLimits& limits) {
    stopAndWait();
    {
        std::lock_guard lock(mutex_);
        stopRequested_ = false;
        ponderhitReceived_ = false;
        searching_ = true;
    }
    searcher_.prepare(limits.ponder);  // here, not on the worker: see Searcher::prepare
    // The worker gets its own copy of the settings: a setoption during the search must
    // not race with it.
    worker_ = std::thread([this, limits, settings = settings_] {
        SearchResult r = searcher_.run(game_.position(), limits, settings, callbacks_.onInfo);
        {
            // The protocol forbids a bestmove before stop/ponderhit in these modes, even
            // when the search itself has ended (mate found, maximum depth).
            std::unique_lock lock(mutex_);
            released_.wait(lock, [&] {
                return stopRequested_ || (!limits.infinite && (!limits.ponder || ponderhitReceived_));
            });
        }
        callbacks_.onBestMove(r.best, r.ponder);
        std::lock_guard lock(mutex_);
        searching_ = false;
    });
}

void Engine::stop() {
    {
        std::lock_guard lock(mutex_);
        stopRequested_ = true;
    }
    searcher_.stop();
    released_.notify_all();
}

void Engine::ponderhit() {
    {
        std::lock_guard lock(mutex_);
        ponderhitReceived_ = true;
    }
    searcher_.ponderhit();
    released_.notify_all();
}

void Engine::waitForSearch() {
    if (worker_.joinable()) worker_.join();
}

void Engine::stopAndWait() {
    if (!worker_.joinable()) return;
    stop();
    worker_.join();
}

bool Engine::searching() const {
    std::lock_guard lock(mutex_);
    return searching_;
}

void Engine::newGame() {
    stopAndWait();
    tt_.clear();
    searcher_.clearHistory();
}

SearchResult Engine::searchFresh(int depth, uint64_t& nodes) {
    newGame();
    SearchLimits limits;
    limits.depth = depth;
    SearchResult r = searcher_.run(game_.position(), limits, settings_, [](const SearchReport&) {});
    nodes = r.nodes;
    return r;
}

}  // namespace vazir
