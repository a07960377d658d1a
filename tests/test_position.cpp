// make/unmake: incremental keys equal keys from scratch at every node of a perft walk,
// undoMove restores the position exactly; repetition, fifty-move and dead positions.
#include <doctest/doctest.h>

#include "core/move_text.h"
#include "core/movegen.h"
#include "engine/game.h"
#include "test_data.h"

using namespace vazir;

namespace {

struct WalkStats {
    uint64_t nodes = 0, keyMismatches = 0, restoreMismatches = 0, givesCheckMismatches = 0, psqMismatches = 0;
};

// Full make/unmake walk (no bulk counting) checking every node.
void walk(Position& pos, int depth, WalkStats& s) {
    ++s.nodes;
    if (pos.key() != pos.computeKey() || pos.pawnKey() != pos.computePawnKey()) ++s.keyMismatches;
    if (!(pos.psq() == pos.computePsq())) ++s.psqMismatches;
    if (depth == 0) return;
    MoveList moves;
    generateMoves<GenType::All>(pos, moves);
    const std::string fen = pos.fen();
    const Key key = pos.key();
    const Bitboard checkers = pos.checkers();
    StateInfo st;
    for (Move m : moves) {
        const bool predicted = pos.givesCheck(m);
        pos.doMove(m, st);
        if (predicted != pos.inCheck()) ++s.givesCheckMismatches;
        walk(pos, depth - 1, s);
        pos.undoMove(m);
        if (pos.fen() != fen || pos.key() != key || pos.checkers() != checkers) ++s.restoreMismatches;
    }
    if (!pos.inCheck() && depth >= 2) {  // null moves too
        pos.doNullMove(st);
        if (pos.key() != pos.computeKey()) ++s.keyMismatches;
        pos.undoNullMove();
        if (pos.fen() != fen || pos.key() != key) ++s.restoreMismatches;
    }
}

Position& setPos(Game& g, const std::string& fen, const std::vector<std::string_view>& moves = {}, bool c960 = false) {
    ParseResult r = g.set(fen, moves, c960);
    REQUIRE_MESSAGE(r.ok(), r.error);
    return g.position();
}

}  // namespace

