#include "train/train_options.h"

#include <sstream>

namespace vazir::train {

namespace {

// The training scale and the export scale both end up in the net's header, which the
// engine reads only within its bounds.
bool scaleFitsHeader(double scale) { return scale >= nnue::kMinOutputScale && scale <= nnue::kMaxOutputScale; }


const std::string kUsage =
    "usage: vazir-train data=<file.bin|file.vzg>[,...] [valid=...] [validshare=0-0.5] [hidden=16-1024, a multiple of 16] "
    "[buckets=1-8] [kingbuckets=none|hm|hm4|hm8] [epochs=N] [batch=N] [threads=1-256] [scale=1-2000] [exportscale=1-2000|hce] "
    "[stream=0|1] [buffer=positions] [warmup=steps] [best=0|1] [patience=epochs] ...";

}  // namespace

std::vector<std::string> splitList(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    std::string item;
    while (std::getline(in, item, ','))
        if (!item.empty()) out.push_back(item);
    return out;
}

std::string parseTrainArgs(int argc, const char* const* argv, TrainOptions& o) {
    TrainConfig& cfg = o.cfg;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const size_t eq = a.find('=');
        if (eq == std::string::npos) return "expected key=value, got '" + a + "'\n" + kUsage;
        const std::string k = a.substr(0, eq), v = a.substr(eq + 1);
        try {
            size_t used = 0;
            // A number must be the whole value ("12x" is refused, not read as 12).
            auto integer = [&](const std::string& s) {
                const long long x = std::stoll(s, &used);
                if (used != s.size() || x < -2000000000LL || x > 2000000000LL) throw 0;
                return int(x);
            };
            auto real = [&](const std::string& s) {
                const double x = std::stod(s, &used);
                if (used != s.size()) throw 0;
                return x;
            };
            if (k == "data") o.data = splitList(v);
            else if (k == "valid") o.valid = splitList(v);
            else if (k == "validshare") o.validShare = real(v);
            else if (k == "hidden") cfg.hidden = integer(v);
            else if (k == "buckets") cfg.buckets = integer(v);
            else if (k == "epochs") cfg.epochs = integer(v);
            else if (k == "batch") cfg.batchSize = integer(v);
            else if (k == "lr") cfg.lr = real(v);
            else if (k == "wd") cfg.weightDecay = real(v);
            else if (k == "blend") cfg.blend = real(v);
            else if (k == "scale") cfg.scale = real(v);
            else if (k == "threads") cfg.threads = integer(v);
            else if (k == "seed") {
                cfg.seed = std::stoull(v, &used);
                if (used != v.size()) throw 0;
            } else if (k == "minply") o.filter.minPly = integer(v);
            else if (k == "mirror") cfg.mirror = integer(v) != 0;
            else if (k == "kingbuckets") {
                if (!nnue::namedInputLayout(v, cfg.layout)) return "kingbuckets=" + v + ": none, hm, hm4 or hm8";
            }
            else if (k == "stream") o.stream = integer(v) != 0;
            else if (k == "buffer") {
                const int n = integer(v);
                if (n < 1) throw 0;
                o.bufferPositions = uint64_t(n);
            }
            else if (k == "warmup") cfg.warmupSteps = integer(v);
            else if (k == "best") o.keepBest = integer(v) != 0;
            else if (k == "patience") o.patience = integer(v);
            else if (k == "out") o.out = v;
            else if (k == "checkpoint") o.checkpoint = v;
            else if (k == "resume") o.resume = v;
            else if (k == "exportscale" && v == "hce") o.exportAtHandcrafted = true;
            else if (k == "exportscale") o.exportScale = real(v);
            else return "unknown option '" + k + "'\n" + kUsage;
        } catch (...) {
            return "bad value for '" + k + "': '" + v + "'";
        }
    }
    if (o.data.empty()) return "no training data (data=<file.bin|file.vzg>[,...])\n" + kUsage;
    // The net must be one the engine loads (nnue::Network::loadFromMemory): refused here,
    // not after the training.
    if (const std::string err = unsupportedShape(cfg.hidden, cfg.buckets); !err.empty()) return err;
    if (cfg.epochs < 1) return "epochs=" + std::to_string(cfg.epochs) + ": at least 1";
    if (cfg.batchSize < 1) return "batch=" + std::to_string(cfg.batchSize) + ": at least 1";
    if (cfg.threads < 1 || cfg.threads > 256) return "threads=" + std::to_string(cfg.threads) + ": 1-256";
    if (cfg.warmupSteps < 0) return "warmup=" + std::to_string(cfg.warmupSteps) + ": steps, at least 0";
    if (o.patience < 0) return "patience=" + std::to_string(o.patience) + ": epochs, at least 0 (0: never stop early)";
    if (!(o.validShare >= 0 && o.validShare <= 0.5))
        return "validshare=" + std::to_string(o.validShare) + ": a share from 0 to 0.5";
    if (!(cfg.lr > 0) || !(cfg.weightDecay >= 0) || !(cfg.blend >= 0 && cfg.blend <= 1))
        return "lr must be above 0, wd at least 0, blend from 0 to 1";
    const std::string scales = std::to_string(nnue::kMinOutputScale) + "-" + std::to_string(nnue::kMaxOutputScale);
    if (!scaleFitsHeader(cfg.scale)) return "scale=" + std::to_string(cfg.scale) + ": the net's header holds " + scales;
    if (o.exportScale != 0 && !scaleFitsHeader(o.exportScale))
        return "exportscale=" + std::to_string(o.exportScale) + ": the net's header holds " + scales + " (or hce)";
    return "";
}

}  // namespace vazir::train
