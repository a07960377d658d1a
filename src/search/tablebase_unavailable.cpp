// search/tablebase.h for a build without Fathom (VAZIR_SYZYGY=OFF: cross builds, where
// Debian's libfathom is not there for the target). Nothing is ever probed, and setting a
// path says so in an `info string`, so that a user does not believe tables are in use.
#include "search/tablebase.h"

namespace vazir::tablebase {

bool available() { return false; }

std::string init(const std::string& paths) {
    if (paths.empty() || paths == "<empty>") return "";
    return "SyzygyPath: Syzygy tablebases are not available in this build (built without VAZIR_SYZYGY); '" +
           paths.substr(0, 200) + "' ignored";
}

int largest() { return 0; }

std::optional<Score> probeWdl(const Position&, int, const Settings&) { return std::nullopt; }

RootFilter filterRoot(const Position&, const Settings&, const std::vector<Move>&) { return {}; }

}  // namespace vazir::tablebase
