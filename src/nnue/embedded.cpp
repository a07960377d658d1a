#include "nnue/embedded.h"

#include <cstdint>

// VAZIR_NET_FILE (set by CMake from VAZIR_NET) names the net; the assembler copies its
// bytes into the read-only data (.incbin), with its size beside it, so the binary needs
// no file at run time.
#ifdef VAZIR_NET_FILE
asm(".section .rodata\n"
    ".balign 64\n"
    ".globl vazirEmbeddedNetData\n"
    "vazirEmbeddedNetData:\n"
    ".incbin \"" VAZIR_NET_FILE "\"\n"
    "vazirEmbeddedNetEnd:\n"
    ".balign 8\n"
    ".globl vazirEmbeddedNetSize\n"
    "vazirEmbeddedNetSize:\n"
    ".quad vazirEmbeddedNetEnd - vazirEmbeddedNetData\n"
    ".previous\n");
extern "C" const unsigned char vazirEmbeddedNetData[];
extern "C" const uint64_t vazirEmbeddedNetSize;
#endif

namespace vazir::nnue {

EmbeddedNet embeddedNet() {
#ifdef VAZIR_NET_FILE
    return {vazirEmbeddedNetData, size_t(vazirEmbeddedNetSize)};
#else
    return {};
#endif
}

}  // namespace vazir::nnue
