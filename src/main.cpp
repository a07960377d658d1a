// Start-up and command-line subcommands. Any argument that is not a subcommand is read
// as a UCI line, e.g.  vazir "position startpos" "go perft 5" quit
#include <charconv>
#include <cstring>
#include <iostream>
#include <string>
#include <unistd.h>

#include "core/position.h"
#include "uci/uci.h"
#include "version.h"

namespace {

int runPerftCommand(int argc, char** argv) {
    using namespace vazir;
    int depth = 0;
    const char* d = argc > 2 ? argv[2] : "";
    auto [p, ec] = std::from_chars(d, d + std::strlen(d), depth);
    if (ec != std::errc() || *p || depth < 1 || depth > 20) {
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
    if (!r.ok()) {
        ParseResult r960 = pos.setFromFen(fen, true, root);
        if (!r960.ok()) {
            std::cerr << "bad FEN: " << r.error << "\n";
            return 2;
        }
    }
    printPerft(std::cout, pos, depth);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace vazir;
    initCore();
    std::ios::sync_with_stdio(false);

    if (argc > 1 && std::string(argv[1]) == "perft") return runPerftCommand(argc, argv);

    UciLoop uci(std::cout);
    for (int i = 1; i < argc; ++i)
        if (!uci.handleLine(argv[i])) return 0;
    if (argc == 1 && isatty(STDIN_FILENO))
        std::cout << "Vazir " << kVersion << ", a UCI chess engine. Type 'uci' to start, 'quit' to leave." << std::endl;
    uci.run(std::cin);
    return 0;
}
