// FEN reading and writing: round trips on every suite position, and one test for each
// kind of malformed FEN, checking that the message names the problem and that the
// previous position is kept.
#include <doctest/doctest.h>

#include <string>

#include "test_data.h"

using namespace vazir;

namespace {

// The first four fields plus clocks, defaulting missing clocks to "0 1".
std::string normalised(const std::string& fen) {
    std::istringstream ss(fen);
    std::string f[6] = {"", "", "", "", "0", "1"};
    for (int i = 0; i < 6 && ss >> f[i]; ++i) {}
    return f[0] + " " + f[1] + " " + f[2] + " " + f[3] + " " + f[4] + " " + f[5];
}

std::string errorFor(const std::string& fen, bool chess960 = false) {
    Position pos;
    StateInfo st;
    const std::string before = pos.fen();
    ParseResult r = pos.setFromFen(fen, chess960, st);
    if (!r.ok()) CHECK_MESSAGE(pos.fen() == before, "a failed parse must leave the position unchanged");
    return r.error;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_SUITE("fen") {
    TEST_CASE("round trip on every perft-suite position") {
        int count = 0;
        for (auto [file, chess960] : {std::pair{"perft/standard.epd", false}, {"perft/chess960.epd", true},
                                      {"perft/deep.epd", false}}) {
            for (const auto& c : testdata::readEpdSuite(file, chess960)) {
                Position pos;
                StateInfo st;
                REQUIRE(pos.setFromFen(c.fen, chess960, st).ok());
                CHECK(pos.fen() == normalised(c.fen));
                // And reading our own output gives the same position and key.
                Position again;
                StateInfo st2;
                REQUIRE(again.setFromFen(pos.fen(), chess960, st2).ok());
                CHECK(again.fen() == pos.fen());
                CHECK(again.key() == pos.key());
                ++count;
            }
        }
        for (const auto& c : testdata::readTrickySuite()) {
            Position pos;
            StateInfo st;
            REQUIRE(pos.setFromFen(c.fen, c.chess960, st).ok());
            Position again;
            StateInfo st2;
            REQUIRE(again.setFromFen(pos.fen(), c.chess960, st2).ok());
            CHECK(again.fen() == pos.fen());
            ++count;
        }
        MESSAGE("round-tripped ", count, " positions");
        CHECK(count == 128 + 960 + 7 + 19);
    }

    TEST_CASE("missing clocks default to 0 1") {
        Position pos;
        StateInfo st;
        REQUIRE(pos.setFromFen("4k3/8/8/8/8/8/8/4K3 w - -", false, st).ok());
        CHECK(pos.fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    }

    TEST_CASE("an en passant square no pawn can use is dropped") {
        Position pos;
        StateInfo st;
        REQUIRE(pos.setFromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false, st).ok());
        CHECK(pos.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        REQUIRE(pos.setFromFen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false, st).ok());
        CHECK(pos.epSquare() == E3);
    }

    TEST_CASE("an en passant square no pawn can legally use is dropped (pin, unanswered check)") {
        Position pos;
        StateInfo st;
        // b5xc6 would leave both pawns' rank open between the king on a5 and the rook on h5.
        REQUIRE(pos.setFromFen("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", false, st).ok());
        CHECK(pos.fen() == "8/8/8/KPp4r/8/8/8/7k w - - 0 2");
        CHECK(pos.epSquare() == NoSquare);
        // d7-d5 uncovered the bishop's check on g4; exd6 does not answer it.
        REQUIRE(pos.setFromFen("2b1k3/8/8/3pP3/6K1/8/8/8 w - d6 0 2", false, st).ok());
        CHECK(pos.fen() == "2b1k3/8/8/3pP3/6K1/8/8/8 w - - 0 2");
        // ...but a capture that removes the checking pawn itself is kept.
        REQUIRE(pos.setFromFen("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2", false, st).ok());
        CHECK(pos.epSquare() == D6);
    }

    TEST_CASE("Shredder-FEN and X-FEN castling letters in Chess960") {
        Position pos;
        StateInfo st;
        // X-FEN KQkq means the outermost rooks; we write Shredder letters in Chess960 mode.
        REQUIRE(pos.setFromFen("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", true, st).ok());
        CHECK(pos.fen() == "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w EAea - 0 1");
        CHECK(pos.castlingRookSquare(WhiteKingSide) == E1);
        CHECK(pos.castlingRookSquare(BlackQueenSide) == A8);
        REQUIRE(pos.setFromFen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true, st).ok());
        CHECK(pos.castlingRookSquare(WhiteQueenSide) == F1);
        CHECK(pos.castlingRookSquare(WhiteKingSide) == H1);
    }

    TEST_CASE("wrong number of fields") {
        CHECK(contains(errorFor(""), "needs at least 4"));
        CHECK(contains(errorFor("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"), "needs at least 4"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra"), "at most 6"));
    }

    TEST_CASE("wrong number of ranks") {
        CHECK(contains(errorFor("4k3/8/8/8/8/8/4K3 w - - 0 1"), "ranks, needs 8"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1"), "more than 8 ranks"));
    }

    TEST_CASE("wrong number of files") {
        CHECK(contains(errorFor("4k3/8/8/8/8/8/7/4K3 w - - 0 1"), "rank 2 has 7 files"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/9/4K3 w - - 0 1"), "unknown piece letter '9'"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/ppppppppp/4K3 w - - 0 1"), "more than 8 files"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4K4 w - - 0 1"), "more than 8 files"));
    }

    TEST_CASE("unknown piece letter") {
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4K2X w - - 0 1"), "unknown piece letter 'X'"));
    }

    TEST_CASE("not exactly one king per side") {
        CHECK(contains(errorFor("8/8/8/8/8/8/8/4K3 w - - 0 1"), "exactly one black king, found 0"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4KK2 w - - 0 1"), "exactly one white king, found 2"));
    }

    TEST_CASE("pawn on the first or eighth rank") {
        CHECK(contains(errorFor("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"), "pawn on the first or eighth rank"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/p3K3 w - - 0 1"), "pawn on the first or eighth rank"));
    }

    TEST_CASE("impossible material") {
        CHECK(contains(errorFor("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1"), "too many black pawns"));
        CHECK(contains(errorFor("QQQ1k3/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1"), "impossible white material"));
    }

    TEST_CASE("the side not to move is in check") {
        CHECK(errorFor("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").empty());  // nobody in check
        CHECK(errorFor("4k3/8/8/8/8/8/8/4K2r w - - 0 1").empty());  // the side to move may be
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"), "side not to move is in check"));
    }

    TEST_CASE("bad side to move") {
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4K3 x - - 0 1"), "side to move must be 'w' or 'b'"));
    }

    TEST_CASE("castling rights without king or rook on the start squares") {
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4K3 w K - 0 1"), "no white rook on its start square"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/R2K3R w Q - 0 1"), "white king is not on its start square"));
        CHECK(contains(errorFor("r3k2r/8/8/8/8/8/4K3/R6R w KQ - 0 1"), "white king is not on its first rank"));
        CHECK(contains(errorFor("r3k3/8/8/8/8/8/8/R3K2R w k - 0 1"), "no black rook on its start square"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/R3K2R w KK - 0 1"), "given twice"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/R3K2R w Kx - 0 1"), "unknown castling letter 'x'"));
        // Chess960: a file letter must name a rook.
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/1R1K2R1 w F - 0 1", true), "no white rook on its start square"));
        CHECK(errorFor("4k3/8/8/8/8/8/8/1R1K2R1 w G - 0 1", true).empty());
    }

    TEST_CASE("bad en passant square") {
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4K3 w - e9 0 1"), "bad en passant square"));
        CHECK(contains(errorFor("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1"), "not on the sixth rank"));
        CHECK(contains(errorFor("4k3/8/8/3pP3/8/8/8/4K3 b - e6 0 1"), "not on the third rank"));
        CHECK(contains(errorFor("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1"), "no pawn can have just moved two"));
        CHECK(contains(errorFor("4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1"), "no pawn can have just moved two"));
        CHECK(errorFor("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").empty());
    }

    TEST_CASE("bad clocks") {
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4K3 w - - x 1"), "bad halfmove clock"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4K3 w - - -1 1"), "bad halfmove clock"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4K3 w - - 0 1x"), "bad fullmove number"));
        CHECK(contains(errorFor("4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999"), "bad fullmove number"));
    }

    TEST_CASE("garbage never crashes") {
        const char* junk[] = {"////////", "8/8/8/8/8/8/8/8 w - -", "\x01\x02\xff k K w", "kK/8 w",
                              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqKQkq - 0 1",
                              "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 0"};
        for (const char* f : junk) {
            Position pos;
            StateInfo st;
            (void)pos.setFromFen(f, false, st);
            (void)pos.setFromFen(f, true, st);
        }
        std::string huge(1 << 20, 'p');
        CHECK(!errorFor(huge).empty());
    }
}
