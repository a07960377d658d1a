// The binary training-data format: one 32-byte record per position, written by
// `vazir datagen` (binary output) and `vazir convert`, read by the NNUE trainer.
//
// Record (little-endian, no padding):
//   bytes  0-7   occupancy: bit s set when square s (a1 = 0 ... h8 = 63) holds a piece
//   bytes  8-23  the pieces, one 4-bit code per set bit of occupancy in ascending square
//                order (low nibble first): colour << 3 | type (pawn 1 ... king 6)
//   bytes 24-25  score: the search score in centipawns, White's point of view (int16)
//   bytes 26-27  best move: the engine's 16-bit move (0 = not known)
//   byte  28     result of the game, White's point of view: 0 loss, 1 draw, 2 win
//   byte  29     flags: bit 0 Black to move, bits 1-4 castling rights (K Q k q),
//                bit 5 side to move in check, bit 6 best move is a capture or promotion
//   byte  30     e.p. file + 1, or 0 without an e.p. square
//   byte  31     plies since the game's start position (capped at 255)
// A game ends with a marker record: occupancy 0 (no position has an empty board),
// bytes 8-15 the game id, byte 28 the result, bytes 26-27 the number of plies.
// A file is complete up to its last marker; datagen resumes by truncating after it.
//
// Every position of a game is kept; which ones to train on (not in check, quiet best
// move, no mate score, not the first plies) is the reader's choice (PackedFilter).
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/position.h"

namespace vazir {

struct PackedPosition {
    uint64_t occupancy = 0;
    uint8_t pieces[16] = {};
    int16_t score = 0;
    uint16_t bestMove = 0;
    uint8_t result = 1;
    uint8_t flags = 0;
    uint8_t epFile = 0;
    uint8_t ply = 0;

    static constexpr uint8_t kBlackToMove = 1, kInCheck = 1 << 5, kNoisyBest = 1 << 6;
    bool isGameMarker() const { return occupancy == 0; }
};
static_assert(sizeof(PackedPosition) == 32);

// `whiteScore` and `result` (0/1/2) from White's view; `noisyBest` as the search saw it.
PackedPosition packPosition(const Position& pos, int whiteScore, Move best, bool noisyBest, uint8_t result, int ply);
PackedPosition packGameMarker(uint64_t gameId, uint8_t result, int plies);
uint64_t markerGameId(const PackedPosition& p);

// The record's pieces and their squares (ascending), at most 32; returns how many, or -1
// when the occupancy has more than 32 squares (a corrupt record).
int unpackPieces(const PackedPosition& p, Piece pieces[32], Square squares[32]);

// The position as a FEN (halfmove clock 0, fullmove number from the ply); empty if the
// record does not hold a legal position.
std::string unpackFen(const PackedPosition& p);

// Which records a training run uses.
struct PackedFilter {
    bool skipInCheck = true;
    bool skipNoisyBest = true;
    int maxAbsScore = 3000;  // beyond (mate scores among them): skipped
    int minPly = 8;          // the first plies (book and random moves): skipped
    bool keep(const PackedPosition& p) const;
};

// Reads every kept position of one or more files (32-byte records or the game format of
// games.h, told apart by their first bytes), in a shuffled order fixed by the seed.
// Returns the positions (markers dropped) and counts what the filter dropped.
//
// With heldOutShare > 0, whole games go to `heldOut` instead of `positions`: a game is
// held out when a hash of its game id and its file's place in the list falls below the
// share, so about that share of the games, the same games whatever the seed (the rule
// of kept_games.h, which the trainer's streaming reader follows too). Positions
// of one game are never split between the two sets (neighbouring positions of a game are
// nearly the same position, so a split by position would let the held-out loss see
// positions the net trained on). Records after a file's last marker (a game cut short)
// count as one game, keyed by its place in the file.
struct PackedLoad {
    std::vector<PackedPosition> positions, heldOut;
    uint64_t records = 0, games = 0, dropped = 0;
    uint64_t heldOutGames = 0;  // games whose positions went to heldOut (those cut short included)
    std::string error;
};
PackedLoad loadPacked(const std::vector<std::string>& files, const PackedFilter& filter, uint64_t shuffleSeed,
                      double heldOutShare = 0);

// Converts `vazir datagen` text ("<fen> | <score> | <result>" lines and "# game" markers)
// to the binary format. Returns an error message or "".
std::string convertTextToPacked(const std::string& textPath, const std::string& packedPath, uint64_t& positions);

}  // namespace vazir
