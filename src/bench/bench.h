// `vazir bench [depth] [threads]`: searches the positions of src/bench/positions.h to
// a fixed depth, each from a fresh state (cleared 16 MB table and histories; one thread
// unless asked). Its last line is "<nodes> nodes <nps> nps", as OpenBench expects; with
// one thread the node total is the build's search signature (with more it varies from
// run to run: the threads race).
#pragma once

#include <iosfwd>

namespace vazir {

constexpr int kDefaultBenchDepth = 16;

int runBench(std::ostream& out, int depth, int threads = 1);

}  // namespace vazir
