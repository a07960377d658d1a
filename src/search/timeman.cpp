#include "search/timeman.h"

#include <algorithm>

namespace vazir {

namespace {
constexpr int kDefaultMovesToGo = 30;       // sudden death: plan as if this many moves remain
constexpr int kMaxMovesToGo = 50;
constexpr double kHardFractionOfClock = 0.5;  // never plan to spend more than this of the clock on one move
constexpr double kLastMoveFraction = 0.8;     // movestogo 1: the clock refills after this move
constexpr double kHardOverSoft = 4.0;
constexpr int64_t kMinimumMs = 1;

// Node share: factor = (base - share) x slope, clamped. A share of 0.76 leaves the soft
// limit as it is; all nodes under the best move cut it to 0.675, a close choice doubles it.
constexpr double kNodeShareBase = 1.5;
constexpr double kNodeShareSlope = 1.35;
constexpr double kNodeFactorMin = 0.5, kNodeFactorMax = 2.0;

}  // namespace

TimeBudget computeTimeBudget(const SearchLimits& limits, Color us, int64_t overhead) {
    TimeBudget b;
    if (limits.infinite) return b;
    if (limits.moveTime >= 0) {
        b.timed = b.fixed = true;
        b.softMs = b.hardMs = std::max(kMinimumMs, limits.moveTime - overhead);
        return b;
    }
    if (!limits.usesClock()) return b;

    b.timed = true;
    const int64_t clock = std::max<int64_t>(limits.time[us], 0);
    const int64_t inc = limits.inc[us];
    const int64_t available = std::max(kMinimumMs, clock - overhead);
    const int mtg = limits.movesToGo > 0 ? std::min(limits.movesToGo, kMaxMovesToGo) : kDefaultMovesToGo;

    // Spend a slice of what is left plus most of the increment.
    int64_t soft = available / mtg + inc * 3 / 4;
    int64_t hardCap = mtg == 1 ? int64_t(double(available) * kLastMoveFraction)
                               : int64_t(double(available) * kHardFractionOfClock);
    hardCap = std::max(kMinimumMs, hardCap);
    b.softMs = std::clamp(soft, kMinimumMs, hardCap);
    b.hardMs = std::clamp(int64_t(double(b.softMs) * kHardOverSoft), kMinimumMs, hardCap);
    return b;
}

double stabilityFactor(int stableIterations) {
    constexpr double kFactors[] = {1.6, 1.3, 1.1, 0.95, 0.8, 0.7};
    return kFactors[std::min(stableIterations, 5)];
}

double nodeShareFactor(double bestMoveNodeShare) {
    return std::clamp((kNodeShareBase - bestMoveNodeShare) * kNodeShareSlope, kNodeFactorMin, kNodeFactorMax);
}


}  // namespace vazir
