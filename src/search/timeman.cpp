#include "search/timeman.h"

#include <algorithm>

namespace vazir {

namespace {
constexpr int kDefaultMovesToGo = 30;       // sudden death: plan as if this many moves remain
constexpr int kMaxMovesToGo = 50;
constexpr double kHardFractionOfClock = 0.5;  // never spend more than this of the clock on one move
constexpr double kLastMoveFraction = 0.8;     // movestogo 1: the clock refills after this move
constexpr double kSoftFractionSuddenDeath = 0.2;  // plan at most this much of the clock itself ...
constexpr double kSoftFractionMovesToGo = 0.8;    // ... or this with movestogo (a refill is coming)
constexpr int kHardReserveOverheads = 3;      // the hard limit leaves this many overheads on the clock
constexpr double kHardOverSoft = 4.0;
// With movestogo, the fewer moves before the refill the less a hard limit may exceed the
// soft one (as Stockfish: 1.5 + 0.11 per move), or the last moves of a period drain it.
constexpr double kHardOverSoftBase = 1.5, kHardOverSoftPerMove = 0.11;
constexpr int64_t kMinimumMs = 1;

// Sudden death with an increment: a floor of this many overheads stays on the clock, and the
// increments of the horizon are counted at this share, in full only while the clock above
// the floor holds at least this many horizons of increments (fewer: in proportion).
constexpr int64_t kIncrementFloorOverheads = 10;
constexpr double kIncrementShare = 0.75;
constexpr double kIncrementTrustHorizons = 1.0;

// Node share: factor = (base - share) x slope, clamped. A share of 0.76 leaves the soft
// limit as it is; all nodes under the best move cut it to 0.675, a close choice doubles it.
constexpr double kNodeShareBase = 1.5;
constexpr double kNodeShareSlope = 1.35;
constexpr double kNodeFactorMin = 0.5, kNodeFactorMax = 2.0;

// The time to share out over the next `mtg` moves.
//  - Without an increment, or with movestogo: the clock plus the increments still to come,
//    less a reserve of `Move Overhead` for this move, the next one and each move of the
//    horizon (Stockfish's form): each move costs the GUI and the pipe something, and the
//    fewer moves are left the less is kept.
//  - Sudden death with an increment: that reserve would swallow increments no larger than
//    the overhead (at 1+0.01 with a 20 ms overhead the engine would plan 21 ms a move and
//    play the whole game far below its clock). Instead a floor of overheads stays on the
//    clock, and the increments count only as far as the clock above the floor could pay
//    for them if they did not come: near the floor the engine spends less than the
//    increment and the clock climbs back.
int64_t timeToShare(int64_t clock, int64_t inc, int mtg, bool movesToGoGiven, int64_t overhead) {
    if (inc == 0 || movesToGoGiven) return clock + inc * (mtg - 1) - overhead * (2 + mtg);
    const int64_t aboveFloor = clock - kIncrementFloorOverheads * overhead;
    if (aboveFloor <= 0) return 0;
    const double horizonIncrements = double(inc) * mtg;
    const double trust = std::min(1.0, double(aboveFloor) / (kIncrementTrustHorizons * horizonIncrements));
    return aboveFloor + int64_t(kIncrementShare * trust * horizonIncrements);
}

}  // namespace

// The clock's budget, as Stockfish plans it:
//  - the time to share out is the clock and the increments still to come over the
//    horizon (movestogo, or kDefaultMovesToGo in sudden death), less what is kept back
//    for the GUI and the pipe (timeToShare);
//  - the soft limit is that time's share for one move, and no more than a share of the
//    clock itself: with a low clock the engine spends less than the increment, and the
//    clock recovers;
//  - the hard limit never takes more than a fixed share of the clock itself (a floor
//    proportional to the clock stays for the moves after this one), less the overhead,
//    and always leaves three overheads on the clock (a late reply from a loaded machine).
// When the clock runs low the time to share out reaches nothing and the engine moves at
// once.
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
    const int64_t inc = std::max<int64_t>(limits.inc[us], 0);
    const int mtg = limits.movesToGo > 0 ? std::min(limits.movesToGo, kMaxMovesToGo) : kDefaultMovesToGo;

    const int64_t toShare = std::max(kMinimumMs, timeToShare(clock, inc, mtg, limits.movesToGo > 0, overhead));
    const double hardFraction = mtg == 1 ? kLastMoveFraction : kHardFractionOfClock;
    const int64_t hardCap = std::max(kMinimumMs, std::min(int64_t(double(clock) * hardFraction) - overhead,
                                                          clock - kHardReserveOverheads * overhead));
    const double softFraction = limits.movesToGo > 0 ? kSoftFractionMovesToGo : kSoftFractionSuddenDeath;
    const int64_t softCap = std::min(hardCap, int64_t(double(clock) * softFraction));
    b.softMs = std::clamp(toShare / mtg, kMinimumMs, std::max(kMinimumMs, softCap));
    const double hardOverSoft = limits.movesToGo > 0
                                    ? std::min(kHardOverSoft, kHardOverSoftBase + kHardOverSoftPerMove * mtg)
                                    : kHardOverSoft;
    b.hardMs = std::clamp(int64_t(double(b.softMs) * hardOverSoft), kMinimumMs, hardCap);
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
