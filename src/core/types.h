// Basic chess types: colours, pieces, squares and the 16-bit move encoding.
// Everything here is a small value type; no state, no I/O.
#pragma once

#include <cstdint>
#include <string_view>

namespace vazir {

using Bitboard = uint64_t;
using Key = uint64_t;

enum Color : uint8_t { White = 0, Black = 1 };
constexpr int kNumColors = 2;
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : uint8_t { NoPieceType = 0, Pawn, Knight, Bishop, Rook, Queen, King };
constexpr int kNumPieceTypes = 7;  // index 0 is unused (or "all pieces" in per-type tables)

// A piece packs its colour into bit 3 so that Piece -> PieceType/Color is a mask or shift.
enum Piece : uint8_t {
    NoPiece = 0,
    WPawn = 1, WKnight, WBishop, WRook, WQueen, WKing,
    BPawn = 9, BKnight, BBishop, BRook, BQueen, BKing,
};
constexpr int kNumPieces = 16;

constexpr Piece makePiece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType typeOf(Piece p) { return PieceType(p & 7); }
// FEN letters indexed by Piece (blanks where no piece has that code).
inline constexpr std::string_view kPieceChars = " PNBRQK  pnbrqk";
constexpr Color colorOf(Piece p) { return Color(p >> 3); }

// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63.
enum Square : uint8_t {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    NoSquare = 64,
};
constexpr int kNumSquares = 64;

constexpr Square makeSquare(int file, int rank) { return Square(rank * 8 + file); }
constexpr int fileOf(Square s) { return s & 7; }
constexpr int rankOf(Square s) { return s >> 3; }
constexpr Square operator+(Square s, int d) { return Square(int(s) + d); }
constexpr Square operator-(Square s, int d) { return Square(int(s) - d); }
constexpr bool isOk(Square s) { return s < NoSquare; }
// The same square seen from the given side: rank 1 for White is rank 8 for Black.
constexpr Square relative(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr int relativeRank(Color c, Square s) { return rankOf(s) ^ (c * 7); }
constexpr int pawnPush(Color c) { return c == White ? 8 : -8; }

// Castling rights: one bit per (colour, side). The rook's start square for each right
// lives in the Position, so the same bits serve standard chess and Chess960.
enum CastlingRight : uint8_t {
    NoCastling = 0,
    WhiteKingSide = 1, WhiteQueenSide = 2, BlackKingSide = 4, BlackQueenSide = 8,
    AllCastling = 15,
};
constexpr int kNumCastlingRights = 16;
constexpr CastlingRight castlingRight(Color c, bool kingSide) {
    return CastlingRight((kingSide ? 1 : 2) << (2 * c));
}
// Index 0..3 of a single castling right, for per-right tables.
constexpr int castlingIndex(CastlingRight cr) {
    return cr == WhiteKingSide ? 0 : cr == WhiteQueenSide ? 1 : cr == BlackKingSide ? 2 : 3;
}

// A move in 16 bits: from (6) | to (6) | promotion piece - Knight (2) | kind (2).
// Castling is stored as "king takes own rook" so that Chess960 needs no special case;
// the UCI text layer turns it into e1g1 for standard chess.
enum class MoveKind : uint16_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

class Move {
public:
    constexpr Move() = default;
    constexpr Move(Square from, Square to) : data_(uint16_t(from | (to << 6))) {}
    constexpr Move(Square from, Square to, MoveKind kind, PieceType promo = Knight)
        : data_(uint16_t(from | (to << 6) | ((promo - Knight) << 12) | (uint16_t(kind) << 14))) {}

    static constexpr Move none() { return Move(); }
    static constexpr Move null() { return fromRaw(65); }  // b1b1: never a real move
    static constexpr Move fromRaw(uint16_t raw) { Move m; m.data_ = raw; return m; }

    constexpr Square from() const { return Square(data_ & 63); }
    constexpr Square to() const { return Square((data_ >> 6) & 63); }
    constexpr MoveKind kind() const { return MoveKind(data_ >> 14); }
    constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + Knight); }
    constexpr uint16_t raw() const { return data_; }
    constexpr bool isOk() const { return from() != to(); }

    constexpr bool operator==(const Move&) const = default;

private:
    uint16_t data_ = 0;
};

}  // namespace vazir
