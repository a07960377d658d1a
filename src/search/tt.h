// Transposition table.
//
// Layout: the table is an array of 32-byte clusters, each holding three 10-byte entries
// (plus padding), so a probe touches one cache line. A key's cluster is chosen by the
// high bits of key * clusterCount (no modulo, any table size); within the cluster an
// entry is recognised by the low 16 bits of the key. Wrong matches (same cluster, same
// 16 bits) are possible but rare; the search treats the stored move as a hint only
// (it is played only if it is in the legal move list).
//
// Replacement: a store goes to the entry with the same key if there is one, else to the
// entry whose depth minus 8 x its age (searches since it was written) is lowest, so
// deep entries survive but old ones make room. A same-key entry keeps its move when
// the new store has none, and is overwritten only by a deeper (or nearly as deep)
// search, or once it is from an older search.
//
// Concurrency: the table is shared by every search thread without locks. Each entry is
// two words, 64 bits of data (move, score, eval, depth, generation and bound) and 16 bits
// of key, each read and written whole (relaxed atomics); the key word holds the key's
// low 16 bits xor a fold of the data word, so an entry torn by two threads writing at
// once fails the key check (and is a miss) instead of pairing one store's key with
// another's data. The UCI thread never touches the table while a search runs (the
// engine stops the search before resize or clear).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "core/types.h"
#include "search/score.h"

namespace vazir {

enum Bound : uint8_t { BoundNone = 0, BoundUpper = 1, BoundLower = 2, BoundExact = 3 };

struct TTData {
    Move move;
    Score score = kNoScore;  // already adjusted to the probing ply
    Score eval = kNoScore;
    int depth = 0;
    Bound bound = BoundNone;
};

class TranspositionTable {
public:
    TranspositionTable() = default;
    ~TranspositionTable();
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

    // Allocates `megabytes` of zeroed table. On failure keeps the old table and
    // returns false.
    bool resize(size_t megabytes);
    void clear();
    // Clears slice `index` of `count` equal slices (count threads clear a big table).
    void clearSlice(int index, int count);
    void newSearch() { generation_ = uint8_t(generation_ + kGenerationStep); }

    bool probe(Key key, int ply, TTData& out) const;
    void store(Key key, int ply, Score score, Score eval, Bound bound, int depth, Move move);
    void prefetch(Key key) const { __builtin_prefetch(clusterFor(key)); }

    // The 16 bits of a data word mixed into its key word. A multiplicative hash, so that
    // two data words differing in any field (entries of the same key written by two
    // threads) fold alike only by chance (1 in 65536): then a torn entry, one store's
    // key word with another's data word, fails the key check.
    static uint16_t fold(uint64_t data) { return uint16_t((data * 0x9E3779B97F4A7C15ULL) >> 48); }

    // Per mille of sampled entries written in the current search.
    int hashfull() const;
    size_t sizeMegabytes() const { return megabytes_; }

private:
    // One entry unpacked; packed into a Cluster's data and key words.
    struct Entry {
        uint16_t move = 0;
        int16_t score = 0;
        int16_t eval = 0;
        uint8_t depth8 = 0;    // depth + kDepthOffset, 0 = empty
        uint8_t genBound = 0;  // generation (high 6 bits) | bound (low 2 bits)
        uint64_t pack() const {
            return uint64_t(move) | uint64_t(uint16_t(score)) << 16 | uint64_t(uint16_t(eval)) << 32 |
                   uint64_t(depth8) << 48 | uint64_t(genBound) << 56;
        }
        static Entry unpack(uint64_t d) {
            return {uint16_t(d), int16_t(uint16_t(d >> 16)), int16_t(uint16_t(d >> 32)), uint8_t(d >> 48),
                    uint8_t(d >> 56)};
        }
    };
    static constexpr int kClusterSize = 3;
    struct alignas(32) Cluster {
        uint64_t data[kClusterSize];
        uint16_t keys[kClusterSize];  // key's low 16 bits ^ fold(data)
        char padding[2];
    };
    static_assert(sizeof(Cluster) == 32);
    static constexpr int kDepthOffset = 8;  // qsearch stores depth 0 and below
    static constexpr uint8_t kGenerationStep = 4;
    static constexpr int kSameKeyDepthSlack = 3;  // same key: a store this much shallower still replaces

    // A slot's entry read whole; `matches` tells whether it belongs to `key16`.
    static Entry load(const Cluster& c, int i, uint16_t key16, bool& matches);
    static void save(Cluster& c, int i, uint16_t key16, const Entry& e);

    Cluster* clusterFor(Key key) const {
        __extension__ using Uint128 = unsigned __int128;
        return &clusters_[size_t((Uint128(key) * clusterCount_) >> 64)];
    }
    // Searches since the entry was written (0 = this search), modulo 64. The bound bits
    // are masked off first: subtracting them too would make a current entry look 63
    // searches old.
    int age(const Entry& e) const { return uint8_t(generation_ - (e.genBound & kGenerationMask)) / kGenerationStep; }
    static constexpr uint8_t kGenerationMask = 0xFC;

    void* memory_ = nullptr;
    Cluster* clusters_ = nullptr;
    size_t clusterCount_ = 0;
    size_t megabytes_ = 0;
    uint8_t generation_ = 0;
};

}  // namespace vazir
