#include "uci/board_text.h"

#include <cstdio>

#include "core/move_text.h"
#include "core/movegen.h"

namespace vazir {

std::string describeBoard(const Position& pos) {
    const std::string rule = " +---+---+---+---+---+---+---+---+\n";
    std::string s = rule;
    for (int r = 7; r >= 0; --r) {
        for (int f = 0; f < 8; ++f) {
            const Piece p = pos.pieceOn(makeSquare(f, r));
            s += " | ";
            s += p == NoPiece ? ' ' : kPieceChars[p];
        }
        s += " | " + std::to_string(r + 1) + "\n" + rule;
    }
    s += "   a   b   c   d   e   f   g   h\n\n";
    char key[17];
    std::snprintf(key, sizeof key, "%016llX", static_cast<unsigned long long>(pos.key()));
    s += "Fen: " + pos.fen() + "\nKey: " + key + "\nCheckers:";
    for (Bitboard b = pos.checkers(); b;) s += " " + squareName(popLsb(b));
    MoveList legal;
    generateMoves<GenType::All>(pos, legal);
    s += "\nLegal moves: " + std::to_string(legal.size());
    return s;
}

}  // namespace vazir
