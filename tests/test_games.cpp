// The game format (tools/datagen/games.h): real datagen records survive records -> games
// -> records byte for byte, both formats load to the same positions, records that are
// not a game are refused, and a damaged file (cut anywhere, bytes changed, a wrong
// header) gives an error, never a crash.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "datagen/datagen.h"
#include "datagen/games.h"
#include "datagen/games_convert.h"
#include "datagen/packed.h"
#include "datagen/record_reader.h"
#include "test_files.h"

using namespace vazir;

namespace {

const std::string kSample = std::string(VAZIR_TEST_DIR) + "/data/selfplay-sample.bin";

using testdata::readAll;

void writeAll(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(bytes.data(), std::streamsize(bytes.size()));
}

// Every record of a file through RecordReader; the error, if any, in `error`.
std::vector<PackedPosition> readRecords(const std::string& path, std::string& error) {
    RecordReader in;
    std::vector<PackedPosition> out;
    error = in.open(path);
    PackedPosition p;
    while (error.empty() && in.next(p)) out.push_back(p);
    if (error.empty()) error = in.error();
    return out;
}

std::string bytesOf(const std::vector<PackedPosition>& records) {
    return std::string(reinterpret_cast<const char*>(records.data()), records.size() * sizeof(PackedPosition));
}

// A short datagen run: a few games at 300 nodes a move.
DatagenConfig shortRun(DatagenFormat format, int threads, const std::string& output) {
    DatagenConfig cfg;
    cfg.games = 5;
    cfg.nodes = 300;
    cfg.seed = 11;
    cfg.randomPlies = 4;
    cfg.format = format;
    cfg.threads = threads;
    cfg.output = testdata::tempPath(output);
    std::filesystem::remove(cfg.output);
    return cfg;
}

// The games of a record file as a sorted list of their bytes (threads finish games in
// any order).
std::vector<std::string> gamesOf(const std::string& records) {
    std::vector<std::string> games;
    size_t start = 0;
    for (size_t at = 0; at + sizeof(PackedPosition) <= records.size(); at += sizeof(PackedPosition)) {
        PackedPosition p;
        std::memcpy(&p, records.data() + at, sizeof p);
        if (!p.isGameMarker()) continue;
        games.push_back(records.substr(start, at + sizeof p - start));
        start = at + sizeof p;
    }
    std::sort(games.begin(), games.end());
    return games;
}

}  // namespace

