// The search of one node: search() and qsearch() as lists of named steps, each step a
// helper below with the reason it is sound. The iterative-deepening driver is in
// search.cpp, the constants in params.h, the histories in history.h.
#include <algorithm>
#include <cmath>

#include "core/movegen.h"
#include "eval/eval.h"
#include "search/movepick.h"
#include "search/params.h"
#include "search/search.h"
#include "search/see.h"

namespace vazir {

using namespace params;

namespace {

// reductions[depth][moveNumber] = base + log(depth) * log(moveNumber) / divisor, computed
// in double with FP contraction off so every build gets the same integers.
struct ReductionTable {
    int r[64][64];
    ReductionTable() { init(); }
    void init() {
        for (int d = 0; d < 64; ++d)
            for (int m = 0; m < 64; ++m)
                r[d][m] = (d == 0 || m == 0) ? 0
                                             : int(LmrBase / 100.0 + std::log(double(d)) * std::log(double(m)) /
                                                                         (LmrDivisor / 100.0));
    }
    int operator()(int depth, int moveCount) const { return r[std::min(depth, 63)][std::min(moveCount, 63)]; }
};
ReductionTable reductions;

bool hasNonPawnMaterial(const Position& pos, Color c) { return pos.pieces(c) & ~pos.pieces(Pawn, King); }

// A table entry's score settles the node when its bound points the right way.
bool boundAllows(const TTData& tte, Score threshold) {
    return tte.bound & (tte.score >= threshold ? BoundLower : BoundUpper);
}

}  // namespace

void reinitReductions() { reductions.init(); }

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

// Step 1: draws by rule, the ply limit, and mate distance pruning (no line from here can
// beat a mate already found nearer the root). Returns a score when the node ends here.
std::optional<Score> Searcher::drawOrMateDistance(const Position& pos, StackEntry* ss, Score& alpha, Score& beta) {
    if (pos.isRepetition(ss->ply) || isFiftyMoveDraw(pos) || pos.isDeadPosition()) return Score(0);
    if (ss->ply >= kMaxPly - 1) return pos.inCheck() ? Score(0) : staticEvaluation(pos);
    alpha = std::max(alpha, matedIn(ss->ply));
    beta = std::min(beta, mateIn(ss->ply + 1));
    if (alpha >= beta) return alpha;
    return std::nullopt;
}

// Step 2b: a position the tablebases cover has a known result. A draw is exact; a win
// is a lower bound and a loss an upper bound (the tables do not say how fast), so they
// end the node only when they settle it against the window. At a PV node that goes on,
// the result still bounds what the node returns (as in Stockfish): the search may find a
// mate, but it must not report less than a proven win or more than a proven loss.
std::optional<Score> Searcher::probeTablebase(const Position& pos, StackEntry* ss, Node& n, Score alpha,
                                              Score beta) {
    if (tablebase::largest() == 0 || !probeInSearch_) return std::nullopt;
    if (n.depth < tbSettings_.probeDepth && popCount(pos.pieces()) >= tablebase::largest()) return std::nullopt;
    const std::optional<Score> tb = tablebase::probeWdl(pos, ss->ply, tbSettings_);
    if (!tb) return std::nullopt;
    countTbHit();
    const Score v = *tb;
    const Bound bound = v > 1 ? BoundLower : v < -1 ? BoundUpper : BoundExact;
    if (bound == BoundExact || (bound == BoundLower ? v >= beta : v <= alpha)) {
        tt_.store(pos.key(), ss->ply, v, kNoScore, bound, std::min(n.depth + 6, kMaxPly - 1), Move::none());
        return v;
    }
    if (n.pvNode) {
        if (bound == BoundLower) n.tbFloor = v;
        else n.tbCeiling = v;
    }
    return std::nullopt;
}

// Step 3: the static evaluation, corrected by the correction history, then sharpened by
// the table's score when its bound allows. The table keeps the raw evaluation.
void Searcher::evaluateNode(const Position& pos, StackEntry* ss, Node& n) {
    if (n.inCheck) {
        ss->staticEval = kNoScore;
        return;
    }
    n.rawEval = (n.ttHit && n.tte.eval != kNoScore) ? n.tte.eval : staticEvaluation(pos);
    ss->staticEval = n.eval = history_->correctedEval(pos, n.rawEval);
    if (n.ttHit && n.tte.score != kNoScore && (n.tte.bound & (n.tte.score > n.eval ? BoundLower : BoundUpper)))
        n.eval = n.tte.score;
    n.improving = (ss - 2)->staticEval != kNoScore && ss->staticEval > (ss - 2)->staticEval;
}

// Step 4: prune the whole node before any move, at non-PV nodes out of check.
std::optional<Score> Searcher::pruneNode(Position& pos, StackEntry* ss, const Node& n, Score alpha, Score beta) {
    if (n.pvNode || n.inCheck || n.excluded.isOk()) return std::nullopt;

    // Razoring: so far below alpha at low depth that only a capture could help; if
    // quiescence confirms the fail low, take it.
    if (n.depth <= RazorMaxDepth && n.eval + RazorMargin * n.depth < alpha) {
        const Score score = qsearch(pos, ss, alpha - 1, alpha);
        if (score < alpha) return score;
    }

    // Reverse futility: so far above beta at low depth that no reply will bring it back.
    if (n.depth <= RfpMaxDepth && n.eval - RfpMargin * (n.depth - n.improving) >= beta && !isDecisive(n.eval))
        return n.eval;

    // Null move: give the opponent a free move; if we still beat beta, a real move would
    // too. Not without pieces, where zugzwang makes passing a real advantage, nor in the
    // first plies of a verification search (below).
    if (n.depth >= NullMoveMinDepth && n.eval >= beta && ss->staticEval >= beta && ss->ply >= nullMoveMinPly_ &&
        (ss - 1)->currentMove != Move::null() && hasNonPawnMaterial(pos, pos.sideToMove())) {
        const int r = NullMoveBaseReduction + n.depth / NullMoveDepthDivisor +
                      std::min(int((n.eval - beta) / NullMoveEvalDivisor), 3);
        StateInfo st;
        ss->currentMove = Move::null();
        ss->movedPiece = NoPiece;
        ss->continuation = nullptr;
        makeNullMove(pos, st);
        const Score score = -search(pos, ss + 1, -beta, -beta + 1, n.depth - r, !n.cutNode);
        unmakeNullMove(pos);
        if (stopped()) return Score(0);
        if (score >= beta) {
            const Score cut = isDecisive(score) ? beta : score;  // unproven mates and table wins are not returned
            if (n.depth < NullMoveVerifyMinDepth || nullMoveMinPly_ != 0) return cut;
            if (nullMoveVerified(pos, ss, beta, n.depth - r)) return cut;
        }
    }

    return probcut(pos, ss, n, beta);
}

// Null-move verification: at high depth a wrong null-move cut (zugzwang: every real move
// is worse than passing) costs a whole deep subtree, so the cut is confirmed by a real
// search of this node at the null move's depth. The verification may not pass in its first
// three quarters, or it would be the same guess again; below that, null moves are safe
// enough, as everywhere else.
bool Searcher::nullMoveVerified(Position& pos, StackEntry* ss, Score beta, int depth) {
    nullMoveMinPly_ = ss->ply + 3 * depth / 4;
    const Score score = search(pos, ss, beta - 1, beta, depth, false);
    nullMoveMinPly_ = 0;
    return score >= beta;
}

// Probcut: a good capture that beats beta by a margin in quiescence and then at reduced
// depth would almost surely beat beta at full depth too. Skipped when the table already
// says a search this deep stays below that bound.
std::optional<Score> Searcher::probcut(Position& pos, StackEntry* ss, const Node& n, Score beta) {
    if (n.depth < ProbcutMinDepth || isDecisive(beta)) return std::nullopt;
    const Score probcutBeta = beta + ProbcutMargin;
    if (n.ttHit && n.tte.depth >= n.depth - ProbcutReduction + 1 && n.tte.score < probcutBeta) return std::nullopt;
    MovePicker picker(pos, n.ttMove, *history_);  // captures and queen promotions, best first
    StateInfo st;
    for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
        if (picker.lastScore() < MovePicker::kGoodNoisyScore) break;
        if (!seeGe(pos, m, probcutBeta - ss->staticEval)) continue;
        makeMove(pos, m, st, ss);
        Score score = -qsearch(pos, ss + 1, -probcutBeta, -probcutBeta + 1);
        if (score >= probcutBeta)
            score = -search(pos, ss + 1, -probcutBeta, -probcutBeta + 1, n.depth - ProbcutReduction, !n.cutNode);
        unmakeMove(pos, m);
        if (stopped()) return Score(0);
        if (score >= probcutBeta) {
            tt_.store(pos.key(), ss->ply, score, n.rawEval, BoundLower, n.depth - ProbcutReduction + 1, m);
            return score;
        }
    }
    return std::nullopt;
}

