// An output stream that hands each finished line, without its '\n', to a function: how
// text that a function writes to a std::ostream (bench's report) reaches a line-based
// sink, such as the UCI loop's locked output or a web page's message channel.
#pragma once

#include <functional>
#include <ostream>
#include <streambuf>
#include <string>

namespace vazir {

class LineStreamBuf : public std::streambuf {
public:
    explicit LineStreamBuf(std::function<void(const std::string&)> onLine) : onLine_(std::move(onLine)) {}
    // A last line without '\n' is still handed over.
    ~LineStreamBuf() override {
        if (!line_.empty()) onLine_(line_);
    }

protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        const char ch = traits_type::to_char_type(c);
        if (ch == '\n') {
            onLine_(line_);
            line_.clear();
        } else {
            line_ += ch;
        }
        return c;
    }

private:
    std::function<void(const std::string&)> onLine_;
    std::string line_;
};

// The stream over it.
class LineStream : public std::ostream {
public:
    explicit LineStream(std::function<void(const std::string&)> onLine) : std::ostream(nullptr), buf_(std::move(onLine)) {
        rdbuf(&buf_);
    }

private:
    LineStreamBuf buf_;
};

}  // namespace vazir
