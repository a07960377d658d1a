// Reading the shared perft suites for tests.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/position.h"

namespace vazir::testdata {

inline std::string dataPath(const std::string& relative) { return std::string(VAZIR_DATA_DIR) + "/" + relative; }

struct PerftCase {
    std::string fen;
    std::vector<uint64_t> counts;  // counts[d - 1] = perft(d)
    bool chess960 = false;
};

// EPD lines "FEN ;D1 n ;D2 n ...".
inline std::vector<PerftCase> readEpdSuite(const std::string& relative, bool chess960) {
    std::ifstream in(dataPath(relative));
    if (!in) throw std::runtime_error("cannot open " + dataPath(relative));
    std::vector<PerftCase> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        PerftCase c;
        c.chess960 = chess960;
        size_t semi = line.find(';');
        c.fen = line.substr(0, semi);
        while (!c.fen.empty() && c.fen.back() == ' ') c.fen.pop_back();
        while (semi != std::string::npos) {
            size_t next = line.find(';', semi + 1);
            std::istringstream field(line.substr(semi + 1, next == std::string::npos ? std::string::npos : next - semi - 1));
            std::string depth;
            uint64_t n = 0;
            field >> depth >> n;
            if (depth.size() < 2 || depth[0] != 'D') throw std::runtime_error("bad perft field in " + line);
            size_t d = std::stoul(depth.substr(1));
            if (c.counts.size() < d) c.counts.resize(d);  // missing depths stay 0 = not given
            c.counts[d - 1] = n;
            semi = next;
        }
        out.push_back(c);
    }
    return out;
}

// Blocks of "id", "epd <fen>", "perft <depth> <count>" (python-chess format). Positions
// whose castling letters need Chess960 parsing are marked as such.
inline std::vector<PerftCase> readTrickySuite() {
    std::ifstream in(dataPath("perft/tricky.perft"));
    if (!in) throw std::runtime_error("cannot open tricky.perft");
    std::vector<PerftCase> out;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream ss(line);
        std::string word;
        ss >> word;
        if (word == "epd") {
            PerftCase c;
            std::getline(ss, c.fen);
            c.fen = c.fen.substr(c.fen.find_first_not_of(' '));
            Position p;
            StateInfo st;
            c.chess960 = !p.setFromFen(c.fen, false, st).ok();
            out.push_back(c);
        } else if (word == "perft" && !out.empty()) {
            int depth = 0;
            uint64_t n = 0;
            ss >> depth >> n;
            out.back().counts.resize(size_t(depth));
            out.back().counts[size_t(depth - 1)] = n;
        }
    }
    return out;
}

}  // namespace vazir::testdata
