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
// Every call into Fathom holds this lock (see tablebase.h: Debian's build maps tables
// lazily without one of its own).
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

namespace {

// The WDL tables' result for the side to move as if the fifty-move counter were fresh,
// or TB_RESULT_FAILED.
unsigned wdlOf(const Position& pos) {
    const Bitboards b = bitboardsOf(pos);
    std::lock_guard lock(probeMutex);
    return tb_probe_wdl(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns, 0, 0, b.ep,
                        b.whiteToMove);
}

}  // namespace

std::optional<Score> probeWdl(const Position& pos, int ply, const Settings& s) {
    if (pos.rule50() != 0 || !probeable(pos, s)) return std::nullopt;
    const unsigned wdl = wdlOf(pos);
    if (wdl == TB_RESULT_FAILED) return std::nullopt;
    return scoreOf(wdl, ply, s);
}

namespace {

// One root move with the result it keeps for the side to move and, when the DTZ tables
// ranked it, the distance to the next zeroing move after it.
struct RankedMove {
    Move move;
    int cls;       // resultClass(): higher is better
    unsigned wdl;  // the tables' own result
    int dtz;
};

PieceType promotionOf(unsigned promo) {
    return promo == TB_PROMOTES_QUEEN ? Queen : promo == TB_PROMOTES_ROOK ? Rook : promo == TB_PROMOTES_BISHOP ? Bishop
                                                                                                              : Knight;
}

// Every legal move ranked by the DTZ tables; empty when they cannot rank them all (a DTZ
// table missing, or a move Fathom names that is not ours).
std::vector<RankedMove> rankByDtz(const Position& pos, const MoveList& legal, const Settings& s) {
    const Bitboards b = bitboardsOf(pos);
    auto results = std::make_unique<unsigned[]>(TB_MAX_MOVES);
    {
        std::lock_guard lock(probeMutex);
        const unsigned r = tb_probe_root(b.white, b.black, b.kings, b.queens, b.rooks, b.bishops, b.knights, b.pawns,
                                         unsigned(pos.rule50()), 0, b.ep, b.whiteToMove, results.get());
        if (r == TB_RESULT_FAILED) return {};
    }
    std::vector<RankedMove> moves;
    for (int i = 0; i < TB_MAX_MOVES && results[size_t(i)] != TB_RESULT_FAILED; ++i) {
        const unsigned r = results[size_t(i)];
        const auto from = Square(TB_GET_FROM(r)), to = Square(TB_GET_TO(r));
        const unsigned promo = TB_GET_PROMOTES(r);
        for (Move m : legal) {
            if (m.from() != from || m.to() != to) continue;
            if (m.kind() == MoveKind::Promotion && (promo == TB_PROMOTES_NONE || m.promotion() != promotionOf(promo)))
                continue;
            moves.push_back({m, resultClass(TB_GET_WDL(r), s), TB_GET_WDL(r), int(TB_GET_DTZ(r))});
        }
    }
    if (moves.size() != size_t(legal.size())) return {};
    return moves;
}

// Every legal move ranked by the WDL tables alone (a table set without DTZ files): the
// result after each move, probed on a copy of the root. Empty when a probe fails.
std::vector<RankedMove> rankByWdl(const Position& root, const MoveList& legal, const Settings& s) {
    Position pos;
    StateInfo rootState;
    if (!pos.setFromFen(root.fen(), root.chess960(), rootState).ok()) return {};
    std::vector<RankedMove> moves;
    for (Move m : legal) {
        StateInfo st;
        pos.doMove(m, st);
        const unsigned wdl = wdlOf(pos);
        pos.undoMove(m);
        if (wdl == TB_RESULT_FAILED) return {};
        const unsigned ours = TB_WIN - wdl;  // the opponent's result, seen from our side
        moves.push_back({m, resultClass(ours, s), ours, 0});
    }
    return moves;
}

}  // namespace

RootFilter filterRoot(const Position& pos, const Settings& s, const std::vector<Move>& candidates) {
    RootFilter out;
    if (!probeable(pos, s)) return out;
    MoveList legal;
    generateMoves<GenType::All>(pos, legal);
    if (legal.empty()) return out;
    std::vector<RankedMove> moves = rankByDtz(pos, legal, s);
    out.byDtz = !moves.empty();
    if (!out.byDtz) moves = rankByWdl(pos, legal, s);
    if (moves.empty()) return out;  // not every move could be ranked: search them all
    if (!candidates.empty())
        std::erase_if(moves, [&](const RankedMove& m) {
            return std::find(candidates.begin(), candidates.end(), m.move) == candidates.end();
        });
    if (moves.empty()) return out;

    const int best = std::max_element(moves.begin(), moves.end(), [](const RankedMove& x, const RankedMove& y) {
                         return x.cls < y.cls;
                     })->cls;
    // Winning with DTZ: only the moves that zero the counter soonest, so the win is
    // converted; losing: the longest resistance; drawing, or with WDL alone: every move
    // that keeps the result.
    const bool losing = best == TB_LOSS || best == TB_BLESSED_LOSS;
    int bestDtz = losing ? 0 : 1 << 20;
    for (const RankedMove& m : moves)
        if (m.cls == best) bestDtz = losing ? std::max(bestDtz, m.dtz) : std::min(bestDtz, m.dtz);
    for (const RankedMove& m : moves)
        if (m.cls == best && (best == TB_DRAW || !out.byDtz || m.dtz == bestDtz)) {
            out.keep.push_back(m.move);
            // Fathom's DTZ of a root move counts the move itself: the win is that many
            // plies from the next zeroing move. With WDL alone, one ply (the move) is all
            // that is known.
            out.score = scoreOf(m.wdl, out.byDtz ? std::clamp(m.dtz, 1, kMaxPly) : 1, s);
        }
    return out;
}

}  // namespace vazir::tablebase
