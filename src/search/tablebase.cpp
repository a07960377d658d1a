#include "search/tablebase.h"

#include <tbprobe.h>

#include <algorithm>
#include <memory>
#include <mutex>

#include "core/movegen.h"
#include "search/tablebase_paths.h"

namespace vazir::tablebase {

namespace {

std::atomic<int> loadedPieces{0};  // TB_LARGEST as of the last init
// Debian's libfathom is built without thread support (it links no mutex): a table is
// mapped on its first probe, unguarded. Every probe goes through this lock, so search
// threads never race inside the library. Probes are rare (a fresh fifty-move counter
// and few pieces), so the lock costs little.
std::mutex probeMutex;

struct Bitboards {
    uint64_t white, black, kings, queens, rooks, bishops, knights, pawns;
    unsigned ep;
    bool whiteToMove;
};

Bitboards bitboardsOf(const Position& pos) {
    return {pos.pieces(White),        pos.pieces(Black),       pos.pieces(King),   pos.pieces(Queen),
            pos.pieces(Rook),         pos.pieces(Bishop),      pos.pieces(Knight), pos.pieces(Pawn),
            pos.epSquare() == NoSquare ? 0u : unsigned(pos.epSquare()), pos.sideToMove() == White};
}

bool probeable(const Position& pos, const Settings& s) {
    const int n = loadedPieces.load(std::memory_order_relaxed);
    return n > 0 && !pos.castlingRights() && popCount(pos.pieces()) <= std::min(n, s.probeLimit);
}

// Orders results for the side to move: higher is better. With the fifty-move rule on,
// a cursed win and a blessed loss are draws.
int resultClass(unsigned wdl, const Settings& s) {
    if (s.use50MoveRule && (wdl == TB_CURSED_WIN || wdl == TB_BLESSED_LOSS)) return TB_DRAW;
    return int(wdl);
}

Score scoreOf(unsigned wdl, int ply, const Settings& s) {
    switch (resultClass(wdl, s)) {
    case TB_WIN: return tbWinIn(ply);
    case TB_CURSED_WIN: return 1;  // a win the fifty-move rule takes away: barely above a draw
    case TB_BLESSED_LOSS: return -1;
    case TB_LOSS: return -tbWinIn(ply);
    default: return 0;
    }
}

}  // namespace

std::string init(const std::string& paths) {
    std::lock_guard lock(probeMutex);
    loadedPieces = 0;
    if (paths.empty() || paths == "<empty>") {
        tb_init("");  // unloads
        return "";
    }
    // Fathom skips a missing folder without a word; a GUI user should hear of a typo.
    if (std::string err = checkFolders(paths); !err.empty()) return err;
    if (!tb_init(paths.c_str())) return "SyzygyPath: the tables could not be loaded";
    loadedPieces = int(TB_LARGEST);
    if (TB_LARGEST == 0) return "SyzygyPath: no Syzygy tables found in '" + paths.substr(0, 200) + "'";
    return "Syzygy tablebases loaded: up to " + std::to_string(TB_LARGEST) + " pieces";
}

bool available() { return true; }

int largest() { return loadedPieces.load(std::memory_order_relaxed); }

std::optional<Score> probeWdl(const Position& pos, int ply, const Settings& s) {
    if (pos.rule50() != 0 || !probeable(pos, s)) return std::nullopt;
    const Bitboards b = bitboardsOf(pos);
    std::lock_guard lock(probeMutex);
    const unsigned wdl = tb_probe_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns,
                                      0, 0, b.ep, b.whiteToMove);
    if (wdl == TB_RESULT_FAILED) return std::nullopt;
    return scoreOf(wdl, ply, s);
}

RootFilter filterRoot(const Position& pos, const Settings& s) {
    RootFilter out;
    if (!probeable(pos, s)) return out;
    MoveList legal;
    generateMoves<GenType::All>(pos, legal);
    if (legal.empty()) return out;
    const Bitboards b = bitboardsOf(pos);
    auto results = std::make_unique<unsigned[]>(TB_MAX_MOVES);
    {
        std::lock_guard lock(probeMutex);
        const unsigned r = tb_probe_root(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns,
                                         unsigned(pos.rule50()), 0, b.ep, b.whiteToMove, results.get());
        if (r == TB_RESULT_FAILED) return out;
    }
    // Each result: the move (from, to, promotion), the WDL it keeps for the side to move
    // and the distance to zeroing the fifty-move counter after it.
    struct Scored {
        Move move;
        int cls;
        int dtz;
        unsigned wdl;
    };
    std::vector<Scored> moves;
    for (int i = 0; i < TB_MAX_MOVES && results[size_t(i)] != TB_RESULT_FAILED; ++i) {
        const unsigned r = results[size_t(i)];
        const auto from = Square(TB_GET_FROM(r)), to = Square(TB_GET_TO(r));
        const unsigned promo = TB_GET_PROMOTES(r);
        for (Move m : legal) {
            if (m.from() != from || m.to() != to) continue;
            if (m.kind() == MoveKind::Promotion) {
                const PieceType want = promo == TB_PROMOTES_QUEEN ? Queen : promo == TB_PROMOTES_ROOK ? Rook
                                       : promo == TB_PROMOTES_BISHOP ? Bishop : Knight;
                if (promo == TB_PROMOTES_NONE || m.promotion() != want) continue;
            }
            moves.push_back({m, resultClass(TB_GET_WDL(r), s), int(TB_GET_DTZ(r)), TB_GET_WDL(r)});
        }
    }
    if (moves.size() != size_t(legal.size())) return out;  // something did not match: search everything
    const int best = std::max_element(moves.begin(), moves.end(), [](const Scored& x, const Scored& y) { return x.cls < y.cls; })->cls;
    // Winning: only the moves that zero the counter soonest, so the win is converted;
    // losing: the longest resistance; drawing: every move that holds the draw.
    const bool losing = best == TB_LOSS || best == TB_BLESSED_LOSS;
    int bestDtz = losing ? 0 : 1 << 20;
    for (const Scored& m : moves)
        if (m.cls == best) bestDtz = losing ? std::max(bestDtz, m.dtz) : std::min(bestDtz, m.dtz);
    for (const Scored& m : moves)
        if (m.cls == best && (best == TB_DRAW || m.dtz == bestDtz)) {
            out.keep.push_back(m.move);
            out.score = scoreOf(m.wdl, 1, s);
        }
    return out;
}

}  // namespace vazir::tablebase
