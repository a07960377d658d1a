// The staged move picker: it may try a table move, killers and a counter move before
// generating anything, so it relies on isLegal() for any 16-bit move. Both are checked
// against the full legal generator on every suite position and on the positions one move
// away from the standard and tricky ones (where e.p. squares, checks and pins abound).
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <vector>

#include "core/movegen.h"
#include "search/history.h"
#include "search/movepick.h"
#include "test_data.h"

using namespace vazir;

namespace {

std::vector<testdata::PerftCase> allSuitePositions() {
    auto v = testdata::readEpdSuite("perft/standard.epd", false);
    auto c960 = testdata::readEpdSuite("perft/chess960.epd", true);
    auto deep = testdata::readEpdSuite("perft/deep.epd", false);
    auto tricky = testdata::readTrickySuite();
    v.insert(v.end(), c960.begin(), c960.end());
    v.insert(v.end(), deep.begin(), deep.end());
    v.insert(v.end(), tricky.begin(), tricky.end());
    return v;
}

// Calls f(pos) on the position and on every position one legal move away.
template <class F>
void withChildren(Position& pos, F&& f) {
    f(pos);
    MoveList moves;
    generateMoves<GenType::All>(pos, moves);
    StateInfo st;
    for (Move m : moves) {
        pos.doMove(m, st);
        f(pos);
        pos.undoMove(m);
    }
}

struct LegalityStats {
    uint64_t positions = 0, candidates = 0, legal = 0, mismatches = 0;
};

// Every 16-bit value (whole = true) or every move of every kind from a square of the
// side to move (the values a table collision or a killer could bring).
void checkIsLegal(const Position& pos, bool whole, LegalityStats& s) {
    MoveList legal;
    generateMoves<GenType::All>(pos, legal);
    ++s.positions;
    auto check = [&](Move m) {
        ++s.candidates;
        const bool expected = legal.contains(m);
        s.legal += expected;
        if (isLegal(pos, m) != expected) {
            ++s.mismatches;
            if (s.mismatches <= 5) MESSAGE("isLegal wrong for raw ", m.raw(), " in ", pos.fen());
        }
    };
    if (whole) {
        for (uint32_t raw = 0; raw < 65536; ++raw) check(Move::fromRaw(uint16_t(raw)));
        return;
    }
    for (Bitboard own = pos.pieces(pos.sideToMove()); own;) {
        const Square from = popLsb(own);
        for (int to = 0; to < 64; ++to)
            for (uint16_t high = 0; high < 16; ++high)
                check(Move::fromRaw(uint16_t(from | (to << 6) | (high << 12))));
    }
}

struct PickerStats {
    uint64_t positions = 0, moves = 0, duplicates = 0, missing = 0, extra = 0;
};

void checkPicker(const Position& pos, const SearchHistory& history, std::mt19937& rng, PickerStats& s) {
    MoveList legal;
    generateMoves<GenType::All>(pos, legal);
    // Table move, killers and counter drawn from legal moves here and from junk.
    auto draw = [&]() {
        if (!legal.empty() && rng() % 2) return legal[int(rng() % legal.size())];
        return Move::fromRaw(uint16_t(rng()));
    };
    OrderingContext ctx;
    ctx.ply = 3;
    ctx.previous = Move(E2, E4);  // the counter move is read under (white pawn, e4)
    ctx.previousPiece = WPawn;
    const Move tt = draw();
    MovePicker picker(pos, tt, history, ctx);
    std::vector<Move> out;
    for (Move m = picker.next(); m != Move::none(); m = picker.next()) out.push_back(m);
    ++s.positions;
    s.moves += out.size();
    std::vector<Move> sorted = out;
    std::sort(sorted.begin(), sorted.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    s.duplicates += std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
    for (Move m : legal) s.missing += std::find(out.begin(), out.end(), m) == out.end();
    for (Move m : out) s.extra += !legal.contains(m);
    if (isLegal(pos, tt) && !out.empty() && out[0] != tt) ++s.extra;  // a legal table move comes first

    // Quiescence picker: captures and queen promotions, or every evasion in check.
    MovePicker q(pos, draw(), history);
    std::vector<Move> qout;
    for (Move m = q.next(); m != Move::none(); m = q.next()) qout.push_back(m);
    std::vector<Move> expected;
    for (Move m : legal)
        if (pos.inCheck() || (isNoisy(pos, m) && (m.kind() != MoveKind::Promotion || m.promotion() == Queen)))
            expected.push_back(m);
    std::sort(qout.begin(), qout.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    std::sort(expected.begin(), expected.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
    if (qout != expected) ++s.missing;
}

struct SkipStats {
    uint64_t positions = 0, moves = 0, dropped = 0, duplicates = 0, missing = 0, extra = 0;
};

// Late move pruning's mode: after `skipAfter` moves came out, the picker is told that only
// checking quiets are still wanted. It must still yield every noisy move and every checking
// quiet once, and no quiet without check afterwards (in check it yields every evasion:
// the search prunes those itself). The search skips only after its first moves; skipping
// from the start still yields a legal table move, first.
void checkSkippingPicker(const Position& pos, const SearchHistory& history, Move tt, size_t skipAfter,
                         SkipStats& s) {
    MoveList legal;
    generateMoves<GenType::All>(pos, legal);
    OrderingContext ctx;
    ctx.ply = 3;
    ctx.previous = Move(E2, E4);
    ctx.previousPiece = WPawn;
    MovePicker picker(pos, tt, history, ctx);
    if (skipAfter == 0) picker.skipQuietsExceptChecks();
    std::vector<Move> out;
    for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
        out.push_back(m);
        if (out.size() == skipAfter) picker.skipQuietsExceptChecks();
    }
    std::vector<Move> expected(out.begin(), out.begin() + std::min(skipAfter, out.size()));
    // A legal table move always comes out first, skip or not: it is the search's own pick.
    if (isLegal(pos, tt)) {
        if (out.empty() || out[0] != tt) ++s.extra;
        if (std::find(expected.begin(), expected.end(), tt) == expected.end()) expected.push_back(tt);
    }
    for (Move m : legal)
        if ((pos.inCheck() || isNoisy(pos, m) || pos.givesCheck(m)) &&
            std::find(expected.begin(), expected.end(), m) == expected.end())
            expected.push_back(m);
    ++s.positions;
    s.moves += out.size();
    s.dropped += legal.size() - out.size();
    auto byRaw = [](Move a, Move b) { return a.raw() < b.raw(); };
    std::vector<Move> sorted = out;
    std::sort(sorted.begin(), sorted.end(), byRaw);
    std::sort(expected.begin(), expected.end(), byRaw);
    s.duplicates += std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
    for (Move m : expected) s.missing += !std::binary_search(sorted.begin(), sorted.end(), m, byRaw);
    for (Move m : sorted) s.extra += !std::binary_search(expected.begin(), expected.end(), m, byRaw);
}

// Calls f(pos, legal moves, draw) on every suite position and every position one move
// away, after setting ply 3's killers and the counter move under (white pawn, e4) to
// draw(): a legal move of the position or junk, as a table collision could bring.
template <class F>
void forEachOrderingCase(SearchHistory& history, std::mt19937& rng, F&& f) {
    for (const auto& c : allSuitePositions()) {
        Position pos;
        StateInfo st;
        REQUIRE(pos.setFromFen(c.fen, c.chess960, st).ok());
        withChildren(pos, [&](const Position& p) {
            MoveList legal;
            generateMoves<GenType::All>(p, legal);
            auto draw = [&]() {
                return !legal.empty() && rng() % 2 ? legal[int(rng() % legal.size())] : Move::fromRaw(uint16_t(rng()));
            };
            history.killers[3][0] = draw();
            history.killers[3][1] = draw();
            history.counter[WPawn][E4] = draw();
            f(p, legal, draw);
        });
    }
}

}  // namespace

TEST_SUITE("movepick") {
    TEST_CASE("isLegal agrees with the generator: every 16-bit value on every suite position") {
        LegalityStats s;
        for (const auto& c : allSuitePositions()) {
            Position pos;
            StateInfo st;
            REQUIRE(pos.setFromFen(c.fen, c.chess960, st).ok());
            checkIsLegal(pos, true, s);
        }
        MESSAGE(s.positions, " positions, ", s.candidates, " candidate moves, ", s.legal, " legal, ", s.mismatches,
                " mismatches");
        CHECK(s.positions >= 1114);
        CHECK(s.mismatches == 0);
    }

    TEST_CASE("isLegal agrees with the generator one move away from the standard and tricky positions") {
        auto cases = testdata::readEpdSuite("perft/standard.epd", false);
        auto tricky = testdata::readTrickySuite();
        cases.insert(cases.end(), tricky.begin(), tricky.end());
        LegalityStats s;
        for (const auto& c : cases) {
            Position pos;
            StateInfo st;
            REQUIRE(pos.setFromFen(c.fen, c.chess960, st).ok());
            withChildren(pos, [&](const Position& p) { checkIsLegal(p, false, s); });
        }
        MESSAGE(s.positions, " positions, ", s.candidates, " candidate moves, ", s.legal, " legal, ", s.mismatches,
                " mismatches");
        CHECK(s.mismatches == 0);
    }

    TEST_CASE("the staged picker yields every legal move exactly once") {
        auto history = std::make_unique<SearchHistory>();
        history->clear();
        std::mt19937 rng(2026);
        PickerStats s;
        forEachOrderingCase(*history, rng, [&](const Position& p, const MoveList&, auto&&) {
            checkPicker(p, *history, rng, s);
        });
        MESSAGE(s.positions, " positions, ", s.moves, " moves picked, ", s.duplicates, " with duplicates, ", s.missing,
                " missing, ", s.extra, " extra");
        CHECK(s.duplicates == 0);
        CHECK(s.missing == 0);
        CHECK(s.extra == 0);
    }

    TEST_CASE("told to skip quiets, the picker still yields every noisy move and checking quiet once") {
        auto history = std::make_unique<SearchHistory>();
        history->clear();
        std::mt19937 rng(808);
        SkipStats s;
        forEachOrderingCase(*history, rng, [&](const Position& p, const MoveList& legal, auto&& draw) {
            // Skip from the start, or after a random number of moves (killers included).
            const size_t skipAfter = rng() % 3 == 0 ? 0 : rng() % (legal.size() + 1);
            checkSkippingPicker(p, *history, draw(), skipAfter, s);
        });
        MESSAGE(s.positions, " positions, ", s.moves, " moves picked, ", s.dropped, " quiets dropped, ",
                s.duplicates, " with duplicates, ", s.missing, " missing, ", s.extra, " extra");
        CHECK(s.dropped > 0);
        CHECK(s.duplicates == 0);
        CHECK(s.missing == 0);
        CHECK(s.extra == 0);
    }
}
