#include "search/tt.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace vazir {

TranspositionTable::~TranspositionTable() { std::free(memory_); }

bool TranspositionTable::resize(size_t megabytes) {
    if (megabytes == 0 || megabytes > (SIZE_MAX >> 21)) return false;  // zero, or bytes would overflow
    const size_t bytes = megabytes << 20;
    const size_t count = bytes / sizeof(Cluster);
    // calloc hands out zeroed pages lazily for large blocks, so a big table costs
    // nothing until it is used; align by hand to the cluster size.
    void* mem = std::calloc(1, count * sizeof(Cluster) + alignof(Cluster));
    if (!mem) return false;
    std::free(memory_);
    memory_ = mem;
    auto addr = reinterpret_cast<uintptr_t>(mem);
    clusters_ = reinterpret_cast<Cluster*>((addr + alignof(Cluster) - 1) & ~uintptr_t(alignof(Cluster) - 1));
    clusterCount_ = count;
    megabytes_ = megabytes;
    generation_ = 0;
    return true;
}

void TranspositionTable::clear() {
    if (clusters_) std::memset(static_cast<void*>(clusters_), 0, clusterCount_ * sizeof(Cluster));
    generation_ = 0;
}

bool TranspositionTable::probe(Key key, int ply, TTData& out) const {
    if (!clusters_) return false;
    const Cluster* c = clusterFor(key);
    const auto key16 = uint16_t(key);
    for (const Entry& e : c->entries) {
        if (e.key16 == key16 && e.depth8) {
            out.move = Move::fromRaw(e.move);
            out.score = scoreFromTT(e.score, ply);
            out.eval = e.eval;
            out.depth = int(e.depth8) - kDepthOffset;
            out.bound = Bound(e.genBound & 3);
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(Key key, int ply, Score score, Score eval, Bound bound, int depth, Move move) {
    if (!clusters_) return;
    Cluster* c = clusterFor(key);
    const auto key16 = uint16_t(key);
    Entry* target = nullptr;
    for (Entry& e : c->entries) {
        if (e.key16 == key16 && e.depth8) {
            target = &e;
            break;
        }
    }
    if (target) {
        if (move == Move::none()) move = Move::fromRaw(target->move);
        // A shallower search of the same position (a qsearch store, say) must not wipe
        // out a deeper result of this search; an entry from an earlier search gives way.
        bool replace = depth + kDepthOffset + kSameKeyDepthSlack > target->depth8 || age(*target) > 0;
        if (!replace) {
            target->move = move.raw();  // a fresher best move is still useful for ordering
            return;
        }
    } else {
        target = &c->entries[0];
        for (Entry& e : c->entries) {
            if (!e.depth8) {
                target = &e;
                break;
            }
            if (int(e.depth8) - 8 * age(e) < int(target->depth8) - 8 * age(*target)) target = &e;
        }
    }
    target->key16 = key16;
    target->move = move.raw();
    target->score = int16_t(scoreToTT(score, ply));
    target->eval = int16_t(eval);
    target->depth8 = uint8_t(std::max(1, std::min(255, depth + kDepthOffset)));
    target->genBound = uint8_t(generation_ | bound);
}

int TranspositionTable::hashfull() const {
    if (!clusters_) return 0;
    constexpr size_t kSample = 1000;
    size_t n = std::min(kSample, clusterCount_), used = 0;
    for (size_t i = 0; i < n; ++i)
        for (const Entry& e : clusters_[i].entries) used += e.depth8 && (e.genBound & kGenerationMask) == generation_;
    return int(used * 1000 / (n * kClusterSize));
}

}  // namespace vazir
