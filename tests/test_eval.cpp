// Evaluation: colour symmetry on every perft-suite position, and one position per term
// showing the term where it should be (read through the coefficient trace).
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>

#include "eval/eval.h"
#include "eval/wdl.h"
#include "search/score.h"
#include "test_data.h"

using namespace vazir;

namespace {

Score whiteView(const std::string& fen, bool chess960 = false) {
    Position pos;
    StateInfo st;
    ParseResult r = pos.setFromFen(fen, chess960, st);
    REQUIRE_MESSAGE(r.ok(), r.error, " in ", fen);
    Score s = evaluate(pos);
    return pos.sideToMove() == White ? s : -s;
}

EvalTrace traceOf(const std::string& fen) {
    Position pos;
    StateInfo st;
    REQUIRE(pos.setFromFen(fen, false, st).ok());
    EvalTrace t;
    evaluateTrace(pos, t);
    return t;
}

// White's coefficient minus Black's, summed over all weights of a term.
template <size_t N>
int net(const int (&coeff)[N][2]) {
    int n = 0;
    for (size_t i = 0; i < N; ++i) n += coeff[i][0] - coeff[i][1];
    return n;
}

}  // namespace

TEST_SUITE("eval") {
    TEST_CASE("colour symmetry on every perft-suite position") {
        int count = 0, failures = 0;
        for (const auto& c : testdata::readAllEpdSuites()) {
            const std::string m = testdata::colourFlipFen(c.fen);
            if (whiteView(c.fen, c.chess960) != -whiteView(m, c.chess960)) {
                ++failures;
                MESSAGE("asymmetric: ", c.fen, " vs ", m);
            }
            ++count;
        }
        MESSAGE(count, " positions and their mirrors, ", failures, " asymmetric");
        CHECK(failures == 0);
        CHECK(count == 128 + 960 + 7);
    }

    TEST_CASE("the engine's evaluation (incremental material and placement) equals the traced one everywhere") {
        int count = 0, differences = 0;
        for (const auto& c : testdata::readAllEpdSuites()) {
            Position pos;
            StateInfo st;
            REQUIRE(pos.setFromFen(c.fen, c.chess960, st).ok());
            EvalTrace t;
            const Score traced = evaluateTrace(pos, t);
            differences += evaluate(pos) != (pos.sideToMove() == White ? traced : -traced);
            ++count;
        }
        MESSAGE(count, " positions, ", differences, " where evaluate() and the trace differ");
        CHECK(differences == 0);
        CHECK(count == 128 + 960 + 7);
    }

    TEST_CASE("the trace reproduces the evaluation") {
        for (const char* fen : {"r1bq1rk1/pp3pbp/2pp1np1/4n3/2PNP3/2N1BP2/PP1QB1PP/R4RK1 w - - 4 12",
                                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1"}) {
            Position pos;
            StateInfo st;
            REQUIRE(pos.setFromFen(fen, false, st).ok());
            EvalTrace t;
            const Score traced = evaluateTrace(pos, t);
            Pair sum;
#define VAZIR_SUM(name, n) for (int i = 0; i < n; ++i) sum += kWeights.name[i] * (t.name[i][0] - t.name[i][1]);
            VAZIR_EVAL_TERMS(VAZIR_SUM)
#undef VAZIR_SUM
            const int expected = (sum.mg * t.phase + sum.eg * (24 - t.phase) * t.scale / 128) / 24 *
                                 (200 - std::min(pos.rule50(), 100)) / 200;
            CHECK(traced == expected);
            CHECK(evaluate(pos) == (pos.sideToMove() == White ? traced : -traced));
        }
    }

    TEST_CASE("dead positions are exactly 0") {
        CHECK(whiteView("4k3/8/8/8/8/8/8/4KB2 w - - 0 1") == 0);
        CHECK(whiteView("4k3/8/8/8/8/8/8/4KN2 b - - 0 1") == 0);
        CHECK(whiteView("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1") == 0);
    }

    TEST_CASE("pawn structure terms") {
        // Passed pawn on e6 for White, blocked by nothing, free path.
        EvalTrace t = traceOf("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1");
        CHECK(t.passedPawn[5][White] == 1);
        CHECK(t.passedFreePath[5][White] == 0);           // the king stands on e8
        CHECK(t.passedEnemyKingDistance[5][White] == 1);  // e8 king one step from e7
        t = traceOf("k7/8/8/4P3/8/8/8/4K3 w - - 0 1");
        CHECK(t.passedFreePath[4][White] == 1);
        CHECK(t.passedEnemyKingDistance[4][White] == 4);  // a8 to the stop square e6
        CHECK(t.passedOwnKingDistance[4][White] == 5);    // e1 to e6
        t = traceOf("4k3/4n3/4P3/8/8/8/8/4K3 w - - 0 1");
        CHECK(t.passedBlocked[5][White] == 1);
        // Isolated and doubled: white pawns a2, c2, c3.
        t = traceOf("4k3/8/8/8/8/2P5/P1P5/4K3 w - - 0 1");
        CHECK(t.isolatedPawn[0][White] == 3);
        CHECK(t.doubledPawn[0][White] == 1);
        // Backward: d3 cannot be supported (c/e pawns advanced) and e5... black pawn c5 controls d4? d4 attacked by c5.
        t = traceOf("4k3/8/8/2p5/2P1P3/3P4/8/4K3 w - - 0 1");
        CHECK(t.backwardPawn[0][White] == 1);
        // Connected: phalanx d4 e4.
        t = traceOf("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1");
        CHECK(t.connectedPawn[3][White] == 2);
        // Candidate: b4 with a helper on a3... white b4 + c4, black c6: b4 not passed (c6 sentry), not opposed.
        t = traceOf("4k3/8/2p5/8/1PP5/8/8/4K3 w - - 0 1");
        CHECK(t.candidatePawn[3][White] >= 1);
    }

    TEST_CASE("piece terms") {
        EvalTrace t = traceOf("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1");
        CHECK(t.bishopPair[0][White] == 1);
        // Knight outpost on d5 defended by e4, no black pawn on c/e files ahead.
        t = traceOf("4k3/p7/8/3N4/4P3/8/8/4K3 w - - 0 1");
        CHECK(t.knightOutpost[0][White] == 1);
        // Rook on an open file and on the seventh.
        t = traceOf("4k3/R7/8/8/8/8/8/4K3 w - - 0 1");
        CHECK(t.rookOpenFile[0][White] == 1);
        CHECK(t.rookOnSeventh[0][White] == 1);
        t = traceOf("4k3/p7/8/8/8/8/8/R3K3 w - - 0 1");
        CHECK(t.rookSemiOpenFile[0][White] == 1);
        t = traceOf("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1");
        CHECK(t.queenOpenFile[0][White] == 1);
        // Minor behind a pawn: knight d3, pawn d4.
        t = traceOf("4k3/8/8/8/3P4/3N4/8/4K3 w - - 0 1");
        CHECK(t.minorBehindPawn[0][White] == 1);
        // Mobility: a knight in the corner reaches 2 squares, in the centre 8.
        // (A black pawn on a7 keeps the position from being dead, where terms are not read.)
        CHECK(traceOf("4k3/p7/8/8/8/8/8/N3K3 w - - 0 1").knightMobility[2][White] == 1);
        CHECK(traceOf("4k3/p7/8/8/3N4/8/8/4K3 w - - 0 1").knightMobility[8][White] == 1);
    }

    TEST_CASE("threats") {
        // Pawn e4 attacks the knight on d5 and the bishop on f5.
        EvalTrace t = traceOf("4k3/8/8/3n1b2/4P3/8/8/4K3 w - - 0 1");
        CHECK(t.threatByPawn[Knight][White] == 1);
        CHECK(t.threatByPawn[Bishop][White] == 1);
        // Knight c3 attacks the undefended rook on d5? no: knight attacks d5 -> rook d5 hanging.
        t = traceOf("4k3/8/8/3r4/8/2N5/8/4K3 w - - 0 1");
        CHECK(t.threatByMinor[Rook][White] == 1);
        CHECK(t.hangingPiece[0][White] == 1);
        t = traceOf("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1");
        CHECK(t.threatByRook[Queen][White] == 1);
    }

    TEST_CASE("king safety") {
        // White king g1 behind f2 g2 h2: shelter at distance 1 on all three files.
        EvalTrace t = traceOf("4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1");
        CHECK(t.kingShelter[1][White] == 3);
        // Black king g8 with no pawns: no shelter, open files.
        CHECK(t.kingShelter[0][Black] == 3);
        CHECK(t.kingOpenFile[0][Black] == 2);  // f and h files hold no pawn; g has none either -> all open
        // Storm: black pawn g4 in front of the white king g1 (distance 3).
        t = traceOf("4k3/8/8/8/6p1/8/5P1P/6K1 w - - 0 1");
        CHECK(t.kingStorm[3][White] == 1);
        // Safe checks: the black queen on d4 can check on d1 and g1-a7 diagonal squares.
        t = traceOf("4k3/8/8/8/3q4/8/8/6K1 w - - 0 1");
        CHECK(t.safeCheck[Queen][Black] >= 2);
        // King-zone attacks count from two attackers: queen and rook aimed at the white king.
        t = traceOf("4k3/8/8/8/8/5q2/7r/6K1 w - - 0 1");
        CHECK(net(t.kingZoneAttack) < 0);
    }

    TEST_CASE("endgame scaling") {
        // Opposite-coloured bishops with pawns only: scaled to half.
        CHECK(traceOf("2b1k3/8/8/8/8/8/4PP2/2B1K3 w - - 0 1").scale == 64);
        // A bishop up, no pawns: scaled close to a draw.
        CHECK(traceOf("4k3/8/8/8/8/8/8/R1B1K2r w - - 0 1").scale == 16);
        // A rook up: not scaled.
        CHECK(traceOf("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").scale == 128);
        // The fifty-move counter pulls toward 0.
        CHECK(std::abs(whiteView("4k3/8/8/8/8/8/8/R3K3 w - - 90 80")) < std::abs(whiteView("4k3/8/8/8/8/8/8/R3K3 w - - 0 80")));
    }
}

TEST_SUITE("eval") {
    TEST_CASE("WDL model: per mille summing to 1000, symmetric, rising with the score, mates certain") {
        int checked = 0;
        for (int material = 0; material <= 90; material += 3) {
            int lastWin = -1;
            for (Score s = -2000; s <= 2000; s += 25) {
                const Wdl w = wdlFromScore(s, material, false, false);
                const Wdl m = wdlFromScore(-s, material, false, false);
                CHECK(w.win + w.draw + w.loss == 1000);
                CHECK(w.draw >= 0);
                CHECK(w.win == m.loss);
                CHECK(w.win >= lastWin);
                lastWin = w.win;
                ++checked;
            }
        }
        MESSAGE(checked, " (score, material) pairs checked");
        const Wdl even = wdlFromScore(0, 78, false, false);
        MESSAGE("start-position material at 0 cp: W ", even.win, " D ", even.draw, " L ", even.loss);
        CHECK(even.win == even.loss);
        CHECK(wdlFromScore(mateIn(5), 20, true, false).win == 1000);
        CHECK(wdlFromScore(matedIn(5), 20, false, true).loss == 1000);
        Position pos;
        CHECK(wdlMaterial(pos) == 78);
    }
}
