#include "tune/tuner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <random>
#include <sstream>
#include <thread>

#include "core/position.h"
#include "eval/eval.h"

namespace vazir::tune {

namespace {

double sigmoid(double k, double x) { return 1.0 / (1.0 + std::pow(10.0, -k * x / 400.0)); }

// Runs f(begin, end, threadIndex) over [0, n) split evenly into `threads` parts.
template <class F>
void parallelFor(size_t n, int threads, F f) {
    threads = std::max(1, threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
        size_t begin = n * size_t(t) / size_t(threads), end = n * size_t(t + 1) / size_t(threads);
        pool.emplace_back([=, &f] { f(begin, end, t); });
    }
    for (auto& th : pool) th.join();
}

}  // namespace

size_t weightCount() {
    size_t n = 0;
#define VAZIR_COUNT(name, count) n += count;
    VAZIR_EVAL_TERMS(VAZIR_COUNT)
#undef VAZIR_COUNT
    return n;
}

std::vector<Pair> flatten(const EvalWeights& w) {
    std::vector<Pair> out;
#define VAZIR_FLAT(name, count) for (int i = 0; i < count; ++i) out.push_back(w.name[i]);
    VAZIR_EVAL_TERMS(VAZIR_FLAT)
#undef VAZIR_FLAT
    return out;
}

EvalWeights unflatten(const std::vector<Pair>& flat) {
    EvalWeights w{};
    size_t k = 0;
#define VAZIR_UNFLAT(name, count) for (int i = 0; i < count; ++i) w.name[i] = flat[k++];
    VAZIR_EVAL_TERMS(VAZIR_UNFLAT)
#undef VAZIR_UNFLAT
    return w;
}

std::string loadDataset(const std::string& path, double blend, double k, Dataset& out, size_t limit,
                        const EvalWeights& weights) {
    std::ifstream in(path);
    if (!in) return "cannot open " + path;
    std::string line;
    size_t lineNo = 0;
    while (std::getline(in, line) && (limit == 0 || out.samples.size() < limit)) {
        ++lineNo;
        if (line.empty() || line[0] == '#') continue;
        size_t a = line.find('|'), b = line.find('|', a + 1);
        if (a == std::string::npos || b == std::string::npos) return "line " + std::to_string(lineNo) + ": expected 'fen | score | result'";
        Position pos;
        StateInfo st;
        if (ParseResult r = pos.setFromFen(line.substr(0, a), false, st); !r.ok())
            return "line " + std::to_string(lineNo) + ": " + r.error;
        double score = 0, result = 0;
        try {
            score = std::stod(line.substr(a + 1, b - a - 1));
            result = std::stod(line.substr(b + 1));
        } catch (...) {
            return "line " + std::to_string(lineNo) + ": bad score or result";
        }
        EvalTrace t;
        evaluateTrace(pos, t, weights);
        Sample s;
        s.firstCoeff = uint32_t(out.coeffs.size());
        size_t index = 0;
#define VAZIR_COEFFS(name, count)                                                   \
    for (int i = 0; i < count; ++i, ++index)                                        \
        if (int v = t.name[i][0] - t.name[i][1]; v != 0) out.coeffs.push_back({uint32_t(index), int16_t(v)});
        VAZIR_EVAL_TERMS(VAZIR_COEFFS)
#undef VAZIR_COEFFS
        s.coeffCount = uint16_t(out.coeffs.size() - s.firstCoeff);
        if (s.coeffCount == 0) continue;  // dead positions: the evaluation is fixed at 0
        s.phase = uint8_t(t.phase);
        s.scale = uint8_t(t.scale);
        s.rule50Factor = int16_t(200 - std::min(pos.rule50(), 100));
        s.result = float(result);
        s.score = float(score);
        s.target = float(blend * result + (1.0 - blend) * sigmoid(k, score));
        out.samples.push_back(s);
    }
    return "";
}

void setTargets(Dataset& d, double blend, double k) {
    for (Sample& s : d.samples) s.target = float(blend * s.result + (1.0 - blend) * sigmoid(k, s.score));
}

double evaluateSample(const Dataset& d, const Sample& s, const std::vector<double>& mg, const std::vector<double>& eg) {
    double m = 0, e = 0;
    for (uint32_t i = s.firstCoeff; i < s.firstCoeff + s.coeffCount; ++i) {
        m += mg[d.coeffs[i].weight] * d.coeffs[i].value;
        e += eg[d.coeffs[i].weight] * d.coeffs[i].value;
    }
    return (m * s.phase + e * (24 - s.phase) * s.scale / 128.0) / 24.0 * s.rule50Factor / 200.0;
}

static void split(const std::vector<Pair>& w, std::vector<double>& mg, std::vector<double>& eg) {
    mg.resize(w.size());
    eg.resize(w.size());
    for (size_t i = 0; i < w.size(); ++i) {
        mg[i] = w[i].mg;
        eg[i] = w[i].eg;
    }
}

double loss(const Dataset& d, const std::vector<Pair>& weights, double k, int threads) {
    std::vector<double> mg, eg;
    split(weights, mg, eg);
    std::vector<double> partial(size_t(std::max(1, threads)), 0.0);
    parallelFor(d.samples.size(), threads, [&](size_t begin, size_t end, int t) {
        double sum = 0;
        for (size_t i = begin; i < end; ++i) {
            double diff = sigmoid(k, evaluateSample(d, d.samples[i], mg, eg)) - d.samples[i].target;
            sum += diff * diff;
        }
        partial[size_t(t)] = sum;
    });
    double total = 0;
    for (double p : partial) total += p;  // fixed order: deterministic
    return total / double(std::max<size_t>(1, d.samples.size()));
}

double fitK(const Dataset& d, const std::vector<Pair>& weights, int threads) {
    // Golden-section search; the loss is unimodal in K in practice.
    double lo = 0.1, hi = 4.0;
    const double g = (std::sqrt(5.0) - 1) / 2;
    double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
    double fa = loss(d, weights, a, threads), fb = loss(d, weights, b, threads);
    for (int i = 0; i < 40; ++i) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - g * (hi - lo);
            fa = loss(d, weights, a, threads);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + g * (hi - lo);
            fb = loss(d, weights, b, threads);
        }
    }
    return (lo + hi) / 2;
}

