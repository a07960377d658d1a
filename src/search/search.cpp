#include "search/search.h"

#include <algorithm>

#include "core/movegen.h"
#include "eval/eval.h"
#include "search/movepick.h"
#include "search/params.h"

namespace vazir {

namespace {

constexpr int kTimeCheckInterval = 1024;  // nodes between clock reads
constexpr int64_t kFailReportMs = 1000;  // aspiration fail reports only after this long

int64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

Searcher::Searcher(TranspositionTable& tt) : tt_(tt), history_(std::make_unique<SearchHistory>()) {
    history_->clear();
}

void Searcher::joinPool(std::atomic<bool>* sharedStop, std::function<uint64_t()> poolNodes,
                        std::function<uint64_t()> poolTbHits, bool helper) {
    stop_ = sharedStop ? sharedStop : &ownStop_;
    poolNodes_ = std::move(poolNodes);
    poolTbHits_ = std::move(poolTbHits);
    helper_ = helper;
}

void Searcher::prepare(bool ponder) {
    startNs_.store(nowNs());
    if (!helper_) stop_->store(false);  // a helper starting late must not undo a stop
    pondering_.store(ponder);
    prepared_ = true;
}

void Searcher::ponderhit() {
    startNs_.store(nowNs());
    pondering_.store(false);
}

int64_t Searcher::elapsedMs() const { return (nowNs() - startNs_.load()) / 1'000'000; }

// The node limit is exact for a lone searcher; a pool's total is summed only every
// kTimeCheckInterval nodes of each thread, so a pool stops within a few thousand nodes of
// the limit. Every thread of a pool checks it: were it the main thread's job alone, a
// main thread the OS leaves waiting would let the helpers run on past the limit.
void Searcher::checkLimits() {
    const uint64_t n = nodes();
    if (!poolNodes_ && limits_.nodes && n >= limits_.nodes) stop();
    if (n % kTimeCheckInterval) return;
    if (poolNodes_ && limits_.nodes && poolNodes_() >= limits_.nodes) stop();
    if (helper_) return;  // the clock is the main thread's
    if (budget_.timed && !pondering_.load(std::memory_order_relaxed) && elapsedMs() >= budget_.hardMs) stop();
}

void Searcher::makeMove(Position& pos, Move m, StateInfo& st, StackEntry* ss) {
    ss->currentMove = m;
    ss->movedPiece = pos.pieceOn(m.from());
    ss->continuation = &history_->continuation[ss->movedPiece][m.to()];
    if (net_) accumulators_->push(pos, m);
    pos.doMove(m, st);
    tt_.prefetch(pos.key());
    countNode();
    checkLimits();
}

// Resets the per-search state: limits, clock, counters, the table's age.
void Searcher::beginSearch(const Position& pos, const SearchLimits& limits, const SearchSettings& settings,
                           const std::function<void(const SearchReport&)>& onInfo) {
    onInfo_ = onInfo;
    if (!prepared_) prepare(limits.ponder);
    prepared_ = false;
    limits_ = limits;
    budget_ = computeTimeBudget(limits, pos.sideToMove(), settings.moveOverheadMs);
    if (helper_) budget_ = TimeBudget{};  // the clock is the main searcher's; the node limit is everyone's
    nodes_.store(0, std::memory_order_relaxed);
    nullMoveMinPly_ = 0;
    tbHits_.store(0, std::memory_order_relaxed);
    tbSettings_ = settings.tablebase;
    net_ = settings.network;
    if (net_ && !accumulators_) accumulators_ = std::make_unique<nnue::AccumulatorStack>();
    if (net_) accumulators_->reset(pos);
    // A pool's table ages once per search, before any of its threads starts (the engine
    // does it); a lone searcher ages it itself.
    if (stop_ == &ownStop_) tt_.newSearch();
}

// The root moves: every legal move (or those of `go searchmoves`), narrowed by the
// tablebases to those that keep the best result among them.
void Searcher::collectRootMoves(const Position& pos) {
    rootMoves_.clear();
    rootTbScore_.reset();
    probeInSearch_ = true;
    MoveList legal;
    generateMoves<GenType::All>(pos, legal);
    for (Move m : legal)
        if (limits_.searchMoves.empty() ||
            std::find(limits_.searchMoves.begin(), limits_.searchMoves.end(), m) != limits_.searchMoves.end())
            rootMoves_.push_back({m, -kInfinite, -kInfinite, 0, 0, {m}});

    if (rootMoves_.empty() || tablebase::largest() == 0) return;
    const tablebase::RootFilter f = tablebase::filterRoot(pos, tbSettings_, limits_.searchMoves);
    if (f.keep.empty()) return;
    countTbHit();
    std::erase_if(rootMoves_, [&](const RootMove& rm) {
        return std::find(f.keep.begin(), f.keep.end(), rm.move) == f.keep.end();
    });
    rootTbScore_ = f.score;
    // As Stockfish does: once DTZ has ranked the root moves (or the root is not won),
    // probes in the search add nothing but equal scores for every line, which hide the
    // progress the evaluation would show.
    probeInSearch_ = !f.byDtz && f.score > 0;
}

// What a line's score is reported as: the root's tablebase result, unless the search
// proved a mate (which says more: how soon).
Score Searcher::displayedScore(Score searched) const {
    return rootTbScore_ && !isMateScore(searched) ? *rootTbScore_ : searched;
}

// One iteration's search of line pvIndex_, in an aspiration window around the previous
// iteration's score that widens on each fail (fail-high and fail-low reported once the
// search has run a while). False when stopped.
bool Searcher::searchLine(Position& pos, StackEntry* ss) {
    selDepth_ = 0;
    const Score prev = rootMoves_[pvIndex_].previousScore;
    Score delta = params::AspirationDelta;
    Score alpha = -kInfinite, beta = kInfinite;
    if (rootDepth_ >= params::AspirationMinDepth && !isDecisive(prev)) {
        alpha = std::max(prev - delta, -kInfinite);
        beta = std::min(prev + delta, kInfinite);
    }
    auto byScore = [](const RootMove& a, const RootMove& b) { return a.score > b.score; };
    while (true) {
        const Score score = search(pos, ss, alpha, beta, rootDepth_, false);
        std::stable_sort(rootMoves_.begin() + pvIndex_, rootMoves_.end(), byScore);
        if (stopped()) break;
        if (score <= alpha) {
            if (elapsedMs() > kFailReportMs) onInfo_(makeReport(pvIndex_, rootDepth_, BoundUpper));
            beta = (alpha + beta) / 2;
            alpha = std::max(score - delta, -kInfinite);
        } else if (score >= beta) {
            if (elapsedMs() > kFailReportMs) onInfo_(makeReport(pvIndex_, rootDepth_, BoundLower));
            beta = std::min(score + delta, kInfinite);
        } else {
            break;
        }
        delta += delta / 2;
    }
    std::stable_sort(rootMoves_.begin(), rootMoves_.begin() + pvIndex_ + 1, byScore);
    return !stopped();
}

// After a finished iteration: is it time to stop? (`go mate` found, a single legal move
// on the clock, or the soft limit,
// scaled by how long the best move has stayed the same and by the share of this search's
// nodes spent under it, has passed.)
bool Searcher::iterationEndsSearch(IterationState& it) {
    const RootMove& best = rootMoves_[0];
    it.stableIterations = best.move == it.lastBest ? it.stableIterations + 1 : 0;
    it.lastBest = best.move;
    if (limits_.mate > 0 && best.score >= mateIn(2 * limits_.mate)) return true;
    // A single legal move on the clock is played at once: thinking cannot change it.
    if (budget_.timed && !budget_.fixed && rootMoves_.size() == 1 && !pondering_.load()) return true;
    const double share = nodes() ? double(best.nodes) / double(nodes()) : 0.0;
    const double scale = budget_.fixed ? 1.0 : stabilityFactor(it.stableIterations) * nodeShareFactor(share);
    return budget_.timed && !pondering_.load() && double(elapsedMs()) >= double(budget_.softMs) * scale;
}

// The result: the best move of the deepest finished iteration (when stopped inside an
// iteration, rootMoves_[0] is still the best fully searched move), and the lines.
SearchResult Searcher::collectResult(Position& pos, int completedDepth, int multiPv) {
    SearchResult result;
    const RootMove& best = rootMoves_[0];
    result.best = best.move;
    result.ponder = ponderMoveFor(pos, best);
    result.score = displayedScore(best.score == -kInfinite ? best.previousScore : best.score);
    result.depth = completedDepth;
    result.nodes = reportedNodes();
    for (int i = 0; i < multiPv; ++i) {
        const RootMove& rm = rootMoves_[size_t(i)];
        const Score sc = rm.score != -kInfinite ? rm.score : rm.previousScore;
        if (sc == -kInfinite) break;  // not searched (stopped during the first iteration)
        result.lines.push_back({rm.move, displayedScore(sc), rm.pv});
    }
    result.report = makeReport(0, std::max(completedDepth, 1), BoundExact);
    return result;
}

void Searcher::unmakeMove(Position& pos, Move m) {
    pos.undoMove(m);
    if (net_) accumulators_->pop();
}

void Searcher::makeNullMove(Position& pos, StateInfo& st) {
    if (net_) accumulators_->pushNull();
    pos.doNullMove(st);
}

void Searcher::unmakeNullMove(Position& pos) {
    pos.undoNullMove();
    if (net_) accumulators_->pop();
}

// The network's evaluation when one is loaded (EvalFile), else the hand-crafted one.
// A net's output is bounded only by its weights, so it is kept below the tablebase and
// mate bands, where a score would be read as a proven result and shifted by the ply.
Score Searcher::staticEvaluation(const Position& pos) {
    if (!net_) return evaluate(pos);
    return std::clamp(Score(accumulators_->evaluate(*net_, pos)), -kMaxEval, kMaxEval);
}

SearchResult Searcher::run(Position& pos, const SearchLimits& limits, const SearchSettings& settings,
                           const std::function<void(const SearchReport&)>& onInfo) {
    beginSearch(pos, limits, settings, onInfo);
    collectRootMoves(pos);
    if (rootMoves_.empty()) {  // mate or stalemate (or no searchmoves legal)
        SearchReport r;
        r.score = pos.inCheck() ? matedIn(0) : 0;
        r.depth = 0;
        onInfo(r);
        SearchResult result;
        result.score = r.score;
        return result;
    }

    const int multiPv = std::clamp(settings.multiPv, 1, int(rootMoves_.size()));
    const int maxDepth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
    std::vector<StackEntry> stack(kMaxPly + kStackOffset + 2);
    for (int i = 0; i < int(stack.size()); ++i) stack[i].ply = i - kStackOffset;
    StackEntry* ss = &stack[kStackOffset];

    // Iterative deepening: each iteration searches every line (MultiPV) one ply deeper.
    int completedDepth = 0;
    bool interrupted = false;
    IterationState it;
    for (rootDepth_ = 1; rootDepth_ <= maxDepth; ++rootDepth_) {
        for (RootMove& rm : rootMoves_) rm.previousScore = rm.score;
        for (pvIndex_ = 0; pvIndex_ < multiPv && !interrupted; ++pvIndex_) interrupted = !searchLine(pos, ss);
        if (interrupted) break;
        completedDepth = rootDepth_;
        for (int i = 0; i < multiPv; ++i) onInfo(makeReport(i, rootDepth_, BoundExact));
        if (iterationEndsSearch(it)) break;
    }
    SearchResult result = collectResult(pos, completedDepth, multiPv);
    // The last PV printed starts with the move played.
    if (interrupted) onInfo(result.report);
    return result;
}

Move Searcher::ponderMoveFor(Position& pos, const RootMove& rm) {
    if (rm.pv.size() >= 2) return rm.pv[1];
    // Fall back on the table's move for the position after the best move, if legal.
    StateInfo st;
    pos.doMove(rm.move, st);
    TTData tte;
    Move ponder = Move::none();
    if (tt_.probe(pos.key(), 1, tte) && tte.move != Move::none()) {
        MoveList legal;
        generateMoves<GenType::All>(pos, legal);
        if (legal.contains(tte.move)) ponder = tte.move;
    }
    pos.undoMove(rm.move);
    return ponder;
}

SearchReport Searcher::makeReport(int pvIndex, int depth, Bound bound) const {
    const RootMove& rm = rootMoves_[pvIndex];
    SearchReport r;
    r.depth = depth;
    r.selDepth = std::max(rm.selDepth, depth);
    r.multiPv = pvIndex + 1;
    r.score = rm.score != -kInfinite ? rm.score : rm.previousScore;
    if (r.score == -kInfinite) r.score = 0;  // nothing searched yet (stopped during depth 1)
    r.score = displayedScore(r.score);
    r.bound = bound;
    r.nodes = reportedNodes();
    r.timeMs = elapsedMs();
    r.hashfull = tt_.hashfull();
    r.tbHits = poolTbHits_ ? poolTbHits_() : tbHits();
    r.pv = rm.pv;
    return r;
}

void Searcher::reportCurrMove(Move m, int moveNumber) {
    if (helper_ || elapsedMs() < kCurrMoveReportMs) return;
    SearchReport r;
    r.depth = rootDepth_;
    r.currMove = m;
    r.currMoveNumber = moveNumber;
    onInfo_(r);
}

void Searcher::updatePv(StackEntry* ss, Move m) {
    // The PV of this node is m followed by the child's PV (triangular PV table).
    ss->pv[ss->ply] = m;
    const StackEntry* child = ss + 1;
    for (int i = ss->ply + 1; i < child->pvLength; ++i) ss->pv[i] = child->pv[i];
    ss->pvLength = std::max(child->pvLength, ss->ply + 1);
}

void Searcher::updateRootMove(Move m, Score score, StackEntry* ss, int moveCount, Score alpha, uint64_t moveNodes) {
    auto it = std::find_if(rootMoves_.begin(), rootMoves_.end(), [m](const RootMove& rm) { return rm.move == m; });
    it->nodes += moveNodes;  // this visit's nodes under m, added over the whole search
    if (moveCount == 1 || score > alpha) {
        it->score = score;
        it->selDepth = selDepth_;
        it->pv.assign(1, m);
        StackEntry* child = ss + 1;
        for (int i = child->ply; i < child->pvLength; ++i) it->pv.push_back(child->pv[i]);
    } else {
        it->score = -kInfinite;  // only the best move's score is exact; the rest keep their order
    }
}

}  // namespace vazir