// Late move pruning: at low depth, once this many moves were searched the remaining
// quiet ones are very unlikely to matter.
bool Searcher::lateMoveLimitReached(const Node& n, int moveCount) {
    return n.depth <= LmpMaxDepth && moveCount >= (LmpBase + n.depth * n.depth) / (2 - n.improving);
}

// Step 6a: skip a move that is very unlikely to matter, at shallow depth and once a line
// that avoids being mated is known. Checking moves are spared: they find short mates.
bool Searcher::pruneMove(const Position& pos, const Node& n, Move m, const MoveFacts& f, int moveCount,
                         Score alpha) const {
    if (f.quiet) {
        if (lateMoveLimitReached(n, moveCount)) return true;
        // A quiet move that has kept failing in similar positions.
        if (n.depth <= HistoryPruneMaxDepth && f.history < -HistoryPruneMargin * n.depth) return true;
        if (!n.inCheck && n.depth <= FutilityMaxDepth && n.eval + FutilityBase + FutilityPerDepth * n.depth <= alpha)
            return true;
        return n.depth <= SeePruneMaxDepth && !seeGe(pos, m, SeeQuietMargin * n.depth);
    }
    return n.depth <= SeePruneMaxDepth && !seeGe(pos, m, SeeNoisyMargin * n.depth);
}

