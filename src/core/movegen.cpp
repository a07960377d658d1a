#include "core/movegen.h"

#include <cassert>

namespace vazir {

namespace {

// Own pieces that stand alone between the king and an enemy slider: they may move only
// along that line.
Bitboard pinnedPieces(const Position& pos, Color us, Square ksq) {
    const Color them = ~us;
    Bitboard snipers = (rookAttacks(ksq, 0) & pos.pieces(them, Rook, Queen)) |
                       (bishopAttacks(ksq, 0) & pos.pieces(them, Bishop, Queen));
    Bitboard pinned = 0;
    const Bitboard occupied = pos.pieces();
    while (snipers) {
        Bitboard blockers = betweenBB(ksq, popLsb(snipers)) & occupied;
        if (blockers && !moreThanOne(blockers)) pinned |= blockers & pos.pieces(us);
    }
    return pinned;
}

// Generators write through a sink: ListSink stores moves, CountSink only counts them
// (perft's bulk count at the last ply, where a popcount replaces a loop of stores).
struct ListSink {
    Move* cur;
    void add(Move m) { *cur++ = m; }
    void addFrom(Square from, Bitboard targets) {
        while (targets) *cur++ = Move(from, popLsb(targets));
    }
    template <int Delta>
    void addPawnTargets(Bitboard targets) {
        while (targets) {
            Square to = popLsb(targets);
            *cur++ = Move(to - Delta, to);
        }
    }
    void addPromotions(Square from, Square to) {
        *cur++ = Move(from, to, MoveKind::Promotion, Queen);
        *cur++ = Move(from, to, MoveKind::Promotion, Knight);
        *cur++ = Move(from, to, MoveKind::Promotion, Rook);
        *cur++ = Move(from, to, MoveKind::Promotion, Bishop);
    }
    template <int Delta>
    void addPromotionTargets(Bitboard targets) {
        while (targets) {
            Square to = popLsb(targets);
            addPromotions(to - Delta, to);
        }
    }
};

struct CountSink {
    int count = 0;
    void add(Move) { ++count; }
    void addFrom(Square, Bitboard targets) { count += popCount(targets); }
    template <int Delta>
    void addPawnTargets(Bitboard targets) { count += popCount(targets); }
    void addPromotions(Square, Square) { count += 4; }
    template <int Delta>
    void addPromotionTargets(Bitboard targets) { count += 4 * popCount(targets); }
};

template <Color Us, GenType Type, class Sink>
void generatePawnMoves(const Position& pos, Sink& out, Bitboard pinned, Bitboard checkMask, Square ksq) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == White ? 8 : -8;
    constexpr int UpRight = Us == White ? 9 : -7;
    constexpr int UpLeft = Us == White ? 7 : -9;
    constexpr Bitboard Rank7 = rankBB(Us == White ? 6 : 1);
    constexpr Bitboard Rank3 = rankBB(Us == White ? 2 : 5);

    const Bitboard empty = ~pos.pieces();
    const Bitboard enemies = pos.pieces(Them);
    const Bitboard pawns = pos.pieces(Us, Pawn);

    // Pawns pinned on a file may only push, pinned on a diagonal only capture along it;
    // handle the free pawns set-wise and pinned ones via masks of their pin line.
    const Bitboard free = pawns & ~pinned;
    const Bitboard filePinned = pawns & pinned & fileBB(fileOf(ksq));
    const Bitboard pushers = free | filePinned;
    // Any other pinned pawn (diagonal or rank pin) can at most capture along its pin line.
    const Bitboard diagPinned = pawns & pinned & ~fileBB(fileOf(ksq));

    if constexpr (Type != GenType::Noisy) {
        Bitboard single = shift<Up>(pushers & ~Rank7) & empty;
        Bitboard dbl = shift<Up>(single & Rank3) & empty;
        out.template addPawnTargets<Up>(single & checkMask);
        out.template addPawnTargets<Up + Up>(dbl & checkMask);
    }

