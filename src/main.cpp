// Start-up and command-line subcommands:
//   vazir                       UCI on stdin/stdout
//   vazir bench [depth] [threads]  search signature and speed
//   vazir perft <depth> [fen]   move-generator divide
//   vazir datagen key=value...  self-play training data (tools/datagen/datagen.h)
//   vazir params                the search parameters as SPSA input (OpenBench format)
//   vazir convert <in> <out>    training data between formats: datagen text (.txt) to 32-byte
//                               records, records <-> the game format (.vzg) (tools/datagen/games_convert.h)
// Any other arguments are read as UCI lines, e.g.  vazir "position startpos" "go depth 10" quit
// (after them the engine keeps reading stdin unless one of them was quit).
#include <charconv>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>
#include <unistd.h>

#include "bench/bench.h"
#include "datagen/datagen.h"
#include "datagen/games_convert.h"
#include "search/params.h"
#include "core/position.h"
#include "uci/uci.h"
#include "build_info.h"
#include "version.h"

namespace {

bool parseCount(const char* text, int& value, int max) {
    auto [p, ec] = std::from_chars(text, text + std::strlen(text), value);
    return ec == std::errc() && *p == '\0' && value >= 1 && value <= max;
}
bool parseDepth(const char* text, int& depth) { return parseCount(text, depth, 64); }

int runPerftCommand(int argc, char** argv) {
    using namespace vazir;
    int depth = 0;
    if (argc < 3 || !parseDepth(argv[2], depth) || depth > 20) {
        std::cerr << "usage: vazir perft <depth 1-20> [<fen>]\n";
        return 2;
    }
    std::string fen(Position::kStartFen);
    if (argc > 3) {
        fen.clear();
        for (int i = 3; i < argc; ++i) fen += std::string(argv[i]) + " ";
    }
    Position pos;
    StateInfo root;
    // A FEN whose castling letters only make sense in Chess960 is read as Chess960.
    ParseResult r = pos.setFromFen(fen, false, root);
    if (!r.ok() && !pos.setFromFen(fen, true, root).ok()) {
        std::cerr << "bad FEN: " << r.error << "\n";
        return 2;
    }
    printPerft(std::cout, pos, depth);
    return 0;
}

int runBenchCommand(int argc, char** argv) {
    vazir::BenchArgs args;
    if (std::string err = vazir::parseBenchArgs(std::vector<std::string_view>(argv + 2, argv + argc), args); !err.empty()) {
        std::cerr << "usage: vazir " << vazir::kBenchUsage << "\n";
        return 2;
    }
    return vazir::runBench(std::cout, args.depth, args.threads);
}

}  // namespace

// One line per search parameter: `name, int, value, min, max, step, learning rate`, the
// input of OpenBench's SPSA and of scripts/spsa.py. The step is the perturbation size
// at the end of tuning, the rate OpenBench's usual R_end.
int runParamsCommand() {
    constexpr double kLearningRate = 0.002;
    for (const vazir::params::ParamInfo& p : vazir::params::all())
        std::cout << p.name << ", int, " << p.value << ", " << p.min << ", " << p.max << ", " << p.step << ", "
                  << kLearningRate << "\n";
    return 0;
}

int main(int argc, char** argv) {
    using namespace vazir;
    initCore();

    if (argc > 1 && std::string(argv[1]) == "perft") return runPerftCommand(argc, argv);
    if (argc > 1 && std::string(argv[1]) == "bench") return runBenchCommand(argc, argv);
    if (argc > 1 && std::string(argv[1]) == "params") return runParamsCommand();
    if (argc > 1 && std::string(argv[1]) == "convert") {
        if (argc != 4) {
            std::cerr << "usage: vazir convert <in.txt|in.bin|in.vzg> <out.bin|out.vzg>\n";
            return 2;
        }
        return runConvert(argv[2], argv[3], std::cout);
    }
    if (argc > 1 && std::string(argv[1]) == "datagen") {
        DatagenConfig config;
        if (std::string err = parseDatagenArgs(argc, argv, 2, config); !err.empty()) {
            std::cerr << "datagen: " << err << "\nusage: vazir datagen [output=F.bin|F.vzg|F.txt] [format=binary|games|text] [games=N] [threads=T] [nodes=N]"
                         " [seed=S] [book=EPD] [randomplies=K] [maxopeningscore=CP]"
                         " [evalfile=<embedded>|FILE|(empty: hand-crafted)]\n";
            return 2;
        }
        return runDatagen(config, std::cerr);
    }

    UciLoop uci(std::cout);
    for (int i = 1; i < argc; ++i) {
        if (!uci.handleLine(argv[i])) return 0;
        // A finite search given on the command line runs to its end before the next
        // argument (typically `quit`) is read.
        std::string line = argv[i];
        if (line.rfind("go", 0) == 0 && line.find("infinite") == std::string::npos &&
            line.find("ponder") == std::string::npos)
            uci.waitForSearch();
    }
    // (emscripten's node build reports every standard stream as a terminal: no greeting there)
#ifndef __EMSCRIPTEN__
    if (argc == 1 && isatty(STDIN_FILENO))
        std::cout << "Vazir " << kVersion << " (" << buildTarget() << "), a UCI chess engine. Type 'uci' to start, 'quit' to leave." << std::endl;
#endif
    uci.run(std::cin);
    return 0;
}
