#include "uci/uci.h"

#include <charconv>
#include <chrono>
#include <iostream>
#include <vector>

#include "core/move_text.h"
#include "core/perft.h"
#include "uci/text.h"
#include "version.h"

namespace vazir {

UciLoop::UciLoop(std::ostream& out) : out_(out) {}

void UciLoop::infoString(const std::string& text) { out_ << "info string " << text << std::endl; }

void UciLoop::run(std::istream& in) {
    std::string line;
    while (std::getline(in, line))
        if (!handleLine(line)) return;
}

bool UciLoop::handleLine(std::string_view raw) {
    std::string line = sanitizeLine(raw);
    auto [cmd, args] = splitFirstToken(line);
    if (cmd.empty()) return true;
    if (cmd == "quit") return false;
    if (cmd == "uci") cmdUci();
    else if (cmd == "isready") out_ << "readyok" << std::endl;
    else if (cmd == "position") cmdPosition(args);
    else if (cmd == "setoption") cmdSetOption(args);
    else if (cmd == "go") cmdGo(args);
    else if (cmd == "ucinewgame") {}
    else if (cmd == "d") out_ << game_.position().fen() << std::endl;
    else infoString("unknown command '" + std::string(cmd.substr(0, 32)) + "'");
    return true;
}

void UciLoop::cmdUci() {
    out_ << "id name Vazir " << kVersion << "\n"
         << "id author the Vazir developers\n"
         << "option name UCI_Chess960 type check default false\n"
         << "uciok" << std::endl;
}

void UciLoop::cmdPosition(std::string_view args) {
    std::vector<std::string_view> tokens = splitTokens(args);
    if (tokens.empty()) return infoString("position needs 'startpos' or 'fen <fen>'");
    std::string fen;
    size_t i = 1;
    if (tokens[0] == "startpos") {
        fen = Position::kStartFen;
    } else if (tokens[0] == "fen") {
        for (; i < tokens.size() && tokens[i] != "moves"; ++i) fen += std::string(tokens[i]) + " ";
    } else {
        return infoString("position needs 'startpos' or 'fen <fen>', got '" + std::string(tokens[0].substr(0, 32)) + "'");
    }
    std::vector<std::string_view> moves;
    if (i < tokens.size()) {
        if (tokens[i] != "moves") return infoString("expected 'moves' after the position, got '" + std::string(tokens[i].substr(0, 32)) + "'");
        moves.assign(tokens.begin() + long(i) + 1, tokens.end());
    }
    if (ParseResult r = game_.set(fen, moves, chess960_); !r.ok()) infoString("position ignored: " + r.error);
}

void UciLoop::cmdSetOption(std::string_view args) {
    SetOptionArgs opt = parseSetOption(args);
    if (!opt.ok) return infoString("malformed setoption: expected 'setoption name <name> [value <value>]'");
    if (equalsIgnoreCase(opt.name, "UCI_Chess960")) {
        if (equalsIgnoreCase(opt.value, "true")) chess960_ = true;
        else if (equalsIgnoreCase(opt.value, "false")) chess960_ = false;
        else return infoString("UCI_Chess960 takes true or false, got '" + opt.value.substr(0, 32) + "'");
    } else {
        infoString("unknown option '" + opt.name.substr(0, 64) + "'");
    }
}

void UciLoop::cmdGo(std::string_view args) {
    std::vector<std::string_view> tokens = splitTokens(args);
    if (tokens.size() >= 2 && tokens[0] == "perft") {
        int depth = 0;
        auto [p, ec] = std::from_chars(tokens[1].data(), tokens[1].data() + tokens[1].size(), depth);
        if (ec != std::errc() || p != tokens[1].data() + tokens[1].size() || depth < 1 || depth > 20)
            return infoString("go perft needs a depth from 1 to 20");
        return printPerft(out_, game_.position(), depth);
    }
    infoString("this build only supports 'go perft <depth>'");
}

void printPerft(std::ostream& out, Position& pos, int depth) {
    auto start = std::chrono::steady_clock::now();
    uint64_t total = perftDivide(pos, depth, [&](Move m, uint64_t n) {
        out << moveToUci(m, pos.chess960()) << ": " << n << "\n";
    });
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out << "\nNodes searched: " << total << "\n"
        << "Time: " << int64_t(seconds * 1000) << " ms\n"
        << "Nodes/second: " << uint64_t(double(total) / std::max(seconds, 1e-6)) << "\n"
        << std::endl;
}

}  // namespace vazir
