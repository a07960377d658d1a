#include "engine/options.h"

#include <charconv>

#include "util/text.h"

namespace vazir {

std::string OptionRegistry::set(const std::string& name, const std::string& value, bool hasValue) {
    for (const Option& o : options_) {
        if (!equalsIgnoreCase(o.name, name)) continue;
        switch (o.type) {
        case Option::Type::Button:
            return o.apply("");
        case Option::Type::Check:
            if (equalsIgnoreCase(value, "true")) return o.apply("true");
            if (equalsIgnoreCase(value, "false")) return o.apply("false");
            return "option " + o.name + " takes true or false, got '" + value.substr(0, 32) + "'";
        case Option::Type::Spin: {
            int64_t v = 0;
            auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
            if (!hasValue || ec != std::errc() || p != value.data() + value.size())
                return "option " + o.name + " takes an integer, got '" + value.substr(0, 32) + "'";
            if (v < o.min || v > o.max)
                return "option " + o.name + " must be between " + std::to_string(o.min) + " and " +
                       std::to_string(o.max) + ", got " + std::to_string(v);
            return o.apply(std::to_string(v));
        }
        case Option::Type::String:
            return o.apply(value);
        }
    }
    return "unknown option '" + name.substr(0, 64) + "'";
}

void OptionRegistry::applyDefaults() {
    for (const Option& o : options_)
        if (o.type != Option::Type::Button) o.apply(o.defaultValue);
}

std::string OptionRegistry::describe(const Option& o) {
    std::string s = "option name " + o.name + " type ";
    switch (o.type) {
    case Option::Type::Check: return s + "check default " + o.defaultValue;
    case Option::Type::Spin:
        return s + "spin default " + o.defaultValue + " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
    case Option::Type::Button: return s + "button";
    case Option::Type::String: return s + "string default " + (o.defaultValue.empty() ? "<empty>" : o.defaultValue);
    }
    return s;
}

}  // namespace vazir
