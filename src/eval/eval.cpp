#include "eval/eval.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>

namespace vazir {

namespace {

constexpr int kPhaseWeight[kNumPieceTypes] = {0, 0, 1, 1, 2, 4, 0};
constexpr int kMaxPhase = 24;
constexpr int kScaleNormal = 128;
constexpr int kScaleOppositeBishopsPure = 64;   // only opposite bishops and pawns
constexpr int kScaleOppositeBishops = 96;       // opposite bishops with other pieces
constexpr int kScaleNoPawnsSmallEdge = 16;      // no pawns, less than a rook up: drawish
constexpr Score kSmallEdge = 400;               // material edge (by kPieceValue) that rarely wins without pawns
constexpr int kKingAttackMinAttackers = 2;      // king-zone attacks count only from two attackers on

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

// Files adjacent to a file.
constexpr Bitboard adjacentFiles(int f) {
    return (f > 0 ? fileBB(f - 1) : 0) | (f < 7 ? fileBB(f + 1) : 0);
}
// Ranks strictly in front of s from c's side, as a table built at compile time.
struct ForwardRanks {
    Bitboard ahead[2][64] = {};
    constexpr ForwardRanks() {
        for (int s = 0; s < 64; ++s)
            for (int r = 0; r < 8; ++r) {
                if (r > s / 8) ahead[White][s] |= rankBB(r);
                if (r < s / 8) ahead[Black][s] |= rankBB(r);
            }
    }
};
constexpr ForwardRanks kForward;

// Squares in front of s (from c's side) on the same file.
Bitboard forwardFile(Color c, Square s) { return kForward.ahead[c][s] & fileBB(fileOf(s)); }
// Squares in front of s on the adjacent files (where enemy pawns could stop or take it).
Bitboard forwardAdjacent(Color c, Square s) { return kForward.ahead[c][s] & adjacentFiles(fileOf(s)); }

int distance(Square a, Square b) {
    return std::max(std::abs(fileOf(a) - fileOf(b)), std::abs(rankOf(a) - rankOf(b)));
}

// The core keeps the sum of material and placement incrementally (core/psq.h); these
// are its numbers, installed before main() runs. kWeights is constant-initialised, so it
// is ready whichever translation unit is initialised first.
[[maybe_unused]] const bool kPsqInstalled = [] {
    for (Color c : {White, Black})
        for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King})
            for (int s = 0; s < kNumSquares; ++s) {
                const Pair v = kWeights.material[pt] + kWeights.psqt[(pt - 1) * 64 + relative(c, Square(s))];
                const int sign = c == White ? 1 : -1;
                psq::table[makePiece(c, pt)][s] = PsqValue{sign * v.mg, sign * v.eg};
            }
    return true;
}();

// Pawn-structure result for one pawn configuration, cached by pawn key.
struct PawnEntry {
    Key key = 0;
    Pair score;              // white minus black
    Bitboard passed = 0;     // passed pawns of both colours
};

struct PawnCache {
    static constexpr size_t kEntries = 1 << 14;
    PawnEntry entries[kEntries];
};

PawnCache& pawnCache() {
    thread_local std::unique_ptr<PawnCache> cache = std::make_unique<PawnCache>();
    return *cache;
}

template <bool Tracing>
class Evaluator {
public:
    Evaluator(const Position& pos, EvalTrace* trace) : pos_(pos), trace_(trace) {}

#define T(name) (Tracing ? trace_->name : nullptr)
    // White's point of view.
    Score run() {
        init();
        if constexpr (!Tracing) score_ += Pair(pos_.psq().mg, pos_.psq().eg);  // material and placement
        const PawnEntry pawns = pawnStructure();
        score_ += pawns.score;
        for (Color c : {White, Black}) {
            pieces(c);
            passedPawns(c, pawns.passed & pos_.pieces(c));
        }
        for (Color c : {White, Black}) {
            kingSafety(c);
            threats(c);
        }
        term(pos_.sideToMove(), W().tempo, T(tempo), 0);

        int phase = 0;
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) phase += kPhaseWeight[pt] * popCount(pos_.pieces(pt));
        phase = std::min(phase, kMaxPhase);
        const int scale = endgameScale();
        if constexpr (Tracing) {
            trace_->phase = phase;
            trace_->scale = scale;
        }
        int v = (score_.mg * phase + score_.eg * (kMaxPhase - phase) * scale / kScaleNormal) / kMaxPhase;
        // Drift toward a draw as the fifty-move counter rises.
        return v * (200 - std::min(pos_.rule50(), 100)) / 200;
    }

