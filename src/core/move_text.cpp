#include "core/move_text.h"

#include "core/movegen.h"

namespace vazir {

std::string squareName(Square s) { return {char('a' + fileOf(s)), char('1' + rankOf(s))}; }

std::string moveToUci(Move m, bool chess960) {
    if (m == Move::none()) return "0000";
    if (m == Move::null()) return "0000";
    Square to = m.to();
    if (m.kind() == MoveKind::Castling && !chess960) {
        Color c = rankOf(m.from()) == 0 ? White : Black;
        to = Position::castlingKingTarget(c, m.from(), m.to());
    }
    std::string s = squareName(m.from()) + squareName(to);
    if (m.kind() == MoveKind::Promotion) s += " pnbrqk"[m.promotion()];
    return s;
}

Move uciToMove(const Position& pos, std::string_view text) {
    if (text.size() < 4 || text.size() > 5) return Move::none();
    MoveList moves;
    generateMoves<GenType::All>(pos, moves);
    for (Move m : moves)
        if (moveToUci(m, pos.chess960()) == text) return m;
    // The other castling notation (e1g1 in Chess960 mode, e1h1 in standard mode). Only
    // reached when no ordinary move matched, so a plain king step always wins.
    for (Move m : moves)
        if (m.kind() == MoveKind::Castling && moveToUci(m, !pos.chess960()) == text) return m;
    return Move::none();
}

}  // namespace vazir
