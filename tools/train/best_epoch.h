// Early stopping on the held-out loss: vazir-train's best=1 and patience=N.
//
// The cosine schedule usually makes the last epoch the best, but not always (net15's
// held-out loss was lowest at epoch 37 of 40), and a run given too many epochs for its
// data starts to overfit. BestEpoch keeps the weights of the epoch with the lowest
// held-out loss, so the export can be that epoch's net, and tells when `patience`
// epochs have passed without a new best, so the run can stop there.
#pragma once

#include <limits>
#include <vector>

namespace vazir::train {

class BestEpoch {
public:
    // patience 0: never stop early.
    explicit BestEpoch(int patience = 0) : patience_(patience) {}

    // Records epoch `epoch`'s held-out loss; keeps `params` when it is a new best.
    // Returns whether it was.
    bool record(int epoch, double heldOutLoss, const std::vector<float>& params) {
        if (!(heldOutLoss < bestLoss_)) return false;
        bestLoss_ = heldOutLoss;
        bestEpoch_ = epoch;
        bestParams_ = params;
        return true;
    }
    // True once `patience` epochs after the best have brought no new best.
    bool shouldStop(int epoch) const { return patience_ > 0 && bestEpoch_ > 0 && epoch - bestEpoch_ >= patience_; }

    int bestEpoch() const { return bestEpoch_; }  // 0 before any epoch
    double bestLoss() const { return bestLoss_; }
    const std::vector<float>& bestParams() const { return bestParams_; }

private:
    int patience_;
    int bestEpoch_ = 0;
    double bestLoss_ = std::numeric_limits<double>::infinity();
    std::vector<float> bestParams_;
};

}  // namespace vazir::train
