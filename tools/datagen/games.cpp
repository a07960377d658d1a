#include "datagen/games.h"

#include <algorithm>
#include <cstring>

#include "core/movegen.h"
#include "search/movepick.h"

namespace vazir {

namespace {

// The flag bits a start record keeps: side to move and castling rights.
constexpr uint8_t kStartFlags = 0x1F;

void put(std::string& out, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out += char(uint8_t(v >> (8 * i)));
}

uint64_t get(const unsigned char* p, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= uint64_t(p[i]) << (8 * i);
    return v;
}

std::string gameName(const StoredGame& g) { return "game " + std::to_string(g.id); }

}  // namespace

bool isGamesMagic(const char* bytes, size_t size) {
    return size >= sizeof kGamesMagic && std::memcmp(bytes, kGamesMagic, sizeof kGamesMagic) == 0;
}

std::string gamesFileHeader() {
    std::string h(kGamesMagic, sizeof kGamesMagic);
    put(h, kGamesVersion, 4);
    return h;
}

void appendGame(const StoredGame& game, std::string& out) {
    put(out, game.id, 8);
    put(out, game.result, 1);
    put(out, game.moves.size(), 2);
    put(out, game.plies, 2);
    if (game.moves.empty()) return;
    out.append(reinterpret_cast<const char*>(&game.start), sizeof game.start);
    for (const StoredGame::Ply& p : game.moves) put(out, p.move, 2);
    for (const StoredGame::Ply& p : game.moves) put(out, uint16_t(p.score), 2);
}

std::string recordsFromGame(const StoredGame& game, std::vector<PackedPosition>& out, std::vector<StateInfo>& scratch) {
    out.clear();
    if (game.result > 2) return gameName(game) + ": result " + std::to_string(game.result) + " (0, 1 or 2)";
    const size_t n = game.moves.size();
    if (n > 0) {
        const PackedPosition& s = game.start;
        if (s.score != 0 || s.bestMove != 0 || s.result != 0 || (s.flags & ~kStartFlags) != 0)
            return gameName(game) + ": the start record has fields set that the format recomputes";
        const std::string fen = unpackFen(s);
        if (fen.empty() || s.epFile > 8) return gameName(game) + ": the start record is not a position";
        if (scratch.size() < n) scratch.resize(n);  // before the replay: the states point at each other
        Position pos;
        if (!pos.setFromFen(fen, false, scratch[0]).ok())
            return gameName(game) + ": the start position is not legal (" + fen + ")";
        for (size_t i = 0; i < n; ++i) {
            const Move m = Move::fromRaw(game.moves[i].move);
            const bool legal = m != Move::none() && isLegal(pos, m);
            const bool played = i + 1 < n;
            if (!legal && (played || m != Move::none()))
                return gameName(game) + ": move " + std::to_string(i) + " (" + std::to_string(m.raw()) +
                       ") is not legal in " + pos.fen();
            PackedPosition r = packPosition(pos, 0, m, legal && isNoisy(pos, m), game.result, int(s.ply) + int(i));
            r.score = game.moves[i].score;  // as stored: packPosition would clamp it
            if (i == 0 && (r.occupancy != s.occupancy || std::memcmp(r.pieces, s.pieces, sizeof r.pieces) != 0 ||
                           (r.flags & kStartFlags) != s.flags || r.epFile != s.epFile || r.ply != s.ply))
                return gameName(game) + ": the start record is not the one its position packs to";
            out.push_back(r);
            if (played) pos.doMove(m, scratch[i + 1]);
        }
    }
    out.push_back(packGameMarker(game.id, game.result, game.plies));
    return "";
}

std::string gameFromRecords(const std::vector<PackedPosition>& records, const PackedPosition& marker,
                            StoredGame& game) {
    if (!marker.isGameMarker()) return "the game has no marker";
    game.id = markerGameId(marker);
    game.result = marker.result;
    game.plies = marker.bestMove;
    if (records.size() > 65535) return gameName(game) + ": more than 65535 positions";
    game.moves.clear();
    for (const PackedPosition& r : records) game.moves.push_back({r.bestMove, r.score});
    if (!records.empty()) {
        game.start = records[0];
        game.start.score = 0;
        game.start.bestMove = 0;
        game.start.result = 0;
        game.start.flags &= kStartFlags;
    }
    // The stored game must give back these very bytes.
    std::vector<PackedPosition> back;
    std::vector<StateInfo> scratch;
    if (std::string err = recordsFromGame(game, back, scratch); !err.empty()) return err;
    for (size_t i = 0; i < records.size(); ++i)
        if (std::memcmp(&back[i], &records[i], sizeof records[i]) != 0)
            return gameName(game) + ": record " + std::to_string(i) +
                   " is not what replaying the game gives (not the position after the last best move, or other flags)";
    if (std::memcmp(&back.back(), &marker, sizeof marker) != 0)
        return gameName(game) + ": the marker has fields set beyond id, result and plies";
    return "";
}

GamesFileReader::~GamesFileReader() {
    if (file_) std::fclose(file_);
}

std::string GamesFileReader::open(const std::string& path) {
    if (file_) std::fclose(file_);
    path_ = path;
    error_.clear();
    cut_ = false;
    offset_ = 0;
    file_ = std::fopen(path.c_str(), "rb");
    if (!file_) return error_ = "cannot open '" + path + "'";
    char h[kGamesHeaderBytes];
    const size_t got = std::fread(h, 1, sizeof h, file_);
    if (!isGamesMagic(h, got)) return error_ = "'" + path + "' is not a game-format file (no VZGAMES magic)";
    if (got < sizeof h) return error_ = "'" + path + "' ends inside its header";
    const uint32_t version = uint32_t(get(reinterpret_cast<const unsigned char*>(h + 8), 4));
    if (version != kGamesVersion)
        return error_ = "'" + path + "' is game format version " + std::to_string(version) + ", this build reads " +
                        std::to_string(kGamesVersion);
    offset_ = sizeof h;
    return "";
}

bool GamesFileReader::next(StoredGame& game) {
    if (!file_ || !error_.empty()) return false;
    unsigned char h[kGameHeaderBytes];
    const size_t got = std::fread(h, 1, sizeof h, file_);
    const auto fail = [&](const std::string& what) {
        error_ = "'" + path_ + "', game at byte " + std::to_string(offset_) + ": " + what;
        return false;
    };
    if (got == 0 && !std::ferror(file_)) return false;  // the end, between games
    if (std::ferror(file_)) return fail("read error");
    if (got < sizeof h) {
        cut_ = true;
        return fail("the file ends inside the game");
    }
    game.id = get(h, 8);
    game.result = h[8];
    const size_t n = size_t(get(h + 9, 2));
    game.plies = uint16_t(get(h + 11, 2));
    if (game.result > 2) return fail("result " + std::to_string(game.result) + " (0, 1 or 2)");
    game.moves.resize(n);
    uint64_t bytes = sizeof h;
    if (n > 0) {
        body_.resize(4 * n);
        unsigned char* body = body_.data();
        if (std::fread(&game.start, sizeof game.start, 1, file_) != 1 || std::fread(body, 4, n, file_) != n) {
            cut_ = !std::ferror(file_);
            return fail(cut_ ? "the file ends inside the game" : "read error");
        }
        for (size_t i = 0; i < n; ++i)
            game.moves[i] = {uint16_t(get(body + 2 * i, 2)), int16_t(uint16_t(get(body + 2 * (n + i), 2)))};
        bytes += sizeof game.start + 4 * n;
    }
    offset_ += bytes;
    return true;
}

}  // namespace vazir
