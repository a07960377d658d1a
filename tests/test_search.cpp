// Search: mates found with the right score, draws scored exactly 0, the transposition
// table's store/probe and mate adjustment, time budgets for a range of clocks, options.
#include <doctest/doctest.h>

#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/move_text.h"
#include "engine/engine.h"
#include "search/movepick.h"
#include "search/score.h"
#include "search/timeman.h"
#include "search/tt.h"
#include "test_data.h"

using namespace vazir;

namespace {

struct Outcome {
    std::string best, ponder;
    std::vector<SearchReport> reports;
    std::vector<std::string> messages;
    Score lastScore() const { return reports.empty() ? 0 : reports.back().score; }
};

enum class Evaluation { Default, HandCrafted };

Outcome searchPosition(const std::string& fen, SearchLimits limits, const std::vector<std::string_view>& moves = {},
                       Evaluation evaluation = Evaluation::Default) {
    Outcome o;
    Engine* self = nullptr;
    Engine engine({[&](const SearchReport& r) { o.reports.push_back(r); },
                   [&](Move best, Move ponder) {
                       o.best = moveToUci(best, false);
                       o.ponder = ponder == Move::none() ? "" : moveToUci(ponder, false);
                   },
                   [&](const std::string& m) { o.messages.push_back(m); }});
    self = &engine;
    if (evaluation == Evaluation::HandCrafted) {
        REQUIRE(engine.setOption("EvalFile", "<empty>", true).empty());
        REQUIRE(!engine.networkEvaluation());
    }
    ParseResult r = self->setPosition(fen, moves);
    REQUIRE_MESSAGE(r.ok(), r.error);
    engine.go(limits);
    engine.waitForSearch();
    return o;
}

SearchLimits depth(int d) {
    SearchLimits l;
    l.depth = d;
    return l;
}

}  // namespace

