// Iterative-deepening principal variation search with aspiration windows, quiescence
// search, a transposition table, and the usual selectivity (null move, reverse
// futility, late move reductions and pruning). One Searcher runs one search at a time
// on the calling thread; stop() and ponderhit() may be called from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/position.h"
#include "nnue/network.h"
#include "search/history.h"
#include "search/limits.h"
#include "search/movepick.h"
#include "search/tablebase.h"
#include "search/timeman.h"
#include "search/tt.h"

namespace vazir {

struct SearchReport {
    int depth = 0;
    int selDepth = 0;
    int multiPv = 1;
    Score score = 0;
    Bound bound = BoundExact;  // Lower/Upper for aspiration fail-high/low reports
    uint64_t nodes = 0;
    int64_t timeMs = 0;
    int hashfull = 0;
    uint64_t tbHits = 0;
    std::vector<Move> pv;
    // A root move report instead (`info currmove`), when currMoveNumber > 0.
    Move currMove;
    int currMoveNumber = 0;
};

struct SearchResult {
    Move best;
    Move ponder;
    Score score = 0;
    int depth = 0;
    uint64_t nodes = 0;
    // With MultiPV, the lines' first moves and scores, best first (strength limiting
    // chooses among them).
    struct Line {
        Move move;
        Score score = 0;
        std::vector<Move> pv;
        // The expected answer (the ponder move of this line), if the line has one.
        Move reply() const { return pv.size() >= 2 ? pv[1] : Move::none(); }
    };
    std::vector<Line> lines;
    // The last report of the first line (the PV a GUI shows for this result).
    SearchReport report;
};

struct SearchSettings {
    int multiPv = 1;
    int64_t moveOverheadMs = 20;
    tablebase::Settings tablebase;
    std::shared_ptr<const nnue::Network> network;  // EvalFile; null: the hand-crafted evaluation
};

class Searcher {
public:
    explicit Searcher(TranspositionTable& tt);

    // Searches `pos` (moves are made and unmade on it; it is unchanged afterwards).
    // `onInfo` receives one report per finished iteration and PV line, and aspiration
    // fail-high/low reports once the search has run for a second.
    SearchResult run(Position& pos, const SearchLimits& limits, const SearchSettings& settings,
                     const std::function<void(const SearchReport&)>& onInfo);

    // Resets the clock and the stop and ponder flags for the next run(). A caller that
    // runs the search on another thread calls it before starting that thread, so a stop
    // or ponderhit sent right after `go` cannot be wiped out by the search starting late
    // (run() prepares by itself when nobody did).
    void prepare(bool ponder);
    void stop() { stop_->store(true, std::memory_order_relaxed); }
    bool stopped() const { return stop_->load(std::memory_order_relaxed); }
    // The opponent played the expected move: from now on the clock counts.
    void ponderhit();
    void clearHistory() { history_->clear(); }

    // Lazy SMP (engine/thread_pool.h): the searchers of a pool share the table and one
    // stop flag. A helper reports nothing and leaves the clock and the node limit to the
    // main searcher, whose limit checks and reports count the pool's nodes.
    void joinPool(std::atomic<bool>* sharedStop, std::function<uint64_t()> poolNodes,
                  std::function<uint64_t()> poolTbHits, bool helper);
    // Nodes this searcher has visited in its current or last search (any thread may read).
    uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    uint64_t tbHits() const { return tbHits_.load(std::memory_order_relaxed); }

private:
    struct StackEntry {
        int ply = 0;
        Move currentMove;
        Piece movedPiece = NoPiece;
        PieceToHistory* continuation = nullptr;  // history table of currentMove (null for a null move)
        Score staticEval = kNoScore;
        Move excluded;             // singular extension verification: this move is left out
        int doubleExtensions = 0;  // double extensions on the line from the root
        int pvLength = 0;
        Move pv[kMaxPly + 1];
    };
    struct RootMove {
        Move move;
        Score score = -kInfinite;
        Score previousScore = -kInfinite;
        int selDepth = 0;
        uint64_t nodes = 0;  // nodes searched under this move in this search (time management)
        std::vector<Move> pv;
    };

    // What the steps of one node of search() share (node.cpp).
    struct Node {
        bool pvNode = false, rootNode = false, cutNode = false, inCheck = false;
        int depth = 0;
        Move excluded;  // singular verification: the hash move left out
        bool ttHit = false;
        TTData tte;
        Move ttMove;
        bool ttCapture = false;    // the table's move is a legal capture or promotion (set when the picker hands it out)
        Score rawEval = kNoScore;  // the evaluation as computed (what the table keeps)
        Score eval = kNoScore;     // corrected, then sharpened by the table's score
        bool improving = false;    // static evaluation above that of two plies ago
        Score tbFloor = -kInfinite;  // at a PV node the tables proved a win: no less than this
        Score tbCeiling = kInfinite;  // ... or a loss: no more than this
    };
    // What the move loop knows of the move being searched.
    struct MoveFacts {
        bool quiet = false, givesCheck = false;
        int moveCount = 0;   // 1 for the first move searched
        int orderScore = 0;  // the move picker's class (below 0: a losing capture)
        int history = 0;     // quiet history (butterfly + continuation)
    };
    struct Singularity {
        int extension = 0;
        bool multiCut = false;  // another move beats beta too: the node fails high
        Score cutScore = 0;
    };

