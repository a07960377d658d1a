#include "nnue/network.h"

#include "nnue/kernels.h"

#include <algorithm>
#include <cstring>
#include <cstdint>
#include <fstream>
#include <functional>
#include <utility>


namespace vazir::nnue {

namespace {


// Version 3's header: version 2's eight fields, then input buckets and the mirroring
// flag, then the king-square map (64 bytes).
constexpr size_t kV3Fields = 10, kMapBytes = 64;

// The largest file a net of any accepted shape can be (version 3 header, 16 input
// buckets, 1024 hidden, 8 output buckets): a longer one is refused before it is read
// whole (a device or a huge file named by EvalFile must not eat the memory).
constexpr size_t kMaxFileBytes = kV3Fields * sizeof(uint32_t) + kMapBytes + sizeof(uint64_t) +
                                 sizeof(int16_t) * (size_t(kInputs) * kMaxInputBuckets * kMaxHidden + kMaxHidden +
                                                    size_t(kMaxOutputBuckets) * 2 * kMaxHidden) +
                                 sizeof(int32_t) * kMaxOutputBuckets;

// The first-layer range check. An accumulator holds bias + the rows of the pieces on
// the board in int16, updated by adds and subtracts that wrap (the SIMD paths) or are
// truncated back to int16 (the scalar path): either way, whatever sequence of moves
// led to it, the stored value is the exact sum modulo 2^16, so it is right exactly
// when the exact sum fits int16. A position has at most 16 pieces of each colour (the
// FEN reader refuses more; moves never add any), so a perspective sees at most 16
// features from the "own" half of the inputs and 16 from the "other" half (one per
// square), all from one input bucket's set. Neuron i's sum is therefore at most its bias
// plus the 16 largest positive weights of each half of some set and at least its bias
// plus the 16 most negative ones; if both ends fit int16 for every set, no legal
// position can overflow. Returns "" or what is wrong.
std::string checkFirstLayerRange(const std::vector<int16_t>& w1, const std::vector<int16_t>& b1, int hidden,
                                 int inputBuckets) {
    constexpr int kHalf = kInputs / 2, kMaxPiecesPerSide = 16;
    std::vector<int> column(kHalf);
    for (int set = 0; set < inputBuckets; ++set)
        for (int i = 0; i < hidden; ++i) {
            int64_t high = b1[size_t(i)], low = b1[size_t(i)];
            for (int half = 0; half < 2; ++half) {
                const size_t first = size_t(set) * kInputs + size_t(half) * kHalf;
                for (int f = 0; f < kHalf; ++f) column[size_t(f)] = w1[(first + size_t(f)) * size_t(hidden) + size_t(i)];
                std::nth_element(column.begin(), column.begin() + kMaxPiecesPerSide, column.end(), std::greater<>());
                for (int k = 0; k < kMaxPiecesPerSide; ++k) high += std::max(column[size_t(k)], 0);
                std::nth_element(column.begin(), column.begin() + kMaxPiecesPerSide, column.end());
                for (int k = 0; k < kMaxPiecesPerSide; ++k) low += std::min(column[size_t(k)], 0);
            }
            if (high > INT16_MAX || low < INT16_MIN)
                return "network first-layer weights out of range: hidden neuron " + std::to_string(i) +
                       (inputBuckets > 1 ? " of input bucket " + std::to_string(set) : std::string()) + " can reach " +
                       std::to_string(high > INT16_MAX ? high : low) + ", outside the int16 accumulators (" +
                       std::to_string(INT16_MIN) + " to " + std::to_string(INT16_MAX) + ")";
        }
    return "";
}

// One perspective's first-layer sums for `pos`, from scratch.
void refreshPerspective(const Network& net, const Position& pos, Color persp, int16_t* acc, Simd simd) {
    const int n = net.hidden();
    const KingView view = kingView(net.layout(), persp, pos.kingSquare(persp));
    std::memcpy(acc, net.bias(), sizeof(int16_t) * size_t(n));
    for (Bitboard b = pos.pieces(); b;) {
        const Square s = popLsb(b);
        const int16_t* row = net.row(featureIndex(persp, pos.pieceOn(s), s, view));
        kernels::update(simd, acc, acc, &row, 1, nullptr, 0, n);
    }
}

int bucketOf(const Network& net, const Position& pos) { return outputBucket(popCount(pos.pieces()), net.buckets()); }

}  // namespace

uint64_t architectureHash(int hidden, int buckets, const InputLayout& layout) {
    // One bucket keeps version 1's description, so the hash of a version 1 net still
    // matches; the plain layout keeps version 2's.
    std::string arch = "768x" + std::to_string(hidden) + "x2-1-screlu-qa255-qb64";
    if (buckets != 1) arch += "-ob" + std::to_string(buckets);
    if (!layout.plain()) {
        arch += "-kb" + std::to_string(layout.buckets) + (layout.mirrored ? "m" : "") + "-";
        for (uint8_t b : layout.map) arch += char('a' + b);
    }
    uint64_t h = 0xcbf29ce484222325ULL;
    for (char c : arch) h = (h ^ uint8_t(c)) * 0x100000001b3ULL;
    return h;
}

std::string Network::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot open network file '" + path.substr(0, 200) + "'";
    // Read in blocks, so that memory follows the file and never passes the largest net.
    std::string bytes;
    std::vector<char> block(size_t(1) << 20);
    while (in.read(block.data(), std::streamsize(block.size())) || in.gcount() > 0) {
        bytes.append(block.data(), size_t(in.gcount()));
        if (bytes.size() > kMaxFileBytes)
            return "network file '" + path.substr(0, 200) + "' is larger than any network (" +
                   std::to_string(kMaxFileBytes) + " bytes)";
    }
    return loadFromMemory(bytes.data(), bytes.size());
}

