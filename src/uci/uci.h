// The UCI text protocol: parses lines into calls on the game/engine and prints replies.
// The only place (with main.cpp) that reads stdin or writes stdout.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "engine/game.h"

namespace vazir {

class UciLoop {
public:
    explicit UciLoop(std::ostream& out);

    // Handles one input line. Returns false when the line was `quit`.
    bool handleLine(std::string_view line);
    // Reads lines from `in` until `quit` or end of input.
    void run(std::istream& in);

private:
    void cmdUci();
    void cmdPosition(std::string_view args);
    void cmdSetOption(std::string_view args);
    void cmdGo(std::string_view args);
    void infoString(const std::string& text);

    std::ostream& out_;
    Game game_;
    bool chess960_ = false;
};

// Runs perft with a per-move divide, Stockfish's output shape, plus time and speed.
void printPerft(std::ostream& out, Position& pos, int depth);

}  // namespace vazir
