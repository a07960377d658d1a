#include "datagen/games_convert.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <ostream>
#include <vector>

#include "datagen/games.h"
#include "datagen/packed.h"
#include "datagen/record_reader.h"

namespace vazir {

namespace {

using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

File openForWriting(const std::string& path) { return File(std::fopen(path.c_str(), "wb"), &std::fclose); }

// Closes the output and reports a failed write (a full disk) as an error.
std::string finish(File& out, const std::string& path) {
    const bool ok = !std::ferror(out.get()) && std::fclose(out.release()) == 0;
    return ok ? "" : "cannot write '" + path + "'";
}

bool endsWith(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

std::string convertToGames(const std::string& inPath, const std::string& outPath, ConvertCounts& counts) {
    counts = {};
    RecordReader in;
    if (std::string err = in.open(inPath); !err.empty()) return err;
    File out = openForWriting(outPath);
    if (!out) return "cannot open '" + outPath + "' for writing";
    std::string bytes = gamesFileHeader();
    std::vector<PackedPosition> records;
    StoredGame game;
    PackedPosition p;
    while (in.next(p)) {
        if (!p.isGameMarker()) {
            records.push_back(p);
            continue;
        }
        if (std::string err = gameFromRecords(records, p, game); !err.empty())
            return "'" + inPath + "', its game number " + std::to_string(counts.games + 1) + ": " + err;
        appendGame(game, bytes);
        ++counts.games;
        counts.positions += records.size();
        records.clear();
        if (bytes.size() >= (1 << 20)) {
            std::fwrite(bytes.data(), 1, bytes.size(), out.get());
            bytes.clear();
        }
    }
    if (!in.error().empty()) return in.error();
    counts.cutRecords = records.size();
    std::fwrite(bytes.data(), 1, bytes.size(), out.get());
    return finish(out, outPath);
}

std::string convertToRecords(const std::string& inPath, const std::string& outPath, ConvertCounts& counts) {
    counts = {};
    RecordReader in;
    if (std::string err = in.open(inPath); !err.empty()) return err;
    File out = openForWriting(outPath);
    if (!out) return "cannot open '" + outPath + "' for writing";
    std::vector<PackedPosition> buffer;
    PackedPosition p;
    uint64_t sinceMarker = 0;
    while (in.next(p)) {
        buffer.push_back(p);
        if (p.isGameMarker()) {
            ++counts.games;
            sinceMarker = 0;
        } else {
            ++counts.positions;
            ++sinceMarker;
        }
        if (buffer.size() >= 32768) {
            std::fwrite(buffer.data(), sizeof p, buffer.size(), out.get());
            buffer.clear();
        }
    }
    if (!in.error().empty()) return in.error();
    counts.cutRecords = sinceMarker;  // copied as they are: a record file may end inside a game
    std::fwrite(buffer.data(), sizeof p, buffer.size(), out.get());
    return finish(out, outPath);
}

int runConvert(const std::string& inPath, const std::string& outPath, std::ostream& log) {
    const auto start = std::chrono::steady_clock::now();
    if (endsWith(inPath, ".txt")) {
        uint64_t n = 0;
        if (std::string err = convertTextToPacked(inPath, outPath, n); !err.empty()) {
            log << "convert: " << err << "\n";
            return 1;
        }
        log << "convert: " << n << " positions written to " << outPath << "\n";
        return 0;
    }
    const bool games = endsWith(outPath, ".vzg");
    ConvertCounts c;
    if (std::string err = games ? convertToGames(inPath, outPath, c) : convertToRecords(inPath, outPath, c);
        !err.empty()) {
        log << "convert: " << err << "\n";
        return 1;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    log << "convert: " << c.games << " games, " << c.positions << " positions written to " << outPath
        << (games ? " (game format)" : " (32-byte records)") << " in " << secs << " s";
    if (c.cutRecords)
        log << "; " << c.cutRecords << " records after the last game marker (a game cut short)"
            << (games ? " not converted" : " copied");
    log << "\n";
    return 0;
}

}  // namespace vazir
