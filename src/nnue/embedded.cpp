#include "nnue/embedded.h"

#include <cstdint>

// VAZIR_NET_FILE (set by CMake from VAZIR_NET) names the net; the assembler copies its
// bytes into the read-only data (.incbin), with its size beside it, so the binary needs
// no file at run time.
//
// The directives differ per object format, so each format names its read-only section
// and how to leave it: ELF (Linux, BSD) has .rodata and the section stack (.previous);
// COFF/PE (Windows, mingw-w64) has .rdata and no section stack, so it goes back to .text,
// which is where GCC expects a top-level asm block to leave it; Mach-O has .const.
// Symbol names get the target's C prefix ("_" on Mach-O and 32-bit Windows, none
// elsewhere) from __USER_LABEL_PREFIX__. WebAssembly objects (emscripten) have no
// section stack and want a type and a size on every data symbol, so the end of the net is
// a local label there (.L: no symbol, so no size), and the size of each symbol is given.
// Any other format is refused here rather than silently left without the net.
#ifdef VAZIR_NET_FILE
#if defined(_WIN32)
#define VAZIR_RODATA_BEGIN ".section .rdata,\"dr\"\n"
#define VAZIR_RODATA_END ".text\n"
#elif defined(__APPLE__)
#define VAZIR_RODATA_BEGIN ".const\n"
#define VAZIR_RODATA_END ".text\n"
#elif defined(__ELF__)
#define VAZIR_RODATA_BEGIN ".section .rodata\n"
#define VAZIR_RODATA_END ".previous\n"
#elif defined(__wasm__)
#define VAZIR_RODATA_BEGIN ".section .rodata.vazir_net,\"\",@\n"
#define VAZIR_RODATA_END ".text\n"
#define VAZIR_NET_END ".Lvazir_net_end"
#define VAZIR_OBJECT(name) ".type " #name ",@object\n"
#define VAZIR_SIZE(name, size) ".size " #name ", " size "\n"
#else
#error "embedding a net (VAZIR_NET) needs .incbin for this object format; configure with -DVAZIR_NET="
#endif
#define VAZIR_STR2(x) #x
#define VAZIR_STR(x) VAZIR_STR2(x)
#define VAZIR_SYM(name) VAZIR_STR(__USER_LABEL_PREFIX__) #name
#ifndef VAZIR_NET_END
#define VAZIR_NET_END VAZIR_SYM(vazirEmbeddedNetEnd)
#define VAZIR_OBJECT(name) ""
#define VAZIR_SIZE(name, size) ""
#endif

asm(VAZIR_RODATA_BEGIN
    ".balign 64\n"
    ".globl " VAZIR_SYM(vazirEmbeddedNetData) "\n"
    VAZIR_OBJECT(vazirEmbeddedNetData)
    VAZIR_SYM(vazirEmbeddedNetData) ":\n"
    ".incbin \"" VAZIR_NET_FILE "\"\n"
    VAZIR_NET_END ":\n"
    VAZIR_SIZE(vazirEmbeddedNetData, VAZIR_NET_END " - vazirEmbeddedNetData")
    ".balign 8\n"
    ".globl " VAZIR_SYM(vazirEmbeddedNetSize) "\n"
    VAZIR_OBJECT(vazirEmbeddedNetSize)
    VAZIR_SYM(vazirEmbeddedNetSize) ":\n"
    ".quad " VAZIR_NET_END " - " VAZIR_SYM(vazirEmbeddedNetData) "\n"
    VAZIR_SIZE(vazirEmbeddedNetSize, "8")
    VAZIR_RODATA_END);
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
