// Every constant of the search in one table: name, value, and the range and step a
// tuner (SPSA) may explore. Each is a hypothesis about chess trees that matches decide.
//
// In a normal build each is a compile-time constant. A tuning build (cmake
// -DVAZIR_TUNING=ON) makes each a variable that `setoption` can change, so that
// scripts/spsa.py can tune them with games; see src/search/params.cpp.
#pragma once

#include <vector>

#define VAZIR_SEARCH_PARAMS(X)                                                                        \
    /* aspiration windows around the previous iteration's score */                                   \
    X(AspirationMinDepth, 4, 2, 8, 1)                                                                 \
    X(AspirationDelta, 25, 8, 60, 4)                                                                  \
    /* reverse futility: eval - margin * (depth - improving) >= beta at low depth */                  \
    X(RfpMaxDepth, 8, 4, 12, 1)                                                                       \
    X(RfpMargin, 80, 40, 140, 8)                                                                      \
    /* null move: R = base + depth / divisor + min(3, (eval - beta) / evalDivisor) */                 \
    X(NullMoveMinDepth, 3, 2, 5, 1)                                                                   \
    X(NullMoveBaseReduction, 3, 2, 5, 1)                                                              \
    X(NullMoveDepthDivisor, 3, 2, 6, 1)                                                               \
    X(NullMoveEvalDivisor, 200, 100, 400, 20)                                                         \
    /* null move verified by a real search from this depth (zugzwang guard) */                       \
    X(NullMoveVerifyMinDepth, 14, 8, 20, 1)                                                           \
    /* internal iterative reduction without a hash move */                                            \
    X(IirMinDepth, 4, 3, 8, 1)                                                                        \
    /* late move pruning of quiets: after (LmpBase + d^2) / (2 - improving) moves */                  \
    X(LmpMaxDepth, 8, 4, 12, 1)                                                                       \
    X(LmpBase, 3, 1, 8, 1)                                                                            \
    /* futility pruning of quiets: eval + base + perDepth * depth <= alpha */                         \
    X(FutilityMaxDepth, 8, 4, 12, 1)                                                                  \
    X(FutilityBase, 100, 40, 200, 10)                                                                 \
    X(FutilityPerDepth, 100, 50, 160, 8)                                                              \
    /* SEE pruning: quiets below quietMargin * depth, captures below noisyMargin * depth */           \
    X(SeePruneMaxDepth, 8, 4, 12, 1)                                                                  \
    X(SeeQuietMargin, -60, -120, -20, 6)                                                              \
    X(SeeNoisyMargin, -100, -180, -40, 8)                                                             \
    /* late move reductions: log(d) * log(m) / (divisor / 100) + base / 100 */                        \
    X(LmrMinDepth, 3, 2, 5, 1)                                                                        \
    X(LmrBase, 75, 25, 125, 8)                                                                        \
    X(LmrDivisor, 225, 150, 350, 10)                                                                  \
    X(LmrHistoryDivisor, 16384, 6000, 30000, 1000)                                                    \
    /* razoring: at low depth, eval + margin * depth below alpha: ask quiescence */                   \
    X(RazorMaxDepth, 3, 1, 6, 1)                                                                      \
    X(RazorMargin, 250, 120, 400, 15)                                                                 \
    /* probcut: a capture that beats beta + margin at reduced depth cuts the node */                 \
    X(ProbcutMinDepth, 5, 4, 8, 1)                                                                    \
    X(ProbcutMargin, 200, 100, 350, 15)                                                               \
    X(ProbcutReduction, 4, 3, 5, 1)                                                                   \
    /* history pruning of quiets: history below -margin * depth at low depth */                      \
    X(HistoryPruneMaxDepth, 4, 2, 6, 1)                                                               \
    X(HistoryPruneMargin, 2048, 512, 6000, 256)                                                       \
    /* qsearch futility: stand pat + margin + captured value still below alpha */                    \
    X(QsFutilityMargin, 150, 50, 300, 15)                                                             \
    /* singular extensions of the hash move */                                                        \
    X(SingularMinDepth, 8, 5, 10, 1)                                                                  \
    X(SingularTTDepthMargin, 3, 1, 5, 1)                                                              \
    X(SingularMarginPerDepth, 1, 1, 4, 1)                                                             \
    X(DoubleExtensionMargin, 20, 5, 50, 3)                                                            \
    X(MaxDoubleExtensions, 6, 2, 12, 1)

namespace vazir::params {

#ifdef VAZIR_TUNING
#define VAZIR_DECLARE_PARAM(name, value, min, max, step) extern int name;
#else
#define VAZIR_DECLARE_PARAM(name, value, min, max, step) constexpr int name = value;
#endif
VAZIR_SEARCH_PARAMS(VAZIR_DECLARE_PARAM)
#undef VAZIR_DECLARE_PARAM

// The table, for the tuning build's options and for printing it (`vazir params`).
struct ParamInfo {
    const char* name;
    int* variable;  // null in a normal build: the value is a constant there
    int value, min, max, step;
};
const std::vector<ParamInfo>& all();
// Sets a parameter in a tuning build; false (nothing changed) if out of range or constant.
bool set(const ParamInfo& p, int value);

}  // namespace vazir::params
