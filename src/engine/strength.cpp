#include "engine/strength.h"

#include <algorithm>
#include <cmath>

namespace vazir {

namespace {
constexpr double kNodesAtMinElo = 300;    // nodes per move at 800 ...
constexpr double kEloPerNodeDoubling = 180;  // ... doubling every this many Elo
constexpr int kCandidates = 4;
constexpr double kTemperatureAtMinElo = 120, kTemperatureAtMaxElo = 5;
constexpr double kMaxLossAtMinElo = 300, kMaxLossAtMaxElo = 20;
}  // namespace

StrengthPlan planStrength(bool limitStrength, int elo, int skillLevel) {
    StrengthPlan p;
    if (!limitStrength && skillLevel >= kMaxSkillLevel) return p;
    const int e = std::clamp(limitStrength ? elo : skillToElo(skillLevel), kMinElo, kMaxElo);
    const double t = double(e - kMinElo) / double(kMaxElo - kMinElo);  // 0 weakest .. 1 strongest
    p.active = true;
    p.nodes = uint64_t(kNodesAtMinElo * std::exp2(double(e - kMinElo) / kEloPerNodeDoubling));
    p.multiPv = kCandidates;
    p.temperature = kTemperatureAtMinElo * std::pow(kTemperatureAtMaxElo / kTemperatureAtMinElo, t);
    p.maxLoss = int(kMaxLossAtMinElo + (kMaxLossAtMaxElo - kMaxLossAtMinElo) * t);
    return p;
}

SearchResult::Line chooseMove(const std::vector<SearchResult::Line>& lines, const StrengthPlan& plan,
                              std::mt19937_64& rng) {
    if (lines.empty()) return {};
    const Score best = lines[0].score;
    std::vector<double> weights;
    for (const auto& l : lines) {
        const bool walksIntoMate = l.score <= -kMateInMaxPly && best > -kMateInMaxPly;
        const bool tooBad = best - l.score > plan.maxLoss;
        weights.push_back(walksIntoMate || tooBad ? 0.0 : std::exp(double(l.score - best) / plan.temperature));
    }
    std::discrete_distribution<size_t> pick(weights.begin(), weights.end());
    return lines[pick(rng)];
}

}  // namespace vazir
