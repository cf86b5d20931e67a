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

/// Length of the well-formed UTF-8 sequence at text[i] (1..4), or 0 when the byte there does not
/// start one (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
inline std::size_t utf8_sequence(std::string_view text, std::size_t i)
{
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const unsigned char c = b(0);
    if (c < 0x80)
        return 1;
    std::size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the second byte's range (RFC 3629's table)
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        lo = c == 0xE0 ? 0xA0 : 0x80;
        hi = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        lo = c == 0xF0 ? 0x90 : 0x80;
        hi = c == 0xF4 ? 0x8F : 0xBF;
    } else
        return 0;
    if (i + len > text.size() || b(1) < lo || b(1) > hi)
        return 0;
    for (std::size_t k = 2; k < len; ++k)
        if ((b(k) & 0xC0) != 0x80)
            return 0;
    return len;
}

/// Whether `text` is well-formed UTF-8 (RFC 3629).
inline bool is_utf8(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t len = utf8_sequence(text, i);
        if (len == 0)
            return false;
        i += len;
    }
    return true;
}

namespace detail {
/// The visible form of the character at text[i] for a one-line message, and its length in bytes:
/// \n, \r, \t, \xNN for other control bytes (C0, DEL, the C1 controls U+0080..U+009F) and for
/// each byte that is not part of well-formed UTF-8; a well-formed character as it is.
inline std::size_t visible(std::string_view text, std::size_t i, std::string& out)
{
    static constexpr char hex[] = "0123456789abcdef";
    auto escaped = [&](unsigned char c) {
        out += "\\x";
        out += hex[c >> 4];
        out += hex[c & 15];
    };
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t len = utf8_sequence(text, i);
    if (c == '\n')
        out += "\\n";
    else if (c == '\r')
        out += "\\r";
    else if (c == '\t')
        out += "\\t";
    else if (len == 0 || c < 0x20 || c == 0x7f) {
        escaped(c);
        return 1;
    } else if (len == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
        escaped(0xC2);  // a C1 control (U+0080..U+009F): both bytes shown
        escaped(static_cast<unsigned char>(text[i + 1]));
    } else
        out.append(text.substr(i, len));
    return len;
}
} // namespace detail

/// `text` made safe to quote in a one-line message: \n, \r, \t and other control bytes as
/// visible escapes (\n, \r, \t, \xNN), every byte that is not well-formed UTF-8 as \xNN, and at
/// most kEchoLimit characters followed by "…". The result is well-formed UTF-8.
inline std::string echo(std::string_view text)
{
    std::string out;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size(); ++chars) {
        if (chars == kEchoLimit) {
            out += "\xE2\x80\xA6";  // …
            break;
        }
        i += detail::visible(text, i, out);
    }
    return out;
}

/// A whole message made one line: control characters and bytes that are not well-formed UTF-8
/// escaped as in echo(), no length cap. The result is well-formed UTF-8.
inline std::string one_line(std::string_view text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size();)
        i += detail::visible(text, i, out);
    return out;
}

/// Whether `text` is a name of 1..`most` printable characters (a label): well-formed UTF-8, no
/// control character (C0, DEL, C1), counted in characters, not bytes.
inline bool printable_name(std::string_view text, std::size_t most)
{
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size(); ++chars) {
        std::string shown;
        const std::size_t len = detail::visible(text, i, shown);
        if (shown != text.substr(i, len))
            return false;
        i += len;
    }
    return chars >= 1 && chars <= most;
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