TEST_SUITE("games") {
    TEST_CASE("records -> games -> records gives back datagen's bytes, in an eighth of the size") {
        const std::string vzg = testdata::tempPath("sample.vzg"), back = testdata::tempPath("sample-back.bin");
        ConvertCounts c;
        REQUIRE(convertToGames(kSample, vzg, c) == "");
        CHECK(c.games == 4);
        CHECK(c.cutRecords == 0);
        ConvertCounts d;
        REQUIRE(convertToRecords(vzg, back, d) == "");
        const std::string original = readAll(kSample), games = readAll(vzg), again = readAll(back);
        MESSAGE("4 games, ", c.positions, " positions: ", original.size(), " bytes as records, ", games.size(),
                " as games");
        CHECK(d.games == 4);
        CHECK(d.positions == c.positions);
        CHECK(again == original);
        CHECK(games.size() == kGamesHeaderBytes + 4 * (kGameHeaderBytes + sizeof(PackedPosition)) + 4 * c.positions);
        CHECK(games.size() * 7 < original.size());
        // A game file converted again is the same file.
        const std::string vzg2 = testdata::tempPath("sample2.vzg");
        REQUIRE(convertToGames(vzg, vzg2, c) == "");
        CHECK(readAll(vzg2) == games);
        // The loader reads both formats to the same positions, in the same order.
        const PackedLoad a = loadPacked({kSample}, PackedFilter{}, 5, 0.25), b = loadPacked({vzg}, PackedFilter{}, 5, 0.25);
        REQUIRE(a.error.empty());
        REQUIRE(b.error.empty());
        CHECK(a.records == b.records);
        CHECK(a.dropped == b.dropped);
        CHECK(bytesOf(a.positions) == bytesOf(b.positions));
        CHECK(bytesOf(a.heldOut) == bytesOf(b.heldOut));
        for (const std::string& f : {vzg, vzg2, back}) std::filesystem::remove(f);
    }

    TEST_CASE("records that are not one game each are refused with the reason") {
        std::string error;
        const std::vector<PackedPosition> records = readRecords(kSample, error);
        REQUIRE(error.empty());
        const auto firstGame = [&](auto change) {
            std::vector<PackedPosition> game(records.begin(), records.begin() + 104);  // game 0: 104 positions
            REQUIRE(records[104].isGameMarker());
            PackedPosition marker = records[104];
            change(game, marker);
            StoredGame g;
            return gameFromRecords(game, marker, g);
        };
        CHECK(firstGame([](auto&, auto&) {}) == "");
        CHECK(firstGame([](auto& g, auto&) { std::swap(g[10], g[11]); }) != "");             // out of order
        CHECK(firstGame([](auto& g, auto&) { g.erase(g.begin() + 50); }) != "");             // a position missing
        CHECK(firstGame([](auto& g, auto&) { g[20].flags ^= PackedPosition::kNoisyBest; }) != "");
        CHECK(firstGame([](auto& g, auto&) { g[20].flags ^= PackedPosition::kInCheck; }) != "");
        CHECK(firstGame([](auto& g, auto&) { g[30].ply ^= 1; }) != "");
        CHECK(firstGame([](auto& g, auto&) { g[40].result = 1; }) != "");                    // not the game's result
        CHECK(firstGame([](auto&, auto& m) { m.score = 5; }) != "");                         // a marker with more
        CHECK(firstGame([](auto& g, auto&) { g.back().bestMove = Move::null().raw(); }) != "");  // illegal last move
        CHECK(firstGame([](auto& g, auto&) { g.back().bestMove = 0; }) == "");  // none is allowed last
        CHECK(firstGame([](auto& g, auto&) { g[7].score = 32767; }) == "");      // any score is kept as it is

        // The text data's records (quiet positions only, no best move) are no games.
        const std::string bin = testdata::tempPath("from-text.bin"), vzg = testdata::tempPath("from-text.vzg");
        uint64_t n = 0;
        REQUIRE(convertTextToPacked(std::string(VAZIR_TEST_DIR) + "/data/selfplay-sample.txt", bin, n) == "");
        ConvertCounts c;
        const std::string err = convertToGames(bin, vzg, c);
        MESSAGE("text data to games: ", err);
        CHECK(err.find("its game number 1") != std::string::npos);
        std::filesystem::remove(bin);
        std::filesystem::remove(vzg);
    }

    TEST_CASE("a damaged game file: every cut, changed bytes and wrong headers give errors, never a crash") {
        const std::string vzg = testdata::tempPath("damaged.vzg"), bad = testdata::tempPath("damaged-bad.vzg");
        ConvertCounts c;
        REQUIRE(convertToGames(kSample, vzg, c) == "");
        const std::string good = readAll(vzg);
        std::string error;
        const std::vector<PackedPosition> all = readRecords(vzg, error);
        REQUIRE(error.empty());
        REQUIRE(bytesOf(all) == readAll(kSample));

        // Cut at every length: an error unless the cut falls between games, and the
        // records read before it are a prefix of the file's.
        std::vector<size_t> gameEnds{kGamesHeaderBytes};
        {
            GamesFileReader r;
            REQUIRE(r.open(vzg) == "");
            StoredGame g;
            while (r.next(g)) gameEnds.push_back(size_t(r.offset()));
        }
        int cuts = 0, clean = 0;
        for (size_t len = 0; len < good.size(); ++len) {
            writeAll(bad, good.substr(0, len));
            const std::vector<PackedPosition> got = readRecords(bad, error);
            // Shorter than the magic, it is a record file too short to hold a record.
            const bool boundary = len < sizeof kGamesMagic || std::find(gameEnds.begin(), gameEnds.end(), len) != gameEnds.end();
            ++cuts;
            clean += error.empty();
            CHECK(error.empty() == boundary);
            CHECK(bytesOf(got) == bytesOf(all).substr(0, got.size() * sizeof(PackedPosition)));
        }
        MESSAGE(cuts, " cuts, ", clean, " of them between games");

        // The header.
        std::string h = good;
        h[0] = 'X';
        writeAll(bad, h);
        CHECK(readRecords(bad, error).size() < all.size());  // read as records: not these records
        GamesFileReader r;
        CHECK(r.open(bad).find("not a game-format file") != std::string::npos);
        h = good;
        h[8] = 2;  // version 2
        writeAll(bad, h);
        readRecords(bad, error);
        CHECK(error.find("version 2") != std::string::npos);

        // A result out of range, an illegal move, a start record that is not a position.
        const size_t game0 = kGamesHeaderBytes;
        h = good;
        h[game0 + 8] = 3;
        writeAll(bad, h);
        readRecords(bad, error);
        CHECK(error.find("result 3") != std::string::npos);
        h = good;
        const size_t firstMove = game0 + kGameHeaderBytes + sizeof(PackedPosition);
        h[firstMove + 2 * 5] = char(h[firstMove + 2 * 5] ^ 0x3F);  // the 6th move from another square
        writeAll(bad, h);
        readRecords(bad, error);
        CHECK(error.find("is not legal") != std::string::npos);
        h = good;
        h[game0 + kGameHeaderBytes + 8] = char(0xFF);  // a piece code beyond the table
        writeAll(bad, h);
        readRecords(bad, error);
        CHECK(!error.empty());

        // Random bytes changed anywhere: an error or records, never a crash or a hang.
        std::mt19937_64 rng(7);
        int errors = 0;
        for (int trial = 0; trial < 300; ++trial) {
            h = good;
            for (int k = 0; k < 1 + trial % 4; ++k) h[size_t(rng() % h.size())] = char(rng());
            writeAll(bad, h);
            const std::vector<PackedPosition> got = readRecords(bad, error);
            errors += !error.empty();
            CHECK(got.size() <= all.size() + 65536);
        }
        MESSAGE("300 damaged files: ", errors, " refused");
        CHECK(errors > 100);
        std::filesystem::remove(vzg);
        std::filesystem::remove(bad);
    }

    TEST_CASE("datagen format=games: the games of format=binary, whatever the threads, resumed after a cut") {
        std::ostringstream log;
        const DatagenConfig records = shortRun(DatagenFormat::Records, 1, "dg.bin");
        REQUIRE(runDatagen(records, log) == 0);
        DatagenConfig games = shortRun(DatagenFormat::Games, 1, "dg.vzg");
        REQUIRE(runDatagen(games, log) == 0);
        const std::string expected = readAll(records.output), back = testdata::tempPath("dg-back.bin");
        ConvertCounts c;
        REQUIRE(convertToRecords(games.output, back, c) == "");
        CHECK(c.games == 5);
        CHECK(readAll(back) == expected);
        const std::string full = readAll(games.output);
        MESSAGE("5 games, ", c.positions, " positions: ", expected.size(), " bytes as records, ", full.size(),
                " as games");

        // Cut inside the fourth game, inside the header, or to nothing: resumed to the same bytes.
        size_t fourth = 0;
        {
            GamesFileReader r;
            REQUIRE(r.open(games.output) == "");
            StoredGame g;
            for (int i = 0; i < 3 && r.next(g); ++i) fourth = size_t(r.offset());
        }
        for (size_t cut : {fourth + 20, fourth, size_t(5), size_t(0)}) {
            std::filesystem::resize_file(games.output, cut);
            REQUIRE(runDatagen(games, log) == 0);
            CHECK(readAll(games.output) == full);
        }

        // Two threads: the same games, perhaps in another order.
        DatagenConfig two = shortRun(DatagenFormat::Games, 2, "dg2.vzg");
        REQUIRE(runDatagen(two, log) == 0);
        REQUIRE(convertToRecords(two.output, back, c) == "");
        CHECK(gamesOf(readAll(back)) == gamesOf(expected));

        // A file that is not in the game format is not touched.
        std::filesystem::copy_file(records.output, two.output, std::filesystem::copy_options::overwrite_existing);
        std::ostringstream refused;
        CHECK(runDatagen(two, refused) == 2);
        CHECK(refused.str().find("not a game-format file") != std::string::npos);
        CHECK(readAll(two.output) == expected);

        // format= and the file name choose the format.
        for (const auto& [arg, format] : std::vector<std::pair<std::string, DatagenFormat>>{
                 {"output=x.vzg", DatagenFormat::Games}, {"output=x.bin", DatagenFormat::Records},
                 {"output=x.txt", DatagenFormat::Text}, {"format=games", DatagenFormat::Games}}) {
            DatagenConfig parsed;
            std::string a0 = "datagen", a1 = arg;
            char* argv[] = {a0.data(), a1.data()};
            CHECK(parseDatagenArgs(2, argv, 1, parsed) == "");
            CHECK(parsed.format == format);
        }
        for (const std::string& f : {records.output, games.output, two.output, back}) std::filesystem::remove(f);
    }
}
