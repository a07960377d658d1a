// Test data: reading the perft suites in tests/data (never ../shared), and FEN transforms.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/position.h"

namespace vazir::testdata {

inline std::string dataPath(const std::string& relative) { return std::string(VAZIR_DATA_DIR) + "/" + relative; }

// The same position with colours swapped and the board flipped vertically (castling
// letters change case, including Chess960's file letters; the e.p. square changes rank).
inline std::string colourFlipFen(const std::string& fen) {
    auto swapCase = [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return std::isalpha(u) ? char(std::isupper(u) ? std::tolower(u) : std::toupper(u)) : c;
    };
    std::istringstream ss(fen);
    std::string board, side, castling, ep, half = "0", full = "1";
    ss >> board >> side >> castling >> ep >> half >> full;
    std::vector<std::string> ranks(1);
    for (char c : board) {
        if (c == '/') ranks.emplace_back();
        else ranks.back() += swapCase(c);
    }
    std::reverse(ranks.begin(), ranks.end());
    std::string out;
    for (size_t i = 0; i < ranks.size(); ++i) out += (i ? "/" : "") + ranks[i];
    std::transform(castling.begin(), castling.end(), castling.begin(), swapCase);
    if (ep.size() == 2) ep[1] = char('1' + ('8' - ep[1]));
    return out + (side == "w" ? " b " : " w ") + castling + " " + ep + " " + half + " " + full;
}

// The FEN with its files mirrored (a <-> h); castling and e.p. dropped.
inline std::string mirrorFilesFen(const std::string& fen) {
    std::istringstream in(fen);
    std::string placement, side;
    in >> placement >> side;
    std::string out, rank;
    for (char c : placement + "/") {
        if (c != '/') {
            rank += c;
            continue;
        }
        out += std::string(rank.rbegin(), rank.rend()) + "/";
        rank.clear();
    }
    out.pop_back();
    return out + " " + side + " - - 0 1";
}

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

// Every position of the three EPD suites: standard, Chess960 and deep (1,095 in all).
inline std::vector<PerftCase> readAllEpdSuites() {
    std::vector<PerftCase> out = readEpdSuite("perft/standard.epd", false);
    for (auto more : {readEpdSuite("perft/chess960.epd", true), readEpdSuite("perft/deep.epd", false)})
        out.insert(out.end(), more.begin(), more.end());
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

// Positions with a forced mate: the move that starts it and its length in moves.
struct MateCase {
    const char* fen;
    const char* best;
    int mateMoves;
};
inline const std::vector<MateCase>& mateCases() {
    static const std::vector<MateCase> cases = {
        {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", 1},
        {"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6", 2},
        {"6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", "g2g1", 2},
        {"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "f8c5", 3},
        {"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1", "d6d1", 3},
    };
    return cases;
}

}  // namespace vazir::testdata
