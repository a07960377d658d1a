// The UCI text protocol: parses lines into calls on the Engine and prints what it
// reports. The only place (with main.cpp) that reads stdin or writes stdout. Output
// from the search thread and the input thread goes through one mutex, line by line.
#pragma once

#include <atomic>
#include <fstream>
#include <iosfwd>
#include <mutex>
#include <string>
#include <string_view>

#include "engine/engine.h"

namespace vazir {

class UciLoop {
public:
    explicit UciLoop(std::ostream& out);
    ~UciLoop();

    // Handles one input line. Returns false when the line was `quit`.
    bool handleLine(std::string_view line);
    // Reads lines from `in` until `quit` or end of input, then stops any search.
    void run(std::istream& in);
    // Blocks until the current search (if any) has sent its bestmove.
    void waitForSearch() { engine_.waitForSearch(); }

    Engine& engine() { return engine_; }

private:
    void cmdUci();
    void cmdPosition(std::string_view args);
    void cmdSetOption(std::string_view args);
    void cmdGo(std::string_view args);
    void cmdBench(std::string_view args);
    void startPerft(int depth);
    void emit(const std::string& text);
    void infoString(const std::string& text) { emit("info string " + text); }
    void printReport(const SearchReport& r);
    void logInput(std::string_view line);
    std::string openLog(const std::string& path);

    std::ostream& out_;
    std::mutex outMutex_;
    bool debug_ = false;
    std::ofstream log_;  // Debug Log File (guarded by outMutex_)
    std::atomic<bool> showWdl_{false};
    std::atomic<int> wdlMaterial_{0};  // of the position being searched (printed by the search thread)
    Engine engine_;
};

// Runs perft with a per-move divide, Stockfish's output shape, plus time and speed.
void printPerft(std::ostream& out, Position& pos, int depth);

}  // namespace vazir
