#include "datagen/kept_games.h"

#include <utility>

namespace vazir {

bool isHeldOutGame(uint64_t gameKey, uint64_t fileIndex, double share) {
    if (share <= 0) return false;
    // A splitmix64 hash of the key, read as a fraction.
    uint64_t z = gameKey * 0x9E3779B97F4A7C15ULL + fileIndex * 0xD1B54A32D192ED03ULL + 0x5851F42D4C957F2DULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return double(z >> 11) * 0x1.0p-53 < share;
}

KeptGames::KeptGames(std::vector<std::string> files, PackedFilter filter, double heldOutShare,
                     std::vector<uint64_t> byteLimits)
    : files_(std::move(files)), filter_(filter), share_(heldOutShare), limits_(std::move(byteLimits)) {}

bool KeptGames::openNext() {
    if (fileIndex_ >= files_.size()) return false;
    const uint64_t limit = fileIndex_ < limits_.size() ? limits_[fileIndex_] : UINT64_MAX;
    if (std::string err = reader_.open(files_[fileIndex_], limit); !err.empty()) {
        error = err;
        return false;
    }
    open_ = true;
    gamesInFile_ = 0;
    return true;
}

bool KeptGames::next(std::vector<PackedPosition>& kept, bool& heldOut) {
    kept.clear();
    while (error.empty()) {
        if (!open_ && !openNext()) return false;
        PackedPosition p;
        while (reader_.next(p)) {
            ++records;
            if (p.isGameMarker()) {
                ++games;
                ++gamesInFile_;
                heldOut = isHeldOutGame(markerGameId(p), fileIndex_, share_);
                heldOutGames += heldOut;
                return true;
            }
            if (filter_.keep(p)) kept.push_back(p);
            else ++dropped;
        }
        if (!reader_.error().empty()) {
            error = reader_.error();
            return false;
        }
        // The end of the file. A game cut short: keyed by its place in the file,
        // complemented so that it is unlike the small ids of the games before it.
        bytesRead.push_back(reader_.offset());
        open_ = false;
        const uint64_t fileIndex = fileIndex_++;
        if (!kept.empty()) {
            heldOut = isHeldOutGame(~gamesInFile_, fileIndex, share_);
            heldOutGames += heldOut;
            return true;
        }
    }
    return false;
}

}  // namespace vazir
