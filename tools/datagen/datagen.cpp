#include "datagen/datagen.h"

#include <atomic>
#include <chrono>
#include <cinttypes>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <vector>

#include "core/move_text.h"
#include "core/movegen.h"
#include "datagen/games.h"
#include "datagen/packed.h"
#include "engine/game.h"
#include "search/movepick.h"
#include "search/search.h"

namespace vazir {

namespace {

std::atomic<bool> gInterrupted{false};
void onSignal(int) { gInterrupted.store(true); }

// splitmix64: one independent stream per game, from the seed and the game id.
struct Rng {
    uint64_t state;
    uint64_t next() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    uint64_t below(uint64_t n) { return next() % n; }
};

std::vector<std::string> readBook(const std::string& path) {
    std::vector<std::string> fens;
    if (path.empty()) return fens;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty() && line[0] != '#') fens.push_back(line.substr(0, line.find(';')));
    return fens;
}

// Keeps the complete games of an earlier run: truncates after the last game marker and
// returns the ids of the games found.
std::set<uint64_t> resumeTextFile(const std::string& path) {
    std::set<uint64_t> done;
    std::ifstream in(path, std::ios::binary);
    if (!in) return done;
    std::string line;
    uint64_t keep = 0, offset = 0;
    while (std::getline(in, line)) {
        offset += line.size() + 1;
        if (in.eof()) break;  // a last line without newline is incomplete
        uint64_t id = 0;
        if (std::sscanf(line.c_str(), "# game %" SCNu64, &id) == 1) {
            done.insert(id);
            keep = offset;
        }
    }
    in.close();
    std::filesystem::resize_file(path, keep);
    return done;
}

// The same for the binary format: records after the last marker (and a torn last
// record) are dropped.
std::set<uint64_t> resumeBinaryFile(const std::string& path) {
    std::set<uint64_t> done;
    std::ifstream in(path, std::ios::binary);
    if (!in) return done;
    PackedPosition p;
    uint64_t keep = 0, offset = 0;
    while (in.read(reinterpret_cast<char*>(&p), sizeof p)) {
        offset += sizeof p;
        if (p.isGameMarker()) {
            done.insert(markerGameId(p));
            keep = offset;
        }
    }
    in.close();
    std::filesystem::resize_file(path, keep);
    return done;
}

// The same for the game format: the games after the last whole one are dropped. A file
// that is not in the game format, or whose games are damaged before its end, is left as
// it is: `error` says why, and the run stops rather than truncate data.
std::set<uint64_t> resumeGamesFile(const std::string& path, std::string& error) {
    std::set<uint64_t> done;
    std::error_code ec;
    const uint64_t size = std::filesystem::file_size(path, ec);
    if (ec || size == 0) return done;
    GamesFileReader in;
    if (std::string err = in.open(path); !err.empty()) {
        // A header cut short by an interrupted first write is started again.
        const std::string header = gamesFileHeader();
        std::ifstream f(path, std::ios::binary);
        std::string head(size_t(std::min<uint64_t>(size, header.size())), '\0');
        f.read(head.data(), std::streamsize(head.size()));
        if (size < header.size() && header.compare(0, head.size(), head) == 0) {
            std::filesystem::resize_file(path, 0);
            return done;
        }
        error = err + " (not resumed: name another output file)";
        return done;
    }
    StoredGame game;
    while (in.next(game)) done.insert(game.id);
    if (!in.error().empty() && !in.endedInsideGame()) {
        error = in.error() + " (not resumed)";
        return done;
    }
    std::filesystem::resize_file(path, in.offset());
    return done;
}

struct Shared {
    explicit Shared(const DatagenConfig& c) : config(c) {}
    const DatagenConfig& config;
    std::vector<std::string> book;
    std::set<uint64_t> done;
    std::atomic<uint64_t> nextGame{0};
    std::atomic<uint64_t> gamesPlayed{0}, positions{0};
    std::mutex fileMutex;
    std::FILE* out = nullptr;
    std::string error;  // the first game that could not be written (under fileMutex)
    SearchSettings settings;  // the evaluation; read-only once the threads run
};

// The opening of a game: a book line (or the start position) plus random legal plies,
// retried until the game is still going and, with a balance limit, until the first
// search scores it within that limit (random plies often hang a piece; such games teach
// little but material). That first search is returned too: it is the game's first
// move. After kMaxOpeningAttempts the last playable candidate is kept whatever its
// score, so a tight limit cannot stall the run.
constexpr int kMaxOpeningAttempts = 200;

struct Opening {
    bool playable = false;  // false: no attempt left a legal move (a book of finished games)
    SearchResult firstSearch;
};

Opening chooseOpening(const Shared& shared, Rng& rng, Game& game, TranspositionTable& tt, Searcher& searcher,
                      const SearchLimits& limits) {
    const DatagenConfig& cfg = shared.config;
    Opening opening;
    std::string lastFen;
    std::vector<Move> lastMoves;
    for (int attempt = 0; attempt < kMaxOpeningAttempts; ++attempt) {
        const std::string fen =
            shared.book.empty() ? std::string(Position::kStartFen) : shared.book[size_t(rng.below(shared.book.size()))];
        if (!game.set(fen, {}, false).ok()) continue;
        std::vector<Move> moves;
        bool alive = true;
        for (int i = 0; i < cfg.randomPlies && alive; ++i) {
            MoveList legal;
            generateMoves<GenType::All>(game.position(), legal);
            alive = !legal.empty();
            if (alive) {
                moves.push_back(legal[int(rng.below(uint64_t(legal.size())))]);
                game.play(moves.back());
            }
        }
        if (!alive || !hasLegalMove(game.position())) continue;
        opening.playable = true;
        lastFen = fen;
        lastMoves = moves;
        tt.clear();
        searcher.clearHistory();
        opening.firstSearch = searcher.run(game.position(), limits, shared.settings, [](const SearchReport&) {});
        if (cfg.maxOpeningScore <= 0 || std::abs(opening.firstSearch.score) <= cfg.maxOpeningScore) return opening;
    }
    if (opening.playable) {  // no balanced candidate: replay the last playable one
        game.set(lastFen, {}, false);
        for (Move m : lastMoves) game.play(m);
    }
    return opening;
}

// Plays game `id` and returns its bytes in the output's format, or "" if interrupted (or,
// with `error` set, if the game could not be stored).
std::string playGame(Shared& shared, uint64_t id, TranspositionTable& tt, Searcher& searcher, uint64_t& kept,
                     std::string& error) {
    const DatagenConfig& cfg = shared.config;
    Rng rng{cfg.seed * 0x100000001B3ULL ^ id};
    SearchLimits limits;
    limits.nodes = cfg.nodes;
    Game game;
    Opening opening = chooseOpening(shared, rng, game, tt, searcher, limits);
    bool firstMove = opening.playable;

    struct Record {
        std::string fen;  // text format
        PackedPosition packed;  // binary format (result filled in at the end)
        int score;
    };
    std::vector<Record> records;
    double result = 0.5;
    int decisiveRun = 0, plies = 0;
    while (opening.playable) {
        if (gInterrupted.load()) return "";
        Position& pos = game.position();
        const Color stm = pos.sideToMove();
        if (!hasLegalMove(pos)) {
            result = pos.inCheck() ? (stm == White ? 0.0 : 1.0) : 0.5;
            break;
        }
        if (pos.isRepetition(0) || isFiftyMoveDraw(pos) || pos.isDeadPosition()) break;

        SearchResult r = firstMove ? std::move(opening.firstSearch)
                                   : searcher.run(pos, limits, shared.settings, [](const SearchReport&) {});
        firstMove = false;
        const int whiteScore = stm == White ? r.score : -r.score;
        const bool noisy = isNoisy(pos, r.best);
        if (cfg.format != DatagenFormat::Text)  // every position: the reader filters
            records.push_back({"", packPosition(pos, whiteScore, r.best, noisy, 1, pos.gamePly()), whiteScore});
        else if (!pos.inCheck() && !noisy && !isMateScore(r.score))
            records.push_back({pos.fen(), {}, whiteScore});
        // Adjudicate once the score has stayed decisive for several plies.
        decisiveRun = std::abs(whiteScore) >= cfg.adjudicateScore ? decisiveRun + 1 : 0;
        if (decisiveRun >= cfg.adjudicatePlies) {
            result = whiteScore > 0 ? 1.0 : 0.0;
            break;
        }
        game.play(r.best);
        ++plies;
    }

    kept = records.size();
    const uint8_t res = result == 1.0 ? 2 : result == 0.0 ? 0 : 1;
    const PackedPosition marker = packGameMarker(id, res, plies);
    if (cfg.format == DatagenFormat::Records) {
        std::string block;
        for (Record& rec : records) {
            rec.packed.result = res;
            block.append(reinterpret_cast<const char*>(&rec.packed), sizeof rec.packed);
        }
        block.append(reinterpret_cast<const char*>(&marker), sizeof marker);
        return block;
    }
    if (cfg.format == DatagenFormat::Games) {
        // Stored from the very records the binary format writes, which the game format
        // checks it gives back (games.h).
        std::vector<PackedPosition> packed;
        for (Record& rec : records) {
            rec.packed.result = res;
            packed.push_back(rec.packed);
        }
        StoredGame stored;
        error = gameFromRecords(packed, marker, stored);
        std::string block;
        if (error.empty()) appendGame(stored, block);
        return block;
    }
    std::ostringstream block;
    const char* text = result == 1.0 ? "1.0" : result == 0.0 ? "0.0" : "0.5";
    for (const Record& rec : records) block << rec.fen << " | " << rec.score << " | " << text << "\n";
    block << "# game " << id << " " << text << " " << plies << "\n";
    return block.str();
}

void worker(Shared& shared) {
    TranspositionTable tt;
    if (!tt.resize(16)) return;
    Searcher searcher(tt);
    while (!gInterrupted.load()) {
        const uint64_t id = shared.nextGame.fetch_add(1);
        if (id >= shared.config.games) break;
        if (shared.done.count(id)) continue;
        uint64_t kept = 0;
        std::string error;
        std::string block = playGame(shared, id, tt, searcher, kept, error);
        std::lock_guard lock(shared.fileMutex);
        if (!error.empty() && shared.error.empty()) {
            shared.error = error;
            gInterrupted.store(true);
        }
        if (block.empty()) break;
        std::fwrite(block.data(), 1, block.size(), shared.out);  // whole game in one write
        std::fflush(shared.out);
        shared.gamesPlayed.fetch_add(1);
        shared.positions.fetch_add(kept);
    }
}

bool parseNumber(const std::string& s, uint64_t& v) {
    try {
        size_t used = 0;
        v = std::stoull(s, &used);
        return used == s.size();
    } catch (...) {
        return false;
    }
}

}  // namespace