TEST_SUITE("position") {
    TEST_CASE("incremental keys and exact undo over perft walks of every suite position") {
        WalkStats s;
        int positions = 0;
        for (auto [file, c960, depth] : {std::tuple{"perft/standard.epd", false, 3}, {"perft/chess960.epd", true, 2},
                                         {"perft/deep.epd", false, 3}}) {
            for (const auto& c : testdata::readEpdSuite(file, c960)) {
                Position pos;
                StateInfo root;
                REQUIRE(pos.setFromFen(c.fen, c960, root).ok());
                walk(pos, depth, s);
                ++positions;
            }
        }
        for (const auto& c : testdata::readTrickySuite()) {
            Position pos;
            StateInfo root;
            REQUIRE(pos.setFromFen(c.fen, c.chess960, root).ok());
            walk(pos, 3, s);
            ++positions;
        }
        MESSAGE(positions, " positions, ", s.nodes, " nodes walked, ", s.keyMismatches, " key mismatches, ",
                s.restoreMismatches, " undo mismatches, ", s.givesCheckMismatches, " givesCheck mismatches, ",
                s.psqMismatches, " material/placement sum mismatches");
        CHECK(s.psqMismatches == 0);
        CHECK(s.givesCheckMismatches == 0);
        CHECK(s.keyMismatches == 0);
        CHECK(s.restoreMismatches == 0);
        CHECK(s.nodes > 1'000'000);
    }

    TEST_CASE("threefold repetition counts the game history, twofold inside the search") {
        Game g;
        // Knights out and back: the start position stands for the 3rd time after 8 plies.
        std::vector<std::string_view> moves = {"g1f3", "g8f6", "f3g1", "f6g8"};
        Position& p1 = setPos(g, std::string(Position::kStartFen), moves);
        // Second occurrence: a repetition only if it happened inside the search (ply > 4).
        CHECK(p1.state()->repetition == 4);
        CHECK(!p1.isRepetition(0));
        CHECK(p1.isRepetition(5));
        moves.insert(moves.end(), {"g1f3", "g8f6", "f3g1", "f6g8"});
        Position& p2 = setPos(g, std::string(Position::kStartFen), moves);
        CHECK(p2.state()->repetition == -4);  // third occurrence
        CHECK(p2.isRepetition(0));
    }

    TEST_CASE("repetitions are found after a pawn move, and the side to move matters") {
        Game g;
        // The position after 1.e4 (black to move) stands again after four more plies.
        Position& p = setPos(g, std::string(Position::kStartFen), {"e2e4", "g8f6", "g1f3", "f6g8", "f3g1"});
        CHECK(p.state()->repetition == 4);
        // A king triangle brings back the start placement with the other side to move.
        Position& q = setPos(g, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", {"e1d1", "e8d8", "d1d2", "d8e8", "d2e1"});
        CHECK(q.state()->repetition == 0);
        CHECK(q.sideToMove() == Black);
    }

    TEST_CASE("a double step whose e.p. capture is illegal gives the key and FEN of the position without it") {
        struct Case {
            const char* before;
            const char* move;
            const char* after;  // the same position written without an e.p. square
        };
        const Case cases[] = {
            {"8/2p4k/8/KP5r/8/8/8/8 b - - 0 1", "c7c5", "8/7k/8/KPp4r/8/8/8/8 w - - 0 2"},       // pinned along the rank
            {"2b1k3/3p4/8/4P3/6K1/8/8/8 b - - 0 1", "d7d5", "2b1k3/8/8/3pP3/6K1/8/8/8 w - - 0 2"},  // discovered check
        };
        for (const Case& c : cases) {
            Game g;
            Position& pos = setPos(g, c.before, {c.move});
            CHECK(pos.fen() == c.after);
            CHECK(pos.epSquare() == NoSquare);
            Game h;
            CHECK(pos.key() == setPos(h, c.after).key());
            CHECK(pos.key() == pos.computeKey());
        }
        // A legal capture keeps its square.
        Game g;
        Position& pos = setPos(g, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", {"d7d5"});
        CHECK(pos.fen() == "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    }

    TEST_CASE("repetition is found through a double step whose e.p. capture is illegal") {
        // After c7-c5 the pinned b-pawn cannot take: the position after the knights' dance
        // is the same one (same moves possible) and occurs a third time.
        Game g;
        Position& pos = setPos(g, "8/2p4k/1n6/KP5r/8/8/8/6N1 b - - 0 1",
                               {"c7c5", "g1f3", "b6d7", "f3g1", "d7b6", "g1f3", "b6d7", "f3g1", "d7b6"});
        CHECK(pos.isRepetition(1));
    }

    TEST_CASE("castling rights are part of the repeated position") {
        Game g;
        // The rook goes out and back: same placement, but White has lost the right to castle short.
        Position& p = setPos(g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {"h1g1", "a8b8", "g1h1", "b8a8"});
        CHECK(p.state()->repetition == 0);
        Position& q = setPos(g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                             {"h1g1", "a8b8", "g1h1", "b8a8", "h1g1", "a8b8", "g1h1", "b8a8"});
        CHECK(q.state()->repetition == 4);
    }

    TEST_CASE("fifty-move rule, unless the side to move is mated") {
        Game g;
        CHECK(!isFiftyMoveDraw(setPos(g, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80")));
        CHECK(isFiftyMoveDraw(setPos(g, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80")));
        // Checkmate on the move that reaches the limit stands.
        CHECK(!isFiftyMoveDraw(setPos(g, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80")));
        CHECK(isFiftyMoveDraw(setPos(g, "R5k1/5pp1/7p/8/8/8/8/6K1 b - - 100 80")));
    }

    TEST_CASE("dead positions") {
        Game g;
        CHECK(setPos(g, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").isDeadPosition());
        CHECK(setPos(g, "4k3/8/8/8/8/8/8/4KB2 w - - 0 1").isDeadPosition());
        CHECK(setPos(g, "4kn2/8/8/8/8/8/8/4K3 w - - 0 1").isDeadPosition());
        CHECK(setPos(g, "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1").isDeadPosition());  // c1, f8: both dark
        CHECK(setPos(g, "3bkb2/8/8/8/8/8/8/2B1KB2 w - - 0 1").isDeadPosition() == false);
        CHECK(setPos(g, "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1").isDeadPosition());  // a1, c1: same colour
        CHECK(!setPos(g, "4kb2/8/8/8/8/8/8/3BK3 w - - 0 1").isDeadPosition());  // opposite colours: mate exists
        CHECK(!setPos(g, "4kn2/8/8/8/8/8/8/4KN2 w - - 0 1").isDeadPosition());
        CHECK(!setPos(g, "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1").isDeadPosition());
        CHECK(!setPos(g, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").isDeadPosition());
    }

    TEST_CASE("a game of thousands of plies") {
        std::vector<std::string> text;
        const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8"};
        for (int i = 0; i < 4000; ++i) text.push_back(cycle[i % 4]);
        std::vector<std::string_view> moves(text.begin(), text.end());
        Game g;
        Position& p = setPos(g, std::string(Position::kStartFen), moves);
        CHECK(p.gamePly() == 4000);
        CHECK(p.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4000 2001");
        CHECK(p.isRepetition(0));
    }

    TEST_CASE("an illegal move keeps the previous game") {
        Game g;
        setPos(g, std::string(Position::kStartFen), {"e2e4"});
        ParseResult r = g.set(std::string(Position::kStartFen), {"e2e4", "e7e5", "e1e3"}, false);
        CHECK(!r.ok());
        CHECK(r.error.find("e1e3") != std::string::npos);
        CHECK(g.position().fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    }
}
