#pragma once

namespace vazir {
inline constexpr const char* kVersion = "0.1";
}
