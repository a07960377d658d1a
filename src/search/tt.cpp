#include "search/tt.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <algorithm>

namespace vazir {

namespace {

// The threads share the table without locks: each field is read and written as one
// relaxed atomic access, so a torn entry can only be a stale one that fails the key
// check. These are the builtins that std::atomic_ref is made of in GCC and Clang;
// written directly because emscripten's C++ library (the WebAssembly build) has no
// std::atomic_ref. On x86-64 and AArch64 they are plain loads and stores.
template <typename T>
T relaxedLoad(const T& field) {
    return __atomic_load_n(&field, __ATOMIC_RELAXED);
}

template <typename T>
void relaxedStore(T& field, T value) {
    __atomic_store_n(&field, value, __ATOMIC_RELAXED);
}

}  // namespace

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

void TranspositionTable::clearSlice(int index, int count) {
    if (!clusters_ || count < 1) return;
    const size_t per = (clusterCount_ + size_t(count) - 1) / size_t(count);
    const size_t begin = std::min(clusterCount_, per * size_t(index)), end = std::min(clusterCount_, begin + per);
    if (end > begin) std::memset(static_cast<void*>(clusters_ + begin), 0, (end - begin) * sizeof(Cluster));
    if (index == 0) generation_ = 0;
}

void TranspositionTable::clear() {
    if (clusters_) std::memset(static_cast<void*>(clusters_), 0, clusterCount_ * sizeof(Cluster));
    generation_ = 0;
}

TranspositionTable::Entry TranspositionTable::load(const Cluster& c, int i, uint16_t key16, bool& matches) {
    const uint64_t d = relaxedLoad(c.data[i]);
    const uint16_t k = relaxedLoad(c.keys[i]);
    const Entry e = Entry::unpack(d);
    matches = e.depth8 && uint16_t(k ^ fold(d)) == key16;
    return e;
}

void TranspositionTable::save(Cluster& c, int i, uint16_t key16, const Entry& e) {
    const uint64_t d = e.pack();
    relaxedStore(c.data[i], d);
    relaxedStore(c.keys[i], uint16_t(key16 ^ fold(d)));
}

bool TranspositionTable::probe(Key key, int ply, TTData& out) const {
    if (!clusters_) return false;
    const Cluster& c = *clusterFor(key);
    const auto key16 = uint16_t(key);
    for (int i = 0; i < kClusterSize; ++i) {
        bool matches = false;
        const Entry e = load(c, i, key16, matches);
        if (matches) {
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
    Cluster& c = *clusterFor(key);
    const auto key16 = uint16_t(key);
    Entry slots[kClusterSize];
    int same = -1;
    for (int i = 0; i < kClusterSize; ++i) {
        bool matches = false;
        slots[i] = load(c, i, key16, matches);
        if (matches && same < 0) same = i;
    }
    int target = same;
    if (same >= 0) {
        Entry& old = slots[same];
        if (move == Move::none()) move = Move::fromRaw(old.move);
        // A shallower search of the same position (a qsearch store, say) must not wipe
        // out a deeper result of this search; an entry from an earlier search gives way.
        const bool replace = depth + kDepthOffset + kSameKeyDepthSlack > old.depth8 || age(old) > 0;
        if (!replace) {
            old.move = move.raw();  // a fresher best move is still useful for ordering
            save(c, same, key16, old);
            return;
        }
    } else {
        target = 0;
        for (int i = 0; i < kClusterSize; ++i) {
            if (!slots[i].depth8) {
                target = i;
                break;
            }
            if (int(slots[i].depth8) - 8 * age(slots[i]) < int(slots[target].depth8) - 8 * age(slots[target]))
                target = i;
        }
    }
    Entry e;
    e.move = move.raw();
    e.score = int16_t(scoreToTT(score, ply));
    e.eval = int16_t(eval);
    e.depth8 = uint8_t(std::max(1, std::min(255, depth + kDepthOffset)));
    e.genBound = uint8_t(generation_ | bound);
    save(c, target, key16, e);
}

int TranspositionTable::hashfull() const {
    if (!clusters_) return 0;
    constexpr size_t kSample = 1000;
    size_t n = std::min(kSample, clusterCount_), used = 0;
    for (size_t i = 0; i < n; ++i)
        for (int j = 0; j < kClusterSize; ++j) {
            bool matches = false;
            const Entry e = load(clusters_[i], j, 0, matches);
            used += e.depth8 && (e.genBound & kGenerationMask) == generation_;
        }
    return int(used * 1000 / (n * kClusterSize));
}

}  // namespace vazir
