// A game: the current position plus the chain of state records for every move played
// since the FEN it started from, so that repetitions reach back across the whole game.
#pragma once

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace vazir {

class Game {
public:
    Game();

    // Sets the position from a FEN and a list of UCI moves. All-or-nothing: on any error
    // (bad FEN, illegal or malformed move) the previous game is kept and the result says
    // what is wrong.
    ParseResult set(std::string_view fen, const std::vector<std::string_view>& moves, bool chess960);

    // Plays a legal move, keeping its state record.
    void play(Move m) {
        states_->emplace_back();
        pos_->doMove(m, states_->back());
        moves_.push_back(m);
    }

    // Becomes a copy of `other` with its own position and state chain (each search
    // thread searches its own copy; the game itself is never searched on).
    void copyFrom(const Game& other);

    Position& position() { return *pos_; }
    const Position& position() const { return *pos_; }

private:
    // Both live on the heap so the position's pointers into the chain stay valid when a
    // Game is built aside and swapped in. std::deque never moves its elements on push_back.
    std::unique_ptr<Position> pos_;
    std::unique_ptr<std::deque<StateInfo>> states_;
    // How the game was set up, for copyFrom.
    std::string fen_{Position::kStartFen};
    bool chess960_ = false;
    std::vector<Move> moves_;
};

}  // namespace vazir