// Step 6b: extensions, bounded by the root depth so that a line cannot run away: the
// hash move when no other move comes close to it (singular), else a checking move.
Searcher::Singularity Searcher::extensionFor(Position& pos, StackEntry* ss, const Node& n, Move m, bool givesCheck,
                                             Score beta) {
    Singularity out;
    if (ss->ply >= 2 * rootDepth_) return out;
    if (!n.rootNode && m == n.ttMove && !n.excluded.isOk() && n.depth >= SingularMinDepth &&
        n.tte.depth >= n.depth - SingularTTDepthMargin && (n.tte.bound & BoundLower) && !isDecisive(n.tte.score))
        return singularExtension(pos, ss, m, n.tte.score, n.depth, beta, n.pvNode, n.cutNode);
    out.extension = givesCheck ? 1 : 0;
    return out;
}

// Is the hash move singular, much better than every other move? Search the node without
// it, null window just below the table's score, at half depth. If everything else fails
// low the hash move is extended (twice when far below); if the reduced search still
// beats beta the node has several good moves and fails high at once (multi-cut); if the
// table's score already beats beta but others nearly match it, reduce it instead.
Searcher::Singularity Searcher::singularExtension(Position& pos, StackEntry* ss, Move ttMove, Score ttScore,
                                                  int depth, Score beta, bool pvNode, bool cutNode) {
    Singularity out;
    const Score singularBeta = std::max(ttScore - SingularMarginPerDepth * depth, -kMaxEval);
    const int singularDepth = (depth - 1) / 2;
    ss->excluded = ttMove;
    const Score score = search(pos, ss, singularBeta - 1, singularBeta, singularDepth, cutNode);
    ss->excluded = Move::none();
    if (score < singularBeta) {
        out.extension = 1;
        if (!pvNode && score < singularBeta - DoubleExtensionMargin && (ss - 1)->doubleExtensions < MaxDoubleExtensions)
            out.extension = 2;
    } else if (singularBeta >= beta) {
        out.multiCut = true;
        out.cutScore = singularBeta;
    } else if (ttScore >= beta) {
        out.extension = -1;
    }
    return out;
}

