#include "eval/wdl.h"

#include <algorithm>
#include <cmath>

namespace vazir {

namespace {

struct WdlParams {
    double a, b;
};

// Fitted by scripts/fit_wdl.py on ../shared/data/selfplay/vazir-12bbece-s101.txt.xz
// (48,716 games, 4,198,913 positions; the last 5,412 games held out: log-loss 0.559,
// calibration in docs/wdl.md). Index: material - kMinMaterial.
constexpr int kMinMaterial = 4, kMaxMaterial = 78;
constexpr WdlParams kWdlTable[] = {
    {526.8, 115.1},  // 4
    {429.1, 114.8},  // 5
    {556.6, 187.3},  // 6
    {326.5, 67.5},  // 7
    {636.4, 210.4},  // 8
    {544.9, 174.5},  // 9
    {283.5, 87.2},  // 10
    {287.5, 96.8},  // 11
    {244.9, 95.7},  // 12
    {242.7, 72.1},  // 13
    {258.4, 112.5},  // 14
    {221.0, 93.9},  // 15
    {201.0, 90.8},  // 16
    {187.0, 89.7},  // 17
    {176.4, 75.6},  // 18
    {178.6, 82.5},  // 19
    {167.7, 77.2},  // 20
    {169.3, 85.2},  // 21
    {159.1, 80.4},  // 22
    {148.5, 91.1},  // 23
    {140.5, 83.6},  // 24
    {138.2, 83.6},  // 25
    {143.2, 83.2},  // 26
    {133.3, 85.8},  // 27
    {138.6, 84.8},  // 28
    {132.0, 85.0},  // 29
    {130.3, 85.6},  // 30
    {124.7, 87.8},  // 31
    {121.2, 85.4},  // 32
    {126.6, 91.4},  // 33
    {122.5, 89.8},  // 34
    {121.7, 94.5},  // 35
    {119.2, 88.7},  // 36
    {113.2, 96.9},  // 37
    {120.8, 96.2},  // 38
    {114.8, 96.4},  // 39
    {117.1, 98.2},  // 40
    {122.4, 98.2},  // 41
    {123.1, 95.9},  // 42
    {117.9, 99.8},  // 43
    {117.0, 107.2},  // 44
    {111.6, 110.4},  // 45
    {113.2, 97.6},  // 46
    {114.5, 113.0},  // 47
    {126.3, 108.9},  // 48
    {117.6, 104.2},  // 49
    {117.6, 115.0},  // 50
    {109.6, 120.0},  // 51
    {117.1, 120.9},  // 52
    {100.1, 111.1},  // 53
    {105.9, 113.9},  // 54
    {112.2, 122.8},  // 55
    {114.7, 126.1},  // 56
    {105.7, 121.1},  // 57
    {115.9, 128.3},  // 58
    {102.0, 120.8},  // 59
    {111.4, 117.4},  // 60
    {107.4, 125.4},  // 61
    {107.8, 125.8},  // 62
    {107.6, 134.5},  // 63
    {106.2, 134.0},  // 64
    {99.0, 135.0},  // 65
    {111.0, 133.2},  // 66
    {100.5, 137.0},  // 67
    {107.3, 135.4},  // 68
    {103.0, 141.4},  // 69
    {112.7, 143.6},  // 70
    {107.5, 154.3},  // 71
    {117.4, 150.7},  // 72
    {98.3, 157.8},  // 73
    {101.7, 142.0},  // 74
    {99.7, 143.4},  // 75
    {101.6, 142.7},  // 76
    {101.3, 150.0},  // 77
    {113.9, 162.8},  // 78
};
static_assert(sizeof(kWdlTable) / sizeof(kWdlTable[0]) == kMaxMaterial - kMinMaterial + 1);

int perMille(double p) { return int(std::lround(1000.0 * p)); }

}  // namespace

int wdlMaterial(const Position& pos) {
    return popCount(pos.pieces(Pawn)) + 3 * popCount(pos.pieces(Knight, Bishop)) + 5 * popCount(pos.pieces(Rook)) +
           9 * popCount(pos.pieces(Queen));
}

Wdl wdlFromScore(Score score, int material, bool mateForUs, bool mateAgainstUs) {
    if (mateForUs) return {1000, 0, 0};
    if (mateAgainstUs) return {0, 0, 1000};
    const WdlParams& p = kWdlTable[std::clamp(material, kMinMaterial, kMaxMaterial) - kMinMaterial];
    const double s = std::clamp(double(score), -4000.0, 4000.0);
    Wdl w;
    w.win = perMille(1.0 / (1.0 + std::exp((p.a - s) / p.b)));
    w.loss = perMille(1.0 / (1.0 + std::exp((p.a + s) / p.b)));
    w.draw = 1000 - w.win - w.loss;
    return w;
}

}  // namespace vazir
