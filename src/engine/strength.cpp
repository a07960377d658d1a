#include "engine/strength.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace vazir {

namespace {
constexpr double kNodesAtMinElo = 300;    // nodes per move at 800 ...
constexpr double kEloPerNodeDoubling = 180;  // ... doubling every this many Elo
constexpr int kCandidates = 4;
constexpr double kTemperatureAtMinElo = 120, kTemperatureAtMaxElo = 5;
constexpr double kMaxLossAtMinElo = 300, kMaxLossAtMaxElo = 20;
constexpr double kMaxInternalLevel = 4000;  // nodes 300 x 2^(3200/180), about 68M: the clock decides
constexpr uint64_t kMinNodes = 64;  // enough for a complete one-ply search with quiescence

// Calibration. The plan below is written on an internal scale. Vazir at internal level I
// against Stockfish 15.1 at UCI_Elo I (scripts/calibrate_strength.sh, 5+0.05, 100 games
// each; README "Playing strength") played like the Elo in the second column. A label is
// mapped to the internal level that played like it, by linear interpolation between
// these points (made monotone where noise crossed them), and beyond the last ones along
// the nearest segment.
struct CalibrationPoint {
    double internal;
    double playsLike;
};
constexpr CalibrationPoint kCalibration[] = {
    {1103, 1253},    // second run (labels mapped through a line fitted to the first): label 1400
    {1400, 1523},    // first run: label 1400
    {1800, 1828},    // first run: label 1800
    {2055.5, 1902.5},  // pooled: first run's 2200 (1854) and second run's 1800 (internal 1911, 1951)
    {2658, 2132.5},  // pooled: first run's 2600 (2176) and second run's 2200 (internal 2716, 2089)
    {3522, 2147},    // second run's 2600 (80 games): about the most this weakening reaches at 5+0.05
};

double internalLevel(int label) {
    constexpr int n = int(std::size(kCalibration));
    int i = 1;
    while (i < n - 1 && kCalibration[i].playsLike < label) ++i;
    const CalibrationPoint& a = kCalibration[i - 1];
    const CalibrationPoint& b = kCalibration[i];
    return a.internal + (double(label) - a.playsLike) * (b.internal - a.internal) / (b.playsLike - a.playsLike);
}
}  // namespace

StrengthPlan planStrength(bool limitStrength, int elo, int skillLevel) {
    StrengthPlan p;
    if (!limitStrength && skillLevel >= kMaxSkillLevel) return p;
    const int label = std::clamp(limitStrength ? elo : skillToElo(skillLevel), kMinElo, kMaxElo);
    // Beyond the last calibration point the scale is flat (the top labels saturate): cap it,
    // so the node count stays a finite number the clock, not an overflow, limits.
    const double e = std::min(internalLevel(label), kMaxInternalLevel);
    // 0 at internal 800 .. 1 at internal 2800; beyond either end on purpose (see above).
    const double t = (e - kMinElo) / double(kMaxElo - kMinElo);
    p.active = true;
    p.nodes = std::max(kMinNodes, uint64_t(kNodesAtMinElo * std::exp2((e - kMinElo) / kEloPerNodeDoubling)));
    p.multiPv = kCandidates;
    p.temperature = kTemperatureAtMinElo * std::pow(kTemperatureAtMaxElo / kTemperatureAtMinElo, t);
    p.maxLoss = int(kMaxLossAtMinElo + (kMaxLossAtMaxElo - kMaxLossAtMinElo) * std::min(t, 1.0));  // >= 20
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