std::string Network::loadFromMemory(const void* data, size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    // magic, version, inputs, hidden, QA, QB, scale, then (version 2) output buckets,
    // then (version 3) input buckets, mirroring and the 64-byte king map; then the hash.
    uint32_t header[kV3Fields] = {};
    uint64_t hash = 0;
    if (size < 2 * sizeof(uint32_t)) return "network file too short for its header";
    std::memcpy(header, p, 2 * sizeof(uint32_t));
    if (header[0] != kMagic) return "not a Vazir network (bad magic)";
    if (header[1] < 1 || header[1] > kVersion)
        return "network format version " + std::to_string(header[1]) + ", this build reads 1 to " + std::to_string(kVersion);
    const size_t fields = header[1] == 1 ? 7 : header[1] == 2 ? 8 : kV3Fields;
    const size_t mapBytes = header[1] == 3 ? kMapBytes : 0;
    const size_t headerBytes = fields * sizeof(uint32_t) + mapBytes + sizeof hash;
    if (size < headerBytes) return "network file too short for its header";
    std::memcpy(header, p, fields * sizeof(uint32_t));
    InputLayout layout;
    std::memcpy(layout.map.data(), p + fields * sizeof(uint32_t), mapBytes);
    std::memcpy(&hash, p + fields * sizeof(uint32_t) + mapBytes, sizeof hash);
    if (fields == 7) header[7] = 1;
    if (fields == kV3Fields) {
        if (header[8] < 1 || header[8] > uint32_t(kMaxInputBuckets) || header[9] > 1)
            return "network has " + std::to_string(header[8]) + " input buckets (mirroring " + std::to_string(header[9]) +
                   "), this build reads 1-" + std::to_string(kMaxInputBuckets) + " (mirroring 0 or 1)";
        layout.buckets = int(header[8]);
        layout.mirrored = header[9] == 1;
        for (uint8_t b : layout.map)
            if (b >= layout.buckets) return "network king map names input bucket " + std::to_string(b) + " of " + std::to_string(layout.buckets);
    }
    const int hidden = int(header[3]);
    if (header[2] != uint32_t(kInputs) || hidden < kHiddenStep || hidden > kMaxHidden || hidden % kHiddenStep)
        return "network shape " + std::to_string(header[2]) + "x" + std::to_string(header[3]) +
               " not supported (768 inputs, hidden a multiple of 16 up to 1024)";
    if (header[4] != uint32_t(kQA) || header[5] != uint32_t(kQB)) return "network quantised with other scales";
    if (header[7] < 1 || header[7] > uint32_t(kMaxOutputBuckets))
        return "network has " + std::to_string(header[7]) + " output buckets, this build reads 1-" +
               std::to_string(kMaxOutputBuckets);
    const int buckets = int(header[7]);
    if (hash != architectureHash(hidden, buckets, layout)) return "network architecture hash does not match";
    if (header[6] < kMinOutputScale || header[6] > kMaxOutputScale)
        return "network output scale " + std::to_string(header[6]) + " outside " + std::to_string(kMinOutputScale) +
               "-" + std::to_string(kMaxOutputScale);
    std::vector<int16_t> w1(size_t(layout.inputs()) * size_t(hidden)), b1(static_cast<size_t>(hidden)),
        w2(size_t(buckets) * size_t(2 * hidden));
    std::vector<int32_t> b2(static_cast<size_t>(buckets));
    const size_t expected = headerBytes + sizeof(int16_t) * (w1.size() + b1.size() + w2.size()) + sizeof(int32_t) * b2.size();
    if (size != expected) return "network file has " + std::to_string(size) + " bytes, expected " + std::to_string(expected);
    const unsigned char* q = p + headerBytes;
    for (auto [dst, bytes] : {std::pair<void*, size_t>{w1.data(), w1.size() * 2}, {b1.data(), b1.size() * 2},
                              {w2.data(), w2.size() * 2}, {b2.data(), b2.size() * 4}}) {
        std::memcpy(dst, q, bytes);
        q += bytes;
    }
    for (int16_t w : w2)
        if (std::abs(int(w)) > kMaxOutputWeight) return "network output weight out of range";
    if (std::string err = checkFirstLayerRange(w1, b1, hidden, layout.buckets); !err.empty()) return err;
    hidden_ = hidden;
    scale_ = int(header[6]);
    buckets_ = buckets;
    layout_ = layout;
    w1_ = std::move(w1);
    b1_ = std::move(b1);
    w2_ = std::move(w2);
    b2_ = std::move(b2);
    return "";
}

