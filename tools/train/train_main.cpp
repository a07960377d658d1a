// vazir-train: trains an NNUE network on binary self-play data (see tools/train/trainer.h).
//
//   vazir-train data=a.bin[,b.vzg...] [valid=c.bin] [validshare=0.05] [hidden=128] [buckets=1]
//               [epochs=10] [batch=16384] [lr=0.004] [wd=0.1] [blend=0.3] [scale=400]
//               [threads=2] [seed=1] [minply=8] [mirror=1|0] [out=vazir.nnue] [checkpoint=prefix]
//               [resume=checkpoint file] [exportscale=N|hce] [stream=0|1] [buffer=1048576]
//               [warmup=0] [best=0|1] [patience=0] [kingbuckets=none]
//
// kingbuckets= picks the input layout (nnue/features.h, namedInputLayout): none (the
// plain 768 inputs), hm (files mirrored by each side's king), hm4 or hm8 (mirrored, and
// 4 or 8 sets of first-layer weights chosen by the king's square).
//
// warmup=N ramps the learning rate up linearly over the first N steps (trainer.h).
// best=1 exports the net of the epoch with the lowest held-out loss rather than the
// last; patience=N stops the run after N epochs without a new lowest held-out loss
// (tools/train/best_epoch.h). Both judge by the held-out positions, so with them the
// held-out loss is no longer an unbiased estimate: compare nets on other positions
// (vazir-netloss on a file the run did not hold out) or in games.
//
// Data files are 32-byte records (.bin) or the game format (.vzg), told apart by their
// first bytes. By default they are read whole into memory and shuffled; stream=1 reads
// them again every epoch through a shuffle buffer of `buffer` positions
// (tools/train/position_stream.h), for data larger than the memory: the same positions
// and held-out games, in another order.
//
// exportscale sets the centipawns per logistic unit written into the net's header (the
// engine's centipawns are the net's output times it); by default the training scale.
// `hce` writes the scale at which the hand-crafted evaluation fits the held-out targets
// best, so the net speaks in the hand-crafted evaluation's centipawns, the ones the
// search margins were tuned in (a net read at 400 where that fit is 310 plays ~75 Elo
// worse than the same weights read at 310: see docs/nnue-training.md).
//
// Prints the data kept and dropped, the hand-crafted evaluation's loss on the held-out
// positions (the bar a net has to pass), then per epoch the learning rate, the training and
// held-out losses, the time and the positions per second; writes a checkpoint after
// every epoch (checkpoint=prefix: <prefix>-epoch<N>.vznf, the weights with Adam's state,
// tools/train/checkpoint.cpp) and the quantised net at the end (out=). resume=<file>
// continues from such a checkpoint at the epoch after the one it holds, to epochs=.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "train/best_epoch.h"
#include "train/position_stream.h"
#include "train/train_options.h"
#include "train/trainer.h"

using namespace vazir;

