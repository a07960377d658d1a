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

const char* defaultEvalFile() { return embeddedNet().size ? kEmbeddedNetName : kNoNetName; }

std::string loadEvalFile(const std::string& evalFile, std::shared_ptr<const Network>& net) {
    if (evalFile.empty() || evalFile == kNoNetName) {
        net = nullptr;
        return "";
    }
    auto loaded = std::make_shared<Network>();
    if (evalFile == kEmbeddedNetName) {
        const EmbeddedNet embedded = embeddedNet();
        if (!embedded.size) return "this build has no embedded net";
        if (std::string err = loaded->loadFromMemory(embedded.data, embedded.size); !err.empty())
            return "the embedded net: " + err;
    } else if (std::string err = loaded->load(evalFile); !err.empty()) {
        return err;
    }
    net = std::move(loaded);
    return "";
}

}  // namespace vazir::nnue
