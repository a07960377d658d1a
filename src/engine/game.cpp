#include "engine/game.h"

#include "core/move_text.h"

namespace vazir {

Game::Game() : pos_(std::make_unique<Position>()), states_(std::make_unique<std::deque<StateInfo>>(1)) {
    ParseResult r = pos_->setFromFen(Position::kStartFen, false, states_->front());
    (void)r;
}

ParseResult Game::set(std::string_view fen, const std::vector<std::string_view>& moves, bool chess960) {
    auto pos = std::make_unique<Position>();
    auto states = std::make_unique<std::deque<StateInfo>>(1);
    if (ParseResult r = pos->setFromFen(fen, chess960, states->front()); !r.ok()) return r;
    std::vector<Move> played;
    for (size_t i = 0; i < moves.size(); ++i) {
        Move m = uciToMove(*pos, moves[i]);
        if (m == Move::none()) {
            std::string shown(moves[i].substr(0, 16));
            return {"illegal or malformed move '" + shown + "' (move " + std::to_string(i + 1) + " of the list) in " +
                    pos->fen()};
        }
        states->emplace_back();
        pos->doMove(m, states->back());
        played.push_back(m);
    }
    pos_ = std::move(pos);
    states_ = std::move(states);
    fen_ = std::string(fen);
    chess960_ = chess960;
    moves_ = std::move(played);
    return {};
}

void Game::copyFrom(const Game& other) {
    auto pos = std::make_unique<Position>();
    auto states = std::make_unique<std::deque<StateInfo>>(1);
    ParseResult r = pos->setFromFen(other.fen_, other.chess960_, states->front());
    (void)r;  // the other game was set from it
    for (Move m : other.moves_) {
        states->emplace_back();
        pos->doMove(m, states->back());
    }
    pos_ = std::move(pos);
    states_ = std::move(states);
    fen_ = other.fen_;
    chess960_ = other.chess960_;
    moves_ = other.moves_;
}

}  // namespace vazir
