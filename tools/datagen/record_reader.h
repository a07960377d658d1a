// Reads the 32-byte records (packed.h) of a training file in either binary format, one
// at a time: a file of records as it is, a game-format file (games.h, told apart by its
// magic) replayed game by game into the very records datagen would have written. The
// loaders, the streaming reader and the converters read through it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "datagen/games.h"
#include "datagen/packed.h"

namespace vazir {

class RecordReader {
public:
    RecordReader() = default;
    RecordReader(const RecordReader&) = delete;
    RecordReader& operator=(const RecordReader&) = delete;
    ~RecordReader();

    // Opens a file; reads no further than `byteLimit` bytes of it (a prefix read before,
    // whatever a run still writing has added since). Returns "" or what is wrong.
    std::string open(const std::string& path, uint64_t byteLimit = UINT64_MAX);
    // The next record (positions and game markers, in file order); false at the end or
    // on an error. A torn last record of a record file is not read.
    bool next(PackedPosition& p);
    const std::string& error() const { return error_; }
    bool gameFormat() const { return games_; }
    // Bytes read so far, in whole records or whole games.
    uint64_t offset() const { return games_ ? gameReader_.offset() : recordsRead_ * sizeof(PackedPosition); }

private:
    bool refill();

    std::string path_, error_;
    uint64_t byteLimit_ = UINT64_MAX;
    bool games_ = false;
    // A record file: read in chunks.
    std::FILE* file_ = nullptr;
    std::vector<PackedPosition> chunk_;
    size_t chunkAt_ = 0;
    uint64_t recordsRead_ = 0;
    // A game-format file: the records of the game being handed out.
    GamesFileReader gameReader_;
    StoredGame game_;
    std::vector<PackedPosition> gameRecords_;
    std::vector<StateInfo> scratch_;
};

}  // namespace vazir
