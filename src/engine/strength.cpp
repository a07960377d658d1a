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
constexpr uint64_t kMinNodes = 64;  // enough for a complete one-ply search with quiescence

// Calibration. The plan below is written on an internal scale; the first measurement of
// it (scripts/calibrate_strength.sh at 5+0.05, 100 games per level against Stockfish 15.1
// at the same UCI_Elo) found that internal levels 1400, 1800, 2200 and 2600 play like
// 1523, 1828, 1854 and 2176: about the line 853 + 0.496 x internal. A label is therefore
// mapped through that line's inverse. Labels far above what the full engine reaches
// saturate at full-strength search with the least randomness.
constexpr double kMeasuredAtZero = 853, kMeasuredSlope = 0.496;
double internalLevel(int label) { return (double(label) - kMeasuredAtZero) / kMeasuredSlope; }
}  // namespace

StrengthPlan planStrength(bool limitStrength, int elo, int skillLevel) {
    StrengthPlan p;
    if (!limitStrength && skillLevel >= kMaxSkillLevel) return p;
    const int label = std::clamp(limitStrength ? elo : skillToElo(skillLevel), kMinElo, kMaxElo);
    const double e = internalLevel(label);
    // 0 at internal 800 .. 1 at internal 2800; beyond either end on purpose (see above).
    const double t = (e - kMinElo) / double(kMaxElo - kMinElo);
    p.active = true;
    p.nodes = std::max(kMinNodes, uint64_t(kNodesAtMinElo * std::exp2((e - kMinElo) / kEloPerNodeDoubling)));
    p.multiPv = kCandidates;
    p.temperature = kTemperatureAtMinElo * std::pow(kTemperatureAtMaxElo / kTemperatureAtMinElo, t);
    p.maxLoss = std::max(int(kMaxLossAtMaxElo),
                         int(kMaxLossAtMinElo + (kMaxLossAtMaxElo - kMaxLossAtMinElo) * std::min(t, 1.0)));
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