    if constexpr (Type != GenType::Quiet) {
        // Promotions (pushes and captures), all four pieces.
        if (Bitboard promoters = pawns & Rank7) {
            out.template addPromotionTargets<Up>(shift<Up>(promoters & pushers) & empty & checkMask);
            Bitboard capR = shift<UpRight>(promoters & free) & enemies & checkMask;
            Bitboard capL = shift<UpLeft>(promoters & free) & enemies & checkMask;
            out.template addPromotionTargets<UpRight>(capR);
            out.template addPromotionTargets<UpLeft>(capL);
            for (Bitboard b = promoters & diagPinned; b;) {
                Square from = popLsb(b);
                Bitboard t = pawnAttacks(Us, from) & enemies & checkMask & lineBB(ksq, from);
                while (t) out.addPromotions(from, popLsb(t));
            }
        }

        Bitboard capR = shift<UpRight>(free & ~Rank7) & enemies & checkMask;
        Bitboard capL = shift<UpLeft>(free & ~Rank7) & enemies & checkMask;
        out.template addPawnTargets<UpRight>(capR);
        out.template addPawnTargets<UpLeft>(capL);
        for (Bitboard b = diagPinned & ~Rank7; b;) {
            Square from = popLsb(b);
            Bitboard t = pawnAttacks(Us, from) & enemies & checkMask & lineBB(ksq, from);
            out.addFrom(from, t);
        }

        if (Square ep = pos.epSquare(); ep != NoSquare) {
            for (Bitboard b = pawnAttacks(Them, ep) & pawns; b;) {
                Square from = popLsb(b);
                if (pos.enPassantIsLegal(from, ep)) out.add(Move(from, ep, MoveKind::EnPassant));
            }
        }
    }
}

template <Color Us, class Sink>
void generateCastling(const Position& pos, Sink& out, Square ksq) {
    constexpr Color Them = ~Us;
    for (bool kingSide : {true, false}) {
        CastlingRight cr = castlingRight(Us, kingSide);
        if (!pos.canCastle(cr) || (pos.pieces() & pos.castlingPath(cr))) continue;
        Square rook = pos.castlingRookSquare(cr);
        // Attacks are tested with king and rook lifted: in Chess960 the rook may be the
        // only thing shielding the king's destination from a slider on the back rank.
        Bitboard occ = pos.pieces() ^ squareBB(ksq) ^ squareBB(rook);
        bool safe = true;
        for (Bitboard path = pos.castlingKingPath(cr); path && safe;)
            safe = !pos.attackedBy(Them, popLsb(path), occ);
        if (safe) out.add(Move(ksq, rook, MoveKind::Castling));
    }
}

template <Color Us, GenType Type, class Sink>
void generate(const Position& pos, Sink& out) {
    constexpr Color Them = ~Us;
    const Square ksq = pos.kingSquare(Us);
    const Bitboard checkers = pos.checkers();
    const Bitboard typeTargets = Type == GenType::Noisy   ? pos.pieces(Them)
                                 : Type == GenType::Quiet ? ~pos.pieces()
                                                          : ~pos.pieces(Us);

    // King moves: the destination must not be attacked once the king has left its square
    // (a slider checking along a line still covers the square behind the king).
    const Bitboard occWithoutKing = pos.pieces() ^ squareBB(ksq);
    for (Bitboard t = kingAttacks(ksq) & typeTargets; t;) {
        Square to = popLsb(t);
        if (!pos.attackedBy(Them, to, occWithoutKing)) out.add(Move(ksq, to));
    }
    if (moreThanOne(checkers)) return;  // double check: only the king can move

    const Bitboard checkMask = checkers ? betweenBB(ksq, lsb(checkers)) | checkers : ~Bitboard(0);
    const Bitboard pinned = pinnedPieces(pos, Us, ksq);
    const Bitboard targets = typeTargets & checkMask;

    generatePawnMoves<Us, Type>(pos, out, pinned, checkMask, ksq);

    for (Bitboard b = pos.pieces(Us, Knight) & ~pinned; b;) {
        Square from = popLsb(b);
        out.addFrom(from, knightAttacks(from) & targets);
    }
    const Bitboard occ = pos.pieces();
    for (Bitboard b = pos.pieces(Us, Bishop, Queen); b;) {
        Square from = popLsb(b);
        Bitboard t = bishopAttacks(from, occ) & targets;
        if (pinned & squareBB(from)) t &= lineBB(ksq, from);
        out.addFrom(from, t);
    }
    for (Bitboard b = pos.pieces(Us, Rook, Queen); b;) {
        Square from = popLsb(b);
        Bitboard t = rookAttacks(from, occ) & targets;
        if (pinned & squareBB(from)) t &= lineBB(ksq, from);
        out.addFrom(from, t);
    }

    if constexpr (Type != GenType::Noisy)
        if (!checkers && pos.castlingRights()) generateCastling<Us>(pos, out, ksq);
}

}  // namespace

