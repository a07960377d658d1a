// Playing at a chosen strength (`UCI_LimitStrength` + `UCI_Elo`, or `Skill Level`).
//
// Weakening that looks human rather than random: a smaller node budget (so a shallower
// search), and a choice among the best few moves of a MultiPV search, each drawn with a
// probability that falls with how much worse than the best it scored. Moves worse than
// a bound that shrinks as the level rises are never chosen, and a move the search saw
// losing to a mate is never chosen while a move without one exists, so a middle level
// misses subtleties but does not hang its queen or walk into a mate in one.
#pragma once

#include <cstdint>
#include <random>

#include "search/search.h"

namespace vazir {

constexpr int kMinElo = 800, kMaxElo = 2800;
constexpr int kMaxSkillLevel = 20;

// Skill Level 0..20 on the UCI_Elo scale: 800 + 100 * level (20 = full strength).
constexpr int skillToElo(int level) { return kMinElo + 100 * level; }

struct StrengthPlan {
    bool active = false;
    uint64_t nodes = 0;      // node budget per move
    int multiPv = 1;         // candidate moves searched
    double temperature = 0;  // centipawns: how readily a worse move is chosen
    int maxLoss = 0;         // centipawns: never a move this much below the best
};

// Which evaluation plays: each has its own calibration of the labels (strength.cpp).
enum class EvalKind { HandCrafted, Network };

// The plan for a level; inactive at full strength (UCI_LimitStrength false and Skill
// Level 20).
StrengthPlan planStrength(bool limitStrength, int elo, int skillLevel, EvalKind evaluation);

// Chooses among the search's lines (best first) as the plan says.
SearchResult::Line chooseMove(const std::vector<SearchResult::Line>& lines, const StrengthPlan& plan,
                              std::mt19937_64& rng);

}  // namespace vazir