// Step 6c: search a move already made. Late moves get a reduced null-window search
// first (late move reductions), re-searched at full depth only if they beat alpha; at
// PV nodes a move that beats alpha is searched again with the full window.
Score Searcher::searchMove(Position& pos, StackEntry* ss, const Node& n, const MoveFacts& f, int newDepth,
                           Score alpha, Score beta) {
    Score score;
    if (n.depth >= LmrMinDepth && f.moveCount > 1 + 2 * n.rootNode && (f.quiet || f.orderScore < 0)) {
        int r = reductions(n.depth, f.moveCount);
        r += !n.pvNode;
        r += n.cutNode;
        r -= n.improving;
        r -= f.givesCheck;
        r -= f.history / LmrHistoryDivisor;
        r += f.quiet && n.ttCapture;  // the table's best move here is a capture: quiets are less likely
        const int reduced = std::clamp(newDepth - r, 1, newDepth);
        score = -search(pos, ss + 1, -alpha - 1, -alpha, reduced, true);
        if (score > alpha && reduced < newDepth) score = -search(pos, ss + 1, -alpha - 1, -alpha, newDepth, !n.cutNode);
    } else if (!n.pvNode || f.moveCount > 1) {
        score = -search(pos, ss + 1, -alpha - 1, -alpha, newDepth, !n.cutNode);
    } else {
        score = alpha + 1;  // first move of a PV node: straight to the full window
    }
    if (n.pvNode && (f.moveCount == 1 || score > alpha)) {
        (ss + 1)->pvLength = ss->ply + 1;
        score = -search(pos, ss + 1, -beta, -alpha, newDepth, false);
    }
    return score;
}

// At the root, line pvIndex_ searches the moves not already taken by the lines before it
// (MultiPV), and only root moves (searchmoves, tablebase filtering).
bool Searcher::isRootMoveOfThisLine(Move m) const {
    return std::find_if(rootMoves_.begin() + pvIndex_, rootMoves_.end(),
                        [m](const RootMove& rm) { return rm.move == m; }) != rootMoves_.end();
}

// Step 7: what the node found goes to the table and, when the static evaluation could
// have predicted it, to the correction history: not in check, no capture or promotion
// settling it, no mate score, and a bound that says on which side of the evaluation
// the true score lies.
void Searcher::recordNode(const Position& pos, StackEntry* ss, const Node& n, Score bestScore, Bound bound,
                          Move bestMove) {
    if (!n.inCheck && !isDecisive(bestScore) && !(bestMove.isOk() && isNoisy(pos, bestMove)) &&
        !(bound == BoundLower && bestScore <= ss->staticEval) && !(bound == BoundUpper && bestScore >= ss->staticEval))
        history_->updateCorrection(pos, n.rawEval, bestScore, n.depth);
    tt_.store(pos.key(), ss->ply, bestScore, n.rawEval, bound, n.depth, bestMove);
}

// What a node knows before it looks at the table: its kind, its depth, and the move a
// singular verification leaves out.
Searcher::Node Searcher::enterNode(const Position& pos, const StackEntry* ss, Score alpha, Score beta, int depth,
                                   bool cutNode) {
    Node n;
    n.pvNode = beta - alpha > 1;
    n.rootNode = ss->ply == 0;
    n.cutNode = cutNode;
    n.inCheck = pos.inCheck();
    n.depth = depth;
    n.excluded = ss->excluded;
    return n;
}

