#include "core/zobrist.h"

#include <mutex>

namespace vazir::zobrist {

Key psq[kNumPieces][kNumSquares];
Key enPassant[8];
Key castling[kNumCastlingRights];
Key side;

namespace {
void fill() {
    // splitmix64: good enough statistical quality for hash keys, and tiny.
    uint64_t state = 0x5641'5a49'5200'0001ULL;  // "VAZIR" + 1
    auto next = [&state] {
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    for (auto& piece : psq)
        for (Key& k : piece) k = next();
    for (Key& k : enPassant) k = next();
    // Each combination of rights gets the xor of its single rights' keys, so that
    // removing one right is one xor, and the empty set hashes to 0.
    Key single[4] = {next(), next(), next(), next()};
    for (int cr = 0; cr < kNumCastlingRights; ++cr) {
        castling[cr] = 0;
        for (int i = 0; i < 4; ++i)
            if (cr & (1 << i)) castling[cr] ^= single[i];
    }
    side = next();
}
}  // namespace

void init() {
    static std::once_flag once;
    std::call_once(once, fill);
}

}  // namespace vazir::zobrist
