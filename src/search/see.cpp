#include "search/see.h"

namespace vazir {

bool seeGe(const Position& pos, Move m, Score threshold) {
    // Castling, en passant and promotions are rare enough to approximate as neutral.
    if (m.kind() != MoveKind::Normal) return 0 >= threshold;

    const Square from = m.from(), to = m.to();
    int swap = kPieceValue[typeOf(pos.pieceOn(to))] - threshold;
    if (swap < 0) return false;
    swap = kPieceValue[typeOf(pos.pieceOn(from))] - swap;
    if (swap <= 0) return true;

    Bitboard occupied = pos.pieces() ^ squareBB(from) ^ squareBB(to);
    Color stm = pos.sideToMove();
    Bitboard attackers = pos.attackersTo(to, occupied);
    const Bitboard diagonal = pos.pieces(Bishop, Queen), straight = pos.pieces(Rook, Queen);
    int result = 1;

    while (true) {
        stm = ~stm;
        attackers &= occupied;
        Bitboard ours = attackers & pos.pieces(stm);
        if (!ours) break;
        result ^= 1;

        // Recapture with the least valuable piece; removing it may uncover an x-ray.
        Bitboard b;
        if ((b = ours & pos.pieces(Pawn))) {
            if ((swap = kPieceValue[Pawn] - swap) < result) break;
            occupied ^= squareBB(lsb(b));
            attackers |= bishopAttacks(to, occupied) & diagonal;
        } else if ((b = ours & pos.pieces(Knight))) {
            if ((swap = kPieceValue[Knight] - swap) < result) break;
            occupied ^= squareBB(lsb(b));
        } else if ((b = ours & pos.pieces(Bishop))) {
            if ((swap = kPieceValue[Bishop] - swap) < result) break;
            occupied ^= squareBB(lsb(b));
            attackers |= bishopAttacks(to, occupied) & diagonal;
        } else if ((b = ours & pos.pieces(Rook))) {
            if ((swap = kPieceValue[Rook] - swap) < result) break;
            occupied ^= squareBB(lsb(b));
            attackers |= rookAttacks(to, occupied) & straight;
        } else if ((b = ours & pos.pieces(Queen))) {
            if ((swap = kPieceValue[Queen] - swap) < result) break;
            occupied ^= squareBB(lsb(b));
            attackers |= (bishopAttacks(to, occupied) & diagonal) | (rookAttacks(to, occupied) & straight);
        } else {
            // Only the king is left: it may recapture only if nothing defends the square.
            return (attackers & ~pos.pieces(stm)) ? result ^ 1 : result;
        }
    }
    return bool(result);
}

}  // namespace vazir
