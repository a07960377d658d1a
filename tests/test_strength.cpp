// Playing at a chosen strength: the plan grows with the level, the choice never takes a
// move the search saw walking into mate or losing more than the level allows, and a
// limited engine never hangs a mate in one.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <string>

#include "core/move_text.h"
#include "core/movegen.h"
#include "engine/engine.h"
#include "engine/strength.h"

using namespace vazir;

namespace {

// Does the side to move have a mate in one?
bool hasMateInOne(Position& pos) {
    MoveList moves;
    generateMoves<GenType::All>(pos, moves);
    StateInfo st;
    for (Move m : moves) {
        pos.doMove(m, st);
        const bool mate = pos.inCheck() && !hasLegalMove(pos);
        pos.undoMove(m);
        if (mate) return true;
    }
    return false;
}

}  // namespace

TEST_SUITE("strength") {
    TEST_CASE("the plan: off at full strength, more nodes and less randomness as the level rises") {
        for (EvalKind ev : {EvalKind::HandCrafted, EvalKind::Network}) {
            const std::string name = ev == EvalKind::Network ? "network" : "hand-crafted";
            CHECK(!planStrength(false, 1500, kMaxSkillLevel, ev).active);
            uint64_t lastNodes = 0;
            double lastTemperature = 1e9;
            int lastLines = 1 << 20;
            for (int elo = kMinElo; elo <= kMaxElo; elo += 200) {
                const StrengthPlan p = planStrength(true, elo, kMaxSkillLevel, ev);
                MESSAGE(name, " UCI_Elo ", elo, ": ", p.nodes, " nodes, ", p.multiPv, " lines, temperature ",
                        p.temperature, " cp, never more than ", p.maxLoss, " cp worse");
                CHECK(p.active);
                CHECK(p.nodes >= lastNodes);  // equal only at the floor of the weakest levels
                CHECK(p.temperature <= lastTemperature);  // equal where the top labels saturate
                CHECK(p.multiPv <= lastLines);  // fewer lines (a stronger search) as the level rises
                CHECK(p.multiPv >= 1);
                lastNodes = p.nodes;
                lastTemperature = p.temperature;
                lastLines = p.multiPv;
            }
            CHECK(planStrength(true, 1200, kMaxSkillLevel, ev).multiPv > 1);
            CHECK(planStrength(true, kMaxElo, kMaxSkillLevel, ev).nodes >
                  planStrength(true, 1200, kMaxSkillLevel, ev).nodes);
            CHECK(planStrength(true, kMaxElo, kMaxSkillLevel, ev).temperature <
                  planStrength(true, 1200, kMaxSkillLevel, ev).temperature);
            // Skill Level is the same scale.
            const StrengthPlan s = planStrength(false, 0, 7, ev), e = planStrength(true, skillToElo(7), kMaxSkillLevel, ev);
            CHECK(s.nodes == e.nodes);
            CHECK(s.temperature == e.temperature);
        }
    }

    TEST_CASE("the choice: never into a mate, never beyond the allowed loss, the best more often at higher levels") {
        Position pos;
        const std::vector<SearchResult::Line> lines = {
            {uciToMove(pos, "e2e4"), 30, {}},
            {uciToMove(pos, "d2d4"), 10, {}},
            {uciToMove(pos, "g1f3"), -200, {}},
            {uciToMove(pos, "f2f3"), matedIn(4), {}},
        };
        std::mt19937_64 rng(5);
        std::map<int, double> bestShare;
        for (int elo : {1000, 1800, 2600}) {
            const StrengthPlan plan = planStrength(true, elo, kMaxSkillLevel, EvalKind::HandCrafted);
            std::map<std::string, int> picks;
            for (int i = 0; i < 2000; ++i) picks[moveToUci(chooseMove(lines, plan, rng).move, false)]++;
            MESSAGE("UCI_Elo ", elo, ": e2e4 ", picks["e2e4"], ", d2d4 ", picks["d2d4"], ", g1f3 ", picks["g1f3"],
                    ", f2f3 (mated) ", picks["f2f3"]);
            CHECK(picks["f2f3"] == 0);
            if (230 > plan.maxLoss) CHECK(picks["g1f3"] == 0);
            bestShare[elo] = picks["e2e4"] / 2000.0;
        }
        CHECK(bestShare[1000] < bestShare[1800]);
        CHECK(bestShare[1800] < bestShare[2600]);
    }

    TEST_CASE("a label is read through the table of the evaluation that plays") {
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        REQUIRE(engine.setOption("UCI_LimitStrength", "true", true).empty());
        REQUIRE(engine.setOption("UCI_Elo", "1400", true).empty());
        auto nodesSearched = [&engine] {
            REQUIRE(engine.setPosition(std::string(Position::kStartFen), {}).ok());
            SearchLimits l;
            l.time[White] = l.time[Black] = 60000;
            engine.go(l);
            engine.waitForSearch();
            return engine.lastResult().nodes;
        };
        const uint64_t netBudget = planStrength(true, 1400, kMaxSkillLevel, EvalKind::Network).nodes;
        const uint64_t handCraftedBudget = planStrength(true, 1400, kMaxSkillLevel, EvalKind::HandCrafted).nodes;
        REQUIRE(netBudget < handCraftedBudget);  // the net is stronger per node
        if (engine.networkEvaluation()) {
            const uint64_t n = nodesSearched();
            MESSAGE("network: ", n, " nodes (budget ", netBudget, ")");
            CHECK(n <= netBudget);
        } else {
            MESSAGE("this build has no embedded net: only the hand-crafted table is checked");
        }
        REQUIRE(engine.setOption("EvalFile", "<empty>", true).empty());
        const uint64_t n = nodesSearched();
        MESSAGE("hand-crafted: ", n, " nodes (budget ", handCraftedBudget, ")");
        CHECK(n > netBudget);
        CHECK(n <= handCraftedBudget);
    }

    TEST_CASE("a limited engine never hangs a mate in one") {
        // The white rook guards the back rank: most rook moves allow ...Ra1#.
        const std::string fen = "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
        Engine engine({[](const SearchReport&) {}, [](Move, Move) {}, [](const std::string&) {}});
        int hung = 0, searches = 0;
        for (int elo : {1200, 1600, 2000}) {
            REQUIRE(engine.setOption("UCI_LimitStrength", "true", true).empty());
            REQUIRE(engine.setOption("UCI_Elo", std::to_string(elo), true).empty());
            for (int i = 0; i < 10; ++i) {
                REQUIRE(engine.setPosition(fen, {}).ok());
                SearchLimits l;
                l.time[White] = l.time[Black] = 10000;
                engine.go(l);
                engine.waitForSearch();
                const std::string move = moveToUci(engine.lastResult().best, false);
                REQUIRE(engine.setPosition(fen, {move}).ok());
                Game g;
                REQUIRE(g.set(fen, {move}, false).ok());
                hung += hasMateInOne(g.position());
                ++searches;
            }
        }
        MESSAGE(searches, " limited searches, ", hung, " moves that allowed a mate in one");
        CHECK(hung == 0);
    }
}