std::string parseDatagenArgs(int argc, char** argv, int first, DatagenConfig& c) {
    std::string format;
    for (int i = first; i < argc; ++i) {
        std::string a = argv[i];
        size_t eq = a.find('=');
        if (eq == std::string::npos) return "expected key=value, got '" + a + "'";
        std::string key = a.substr(0, eq), value = a.substr(eq + 1);
        uint64_t n = 0;
        if (key == "output") c.output = value;
        else if (key == "format") {
            if (value != "binary" && value != "text" && value != "games")
                return "format is 'binary', 'games' or 'text', got '" + value + "'";
            format = value;
        } else if (key == "book") c.book = value;
        else if (key == "evalfile") c.evalFile = value;
        else if (!parseNumber(value, n)) return "'" + key + "' needs a number, got '" + value + "'";
        else if (key == "games") c.games = n;
        else if (key == "threads") c.threads = int(std::clamp<uint64_t>(n, 1, 256));
        else if (key == "nodes") c.nodes = std::max<uint64_t>(n, 1);
        else if (key == "seed") c.seed = n;
        else if (key == "randomplies") c.randomPlies = int(std::min<uint64_t>(n, 40));
        else if (key == "maxopeningscore") c.maxOpeningScore = int(std::min<uint64_t>(n, 30000));
        else return "unknown datagen option '" + key + "'";
    }
    const auto endsWith = [&](const std::string& tail) {
        return c.output.size() > tail.size() && c.output.compare(c.output.size() - tail.size(), tail.size(), tail) == 0;
    };
    if (format.empty()) format = endsWith(".bin") ? "binary" : endsWith(".vzg") ? "games" : "text";
    c.format = format == "binary" ? DatagenFormat::Records : format == "games" ? DatagenFormat::Games : DatagenFormat::Text;
    return "";
}

