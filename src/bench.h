// `vazir bench [depth]`: searches the positions of bench/bench_positions.h to a fixed
// depth, each from a fresh state (cleared 16 MB table and histories, one thread).
// Its last line is "<nodes> nodes <nps> nps", as OpenBench expects; the node total is
// the build's search signature.
#pragma once

#include <iosfwd>

namespace vazir {

constexpr int kDefaultBenchDepth = 16;

int runBench(std::ostream& out, int depth);

}  // namespace vazir
