// Bitboards and attack tables. Sliding attacks use "fancy" magic bitboards; when the
// build targets BMI2 (VAZIR_USE_PEXT) the same tables are indexed with PEXT instead.
// All tables are filled once by initBitboards() and never change afterwards.
#pragma once

#include <bit>
#include <cstdint>

#include "core/types.h"

#if defined(VAZIR_USE_PEXT)
#include <immintrin.h>
#endif

namespace vazir {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kRank1 = 0xFFULL;

constexpr Bitboard fileBB(int file) { return kFileA << file; }
constexpr Bitboard rankBB(int rank) { return kRank1 << (8 * rank); }
constexpr Bitboard squareBB(Square s) { return Bitboard(1) << s; }

inline int popCount(Bitboard b) { return std::popcount(b); }
// Lowest set square; b must not be empty.
inline Square lsb(Bitboard b) { return Square(__builtin_ctzll(b)); }
inline Square popLsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool moreThanOne(Bitboard b) { return (b & (b - 1)) != 0; }

// Shift every bit one step north/south/... without wrapping around the board edge.
template <int Delta>
constexpr Bitboard shift(Bitboard b) {
    constexpr Bitboard notA = ~kFileA, notH = ~(kFileA << 7);
    if constexpr (Delta == 8) return b << 8;
    else if constexpr (Delta == -8) return b >> 8;
    else if constexpr (Delta == 9) return (b & notH) << 9;
    else if constexpr (Delta == 7) return (b & notA) << 7;
    else if constexpr (Delta == -7) return (b & notH) >> 7;
    else if constexpr (Delta == -9) return (b & notA) >> 9;
    else static_assert(Delta == 8, "unsupported shift");
}

// Squares attacked by all pawns of colour C in b.
template <Color C>
constexpr Bitboard pawnAttacksBB(Bitboard b) {
    return C == White ? shift<9>(b) | shift<7>(b) : shift<-7>(b) | shift<-9>(b);
}

struct Magic {
    Bitboard mask;
    Bitboard magic;
    Bitboard* attacks;
    unsigned shift;

    unsigned index(Bitboard occupied) const {
#if defined(VAZIR_USE_PEXT)
        return unsigned(_pext_u64(occupied, mask));
#else
        return unsigned(((occupied & mask) * magic) >> shift);
#endif
    }
};

namespace tables {
extern Bitboard pawnAttacks[kNumColors][kNumSquares];
extern Bitboard knightAttacks[kNumSquares];
extern Bitboard kingAttacks[kNumSquares];
extern Magic rookMagics[kNumSquares];
extern Magic bishopMagics[kNumSquares];
extern Bitboard between[kNumSquares][kNumSquares];  // squares strictly between, else 0
extern Bitboard line[kNumSquares][kNumSquares];     // whole line through both, else 0
}  // namespace tables

// Fills every table. Safe to call more than once and from several threads.
void initBitboards();

inline Bitboard pawnAttacks(Color c, Square s) { return tables::pawnAttacks[c][s]; }
inline Bitboard knightAttacks(Square s) { return tables::knightAttacks[s]; }
inline Bitboard kingAttacks(Square s) { return tables::kingAttacks[s]; }
inline Bitboard rookAttacks(Square s, Bitboard occupied) {
    const Magic& m = tables::rookMagics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard bishopAttacks(Square s, Bitboard occupied) {
    const Magic& m = tables::bishopMagics[s];
    return m.attacks[m.index(occupied)];
}
inline Bitboard queenAttacks(Square s, Bitboard occupied) {
    return rookAttacks(s, occupied) | bishopAttacks(s, occupied);
}
// Attacks of a non-pawn piece type from s.
inline Bitboard attacksBB(PieceType pt, Square s, Bitboard occupied) {
    switch (pt) {
    case Knight: return knightAttacks(s);
    case Bishop: return bishopAttacks(s, occupied);
    case Rook: return rookAttacks(s, occupied);
    case Queen: return queenAttacks(s, occupied);
    case King: return kingAttacks(s);
    default: return 0;
    }
}
inline Bitboard betweenBB(Square a, Square b) { return tables::between[a][b]; }
inline Bitboard lineBB(Square a, Square b) { return tables::line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return lineBB(a, b) & squareBB(c); }

}  // namespace vazir
