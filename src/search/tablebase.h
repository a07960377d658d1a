// Syzygy endgame tablebases, probed through Debian's Fathom library (libfathom-dev) in a
// build with VAZIR_SYZYGY (tablebase.cpp); a build without it (tablebase_unavailable.cpp)
// has the same interface, loads nothing and says so when a path is set.
//
//  - At the root, the DTZ tables rank the moves: only those that keep the best result
//    (a win converted within the fifty-move rule when Syzygy50MoveRule is on, a draw
//    held) are searched, so the engine cannot spoil a tablebase position; a win keeps
//    the moves that reach the next zeroing move soonest, so the win makes progress.
//    Without DTZ tables the WDL tables filter instead (every move that keeps the result).
//    The root's result is what the engine reports, unless the search finds a mate.
//  - In the search, positions with few enough pieces, no castling rights and a fresh
//    fifty-move counter are scored from the WDL tables (a win as a score in the band
//    just below the mates, search/score.h, so that a real mate is still preferred).
// With no path set nothing is probed and the search is unchanged.
//
// Debian's libfathom is built without thread support: a table is mapped on its first
// probe with no lock, so two threads probing at once could both map it. Every probe
// therefore takes one mutex. Probes are rare (a fresh fifty-move counter and few
// pieces), so threads seldom wait on it.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "search/score.h"

namespace vazir::tablebase {

struct Settings {
    int probeDepth = 1;        // SyzygyProbeDepth: probe in search only at this depth or more
    bool use50MoveRule = true;  // Syzygy50MoveRule: cursed wins and blessed losses are draws
    int probeLimit = 7;        // SyzygyProbeLimit: probe only with this many pieces or fewer
};

// Whether this build can probe tablebases at all (VAZIR_SYZYGY).
bool available();

// Loads the tables under `paths` (folders separated by ':', ';' on Windows:
// tablebase_paths.h); an empty path unloads them. Returns "" or a message naming the problem (no tables found, a folder that does
// not exist). Not while a search runs.
std::string init(const std::string& paths);
// The most pieces the loaded tables cover (0 when none are loaded).
int largest();

// The WDL result of the side to move as a score at `ply`, when the position can be
// probed: no castling rights, rule50 == 0, at most min(largest, limit) pieces.
std::optional<Score> probeWdl(const Position& pos, int ply, const Settings& s);

// Root moves that keep the best tablebase result among `candidates` (every legal move
// when empty; `go searchmoves` otherwise), with the score they promise; empty when the
// root cannot be probed (then every candidate is searched).
struct RootFilter {
    std::vector<Move> keep;
    Score score = 0;       // of the kept moves, from the side to move's view: a win as
                           // tbWinIn(plies to the next zeroing move) when DTZ says it
    bool byDtz = false;    // ranked by the DTZ tables (else by WDL alone)
};
RootFilter filterRoot(const Position& pos, const Settings& s, const std::vector<Move>& candidates = {});

}  // namespace vazir::tablebase