TEST_SUITE("search") {
    TEST_CASE("mate in 1, 2 and 3 with the right score") {
        for (const testdata::MateCase& c : testdata::mateCases()) {
            Outcome o = searchPosition(c.fen, depth(10));
            INFO(c.fen);
            CHECK(o.best == c.best);
            CHECK(o.lastScore() == mateIn(2 * c.mateMoves - 1));
            CHECK(mateInMoves(o.lastScore()) == c.mateMoves);
        }
    }

    TEST_CASE("the mated side sees the mate against it") {
        Outcome o = searchPosition("k7/8/1K6/8/8/8/8/7R b - - 0 1", depth(8));
        // Black's only move, Kb8, allows Rh8#.
        CHECK(mateInMoves(o.lastScore()) == -1);
    }

    TEST_CASE("go mate stops at the mate") {
        SearchLimits l;
        l.mate = 2;
        Outcome o = searchPosition("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", l);
        CHECK(o.best == "d5f6");
        CHECK(o.reports.back().depth <= 6);
    }

    TEST_CASE("checkmated and stalemated roots: bestmove 0000") {
        Outcome mated = searchPosition("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", depth(5));
        CHECK(mated.best == "0000");
        Outcome mated2 = searchPosition("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", depth(5));
        CHECK(mated2.best == "0000");
        CHECK(mated2.lastScore() == matedIn(0));
        Outcome stale = searchPosition("7k/5Q2/5K2/8/8/8/8/8 b - - 0 1", depth(5));
        CHECK(stale.best == "0000");
        CHECK(stale.lastScore() == 0);
    }

    TEST_CASE("draws score exactly 0") {
        // Stalemate one move ahead is the only non-losing line for Black: Qxg6?? no; White
        // to move must not stalemate: K+Q v K, plenty of non-stalemating moves, score > 0.
        CHECK(searchPosition("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", depth(6)).lastScore() > 0);
        // Dead positions: K v K, K+B v K, K+N v K, same-coloured bishops.
        for (const char* fen : {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
                                "4kn2/8/8/8/8/8/8/4K3 b - - 0 1", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"}) {
            INFO(fen);
            CHECK(searchPosition(fen, depth(8)).lastScore() == 0);
        }
        // Fifty-move rule: a queen up, but the clock runs out on the next move.
        CHECK(searchPosition("4k3/8/8/8/8/8/8/Q3K3 w - - 99 90", depth(6)).lastScore() == 0);
        // ...unless the move that reaches 100 mates.
        Outcome mateAt100 = searchPosition("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 90", depth(4));
        CHECK(mateAt100.best == "d1d8");
        CHECK(mateAt100.lastScore() == mateIn(1));
    }

    TEST_CASE("threefold repetition counting the game history before the root") {
        // A queen down, Black can bring about the third occurrence of a position by
        // returning the knight: that draw (0) is its best line.
        std::vector<std::string_view> moves = {"g1f3", "b8c6", "f3g1", "c6b8", "g1f3", "b8c6", "f3g1"};
        Outcome o = searchPosition("1n5k/8/8/8/8/8/8/3Q2NK w - - 0 1", depth(8), moves);
        CHECK(o.best == "c6b8");
        CHECK(o.lastScore() == 0);
        // Without that history the same position is simply lost: a queen against a knight.
        // Pinned to the hand-crafted evaluation so that a new default net cannot move the
        // bar (net9 scores it -473); what the case tests is the history, not the scale.
        Outcome lost = searchPosition("7k/8/2n5/8/8/8/8/3Q2NK b - - 7 4", depth(8), {}, Evaluation::HandCrafted);
        MESSAGE("no history, hand-crafted evaluation: ", lost.lastScore(), " cp");
        CHECK(lost.lastScore() < -500);
    }

    TEST_CASE("searchmoves restricts the root") {
        SearchLimits l = depth(6);
        Position pos;
        l.searchMoves = {uciToMove(pos, "a2a3"), uciToMove(pos, "h2h3")};
        Outcome o = searchPosition(std::string(Position::kStartFen), l);
        CHECK((o.best == "a2a3" || o.best == "h2h3"));
    }

    TEST_CASE("MultiPV reports ranked lines") {
        Outcome o;
        Engine engine({[&](const SearchReport& r) { o.reports.push_back(r); }, [&](Move b, Move) { o.best = moveToUci(b, false); },
                       [](const std::string&) {}});
        CHECK(engine.setOption("MultiPV", "3", true).empty());
        REQUIRE(engine.setPosition(Position::kStartFen, {}).ok());
        engine.go(depth(6));
        engine.waitForSearch();
        std::vector<SearchReport> last;
        for (const auto& r : o.reports)
            if (r.depth == 6) last.push_back(r);
        REQUIRE(last.size() == 3);
        CHECK(last[0].multiPv == 1);
        CHECK(last[2].multiPv == 3);
        CHECK(last[0].score >= last[1].score);
        CHECK(last[1].score >= last[2].score);
        CHECK(last[0].pv[0] != last[1].pv[0]);
        CHECK(moveToUci(last[0].pv[0], false) == o.best);
    }

    TEST_CASE("node limit is honoured") {
        SearchLimits l;
        l.nodes = 5000;
        Outcome o = searchPosition(std::string(Position::kStartFen), l);
        CHECK(!o.best.empty());
        CHECK(o.reports.back().nodes <= 5000);
        CHECK(o.reports.back().nodes >= 4000);
    }

    TEST_CASE("the search is reproducible") {
        Outcome a = searchPosition("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", depth(9));
        Outcome b = searchPosition("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", depth(9));
        CHECK(a.reports.back().nodes == b.reports.back().nodes);
        CHECK(a.best == b.best);
    }
}

TEST_SUITE("tt") {
    TEST_CASE("store and probe, bound and depth kept, mate scores adjusted by ply") {
        TranspositionTable tt;
        REQUIRE(tt.resize(1));
        const Key key = 0x123456789ABCDEFULL;
        Position pos;
        const Move m = uciToMove(pos, "e2e4");
        tt.store(key, 3, 42, 17, BoundLower, 7, m);
        TTData d;
        REQUIRE(tt.probe(key, 3, d));
        CHECK(d.score == 42);
        CHECK(d.eval == 17);
        CHECK(d.bound == BoundLower);
        CHECK(d.depth == 7);
        CHECK(d.move == m);
        CHECK(!tt.probe(key ^ 1, 3, d));  // different key: another entry (or miss)

        // Mate in 5 plies from a node at ply 4 is "mate in 5 from here"; read at ply 10
        // it is mate at ply 15 from the root.
        tt.store(key, 4, mateIn(9), 0, BoundExact, 5, m);
        REQUIRE(tt.probe(key, 10, d));
        CHECK(d.score == mateIn(15));
        tt.store(key, 4, matedIn(9), 0, BoundExact, 6, m);
        REQUIRE(tt.probe(key, 2, d));
        CHECK(d.score == matedIn(7));
    }

    TEST_CASE("a store without a move keeps the old move; hashfull grows") {
        TranspositionTable tt;
        REQUIRE(tt.resize(1));
        Position pos;
        const Move m = uciToMove(pos, "d2d4");
        tt.store(99, 0, 10, 10, BoundUpper, 3, m);
        tt.store(99, 0, 20, 10, BoundExact, 4, Move::none());
        TTData d;
        REQUIRE(tt.probe(99, 0, d));
        CHECK(d.move == m);
        CHECK(d.score == 20);
        CHECK(tt.hashfull() == 0);
        for (Key k = 1; k < 200000; ++k) tt.store(k * 0x9E3779B97F4A7C15ULL, 0, 0, 0, BoundExact, 1, m);
        CHECK(tt.hashfull() > 500);
        tt.newSearch();
        CHECK(tt.hashfull() == 0);
        tt.clear();
        CHECK(!tt.probe(99, 0, d));
    }

    // Keys that differ only in their low 16 bits share a cluster (the cluster index is
    // taken from the high bits) but are told apart inside it.
    Key clusterMate(int i) { return 0x5A5A5A5A5A5A0000ULL | Key(0x1111 * (i + 1)); }

    TEST_CASE("replacement: entries of an earlier search make room, current deep ones stay") {
        TranspositionTable tt;
        REQUIRE(tt.resize(1));
        Position pos;
        const Move m = uciToMove(pos, "e2e4");
        TTData d;
        tt.store(clusterMate(0), 0, 1, 0, BoundLower, 12, m);  // deep, but from the previous search
        tt.newSearch();
        tt.store(clusterMate(1), 0, 2, 0, BoundLower, 6, m);
        tt.store(clusterMate(2), 0, 3, 0, BoundLower, 7, m);
        tt.store(clusterMate(3), 0, 4, 0, BoundLower, 5, m);  // the cluster is full: someone goes
        CHECK_MESSAGE(!tt.probe(clusterMate(0), 0, d), "the old entry should have made room");
        for (int i = 1; i <= 3; ++i) CHECK_MESSAGE(tt.probe(clusterMate(i), 0, d), "current entry ", i, " evicted");

        // Among current entries the shallowest goes.
        tt.store(clusterMate(4), 0, 5, 0, BoundLower, 8, m);
        CHECK(!tt.probe(clusterMate(3), 0, d));
        CHECK(tt.probe(clusterMate(1), 0, d));
        CHECK(tt.probe(clusterMate(2), 0, d));
        CHECK(tt.probe(clusterMate(4), 0, d));
    }

    TEST_CASE("a shallow store never overwrites a deeper entry of the current search") {
        TranspositionTable tt;
        REQUIRE(tt.resize(1));
        Position pos;
        const Move m = uciToMove(pos, "g1f3");
        const Key key = 0xFEEDFACECAFEBEEFULL;
        TTData d;
        tt.store(key, 0, 50, 10, BoundLower, 10, m);
        tt.store(key, 0, 20, 10, BoundExact, 0, Move::none());  // a qsearch result
        REQUIRE(tt.probe(key, 0, d));
        CHECK(d.depth == 10);
        CHECK(d.score == 50);
        CHECK(d.bound == BoundLower);
        tt.store(key, 0, 30, 10, BoundUpper, 9, m);  // nearly as deep: replaces
        REQUIRE(tt.probe(key, 0, d));
        CHECK(d.depth == 9);
        // In the next search the old deep entry gives way even to a shallow store.
        tt.newSearch();
        tt.store(key, 0, 25, 10, BoundExact, 0, Move::none());
        REQUIRE(tt.probe(key, 0, d));
        CHECK(d.depth == 0);
        CHECK(d.move == m);  // the move is kept when the store has none
    }

    TEST_CASE("an impossible size is refused and the old table kept") {
        TranspositionTable tt;
        REQUIRE(tt.resize(2));
        CHECK(!tt.resize(size_t(1) << 30));  // a petabyte
        CHECK(!tt.resize(size_t(1) << 50));  // more bytes than size_t holds
        CHECK(tt.sizeMegabytes() == 2);
    }
}

TEST_SUITE("timeman") {
    TEST_CASE("budgets for a range of clocks stay inside the clock") {
        for (int64_t clock : {50, 100, 1000, 10000, 60000, 600000, 3600000})
            for (int64_t inc : {0, 10, 100, 1000})
                for (int mtg : {0, 1, 2, 10, 40}) {
                    SearchLimits l;
                    l.time[White] = clock;
                    l.inc[White] = inc;
                    l.movesToGo = mtg;
                    TimeBudget b = computeTimeBudget(l, White, 20);
                    INFO("clock ", clock, " inc ", inc, " movestogo ", mtg);
                    CHECK(b.timed);
                    CHECK(b.softMs >= 1);
                    CHECK(b.softMs <= b.hardMs);
                    CHECK(b.hardMs <= std::max<int64_t>(1, clock - 20));
                    if (mtg != 1) CHECK(b.hardMs <= std::max<int64_t>(1, clock / 2));
                }
    }

    TEST_CASE("sensible amounts") {
        SearchLimits l;
        l.time[Black] = 60000;
        TimeBudget b = computeTimeBudget(l, Black, 20);
        CHECK(b.softMs > 1000);  // a minute for the game: about 2 s per move
        CHECK(b.softMs < 4000);
        l.inc[Black] = 1000;
        CHECK(computeTimeBudget(l, Black, 20).softMs > b.softMs);
        SearchLimits mt;
        mt.moveTime = 500;
        TimeBudget m = computeTimeBudget(mt, White, 20);
        CHECK(m.softMs == 480);
        CHECK(m.hardMs == 480);
        SearchLimits none;
        none.depth = 5;
        CHECK(!computeTimeBudget(none, White, 20).timed);
        SearchLimits otherClockOnly;
        otherClockOnly.time[White] = 60000;
        TimeBudget o = computeTimeBudget(otherClockOnly, Black, 20);
        CHECK(o.timed);
        CHECK(o.hardMs == 1);
        SearchLimits inf;
        inf.infinite = true;
        inf.time[White] = 1000;
        CHECK(!computeTimeBudget(inf, White, 20).timed);
    }

    TEST_CASE("node share: the less of the nodes the best move took, the more time; bounded") {
        double previous = nodeShareFactor(0.0);
        CHECK(previous <= 2.0);
        CHECK(previous > 1.5);  // a close choice earns more time
        for (int percent = 1; percent <= 100; ++percent) {
            const double f = nodeShareFactor(percent / 100.0);
            INFO("share ", percent, "%: factor ", f);
            CHECK(f <= previous);
            CHECK(f >= 0.5);
            previous = f;
        }
        CHECK(nodeShareFactor(1.0) < 0.8);  // everything under one move: stop sooner
        CHECK(nodeShareFactor(0.76) == doctest::Approx(1.0).epsilon(0.01));
    }
}

TEST_SUITE("options") {
    TEST_CASE("declared once with ranges; bad values refused and nothing changed") {
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        std::set<std::string> names;
        for (const Option& o : engine.options().all()) CHECK(names.insert(o.name).second);
        for (const char* n : {"Hash", "Clear Hash", "Threads", "Move Overhead", "Ponder", "MultiPV", "UCI_Chess960"})
            CHECK(names.count(n));
        CHECK(engine.setOption("Hash", "64", true).empty());
        CHECK(engine.setOption("hash", "32", true).empty());  // names are case-insensitive
        CHECK(engine.setOption("Hash", "0", true).find("between 1 and 65536") != std::string::npos);
        CHECK(engine.setOption("Hash", "abc", true).find("integer") != std::string::npos);
        CHECK(engine.setOption("MultiPV", "257", true).find("between 1 and 256") != std::string::npos);
        CHECK(engine.setOption("Ponder", "maybe", true).find("true or false") != std::string::npos);
        CHECK(engine.setOption("Clear Hash", "", false).empty());
        CHECK(engine.setOption("No Such Option", "1", true).find("unknown option") != std::string::npos);
        CHECK(engine.setOption("UCI_Chess960", "true", true).empty());
        CHECK(engine.chess960());
        CHECK(OptionRegistry::describe(engine.options().all()[0]) == "option name Hash type spin default 16 min 1 max 65536");
    }

    TEST_CASE("a stop or ponderhit sent right after go is never lost") {
        // Before Searcher::prepare, the worker could reset the flags after the command had
        // already set them, and a ponder search then ran on forever (this test hung).
        int bestMoves = 0;
        Engine engine({[](const SearchReport&) {}, [&](Move, Move) { ++bestMoves; }, [](const std::string&) {}});
        REQUIRE(engine.setPosition(std::string(Position::kStartFen), {}).ok());
        SearchLimits ponder;
        ponder.ponder = true;
        ponder.time[White] = ponder.time[Black] = 100;
        for (int i = 0; i < 100; ++i) {
            engine.go(ponder);
            if (i % 2) engine.stop();
            else engine.ponderhit();  // then the 100 ms clock ends the search by itself
            engine.waitForSearch();
        }
        CHECK(bestMoves == 100);
    }

    TEST_CASE("a stop or ponderhit made between prepare and run is kept") {
        // The engine prepares on the command thread and runs on the worker; whatever the
        // command thread did in between must survive run()'s start. Without that a ponder
        // search stopped (or ponderhit on a 100 ms clock) before run() began never ended.
        TranspositionTable tt;
        REQUIRE(tt.resize(1));
        Searcher searcher(tt);
        Position pos;
        StateInfo st;
        REQUIRE(pos.setFromFen(Position::kStartFen, false, st).ok());
        SearchLimits ponder;
        ponder.ponder = true;
        ponder.time[White] = ponder.time[Black] = 100;
        auto noInfo = [](const SearchReport&) {};

        searcher.prepare(true);
        searcher.stop();
        SearchResult stopped = searcher.run(pos, ponder, SearchSettings{}, noInfo);
        CHECK(stopped.best != Move::none());

        searcher.prepare(true);
        searcher.ponderhit();
        SearchResult hit = searcher.run(pos, ponder, SearchSettings{}, noInfo);  // the clock ends it
        CHECK(hit.best != Move::none());
        MESSAGE("after ponderhit the search reached depth ", hit.depth);
    }
}

TEST_SUITE("search") {
    TEST_CASE("histories stay within their bounds under any sequence of updates") {
        auto h = std::make_unique<SearchHistory>();
        h->clear();
        std::mt19937 rng(7);
        int16_t& v = h->butterfly[White][E2][E4];
        int lo = 0, hi = 0;
        for (int i = 0; i < 200000; ++i) {
            const int depth = int(rng() % 40);
            const int bonus = SearchHistory::bonusFor(depth) * (rng() % 3 == 0 ? -1 : 1);
            SearchHistory::update(v, bonus);
            lo = std::min(lo, int(v));
            hi = std::max(hi, int(v));
        }
        MESSAGE("200000 random updates: value stayed in [", lo, ", ", hi, "], bound ", SearchHistory::kMax);
        CHECK(lo >= -SearchHistory::kMax);
        CHECK(hi <= SearchHistory::kMax);
        // Extreme bonuses are clamped too.
        for (int i = 0; i < 100; ++i) SearchHistory::update(v, 1'000'000);
        CHECK(v <= SearchHistory::kMax);
        for (int i = 0; i < 100; ++i) SearchHistory::update(v, -1'000'000);
        CHECK(v >= -SearchHistory::kMax);
        // Correction entries stay within theirs.
        Position pos;
        for (int i = 0; i < 1000; ++i) h->updateCorrection(pos, 0, (i % 2 ? 1 : -1) * 30000, 20);
        for (const auto& side : h->pawnCorrection)
            for (int16_t e : side) CHECK_FALSE(std::abs(e) > SearchHistory::kCorrectionMax);
        CHECK(std::abs(h->correctedEval(pos, 0)) <= SearchHistory::kCorrectionMax / SearchHistory::kCorrectionGrain);
    }

    // The counter move is written under the piece that made the previous move; after a
    // promotion or a castling that piece no longer stands on the target square, and the
    // reader must still find it.
    TEST_CASE("counter moves are found after a promotion and after castling") {
        struct Case {
            const char* fen;
            const char* previous;  // the move just played, from the FEN
            Piece mover;
            const char* reply;
        };
        const Case cases[] = {
            {"8/4P2k/8/8/8/8/6p1/K7 w - - 0 1", "e7e8q", WPawn, "h7h6"},
            {"r3k2r/pppq1ppp/8/8/8/8/PPP2PPP/R3K2R w KQkq - 0 1", "e1g1", WKing, "e8c8"},
        };
        for (const Case& c : cases) {
            Position pos;
            StateInfo root, st;
            REQUIRE(pos.setFromFen(c.fen, false, root).ok());
            const Move previous = uciToMove(pos, c.previous);
            REQUIRE(previous != Move::none());
            pos.doMove(previous, st);
            const Move reply = uciToMove(pos, c.reply);
            REQUIRE(reply != Move::none());
            auto history = std::make_unique<SearchHistory>();
            history->clear();
            history->setCounterMove(c.mover, previous, reply);
            OrderingContext ctx;
            ctx.ply = 1;
            ctx.previous = previous;
            ctx.previousPiece = c.mover;
            MovePicker picker(pos, Move::none(), *history, ctx);
            bool found = false;
            for (Move m = picker.next(); m != Move::none(); m = picker.next())
                if (m == reply) {
                    found = true;
                    CHECK_MESSAGE(picker.lastScore() == MovePicker::kCounterScore, std::string(c.fen));
                }
            CHECK(found);
        }
    }
}
