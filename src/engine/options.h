// The option registry: every UCI option declared once, with its type, default, range
// and the function that applies it. The UCI layer prints `option` lines from it and
// routes `setoption` to it; nothing else declares options.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace vazir {

struct Option {
    enum class Type { Check, Spin, Button, String };
    std::string name;
    Type type;
    std::string defaultValue;
    int64_t min = 0, max = 0;
    // Applies a validated value; returns an error message, or "" on success.
    std::function<std::string(const std::string& value)> apply;
};

class OptionRegistry {
public:
    void add(Option option) { options_.push_back(std::move(option)); }
    const std::vector<Option>& all() const { return options_; }

    // Validates and applies; returns an error message naming the problem, or "".
    std::string set(const std::string& name, const std::string& value, bool hasValue);
    // Applies every default (at start-up).
    void applyDefaults();

    // The `option name ... type ...` line for `uci`.
    static std::string describe(const Option& o);

private:
    std::vector<Option> options_;
};

}  // namespace vazir