private:
    // The compiled-in weights (src/eval/weights.cpp), traced or not.
    static const EvalWeights& W() { return kWeights; }

    // Adds weights[index] * count for colour c (negated for Black) and, when tracing,
    // records the coefficient.
    void term(Color c, const Pair* weights, int (*coeffs)[2], int index, int count = 1) {
        Pair p = weights[index] * count;
        score_ += c == White ? p : -p;
        if constexpr (Tracing) coeffs[index][c] += count;
    }
    void init() {
        for (Color c : {White, Black}) {
            pawnAttacks_[c] = c == White ? pawnAttacksBB<White>(pos_.pieces(White, Pawn))
                                         : pawnAttacksBB<Black>(pos_.pieces(Black, Pawn));
            attacked_[c] = pawnAttacks_[c] | kingAttacks(pos_.kingSquare(c));
            minorAttacks_[c] = rookAttacks_[c] = 0;
            kingZone_[c] = kingAttacks(pos_.kingSquare(c)) | squareBB(pos_.kingSquare(c));
            zoneAttackers_[c] = 0;
            std::memset(zoneAttackCount_[c], 0, sizeof(zoneAttackCount_[c]));
        }
        // Attack maps first (threats and king safety need the whole board's attacks).
        const Bitboard occ = pos_.pieces();
        for (Color c : {White, Black})
            for (Bitboard b = pos_.pieces(c) & ~pos_.pieces(Pawn, King); b;) {
                Square s = popLsb(b);
                PieceType pt = typeOf(pos_.pieceOn(s));
                Bitboard a = attacksBB(pt, s, occ);
                attacked_[c] |= a;
                attackedBy_[c][pt] |= a;
                pieceAttacks_[s] = a;
                if (pt == Knight || pt == Bishop) minorAttacks_[c] |= a;
                if (pt == Rook) rookAttacks_[c] |= a;
            }
    }

    // Material, placement, mobility, files, outposts and king-zone attacks.
    void pieces(Color c) {
        const Color them = ~c;
        const Bitboard ownPawns = pos_.pieces(c, Pawn), theirPawns = pos_.pieces(them, Pawn);
        const Bitboard mobilityArea = ~(ownPawns | pos_.pieces(c, King) | pawnAttacks_[them]);

        // Material and placement come summed from the position, except when tracing
        // (a trace lists each coefficient).
        for (Bitboard b = Tracing ? pos_.pieces(c) : pos_.pieces(c) & ~pos_.pieces(Pawn, King); b;) {
            Square s = popLsb(b);
            PieceType pt = typeOf(pos_.pieceOn(s));
            if constexpr (Tracing) {
                term(c, W().material, T(material), pt);
                term(c, W().psqt, T(psqt), (pt - 1) * 64 + relative(c, s));
            }
            if (pt == Pawn || pt == King) continue;

            const Bitboard a = pieceAttacks_[s];
            int mobility = popCount(a & mobilityArea);
            if (Bitboard zone = a & kingZone_[them]) {
                ++zoneAttackers_[c];
                zoneAttackCount_[c][pt] += popCount(zone);
            }
            switch (pt) {
            case Knight: term(c, W().knightMobility, T(knightMobility), mobility); break;
            case Bishop: term(c, W().bishopMobility, T(bishopMobility), mobility); break;
            case Rook: term(c, W().rookMobility, T(rookMobility), mobility); break;
            default: term(c, W().queenMobility, T(queenMobility), mobility); break;
            }

            const Bitboard file = fileBB(fileOf(s));
            if (pt == Knight || pt == Bishop) {
                // Outpost: ranks 4-6, defended by a pawn, no enemy pawn can ever chase it.
                int rr = relativeRank(c, s);
                if (rr >= 3 && rr <= 5 && (pawnAttacks_[c] & squareBB(s)) && !(forwardAdjacent(c, s) & theirPawns))
                    pt == Knight ? term(c, W().knightOutpost, T(knightOutpost), 0)
                                 : term(c, W().bishopOutpost, T(bishopOutpost), 0);
                if (relativeRank(c, s) < 7 && (ownPawns & squareBB(s + pawnPush(c))))
                    term(c, W().minorBehindPawn, T(minorBehindPawn), 0);
            } else if (pt == Rook || pt == Queen) {
                const bool open = !(file & (ownPawns | theirPawns)), semiOpen = !(file & ownPawns);
                if (pt == Rook) {
                    if (open) term(c, W().rookOpenFile, T(rookOpenFile), 0);
                    else if (semiOpen) term(c, W().rookSemiOpenFile, T(rookSemiOpenFile), 0);
                    if (relativeRank(c, s) == 6 &&
                        (relativeRank(c, pos_.kingSquare(them)) == 7 || (theirPawns & rankBB(rankOf(s)))))
                        term(c, W().rookOnSeventh, T(rookOnSeventh), 0);
                } else {
                    if (open) term(c, W().queenOpenFile, T(queenOpenFile), 0);
                    else if (semiOpen) term(c, W().queenSemiOpenFile, T(queenSemiOpenFile), 0);
                }
            }
        }
        const Bitboard bishops = pos_.pieces(c, Bishop);
        if ((bishops & kDarkSquares) && (bishops & ~kDarkSquares)) term(c, W().bishopPair, T(bishopPair), 0);
    }

    PawnEntry pawnStructure() {
        PawnEntry* slot = nullptr;
        if constexpr (!Tracing) {
            slot = &pawnCache().entries[pos_.pawnKey() & (PawnCache::kEntries - 1)];
            if (slot->key == pos_.pawnKey() && pos_.pawnKey() != 0) return *slot;
        }
        PawnEntry e;
        e.key = pos_.pawnKey();
        const Pair before = score_;
        score_ = Pair();
        for (Color c : {White, Black}) {
            const Color them = ~c;
            const Bitboard own = pos_.pieces(c, Pawn), theirs = pos_.pieces(them, Pawn);
            for (Bitboard b = own; b;) {
                Square s = popLsb(b);
                const int rr = relativeRank(c, s);
                const Bitboard adj = adjacentFiles(fileOf(s));
                const bool isolated = !(own & adj);
                const bool doubled = forwardFile(c, s) & own;
                const bool phalanx = own & adj & rankBB(rankOf(s));
                const bool supported = pawnAttacks(them, s) & own;
                const bool opposed = forwardFile(c, s) & theirs;
                const bool passed = !opposed && !(forwardAdjacent(c, s) & theirs);
                if (isolated) term(c, W().isolatedPawn, T(isolatedPawn), 0);
                if (doubled) term(c, W().doubledPawn, T(doubledPawn), 0);
                if (phalanx || supported) term(c, W().connectedPawn, T(connectedPawn), rr);
                // Backward: no friendly pawn level or behind on an adjacent file, and the stop
                // square is covered by an enemy pawn.
                const Bitboard behindOrLevel = adj & ~forwardAdjacent(c, s);
                const Square stop = s + pawnPush(c);
                if (!isolated && !(own & behindOrLevel) && (pawnAttacks(c, stop) & theirs))
                    term(c, W().backwardPawn, T(backwardPawn), 0);
                if (passed) {
                    e.passed |= squareBB(s);
                    term(c, W().passedPawn, T(passedPawn), rr);
                } else if (!opposed) {
                    // Candidate: the file ahead is free and helpers outnumber sentries.
                    int sentries = popCount(forwardAdjacent(c, s) & theirs);
                    int helpers = popCount(behindOrLevel & own);
                    if (helpers >= sentries) term(c, W().candidatePawn, T(candidatePawn), rr);
                }
            }
        }
        e.score = score_;
        score_ = before;
        if (slot) *slot = e;
        return e;
    }

    void passedPawns(Color c, Bitboard passed) {
        const Color them = ~c;
        for (Bitboard b = passed; b;) {
            Square s = popLsb(b);
            const int rr = relativeRank(c, s);
            const Square stop = s + pawnPush(c);
            if (!pos_.empty(stop)) term(c, W().passedBlocked, T(passedBlocked), rr);
            const Bitboard path = forwardFile(c, s);
            if (!(path & pos_.pieces()) && !(path & attacked_[them])) term(c, W().passedFreePath, T(passedFreePath), rr);
            term(c, W().passedOwnKingDistance, T(passedOwnKingDistance), rr, distance(pos_.kingSquare(c), stop));
            term(c, W().passedEnemyKingDistance, T(passedEnemyKingDistance), rr, distance(pos_.kingSquare(them), stop));
        }
    }

    // Safety of c's king: shelter, storm, open files; attacks and safe checks by the enemy.
    void kingSafety(Color c) {
        const Color them = ~c;
        const Square ksq = pos_.kingSquare(c);
        const Bitboard own = pos_.pieces(c, Pawn), theirs = pos_.pieces(them, Pawn);
        const int kf = std::clamp(fileOf(ksq), 1, 6);  // a king on the edge is judged as on b/g
        for (int f = kf - 1; f <= kf + 1; ++f) {
            const Bitboard file = fileBB(f);
            const Bitboard ahead = forwardFile(c, makeSquare(f, rankOf(ksq))) | (file & rankBB(rankOf(ksq)));
            Bitboard shelter = own & ahead, storm = theirs & ahead;
            int shelterDist = 0, stormDist = 0;
            if (shelter) {
                Square p = c == White ? lsb(shelter) : Square(63 - std::countl_zero(shelter));
                shelterDist = std::min(7, std::abs(rankOf(p) - rankOf(ksq)));
            }
            if (storm) {
                Square p = c == White ? lsb(storm) : Square(63 - std::countl_zero(storm));
                stormDist = std::min(7, std::abs(rankOf(p) - rankOf(ksq)));
            }
            term(c, W().kingShelter, T(kingShelter), shelterDist);
            if (stormDist) term(c, W().kingStorm, T(kingStorm), stormDist);
            if (!(file & (own | theirs))) term(c, W().kingOpenFile, T(kingOpenFile), 0);
        }

        // Attacks on the zone around c's king, counted once two or more pieces join in.
        if (zoneAttackers_[them] >= kKingAttackMinAttackers)
            for (PieceType pt : {Knight, Bishop, Rook, Queen})
                if (zoneAttackCount_[them][pt]) term(them, W().kingZoneAttack, T(kingZoneAttack), pt, zoneAttackCount_[them][pt]);

        // Safe checks: squares from which an enemy piece would check, that it reaches and
        // that c does not defend.
        const Bitboard occ = pos_.pieces();
        const Bitboard safe = ~attacked_[c] & ~pos_.pieces(them);
        const Bitboard rookLines = rookAttacks(ksq, occ), bishopLines = bishopAttacks(ksq, occ);
        const Bitboard checks[kNumPieceTypes] = {0, 0, knightAttacks(ksq), bishopLines, rookLines, rookLines | bishopLines, 0};
        for (PieceType pt : {Knight, Bishop, Rook, Queen})
            if (int n = popCount(attackedBy_[them][pt] & checks[pt] & safe)) term(them, W().safeCheck, T(safeCheck), pt, n);
    }

    // Threats made by c against the other side's pieces, counted per victim type with
    // bitboards (one term per type and attacker class, not one test per piece).
    void threats(Color c) {
        const Color them = ~c;
        for (PieceType victim : {Pawn, Knight, Bishop, Rook, Queen}) {
            const Bitboard targets = pos_.pieces(them, victim);
            if (!targets) continue;
            if (victim != Pawn)
                if (int n = popCount(targets & pawnAttacks_[c])) term(c, W().threatByPawn, T(threatByPawn), victim, n);
            if (int n = popCount(targets & minorAttacks_[c])) term(c, W().threatByMinor, T(threatByMinor), victim, n);
            if (int n = popCount(targets & rookAttacks_[c])) term(c, W().threatByRook, T(threatByRook), victim, n);
        }
        const Bitboard hanging = pos_.pieces(them) & ~pos_.pieces(King) & attacked_[c] & ~attacked_[them];
        if (int n = popCount(hanging)) term(c, W().hangingPiece, T(hangingPiece), 0, n);
    }
