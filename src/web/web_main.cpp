// The engine inside a web page's worker (web/vazir-worker.js), built by
// cmake/VazirWeb.cmake as vazir-web.js + vazir-web.wasm. The worker hands each UCI command
// to vazir_command() and receives each output line through Module.onLine, always on its
// own thread (emscripten's main runtime thread), so it can post them to the page one
// message per line.
//
// With threads: the UCI loop runs on a thread of its own that takes commands from a
// queue, so the worker's thread only passes commands in and lines out, and `stop` and
// `isready` are answered during a search. Lines written on any thread are queued, and the
// worker's thread is asked, asynchronously, to send them: a thread that waited for it
// could deadlock, since the worker's thread is also the one that starts new threads.
// Without threads (the fallback for a page that is not cross-origin isolated):
// vazir_command() runs each command to its end, and lines go out as they are written.
#include <emscripten.h>

#include <deque>
#include <mutex>
#include <string>

#ifdef __EMSCRIPTEN_PTHREADS__
#include <condition_variable>
#include <thread>

#include <emscripten/threading.h>
#endif

#include "core/position.h"
#include "uci/uci.h"
#include "util/line_stream.h"

// Runs on the main runtime thread only: Module belongs to it.
EM_JS(void, vazirPostLine, (const char* line), { Module["onLine"](UTF8ToString(line)); });

namespace {

using namespace vazir;

#ifdef __EMSCRIPTEN_PTHREADS__

std::mutex outMutex;
std::deque<std::string> outLines;
bool sendScheduled = false;

void sendQueuedLines() {
    std::deque<std::string> lines;
    {
        std::lock_guard lock(outMutex);
        lines.swap(outLines);
        sendScheduled = false;
    }
    for (const std::string& line : lines) vazirPostLine(line.c_str());
}

void sendLine(const std::string& line) {
    bool schedule = false;
    {
        std::lock_guard lock(outMutex);
        outLines.push_back(line);
        schedule = !sendScheduled;
        sendScheduled = true;
    }
    if (schedule) emscripten_async_run_in_main_runtime_thread(EM_FUNC_SIG_V, sendQueuedLines);
}

std::mutex inMutex;
std::condition_variable inReady;
std::deque<std::string> inLines;

void runUciThread() {
    LineStream out(sendLine);
    UciLoop uci(out);
    while (true) {
        std::string line;
        {
            std::unique_lock lock(inMutex);
            inReady.wait(lock, [] { return !inLines.empty(); });
            line = std::move(inLines.front());
            inLines.pop_front();
        }
        if (!uci.handleLine(line)) return;  // quit: later commands find no one to read them
    }
}

#else

UciLoop* uci = nullptr;
bool quitReceived = false;

#endif

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void vazir_command(const char* line) {
#ifdef __EMSCRIPTEN_PTHREADS__
    {
        std::lock_guard lock(inMutex);
        inLines.emplace_back(line);
    }
    inReady.notify_one();
#else
    if (uci && !quitReceived) quitReceived = !uci->handleLine(line);
#endif
}

// The runtime stays alive after main returns (emscripten's default without EXIT_RUNTIME):
// the worker keeps calling vazir_command.
int main() {
    initCore();
#ifdef __EMSCRIPTEN_PTHREADS__
    std::thread(runUciThread).detach();
#else
    static LineStream out([](const std::string& line) { vazirPostLine(line.c_str()); });
    static UciLoop loop(out);
    uci = &loop;
#endif
    return 0;
}