template <GenType Type>
void generateMoves(const Position& pos, MoveList& list) {
    constexpr GenType G = Type == GenType::Evasions ? GenType::All : Type;
    assert(Type != GenType::Evasions || pos.inCheck());
    ListSink out{list.end()};
    if (pos.sideToMove() == White) generate<White, G>(pos, out);
    else generate<Black, G>(pos, out);
    list.setSize(int(out.cur - list.begin()));
}

template void generateMoves<GenType::All>(const Position&, MoveList&);
template void generateMoves<GenType::Noisy>(const Position&, MoveList&);
template void generateMoves<GenType::Quiet>(const Position&, MoveList&);
template void generateMoves<GenType::Evasions>(const Position&, MoveList&);

int countLegalMoves(const Position& pos) {
    CountSink out;
    if (pos.sideToMove() == White) generate<White, GenType::All>(pos, out);
    else generate<Black, GenType::All>(pos, out);
    return out.count;
}

bool hasLegalMove(const Position& pos) { return countLegalMoves(pos) > 0; }

namespace {

// Can the piece on `from` reach `to` by the rules of its kind (ignoring pins and check)?
// Normal and promotion moves only.
bool isPseudoLegalNormal(const Position& pos, Move m, Piece pc) {
    const Color us = pos.sideToMove();
    const Square from = m.from(), to = m.to();
    const bool lastRank = relativeRank(us, to) == 7;
    if (typeOf(pc) != Pawn) return m.kind() == MoveKind::Normal && (attacksBB(typeOf(pc), from, pos.pieces()) & squareBB(to));
    if (lastRank != (m.kind() == MoveKind::Promotion)) return false;
    if (pawnAttacks(us, from) & pos.pieces(~us) & squareBB(to)) return true;  // capture
    const Square one = from + pawnPush(us);
    if (!pos.empty(one)) return false;
    if (to == one) return true;
    return relativeRank(us, from) == 1 && to == one + pawnPush(us) && pos.empty(to);
}

}  // namespace

bool isLegal(const Position& pos, Move m) {
    if (!m.isOk() || m == Move::null()) return false;
    const Color us = pos.sideToMove(), them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = pos.pieceOn(from);
    if (pc == NoPiece || colorOf(pc) != us) return false;
    if (m.kind() != MoveKind::Promotion && m.promotion() != Knight) return false;  // unused bits must be clear

    if (m.kind() == MoveKind::Castling) {  // rare: ask the generator
        if (typeOf(pc) != King || pos.inCheck()) return false;
        MoveList list;
        generateMoves<GenType::Quiet>(pos, list);
        return list.contains(m);
    }
    if (m.kind() == MoveKind::EnPassant)
        return typeOf(pc) == Pawn && to == pos.epSquare() && (pawnAttacks(us, from) & squareBB(to)) &&
               pos.enPassantIsLegal(from, to);
    if (pos.pieces(us) & squareBB(to)) return false;
    if (!isPseudoLegalNormal(pos, m, pc)) return false;

    const Square ksq = pos.kingSquare(us);
    if (typeOf(pc) == King) return !pos.attackedBy(them, to, pos.pieces() ^ squareBB(from));
    const Bitboard checkers = pos.checkers();
    if (checkers) {
        if (moreThanOne(checkers)) return false;
        if (!((betweenBB(ksq, lsb(checkers)) | checkers) & squareBB(to))) return false;
    }
    // A pinned piece may move only along the line through its king.
    return !(pinnedPieces(pos, us, ksq) & squareBB(from)) || aligned(ksq, from, to);
}

bool isFiftyMoveDraw(const Position& pos) {
    return pos.rule50() >= 100 && (!pos.inCheck() || hasLegalMove(pos));
}

}  // namespace vazir
