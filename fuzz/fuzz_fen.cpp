// libFuzzer target: arbitrary bytes as a FEN (standard and Chess960 reading). A FEN
// that is refused must leave the position as it was; one that is accepted is exercised:
// the FEN written back reads to the same position, the incremental keys and material
// equal the ones computed from scratch, every legal move is legal by isLegal, prints
// and parses back, says truly whether it gives check, and make/unmake restores the
// position (the position after each move is checked the same way), perft walks two
// plies, and both evaluations run. Any disagreement aborts, so the fuzzer reports it
// like a crash.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "core/move_text.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/position.h"
#include "eval/eval.h"
#include "nnue/embedded.h"
#include "nnue/network.h"
#include "search/see.h"

using namespace vazir;

namespace {

std::shared_ptr<const nnue::Network> net;  // the build's net, when it has one

[[noreturn]] void fail(const char* what, const Position& pos) {
    std::fprintf(stderr, "fuzz_fen: %s\n  position: %s\n", what, pos.fen().c_str());
    std::abort();
}

void expect(bool ok, const char* what, const Position& pos) {
    if (!ok) fail(what, pos);
}

void checkConsistent(const Position& pos) {
    expect(pos.key() == pos.computeKey(), "incremental key differs from the key computed from scratch", pos);
    expect(pos.pawnKey() == pos.computePawnKey(), "incremental pawn key differs", pos);
    expect(pos.psq() == pos.computePsq(), "incremental material differs",
           pos);
    // The FEN written back reads to the same position and writes the same text.
    const std::string fen = pos.fen();
    Position copy;
    StateInfo root;
    const ParseResult r = copy.setFromFen(fen, pos.chess960(), root);
    if (!r.ok()) {
        std::fprintf(stderr, "fuzz_fen: its own FEN refused: %s\n", r.error.c_str());
        fail("FEN round trip", pos);
    }
    expect(copy.fen() == fen, "FEN round trip gives another FEN", pos);
    expect(copy.key() == pos.key(), "FEN round trip gives another key", pos);
}

// Every legal move: isLegal agrees, the text round-trips, givesCheck tells the truth,
// make/unmake restores the FEN and key; `depth` plies deep.
void walk(Position& pos, int depth) {
    checkConsistent(pos);
    (void)evaluate(pos);
    if (net) (void)nnue::AccumulatorStack::evaluateFresh(*net, pos);
    MoveList all;
    generateMoves<GenType::All>(pos, all);
    expect(all.size() == countLegalMoves(pos), "countLegalMoves differs from the generated list", pos);
    expect(all.empty() != hasLegalMove(pos), "hasLegalMove differs from the generated list", pos);
    MoveList split;
    if (pos.inCheck()) {
        generateMoves<GenType::Evasions>(pos, split);
    } else {
        generateMoves<GenType::Noisy>(pos, split);
        generateMoves<GenType::Quiet>(pos, split);
    }
    expect(split.size() == all.size(), "noisy + quiet (or evasions) differ from all moves", pos);
    const std::string fen = pos.fen();
    const Key key = pos.key();
    for (Move m : all) {
        expect(split.contains(m), "a legal move missing from noisy + quiet (or evasions)", pos);
        expect(isLegal(pos, m), "isLegal refuses a generated move", pos);
        expect(uciToMove(pos, moveToUci(m, pos.chess960())) == m, "move text does not round-trip", pos);
        (void)seeGe(pos, m, 0);
        const bool checks = pos.givesCheck(m);
        StateInfo st;
        pos.doMove(m, st);
        expect(checks == pos.inCheck(), "givesCheck is wrong", pos);
        if (depth > 1) walk(pos, depth - 1);
        else checkConsistent(pos);
        pos.undoMove(m);
        expect(pos.key() == key && pos.fen() == fen, "unmake does not restore the position", pos);
    }
    if (!pos.inCheck()) {
        StateInfo st;
        pos.doNullMove(st);
        checkConsistent(pos);
        pos.undoNullMove();
        expect(pos.key() == key && pos.fen() == fen, "null unmake does not restore the position", pos);
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    initCore();
    nnue::loadEvalFile(nnue::defaultEvalFile(), net);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (bool chess960 : {false, true}) {
        Position pos;
        StateInfo root;
        const std::string before = pos.fen();
        if (!pos.setFromFen(text, chess960, root).ok()) {
            expect(pos.fen() == before, "a refused FEN changed the position", pos);
            continue;
        }
        walk(pos, 1);
        (void)perft(pos, 2);
        // Every 16-bit value isLegal accepts is a generated move (the search asks it
        // about moves from the table and killers of other positions).
        MoveList all;
        generateMoves<GenType::All>(pos, all);
        for (size_t i = 0; i + 1 < size; i += 2) {
            const Move m = Move::fromRaw(uint16_t(data[i] | data[i + 1] << 8));
            expect(!isLegal(pos, m) || all.contains(m), "isLegal accepts a move that is not generated", pos);
        }
    }
    return 0;
}
