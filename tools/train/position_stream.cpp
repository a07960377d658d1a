#include "train/position_stream.h"

#include <utility>

namespace vazir::train {

PositionStream::PositionStream(StreamSettings settings) : settings_(std::move(settings)) {
    settings_.bufferPositions = std::max<size_t>(1, settings_.bufferPositions);
}

std::string PositionStream::scan() {
    KeptGames scan(settings_.files, settings_.filter, settings_.heldOutShare);
    std::vector<PackedPosition> kept;
    bool held = false;
    trainPositions_ = 0;
    heldOut_.clear();
    while (scan.next(kept, held)) {
        if (held) heldOut_.insert(heldOut_.end(), kept.begin(), kept.end());
        else trainPositions_ += kept.size();
    }
    records = scan.records;
    games = scan.games;
    dropped = scan.dropped;
    heldOutGames = scan.heldOutGames;
    fileBytes_ = scan.bytesRead;
    buffer_.reserve(size_t(std::min<uint64_t>(settings_.bufferPositions, trainPositions_)));
    return error_ = scan.error;
}

void PositionStream::startEpoch(int epoch) {
    games_ = std::make_unique<KeptGames>(settings_.files, settings_.filter, settings_.heldOutShare, fileBytes_);
    game_.clear();
    gameAt_ = 0;
    pulled_ = 0;
    buffer_.clear();
    inputDone_ = !error_.empty();
    rng_.seed(settings_.seed * 1000003ULL + uint64_t(epoch));
}

bool PositionStream::pull(PackedPosition& p) {
    while (gameAt_ == game_.size()) {
        bool held = false;
        if (!games_->next(game_, held)) {
            if (!games_->error.empty() && error_.empty()) error_ = games_->error;
            // The files were read no further than at scan(): the same count, unless one
            // of them was rewritten since.
            if (error_.empty() && pulled_ != trainPositions_)
                error_ = "the training files changed: " + std::to_string(pulled_) + " positions, the first pass had " +
                         std::to_string(trainPositions_);
            return false;
        }
        gameAt_ = 0;
        if (held) game_.clear();
    }
    p = game_[gameAt_++];
    ++pulled_;
    return true;
}

size_t PositionStream::read(PackedPosition* out, size_t max) {
    size_t n = 0;
    PackedPosition p;
    while (n < max) {
        while (!inputDone_ && buffer_.size() < settings_.bufferPositions) {
            if (pull(p)) buffer_.push_back(p);
            else inputDone_ = true;
        }
        if (buffer_.empty()) break;
        const size_t j = size_t(rng_() % buffer_.size());
        out[n++] = buffer_[j];
        if (!inputDone_ && pull(p)) {
            buffer_[j] = p;
        } else {
            inputDone_ = true;
            buffer_[j] = buffer_.back();
            buffer_.pop_back();
        }
    }
    return n;
}

}  // namespace vazir::train