// What pruning, extension and reduction decisions need to know of a move before it is made.
Searcher::MoveFacts Searcher::factsOf(const Position& pos, Move m, int orderScore,
                                      const OrderingContext& ordering) const {
    MoveFacts f;
    f.quiet = !isNoisy(pos, m);
    f.givesCheck = pos.givesCheck(m);
    f.orderScore = orderScore;
    f.history = f.quiet ? history_->quietScore(pos.sideToMove(), pos.pieceOn(m.from()), m, ordering.continuation) : 0;
    return f;
}

Score Searcher::search(Position& pos, StackEntry* ss, Score alpha, Score beta, int depth, bool cutNode) {
    if (depth <= 0) return qsearch(pos, ss, alpha, beta);
    Node n = enterNode(pos, ss, alpha, beta, depth, cutNode);
    if (n.pvNode) ss->pvLength = ss->ply;
    selDepth_ = std::max(selDepth_, ss->ply + 1);
    if (stopped()) return 0;

    // 1. Draws, the ply limit, mate distance.
    if (!n.rootNode)
        if (auto s = drawOrMateDistance(pos, ss, alpha, beta)) return *s;
    ss->doubleExtensions = n.rootNode ? 0 : (ss - 1)->doubleExtensions;

    // 2. Transposition table. A singular verification search shares the position's key
    // but not its move list: it neither takes cut-offs from the table nor stores. Near
    // the fifty-move limit a stored score may hide a draw the path now runs into.
    n.ttHit = !n.excluded.isOk() && tt_.probe(pos.key(), ss->ply, n.tte);
    n.ttMove = n.rootNode ? rootMoves_[pvIndex_].pv[0] : n.ttHit ? n.tte.move : Move::none();
    if (!n.pvNode && n.ttHit && n.tte.depth >= depth && pos.rule50() < 90 && boundAllows(n.tte, beta))
        return n.tte.score;

    // 2b. Endgame tablebases.
    if (!n.rootNode && !n.excluded.isOk()) {
        if (auto s = probeTablebase(pos, ss, n, alpha, beta)) return *s;
        alpha = std::max(alpha, n.tbFloor);
    }

    // 3. Static evaluation.
    evaluateNode(pos, ss, n);
    (ss + 1)->currentMove = Move::none();

    // 4. Whole-node pruning: razoring, reverse futility, null move, probcut.
    if (auto s = pruneNode(pos, ss, n, alpha, beta)) return *s;

    // 5. Internal iterative reduction: without a hash move this node is probably less
    // important than its depth says, and the shallower search will supply a move.
    if (!n.ttMove.isOk() && n.depth >= IirMinDepth && (n.pvNode || cutNode)) --n.depth;

    // 6. The moves, best first.
    const OrderingContext ordering = orderingContext(ss);
    MovePicker picker(pos, n.ttMove, *history_, ordering);
    Move quiets[kMaxMoves], captures[kMaxMoves];
    int quietCount = 0, captureCount = 0, moveCount = 0;
    Score bestScore = n.tbFloor;
    Move bestMove = Move::none();
    const Score originalAlpha = alpha;
    StateInfo st;

    for (Move m = picker.next(); m != Move::none(); m = picker.next()) {
        // The picker hands out the table's move first, and only when it is legal here.
        if (picker.lastScore() == MovePicker::kTTMoveScore) n.ttCapture = isNoisy(pos, m);
        if (m == n.excluded || (n.rootNode && !isRootMoveOfThisLine(m))) continue;
        MoveFacts f = factsOf(pos, m, picker.lastScore(), ordering);
        if (!n.rootNode && bestScore > -kTbWinInMaxPly && hasNonPawnMaterial(pos, pos.sideToMove())) {
            // Every later quiet move would be cut by late move pruning too (the limit only
            // grows closer): the picker leaves them out unsorted, except those that check.
            if (f.quiet && lateMoveLimitReached(n, moveCount)) picker.skipQuietsExceptChecks();
            if (!f.givesCheck && pruneMove(pos, n, m, f, moveCount, alpha)) continue;
        }

        f.moveCount = ++moveCount;
        if (f.quiet) quiets[quietCount++] = m;
        else captures[captureCount++] = m;

        const Singularity ext = extensionFor(pos, ss, n, m, f.givesCheck, beta);
        if (ext.multiCut) return ext.cutScore;
        ss->doubleExtensions = (ss - 1)->doubleExtensions * !n.rootNode + (ext.extension >= 2);

        if (n.rootNode) reportCurrMove(m, moveCount + pvIndex_);
        const uint64_t nodesBefore = nodes();
        makeMove(pos, m, st, ss);
        const Score score = searchMove(pos, ss, n, f, n.depth - 1 + ext.extension, alpha, beta);
        unmakeMove(pos, m);

        if (stopped()) return 0;
        if (n.rootNode) updateRootMove(m, score, ss, moveCount, alpha, nodes() - nodesBefore);

        if (score > bestScore) {
            bestScore = score;
            if (score > alpha) {
                bestMove = m;
                if (n.pvNode && !n.rootNode) updatePv(ss, m);
                if (score >= beta) {
                    updateCutoffStats(pos, ss, m, quiets, quietCount, captures, captureCount, n.depth);
                    break;
                }
                alpha = score;
            }
        }
    }

    // 7. No legal move: mate or stalemate. (Pruning never empties the loop: it starts only
    // once a move has been searched.) A verification search's result is not the node's.
    if (moveCount == 0) return n.excluded.isOk() ? alpha : n.inCheck ? matedIn(ss->ply) : 0;
    if (n.excluded.isOk()) return bestScore;
    bestScore = std::min(bestScore, n.tbCeiling);
    const Bound bound = bestScore >= beta                            ? BoundLower
                        : (n.pvNode && bestScore > originalAlpha) ? BoundExact
                                                                    : BoundUpper;
    recordNode(pos, ss, n, bestScore, bound, bestMove);
    return bestScore;
}