int outputLayer(const Network& net, const int16_t* us, const int16_t* them, int bucket, Simd simd) {
    const int n = net.hidden();
    const int16_t* w = net.outputWeights(bucket);
    const int64_t sum = kernels::screluDot(simd, us, w, n) + kernels::screluDot(simd, them, w + n, n);
    const int64_t out = sum / kQA + net.outputBias(bucket);  // in QA x QB units
    return int(out * net.scale() / (int64_t(kQA) * kQB));
}

std::string Network::shape() const {
    return "(" + describeInputs(layout_) + " -> " + std::to_string(hidden_) + ") x 2 -> " +
           (buckets_ == 1 ? std::string("1") : std::to_string(buckets_) + " buckets");
}

AccumulatorStack::AccumulatorStack() : entries_(size_t(kStackSize)) {}

void AccumulatorStack::reset(const Position&) {
    top_ = overflow_ = 0;
    entries_[0].computed[White] = entries_[0].computed[Black] = false;
}

void AccumulatorStack::push(const Position& pos, Move m) {
    if (top_ + 1 >= kStackSize) {  // deeper than any search goes: counted, and evaluated from scratch
        ++overflow_;
        return;
    }
    Change c;
    const Color us = pos.sideToMove();
    const Square from = m.from(), to = m.to();
    const Piece pc = pos.pieceOn(from);
    auto add = [&](Piece p, Square s) {
        c.addPiece[c.addCount] = p;
        c.addSq[c.addCount++] = s;
    };
    auto sub = [&](Piece p, Square s) {
        c.subPiece[c.subCount] = p;
        c.subSq[c.subCount++] = s;
    };
    Square pieceTo = to;  // where the moving piece lands (castling: the king's target)
    if (m.kind() == MoveKind::Castling) {
        pieceTo = Position::castlingKingTarget(us, from, to);
        sub(pc, from);
        sub(pos.pieceOn(to), to);
        add(pc, pieceTo);
        add(makePiece(us, Rook), Position::castlingRookTarget(us, from, to));
    } else {
        sub(pc, from);
        add(m.kind() == MoveKind::Promotion ? makePiece(us, m.promotion()) : pc, to);
        if (m.kind() == MoveKind::EnPassant) sub(makePiece(~us, Pawn), Square(to - pawnPush(us)));
        else if (!pos.empty(to)) sub(pos.pieceOn(to), to);
    }
    if (typeOf(pc) == King) {
        c.kingMoved = true;
        c.kingColor = us;
        c.kingFrom = from;
        c.kingTo = pieceTo;
    }
    Entry& e = entries_[size_t(++top_)];
    e.change = c;
    e.computed[White] = e.computed[Black] = false;
}