#undef T

    // Endgame scale (of 128): toward a draw for opposite bishops and pawnless small edges.
    int endgameScale() const {
        const Color strong = score_.eg >= 0 ? White : Black, weak = ~strong;
        auto material = [&](Color c) {
            Score m = 0;
            for (PieceType pt : {Knight, Bishop, Rook, Queen}) m += kPieceValue[pt] * popCount(pos_.pieces(c, pt));
            return m;
        };
        if (!pos_.pieces(strong, Pawn) && material(strong) - material(weak) < kSmallEdge) return kScaleNoPawnsSmallEdge;
        const Bitboard wb = pos_.pieces(White, Bishop), bb = pos_.pieces(Black, Bishop);
        if (popCount(wb) == 1 && popCount(bb) == 1 && bool(wb & kDarkSquares) != bool(bb & kDarkSquares)) {
            const bool onlyBishops = !(pos_.pieces(Knight, Rook) | pos_.pieces(Queen));
            return onlyBishops ? kScaleOppositeBishopsPure : kScaleOppositeBishops;
        }
        return kScaleNormal;
    }

    const Position& pos_;
    EvalTrace* trace_;
    Pair score_;
    Bitboard pawnAttacks_[2] = {}, attacked_[2] = {}, minorAttacks_[2] = {}, rookAttacks_[2] = {};
    Bitboard kingZone_[2] = {};
    Bitboard attackedBy_[2][kNumPieceTypes] = {};
    Bitboard pieceAttacks_[kNumSquares];  // filled in init() for every piece but pawns and kings
    int zoneAttackers_[2] = {};
    int zoneAttackCount_[2][kNumPieceTypes] = {};
};

}  // namespace