int runDatagen(const DatagenConfig& config, std::ostream& log) {
    Shared shared{config};
    shared.book = readBook(config.book);
    if (!config.book.empty() && shared.book.empty()) {
        log << "datagen: no positions in book '" << config.book << "'" << std::endl;
        return 2;
    }
    if (std::string err = nnue::loadEvalFile(config.evalFile, shared.settings.network); !err.empty()) {
        log << "datagen: evalfile: " << err << std::endl;
        return 2;
    }
    std::string resumeError;
    shared.done = config.format == DatagenFormat::Records ? resumeBinaryFile(config.output)
                  : config.format == DatagenFormat::Games ? resumeGamesFile(config.output, resumeError)
                                                          : resumeTextFile(config.output);
    if (!resumeError.empty()) {
        log << "datagen: " << resumeError << std::endl;
        return 2;
    }
    shared.out = std::fopen(config.output.c_str(), "ab");
    if (!shared.out) {
        log << "datagen: cannot open '" << config.output << "' for writing" << std::endl;
        return 2;
    }
    // Where an append stream starts is the C library's choice (glibc: the end; musl and
    // emscripten: 0 until the first write), so go to the end before asking.
    std::fseek(shared.out, 0, SEEK_END);
    if (config.format == DatagenFormat::Games && std::ftell(shared.out) == 0) {
        const std::string header = gamesFileHeader();
        std::fwrite(header.data(), 1, header.size(), shared.out);
        std::fflush(shared.out);
    }
    const uint64_t remaining = config.games - std::min<uint64_t>(config.games, shared.done.size());
    log << "datagen: " << config.games << " games (" << shared.done.size() << " already in " << config.output << "), "
        << config.threads << " threads, " << config.nodes << " nodes per move, seed " << config.seed
        << ", openings within " << config.maxOpeningScore << " cp, evaluation "
        << (shared.settings.network ? config.evalFile + " " + shared.settings.network->shape()
                                    : std::string("hand-crafted"))
        << (config.format == DatagenFormat::Records ? ", binary records"
            : config.format == DatagenFormat::Games ? ", game format"
                                                    : ", text lines")
        << std::endl;
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);

    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (int i = 0; i < config.threads; ++i) threads.emplace_back(worker, std::ref(shared));
    uint64_t lastGames = ~0ULL;
    while (shared.gamesPlayed.load() < remaining && !gInterrupted.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        const uint64_t g = shared.gamesPlayed.load();
        if (g == lastGames) continue;
        lastGames = g;
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const double perSecond = double(shared.positions.load()) / std::max(secs, 1e-3);
        const double eta = g ? secs / double(g) * double(remaining - g) : 0.0;
        log << "\rgames " << g << "/" << remaining << "  positions " << shared.positions.load() << "  "
            << int(perSecond) << " pos/s  about " << int(eta) << " s left   " << std::flush;
        // Stop polling once every thread has run out of games.
        if (shared.nextGame.load() >= config.games + uint64_t(config.threads) && g >= remaining) break;
    }
    for (std::thread& t : threads) t.join();
    std::fclose(shared.out);
    if (!shared.error.empty()) {
        log << "\ndatagen: a game could not be stored: " << shared.error << std::endl;
        return 1;
    }
    log << "\ndatagen: " << shared.gamesPlayed.load() << " games, " << shared.positions.load() << " positions written"
        << (gInterrupted.load() ? " (interrupted: run the same command again to resume)" : "") << std::endl;
    return 0;
}

}  // namespace vazir
