#include "search/search.h"

#include <algorithm>
#include <cmath>

#include "core/movegen.h"
#include "eval/eval.h"
#include "search/movepick.h"
#include "search/see.h"

namespace vazir {

namespace {

// Pruning and reduction parameters, each a named hypothesis to be tuned by matches.
constexpr int kAspirationMinDepth = 4;
constexpr Score kAspirationDelta = 25;

constexpr int kRfpMaxDepth = 8;          // reverse futility pruning: eval - margin * depth >= beta
constexpr Score kRfpMargin = 80;

constexpr int kNullMoveMinDepth = 3;     // null move: R = base + depth / divisor + eval excess
constexpr int kNullMoveBaseReduction = 3;
constexpr int kNullMoveDepthDivisor = 3;
constexpr Score kNullMoveEvalDivisor = 200;

constexpr int kIirMinDepth = 4;          // internal iterative reduction without a hash move

constexpr int kLmpMaxDepth = 8;          // late move pruning of quiets: after (3 + d^2)/(2 - improving) moves
constexpr int kFutilityMaxDepth = 8;     // futility pruning of quiets: eval + base + perDepth * d <= alpha
constexpr Score kFutilityBase = 100;
constexpr Score kFutilityPerDepth = 100;
constexpr int kSeePruneMaxDepth = 8;
constexpr Score kSeeQuietMargin = -60;   // per depth
constexpr Score kSeeNoisyMargin = -100;  // per depth

constexpr int kLmrMinDepth = 3;
constexpr int kLmrHistoryDivisor = 16384;  // history is butterfly + 3 continuation tables

constexpr int kSingularMinDepth = 8;     // singular extension of the hash move: verified by a search
constexpr int kSingularTTDepthMargin = 3;  // without it to (depth-1)/2 below ttScore - margin * depth
constexpr int kSingularMarginPerDepth = 1;
constexpr Score kDoubleExtensionMargin = 20;  // far below: extend twice
constexpr int kMaxDoubleExtensions = 6;

constexpr int kTimeCheckInterval = 1024;  // nodes between clock reads
constexpr int64_t kFailReportMs = 1000;  // aspiration fail reports only after this long

// reductions[depth][moveNumber], from logs, computed once in double with FP contraction
// off so every build gets the same integers.
struct ReductionTable {
    int r[64][64];
    ReductionTable() {
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 64; ++m)
                r[d][m] = (d == 0 || m == 0) ? 0 : int(0.75 + std::log(double(d)) * std::log(double(m)) / 2.25);
    }
    int operator()(int depth, int moveCount) const { return r[std::min(depth, 63)][std::min(moveCount, 63)]; }
};
const ReductionTable kReductions;

int64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

bool hasNonPawnMaterial(const Position& pos, Color c) {
    return pos.pieces(c) & ~pos.pieces(Pawn, King);
}

}  // namespace

Searcher::Searcher(TranspositionTable& tt) : tt_(tt), history_(std::make_unique<SearchHistory>()) {
    history_->clear();
}

void Searcher::prepare(bool ponder) {
    startNs_.store(nowNs());
    stop_.store(false);
    pondering_.store(ponder);
    prepared_ = true;
}

void Searcher::ponderhit() {
    startNs_.store(nowNs());
    pondering_.store(false);
}

int64_t Searcher::elapsedMs() const { return (nowNs() - startNs_.load()) / 1'000'000; }

void Searcher::checkLimits() {
    if (limits_.nodes && nodes_ >= limits_.nodes) stop();
    if ((nodes_ % kTimeCheckInterval) == 0 && budget_.timed && !pondering_.load(std::memory_order_relaxed) &&
        elapsedMs() >= budget_.hardMs)
        stop();
}

void Searcher::makeMove(Position& pos, Move m, StateInfo& st, StackEntry* ss) {
    ss->currentMove = m;
    ss->movedPiece = pos.pieceOn(m.from());
    ss->continuation = &history_->continuation[ss->movedPiece][m.to()];
    pos.doMove(m, st);
    tt_.prefetch(pos.key());
    ++nodes_;
    checkLimits();
}

