// libFuzzer target: arbitrary bytes as a net file, through the loader that `EvalFile`
// uses. A refused file must leave the network empty; an accepted one evaluates a few
// positions and their first moves, and the oracles are the loader's own promises: the
// incremental accumulators equal a refresh, the SIMD path equals the scalar one, and no
// first-layer sum of any position leaves int16 (what the load-time range check is for),
// checked here in 32-bit arithmetic, in the input bucket and mirroring each side's king
// picks (format 3; the corpus has a mirrored net, tiny-h16-ob8-hm.nnue, made by
// `vazir-train data=sample.bin hidden=16 buckets=8 kingbuckets=hm epochs=5 lr=0.001 wd=0.01
// threads=1 seed=1` on tests/data/selfplay-sample.txt converted; a 4-set net is over the
// length limit, 26,000 bytes).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/movegen.h"
#include "core/position.h"
#include "nnue/features.h"
#include "nnue/network.h"

using namespace vazir;

namespace {

const char* const kFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
};

[[noreturn]] void fail(const char* what, const Position& pos) {
    std::fprintf(stderr, "fuzz_net: %s\n  position: %s\n", what, pos.fen().c_str());
    std::abort();
}

// Every first-layer sum of `pos`, exactly.
void checkSumsFit(const nnue::Network& net, const Position& pos) {
    for (Color persp : {White, Black}) {
        const nnue::KingView view = nnue::kingView(net.layout(), persp, pos.kingSquare(persp));
        for (int i = 0; i < net.hidden(); ++i) {
            int32_t sum = net.bias()[i];
            for (Bitboard b = pos.pieces(); b;) {
                const Square s = popLsb(b);
                sum += net.row(nnue::featureIndex(persp, pos.pieceOn(s), s, view))[i];
            }
            if (sum < INT16_MIN || sum > INT16_MAX) fail("an accepted net overflows an accumulator", pos);
        }
    }
}

void checkPosition(const nnue::Network& net, nnue::AccumulatorStack& stack, const Position& pos) {
    checkSumsFit(net, pos);
    const int scalar = nnue::AccumulatorStack::evaluateFresh(net, pos, nnue::Simd::Scalar);
    if (nnue::AccumulatorStack::evaluateFresh(net, pos, nnue::Simd::Auto) != scalar) fail("SIMD differs from scalar", pos);
    if (stack.evaluate(net, pos) != scalar) fail("incremental differs from a refresh", pos);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    initCore();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    nnue::Network net;
    if (!net.loadFromMemory(data, size).empty()) {
        if (net.hidden() != 0) std::abort();  // a refused file changes nothing
        return 0;
    }
    static nnue::AccumulatorStack stack;
    for (const char* fen : kFens) {
        Position pos;
        StateInfo root;
        if (!pos.setFromFen(fen, false, root).ok()) std::abort();
        stack.reset(pos);
        checkPosition(net, stack, pos);
        MoveList moves;
        generateMoves<GenType::All>(pos, moves);
        for (Move m : moves) {
            StateInfo st;
            stack.push(pos, m);
            pos.doMove(m, st);
            checkPosition(net, stack, pos);
            pos.undoMove(m);
            stack.pop();
        }
    }
    return 0;
}
