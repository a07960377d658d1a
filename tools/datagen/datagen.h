// `vazir datagen`: self-play games that produce training positions.
//
// Binary output (format=binary, the default for a file ending in .bin): every position
// of every game as a 32-byte record with its score, best move, flags and the game's
// result, then a game marker record (tools/datagen/packed.h) - the NNUE trainer's input.
//
// Game output (format=games, the default for a file ending in .vzg): the same games in
// the game format (tools/datagen/games.h), about 4.3 bytes a position; it decodes to the
// very records format=binary writes, and the trainer reads it as well.
//
// Text output (format=text; `vazir convert` turns it into the binary format), one line
// per kept position:
//     <fen> | <score> | <result>
// score: the search score in centipawns from White's point of view; result: the game's
// result from White's point of view, 1.0 / 0.5 / 0.0. After each game's positions comes
// one line "# game <id> <result> <plies>". In every format a game is complete only with
// its marker (in the game format: all its bytes), each game is written in one write and
// flushed, and resuming truncates the file after the last complete game. Games are
// numbered; game <id> is played from the seed and the id alone, so a fixed seed gives the
// same games whatever the number of threads or the format, and a resumed run plays
// exactly the games still missing.
//
// Openings: a book line plus random plies, kept only when the game's first search scores
// it within maxopeningscore centipawns (300 by default; 0 keeps every opening, as the
// data made before this option did). A game with no playable opening is a bare marker.
//
// Evaluation: evalfile= names it as UCI's EvalFile does: <embedded> (this build's net, the
// default when it has one), a net file, or nothing (`evalfile=` or <empty>: the
// hand-crafted evaluation). A resumed run must use the same one to continue the same games.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "nnue/embedded.h"

namespace vazir {

enum class DatagenFormat { Text, Records, Games };

struct DatagenConfig {
    std::string output = "vazir-data.txt";
    // format=text|binary|games; default: binary for a name ending in .bin, games for .vzg
    DatagenFormat format = DatagenFormat::Text;
    std::string book;          // EPD file of openings; empty = start position
    uint64_t games = 1000;
    int threads = 1;
    uint64_t nodes = 5000;     // node budget per move
    uint64_t seed = 1;
    int randomPlies = 8;       // random legal plies after the opening
    int maxOpeningScore = 300;  // |first search score| above this: another opening (0: any)
    int adjudicateScore = 1500;  // |score| this large ...
    int adjudicatePlies = 8;     // ... for this many plies in a row ends the game
    std::string evalFile = nnue::defaultEvalFile();
};

// Parses "key=value" arguments (output, format, book, games, threads, nodes, seed,
// randomplies, maxopeningscore, evalfile).
// Returns an error message, or "".
std::string parseDatagenArgs(int argc, char** argv, int first, DatagenConfig& config);

int runDatagen(const DatagenConfig& config, std::ostream& log);

}  // namespace vazir
