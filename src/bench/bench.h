// `vazir bench [depth] [threads]`: searches the positions of src/bench/positions.h to
// a fixed depth, each from a fresh state (cleared 16 MB table and histories; one thread
// unless asked). Its last line is "<nodes> nodes <nps> nps", as OpenBench expects; with
// one thread the node total is the build's search signature (with more it varies from
// run to run: the threads race).
//
// The same report comes from the command line (`vazir bench 12`) and from the UCI
// command `bench 12`, as in Stockfish.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace vazir {

constexpr int kDefaultBenchDepth = 16;
constexpr const char* kBenchUsage = "bench [depth 1-64] [threads 1-1024]";

struct BenchArgs {
    int depth = kDefaultBenchDepth;
    int threads = 1;
};

// The words after `bench`; "" on success, else what is wrong with them.
std::string parseBenchArgs(const std::vector<std::string_view>& words, BenchArgs& args);

int runBench(std::ostream& out, int depth, int threads = 1);

}  // namespace vazir