// Quiescence: only captures and queen promotions (every evasion in check), so that the
// evaluation is taken in quiet positions. The side to move may stand pat on its
// evaluation, declining every capture.
Score Searcher::qsearch(Position& pos, StackEntry* ss, Score alpha, Score beta) {
    const bool pvNode = beta - alpha > 1;
    if (pvNode) ss->pvLength = ss->ply;
    selDepth_ = std::max(selDepth_, ss->ply + 1);
    if (stopped()) return 0;

    if (pos.isRepetition(ss->ply) || isFiftyMoveDraw(pos) || pos.isDeadPosition()) return 0;
    const bool inCheck = pos.inCheck();
    if (ss->ply >= kMaxPly - 1) return inCheck ? 0 : staticEvaluation(pos);

    TTData tte;
    const bool ttHit = tt_.probe(pos.key(), ss->ply, tte);
    if (!pvNode && ttHit && boundAllows(tte, beta)) return tte.score;

    Score bestScore = -kInfinite, rawEval = kNoScore, futilityBase = -kInfinite;
    if (!inCheck) {
        rawEval = (ttHit && tte.eval != kNoScore) ? tte.eval : staticEvaluation(pos);
        bestScore = history_->correctedEval(pos, rawEval);
        futilityBase = bestScore + QsFutilityMargin;
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
        // Futility: even winning the captured piece for free leaves it below alpha.
        if (!inCheck && m.kind() != MoveKind::Promotion && !pos.givesCheck(m)) {
            const Score futility = futilityBase + kPieceValue[capturedType(pos, m)];
            if (futility <= alpha) {
                bestScore = std::max(bestScore, futility);
                continue;
            }
        }
        makeMove(pos, m, st, ss);
        const Score score = -qsearch(pos, ss + 1, -beta, -alpha);
        unmakeMove(pos, m);
        if (stopped()) return 0;
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
