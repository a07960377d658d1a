// The game format ("VZG", files ending in .vzg): the same data as the 32-byte records of
// packed.h in about an eighth of the bytes, small enough to commit the data to the
// repository. A game keeps its first position once, then a move and a score per position;
// every other field of the records (the board, side to move, castling, e.p., in-check and
// noisy-best flags, ply) is recomputed by replaying the moves, so a game decodes to
// exactly the records `vazir datagen` writes for it, byte for byte.
//
// File (little-endian, no padding):
//   header   8 bytes magic "VZGAMES" + 0xFF, then uint32 version (1). Read as the
//            occupancy of a 32-byte record the magic has 33 squares set, more than any
//            position, so no file of records starts with it: readers tell the formats
//            apart by the first 8 bytes.
//   games    one after the other, each:
//     uint64  game id (the marker record's id)
//     uint8   result, White's point of view: 0 loss, 1 draw, 2 win
//     uint16  positions N: the game's records, markers not counted
//     uint16  plies: the marker's ply count, the moves played. Datagen writes N when the
//             game ended by the rules (every record's best move was played) and N - 1
//             when it was adjudicated (the last record's best move never was).
//     if N > 0:
//       32 bytes  the first record (packed.h) with score, best move and result 0 and
//                 the in-check and noisy-best flag bits clear: the start position
//       N x uint16  the best move of record 0, 1, ... N - 1 (the engine's 16-bit move)
//       N x int16   the score of record 0, 1, ... N - 1 (centipawns, White's point of
//                   view, as in the records)
//       (the moves together, then the scores: xz packs the columns 9% smaller than
//       move-score pairs, 2.65 bytes a position against 2.91 on the s3101 data)
//
// Record i + 1 is the position after record i's best move: datagen writes the move it
// played as the best move. Its ply is the start record's ply + i + 1 (capped at 255),
// its in-check flag the replayed position's, its noisy-best flag whether the best move
// captures or promotes. The best move of the last record must be legal too, or 0 (none).
//
// A game costs 13 + 32 + 4 N bytes: about 4.3 bytes a position against 32.
//
// Files are read from anywhere, so decoding checks everything: the magic and version,
// the result, a start position that is legal, every move legal where it is played, and
// a file that ends inside a game. Each check fails with a message, never with undefined
// behaviour.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "datagen/packed.h"

namespace vazir {

constexpr char kGamesMagic[8] = {'V', 'Z', 'G', 'A', 'M', 'E', 'S', char(0xFF)};
constexpr uint32_t kGamesVersion = 1;
constexpr size_t kGamesHeaderBytes = 12;
constexpr size_t kGameHeaderBytes = 13;  // id, result, positions, plies

// Whether the first bytes of a file (at least 8) are the game format's magic.
bool isGamesMagic(const char* bytes, size_t size);
// The file header.
std::string gamesFileHeader();

// One game as stored: its marker's fields, the start record and a move and score per record.
struct StoredGame {
    uint64_t id = 0;
    uint8_t result = 1;
    uint16_t plies = 0;
    PackedPosition start;  // meaningful when moves is not empty
    struct Ply {
        uint16_t move = 0;
        int16_t score = 0;
    };
    std::vector<Ply> moves;  // one per record
};

// The game's bytes, appended to `out`.
void appendGame(const StoredGame& game, std::string& out);

// The records of one game (marker last) to its stored form. Refuses records that the
// game format would not give back byte for byte (a record that is not the position after
// the previous record's best move, flags that differ from the replayed position's, a
// marker with other fields set): returns why, or "".
std::string gameFromRecords(const std::vector<PackedPosition>& records, const PackedPosition& marker,
                            StoredGame& game);

// Replays a stored game into its records, the marker last (`out` is cleared first).
// Returns "" or what is wrong with the game. `scratch` holds the replay's states between
// calls, so that decoding a file allocates only while games grow longer.
std::string recordsFromGame(const StoredGame& game, std::vector<PackedPosition>& out,
                            std::vector<StateInfo>& scratch);

// Reads a game-format file game by game, without replaying the games.
class GamesFileReader {
public:
    ~GamesFileReader();
    // Opens the file and checks its header; returns "" or what is wrong.
    std::string open(const std::string& path);
    // The next game into `game`; false at the end of the file or on an error (then
    // error() says what: a file that ends inside a game, a result out of range).
    bool next(StoredGame& game);
    const std::string& error() const { return error_; }
    // Bytes of the file up to the end of the last game read (the header included).
    uint64_t offset() const { return offset_; }
    // Whether the file ended inside a game (the error is then that).
    bool endedInsideGame() const { return cut_; }

private:
    std::FILE* file_ = nullptr;
    std::string path_, error_;
    std::vector<unsigned char> body_;  // the moves and scores of the game being read
    uint64_t offset_ = 0;
    bool cut_ = false;
};

}  // namespace vazir