std::vector<Pair> train(const Dataset& d, std::vector<Pair> weights, double k, const TrainConfig& cfg, std::ostream& log,
                        const Dataset* validation) {
    const size_t n = weights.size();
    std::vector<double> mg, eg;
    split(weights, mg, eg);
    const std::vector<double> startMg = mg, startEg = eg;
    std::vector<double> m1(2 * n, 0.0), m2(2 * n, 0.0);  // Adam moments: mg then eg
    constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-8;
    std::vector<size_t> order(d.samples.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::mt19937_64 rng(cfg.seed);
    const int threads = std::max(1, cfg.threads);
    std::vector<std::vector<double>> grads(size_t(threads), std::vector<double>(2 * n));
    long step = 0;

    for (int epoch = 1; epoch <= cfg.epochs; ++epoch) {
        std::shuffle(order.begin(), order.end(), rng);
        for (size_t start = 0; start < order.size(); start += cfg.batchSize) {
            const size_t end = std::min(order.size(), start + cfg.batchSize);
            parallelFor(end - start, threads, [&](size_t b, size_t e, int t) {
                std::vector<double>& g = grads[size_t(t)];
                std::fill(g.begin(), g.end(), 0.0);
                for (size_t j = start + b; j < start + e; ++j) {
                    const Sample& s = d.samples[order[j]];
                    const double p = sigmoid(k, evaluateSample(d, s, mg, eg));
                    // d(loss)/d(eval) for (p - target)^2, with dp/deval = p (1 - p) K ln10 / 400.
                    const double base = 2.0 * (p - s.target) * p * (1 - p) * k * std::log(10.0) / 400.0 *
                                        s.rule50Factor / 200.0 / 24.0;
                    const double wm = base * s.phase, we = base * (24 - s.phase) * s.scale / 128.0;
                    for (uint32_t i = s.firstCoeff; i < s.firstCoeff + s.coeffCount; ++i) {
                        g[d.coeffs[i].weight] += wm * d.coeffs[i].value;
                        g[n + d.coeffs[i].weight] += we * d.coeffs[i].value;
                    }
                }
            });
            ++step;
            const double batch = double(end - start);
            for (size_t i = 0; i < 2 * n; ++i) {
                double g = 0;
                for (int t = 0; t < threads; ++t) g += grads[size_t(t)][i];  // fixed order
                g /= batch;
                const double prior = i < n ? startMg[i] : startEg[i - n];
                const double now = i < n ? mg[i] : eg[i - n];
                g += 2.0 * cfg.regularization * (now - prior);
                m1[i] = kBeta1 * m1[i] + (1 - kBeta1) * g;
                m2[i] = kBeta2 * m2[i] + (1 - kBeta2) * g * g;
                const double mh = m1[i] / (1 - std::pow(kBeta1, double(step)));
                const double vh = m2[i] / (1 - std::pow(kBeta2, double(step)));
                double& w = i < n ? mg[i] : eg[i - n];
                w -= cfg.learningRate * mh / (std::sqrt(vh) + kEpsilon);
            }
        }
        std::vector<Pair> current(n);
        for (size_t i = 0; i < n; ++i) current[i] = {int(std::lround(mg[i])), int(std::lround(eg[i]))};
        log << "epoch " << epoch << " loss " << std::setprecision(8) << loss(d, current, k, threads);
        if (validation && !validation->samples.empty()) log << " validation " << loss(*validation, current, k, threads);
        log << std::endl;
        weights = current;
    }
    return weights;
}

std::string parseWeightsSource(const std::string& text, std::vector<Pair>& out) {
    out.clear();
    size_t at = text.find("kWeights");
    if (at == std::string::npos) return "no kWeights definition";
    while (out.size() < weightCount()) {
        // The next innermost "{a, b}" pair; comments between pairs hold no braces.
        size_t open = text.find('{', at);
        if (open == std::string::npos) break;
        if (text.find('{', open + 1) < text.find('}', open + 1)) {  // an outer brace: step in
            at = open + 1;
            continue;
        }
        int mg = 0, eg = 0;
        char close = 0;
        if (std::sscanf(text.c_str() + open, "{ %d , %d %c", &mg, &eg, &close) != 3 || close != '}')
            return "malformed pair near offset " + std::to_string(open);
        out.push_back({mg, eg});
        at = text.find('}', open) + 1;
    }
    if (out.size() != weightCount())
        return "found " + std::to_string(out.size()) + " pairs, expected " + std::to_string(weightCount());
    return "";
}

std::string weightsSource(const EvalWeights& w, const std::string& comment) {
    std::ostringstream s;
    s << "// Evaluation weights, written by the tuner (src/tune/tuner_main.cpp).\n";
    std::istringstream c(comment);
    for (std::string line; std::getline(c, line);) s << "// " << line << "\n";
    s << "#include \"eval/weights.h\"\n\nnamespace vazir {\n\n// clang-format off\nconst EvalWeights kWeights = {\n";
    auto list = [&](const char* name, const Pair* p, int count) {
        s << "    /* " << name << " */ {";
        for (int i = 0; i < count; ++i) {
            if (count > 8 && i % 8 == 0) s << "\n        ";
            s << "{" << p[i].mg << ", " << p[i].eg << "}" << (i + 1 < count ? ", " : "");
        }
        s << (count > 8 ? "\n    },\n" : "},\n");
    };
#define VAZIR_PRINT(name, count) list(#name, w.name, count);
    VAZIR_EVAL_TERMS(VAZIR_PRINT)
#undef VAZIR_PRINT
    s << "};\n// clang-format on\n\n}  // namespace vazir\n";
    return s.str();
}

}  // namespace vazir::tune
