// Reads training files game by game: each game's positions that a PackedFilter keeps, and
// whether the game is held out. The one rule both loaders follow (loadPacked in memory,
// the trainer's streaming reader), so that they train on and hold out the same positions.
//
// Held out: a game whose id, hashed with its file's place in the list, falls below the
// share (about that share of the games, the same games whatever the seed). Records after
// a file's last marker (a game cut short) count as one game, keyed by its place in the
// file, and are handed out only when the filter keeps some of them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "datagen/packed.h"
#include "datagen/record_reader.h"

namespace vazir {

// Whether the game `gameKey` of file `fileIndex` is held out at `share`.
bool isHeldOutGame(uint64_t gameKey, uint64_t fileIndex, double share);

class KeptGames {
public:
    // `byteLimits`, when given (one per file), caps how much of each file is read.
    KeptGames(std::vector<std::string> files, PackedFilter filter, double heldOutShare,
              std::vector<uint64_t> byteLimits = {});

    // The next game's kept positions into `kept` (cleared first; empty when the filter
    // keeps none) and whether it is held out. False at the end of the last file or on an
    // error (error is then set).
    bool next(std::vector<PackedPosition>& kept, bool& heldOut);

    std::string error;
    uint64_t records = 0, games = 0, dropped = 0;
    uint64_t heldOutGames = 0;      // held-out games handed out (those cut short included)
    std::vector<uint64_t> bytesRead;  // per file, once it has been read to its end

private:
    bool openNext();

    std::vector<std::string> files_;
    PackedFilter filter_;
    double share_;
    std::vector<uint64_t> limits_;
    size_t fileIndex_ = 0;
    bool open_ = false;
    uint64_t gamesInFile_ = 0;
    RecordReader reader_;
};

}  // namespace vazir