void AccumulatorStack::pushNull() {
    if (top_ + 1 >= kStackSize) {
        ++overflow_;
        return;
    }
    Entry& e = entries_[size_t(++top_)];
    e.change = Change{};
    e.computed[White] = e.computed[Black] = false;
}

bool AccumulatorStack::changesView(const InputLayout& layout, const Change& c, Color perspective) {
    return c.kingMoved && c.kingColor == perspective &&
           kingView(layout, perspective, c.kingFrom) != kingView(layout, perspective, c.kingTo);
}

void AccumulatorStack::apply(const Network& net, const Entry& from, Entry& to, Color persp, KingView view, Simd simd) {
    const Change& c = to.change;
    const int16_t* adds[2];
    const int16_t* subs[2];
    for (int i = 0; i < c.addCount; ++i) adds[i] = net.row(featureIndex(persp, c.addPiece[i], c.addSq[i], view));
    for (int i = 0; i < c.subCount; ++i) subs[i] = net.row(featureIndex(persp, c.subPiece[i], c.subSq[i], view));
    kernels::update(simd, to.acc[persp], from.acc[persp], adds, c.addCount, subs, c.subCount, net.hidden());
    to.computed[persp] = true;
}

int AccumulatorStack::evaluate(const Network& net, const Position& pos, Simd simd) {
    if (computedFor_ != &net) {
        for (Entry& e : entries_) e.computed[White] = e.computed[Black] = false;
        computedFor_ = &net;
    }
    if (overflow_ > 0) return evaluateFresh(net, pos, simd);
    Entry& top = entries_[size_t(top_)];
    const InputLayout& layout = net.layout();
    const bool plain = layout.plain();  // one view for every king square: nothing to check
    for (Color persp : {White, Black}) {
        if (top.computed[persp]) continue;
        // Down to the nearest entry computed for this perspective, unless a king move on
        // the way changes its view: then (or with nothing computed) it starts afresh here.
        int i = top_;
        while (i > 0 && !entries_[size_t(i)].computed[persp] &&
               (plain || !changesView(layout, entries_[size_t(i)].change, persp)))
            --i;
        if (!entries_[size_t(i)].computed[persp]) {
            refreshPerspective(net, pos, persp, top.acc[persp], simd);
            top.computed[persp] = true;
            continue;
        }
        // Every change from i up keeps the view, so it is the view of the king now.
        const KingView view = plain ? KingView{} : kingView(layout, persp, pos.kingSquare(persp));
        for (int j = i + 1; j <= top_; ++j) apply(net, entries_[size_t(j - 1)], entries_[size_t(j)], persp, view, simd);
    }
    const Entry& e = top;
    const Color stm = pos.sideToMove();
    return outputLayer(net, e.acc[stm], e.acc[~stm], bucketOf(net, pos), simd);
}

int AccumulatorStack::evaluateFresh(const Network& net, const Position& pos, Simd simd) {
    alignas(64) int16_t acc[2][kMaxHidden];
    for (Color persp : {White, Black}) refreshPerspective(net, pos, persp, acc[persp], simd);
    const Color stm = pos.sideToMove();
    return outputLayer(net, acc[stm], acc[~stm], bucketOf(net, pos), simd);
}

}  // namespace vazir::nnue
