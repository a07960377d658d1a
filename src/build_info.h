// What this binary was built for, so that `uci` can say which build a GUI loaded: the
// target CMake configured (VAZIR_ARCH, cmake/VazirArch.cmake), e.g. "linux-x86-64-avx2".
#pragma once

namespace vazir {

const char* buildTarget();

}  // namespace vazir
