// A middlegame/endgame pair of centipawn values; tapered by game phase at the end.
#pragma once

namespace vazir {

struct Pair {
    int mg = 0;
    int eg = 0;
    constexpr Pair() = default;
    constexpr Pair(int m, int e) : mg(m), eg(e) {}
    constexpr Pair operator+(Pair o) const { return {mg + o.mg, eg + o.eg}; }
    constexpr Pair operator-(Pair o) const { return {mg - o.mg, eg - o.eg}; }
    constexpr Pair operator-() const { return {-mg, -eg}; }
    constexpr Pair operator*(int k) const { return {mg * k, eg * k}; }
    constexpr Pair& operator+=(Pair o) { mg += o.mg; eg += o.eg; return *this; }
    constexpr Pair& operator-=(Pair o) { mg -= o.mg; eg -= o.eg; return *this; }
    constexpr bool operator==(const Pair&) const = default;
};

}  // namespace vazir
