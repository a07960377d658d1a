// The net built into the binary: configure with -DVAZIR_NET=<file.nnue> and that file
// becomes the default evaluation (`EvalFile` <embedded>). Without it the build has no
// embedded net and the hand-crafted evaluation stays the default.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "nnue/network.h"

namespace vazir::nnue {

struct EmbeddedNet {
    const unsigned char* data = nullptr;
    size_t size = 0;  // 0: this build has none
};

EmbeddedNet embeddedNet();

// The names an evaluation choice (UCI `EvalFile`, `vazir datagen evalfile=`) may take
// besides a file: this build's net, or none (the hand-crafted evaluation; "" too).
inline constexpr const char* kEmbeddedNetName = "<embedded>";
inline constexpr const char* kNoNetName = "<empty>";

// <embedded> when this build has a net, else <empty>.
const char* defaultEvalFile();

// Loads the net `evalFile` names into `net` (null for <empty> or ""). Returns "" or what
// is wrong; `net` is unchanged then.
std::string loadEvalFile(const std::string& evalFile, std::shared_ptr<const Network>& net);

}  // namespace vazir::nnue
