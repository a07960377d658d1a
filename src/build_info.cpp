#include "build_info.h"

// Set for this file alone (CMakeLists.txt), so a new target name rebuilds only it.
#ifndef VAZIR_TARGET_NAME
#define VAZIR_TARGET_NAME "unknown"
#endif

namespace vazir {

const char* buildTarget() { return VAZIR_TARGET_NAME; }

}  // namespace vazir
