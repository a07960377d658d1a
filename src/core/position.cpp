#include "core/position.h"

#include <cstring>

#include "core/zobrist.h"

namespace vazir {

namespace psq {
PsqValue table[kNumPieces][kNumSquares];  // filled by the evaluation (see core/psq.h)
}  // namespace psq

void initCore() {
    initBitboards();
    zobrist::init();
}

Position::Position() {
    initCore();
    ParseResult r = setFromFen(kStartFen, false, ownRoot_);
    (void)r;  // the start FEN is a constant and always valid
}

void Position::clear() {
    std::memset(board_, 0, sizeof(board_));
    std::memset(byType_, 0, sizeof(byType_));
    std::memset(byColor_, 0, sizeof(byColor_));
    std::memset(castlingMask_, 0, sizeof(castlingMask_));
    std::memset(castlingPath_, 0, sizeof(castlingPath_));
    std::memset(castlingKingPath_, 0, sizeof(castlingKingPath_));
    for (Square& s : castlingRookSquare_) s = NoSquare;
    side_ = White;
    gamePly_ = 0;
    chess960_ = false;
    psq_ = PsqValue();
}

void Position::copyFrom(const Position& o) {
    std::memcpy(board_, o.board_, sizeof(board_));
    std::memcpy(byType_, o.byType_, sizeof(byType_));
    std::memcpy(byColor_, o.byColor_, sizeof(byColor_));
    std::memcpy(castlingMask_, o.castlingMask_, sizeof(castlingMask_));
    std::memcpy(castlingPath_, o.castlingPath_, sizeof(castlingPath_));
    std::memcpy(castlingKingPath_, o.castlingKingPath_, sizeof(castlingKingPath_));
    std::memcpy(castlingRookSquare_, o.castlingRookSquare_, sizeof(castlingRookSquare_));
    side_ = o.side_;
    gamePly_ = o.gamePly_;
    chess960_ = o.chess960_;
    psq_ = o.psq_;
}

void Position::putPiece(Piece p, Square s) {
    Bitboard b = squareBB(s);
    board_[s] = p;
    byType_[0] |= b;
    byType_[typeOf(p)] |= b;
    byColor_[colorOf(p)] |= b;
    psq_ += psq::table[p][s];
}

void Position::removePiece(Square s) {
    Piece p = board_[s];
    Bitboard b = squareBB(s);
    byType_[0] ^= b;
    byType_[typeOf(p)] ^= b;
    byColor_[colorOf(p)] ^= b;
    board_[s] = NoPiece;
    psq_ -= psq::table[p][s];
}

void Position::movePiece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard b = squareBB(from) | squareBB(to);
    byType_[0] ^= b;
    byType_[typeOf(p)] ^= b;
    byColor_[colorOf(p)] ^= b;
    board_[from] = NoPiece;
    board_[to] = p;
    psq_ -= psq::table[p][from];
    psq_ += psq::table[p][to];
}

PsqValue Position::computePsq() const {
    PsqValue sum;
    for (Bitboard b = pieces(); b;) {
        const Square s = popLsb(b);
        sum += psq::table[board_[s]][s];
    }
    return sum;
}

void Position::addCastlingRight(Color c, Square rookFrom) {
    Square kingFrom = kingSquare(c);
    CastlingRight cr = castlingRight(c, rookFrom > kingFrom);
    int i = castlingIndex(cr);
    Square kingTo = castlingKingTarget(c, kingFrom, rookFrom);
    Square rookTo = castlingRookTarget(c, kingFrom, rookFrom);
    castlingRookSquare_[i] = rookFrom;
    castlingMask_[kingFrom] |= uint8_t(castlingRight(c, true) | castlingRight(c, false));
    castlingMask_[rookFrom] |= cr;
    castlingKingPath_[i] = betweenBB(kingFrom, kingTo) | squareBB(kingTo);
    castlingPath_[i] = (betweenBB(kingFrom, kingTo) | betweenBB(rookFrom, rookTo) | squareBB(kingTo) |
                        squareBB(rookTo)) & ~(squareBB(kingFrom) | squareBB(rookFrom));
    st_->castlingRights |= cr;
}

Bitboard Position::attackersTo(Square s, Bitboard occupied) const {
    return (pawnAttacks(White, s) & pieces(Black, Pawn)) | (pawnAttacks(Black, s) & pieces(White, Pawn)) |
           (knightAttacks(s) & pieces(Knight)) | (kingAttacks(s) & pieces(King)) |
           (bishopAttacks(s, occupied) & pieces(Bishop, Queen)) | (rookAttacks(s, occupied) & pieces(Rook, Queen));
}

