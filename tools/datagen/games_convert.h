// Converters between the two binary training formats: 32-byte records (packed.h) and
// games (games.h). Records -> games -> records gives back the same bytes.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

namespace vazir {

struct ConvertCounts {
    uint64_t games = 0, positions = 0;
    uint64_t cutRecords = 0;  // records after the input's last marker: a game cut short, not converted
};

// A file of either binary format to the game format. Every game must fit the format
// (games.h: each record the position after the previous one's best move); the first that
// does not stops the conversion with why. Returns an error message or "".
std::string convertToGames(const std::string& inPath, const std::string& outPath, ConvertCounts& counts);

// A file of either binary format to 32-byte records. Returns an error message or "".
std::string convertToRecords(const std::string& inPath, const std::string& outPath, ConvertCounts& counts);

// `vazir convert <in> <out>`: an input ending in .txt is datagen text (to 32-byte
// records); any other input is binary, either format. The output is the game format
// when its name ends in .vzg, 32-byte records otherwise. Logs what it wrote; returns
// the exit code.
int runConvert(const std::string& inPath, const std::string& outPath, std::ostream& log);

}  // namespace vazir
