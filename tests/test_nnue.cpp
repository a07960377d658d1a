// NNUE inference: incremental accumulators equal a full refresh at every node of
// make/unmake walks over the suite positions, this build's SIMD kernel (AVX-512, AVX2,
// SSE2 or NEON: nnue/kernels.h) and the scalar path agree exactly,
// the quantised engine output stays within a few centipawns of the float trainer's,
// colour-flipped positions evaluate the same, and a bad file is refused.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <unistd.h>
#include <utility>

#include "core/movegen.h"
#include "datagen/packed.h"
#include "engine/engine.h"
#include "nnue/embedded.h"
#include "nnue/network.h"
#include "test_data.h"
#include "test_files.h"
#include "train/trainer.h"

using namespace vazir;

namespace {


// A small net trained for a few epochs on the sample games, so that its weights are not
// just the random start; returned as the trainer's float net and the engine's load. The
// default has 8 output buckets (the general case); `buckets` 1 is the plain net; `layout`
// names the input (king) buckets (nnue::namedInputLayout).
struct Nets {
    train::Network floatNet{32};
    nnue::Network net;
};

Nets makeTestNets(int buckets, const std::string& layout = "none") {
        Nets n;
        const std::vector<PackedPosition> sample = testdata::samplePositions(1);
        train::TrainConfig cfg;
        cfg.hidden = 32;
        cfg.buckets = buckets;
        REQUIRE(nnue::namedInputLayout(layout, cfg.layout));
        cfg.batchSize = 64;
        cfg.lr = 0.01;
        cfg.epochs = 10;
        cfg.threads = 1;
        train::Trainer t(cfg, sample, {});
        for (int e = 1; e <= cfg.epochs; ++e) t.runEpoch(e);
        n.floatNet = t.network();
        const std::string path = testdata::tempPath("net.vznn");
        REQUIRE(n.floatNet.exportQuantised(path, cfg.scale));
        REQUIRE(n.net.load(path).empty());
        std::filesystem::remove(path);
        return n;
}

Nets& testNets(int buckets = 8) {
    static Nets bucketed = makeTestNets(8), plain = makeTestNets(1);
    return buckets == 1 ? plain : bucketed;
}

// Nets with input (king) buckets, 8 output buckets: "hm", "hm4" or "hm8".
Nets& kingBucketNets(const std::string& layout) {
    static Nets hm = makeTestNets(8, "hm"), hm4 = makeTestNets(8, "hm4"), hm8 = makeTestNets(8, "hm8");
    return layout == "hm" ? hm : layout == "hm4" ? hm4 : hm8;
}

using testdata::mirrorFilesFen;  // castling and e.p. dropped

struct WalkStats {
    uint64_t nodes = 0, incrementalMismatches = 0, simdMismatches = 0;
};

// Depth-limited make/unmake walk, evaluating incrementally at every node (including
// after null moves) and comparing with a refresh and with the scalar path.
void walk(Position& pos, nnue::AccumulatorStack& stack, const nnue::Network& net, int depth, WalkStats& s) {
    ++s.nodes;
    const int inc = stack.evaluate(net, pos);
    s.incrementalMismatches += inc != nnue::AccumulatorStack::evaluateFresh(net, pos, nnue::Simd::Scalar);
    s.simdMismatches += nnue::AccumulatorStack::evaluateFresh(net, pos, nnue::Simd::Auto) !=
                        nnue::AccumulatorStack::evaluateFresh(net, pos, nnue::Simd::Scalar);
    if (depth == 0) return;
    MoveList moves;
    generateMoves<GenType::All>(pos, moves);
    StateInfo st;
    for (Move m : moves) {
        stack.push(pos, m);
        pos.doMove(m, st);
        walk(pos, stack, net, depth - 1, s);
        pos.undoMove(m);
        stack.pop();
    }
    if (!pos.inCheck()) {
        stack.pushNull();
        pos.doNullMove(st);
        walk(pos, stack, net, 0, s);
        pos.undoNullMove();
        stack.pop();
    }
}

// walk() from every position of `cases`, each with a fresh stack.
WalkStats walkSuite(const std::vector<testdata::PerftCase>& cases, const nnue::Network& net, int depth) {
    WalkStats s;
    nnue::AccumulatorStack stack;
    for (const auto& c : cases) {
        Position pos;
        StateInfo st;
        REQUIRE(pos.setFromFen(c.fen, c.chess960, st).ok());
        stack.reset(pos);
        walk(pos, stack, net, depth, s);
    }
    return s;
}

}  // namespace