SearchResult Searcher::run(Position& pos, const SearchLimits& limits, const SearchSettings& settings,
                           const std::function<void(const SearchReport&)>& onInfo) {
    if (!prepared_) prepare(limits.ponder);
    prepared_ = false;
    limits_ = limits;
    budget_ = computeTimeBudget(limits, pos.sideToMove(), settings.moveOverheadMs);
    nodes_ = 0;
    tt_.newSearch();

    rootMoves_.clear();
    MoveList legal;
    generateMoves<GenType::All>(pos, legal);
    for (Move m : legal)
        if (limits.searchMoves.empty() ||
            std::find(limits.searchMoves.begin(), limits.searchMoves.end(), m) != limits.searchMoves.end())
            rootMoves_.push_back({m, -kInfinite, -kInfinite, 0, {m}});

    SearchResult result;
    if (rootMoves_.empty()) {  // mate or stalemate (or no searchmoves legal)
        SearchReport r;
        r.score = pos.inCheck() ? matedIn(0) : 0;
        r.depth = 0;
        onInfo(r);
        result.score = r.score;
        return result;
    }

    const int multiPv = std::clamp(settings.multiPv, 1, int(rootMoves_.size()));
    const int maxDepth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
    std::vector<StackEntry> stack(kMaxPly + kStackOffset + 2);
    for (int i = 0; i < int(stack.size()); ++i) stack[i].ply = i - kStackOffset;
    StackEntry* ss = &stack[kStackOffset];

    int completedDepth = 0;
    bool interrupted = false;  // stopped inside an iteration
    int stableIterations = 0;
    Move lastBest = Move::none();

    for (rootDepth_ = 1; rootDepth_ <= maxDepth; ++rootDepth_) {
        for (RootMove& rm : rootMoves_) rm.previousScore = rm.score;

        for (pvIndex_ = 0; pvIndex_ < multiPv; ++pvIndex_) {
            selDepth_ = 0;
            Score prev = rootMoves_[pvIndex_].previousScore;
            Score delta = kAspirationDelta;
            Score alpha = -kInfinite, beta = kInfinite;
            if (rootDepth_ >= kAspirationMinDepth && !isMateScore(prev)) {
                alpha = std::max(prev - delta, -kInfinite);
                beta = std::min(prev + delta, kInfinite);
            }
            while (true) {
                Score score = search(pos, ss, alpha, beta, rootDepth_, false);
                std::stable_sort(rootMoves_.begin() + pvIndex_, rootMoves_.end(),
                                 [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
                if (stop_.load()) break;
                if (score <= alpha) {
                    if (elapsedMs() > kFailReportMs) onInfo(makeReport(pvIndex_, rootDepth_, BoundUpper));
                    beta = (alpha + beta) / 2;
                    alpha = std::max(score - delta, -kInfinite);
                } else if (score >= beta) {
                    if (elapsedMs() > kFailReportMs) onInfo(makeReport(pvIndex_, rootDepth_, BoundLower));
                    beta = std::min(score + delta, kInfinite);
                } else {
                    break;
                }
                delta += delta / 2;
            }
            std::stable_sort(rootMoves_.begin(), rootMoves_.begin() + pvIndex_ + 1,
                             [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
            if (stop_.load()) break;
        }
        if (stop_.load()) {
            interrupted = true;
            break;
        }

        completedDepth = rootDepth_;
        for (int i = 0; i < multiPv; ++i) onInfo(makeReport(i, rootDepth_, BoundExact));

        const RootMove& best = rootMoves_[0];
        stableIterations = best.move == lastBest ? stableIterations + 1 : 0;
        lastBest = best.move;

        if (limits.mate > 0 && best.score >= mateIn(2 * limits.mate)) break;
        const double scale = budget_.fixed ? 1.0 : stabilityFactor(stableIterations);
        if (budget_.timed && !pondering_.load() && double(elapsedMs()) >= double(budget_.softMs) * scale) break;
    }

    // When stopped inside an iteration, rootMoves_[0] is still the best fully searched
    // move; report it so the last PV printed starts with the move we play.
    if (interrupted) {
        SearchReport r = makeReport(0, std::max(completedDepth, 1), BoundExact);
        onInfo(r);
    }

    const RootMove& best = rootMoves_[0];
    result.best = best.move;
    result.ponder = ponderMoveFor(pos, best);
    result.score = best.score == -kInfinite ? best.previousScore : best.score;
    result.depth = completedDepth;
    result.nodes = nodes_;
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
    r.bound = bound;
    r.nodes = nodes_;
    r.timeMs = elapsedMs();
    r.hashfull = tt_.hashfull();
    r.pv = rm.pv;
    return r;
}

void Searcher::updatePv(StackEntry* ss, Move m) {
    // The PV of this node is m followed by the child's PV (triangular PV table).
    ss->pv[ss->ply] = m;
    const StackEntry* child = ss + 1;
    for (int i = ss->ply + 1; i < child->pvLength; ++i) ss->pv[i] = child->pv[i];
    ss->pvLength = std::max(child->pvLength, ss->ply + 1);
}

void Searcher::updateRootMove(Move m, Score score, StackEntry* ss, int moveCount, Score alpha) {
    auto it = std::find_if(rootMoves_.begin(), rootMoves_.end(), [m](const RootMove& rm) { return rm.move == m; });
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

OrderingContext Searcher::orderingContext(const StackEntry* ss) const {
    OrderingContext ctx;
    ctx.ply = ss->ply;
    ctx.previous = (ss - 1)->currentMove;
    ctx.previousPiece = (ss - 1)->movedPiece;
    for (int i = 0; i < ContinuationContext::kCount; ++i)
        ctx.continuation.tables[i] = (ss - ContinuationContext::kPliesBack[i])->continuation;
    return ctx;
}

// A move caused a beta cutoff: reward it and punish the moves of its kind tried before
// it (they were ordered first and failed). Captures tried before the cutoff are punished
// whatever kind of move cut.
void Searcher::updateCutoffStats(const Position& pos, StackEntry* ss, Move best, const Move* quiets, int quietCount,
                                 const Move* captures, int captureCount, int depth) {
    const Color us = pos.sideToMove();
    const int bonus = SearchHistory::bonusFor(depth);
    SearchHistory& h = *history_;
    if (!isNoisy(pos, best)) {
        const OrderingContext ctx = orderingContext(ss);
        h.updateQuiet(us, pos.pieceOn(best.from()), best, ctx.continuation, bonus);
        for (int i = 0; i < quietCount; ++i)
            if (quiets[i] != best) h.updateQuiet(us, pos.pieceOn(quiets[i].from()), quiets[i], ctx.continuation, -bonus);
        h.addKiller(ss->ply, best);
        h.setCounterMove((ss - 1)->movedPiece, (ss - 1)->currentMove, best);
    } else {
        h.updateCapture(pos.pieceOn(best.from()), best, capturedType(pos, best), bonus);
    }
    for (int i = 0; i < captureCount; ++i)
        if (captures[i] != best)
            h.updateCapture(pos.pieceOn(captures[i].from()), captures[i], capturedType(pos, captures[i]), -bonus);
}

Score Searcher::search(Position& pos, StackEntry* ss, Score alpha, Score beta, int depth, bool cutNode) {
    const bool pvNode = beta - alpha > 1;
    const bool rootNode = ss->ply == 0;
    if (depth <= 0) return qsearch(pos, ss, alpha, beta);

    if (pvNode) ss->pvLength = ss->ply;
    selDepth_ = std::max(selDepth_, ss->ply + 1);
    if (stop_.load(std::memory_order_relaxed)) return 0;

    const bool inCheck = pos.inCheck();
    if (!rootNode) {
        if (pos.isRepetition(ss->ply) || isFiftyMoveDraw(pos) || pos.isDeadPosition()) return 0;
        if (ss->ply >= kMaxPly - 1) return inCheck ? 0 : evaluate(pos);
        // Mate distance pruning: no line from here can beat a mate already found nearer the root.
        alpha = std::max(alpha, matedIn(ss->ply));
        beta = std::min(beta, mateIn(ss->ply + 1));
        if (alpha >= beta) return alpha;
    }

    const Move excluded = ss->excluded;
    ss->doubleExtensions = rootNode ? 0 : (ss - 1)->doubleExtensions;

    // Transposition table. (A singular verification search shares the position's key but
    // not its move list: it neither takes cut-offs from the table nor stores.)
    TTData tte;
    const bool ttHit = !excluded.isOk() && tt_.probe(pos.key(), ss->ply, tte);
    const Move ttMove = rootNode ? rootMoves_[pvIndex_].pv[0] : ttHit ? tte.move : Move::none();
    if (!pvNode && ttHit && tte.depth >= depth && pos.rule50() < 90 &&
        (tte.bound & (tte.score >= beta ? BoundLower : BoundUpper)))
        return tte.score;

    // Static evaluation, sharpened by the table's score when its bound allows.
    // The table keeps the raw evaluation; the search works with the corrected one.
    Score eval = kNoScore, rawEval = kNoScore;
    if (inCheck) {
        ss->staticEval = kNoScore;
    } else {
        rawEval = (ttHit && tte.eval != kNoScore) ? tte.eval : evaluate(pos);
        ss->staticEval = eval = history_->correctedEval(pos, rawEval);
        if (ttHit && tte.score != kNoScore && (tte.bound & (tte.score > eval ? BoundLower : BoundUpper)))
            eval = tte.score;
    }
    const bool improving = !inCheck && (ss - 2)->staticEval != kNoScore && ss->staticEval > (ss - 2)->staticEval;
    (ss + 1)->currentMove = Move::none();

    if (!pvNode && !inCheck && !excluded.isOk()) {
        // Reverse futility pruning: far above beta at low depth, assume it holds.
        if (depth <= kRfpMaxDepth && eval - kRfpMargin * (depth - improving) >= beta && eval < kMateInMaxPly)
            return eval;

        // Null move pruning: give the opponent a free move; if still >= beta, cut. Not in
        // pawn endings, where zugzwang makes passing a real advantage.
        if (depth >= kNullMoveMinDepth && eval >= beta && ss->staticEval >= beta &&
            (ss - 1)->currentMove != Move::null() && hasNonPawnMaterial(pos, pos.sideToMove())) {
            const int r = kNullMoveBaseReduction + depth / kNullMoveDepthDivisor +
                          std::min(int((eval - beta) / kNullMoveEvalDivisor), 3);
            StateInfo st;
            ss->currentMove = Move::null();
            ss->movedPiece = NoPiece;
            ss->continuation = nullptr;
            pos.doNullMove(st);
            Score score = -search(pos, ss + 1, -beta, -beta + 1, depth - r, !cutNode);
            pos.undoNullMove();
            if (stop_.load(std::memory_order_relaxed)) return 0;
            if (score >= beta) return score >= kMateInMaxPly ? beta : score;
        }
    }

    // Internal iterative reduction: without a hash move this node is probably less
    // important than its depth says, and the shallower search will supply a move.
    if (!ttMove.isOk() && depth >= kIirMinDepth && (pvNode || cutNode)) --depth;

    const OrderingContext ordering = orderingContext(ss);
    MovePicker picker(pos, ttMove, *history_, ordering);
    Move quiets[kMaxMoves], captures[kMaxMoves];
    int quietCount = 0, captureCount = 0, moveCount = 0;
    Score bestScore = -kInfinite;
    Move bestMove = Move::none();
    const Score originalAlpha = alpha;
    StateInfo st;

    for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
        if (m == excluded) continue;
        if (rootNode && std::find_if(rootMoves_.begin() + pvIndex_, rootMoves_.end(),
                                     [m](const RootMove& rm) { return rm.move == m; }) == rootMoves_.end())
            continue;
        const bool quiet = !isNoisy(pos, m);
        const bool givesCheck = pos.givesCheck(m);

        // Shallow-depth pruning, once a line that avoids being mated is known. Checking
        // moves are spared: they are how short mates are found.
        if (!rootNode && bestScore > -kMateInMaxPly && !givesCheck && hasNonPawnMaterial(pos, pos.sideToMove())) {
            if (quiet) {
                if (depth <= kLmpMaxDepth && moveCount >= (3 + depth * depth) / (2 - improving)) continue;
                if (!inCheck && depth <= kFutilityMaxDepth &&
                    eval + kFutilityBase + kFutilityPerDepth * depth <= alpha)
                    continue;
                if (depth <= kSeePruneMaxDepth && !seeGe(pos, m, kSeeQuietMargin * depth)) continue;
            } else if (depth <= kSeePruneMaxDepth && !seeGe(pos, m, kSeeNoisyMargin * depth)) {
                continue;
            }
        }

        ++moveCount;
        if (quiet) quiets[quietCount++] = m;
        else captures[captureCount++] = m;
        const int history = quiet ? history_->quietScore(pos.sideToMove(), pos.pieceOn(m.from()), m,
                                                         ordering.continuation) : 0;

        // Extensions, bounded (by the root depth) so that a line cannot run away: the
        // hash move when no other move comes close to it (singular), else a check.
        int extension = 0;
        if (ss->ply < 2 * rootDepth_) {
            if (!rootNode && m == ttMove && !excluded.isOk() && depth >= kSingularMinDepth &&
                tte.depth >= depth - kSingularTTDepthMargin && (tte.bound & BoundLower) && !isMateScore(tte.score)) {
                const Singularity sg = singularExtension(pos, ss, m, tte.score, depth, beta, pvNode, cutNode);
                if (sg.multiCut) return sg.cutScore;
                extension = sg.extension;
            } else if (givesCheck) {
                extension = 1;
            }
        }
        ss->doubleExtensions = (ss - 1)->doubleExtensions * !rootNode + (extension >= 2);
        const int newDepth = depth - 1 + extension;

        makeMove(pos, m, st, ss);

        Score score;
        if (depth >= kLmrMinDepth && moveCount > 1 + 2 * rootNode && (quiet || picker.lastScore() < 0)) {
            // Late move reductions: later moves are searched shallower with a null window
            // and re-searched at full depth only if they beat alpha.
            int r = kReductions(depth, moveCount);
            r += !pvNode;
            r += cutNode;
            r -= improving;
            r -= givesCheck;
            r -= history / kLmrHistoryDivisor;
            const int reduced = std::clamp(newDepth - r, 1, newDepth);
            score = -search(pos, ss + 1, -alpha - 1, -alpha, reduced, true);
            if (score > alpha && reduced < newDepth) score = -search(pos, ss + 1, -alpha - 1, -alpha, newDepth, !cutNode);
        } else if (!pvNode || moveCount > 1) {
            score = -search(pos, ss + 1, -alpha - 1, -alpha, newDepth, !cutNode);
        } else {
            score = alpha + 1;  // first move of a PV node: straight to the full window
        }
        if (pvNode && (moveCount == 1 || score > alpha)) {
            (ss + 1)->pvLength = ss->ply + 1;
            score = -search(pos, ss + 1, -beta, -alpha, newDepth, false);
        }
        pos.undoMove(m);

        if (stop_.load(std::memory_order_relaxed)) return 0;
        if (rootNode) updateRootMove(m, score, ss, moveCount, alpha);

        if (score > bestScore) {
            bestScore = score;
            if (score > alpha) {
                bestMove = m;
                if (pvNode && !rootNode) updatePv(ss, m);
                if (score >= beta) {
                    updateCutoffStats(pos, ss, m, quiets, quietCount, captures, captureCount, depth);
                    break;
                }
                alpha = score;
            }
        }
    }

    // No legal move: mate or stalemate. (Pruning never empties the loop: it starts only
    // once a move has been searched.)
    if (moveCount == 0) return excluded.isOk() ? alpha : inCheck ? matedIn(ss->ply) : 0;

    const Bound bound = bestScore >= beta ? BoundLower : (pvNode && bestScore > originalAlpha) ? BoundExact : BoundUpper;
    // Correction history learns from results the static evaluation could have
    // predicted: not in check, no capture or promotion settling it, and a bound that
    // says on which side of the evaluation the true score lies (and no mate score).
    if (excluded.isOk()) return bestScore;  // a verification search: its result is not the node's

    if (!inCheck && !isMateScore(bestScore) && !(bestMove.isOk() && isNoisy(pos, bestMove)) &&
        !(bound == BoundLower && bestScore <= ss->staticEval) && !(bound == BoundUpper && bestScore >= ss->staticEval))
        history_->updateCorrection(pos, rawEval, bestScore, depth);

    tt_.store(pos.key(), ss->ply, bestScore, rawEval, bound, depth, bestMove);
    return bestScore;
}

// Is the hash move singular, much better than every other move? Search the node without
// it, null window just below the table's score, at half depth. If everything else fails
// low the hash move is extended (twice when far below); if the reduced search still
// beats beta the node has several good moves and fails high at once (multi-cut); if the
// table's score already beats beta but others nearly match it, reduce it instead.
Searcher::Singularity Searcher::singularExtension(Position& pos, StackEntry* ss, Move ttMove, Score ttScore,
                                                  int depth, Score beta, bool pvNode, bool cutNode) {
    Singularity out;
    const Score singularBeta = std::max(ttScore - kSingularMarginPerDepth * depth, -kMateInMaxPly + 1);
    const int singularDepth = (depth - 1) / 2;
    ss->excluded = ttMove;
    const Score score = search(pos, ss, singularBeta - 1, singularBeta, singularDepth, cutNode);
    ss->excluded = Move::none();
    if (score < singularBeta) {
        out.extension = 1;
        if (!pvNode && score < singularBeta - kDoubleExtensionMargin &&
            (ss - 1)->doubleExtensions < kMaxDoubleExtensions)
            out.extension = 2;
    } else if (singularBeta >= beta) {
        out.multiCut = true;
        out.cutScore = singularBeta;
    } else if (ttScore >= beta) {
        out.extension = -1;
    }
    return out;
}

Score Searcher::qsearch(Position& pos, StackEntry* ss, Score alpha, Score beta) {
    const bool pvNode = beta - alpha > 1;
    if (pvNode) ss->pvLength = ss->ply;
    selDepth_ = std::max(selDepth_, ss->ply + 1);
    if (stop_.load(std::memory_order_relaxed)) return 0;

    if (pos.isRepetition(ss->ply) || isFiftyMoveDraw(pos) || pos.isDeadPosition()) return 0;
    const bool inCheck = pos.inCheck();
    if (ss->ply >= kMaxPly - 1) return inCheck ? 0 : evaluate(pos);

    TTData tte;
    const bool ttHit = tt_.probe(pos.key(), ss->ply, tte);
    if (!pvNode && ttHit && (tte.bound & (tte.score >= beta ? BoundLower : BoundUpper))) return tte.score;

    Score bestScore = -kInfinite, rawEval = kNoScore;
    if (!inCheck) {
        // Stand pat: the side to move may decline every capture.
        rawEval = (ttHit && tte.eval != kNoScore) ? tte.eval : evaluate(pos);
        bestScore = history_->correctedEval(pos, rawEval);
        if (ttHit && (tte.bound & (tte.score > bestScore ? BoundLower : BoundUpper))) bestScore = tte.score;
        if (bestScore >= beta) return bestScore;
        alpha = std::max(alpha, bestScore);
    }

    MovePicker picker(pos, ttHit ? tte.move : Move::none(), *history_);
    Move bestMove = Move::none();
    const Score originalAlpha = alpha;
    int moveCount = 0;
    StateInfo st;
    for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
        ++moveCount;
        // Captures that lose material (SEE < 0, sorted last) are not worth a stand-pat
        // node; when in check every evasion is searched.
        if (!inCheck && picker.lastScore() < MovePicker::kGoodNoisyScore) continue;
        makeMove(pos, m, st, ss);
        Score score = -qsearch(pos, ss + 1, -beta, -alpha);
        pos.undoMove(m);
        if (stop_.load(std::memory_order_relaxed)) return 0;
        if (score > bestScore) {
            bestScore = score;
            if (score > alpha) {
                bestMove = m;
                if (pvNode) updatePv(ss, m);
                if (score >= beta) break;
                alpha = score;
            }
        }
    }
    if (inCheck && moveCount == 0) return matedIn(ss->ply);

    const Bound bound = bestScore >= beta ? BoundLower : (pvNode && bestScore > originalAlpha) ? BoundExact : BoundUpper;
    tt_.store(pos.key(), ss->ply, bestScore, rawEval, bound, 0, bestMove);
    return bestScore;
}

}  // namespace vazir