    Score search(Position& pos, StackEntry* ss, Score alpha, Score beta, int depth, bool cutNode);
    Score qsearch(Position& pos, StackEntry* ss, Score alpha, Score beta);
    static Node enterNode(const Position& pos, const StackEntry* ss, Score alpha, Score beta, int depth, bool cutNode);
    MoveFacts factsOf(const Position& pos, Move m, int orderScore, const OrderingContext& ordering) const;
    std::optional<Score> drawOrMateDistance(const Position& pos, StackEntry* ss, Score& alpha, Score& beta);
    void evaluateNode(const Position& pos, StackEntry* ss, Node& n);
    std::optional<Score> pruneNode(Position& pos, StackEntry* ss, const Node& n, Score alpha, Score beta);
    std::optional<Score> probcut(Position& pos, StackEntry* ss, const Node& n, Score beta);
    bool nullMoveVerified(Position& pos, StackEntry* ss, Score beta, int depth);
    bool pruneMove(const Position& pos, const Node& n, Move m, const MoveFacts& f, int moveCount, Score alpha) const;
    static bool lateMoveLimitReached(const Node& n, int moveCount);
    Singularity extensionFor(Position& pos, StackEntry* ss, const Node& n, Move m, bool givesCheck, Score beta);
    Singularity singularExtension(Position& pos, StackEntry* ss, Move ttMove, Score ttScore, int depth, Score beta,
                                  bool pvNode, bool cutNode);
    Score searchMove(Position& pos, StackEntry* ss, const Node& n, const MoveFacts& f, int newDepth, Score alpha,
                     Score beta);
    void recordNode(const Position& pos, StackEntry* ss, const Node& n, Score bestScore, Bound bound, Move bestMove);
    bool isRootMoveOfThisLine(Move m) const;

    // The iterative-deepening driver's steps (search.cpp).
    struct IterationState {
        int stableIterations = 0;  // iterations the best move has stayed the same
        Move lastBest;
    };
    void beginSearch(const Position& pos, const SearchLimits& limits, const SearchSettings& settings,
                     const std::function<void(const SearchReport&)>& onInfo);
    void collectRootMoves(const Position& pos);
    bool searchLine(Position& pos, StackEntry* ss);
    bool iterationEndsSearch(IterationState& it);
    SearchResult collectResult(Position& pos, int completedDepth, int multiPv);

    void checkLimits();
    int64_t elapsedMs() const;
    void makeMove(Position& pos, Move m, StateInfo& st, StackEntry* ss);
    void unmakeMove(Position& pos, Move m);
    void makeNullMove(Position& pos, StateInfo& st);
    void unmakeNullMove(Position& pos);
    Score staticEvaluation(const Position& pos);
    std::shared_ptr<const nnue::Network> net_;
    std::unique_ptr<nnue::AccumulatorStack> accumulators_;  // made when a network is first used
    static constexpr int kStackOffset = 4;  // entries before the root: continuation looks 4 plies back
    OrderingContext orderingContext(const StackEntry* ss) const;
    void updateCutoffStats(const Position& pos, StackEntry* ss, Move best, const Move* quiets, int quietCount,
                           const Move* captures, int captureCount, int depth);
    static void updatePv(StackEntry* ss, Move m);
    void updateRootMove(Move m, Score score, StackEntry* ss, int moveCount, Score alpha, uint64_t moveNodes);
    SearchReport makeReport(int pvIndex, int depth, Bound bound) const;
    Move ponderMoveFor(Position& pos, const RootMove& rm);

    TranspositionTable& tt_;
    std::unique_ptr<SearchHistory> history_;
    std::atomic<bool> ownStop_{false};
    std::atomic<bool>* stop_ = &ownStop_;  // the pool's flag when in a pool
    std::function<uint64_t()> poolNodes_;   // the pool's node total (every searcher of a pool)
    std::function<uint64_t()> poolTbHits_;  // and its tablebase hits
    bool helper_ = false;
    uint64_t reportedNodes() const { return poolNodes_ ? poolNodes_() : nodes(); }
    void countNode() { nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }
    bool prepared_ = false;  // prepare() ran for the coming run()
    std::atomic<bool> pondering_{false};
    std::atomic<int64_t> startNs_{0};  // steady-clock time the clock started (ponderhit resets it)

    // Once a search has run this long, the root reports each move it starts.
    static constexpr int64_t kCurrMoveReportMs = 3000;
    void reportCurrMove(Move m, int moveNumber);
    std::function<void(const SearchReport&)> onInfo_;

    // State of the running search.
    SearchLimits limits_;
    TimeBudget budget_;
    std::vector<RootMove> rootMoves_;
    int pvIndex_ = 0;
    int rootDepth_ = 0;
    int selDepth_ = 0;
    int nullMoveMinPly_ = 0;  // during a null-move verification: no null move above this ply
    std::atomic<uint64_t> nodes_{0};  // written by the searching thread only
    std::atomic<uint64_t> tbHits_{0};
    tablebase::Settings tbSettings_;
    std::optional<Score> rootTbScore_;  // the root's tablebase result, when the tables ranked its moves
    bool probeInSearch_ = true;         // off when the root's moves are already ranked by DTZ
    Score displayedScore(Score searched) const;
    void countTbHit() { tbHits_.store(tbHits_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }
    std::optional<Score> probeTablebase(const Position& pos, StackEntry* ss, Node& n, Score alpha, Score beta);
};

// Recomputes the late-move-reduction table from the parameters (tuning builds, after a
// parameter changed).
void reinitReductions();

}  // namespace vazir