TEST_SUITE("nnue") {
    TEST_CASE("incremental accumulators equal a refresh, and SIMD equals scalar, at every node of suite walks") {
        const std::string kernel = nnue::kernels::name();
        MESSAGE("SIMD kernel of this build: ", kernel);
#if defined(__SSE2__) || defined(__ARM_NEON) || defined(__wasm_simd128__)
        CHECK(kernel != "scalar");  // every x86-64, AArch64 and WebAssembly SIMD128 target has a SIMD kernel
#endif
        const nnue::Network& net = testNets().net;
        auto cases = testdata::readAllEpdSuites();
        const auto tricky = testdata::readTrickySuite();
        cases.insert(cases.end(), tricky.begin(), tricky.end());
        const WalkStats s = walkSuite(cases, net, 2);
        MESSAGE(cases.size(), " positions walked to depth 2: ", s.nodes, " nodes, ", s.incrementalMismatches,
                " incremental/refresh mismatches, ", s.simdMismatches, " SIMD/scalar mismatches");
        CHECK(cases.size() >= 1114);
        CHECK(s.nodes > 400000);
        CHECK(s.incrementalMismatches == 0);
        CHECK(s.simdMismatches == 0);
    }

    TEST_CASE("a line deeper than the accumulator stack: every ply, down and back up, equals a refresh") {
      // The search never goes kStackSize plies deep, but the stack must stay right if
      // something does: pushes past the end are counted and popped in order. With king
      // buckets the random line's king moves cross buckets and mirror halves, so the
      // perspectives start afresh at different plies and are brought up to date apart.
      for (const std::string layout : {"none", "hm", "hm4", "hm8"}) {
        CAPTURE(layout);
        const nnue::Network& net = layout == "none" ? testNets().net : kingBucketNets(layout).net;
        Position pos;
        std::vector<StateInfo> states(size_t(2 * nnue::kStackSize + 1));
        REQUIRE(pos.setFromFen("r3k2r/pppq1ppp/2npbn2/4p3/4P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1", false, states[0]).ok());
        nnue::AccumulatorStack stack;
        stack.reset(pos);
        std::vector<Move> line;  // Move::none() for a null move
        uint64_t rng = 12345;
        int mismatches = 0, nulls = 0;
        auto check = [&] { mismatches += stack.evaluate(net, pos) != nnue::AccumulatorStack::evaluateFresh(net, pos); };
        check();
        while (line.size() < size_t(2 * nnue::kStackSize)) {
            MoveList moves;
            generateMoves<GenType::All>(pos, moves);
            if (moves.size() == 0) break;
            StateInfo& st = states[line.size() + 1];
            if (line.size() % 11 == 5 && !pos.inCheck()) {
                stack.pushNull();
                pos.doNullMove(st);
                line.push_back(Move::none());
                ++nulls;
            } else {
                rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
                const Move m = moves[int((rng >> 33) % uint64_t(moves.size()))];
                stack.push(pos, m);
                pos.doMove(m, st);
                line.push_back(m);
            }
            check();
        }
        const size_t deepest = line.size();
        while (!line.empty()) {
            const Move m = line.back();
            line.pop_back();
            if (m == Move::none()) pos.undoNullMove();
            else pos.undoMove(m);
            stack.pop();
            check();
        }
        MESSAGE("layout ", layout, ": line of ", deepest, " plies (", nulls, " null moves), stack of ", nnue::kStackSize,
                ": ", mismatches, " mismatches over ", 2 * deepest + 1, " evaluations");
        CHECK(deepest > size_t(nnue::kStackSize) + 20);
        CHECK(mismatches == 0);
      }
    }

    TEST_CASE("king buckets: incremental accumulators equal a refresh, and SIMD equals scalar, at every node") {
        // Walks from endgame and middlegame positions where kings move often (the tricky
        // suite and the standard perft suite) with a net of each layout: hm4 to depth 3,
        // the others to depth 2 (the sanitizer builds run this too).
        auto cases = testdata::readTrickySuite();
        const auto standard = testdata::readEpdSuite("perft/standard.epd", false);
        cases.insert(cases.end(), standard.begin(), standard.end());
        for (const std::string layout : {"hm", "hm4", "hm8"}) {
            const nnue::Network& net = kingBucketNets(layout).net;
            const int depth = layout == "hm4" ? 3 : 2;
            const WalkStats s = walkSuite(cases, net, depth);
            MESSAGE("layout ", layout, " (", net.shape(), "): ", cases.size(), " positions walked to depth ", depth, ": ", s.nodes,
                    " nodes, ", s.incrementalMismatches, " incremental/refresh mismatches, ", s.simdMismatches,
                    " SIMD/scalar mismatches");
            CHECK(s.nodes > (depth == 3 ? 800000u : 30000u));
            CHECK(s.incrementalMismatches == 0);
            CHECK(s.simdMismatches == 0);
        }
    }

    TEST_CASE("king buckets: a mirrored layout evaluates a position and its file-mirrored twin the same") {
        // Each perspective sees its king on files a-d, so flipping the files changes nothing
        // the net reads; a plain net has no such symmetry (it must differ somewhere, or the
        // test could not fail).
        int checked = 0, asymmetric = 0, plainAsymmetric = 0;
        for (const auto& c : testdata::readEpdSuite("perft/standard.epd", false)) {
            Position a, b;
            StateInfo sa, sb;
            const std::string plainFen = mirrorFilesFen(mirrorFilesFen(c.fen));  // the position with castling and e.p. dropped
            const std::string m = mirrorFilesFen(c.fen);
            if (!a.setFromFen(plainFen, false, sa).ok() || !b.setFromFen(m, false, sb).ok()) continue;
            ++checked;
            for (const std::string layout : {"hm", "hm4", "hm8"})
                asymmetric += nnue::AccumulatorStack::evaluateFresh(kingBucketNets(layout).net, a) !=
                              nnue::AccumulatorStack::evaluateFresh(kingBucketNets(layout).net, b);
            plainAsymmetric += nnue::AccumulatorStack::evaluateFresh(testNets().net, a) !=
                               nnue::AccumulatorStack::evaluateFresh(testNets().net, b);
        }
        MESSAGE(checked, " positions and their file mirrors: ", asymmetric, " asymmetric under hm/hm4/hm8, ",
                plainAsymmetric, " under the plain net");
        CHECK(checked > 100);
        CHECK(asymmetric == 0);
        CHECK(plainAsymmetric > checked / 2);
    }

    TEST_CASE("king buckets: the version 3 header is checked, and the load message names the layout") {
        Nets& n = kingBucketNets("hm4");
        CHECK(n.net.shape() == "(768 x 4 king buckets, mirrored -> 32) x 2 -> 8 buckets");
        CHECK(kingBucketNets("hm").net.shape() == "(768, mirrored -> 32) x 2 -> 8 buckets");
        const std::string path = testdata::tempPath("netv3.vznn");
        REQUIRE(n.floatNet.exportQuantised(path, 400));
        std::string bytes = testdata::readAll(path);
        std::filesystem::remove(path);
        uint32_t version = 0, inputBuckets = 0;
        std::memcpy(&version, bytes.data() + 4, 4);
        std::memcpy(&inputBuckets, bytes.data() + 32, 4);
        CHECK(version == 3);
        CHECK(inputBuckets == 4);
        nnue::Network net;
        REQUIRE(net.loadFromMemory(bytes.data(), bytes.size()) == "");
        auto refused = [&](size_t offset, uint8_t value) {
            std::string bad = bytes;
            bad[offset] = char(value);
            nnue::Network other;
            return other.loadFromMemory(bad.data(), bad.size());
        };
        CHECK(refused(32, 17).find("input buckets") != std::string::npos);    // 17 input buckets
        CHECK(refused(36, 2).find("mirroring") != std::string::npos);         // mirroring 2
        CHECK(refused(40, 4).find("king map") != std::string::npos);          // a map entry past the buckets
        CHECK(refused(40, 3).find("hash") != std::string::npos);              // a valid but different map
        CHECK(refused(32, 2) != "");                                          // 2 buckets: hash and size
        // Version 2 of the same bytes: the layout fields read as weights, the size is wrong.
        CHECK(refused(4, 2) != "");
    }

    TEST_CASE("a hidden size that is not a whole number of wide registers: SIMD tail equals scalar") {
        // 48 = one AVX-512 register plus one AVX2 block, so the wide path's tail runs too.
        train::Network floatNet{48};
        floatNet.initialise(7);
        const std::string path = testdata::tempPath("net48.vznn");
        REQUIRE(floatNet.exportQuantised(path, 400));
        nnue::Network net;
        REQUIRE(net.load(path).empty());
        std::filesystem::remove(path);
        REQUIRE(net.hidden() == 48);
        WalkStats s;
        nnue::AccumulatorStack stack;
        for (const auto& c : testdata::readEpdSuite("perft/standard.epd", false)) {
            Position pos;
            StateInfo st;
            REQUIRE(pos.setFromFen(c.fen, false, st).ok());
            stack.reset(pos);
            walk(pos, stack, net, 2, s);
        }
        MESSAGE(s.nodes, " nodes with a 48-wide net: ", s.incrementalMismatches, " incremental/refresh mismatches, ",
                s.simdMismatches, " SIMD/scalar mismatches");
        CHECK(s.nodes > 20000);
        CHECK(s.incrementalMismatches == 0);
        CHECK(s.simdMismatches == 0);
    }

    TEST_CASE("the quantised engine output follows the float trainer within a few centipawns, at any export scale") {
      for (const std::string kind : {"1", "8", "hm", "hm4", "hm8"}) {
        Nets& n = kind == "1" ? testNets(1) : kind == "8" ? testNets(8) : kingBucketNets(kind);
        const std::string buckets = kind;
        // The same float weights exported at 310 (vazir-train exportscale=): the engine must
        // read the header's scale, not assume the training one.
        nnue::Network at310;
        const std::string path = testdata::tempPath("net310.vznn");
        REQUIRE(n.floatNet.exportQuantised(path, 310));
        REQUIRE(at310.load(path).empty());
        std::filesystem::remove(path);
        auto cases = testdata::readEpdSuite("perft/standard.epd", false);
        for (const auto& [net, scale] : {std::pair<const nnue::Network*, double>{&n.net, 400}, {&at310, 310}}) {
            double worst = 0, total = 0, spread = 0;
            int count = 0;
            for (const auto& c : cases) {
                Position pos;
                StateInfo st;
                REQUIRE(pos.setFromFen(c.fen, false, st).ok());
                const PackedPosition p = packPosition(pos, 0, Move::none(), false, 1, 40);
                const double engine = nnue::AccumulatorStack::evaluateFresh(*net, pos);
                const double diff = std::abs(double(n.floatNet.evaluate(p, scale)) - engine);
                worst = std::max(worst, diff);
                total += diff;
                spread += std::abs(engine);
                ++count;
            }
            MESSAGE(count, " positions, net ", buckets, " (output buckets or king layout), scale ", scale, ": quantised vs float, mean difference ",
                    total / count, " cp, worst ", worst, " cp, mean |eval| ", spread / count, " cp");
            CHECK(total / count <= 5.0);
            CHECK(worst <= 20.0);
            CHECK(spread / count > 20.0);  // the net says something, so agreement is not trivial
        }
      }
    }

    TEST_CASE("a version 1 file (one output, no buckets field) still loads and evaluates as the same net") {
        // Built from the plain net's version 2 export: drop the buckets field, say version 1.
        const std::string path = testdata::tempPath("netv1.vznn");
        REQUIRE(testNets(1).floatNet.exportQuantised(path, 400));
        std::string bytes = testdata::readAll(path);
        std::filesystem::remove(path);
        REQUIRE(bytes.size() > 40);
        const uint32_t one = 1;
        std::memcpy(bytes.data() + 4, &one, sizeof one);
        bytes.erase(28, 4);  // the buckets field
        nnue::Network v1;
        REQUIRE(v1.loadFromMemory(bytes.data(), bytes.size()) == "");
        CHECK(v1.buckets() == 1);
        int compared = 0, different = 0;
        for (const auto& c : testdata::readEpdSuite("perft/standard.epd", false)) {
            Position pos;
            StateInfo st;
            REQUIRE(pos.setFromFen(c.fen, false, st).ok());
            different += nnue::AccumulatorStack::evaluateFresh(v1, pos) != nnue::AccumulatorStack::evaluateFresh(testNets(1).net, pos);
            ++compared;
        }
        MESSAGE(compared, " positions: version 1 and version 2 files of one net differ in ", different);
        CHECK(compared > 100);
        CHECK(different == 0);
        // A version 2 file read as version 1 (or the reverse) has the wrong size: refused.
        std::memcpy(bytes.data() + 4, &nnue::kVersion, sizeof one);
        CHECK(v1.loadFromMemory(bytes.data(), bytes.size()) != "");
    }

    TEST_CASE("colour-flipped positions evaluate the same") {
        const nnue::Network& net = testNets().net;
        auto cases = testdata::readEpdSuite("perft/standard.epd", false);
        int checked = 0, asymmetric = 0;
        for (const auto& c : cases) {
            Position a, b;
            StateInfo sa, sb;
            REQUIRE(a.setFromFen(c.fen, false, sa).ok());
            const std::string m = testdata::colourFlipFen(c.fen);
            REQUIRE_MESSAGE(b.setFromFen(m, false, sb).ok(), m);
            ++checked;
            asymmetric += nnue::AccumulatorStack::evaluateFresh(net, a) != nnue::AccumulatorStack::evaluateFresh(net, b);
        }
        MESSAGE(checked, " positions and their mirrors, ", asymmetric, " asymmetric");
        CHECK(asymmetric == 0);
    }

    TEST_CASE("a file that is not a matching network is refused and nothing changes") {
        nnue::Network net;
        CHECK(net.load("/no/such/file").find("cannot open") != std::string::npos);
        const std::string bad = testdata::tempPath("bad.vznn");
        {
            std::ofstream out(bad, std::ios::binary);
            out << "this is not a network at all, but long enough for a header";
        }
        CHECK(net.load(bad).find("bad magic") != std::string::npos);
        const std::string good = testdata::tempPath("good.vznn");
        REQUIRE(testNets().floatNet.exportQuantised(good, 400));
        std::filesystem::resize_file(good, std::filesystem::file_size(good) - 2);  // truncated
        CHECK(net.load(good).find("bytes, expected") != std::string::npos);
        CHECK(net.hidden() == 0);
        for (const uint32_t scale : {0u, 2001u, 0xFFFFFFFFu}) {  // the header's output scale (bytes 24-27)
            REQUIRE(testNets().floatNet.exportQuantised(good, 400));
            {
                std::fstream f(good, std::ios::binary | std::ios::in | std::ios::out);
                f.seekp(24);
                f.write(reinterpret_cast<const char*>(&scale), sizeof scale);
            }
            CHECK(net.load(good).find("output scale") != std::string::npos);
            CHECK(net.hidden() == 0);
        }
        // The header's output buckets (bytes 28-31): outside 1-8, or not what the hash says.
        for (const auto& [buckets, complaint] : {std::pair<uint32_t, const char*>{0u, "output buckets"},
                                                 {9u, "output buckets"}, {4u, "hash"}}) {
            REQUIRE(testNets().floatNet.exportQuantised(good, 400));
            {
                std::fstream f(good, std::ios::binary | std::ios::in | std::ios::out);
                f.seekp(28);
                f.write(reinterpret_cast<const char*>(&buckets), sizeof buckets);
            }
            CHECK(net.load(good).find(complaint) != std::string::npos);
            CHECK(net.hidden() == 0);
        }
        std::filesystem::remove(bad);
        std::filesystem::remove(good);
    }

    TEST_CASE("a net whose first layer could overflow an accumulator is refused; one just inside loads") {
        // tests/data/tiny-h16.nnue (version 1: 40-byte header, then w1 768 x 16, b1 16, ...)
        // with hidden neuron 5 rewritten: 16 weights of 1000 in each half of the inputs
        // (own pieces, other pieces) and a bias, so the largest sum a position can give is
        // 32,000 + bias (every other weight of that neuron 0).
        std::ifstream in(std::string(VAZIR_TEST_DIR) + "/data/tiny-h16.nnue", std::ios::binary);
        const std::string original((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        constexpr size_t kHeader = 7 * 4 + 8;
        constexpr int kHidden = 16, kNeuron = 5;
        auto craft = [&](int bias, int sign) {
            std::string bytes = original;
            auto put = [&](size_t index, int16_t v) { std::memcpy(bytes.data() + kHeader + 2 * index, &v, 2); };
            for (int f = 0; f < nnue::kInputs; ++f) {
                const bool big = f % 384 < 16;  // the first 16 features of each half
                put(size_t(f) * kHidden + kNeuron, int16_t(big ? sign * 1000 : 0));
            }
            put(size_t(nnue::kInputs) * kHidden + kNeuron, int16_t(sign * bias));
            return bytes;
        };
        nnue::Network net;
        REQUIRE(net.loadFromMemory(original.data(), original.size()).empty());
        for (int sign : {1, -1}) {
            // int16 runs from -32,768 to 32,767.
            const int limit = sign > 0 ? 767 : 768;
            std::string inside = craft(limit, sign), outside = craft(limit + 1, sign);
            CHECK_MESSAGE(net.loadFromMemory(inside.data(), inside.size()).empty(), "sign ", sign);
            const std::string err = net.loadFromMemory(outside.data(), outside.size());
            CHECK_MESSAGE(err.find("first-layer weights out of range: hidden neuron 5 can reach") != std::string::npos, err);
        }
        // Through EvalFile: refused with the reason, the loaded net kept.
        const std::string path = testdata::tempPath("overflow.nnue");
        {
            std::ofstream out(path, std::ios::binary);
            out << craft(10000, 1);
        }
        std::vector<std::string> messages;
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        REQUIRE(engine.setOption("EvalFile", std::string(VAZIR_TEST_DIR) + "/data/tiny-h16.nnue", true).find("loaded") !=
                std::string::npos);
        const std::optional<int> before = engine.networkEvaluation();
        const std::string reply = engine.setOption("EvalFile", path, true);
        CHECK_MESSAGE(reply.find("EvalFile: network first-layer weights out of range") == 0, reply);
        CHECK(reply.find("keeping the loaded network") != std::string::npos);
        CHECK(engine.networkEvaluation() == before);
        std::filesystem::remove(path);
    }

    TEST_CASE("the shipped nets pass the first-layer range check") {
        // Every file in nets/, read from the folder so that a newly shipped net is checked
        // without editing this test; eight nets shipped when this was written.
        int checked = 0;
        for (const auto& entry : std::filesystem::directory_iterator(std::string(VAZIR_TEST_DIR) + "/../nets")) {
            if (entry.path().extension() != ".nnue") continue;
            nnue::Network net;
            const std::string err = net.load(entry.path().string());
            CHECK_MESSAGE(err.empty(), entry.path().filename().string(), ": ", err);
            ++checked;
        }
        MESSAGE("shipped nets checked: ", checked);
        CHECK(checked >= 8);
    }

    TEST_CASE("a file larger than any net (a device, a huge file) is refused without reading it whole") {
        nnue::Network net;
        const std::string err = net.load("/dev/zero");
        CHECK_MESSAGE(err.find("larger than any network") != std::string::npos, err);
        CHECK(net.hidden() == 0);
    }

    TEST_CASE("the load message names the net's real shape") {
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        CHECK(engine.setOption("EvalFile", std::string(VAZIR_TEST_DIR) + "/../nets/net10-h128-ob8.nnue", true)
                  .ends_with("net10-h128-ob8.nnue (768 -> 128) x 2 -> 8 buckets"));
        CHECK(engine.setOption("EvalFile", std::string(VAZIR_TEST_DIR) + "/data/tiny-h16.nnue", true)
                  .ends_with("tiny-h16.nnue (768 -> 16) x 2 -> 1"));
    }

    TEST_CASE("changing EvalFile clears what was kept from the old evaluation") {
        // The table keeps static evaluations and the scores searched from them, the
        // correction history keeps search minus static evaluation: after EvalFile changes,
        // a search must be the one a new game would give, not one steered by the old
        // evaluation's entries (with them, the second search finds its tree in the table).
        const std::string tiny = std::string(VAZIR_TEST_DIR) + "/data/tiny-h16.nnue";
        const std::string fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        auto secondSearch = [&](const std::string& first, const std::string& second, bool newGame) {
            Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
            REQUIRE(engine.setPosition(fen, {}).ok());
            SearchLimits limits;
            limits.depth = 9;
            REQUIRE(engine.setOption("EvalFile", first, true).find("keeping") == std::string::npos);
            engine.go(limits);
            engine.waitForSearch();
            REQUIRE(engine.setOption("EvalFile", second, true).find("keeping") == std::string::npos);
            if (newGame) engine.newGame();
            engine.go(limits);
            engine.waitForSearch();
            return engine.lastResult();
        };
        // Named, not a structured binding: clang before 16 (the WebAssembly test build)
        // cannot capture one in doctest's lambdas.
        for (const auto& change : {std::pair<std::string, std::string>{"<empty>", tiny}, {tiny, "<empty>"}}) {
            const std::string &first = change.first, &second = change.second;
            const SearchResult changed = secondSearch(first, second, false), fresh = secondSearch(first, second, true);
            CHECK_MESSAGE(changed.nodes == fresh.nodes, first, " -> ", second);
            CHECK(changed.score == fresh.score);
            CHECK(changed.best == fresh.best);
        }
    }

    TEST_CASE("EvalFile: <embedded> is the default when the build has a net (VAZIR_NET), refused when not") {
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        const nnue::EmbeddedNet embedded = nnue::embeddedNet();
        std::string defaultValue;
        for (const Option& o : engine.options().all())
            if (o.name == "EvalFile") defaultValue = o.defaultValue;
        MESSAGE("embedded net: ", embedded.size, " bytes; EvalFile default ", defaultValue);
        if (!embedded.size) {
            CHECK(defaultValue == "<empty>");
            CHECK(!engine.networkEvaluation());
            CHECK(engine.setOption("EvalFile", "<embedded>", true).find("no embedded net") != std::string::npos);
            CHECK(!engine.networkEvaluation());  // the hand-crafted evaluation kept
        } else {
            CHECK(defaultValue == "<embedded>");
            nnue::Network net;
            REQUIRE(net.loadFromMemory(embedded.data, embedded.size).empty());
            REQUIRE(engine.networkEvaluation());
            CHECK(*engine.networkEvaluation() == nnue::AccumulatorStack::evaluateFresh(net, engine.position()));
            CHECK(engine.setOption("EvalFile", "<empty>", true).empty());
            CHECK(!engine.networkEvaluation());
            CHECK(engine.setOption("EvalFile", "<embedded>", true).find("loaded") != std::string::npos);
            CHECK(engine.networkEvaluation());
        }
    }
}
