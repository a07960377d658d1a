#include "util/text.h"

#include <cctype>

namespace vazir {

namespace {
bool isSpace(char c) { return c == ' '; }
}  // namespace

std::string sanitizeLine(std::string_view raw) {
    // Lines longer than this carry nothing a real GUI sends except a long `moves`
    // list, which fits easily (10,000 plies is about 50 KB).
    constexpr size_t kMaxLine = 4 << 20;
    std::string s;
    s.reserve(std::min(raw.size(), kMaxLine));
    for (size_t i = 0; i < raw.size() && i < kMaxLine; ++i) {
        unsigned char c = static_cast<unsigned char>(raw[i]);
        s += (c < 32 || c == 127) ? ' ' : char(c);
    }
    return s;
}

std::vector<std::string_view> splitTokens(std::string_view s) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && isSpace(s[i])) ++i;
        size_t j = i;
        while (j < s.size() && !isSpace(s[j])) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

std::pair<std::string_view, std::string_view> splitFirstToken(std::string_view s) {
    size_t i = 0;
    while (i < s.size() && isSpace(s[i])) ++i;
    size_t j = i;
    while (j < s.size() && !isSpace(s[j])) ++j;
    size_t k = j;
    while (k < s.size() && isSpace(s[k])) ++k;
    size_t end = s.size();
    while (end > k && isSpace(s[end - 1])) --end;
    return {s.substr(i, j - i), s.substr(k, end - k)};
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
    return true;
}

SetOptionArgs parseSetOption(std::string_view args) {
    // setoption name <id words...> [value <value words...>]
    SetOptionArgs r;
    std::vector<std::string_view> t = splitTokens(args);
    if (t.size() < 2 || t[0] != "name") return r;
    size_t i = 1;
    auto append = [](std::string& to, std::string_view word) {
        if (!to.empty()) to += ' ';
        to.append(word);
    };
    for (; i < t.size() && t[i] != "value"; ++i) append(r.name, t[i]);
    if (r.name.empty()) return r;
    if (i < t.size()) {
        r.hasValue = true;
        for (++i; i < t.size(); ++i) append(r.value, t[i]);
    }
    r.ok = true;
    return r;
}

}  // namespace vazir
