// Small helpers for protocol text: whitespace-tolerant tokenising and option parsing.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vazir {

// Removes CR, turns tabs and other control characters into spaces, caps the length.
std::string sanitizeLine(std::string_view raw);
std::vector<std::string_view> splitTokens(std::string_view s);
// First token and the rest of the line (trimmed).
std::pair<std::string_view, std::string_view> splitFirstToken(std::string_view s);
bool equalsIgnoreCase(std::string_view a, std::string_view b);

struct SetOptionArgs {
    bool ok = false;
    std::string name;   // may contain spaces, e.g. "Clear Hash"
    std::string value;  // empty when absent
    bool hasValue = false;
};
SetOptionArgs parseSetOption(std::string_view args);

}  // namespace vazir
