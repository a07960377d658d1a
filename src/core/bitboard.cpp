#include "core/bitboard.h"

#include <mutex>

namespace vazir {

namespace tables {
Bitboard pawnAttacks[kNumColors][kNumSquares];
Bitboard knightAttacks[kNumSquares];
Bitboard kingAttacks[kNumSquares];
Magic rookMagics[kNumSquares];
Magic bishopMagics[kNumSquares];
Bitboard between[kNumSquares][kNumSquares];
Bitboard line[kNumSquares][kNumSquares];
}  // namespace tables

namespace {

// Shared storage for all sliding attack sets ("fancy" magics: each square gets
// exactly 2^popcount(mask) entries).
Bitboard rookTable[0x19000];
Bitboard bishopTable[0x1480];

// Attacks of a slider on an arbitrary occupancy, computed ray by ray. Used only to
// fill the tables, so clarity beats speed here.
Bitboard slowSliderAttacks(Square s, Bitboard occupied, const int (*dirs)[2]) {
    Bitboard result = 0;
    for (int d = 0; d < 4; ++d) {
        int f = fileOf(s) + dirs[d][0], r = rankOf(s) + dirs[d][1];
        while (f >= 0 && f < 8 && r >= 0 && r < 8) {
            Bitboard b = squareBB(makeSquare(f, r));
            result |= b;
            if (occupied & b) break;
            f += dirs[d][0];
            r += dirs[d][1];
        }
    }
    return result;
}

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Small deterministic PRNG (xorshift64*) so the magic search is reproducible.
struct Prng {
    uint64_t s;
    uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    uint64_t sparse() { return next() & next() & next(); }
};

// Finds a magic for every square by trial: a candidate works when no two occupancies
// with different attack sets map to the same index. With BMI2 the index is PEXT and
// no search is needed.
void initMagics(Magic* magics, Bitboard* table, const int (*dirs)[2]) {
    Bitboard occupancy[4096], reference[4096];
    Bitboard* next = table;

    for (int si = 0; si < kNumSquares; ++si) {
        Square s = Square(si);
        Bitboard edges = ((rankBB(0) | rankBB(7)) & ~rankBB(rankOf(s))) |
                         ((fileBB(0) | fileBB(7)) & ~fileBB(fileOf(s)));
        Magic& m = magics[s];
        m.mask = slowSliderAttacks(s, 0, dirs) & ~edges;
        m.shift = 64 - popCount(m.mask);
        m.attacks = next;

        // Enumerate every subset of the mask (Carry-Rippler trick).
        int size = 0;
        Bitboard b = 0;
        do {
            occupancy[size] = b;
            reference[size] = slowSliderAttacks(s, b, dirs);
#if defined(VAZIR_USE_PEXT)
            m.attacks[_pext_u64(b, m.mask)] = reference[size];
#endif
            ++size;
            b = (b - m.mask) & m.mask;
        } while (b);
        next += size;

#if !defined(VAZIR_USE_PEXT)
        // Seeds per rank that converge quickly (any seed works, just slower).
        constexpr uint64_t kSeeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
        static int epoch[4096] = {}, attempt = 0;  // epoch marks which slots this try has filled
        Prng rng{kSeeds[rankOf(s)]};
        for (int i = 0; i < size;) {
            do {
                m.magic = rng.sparse();
            } while (popCount((m.magic * m.mask) >> 56) < 6);
            ++attempt;
            for (i = 0; i < size; ++i) {
                unsigned idx = m.index(occupancy[i]);
                if (epoch[idx] < attempt) {
                    epoch[idx] = attempt;
                    m.attacks[idx] = reference[i];
                } else if (m.attacks[idx] != reference[i]) {
                    break;
                }
            }
        }
#else
        (void)occupancy;
#endif
    }
}

void initAll() {
    for (int si = 0; si < kNumSquares; ++si) {
        Square s = Square(si);
        Bitboard b = squareBB(s);
        tables::pawnAttacks[White][s] = pawnAttacksBB<White>(b);
        tables::pawnAttacks[Black][s] = pawnAttacksBB<Black>(b);
        tables::knightAttacks[s] = 0;
        tables::kingAttacks[s] = 0;
        constexpr int kKnight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                       {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
        for (auto& d : kKnight) {
            int f = fileOf(s) + d[0], r = rankOf(s) + d[1];
            if (f >= 0 && f < 8 && r >= 0 && r < 8) tables::knightAttacks[s] |= squareBB(makeSquare(f, r));
        }
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
                int f = fileOf(s) + df, r = rankOf(s) + dr;
                if ((df || dr) && f >= 0 && f < 8 && r >= 0 && r < 8)
                    tables::kingAttacks[s] |= squareBB(makeSquare(f, r));
            }
    }

    initMagics(tables::rookMagics, rookTable, kRookDirs);
    initMagics(tables::bishopMagics, bishopTable, kBishopDirs);

    for (int a = 0; a < kNumSquares; ++a)
        for (int b = 0; b < kNumSquares; ++b) {
            Square sa = Square(a), sb = Square(b);
            tables::between[a][b] = tables::line[a][b] = 0;
            for (PieceType pt : {Bishop, Rook}) {
                if (!(attacksBB(pt, sa, 0) & squareBB(sb))) continue;
                tables::line[a][b] = (attacksBB(pt, sa, 0) & attacksBB(pt, sb, 0)) | squareBB(sa) | squareBB(sb);
                tables::between[a][b] = attacksBB(pt, sa, squareBB(sb)) & attacksBB(pt, sb, squareBB(sa));
            }
        }
}

}  // namespace

void initBitboards() {
    static std::once_flag once;
    std::call_once(once, initAll);
}

}  // namespace vazir
