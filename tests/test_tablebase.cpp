// Syzygy tablebases (the 3-4-man tables copied into tests/data/syzygy): wins converted
// within the fifty-move rule by the engine playing both sides, draws held, bad paths
// refused. The 5-man tables are not here, so KBNvK (4 pieces) is the hardest ending.
// A build without Fathom (VAZIR_SYZYGY=OFF) skips those and checks that a path set is
// answered with a message instead. SyzygyPath's folder list is split per platform.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/move_text.h"
#include "core/movegen.h"
#include "engine/engine.h"
#include "engine/game.h"
#include "search/tablebase.h"
#include "search/tablebase_paths.h"

using namespace vazir;

namespace {

const std::string kTables = std::string(VAZIR_TEST_DIR) + "/data/syzygy";

struct Playout {
    std::string end;  // "mate", "fifty", "repetition", "stalemate", "material", "plies"
    int plies = 0;
    Color winner = White;
    int defenderWorse = 0;  // times the defending side's tablebase result got worse
};

// The engine plays both sides from `fen` (nodes per move) until the game ends.
Playout playOut(Engine& engine, const std::string& fen, uint64_t nodes, int maxPlies) {
    std::vector<std::string> moves;
    Playout p;
    std::string best;
    for (p.plies = 0; p.plies < maxPlies; ++p.plies) {
        std::vector<std::string_view> views(moves.begin(), moves.end());
        REQUIRE(engine.setPosition(fen, views).ok());
        const Position& pos = engine.position();
        MoveList legal;
        generateMoves<GenType::All>(pos, legal);
        if (legal.empty()) {
            p.end = pos.inCheck() ? "mate" : "stalemate";
            p.winner = ~pos.sideToMove();
            return p;
        }
        if (pos.rule50() >= 100) return p.end = "fifty", p;
        if (pos.isRepetition(1000)) return p.end = "repetition", p;
        if (pos.isDeadPosition()) return p.end = "material", p;
        SearchLimits l;
        l.nodes = nodes;
        engine.go(l);
        engine.waitForSearch();
        moves.push_back(moveToUci(engine.lastResult().best, false));
    }
    p.end = "plies";
    return p;
}

}  // namespace