bool Position::attackedBy(Color attacker, Square s, Bitboard occupied) const {
    Bitboard them = pieces(attacker);
    return (pawnAttacks(~attacker, s) & them & pieces(Pawn)) || (knightAttacks(s) & them & pieces(Knight)) ||
           (kingAttacks(s) & them & pieces(King)) ||
           (bishopAttacks(s, occupied) & them & pieces(Bishop, Queen)) ||
           (rookAttacks(s, occupied) & them & pieces(Rook, Queen));
}

bool Position::givesCheck(Move m) const {
    const Color us = side_;
    const Square ksq = kingSquare(~us);
    const Square from = m.from(), to = m.to();
    Bitboard occ = pieces() ^ squareBB(from);
    Bitboard movers = squareBB(from);  // our pieces that leave their squares
    Square landing = to;
    PieceType landingType = typeOf(board_[from]);

    switch (m.kind()) {
    case MoveKind::Castling: {
        const Square kingTo = castlingKingTarget(us, from, to), rookTo = castlingRookTarget(us, from, to);
        occ = (occ ^ squareBB(to)) | squareBB(kingTo) | squareBB(rookTo);
        movers |= squareBB(to);
        landing = rookTo;  // only the rook can give check
        landingType = Rook;
        break;
    }
    case MoveKind::EnPassant:
        occ = (occ ^ squareBB(to - pawnPush(us))) | squareBB(to);
        break;
    case MoveKind::Promotion:
        occ |= squareBB(to);
        landingType = m.promotion();
        break;
    case MoveKind::Normal:
        occ |= squareBB(to);
        break;
    }

    // Direct check by the piece that lands.
    if (landingType == Pawn ? bool(pawnAttacks(us, landing) & squareBB(ksq))
                            : landingType != King && bool(attacksBB(landingType, landing, occ) & squareBB(ksq)))
        return true;
    // Discovered check by a slider that stays put. A plain move can only uncover a line
    // to the king if it leaves that line (moving along it, the piece still blocks), which
    // rules out most moves before any slider attack is computed.
    if (m.kind() == MoveKind::Normal || m.kind() == MoveKind::Promotion) {
        const Bitboard kingLine = lineBB(ksq, from);
        if (!kingLine || (kingLine & squareBB(to))) return false;
    }
    const Bitboard stay = ~movers;
    return (bishopAttacks(ksq, occ) & pieces(us, Bishop, Queen) & stay) ||
           (rookAttacks(ksq, occ) & pieces(us, Rook, Queen) & stay);
}

void Position::computeRepetition() {
    // Only positions since the last irreversible move (and since the last null move,
    // which breaks the chain of real moves) can repeat; same side to move means every
    // second ply.
    StateInfo* st = st_;
    st->repetition = 0;
    int end = std::min(st->rule50, st->pliesFromNull);
    if (end < 4) return;
    StateInfo* p = st->previous->previous;
    for (int i = 4; i <= end; i += 2) {
        p = p->previous->previous;
        if (p->key == st->key) {
            st->repetition = p->repetition ? -i : i;
            return;
        }
    }
}

void Position::doMove(Move m, StateInfo& ns) {
    StateInfo* prev = st_;
    ns.pawnKey = prev->pawnKey;
    ns.rule50 = prev->rule50 + 1;
    ns.pliesFromNull = prev->pliesFromNull + 1;
    ns.castlingRights = prev->castlingRights;
    ns.epSquare = NoSquare;
    ns.previous = prev;
    st_ = &ns;
    ++gamePly_;

    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    Key key = prev->key ^ zobrist::side;
    if (prev->epSquare != NoSquare) key ^= zobrist::enPassant[fileOf(prev->epSquare)];

    Piece captured = NoPiece;
    Square epCandidate = NoSquare;
    if (m.kind() == MoveKind::Castling) {
        const Piece rook = makePiece(us, Rook);
        const Square kingTo = castlingKingTarget(us, from, to), rookTo = castlingRookTarget(us, from, to);
        removePiece(from);
        removePiece(to);
        putPiece(pc, kingTo);
        putPiece(rook, rookTo);
        key ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][kingTo] ^ zobrist::psq[rook][to] ^
               zobrist::psq[rook][rookTo];
    } else {
        Square capSq = to;
        if (m.kind() == MoveKind::EnPassant) capSq = to - pawnPush(us);
        captured = board_[capSq];
        if (captured != NoPiece) {
            removePiece(capSq);
            key ^= zobrist::psq[captured][capSq];
            if (typeOf(captured) == Pawn) ns.pawnKey ^= zobrist::psq[captured][capSq];
            ns.rule50 = 0;
        }
        movePiece(from, to);
        key ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][to];
        if (typeOf(pc) == Pawn) {
            ns.rule50 = 0;
            ns.pawnKey ^= zobrist::psq[pc][from] ^ zobrist::psq[pc][to];
            if ((int(to) ^ int(from)) == 16) {
                epCandidate = from + pawnPush(us);  // kept below only if a capture is legal
            } else if (m.kind() == MoveKind::Promotion) {
                const Piece promo = makePiece(us, m.promotion());
                removePiece(to);
                putPiece(promo, to);
                key ^= zobrist::psq[pc][to] ^ zobrist::psq[promo][to];
                ns.pawnKey ^= zobrist::psq[pc][to];
            }
        }
    }

    if (ns.castlingRights && (castlingMask_[from] | castlingMask_[to])) {
        key ^= zobrist::castling[ns.castlingRights];
        ns.castlingRights &= ~(castlingMask_[from] | castlingMask_[to]);
        key ^= zobrist::castling[ns.castlingRights];
    }

    ns.captured = captured;
    side_ = them;
    ns.checkers = attackersTo(kingSquare(them), pieces()) & pieces(us);
    // Legality needs the new position's checkers, so the e.p. square is settled last.
    if (epCandidate != NoSquare && (ns.epSquare = usableEnPassant(epCandidate)) != NoSquare)
        key ^= zobrist::enPassant[fileOf(ns.epSquare)];
    ns.key = key;
    computeRepetition();
}

