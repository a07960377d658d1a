// libFuzzer target: arbitrary text as UCI lines, fed one by one to the real front end
// (UciLoop) in process, searches running on their own threads while later lines arrive,
// as from a GUI. The harness only keeps the fuzzer from waiting or from touching the
// machine: every `go` gets a small depth and node limit appended (a later limit wins, so
// whatever the line asked for is still parsed), `go perft` deeper than 2 and options
// that allocate a lot (Hash, Threads) or name files (Debug Log File, EvalFile,
// SyzygyPath other than the built-in values) are left out, and so is `bench` but for one
// at depth 1 per input (it searches 50 positions with an engine of its own). The oracle besides the
// sanitizers: every `go` ends in exactly one `bestmove`.
#include <atomic>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

#include "core/position.h"
#include "uci/uci.h"
#include "util/text.h"

using namespace vazir;

namespace {

constexpr int kMaxSearchesPerInput = 8;  // more would only slow the fuzzer down
constexpr int64_t kMaxHashMb = 4, kMaxThreads = 4, kMaxPerftDepth = 2;

// Counts the `bestmove` lines written to it (the loop writes whole lines under its
// output mutex, from the input and the search threads).
class BestMoveCounter : public std::streambuf {
public:
    std::atomic<int> count{0};

protected:
    int overflow(int c) override {
        if (c == '\n') {
            if (line_.rfind("bestmove ", 0) == 0) ++count;
            line_.clear();
        } else if (c != EOF && line_.size() < 16) {
            line_ += char(c);
        }
        return c == EOF ? 0 : c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        for (std::streamsize i = 0; i < n; ++i) overflow(static_cast<unsigned char>(s[i]));
        return n;
    }

private:
    std::string line_;
};

BestMoveCounter* counter;
std::ostream* out;
UciLoop* loop;

bool integerAbove(std::string_view text, int64_t max) {
    int64_t v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    return ec == std::errc() && p == text.data() + text.size() && v > max;
}

// The line to send for `raw`, or nothing to leave it out; counts the searches and benches
// started.
std::optional<std::string> bounded(std::string_view raw, int& searches, int& benches) {
    std::string line = sanitizeLine(raw);
    auto [cmd, args] = splitFirstToken(line);
    if (cmd == "bench") {
        const auto t = splitTokens(args);
        if (t.empty() || integerAbove(t[0], 1) || (t.size() > 1 && integerAbove(t[1], kMaxThreads)) || ++benches > 1)
            return std::nullopt;
        return line;
    }
    if (cmd == "go") {
        const auto t = splitTokens(args);
        if (!t.empty() && t[0] == "perft") {
            if (t.size() == 2 && integerAbove(t[1], kMaxPerftDepth)) return std::nullopt;
            return line;
        }
        if (++searches > kMaxSearchesPerInput) return std::nullopt;
        return line + " depth 3 nodes 2000";
    }
    if (cmd == "setoption") {
        const SetOptionArgs o = parseSetOption(args);
        if (!o.ok) return line;
        if (equalsIgnoreCase(o.name, "Hash") && integerAbove(o.value, kMaxHashMb)) return std::nullopt;
        if (equalsIgnoreCase(o.name, "Threads") && integerAbove(o.value, kMaxThreads)) return std::nullopt;
        if (equalsIgnoreCase(o.name, "Debug Log File")) return std::nullopt;
        if (equalsIgnoreCase(o.name, "EvalFile") || equalsIgnoreCase(o.name, "SyzygyPath")) {
            if (o.value != "<empty>" && o.value != "<embedded>" && !o.value.empty()) return std::nullopt;
        }
    }
    return line;
}

// Options back to their defaults (a small table), a new game from the start position.
void reset() {
    loop->handleLine("stop");
    loop->waitForSearch();
    Engine& engine = loop->engine();
    for (const Option& o : engine.options().all()) {
        if (o.type == Option::Type::Button || o.name == "Debug Log File") continue;
        engine.setOption(o.name, o.name == "Hash" ? "1" : o.defaultValue, true);
    }
    loop->handleLine("debug off");
    loop->handleLine("ucinewgame");
    loop->handleLine("position startpos");
    counter->count = 0;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    initCore();
    // Kept for the whole run (reset before each input): building a loop per input would
    // spend the time on allocating tables and starting threads.
    counter = new BestMoveCounter;
    out = new std::ostream(counter);
    loop = new UciLoop(*out);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    reset();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    int searches = 0, benches = 0;
    for (size_t begin = 0; begin <= text.size();) {
        size_t end = text.find('\n', begin);
        if (end == std::string_view::npos) end = text.size();
        if (const std::optional<std::string> line = bounded(text.substr(begin, end - begin), searches, benches))
            if (!loop->handleLine(*line)) break;  // quit
        begin = end + 1;
    }
    loop->handleLine("stop");
    loop->waitForSearch();
    const int started = std::min(searches, kMaxSearchesPerInput);
    if (counter->count != started) {
        std::fprintf(stderr, "fuzz_uci: %d searches started, %d bestmove lines\n", started, counter->count.load());
        std::abort();
    }
    return 0;
}
