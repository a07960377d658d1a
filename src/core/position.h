// The board: pieces by square and bitboards by type and colour, side to move, castling
// rights (per rook start square, so Chess960 works), en passant, clocks and Zobrist keys.
//
// Irreversible state lives in StateInfo records that the caller provides (usually on the
// stack of the search or perft frame) and that form a linked chain back to the root.
// doMove() therefore never allocates, game length has no fixed limit (the UCI layer keeps
// the game's records in a deque), and repetition detection walks the same chain.
#pragma once

#include <string>
#include <string_view>

#include "core/bitboard.h"
#include "core/psq.h"
#include "core/types.h"

namespace vazir {

struct StateInfo {
    // Copied from the previous record by doMove().
    Key pawnKey = 0;
    int rule50 = 0;         // halfmove clock: plies since the last capture or pawn move
    int pliesFromNull = 0;  // plies since the last null move or the root FEN (repetition bound)
    uint8_t castlingRights = NoCastling;
    // Set only when the side to move has a legal en passant capture: FIDE counts two
    // positions as the same only when the same moves are possible, so a square no pawn
    // can legally use (pinned, or the capture leaves the king in check) is not part of
    // the position, its key or its FEN.
    Square epSquare = NoSquare;

    // Computed by doMove().
    Key key = 0;
    Bitboard checkers = 0;
    Piece captured = NoPiece;
    // 0 if this position did not occur before; else the distance in plies to the previous
    // occurrence, negated when that occurrence was itself a repetition (third time).
    int repetition = 0;
    StateInfo* previous = nullptr;
};

// Result of parsing text: empty error means success.
struct ParseResult {
    std::string error;
    bool ok() const { return error.empty(); }
};

class Position {
public:
    static constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    Position();  // the start position, with its own internal root record
    Position(const Position&) = delete;
    Position& operator=(const Position&) = delete;

    // Reads a FEN (or Shredder-FEN / X-FEN for Chess960). On error the position is left
    // unchanged and the result names what is wrong. `root` becomes the first record of
    // the state chain and must outlive the position's use.
    ParseResult setFromFen(std::string_view fen, bool chess960, StateInfo& root);
    std::string fen() const;

    void doMove(Move m, StateInfo& newState);
    void undoMove(Move m);
    void doNullMove(StateInfo& newState);
    void undoNullMove();

    // Board queries.
    Piece pieceOn(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NoPiece; }
    Bitboard pieces() const { return byType_[0]; }
    Bitboard pieces(Color c) const { return byColor_[c]; }
    Bitboard pieces(PieceType pt) const { return byType_[pt]; }
    Bitboard pieces(PieceType a, PieceType b) const { return byType_[a] | byType_[b]; }
    Bitboard pieces(Color c, PieceType pt) const { return byColor_[c] & byType_[pt]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return byColor_[c] & (byType_[a] | byType_[b]); }
    Square kingSquare(Color c) const { return lsb(pieces(c, King)); }
    Color sideToMove() const { return side_; }
    bool chess960() const { return chess960_; }
    int gamePly() const { return gamePly_; }
    int fullmoveNumber() const { return 1 + gamePly_ / 2; }

    // State queries.
    Key key() const { return st_->key; }
    Key pawnKey() const { return st_->pawnKey; }
    Bitboard checkers() const { return st_->checkers; }
    bool inCheck() const { return st_->checkers != 0; }
    Square epSquare() const { return st_->epSquare; }
    int rule50() const { return st_->rule50; }
    int castlingRights() const { return st_->castlingRights; }
    bool canCastle(CastlingRight cr) const { return st_->castlingRights & cr; }
    Square castlingRookSquare(CastlingRight cr) const { return castlingRookSquare_[castlingIndex(cr)]; }
    // Squares that must be empty for the castle (excluding king and rook themselves).
    Bitboard castlingPath(CastlingRight cr) const { return castlingPath_[castlingIndex(cr)]; }
    // Squares the king crosses or lands on, which must not be attacked.
    Bitboard castlingKingPath(CastlingRight cr) const { return castlingKingPath_[castlingIndex(cr)]; }
    Piece capturedPiece() const { return st_->captured; }
    // Material and placement summed over the board (core/psq.h), White minus Black.
    PsqValue psq() const { return psq_; }
    PsqValue computePsq() const;  // from scratch (tests compare it with psq())
    const StateInfo* state() const { return st_; }

    // Attack queries.
    Bitboard attackersTo(Square s, Bitboard occupied) const;
    bool attackedBy(Color attacker, Square s, Bitboard occupied) const;

    // Is the en passant capture from `from` to `epTarget` legal for the side to move?
    // (Both pawns leave the board line, which can uncover a slider; a knight or pawn
    // checker other than the captured pawn is not answered.)
    bool enPassantIsLegal(Square from, Square epTarget) const;

    // Does the legal move m give check (directly, by discovery, by castling rook, by
    // promotion or en passant)? Lets the search spare checking moves from pruning.
    bool givesCheck(Move m) const;

    // Draw rules. `ply` is the distance from the search root: a position repeated once
    // inside the search tree is already scored as a draw, one repeated before the root
    // needs the third occurrence.
    bool isRepetition(int ply) const { return st_->repetition && st_->repetition < ply; }
    bool isDeadPosition() const;   // K v K, K+minor v K, bishops all on one colour

    // The key computed from scratch (tests compare it with the incremental one).
    Key computeKey() const;
    Key computePawnKey() const;

    // Where the king and rook end up for a castling move encoded as king-takes-rook.
    static Square castlingKingTarget(Color c, Square kingFrom, Square rookFrom) {
        return relative(c, rookFrom > kingFrom ? G1 : C1);
    }
    static Square castlingRookTarget(Color c, Square kingFrom, Square rookFrom) {
        return relative(c, rookFrom > kingFrom ? F1 : D1);
    }

private:
    struct Blank {};
    explicit Position(Blank) {}  // scratch board for the FEN reader; filled by clear()
    void clear();
    void copyFrom(const Position& other);
    void putPiece(Piece p, Square s);
    void removePiece(Square s);
    void movePiece(Square from, Square to);
    void addCastlingRight(Color c, Square rookFrom);
    void computeRepetition();
    // The steps of setFromFen, each on the scratch position; an error names the problem.
    ParseResult parsePlacement(std::string_view field);
    ParseResult checkMaterial() const;
    ParseResult parseCastling(std::string_view field, bool chess960);
    ParseResult parseEnPassant(std::string_view field, Square& candidate) const;
    // The e.p. square behind a double step just made, if the side to move can use it.
    Square usableEnPassant(Square ep) const;

    Piece board_[kNumSquares];
    Bitboard byType_[kNumPieceTypes];  // [0] = all pieces
    Bitboard byColor_[kNumColors];
    Color side_ = White;
    int gamePly_ = 0;
    bool chess960_ = false;
    uint8_t castlingMask_[kNumSquares];  // rights lost when a move touches the square
    Square castlingRookSquare_[4];
    Bitboard castlingPath_[4];
    Bitboard castlingKingPath_[4];
    PsqValue psq_;
    StateInfo* st_ = nullptr;
    StateInfo ownRoot_;  // used by the default constructor only
};

// Makes sure the bitboard and Zobrist tables exist. Idempotent and thread-safe.
void initCore();

}  // namespace vazir