bool Position::enPassantIsLegal(Square from, Square epTarget) const {
    const Color us = side_, them = ~us;
    const Square ksq = kingSquare(us);
    const Square capSq = epTarget - pawnPush(us);
    const Bitboard occ = (pieces() ^ squareBB(from) ^ squareBB(capSq)) | squareBB(epTarget);
    if (rookAttacks(ksq, occ) & pieces(them, Rook, Queen)) return false;
    if (bishopAttacks(ksq, occ) & pieces(them, Bishop, Queen)) return false;
    return !(checkers() & pieces(Knight, Pawn) & ~squareBB(capSq));
}

Square Position::usableEnPassant(Square ep) const {
    for (Bitboard b = pawnAttacks(~side_, ep) & pieces(side_, Pawn); b;)
        if (enPassantIsLegal(popLsb(b), ep)) return ep;
    return NoSquare;
}

void Position::undoMove(Move m) {
    side_ = ~side_;
    const Color us = side_;
    const Square from = m.from(), to = m.to();

    if (m.kind() == MoveKind::Castling) {
        const Square kingTo = castlingKingTarget(us, from, to), rookTo = castlingRookTarget(us, from, to);
        removePiece(kingTo);
        removePiece(rookTo);
        putPiece(makePiece(us, King), from);
        putPiece(makePiece(us, Rook), to);
    } else {
        if (m.kind() == MoveKind::Promotion) {
            removePiece(to);
            putPiece(makePiece(us, Pawn), to);
        }
        movePiece(to, from);
        if (st_->captured != NoPiece) {
            Square capSq = m.kind() == MoveKind::EnPassant ? to - pawnPush(us) : to;
            putPiece(st_->captured, capSq);
        }
    }
    st_ = st_->previous;
    --gamePly_;
}

void Position::doNullMove(StateInfo& ns) {
    ns = *st_;
    ns.previous = st_;
    st_ = &ns;
    if (ns.epSquare != NoSquare) {
        ns.key ^= zobrist::enPassant[fileOf(ns.epSquare)];
        ns.epSquare = NoSquare;
    }
    ns.key ^= zobrist::side;
    ++ns.rule50;
    ns.pliesFromNull = 0;
    ns.captured = NoPiece;
    ns.checkers = 0;  // a null move is never made in check
    ns.repetition = 0;
    side_ = ~side_;
    ++gamePly_;
}

void Position::undoNullMove() {
    st_ = st_->previous;
    side_ = ~side_;
    --gamePly_;
}

Key Position::computeKey() const {
    Key k = 0;
    for (Bitboard b = pieces(); b;) {
        Square s = popLsb(b);
        k ^= zobrist::psq[board_[s]][s];
    }
    if (st_->epSquare != NoSquare) k ^= zobrist::enPassant[fileOf(st_->epSquare)];
    k ^= zobrist::castling[st_->castlingRights];
    if (side_ == Black) k ^= zobrist::side;
    return k;
}

Key Position::computePawnKey() const {
    Key k = 0;
    for (Bitboard b = pieces(Pawn); b;) {
        Square s = popLsb(b);
        k ^= zobrist::psq[board_[s]][s];
    }
    return k;
}

bool Position::isDeadPosition() const {
    if (pieces(Pawn, Rook) | pieces(Queen)) return false;
    Bitboard minors = pieces(Knight, Bishop);
    if (!moreThanOne(minors)) return true;  // K v K or K+minor v K
    // Only bishops left (any number, either side), all on squares of one colour.
    constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;
    if (pieces(Knight)) return false;
    Bitboard bishops = pieces(Bishop);
    return !(bishops & kDarkSquares) || !(bishops & ~kDarkSquares);
}

}  // namespace vazir
