// FEN reading and writing. Reading is strict: every field is checked and a bad FEN is
// refused with a message naming what is wrong, leaving the position untouched.
#include <array>
#include <cctype>
#include <charconv>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/zobrist.h"

namespace vazir {

namespace {

std::vector<std::string_view> splitFields(std::string_view s) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        size_t j = i;
        while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

bool parseClock(std::string_view text, int minValue, int& value) {
    constexpr int kMaxClock = 1'000'000;
    int v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v < minValue || v > kMaxClock) return false;
    value = v;
    return true;
}

std::string quote(std::string_view s) {
    constexpr size_t kMaxShown = 40;
    std::string out = "'";
    out.append(s.substr(0, kMaxShown));
    out.append(s.size() > kMaxShown ? "...'" : "'");
    return out;
}

}  // namespace

// 1. Board: eight ranks from the eighth, pieces by letter, empty squares by count.
ParseResult Position::parsePlacement(std::string_view field) {
    int rank = 7, file = 0;
    for (char c : field) {
        if (c == '/') {
            if (file != 8) return {"rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " files, needs 8"};
            if (--rank < 0) return {"board has more than 8 ranks"};
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8) return {"rank " + std::to_string(rank + 1) + " has more than 8 files"};
        } else {
            size_t idx = kPieceChars.find(c);
            if (idx == std::string_view::npos || c == ' ') return {std::string("unknown piece letter '") + c + "'"};
            if (file >= 8) return {"rank " + std::to_string(rank + 1) + " has more than 8 files"};
            putPiece(Piece(idx), makeSquare(file, rank));
            ++file;
        }
    }
    if (rank != 0) return {"board has " + std::to_string(8 - rank) + " ranks, needs 8"};
    if (file != 8) return {"rank 1 has " + std::to_string(file) + " files, needs 8"};
    return {};
}

// Material a game can reach: one king each, at most 16 pieces and 8 pawns, no more
// promoted pieces than missing pawns, no pawn on the first or last rank.
ParseResult Position::checkMaterial() const {
    for (Color c : {White, Black}) {
        const char* name = c == White ? "white" : "black";
        int kings = popCount(pieces(c, King));
        if (kings != 1) return {std::string("needs exactly one ") + name + " king, found " + std::to_string(kings)};
        int pawns = popCount(pieces(c, Pawn));
        if (popCount(pieces(c)) > 16) return {std::string("too many ") + name + " pieces (more than 16)"};
        if (pawns > 8) return {std::string("too many ") + name + " pawns (more than 8)"};
        // Each piece beyond the starting set must be a promoted pawn.
        int promoted = std::max(0, popCount(pieces(c, Queen)) - 1) + std::max(0, popCount(pieces(c, Rook)) - 2) +
                       std::max(0, popCount(pieces(c, Bishop)) - 2) + std::max(0, popCount(pieces(c, Knight)) - 2);
        if (promoted > 8 - pawns) return {std::string("impossible ") + name + " material (more promoted pieces than missing pawns)"};
    }
    if (pieces(Pawn) & (rankBB(0) | rankBB(7))) return {"pawn on the first or eighth rank"};
    return {};
}

// 3. Castling: KQkq (X-FEN: outermost rook), or rook files A-H/a-h (Shredder-FEN).
ParseResult Position::parseCastling(std::string_view field, bool chess960) {
    if (field == "-") return {};
    for (char c : field) {
        Color color = std::isupper(static_cast<unsigned char>(c)) ? White : Black;
        const char* name = color == White ? "white" : "black";
        char lower = char(std::tolower(static_cast<unsigned char>(c)));
        Square king = kingSquare(color);
        if (relativeRank(color, king) != 0)
            return {std::string("castling right '") + c + "' but the " + name + " king is not on its first rank"};
        if (!chess960 && fileOf(king) != 4)
            return {std::string("castling right '") + c + "' but the " + name + " king is not on its start square"};
        Bitboard rooks = pieces(color, Rook) & rankBB(rankOf(king));
        Square rook = NoSquare;
        if (lower == 'k') {
            Bitboard r = rooks & ~((squareBB(king) << 1) - 1);  // rooks beyond the king towards h
            if (r) rook = Square(63 - std::countl_zero(r));  // outermost
        } else if (lower == 'q') {
            Bitboard r = rooks & (squareBB(king) - 1);
            if (r) rook = lsb(r);
        } else if (lower >= 'a' && lower <= 'h') {
            Square s = makeSquare(lower - 'a', rankOf(king));
            if (rooks & squareBB(s)) rook = s;
            if (s == king) return {std::string("castling right '") + c + "' names the king's own file"};
        } else {
            return {std::string("unknown castling letter '") + c + "'"};
        }
        if (rook == NoSquare) return {std::string("castling right '") + c + "' but no " + name + " rook on its start square"};
        if (!chess960 && fileOf(rook) != 0 && fileOf(rook) != 7)
            return {std::string("castling right '") + c + "' but no " + name + " rook on its start square"};
        CastlingRight cr = castlingRight(color, rook > king);
        if (st_->castlingRights & cr) return {std::string("castling right '") + c + "' given twice"};
        addCastlingRight(color, rook);
    }
    return {};
}