int main(int argc, char** argv) {
    train::TrainOptions o;
    if (const std::string err = train::parseTrainArgs(argc, argv, o); !err.empty()) {
        std::cerr << "vazir-train: " << err << "\n";
        return 2;
    }
    train::TrainConfig& cfg = o.cfg;
    const std::vector<std::string>& data = o.data;
    const std::vector<std::string>& valid = o.valid;
    const std::string &out = o.out, &checkpoint = o.checkpoint, &resume = o.resume;
    const double validShare = o.validShare;
    const PackedFilter& filter = o.filter;

    // Without valid= files, whole games of the data are held out (validshare of them).
    const double share = valid.empty() ? validShare : 0.0;
    PackedLoad train;  // in memory: the training positions; streaming: only the counts
    train::PositionStream stream({data, filter, share, size_t(o.bufferPositions), cfg.seed});
    std::vector<PackedPosition> held;
    if (o.stream) {
        train.error = stream.scan();
        train.records = stream.records;
        train.games = stream.games;
        train.dropped = stream.dropped;
        train.heldOutGames = stream.heldOutGames;
        train.heldOut = stream.takeHeldOut();
    } else {
        train = loadPacked(data, filter, cfg.seed, share);
    }
    if (!train.error.empty()) {
        std::cerr << "vazir-train: " << train.error << "\n";
        return 1;
    }
    if (!valid.empty()) {
        PackedLoad v = loadPacked(valid, filter, cfg.seed);
        if (!v.error.empty()) {
            std::cerr << "vazir-train: " << v.error << "\n";
            return 1;
        }
        held = std::move(v.positions);
    } else {
        held = std::move(train.heldOut);
    }
    const uint64_t trainPositions = o.stream ? stream.positions() : train.positions.size();
    std::cout << "data: " << train.records << " records, " << train.games << " games, " << train.dropped
              << " positions dropped by the filter; " << trainPositions << " to train on, " << held.size()
              << " held out";
    if (valid.empty()) std::cout << " (" << train.heldOutGames << " whole games, validshare " << validShare << ")";
    if (o.stream) std::cout << "; streamed through a buffer of " << o.bufferPositions << " positions";
    std::cout << std::endl;
    std::cout << "net: (" << nnue::describeInputs(cfg.layout) << " -> " << cfg.hidden << ") x 2 -> " << cfg.buckets
              << " (output buckets by piece count), SCReLU; batch " << cfg.batchSize << ", lr " << cfg.lr
              << ", wd " << cfg.weightDecay << ", blend " << cfg.blend << ", scale " << cfg.scale << ", "
              << cfg.threads << " threads, seed " << cfg.seed << (cfg.mirror ? ", mirrored files" : "") << std::endl;

    const train::BaselineFit baseline = train::handcraftedBaseline(held, cfg);
    std::printf("hand-crafted evaluation on the held-out positions: loss %.6f at scale %.0f (%zu positions)\n",
                baseline.loss, baseline.scale, baseline.positions);
    // Settled before training, so that a scale the run cannot have fails at once.
    const double exportScale = o.exportAtHandcrafted ? baseline.scale : o.exportScale != 0 ? o.exportScale : cfg.scale;
    if (exportScale < 1) {
        std::cerr << "vazir-train: exportscale=hce needs held-out positions the hand-crafted evaluation can read\n";
        return 1;
    }

    train::Trainer trainer = o.stream ? train::Trainer(cfg, stream, std::move(held))
                                      : train::Trainer(cfg, std::move(train.positions), std::move(held));
    int epochsDone = 0;
    if (!resume.empty()) {
        const train::Trainer::Resumed r = trainer.loadCheckpoint(resume);
        if (!r.error.empty()) {
            std::cerr << "vazir-train: " << r.error << "\n";
            return 1;
        }
        epochsDone = r.epochsDone;
        std::cout << "resumed from " << resume << ": " << epochsDone << " epoch(s) done, step " << trainer.steps()
                  << (r.optimiserState ? ", with the optimiser's state" : "") << std::endl;
        if (!r.note.empty()) std::cout << "note: " << r.note << std::endl;
        if (epochsDone >= cfg.epochs) std::cout << "nothing left to train at epochs=" << cfg.epochs << std::endl;
    }
    train::BestEpoch best(o.patience);
    for (int e = epochsDone + 1; e <= cfg.epochs; ++e) {
        const train::EpochReport r = trainer.runEpoch(e);
        if (!r.error.empty()) {
            std::cerr << "vazir-train: epoch " << e << ": " << r.error << "\n";
            return 1;
        }
        std::printf("epoch %d  lr %.6f  train loss %.6f  held-out loss %.6f  %.1f s  %.0f positions/s\n", r.epoch,
                    r.lr, r.trainLoss, r.validLoss, r.seconds, r.positionsPerSecond);
        std::fflush(stdout);
        const std::string path = checkpoint + "-epoch" + std::to_string(e) + ".vznf";
        if (!checkpoint.empty() && !trainer.saveCheckpoint(path, e)) {
            std::cerr << "vazir-train: cannot write checkpoint '" << path << "'\n";
            return 1;
        }
        // Copying the weights costs a few MB per epoch; only when best= or patience= reads them.
        if (o.keepBest || o.patience > 0)
            best.record(e, r.validLoss, o.keepBest ? trainer.network().params : std::vector<float>{});
        if (best.shouldStop(e)) {
            std::printf("early stop after epoch %d: no lower held-out loss than epoch %d's %.6f for %d epochs\n", e,
                        best.bestEpoch(), best.bestLoss(), o.patience);
            break;
        }
    }
    train::Network exported = trainer.network();
    if (o.keepBest && best.bestEpoch() > 0) {
        exported.params = best.bestParams();
        std::printf("exporting epoch %d's net (held-out loss %.6f)\n", best.bestEpoch(), best.bestLoss());
    }
    if (!exported.exportQuantised(out, exportScale)) {
        std::cerr << "vazir-train: cannot write '" << out << "'\n";
        return 1;
    }
    std::cout << "wrote " << out << " (output scale " << std::lround(exportScale) << " cp per logistic unit)" << std::endl;
    return 0;
}
