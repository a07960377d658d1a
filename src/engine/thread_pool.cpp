#include "engine/thread_pool.h"

#include <algorithm>
#include <map>
#include <system_error>

namespace vazir {

SearchThread::SearchThread(TranspositionTable& tt) : searcher(tt) {
    if constexpr (kThreadsAvailable) thread_ = std::thread([this] { loop(); });
}

SearchThread::~SearchThread() {
    wait();
    if constexpr (!kThreadsAvailable) return;
    {
        std::lock_guard lock(mutex_);
        exit_ = true;
    }
    cv_.notify_all();
    thread_.join();
}

void SearchThread::loop() {
    std::unique_lock lock(mutex_);
    while (true) {
        cv_.wait(lock, [&] { return exit_ || job_; });
        if (exit_) return;
        std::function<void()> job = std::move(job_);
        job_ = nullptr;
        lock.unlock();
        job();
        lock.lock();
        busy_ = false;
        cv_.notify_all();
    }
}

void SearchThread::start(std::function<void()> job) {
    if constexpr (!kThreadsAvailable) {
        job();
        return;
    }
    {
        std::lock_guard lock(mutex_);
        job_ = std::move(job);
        busy_ = true;
    }
    cv_.notify_all();
}

void SearchThread::wait() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return !busy_; });
}

ThreadPool::ThreadPool(TranspositionTable& tt) : tt_(tt) { (void)resize(1); }

std::string ThreadPool::resize(int count) {
    if (count < 1) return "Threads must be at least 1";
    if (!kThreadsAvailable && count > 1) return "this build has no threads; Threads stays 1";
    if (count == size()) return "";
    std::vector<std::unique_ptr<SearchThread>> fresh;
    try {
        for (int i = 0; i < count; ++i) fresh.push_back(std::make_unique<SearchThread>(tt_));
    } catch (const std::system_error& e) {
        return "cannot create " + std::to_string(count) + " threads (" + e.what() + "); keeping " +
               std::to_string(size());
    } catch (const std::bad_alloc&) {
        return "not enough memory for " + std::to_string(count) + " threads; keeping " + std::to_string(size());
    }
    threads_ = std::move(fresh);
    const bool pooled = count > 1;
    for (int i = 0; i < count; ++i)
        threads_[size_t(i)]->searcher.joinPool(
            pooled ? &stop_ : nullptr,
            pooled ? std::function<uint64_t()>([this] { return totalNodes(); }) : std::function<uint64_t()>(),
            pooled && i == 0 ? std::function<uint64_t()>([this] { return totalTbHits(); }) : std::function<uint64_t()>(),
            i > 0);
    return "";
}

uint64_t ThreadPool::totalNodes() const {
    uint64_t n = 0;
    for (const auto& t : threads_) n += t->searcher.nodes();
    return n;
}

uint64_t ThreadPool::totalTbHits() const {
    uint64_t n = 0;
    for (const auto& t : threads_) n += t->searcher.tbHits();
    return n;
}

void ThreadPool::waitForHelpers() {
    for (size_t i = 1; i < threads_.size(); ++i) threads_[i]->wait();
}

void ThreadPool::clearHistories() {
    for (auto& t : threads_) t->searcher.clearHistory();
}

SearchResult ThreadPool::pickBest() const {
    const SearchResult& mainResult = threads_[0]->result;
    if (threads_.size() == 1 || mainResult.best == Move::none()) return mainResult;
    Score minScore = kInfinite;
    for (const auto& t : threads_)
        if (t->result.best != Move::none()) minScore = std::min(minScore, t->result.score);
    std::map<uint16_t, int64_t> votes;
    for (const auto& t : threads_)
        if (t->result.best != Move::none())
            votes[t->result.best.raw()] += int64_t(t->result.score - minScore + 14) * t->result.depth;
    const SearchResult* best = &mainResult;
    for (const auto& t : threads_) {
        const SearchResult& r = t->result;
        if (r.best == Move::none() || r.depth == 0) continue;
        const int64_t mine = votes[r.best.raw()], theirs = votes[best->best.raw()];
        if (best->score >= kMateInMaxPly) {
            if (r.score > best->score) best = &r;  // a proven mate is replaced only by a shorter one
        } else if (r.score >= kMateInMaxPly ||
                   (r.score > -kMateInMaxPly && (mine > theirs || (mine == theirs && r.depth > best->depth)))) {
            best = &r;  // never a thread that sees itself mated over one that does not
        }
    }
    SearchResult out = *best;
    out.nodes = totalNodes();
    return out;
}

void ThreadPool::forEachThread(const std::function<void(int index, int count)>& job) {
    const int n = size();
    for (int i = 0; i < n; ++i) threads_[size_t(i)]->start([&job, i, n] { job(i, n); });
    for (int i = 0; i < n; ++i) threads_[size_t(i)]->wait();
}

}  // namespace vazir