Score evaluate(const Position& pos) {
    if (pos.isDeadPosition()) return 0;
    Score v = Evaluator<false>(pos, nullptr).run();
    return pos.sideToMove() == White ? v : -v;
}

Score evaluateTrace(const Position& pos, EvalTrace& trace) {
    trace = EvalTrace{};
    if (pos.isDeadPosition()) return 0;
    return Evaluator<true>(pos, &trace).run();
}

std::string describeEvaluation(const Position& pos) {
    EvalTrace t;
    const Score white = evaluateTrace(pos, t);
    std::string out = "term                       white mg  white eg  black mg  black eg  total mg  total eg\n";
    char line[160];
    Pair total;
    auto row = [&](const char* name, const Pair* w, const int (*coeff)[2], int n) {
        Pair side[2];
        for (int i = 0; i < n; ++i)
            for (int c = 0; c < 2; ++c) side[c] += w[i] * coeff[i][c];
        const Pair diff = side[0] - side[1];
        total += diff;
        std::snprintf(line, sizeof(line), "%-25s %9d %9d %9d %9d %9d %9d\n", name, side[0].mg, side[0].eg, side[1].mg,
                      side[1].eg, diff.mg, diff.eg);
        out += line;
    };
#define VAZIR_ROW(name, n) row(#name, kWeights.name, t.name, n);
    VAZIR_EVAL_TERMS(VAZIR_ROW)
#undef VAZIR_ROW
    std::snprintf(line, sizeof(line), "%-25s %49d %9d\n", "sum", total.mg, total.eg);
    out += line;
    std::snprintf(line, sizeof(line),
                  "phase %d/24, endgame scale %d/128, halfmove clock %d\n"
                  "evaluation: %d (white's view), %d (side to move)",
                  t.phase, t.scale, pos.rule50(), white, pos.sideToMove() == White ? white : -white);
    out += line;
    if (pos.isDeadPosition()) out += "\ndead position: the evaluation is exactly 0";
    return out;
}

}  // namespace vazir
