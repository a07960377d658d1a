// The binary training format: records round-trip every suite position, datagen writes
// it reproducibly and resumes a cut file, the converter keeps the text data, and the
// loader filters and shuffles as asked.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>
#include <algorithm>
#include <map>
#include <set>

#include "core/movegen.h"
#include "datagen/datagen.h"
#include "datagen/packed.h"
#include "test_data.h"
#include "test_files.h"

using namespace vazir;

namespace {

using testdata::readAll;


// The FEN without its clocks.
std::string withoutClocks(const std::string& fen) {
    std::istringstream in(fen);
    std::string a, b, c, d;
    in >> a >> b >> c >> d;
    return a + " " + b + " " + c + " " + d;
}

// A short binary run: a few games at 300 nodes a move, one thread.
DatagenConfig shortRun(uint64_t games, uint64_t seed, int randomPlies, const std::string& output) {
    DatagenConfig cfg;
    cfg.games = games;
    cfg.nodes = 300;
    cfg.seed = seed;
    cfg.randomPlies = randomPlies;
    cfg.format = DatagenFormat::Records;
    cfg.threads = 1;
    cfg.output = testdata::tempPath(output);
    std::filesystem::remove(cfg.output);
    return cfg;
}

}  // namespace

TEST_SUITE("data") {
    TEST_CASE("a record holds the position: every suite position and its children round-trip") {
        auto cases = testdata::readEpdSuite("perft/standard.epd", false);
        auto tricky = testdata::readTrickySuite();
        cases.insert(cases.end(), tricky.begin(), tricky.end());
        int checked = 0, mismatches = 0;
        for (const auto& c : cases) {
            if (c.chess960) continue;  // the format keeps standard castling rights only
            Position root;
            StateInfo rootState;
            REQUIRE(root.setFromFen(c.fen, false, rootState).ok());
            MoveList moves;
            generateMoves<GenType::All>(root, moves);
            StateInfo st;
            auto check = [&](const Position& pos) {
                const PackedPosition p = packPosition(pos, 123, Move::none(), false, 2, pos.gamePly());
                const std::string fen = unpackFen(p);
                Position back;
                StateInfo bs;
                ++checked;
                if (!back.setFromFen(fen, false, bs).ok() || back.key() != pos.key() ||
                    withoutClocks(back.fen()) != withoutClocks(pos.fen()))
                    ++mismatches;
            };
            check(root);
            for (Move m : moves) {
                root.doMove(m, st);
                check(root);
                root.undoMove(m);
            }
        }
        MESSAGE(checked, " positions packed and unpacked, ", mismatches, " mismatches");
        CHECK(checked > 1500);
        CHECK(mismatches == 0);
    }

    TEST_CASE("a corrupt record (more than 32 occupied squares) unpacks to nothing, without reading past it") {
        PackedPosition p;
        p.occupancy = ~0ULL;
        Piece pieces[32];
        Square squares[32];
        CHECK(unpackPieces(p, pieces, squares) == -1);
        CHECK(unpackFen(p).empty());
        // A piece code beyond the table (15) is refused too.
        PackedPosition q;
        q.occupancy = 1;
        q.pieces[0] = 15;
        CHECK(unpackFen(q).empty());
    }

    TEST_CASE("binary datagen: same bytes with 1 or 2 threads, a cut file resumed to the same bytes") {
        DatagenConfig cfg = shortRun(4, 9, 4, "a.bin");
        std::ostringstream log;
        const std::string a = testdata::tempPath("a.bin"), b = testdata::tempPath("b.bin");
        std::filesystem::remove(a);
        std::filesystem::remove(b);
        cfg.output = a;
        cfg.threads = 1;
        REQUIRE(runDatagen(cfg, log) == 0);
        cfg.output = b;
        cfg.threads = 2;
        REQUIRE(runDatagen(cfg, log) == 0);
        const std::string full = readAll(a);
        CHECK(full.size() % sizeof(PackedPosition) == 0);
        // Games may finish in another order with two threads: compare as sets of games.
        const PackedLoad la = loadPacked({a}, PackedFilter{false, false, 100000, 0}, 1);
        const PackedLoad lb = loadPacked({b}, PackedFilter{false, false, 100000, 0}, 1);
        MESSAGE("4 games: ", la.records, " records, ", la.games, " markers");
        CHECK(la.games == 4);
        CHECK(la.records == lb.records);
        CHECK(la.positions.size() == lb.positions.size());
        // Cut the one-thread file inside a record of its third game, then resume.
        std::filesystem::resize_file(a, full.size() - 3 * sizeof(PackedPosition) - 5);
        cfg.output = a;
        cfg.threads = 1;
        REQUIRE(runDatagen(cfg, log) == 0);
        const PackedLoad lc = loadPacked({a}, PackedFilter{false, false, 100000, 0}, 1);
        CHECK(lc.games == 4);
        CHECK(lc.records == la.records);
        std::filesystem::remove(a);
        std::filesystem::remove(b);
    }

    TEST_CASE("datagen openings: the first search of every game within maxopeningscore, or any with 0") {
        // Ten random plies from the start position often leave a piece hanging.
        auto firstScores = [](int maxOpeningScore) {
            DatagenConfig cfg = shortRun(12, 5, 10, "openings.bin");
            cfg.maxOpeningScore = maxOpeningScore;
            std::ostringstream log;
            REQUIRE(runDatagen(cfg, log) == 0);
            std::vector<int> scores;
            std::ifstream in(cfg.output, std::ios::binary);
            PackedPosition p;
            bool gameStart = true;
            while (in.read(reinterpret_cast<char*>(&p), sizeof p)) {
                if (!p.isGameMarker() && gameStart) scores.push_back(p.score);
                gameStart = p.isGameMarker();
            }
            std::filesystem::remove(cfg.output);
            return scores;
        };
        auto widest = [](const std::vector<int>& v) {
            int w = 0;
            for (int x : v) w = std::max(w, std::abs(x));
            return w;
        };
        const std::vector<int> balanced = firstScores(60), any = firstScores(0);
        MESSAGE("first scores within 60 cp: widest ", widest(balanced), "; unfiltered: widest ", widest(any));
        CHECK(balanced.size() == 12);
        CHECK(any.size() == 12);
        CHECK(widest(balanced) <= 60);
        CHECK(widest(any) > 60);  // the filter had something to do
    }

    TEST_CASE("datagen evalfile: the hand-crafted evaluation, a net file, a file that is not a net") {
        auto records = [](const std::string& evalFile, std::string& log) {
            DatagenConfig cfg = shortRun(3, 9, 4, "evalfile.bin");
            cfg.evalFile = evalFile;
            std::ostringstream out;
            const int rc = runDatagen(cfg, out);
            log = out.str();
            std::string bytes = rc == 0 ? readAll(cfg.output) : "";
            std::filesystem::remove(cfg.output);
            return bytes;
        };
        const std::string net = std::string(VAZIR_TEST_DIR) + "/data/tiny-h16.nnue";
        std::string log;
        const std::string handcrafted = records("", log);
        CHECK(log.find("evaluation hand-crafted") != std::string::npos);
        const std::string withNet = records(net, log);
        CHECK(log.find("(768 -> 16)") != std::string::npos);
        MESSAGE("3 games: ", handcrafted.size() / sizeof(PackedPosition), " records hand-crafted, ",
                withNet.size() / sizeof(PackedPosition), " with the 16-unit net");
        REQUIRE(!handcrafted.empty());
        REQUIRE(!withNet.empty());
        CHECK(withNet != handcrafted);  // the net's scores and moves, not the hand-crafted ones
        CHECK(records(net, log) == withNet);  // and reproducibly so
        CHECK(records(std::string(VAZIR_TEST_DIR) + "/data/selfplay-sample.txt", log).empty());
        CHECK(log.find("datagen: evalfile: ") != std::string::npos);

        DatagenConfig parsed;
        CHECK(parsed.evalFile == nnue::defaultEvalFile());
        char arg0[] = "datagen", arg1[] = "evalfile=";
        char* argv[] = {arg0, arg1};
        CHECK(parseDatagenArgs(2, argv, 1, parsed).empty());
        CHECK(parsed.evalFile.empty());
    }

    TEST_CASE("the loader drops in-check, noisy, mate-score and opening records, and shuffles by seed") {
        const std::string f = testdata::tempPath("filter.bin");
        {
            std::ofstream out(f, std::ios::binary);
            Position pos;
            auto put = [&](const PackedPosition& p) { out.write(reinterpret_cast<const char*>(&p), sizeof p); };
            for (int i = 0; i < 100; ++i) put(packPosition(pos, i, Move::none(), false, 1, 20 + i));  // kept
            PackedPosition check = packPosition(pos, 0, Move::none(), false, 1, 30);
            check.flags |= PackedPosition::kInCheck;
            put(check);
            put(packPosition(pos, 0, Move::none(), true, 1, 30));       // noisy best move
            put(packPosition(pos, 31000, Move::none(), false, 1, 30));  // a mate score
            put(packPosition(pos, 0, Move::none(), false, 1, 3));       // an opening ply
            put(packGameMarker(7, 1, 120));
        }
        const PackedLoad one = loadPacked({f}, PackedFilter{}, 1), again = loadPacked({f}, PackedFilter{}, 1),
                         other = loadPacked({f}, PackedFilter{}, 2);
        MESSAGE(one.records, " records: ", one.positions.size(), " kept, ", one.dropped, " dropped, ", one.games, " game");
        CHECK(one.positions.size() == 100);
        CHECK(one.dropped == 4);
        CHECK(one.games == 1);
        bool same = true, differs = false;
        for (size_t i = 0; i < one.positions.size(); ++i) {
            same = same && one.positions[i].score == again.positions[i].score;
            differs = differs || one.positions[i].score != other.positions[i].score;
        }
        CHECK(same);
        CHECK(differs);
        std::filesystem::remove(f);
        CHECK(!loadPacked({f}, PackedFilter{}, 1).error.empty());
    }

    TEST_CASE("held-out share: whole games, about the share of them, the same for every seed") {
        // 400 games of 10 kept positions (score = game id), 2 dropped ones each, in two
        // files, and a game cut short at the end of the second (score 2999).
        const std::string a = testdata::tempPath("games-a.bin"), b = testdata::tempPath("games-b.bin");
        {
            Position pos;
            for (int file = 0; file < 2; ++file) {
                std::ofstream out(file == 0 ? a : b, std::ios::binary);
                auto put = [&](const PackedPosition& p) { out.write(reinterpret_cast<const char*>(&p), sizeof p); };
                for (int g = 0; g < 200; ++g) {
                    const int id = file * 200 + g;
                    for (int i = 0; i < 12; ++i) put(packPosition(pos, id, Move::none(), false, 1, i < 2 ? 1 : 10 + i));
                    put(packGameMarker(uint64_t(g), 1, 12));  // ids repeat across the files, as with two seeds
                }
                if (file == 1)
                    for (int i = 0; i < 5; ++i) put(packPosition(pos, 2999, Move::none(), false, 1, 20 + i));
            }
        }
        const PackedLoad l = loadPacked({a, b}, PackedFilter{}, 1, 0.25), l2 = loadPacked({a, b}, PackedFilter{}, 7, 0.25);
        const PackedLoad none = loadPacked({a, b}, PackedFilter{}, 1);
        std::map<int, int> trainCount, heldCount;
        for (const PackedPosition& p : l.positions) ++trainCount[p.score];
        for (const PackedPosition& p : l.heldOut) ++heldCount[p.score];
        int split = 0;
        for (const auto& [id, n] : heldCount) split += int(trainCount.count(id));
        std::set<int> held2;
        for (const PackedPosition& p : l2.heldOut) held2.insert(p.score);
        std::set<int> held1;
        for (const auto& [id, n] : heldCount) held1.insert(id);
        MESSAGE(l.games, " games: ", l.heldOutGames, " held out (", l.heldOut.size(), " positions), ",
                l.positions.size(), " to train on; ", split, " games split");
        CHECK(l.games == 400);
        CHECK(split == 0);
        CHECK(l.positions.size() + l.heldOut.size() == 400 * 10 + 5);
        CHECK(l.dropped == 800);
        CHECK(l.heldOutGames == heldCount.size());
        CHECK(l.heldOutGames >= 60);   // 25% of 401 games is 100; 60-140 is about 4.7 sigma either way
        CHECK(l.heldOutGames <= 140);
        for (const auto& [id, n] : heldCount) CHECK(n == (id == 2999 ? 5 : 10));
        // Both files give held-out games: the same game ids in another file are other games.
        CHECK(std::count_if(held1.begin(), held1.end(), [](int id) { return id < 200; }) > 10);
        CHECK(std::count_if(held1.begin(), held1.end(), [](int id) { return id >= 200 && id < 400; }) > 10);
        CHECK(held1 == held2);  // the seed shuffles, it does not choose the games
        CHECK(none.heldOut.empty());
        CHECK(none.heldOutGames == 0);
        CHECK(none.positions.size() == 4005);
        std::filesystem::remove(a);
        std::filesystem::remove(b);
    }

    TEST_CASE("the converter keeps every text position, its score and result") {
        const std::string text = std::string(VAZIR_TEST_DIR) + "/data/selfplay-sample.txt";
        const std::string bin = testdata::tempPath("convert.bin");
        uint64_t n = 0;
        REQUIRE(convertTextToPacked(text, bin, n).empty());
        const PackedLoad l = loadPacked({bin}, PackedFilter{false, false, 100000, 0}, 0);
        std::ifstream in(text);
        std::string line;
        std::vector<std::string> fens;
        while (std::getline(in, line))
            if (line.rfind("#", 0) != 0 && !line.empty()) fens.push_back(withoutClocks(line.substr(0, line.find('|'))));
        MESSAGE(fens.size(), " text positions, ", n, " records written, ", l.games, " games");
        CHECK(n == fens.size());
        CHECK(l.positions.size() == fens.size());
        int found = 0;
        for (const PackedPosition& p : l.positions)
            found += std::find(fens.begin(), fens.end(), withoutClocks(unpackFen(p))) != fens.end();
        CHECK(found == int(fens.size()));
        std::filesystem::remove(bin);
    }
}