// 4. En passant square: must be behind a pawn that has just moved two squares. It is
// only a candidate: the position keeps it only if a capture there is legal.
ParseResult Position::parseEnPassant(std::string_view field, Square& candidate) const {
    candidate = NoSquare;
    if (field == "-") return {};
    if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
        return {"bad en passant square " + quote(field)};
    Square ep = makeSquare(field[0] - 'a', field[1] - '1');
    Color mover = ~side_;  // the side that made the double step
    if (relativeRank(mover, ep) != 2)
        return {"en passant square " + std::string(field) + " is not on the " + (side_ == White ? "sixth" : "third") + " rank"};
    Square pawnSq = ep + pawnPush(mover), origin = ep - pawnPush(mover);
    if (pieceOn(pawnSq) != makePiece(mover, Pawn) || !empty(ep) || !empty(origin))
        return {"en passant square " + std::string(field) + " but no pawn can have just moved two squares"};
    candidate = ep;
    return {};
}

ParseResult Position::setFromFen(std::string_view fen, bool chess960, StateInfo& root) {
    initCore();
    std::vector<std::string_view> f = splitFields(fen);
    if (f.size() < 4) return {"FEN has " + std::to_string(f.size()) + " fields, needs at least 4 (board, side, castling, en passant)"};
    if (f.size() > 6) return {"FEN has " + std::to_string(f.size()) + " fields, at most 6 allowed"};

    // Build into a scratch position so that a failure leaves *this unchanged.
    Position p{Blank{}};
    p.clear();
    StateInfo st{};
    p.st_ = &st;
    p.chess960_ = chess960;

    if (ParseResult r = p.parsePlacement(f[0]); !r.ok()) return r;
    if (ParseResult r = p.checkMaterial(); !r.ok()) return r;

    // 2. Side to move.
    if (f[1] == "w") p.side_ = White;
    else if (f[1] == "b") p.side_ = Black;
    else return {"side to move must be 'w' or 'b', got " + quote(f[1])};
    if (p.attackedBy(p.side_, p.kingSquare(~p.side_), p.pieces())) return {"the side not to move is in check"};

    if (ParseResult r = p.parseCastling(f[2], chess960); !r.ok()) return r;
    Square epCandidate = NoSquare;
    if (ParseResult r = p.parseEnPassant(f[3], epCandidate); !r.ok()) return r;

    // 5./6. Clocks (optional; default "0 1").
    int halfmove = 0, fullmove = 1;
    if (f.size() >= 5 && !parseClock(f[4], 0, halfmove)) return {"bad halfmove clock " + quote(f[4])};
    if (f.size() >= 6 && !parseClock(f[5], 0, fullmove)) return {"bad fullmove number " + quote(f[5])};
    fullmove = std::max(fullmove, 1);  // some GUIs send 0
    st.rule50 = halfmove;
    p.gamePly_ = 2 * (fullmove - 1) + (p.side_ == Black);

    st.checkers = p.attackersTo(p.kingSquare(p.side_), p.pieces()) & p.pieces(~p.side_);
    if (popCount(st.checkers) > 2) return {"the side to move is in check from more than two pieces"};
    if (epCandidate != NoSquare) st.epSquare = p.usableEnPassant(epCandidate);  // else not part of the position

    // Success: commit.
    copyFrom(p);
    root = st;
    root.previous = nullptr;
    root.pliesFromNull = 0;
    root.repetition = 0;
    root.captured = NoPiece;
    st_ = &root;
    root.key = computeKey();
    root.pawnKey = computePawnKey();
    return {};
}

std::string Position::fen() const {
    std::string s;
    for (int r = 7; r >= 0; --r) {
        int emptyRun = 0;
        for (int f = 0; f < 8; ++f) {
            Piece pc = pieceOn(makeSquare(f, r));
            if (pc == NoPiece) {
                ++emptyRun;
                continue;
            }
            if (emptyRun) s += char('0' + emptyRun);
            emptyRun = 0;
            s += kPieceChars[pc];
        }
        if (emptyRun) s += char('0' + emptyRun);
        if (r) s += '/';
    }
    s += side_ == White ? " w " : " b ";

    constexpr CastlingRight kOrder[4] = {WhiteKingSide, WhiteQueenSide, BlackKingSide, BlackQueenSide};
    bool any = false;
    for (CastlingRight cr : kOrder) {
        if (!canCastle(cr)) continue;
        any = true;
        bool white = cr == WhiteKingSide || cr == WhiteQueenSide;
        char c = chess960_ ? char('a' + fileOf(castlingRookSquare(cr)))
                           : (cr == WhiteKingSide || cr == BlackKingSide ? 'k' : 'q');
        s += white ? char(std::toupper(c)) : c;
    }
    if (!any) s += '-';

    s += ' ';
    if (epSquare() == NoSquare) s += '-';
    else {
        s += char('a' + fileOf(epSquare()));
        s += char('1' + rankOf(epSquare()));
    }
    s += ' ' + std::to_string(rule50()) + ' ' + std::to_string(fullmoveNumber());
    return s;
}

}  // namespace vazir
