// Syzygy tablebases (the 3-4-man tables copied into tests/data/syzygy): wins converted
// within the fifty-move rule by the engine playing both sides, draws held, bad paths
// refused. The 5-man tables are not here, so KBNvK (4 pieces) is the hardest ending.
// A build without Fathom (VAZIR_SYZYGY=OFF) skips those and checks that a path set is
// answered with a message instead. SyzygyPath's folder list is split per platform.
#include <doctest/doctest.h>

#include <filesystem>
#include <mutex>
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
    int resultChanges = 0;  // positions whose tablebase result (White's view) differs from the start's
};

// The tablebase result of a position from White's view: 1 won, 0 drawn (cursed and
// blessed results included), -1 lost; 2 when the tables do not rank its moves.
int whiteResult(const Position& pos) {
    const tablebase::RootFilter f = tablebase::filterRoot(pos, {});
    if (f.keep.empty()) return 2;
    const int stm = f.score > 1 ? 1 : f.score < -1 ? -1 : 0;
    return pos.sideToMove() == White ? stm : -stm;
}

// The engine plays both sides from `fen` (nodes per move) until the game ends.
Playout playOut(Engine& engine, const std::string& fen, uint64_t nodes, int maxPlies) {
    std::vector<std::string> moves;
    Playout p;
    int startResult = 2;
    for (p.plies = 0; p.plies < maxPlies; ++p.plies) {
        std::vector<std::string_view> views(moves.begin(), moves.end());
        REQUIRE(engine.setPosition(fen, views).ok());
        const Position& pos = engine.position();
        const int result = whiteResult(pos);
        if (p.plies == 0) startResult = result;
        else if (result != 2 && result != startResult) ++p.resultChanges;
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


// What a search reports: the score of its last info line with a PV, and its result.
struct Reported {
    Score info = kNoScore;
    Score result = kNoScore;
    std::string best;
};

Reported searchAndReport(const std::string& fen, int depth, int threads, const std::string& tables,
                         const std::vector<std::string>& searchMoves = {}) {
    Reported out;
    std::mutex m;  // the callback runs on the search thread
    Engine engine({[&](const SearchReport& r) {
                       std::lock_guard lock(m);
                       if (!r.pv.empty()) out.info = r.score;
                   },
                   [](Move, Move) {}, [](const std::string&) {}});
    REQUIRE(engine.setOption("SyzygyPath", tables, true).find("loaded") != std::string::npos);
    REQUIRE(engine.setOption("Threads", std::to_string(threads), true).empty());
    REQUIRE(engine.setPosition(fen, {}).ok());
    SearchLimits l;
    l.depth = depth;
    for (const std::string& text : searchMoves) {
        const Move mv = uciToMove(engine.position(), text);
        REQUIRE(mv.isOk());
        l.searchMoves.push_back(mv);
    }
    engine.go(l);
    engine.waitForSearch();
    std::lock_guard lock(m);
    out.result = engine.lastResult().score;
    out.best = moveToUci(engine.lastResult().best, false);
    (void)engine.setOption("SyzygyPath", "<empty>", true);
    return out;
}

// A folder holding only the WDL files of the test tables (links to them).
std::string wdlOnlyTables() {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "vazir-test-syzygy-wdl-only";
    std::filesystem::create_directories(dir);
    for (const auto& e : std::filesystem::directory_iterator(kTables))
        if (e.path().extension() == ".rtbw" && !std::filesystem::exists(dir / e.path().filename()))
            std::filesystem::create_symlink(std::filesystem::absolute(e.path()), dir / e.path().filename());
    return dir.string();
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
            MESSAGE(std::string(c.name), ": ", p.end, " after ", p.plies, " plies, result changed ", p.resultChanges,
                    " times");
            CHECK(p.end == "mate");
            CHECK(p.winner == c.winner);
            CHECK(p.resultChanges == 0);
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
            MESSAGE(std::string(fen), ": ", p.end, " after ", p.plies, " plies, result changed ", p.resultChanges,
                    " times");
            CHECK(p.end != "mate");
            CHECK(p.resultChanges == 0);
        }
        tablebase::init("");
    }

    TEST_CASE("tablebase scores: their own band, kept by the table across plies, printed as Stockfish does") {
        CHECK(isTbScore(tbWinIn(5)));
        CHECK(isTbScore(tbLossIn(5)));
        CHECK(!isTbScore(mateIn(5)));
        CHECK(!isTbScore(kMaxEval));
        CHECK(isDecisive(tbWinIn(kMaxPly)));
        CHECK(!isDecisive(kMaxEval));
        CHECK(tbWinIn(kMaxPly) > kMaxEval);
        CHECK(tbWinIn(0) < mateIn(kMaxPly));
        // Stored at ply 3 a win found at ply 7; read back at ply 5: the same win 4 plies on.
        CHECK(scoreFromTT(scoreToTT(tbWinIn(7), 3), 5) == tbWinIn(9));
        CHECK(scoreFromTT(scoreToTT(tbLossIn(7), 3), 5) == tbLossIn(9));
        CHECK(uciCentipawns(tbWinIn(3)) == 19997);
        CHECK(uciCentipawns(tbLossIn(3)) == -19997);
        CHECK(uciCentipawns(250) == 250);
    }

    TEST_CASE("the root's tablebase result is reported: won, drawn and lost, with 1 and 2 threads" * doctest::skip(!tablebase::available())) {
        struct Case {
            const char* name;
            const char* fen;
            int sign;  // of the expected result, for the side to move
        };
        const Case cases[] = {
            {"KRvK, the rook's side to move (won)", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 1},
            {"KRvK, the lone king to move (lost)", "8/8/8/4k3/8/8/8/R3K3 b - - 0 1", -1},
            {"KRvKR (drawn)", "4k3/8/8/r7/8/8/7R/4K3 w - - 0 1", 0},
            {"KQvKR (won)", "8/8/8/2k5/8/8/5r2/K2Q4 w - - 0 1", 1},
        };
        for (int threads : {1, 2})
            for (const Case& c : cases)
                for (int depth : {6, 12}) {
                    const Reported r = searchAndReport(c.fen, depth, threads, kTables);
                    MESSAGE(std::string(c.name), ", ", threads, " thread(s), depth ", depth, ": info ", r.info, " (cp ",
                            uciCentipawns(r.info), "), result ", r.result, ", bestmove ", r.best);
                    CHECK(r.info == r.result);
                    if (c.sign == 0) CHECK(r.result == 0);
                    else CHECK((c.sign > 0 ? r.result : -r.result) >= kTbWinInMaxPly);  // a table win or a mate
                }
    }

    TEST_CASE("one capture away from the tables: the search reports the proven result" * doctest::skip(!tablebase::available())) {
        // Five pieces (beyond the test tables); taking the knight leaves KQvKR (won) or KRvKR (drawn).
        const Reported won = searchAndReport("k7/1r6/8/3n4/8/8/8/3Q2K1 w - - 0 1", 8, 1, kTables);
        MESSAGE("KQvKRN, Qxd5 wins: ", won.result, " (cp ", uciCentipawns(won.result), "), bestmove ", won.best);
        CHECK(won.best == "d1d5");
        CHECK(won.result >= kTbWinInMaxPly);
        for (int threads : {1, 2}) {
            const Reported drawn = searchAndReport("k7/1r6/8/3n4/8/8/8/3R2K1 w - - 0 1", 8, threads, kTables);
            MESSAGE("KRvKRN, Rxd5 draws, ", threads, " thread(s): ", drawn.result, ", bestmove ", drawn.best);
            CHECK(drawn.best == "d1d5");
            CHECK(drawn.result == 0);
        }
    }

    TEST_CASE("searchmoves are ranked by the tables among themselves, never bestmove 0000" * doctest::skip(!tablebase::available())) {
        // Both searchmoves give the queen away (a draw); the winning moves are not among them.
        const Reported r = searchAndReport("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", 5, 1, kTables, {"b1e4", "b1f5"});
        MESSAGE("searchmoves b1e4 b1f5: bestmove ", r.best, ", score ", r.result);
        CHECK((r.best == "b1e4" || r.best == "b1f5"));
        CHECK(r.result == 0);
        // Among b1e4 (a draw) and b1b7 (a win), the win.
        const Reported overlap = searchAndReport("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", 5, 1, kTables, {"b1e4", "b1b7"});
        MESSAGE("searchmoves b1e4 b1b7: bestmove ", overlap.best, ", score ", overlap.result);
        CHECK(overlap.best == "b1b7");
        CHECK(overlap.result >= kTbWinInMaxPly);
    }

    TEST_CASE("WDL tables alone still filter the root and give its result" * doctest::skip(!tablebase::available())) {
        const std::string wdl = wdlOnlyTables();
        REQUIRE(tablebase::init(wdl).find("loaded") != std::string::npos);
        struct Case {
            const char* fen;
            int sign;
        };
        for (const Case c : {Case{"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 1}, Case{"4k3/8/8/r7/8/8/7R/4K3 w - - 0 1", 0},
                             Case{"8/8/8/2k5/8/8/5r2/K2Q4 w - - 0 1", 1}}) {
            Game g;
            REQUIRE(g.set(c.fen, {}, false).ok());
            const tablebase::RootFilter f = tablebase::filterRoot(g.position(), {});
            MoveList legal;
            generateMoves<GenType::All>(g.position(), legal);
            MESSAGE(std::string(c.fen), ": WDL-only filter keeps ", f.keep.size(), " of ", legal.size(), " moves, score ", f.score);
            CHECK(!f.byDtz);
            REQUIRE(!f.keep.empty());
            CHECK(f.keep.size() <= size_t(legal.size()));
            CHECK((c.sign == 0 ? f.score == 0 : f.score >= kTbWinInMaxPly));
            // Every kept move keeps the result: after it the opponent has the opposite one.
            for (Move m : f.keep) {
                Game after;
                REQUIRE(after.set(c.fen, {moveToUci(m, false)}, false).ok());
                const tablebase::RootFilter reply = tablebase::filterRoot(after.position(), {});
                if (!reply.keep.empty()) CHECK((c.sign == 0 ? reply.score == 0 : reply.score <= -kTbWinInMaxPly));
            }
        }
        tablebase::init("");
        const Reported r = searchAndReport("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 8, 1, wdl);
        MESSAGE("KRvK with WDL tables only: ", r.result, " (cp ", uciCentipawns(r.result), "), bestmove ", r.best);
        CHECK(r.result >= kTbWinInMaxPly);
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