TEST_SUITE("tablebase") {
    TEST_CASE("a wrong path is answered with a message and nothing is loaded" * doctest::skip(!tablebase::available())) {
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        const std::string err = engine.setOption("SyzygyPath", "/no/such/folder", true);
        MESSAGE("SyzygyPath /no/such/folder: ", err);
        CHECK(err.find("no such folder") != std::string::npos);
        CHECK(tablebase::largest() == 0);
        const std::string empty = engine.setOption("SyzygyPath", std::string(VAZIR_TEST_DIR), true);
        CHECK(empty.find("no Syzygy tables found") != std::string::npos);
        CHECK(tablebase::largest() == 0);
    }

    TEST_CASE("wins converted within the fifty-move rule, playing both sides" * doctest::skip(!tablebase::available())) {
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        const std::string loaded = engine.setOption("SyzygyPath", kTables, true);
        REQUIRE_MESSAGE(tablebase::largest() == 4, loaded);
        struct Case {
            const char* name;
            const char* fen;
            Color winner;
        };
        const Case cases[] = {
            {"KRvK, kings apart", "8/8/8/4k3/8/8/8/R6K w - - 0 1", White},
            {"KQvKR", "8/8/8/2k5/8/8/5r2/K2Q4 w - - 0 1", White},
            {"KBNvK, king in the wrong corner", "8/8/8/4k3/8/8/8/KBN5 w - - 0 1", White},
            {"KPvK, pawn wins with the king ahead", "3k4/8/3K4/3P4/8/8/8/8 b - - 0 1", White},
        };
        for (const Case& c : cases) {
            // The start is a tablebase win for the side named.
            Game g;
            REQUIRE(g.set(c.fen, {}, false).ok());
            const tablebase::RootFilter f = tablebase::filterRoot(g.position(), {});
            const int sign = g.position().sideToMove() == c.winner ? 1 : -1;
            REQUIRE_MESSAGE(sign * f.score > 1, c.name);
            const Playout p = playOut(engine, c.fen, 20000, 250);
            MESSAGE(std::string(c.name), ": ", p.end, " after ", p.plies, " plies");
            CHECK(p.end == "mate");
            CHECK(p.winner == c.winner);
        }
        (void)engine.setOption("SyzygyPath", "<empty>", true);
    }

    TEST_CASE("several threads probing at once: a legal move and the win kept" * doctest::skip(!tablebase::available())) {
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        REQUIRE(engine.setOption("SyzygyPath", kTables, true).find("loaded") != std::string::npos);
        REQUIRE(engine.setOption("Threads", "4", true).empty());
        const std::string fen = "8/8/8/2k5/8/8/5r2/K2Q4 w - - 0 1";
        REQUIRE(engine.setPosition(fen, {}).ok());
        SearchLimits l;
        l.depth = 12;
        engine.go(l);
        engine.waitForSearch();
        Game g;
        REQUIRE(g.set(fen, {moveToUci(engine.lastResult().best, false)}, false).ok());
        // After the move the opponent is lost: the filter kept only winning moves.
        CHECK(tablebase::filterRoot(g.position(), {}).score < -1);
        (void)engine.setOption("SyzygyPath", "<empty>", true);
    }

    TEST_CASE("known draws held: the defender only plays moves that keep the draw" * doctest::skip(!tablebase::available())) {
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        REQUIRE(tablebase::init(kTables).find("loaded") != std::string::npos);
        const char* draws[] = {
            "4k3/8/8/r7/8/8/7R/4K3 w - - 0 1",    // KRvKR
            "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",    // KPvK, the defender has the opposition
        };
        for (const char* fen : draws) {
            Game g;
            REQUIRE(g.set(fen, {}, false).ok());
            REQUIRE(tablebase::filterRoot(g.position(), {}).score == 0);
            const Playout p = playOut(engine, fen, 5000, 120);
            MESSAGE(std::string(fen), ": ", p.end, " after ", p.plies, " plies");
            CHECK(p.end != "mate");
        }
        tablebase::init("");
    }

    TEST_CASE("a build without tablebases says so when a path is set" * doctest::skip(tablebase::available())) {
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        const std::string err = engine.setOption("SyzygyPath", kTables, true);
        MESSAGE("SyzygyPath in a build without Fathom: ", err);
        CHECK(err.find("not available in this build") != std::string::npos);
        CHECK(tablebase::largest() == 0);
        CHECK(engine.setOption("SyzygyPath", "<empty>", true).empty());
    }

    TEST_CASE("SyzygyPath folder lists: ';' keeps Windows drive letters and spaces, ':' elsewhere") {
        using V = std::vector<std::string>;
        CHECK(tablebase::splitPathList("C:\\Program Files\\syzygy;D:\\tb 6;;E:/tb", ';') ==
              V{"C:\\Program Files\\syzygy", "D:\\tb 6", "E:/tb"});
        CHECK(tablebase::splitPathList("/opt/syzygy 345:/mnt/tb6:", ':') == V{"/opt/syzygy 345", "/mnt/tb6"});
        CHECK(tablebase::splitPathList("", ':').empty());
#if defined(_WIN32)
        CHECK(tablebase::kPathListSeparator == ';');
#else
        CHECK(tablebase::kPathListSeparator == ':');
#endif
        CHECK(tablebase::checkFolders(kTables + tablebase::kPathListSeparator + VAZIR_TEST_DIR).empty());
        CHECK(tablebase::checkFolders(kTables + tablebase::kPathListSeparator + "/no/such dir").find("'/no/such dir'") !=
              std::string::npos);
    }
}
