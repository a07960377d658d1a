// libFuzzer target: arbitrary bytes as a game-format file (tools/datagen/games.h), read
// the way the trainer and the converters read it. Every input must end in records or an
// error, never a crash; and every game the decoder accepts must be the one canonical
// encoding of its records: encoding the decoded records gives back the game's bytes.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "datagen/games.h"
#include "datagen/record_reader.h"

using namespace vazir;

namespace {

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz_games: %s\n", what.c_str());
    std::abort();
}

const std::string& tempFile() {
    static const std::string path = "/tmp/vazir-fuzz-games-" + std::to_string(::getpid()) + ".vzg";
    return path;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    initCore();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // The magic first, so that most inputs exercise the game reader rather than records.
    std::string bytes = gamesFileHeader() + std::string(reinterpret_cast<const char*>(data), size);
    if (size >= 8 && data[0] == 'R') bytes.assign(reinterpret_cast<const char*>(data) + 1, size - 1);  // raw, header and all
    if (std::FILE* f = std::fopen(tempFile().c_str(), "wb")) {
        std::fwrite(bytes.data(), 1, bytes.size(), f);
        std::fclose(f);
    } else {
        return 0;
    }

    // The reader of either format: records or an error.
    RecordReader reader;
    if (reader.open(tempFile()).empty()) {
        PackedPosition p;
        while (reader.next(p)) {
        }
    }

    // Game by game: what decodes encodes back to the same bytes.
    GamesFileReader games;
    if (!games.open(tempFile()).empty()) return 0;
    StoredGame game, again;
    std::vector<PackedPosition> records;
    std::vector<StateInfo> scratch;
    while (games.next(game)) {
        if (!recordsFromGame(game, records, scratch).empty()) continue;
        const PackedPosition marker = records.back();
        records.pop_back();
        if (const std::string err = gameFromRecords(records, marker, again); !err.empty())
            fail("a decoded game does not encode: " + err);
        std::string a, b;
        appendGame(game, a);
        appendGame(again, b);
        if (a != b) fail("a decoded game encodes to other bytes");
    }
    return 0;
}
