#include "datagen/packed.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>

#include "core/move_text.h"
#include "datagen/kept_games.h"

namespace vazir {

namespace {

int rightsBits(const Position& pos) {
    return (pos.canCastle(WhiteKingSide) ? 1 : 0) | (pos.canCastle(WhiteQueenSide) ? 2 : 0) |
           (pos.canCastle(BlackKingSide) ? 4 : 0) | (pos.canCastle(BlackQueenSide) ? 8 : 0);
}

}  // namespace

PackedPosition packPosition(const Position& pos, int whiteScore, Move best, bool noisyBest, uint8_t result, int ply) {
    PackedPosition p;
    p.occupancy = pos.pieces();
    int i = 0;
    for (Bitboard b = pos.pieces(); b; ++i) {
        const Piece pc = pos.pieceOn(popLsb(b));
        p.pieces[i / 2] |= uint8_t(pc << (4 * (i % 2)));
    }
    p.score = int16_t(std::clamp(whiteScore, -32000, 32000));
    p.bestMove = best.raw();
    p.result = result;
    p.flags = uint8_t((pos.sideToMove() == Black ? PackedPosition::kBlackToMove : 0) | rightsBits(pos) << 1 |
                      (pos.inCheck() ? PackedPosition::kInCheck : 0) | (noisyBest ? PackedPosition::kNoisyBest : 0));
    p.epFile = pos.epSquare() == NoSquare ? 0 : uint8_t(fileOf(pos.epSquare()) + 1);
    p.ply = uint8_t(std::min(ply, 255));
    return p;
}

PackedPosition packGameMarker(uint64_t gameId, uint8_t result, int plies) {
    PackedPosition p;
    std::memcpy(p.pieces, &gameId, sizeof gameId);
    p.result = result;
    p.bestMove = uint16_t(std::min(plies, 65535));
    return p;
}

uint64_t markerGameId(const PackedPosition& p) {
    uint64_t id = 0;
    std::memcpy(&id, p.pieces, sizeof id);
    return id;
}

int unpackPieces(const PackedPosition& p, Piece pieces[32], Square squares[32]) {
    if (popCount(p.occupancy) > 32) return -1;
    int i = 0;
    for (Bitboard b = p.occupancy; b; ++i) {
        squares[i] = popLsb(b);
        pieces[i] = Piece((p.pieces[i / 2] >> (4 * (i % 2))) & 15);
    }
    return i;
}

std::string unpackFen(const PackedPosition& p) {
    Piece pieces[32];
    Square squares[32];
    const int n = unpackPieces(p, pieces, squares);
    if (n < 0) return "";
    char board[64];
    std::memset(board, 0, sizeof board);
    for (int i = 0; i < n; ++i) {
        if (pieces[i] == NoPiece || pieces[i] >= kPieceChars.size() || kPieceChars[pieces[i]] == ' ') return "";
        board[squares[i]] = kPieceChars[pieces[i]];
    }
    std::string fen;
    for (int r = 7; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 8; ++f) {
            const char c = board[r * 8 + f];
            if (!c) {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty);
            empty = 0;
            fen += c;
        }
        if (empty) fen += char('0' + empty);
        if (r) fen += '/';
    }
    const bool black = p.flags & PackedPosition::kBlackToMove;
    fen += black ? " b " : " w ";
    const int rights = (p.flags >> 1) & 15;
    std::string castling;
    if (rights & 1) castling += 'K';
    if (rights & 2) castling += 'Q';
    if (rights & 4) castling += 'k';
    if (rights & 8) castling += 'q';
    fen += castling.empty() ? "-" : castling;
    if (p.epFile >= 1 && p.epFile <= 8) {
        fen += ' ';
        fen += char('a' + p.epFile - 1);
        fen += black ? '3' : '6';
    } else {
        fen += " -";
    }
    fen += " 0 " + std::to_string(1 + p.ply / 2);
    return fen;
}

bool PackedFilter::keep(const PackedPosition& p) const {
    if (p.isGameMarker()) return false;
    if (skipInCheck && (p.flags & PackedPosition::kInCheck)) return false;
    if (skipNoisyBest && (p.flags & PackedPosition::kNoisyBest)) return false;
    if (std::abs(int(p.score)) > maxAbsScore) return false;
    return p.ply >= minPly;
}

PackedLoad loadPacked(const std::vector<std::string>& files, const PackedFilter& filter, uint64_t shuffleSeed,
                      double heldOutShare) {
    PackedLoad out;
    KeptGames games(files, filter, heldOutShare);
    std::vector<PackedPosition> kept;
    bool held = false;
    while (games.next(kept, held)) {
        std::vector<PackedPosition>& to = held ? out.heldOut : out.positions;
        to.insert(to.end(), kept.begin(), kept.end());
    }
    out.error = games.error;
    out.records = games.records;
    out.games = games.games;
    out.dropped = games.dropped;
    out.heldOutGames = games.heldOutGames;
    if (!out.error.empty()) return out;
    std::mt19937_64 rng(shuffleSeed);
    std::shuffle(out.positions.begin(), out.positions.end(), rng);
    std::shuffle(out.heldOut.begin(), out.heldOut.end(), rng);
    return out;
}

std::string convertTextToPacked(const std::string& textPath, const std::string& packedPath, uint64_t& positions) {
    std::ifstream in(textPath);
    if (!in) return "cannot open '" + textPath + "'";
    std::FILE* out = std::fopen(packedPath.c_str(), "wb");
    if (!out) return "cannot open '" + packedPath + "' for writing";
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> closer(out, &std::fclose);
    std::string line;
    uint64_t lineNo = 0;
    positions = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (line.rfind("# game", 0) == 0) {
            uint64_t id = 0;
            char res[8] = {};
            int plies = 0;
            if (std::sscanf(line.c_str(), "# game %" SCNu64 " %7s %d", &id, res, &plies) != 3)
                return "line " + std::to_string(lineNo) + ": bad game marker";
            const uint8_t result = std::strcmp(res, "1.0") == 0 ? 2 : std::strcmp(res, "0.0") == 0 ? 0 : 1;
            const PackedPosition m = packGameMarker(id, result, plies);
            std::fwrite(&m, sizeof m, 1, out);
            continue;
        }
        const size_t a = line.find('|'), b = line.rfind('|');
        if (a == std::string::npos || a == b) return "line " + std::to_string(lineNo) + ": expected '<fen> | <score> | <result>'";
        Position pos;
        StateInfo st;
        if (!pos.setFromFen(line.substr(0, a), false, st).ok()) return "line " + std::to_string(lineNo) + ": bad FEN";
        int score = 0;
        double result = 0.5;
        std::istringstream(line.substr(a + 1, b - a - 1)) >> score;
        std::istringstream(line.substr(b + 1)) >> result;
        const uint8_t r = result > 0.75 ? 2 : result < 0.25 ? 0 : 1;
        // The text format kept quiet positions only, and no best move.
        const PackedPosition p = packPosition(pos, score, Move::none(), false, r, pos.gamePly());
        std::fwrite(&p, sizeof p, 1, out);
        ++positions;
    }
    return "";
}

}  // namespace vazir
