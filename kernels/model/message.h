// SPDX-License-Identifier: GPL-3.0-or-later
// Echoing user text in one-line error messages, and strict decimal numbers on the command line.
// Header-only so that the parsers of the model (kernels/model) and of the benchmark planner
// (kernels/bench) use the same rule as the CLI: every echoed value goes through echo(). It lives
// in kernels/model, the lowest layer, so no lower layer includes the CLI's folder, and in its
// namespace (reducescope::model: namespaces match folders).
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace reducescope::model {

/// Longest echoed value, in characters of the input (escapes count as one each).
inline constexpr std::size_t kEchoLimit = 40;

/// `text` made safe to quote in a one-line message: \n, \r, \t and other control bytes as
/// visible escapes (\n, \r, \t, \xNN), and at most kEchoLimit characters followed by "…".
/// A UTF-8 sequence is never cut in the middle.
inline std::string echo(std::string_view text)
{
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size();) {
        if (chars == kEchoLimit) {
            out += "\xE2\x80\xA6";  // …
            break;
        }
        const auto c = static_cast<unsigned char>(text[i]);
        std::size_t len = 1;
        if (c >= 0xC0) {  // a UTF-8 lead byte: copy its continuation bytes with it
            while (i + len < text.size() && (static_cast<unsigned char>(text[i + len]) & 0xC0) == 0x80 && len < 4)
                ++len;
        }
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xC0 && len == 1)) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out.append(text.substr(i, len));
        }
        i += len;
        ++chars;
    }
    return out;
}

/// A whole message made one line: control characters escaped as in echo(), no length cap.
inline std::string one_line(std::string_view text)
{
    std::string out;
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (c < 0x20 || c == 0x7f) {
            static constexpr char hex[] = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += ch;
        }
    }
    return out;
}

/// Plain decimal digits only ("0".."18446744073709551615"): no sign, no spaces, no hex or
/// octal prefix, no exponent. nullopt when not such a number or when it overflows 64 bits.
inline std::optional<std::uint64_t> parse_decimal(std::string_view text)
{
    if (text.empty())
        return std::nullopt;
    for (const char c : text)
        if (c < '0' || c > '9')
            return std::nullopt;
    std::uint64_t v = 0;
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v, 10);
    if (ec != std::errc{} || p != text.data() + text.size())
        return std::nullopt;
    return v;
}

/// parse_decimal within lo..hi, else nullopt.
inline std::optional<std::uint64_t> parse_decimal_in(std::string_view text, std::uint64_t lo, std::uint64_t hi)
{
    const auto v = parse_decimal(text);
    if (!v || *v < lo || *v > hi)
        return std::nullopt;
    return v;
}

} // namespace reducescope::model
