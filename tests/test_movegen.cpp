// Move generator properties beyond perft counts: the typed generators partition the
// legal moves, evasions, and move text in both castling notations.
#include <doctest/doctest.h>

#include <set>

#include "core/move_text.h"
#include "core/movegen.h"
#include "engine/game.h"
#include "test_data.h"

using namespace vazir;

namespace {

bool isNoisy(const Position& pos, Move m) {
    return m.kind() == MoveKind::Promotion || m.kind() == MoveKind::EnPassant ||
           (m.kind() != MoveKind::Castling && !pos.empty(m.to()));
}

struct PartitionStats {
    uint64_t positions = 0, failures = 0;
};

void checkPartition(Position& pos, int depth, PartitionStats& s) {
    MoveList all, noisy, quiet;
    generateMoves<GenType::All>(pos, all);
    generateMoves<GenType::Noisy>(pos, noisy);
    generateMoves<GenType::Quiet>(pos, quiet);
    ++s.positions;
    std::set<uint16_t> a, n, q;
    for (Move m : all) a.insert(m.raw());
    for (Move m : noisy) {
        n.insert(m.raw());
        if (!isNoisy(pos, m)) ++s.failures;
    }
    for (Move m : quiet) {
        q.insert(m.raw());
        if (isNoisy(pos, m)) ++s.failures;
    }
    std::set<uint16_t> u = n;
    u.insert(q.begin(), q.end());
    if (u != a || n.size() + q.size() != a.size() || a.size() != size_t(all.size())) ++s.failures;
    if (pos.inCheck()) {
        MoveList ev;
        generateMoves<GenType::Evasions>(pos, ev);
        if (ev.size() != all.size()) ++s.failures;
    }
    if (depth == 0) return;
    StateInfo st;
    for (Move m : all) {
        pos.doMove(m, st);
        checkPartition(pos, depth - 1, s);
        pos.undoMove(m);
    }
}

std::set<std::string> movesText(const Position& pos) {
    MoveList l;
    generateMoves<GenType::All>(pos, l);
    std::set<std::string> out;
    for (Move m : l) out.insert(moveToUci(m, pos.chess960()));
    return out;
}

}  // namespace

TEST_SUITE("movegen") {
    TEST_CASE("noisy and quiet partition all legal moves, in and out of check") {
        PartitionStats s;
        for (const auto& c : testdata::readEpdSuite("perft/standard.epd", false)) {
            Position pos;
            StateInfo st;
            REQUIRE(pos.setFromFen(c.fen, false, st).ok());
            checkPartition(pos, 2, s);
        }
        for (const auto& c : testdata::readTrickySuite()) {
            Position pos;
            StateInfo st;
            REQUIRE(pos.setFromFen(c.fen, c.chess960, st).ok());
            checkPartition(pos, 2, s);
        }
        MESSAGE(s.positions, " positions checked, ", s.failures, " failures");
        CHECK(s.failures == 0);
    }

    TEST_CASE("all four promotions, pushes and captures") {
        Game g;
        REQUIRE(g.set("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", {}, false).ok());
        auto t = movesText(g.position());
        for (const char* m : {"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"}) CHECK(t.count(m));
    }

    TEST_CASE("en passant that exposes the king along the rank is illegal") {
        Game g;
        REQUIRE(g.set("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", {}, false).ok());
        CHECK(!movesText(g.position()).count("e5d6"));
        REQUIRE(g.set("8/8/8/K2pP3/8/8/8/7k w - d6 0 1", {}, false).ok());
        CHECK(movesText(g.position()).count("e5d6"));
    }

    TEST_CASE("evasions: double check allows only king moves") {
        Game g;
        REQUIRE(g.set("4k3/8/8/8/8/8/3n4/R3K2r w Q - 0 1", {}, false).ok());
        REQUIRE(g.position().inCheck());
        for (const std::string& m : movesText(g.position())) CHECK(m.substr(0, 2) == "e1");
    }

    TEST_CASE("castling notation: e1g1 in standard chess, king takes rook in Chess960") {
        Game g;
        REQUIRE(g.set("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {}, false).ok());
        auto t = movesText(g.position());
        CHECK(t.count("e1g1"));
        CHECK(t.count("e1c1"));
        CHECK(!t.count("e1h1"));
        REQUIRE(g.set("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {}, true).ok());
        t = movesText(g.position());
        CHECK(t.count("e1h1"));
        CHECK(t.count("e1a1"));
        // Both notations are accepted on input in Chess960.
        CHECK(uciToMove(g.position(), "e1g1").kind() == MoveKind::Castling);
        CHECK(uciToMove(g.position(), "e1h1").kind() == MoveKind::Castling);
        // In Chess960 a plain king step to g1 wins over the castling reading of "f1g1".
        REQUIRE(g.set("4k3/8/8/8/8/8/8/5K1R w H - 0 1", {}, true).ok());
        CHECK(uciToMove(g.position(), "f1g1").kind() == MoveKind::Normal);
        CHECK(uciToMove(g.position(), "f1h1").kind() == MoveKind::Castling);
    }

    TEST_CASE("Chess960 castling where the rook shields the king's target") {
        // King d1 castles long with the rook on b1: the king would land on c1, which the
        // queen on a1 attacks as soon as the castling rook has left b1.
        Game g;
        REQUIRE(g.set("1r2k3/8/8/8/8/8/8/qR1K4 w B - 0 1", {}, true).ok());
        CHECK(!movesText(g.position()).count("d1b1"));
    }

    TEST_CASE("malformed move text is refused") {
        Position pos;
        for (const char* t : {"", "e2", "e2e9", "e2e4x", "e7e8q", "e2e5", "i2i4", "e2e4qq", "0000"})
            CHECK(uciToMove(pos, t) == Move::none());
        CHECK(uciToMove(pos, "e2e4") != Move::none());
    }
}
