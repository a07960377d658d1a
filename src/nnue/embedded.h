// The net built into the binary: configure with -DVAZIR_NET=<file.nnue> and that file
// becomes the default evaluation (`EvalFile` <embedded>). Without it the build has no
// embedded net and the hand-crafted evaluation stays the default.
#pragma once

#include <cstddef>

namespace vazir::nnue {

struct EmbeddedNet {
    const unsigned char* data = nullptr;
    size_t size = 0;  // 0: this build has none
};

EmbeddedNet embeddedNet();

}  // namespace vazir::nnue
