// Protocol text helpers: tokenising tolerant of tabs/CR/junk, setoption parsing, and the
// UCI loop's handling of position/perft commands.
#include <doctest/doctest.h>

#include <mutex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bench/bench.h"
#include "util/line_stream.h"
#include "util/text.h"
#include "uci/uci.h"

using namespace vazir;

TEST_SUITE("uci_text") {
    TEST_CASE("sanitize and split") {
        std::string s = sanitizeLine("go\tperft  3\r");
        auto t = splitTokens(s);
        REQUIRE(t.size() == 3);
        CHECK(t[0] == "go");
        CHECK(t[1] == "perft");
        CHECK(t[2] == "3");
        auto [first, rest] = splitFirstToken("  position   startpos moves e2e4  ");
        CHECK(first == "position");
        CHECK(rest == "startpos moves e2e4");
    }

    TEST_CASE("setoption with spaces in name and value") {
        auto o = parseSetOption("name Clear Hash");
        CHECK(o.ok);
        CHECK(o.name == "Clear Hash");
        CHECK(!o.hasValue);
        o = parseSetOption("name UCI_Chess960 value true");
        CHECK(o.name == "UCI_Chess960");
        CHECK(o.value == "true");
        CHECK(!parseSetOption("value 3").ok);
        CHECK(!parseSetOption("name").ok);
    }

    TEST_CASE("position errors keep the previous position") {
        std::ostringstream out;
        UciLoop uci(out);
        uci.handleLine("position startpos moves e2e4");
        uci.handleLine("position startpos moves e2e4 e7e5 e1e3");
        CHECK(out.str().find("info string position ignored: illegal or malformed move 'e1e3'") != std::string::npos);
        out.str("");
        uci.handleLine("d");
        CHECK(out.str().find("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n") != std::string::npos);
        out.str("");
        uci.handleLine("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
        CHECK(out.str().find("info string position ignored: needs exactly one white king") != std::string::npos);
    }

    TEST_CASE("go perft prints a divide in Stockfish's shape") {
        std::ostringstream out;
        UciLoop uci(out);
        uci.handleLine("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        uci.handleLine("go perft 2");
        uci.waitForSearch();  // it runs on the search thread
        std::string s = out.str();
        CHECK(s.find("e1g1: 43\n") != std::string::npos);
        CHECK(s.find("\nNodes searched: 2039\n") != std::string::npos);
        out.str("");
        uci.handleLine("setoption name UCI_Chess960 value true");
        uci.handleLine("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        uci.handleLine("go perft 1");
        uci.waitForSearch();
        CHECK(out.str().find("e1h1: 1\n") != std::string::npos);
    }

    TEST_CASE("bench as a UCI command prints the command line's report, and the engine's state stays") {
        // Every line but the last one's speed is deterministic with one thread.
        auto withoutSpeed = [](std::string text) { return text.substr(0, text.rfind(" nodes ")); };
        std::ostringstream direct;
        REQUIRE(runBench(direct, 3) == 0);
        std::ostringstream out;
        UciLoop uci(out);
        uci.handleLine("position startpos moves e2e4");
        uci.handleLine("bench 3");
        const std::string report = out.str();
        CHECK(withoutSpeed(report) == withoutSpeed(direct.str()));
        CHECK(report.find("position 1: bestmove ") == 0);
        CHECK(report.find("\n\n") != std::string::npos);  // the empty line before the total, as on the command line
        out.str("");
        uci.handleLine("d");
        CHECK(out.str().find("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n") != std::string::npos);
        out.str("");
        uci.handleLine("bench 0");
        CHECK(out.str() == "info string bench: bad depth; usage: bench [depth 1-64] [threads 1-1024]\n");
        out.str("");
        uci.handleLine("bench 3 2 x");
        CHECK(out.str() == "info string bench: too many arguments; usage: bench [depth 1-64] [threads 1-1024]\n");
    }

    TEST_CASE("line stream: each finished line once, a last unfinished one at the end") {
        std::vector<std::string> lines;
        {
            LineStream out([&](const std::string& line) { lines.push_back(line); });
            out << "a" << 1 << "\n\nb" << std::endl << "c";
            CHECK(lines == std::vector<std::string>{"a1", "", "b"});
        }
        CHECK(lines == std::vector<std::string>{"a1", "", "b", "c"});
    }

    TEST_CASE("go perft runs like a search: isready is answered meanwhile and stop ends it") {
        std::mutex m;  // the search thread writes too
        struct LockedBuf : std::stringbuf {
            std::mutex* m;
            std::string* copy;
            int sync() override {
                std::lock_guard lock(*m);
                *copy = str();
                return 0;
            }
        };
        std::string seen;
        LockedBuf buf;
        buf.m = &m;
        buf.copy = &seen;
        std::ostream out(&buf);
        UciLoop uci(out);
        uci.handleLine("position startpos");
        uci.handleLine("go perft 9");  // hours
        uci.handleLine("isready");
        {
            std::lock_guard lock(m);
            CHECK(seen.find("readyok") != std::string::npos);
        }
        uci.handleLine("stop");
        uci.waitForSearch();
        std::lock_guard lock(m);
        MESSAGE("after stop: ", seen);
        CHECK(seen.find("info string go perft stopped") != std::string::npos);
        CHECK(seen.find("Nodes searched") == std::string::npos);
    }

    // The `info string` lines a `go` line gives, once its search has answered.
    std::vector<std::string> goMessages(const std::string& position, const std::string& go, std::string* bestmove = nullptr) {
        std::ostringstream out;
        UciLoop uci(out);
        uci.handleLine(position);
        uci.handleLine(go);
        uci.waitForSearch();
        std::vector<std::string> messages;
        std::istringstream lines(out.str());
        for (std::string l; std::getline(lines, l);) {
            if (l.rfind("info string ", 0) == 0) messages.push_back(l);
            if (bestmove && l.rfind("bestmove ", 0) == 0) *bestmove = l;
        }
        return messages;
    }

    TEST_CASE("go: an out-of-range depth gets one message and the nearest depth in range") {
        // Named, not a structured binding: clang before 16 (emscripten 3.1.6, the
        // WebAssembly test build) cannot capture one in doctest's lambdas.
        for (const auto& goAndExpected : std::vector<std::pair<std::string, std::string>>{
                 {"go depth 1001", "info string go: depth 1001 is out of range (0 to 1000); taken as 1000"},
                 {"go depth 99999999999999999999", "info string go: depth 99999999999999999999 is out of range (0 to 1000); taken as 1000"},
                 {"go depth -3", "info string go: depth -3 is out of range (0 to 1000); searching to depth 1"},
                 {"go depth 0", "info string go: depth 0 leaves nothing to search; searching to depth 1"},
                 {"go depth x", "info string go: depth needs an integer, got 'x'; ignored"},
                 {"go nodes -5", "info string go: nodes -5 is out of range (0 to 9223372036854775807); searching to depth 1"},
                 {"go wtime -99999999999999999999 btime 10", "info string go: wtime -99999999999999999999 is out of range "
                                                              "(-2305843009213693952 to 2305843009213693951); taken as 0"},
             }) {
            const std::string& go = goAndExpected.first;
            const std::string& expected = goAndExpected.second;
            // A depth above the range would search on and on: a node limit ends it.
            const std::vector<std::string> m = goMessages("position startpos", go + " nodes 2000");
            REQUIRE_MESSAGE(!m.empty(), go);
            CHECK_MESSAGE(m[0] == expected, go);
            CHECK_MESSAGE(m.size() == 1, go, ": ", m.back());
        }
    }

    TEST_CASE("searchmoves: an illegal move is named as such, the legal ones still restrict the search") {
        std::string best;
        std::vector<std::string> m = goMessages("position startpos", "go depth 3 searchmoves e2e5 d2d4 foo", &best);
        REQUIRE(m.size() == 2);
        CHECK(m[0] == "info string searchmoves: illegal move e2e5; ignored");
        CHECK(m[1] == "info string searchmoves: not a move: foo; ignored");
        CHECK(best.rfind("bestmove d2d4", 0) == 0);
        m = goMessages("position startpos", "go depth 2 searchmoves e1e2 depth 3", &best);
        REQUIRE(m.size() == 2);
        CHECK(m[0] == "info string searchmoves: illegal move e1e2; ignored");
        CHECK(m[1] == "info string searchmoves: none of the moves is legal; searching every move");
        CHECK(best.rfind("bestmove ", 0) == 0);
    }
}
