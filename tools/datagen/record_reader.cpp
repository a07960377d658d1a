#include "datagen/record_reader.h"

#include <algorithm>

namespace vazir {

namespace {
constexpr size_t kChunkRecords = 4096;
}

RecordReader::~RecordReader() {
    if (file_) std::fclose(file_);
}

std::string RecordReader::open(const std::string& path, uint64_t byteLimit) {
    if (file_) std::fclose(file_);
    file_ = nullptr;
    path_ = path;
    error_.clear();
    byteLimit_ = byteLimit;
    chunk_.clear();
    chunkAt_ = 0;
    recordsRead_ = 0;
    gameRecords_.clear();
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return error_ = "cannot open '" + path + "'";
    char magic[sizeof kGamesMagic];
    games_ = isGamesMagic(magic, std::fread(magic, 1, sizeof magic, f));
    if (games_) {
        std::fclose(f);
        return error_ = gameReader_.open(path);
    }
    std::rewind(f);
    file_ = f;
    return "";
}

bool RecordReader::refill() {
    const uint64_t room = byteLimit_ / sizeof(PackedPosition) - recordsRead_;  // whole records under the limit
    chunk_.resize(size_t(std::min<uint64_t>(kChunkRecords, room)));
    chunkAt_ = 0;
    if (chunk_.empty()) return false;
    chunk_.resize(std::fread(chunk_.data(), sizeof(PackedPosition), chunk_.size(), file_));
    if (std::ferror(file_)) error_ = "'" + path_ + "': read error";
    return !chunk_.empty() && error_.empty();
}

bool RecordReader::next(PackedPosition& p) {
    if (!error_.empty()) return false;
    if (!games_) {
        if (!file_ || (chunkAt_ == chunk_.size() && !refill())) return false;
        p = chunk_[chunkAt_++];
        ++recordsRead_;
        return true;
    }
    if (chunkAt_ == gameRecords_.size()) {
        if (gameReader_.offset() >= byteLimit_ || !gameReader_.next(game_)) {
            error_ = gameReader_.error();
            return false;
        }
        if (std::string err = recordsFromGame(game_, gameRecords_, scratch_); !err.empty()) {
            error_ = "'" + path_ + "': " + err;
            return false;
        }
        chunkAt_ = 0;
    }
    p = gameRecords_[chunkAt_++];
    return true;
}

}  // namespace vazir
