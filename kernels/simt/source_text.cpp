// SPDX-License-Identifier: GPL-3.0-or-later
#include "simt/source_text.h"

#include <algorithm>
#include <cctype>

namespace reducescope::simt::detail {

std::string_view source_line(std::string_view source, int line)
{
    std::size_t pos = 0;
    for (int k = 1; k < line; ++k) {
        pos = source.find('\n', pos);
        if (pos == std::string_view::npos)
            return {};
        ++pos;
    }
    const std::size_t end = source.find('\n', pos);
    return source.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
}

bool conditional_expression_at(std::string_view text, int line, int column)
{
    std::size_t pos = 0;
    for (int k = 1; k < line; ++k) {
        pos = text.find('\n', pos);
        if (pos == std::string_view::npos)
            return false;
        ++pos;
    }
    if (column < 1)
        return false;
    pos += static_cast<std::size_t>(column - 1);
    int depth = 0;
    for (std::size_t k = pos; k < text.size() && k < pos + 2000; ++k) {
        const char c = text[k];
        if (c == '(' || c == '[')
            ++depth;
        else if (c == ')' || c == ']') {
            if (--depth < 0)
                return false;
        } else if (depth == 0 && c == '?')
            return true;
        else if (depth == 0 && (c == ';' || c == ',' || c == '{' || c == '}' || c == ':'))
            return false;
        else if (c == '/' && k + 1 < text.size() && text[k + 1] == '/')
            k = std::min(text.find('\n', k), text.size());  // a comment to the end of the line
    }
    return false;
}

namespace {

bool ident(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// From `k` on: `*name`, `name`, `name[...]`, `name.field`, `name->field` (brackets balanced).
std::string forward(std::string_view s, std::size_t k)
{
    const std::size_t start = k;
    while (k < s.size() && (s[k] == '*' || s[k] == '&'))
        ++k;
    if (k >= s.size() || !ident(s[k]))
        return {};
    while (k < s.size()) {
        if (ident(s[k]) || s[k] == '.') {
            ++k;
        } else if (s[k] == '-' && k + 1 < s.size() && s[k + 1] == '>') {
            k += 2;
        } else if (s[k] == '[') {
            int depth = 0;
            while (k < s.size()) {
                depth += s[k] == '[' ? 1 : s[k] == ']' ? -1 : 0;
                ++k;
                if (depth == 0)
                    break;
            }
        } else {
            break;
        }
    }
    return std::string(s.substr(start, k - start));
}

/// Left of `k`: the expression that ends just before the operator.
std::string backward(std::string_view s, std::size_t k)
{
    while (k > 0 && s[k - 1] == ' ')
        --k;
    std::size_t end = k;
    int depth = 0;
    while (k > 0) {
        const char c = s[k - 1];
        if (c == ']')
            ++depth;
        else if (c == '[')
            --depth;
        else if (depth == 0 && !ident(c) && c != '.' && c != '*')
            break;
        --k;
    }
    while (k < end && s[k] == ' ')
        ++k;
    return std::string(s.substr(k, end - k));
}

} // namespace

std::string access_expression(std::string_view source, int line, int column, bool at_operator)
{
    const std::string_view s = source_line(source, line);
    const std::size_t k = column > 0 ? static_cast<std::size_t>(column - 1) : 0;
    std::string e;
    if (k < s.size()) {
        const bool op = !ident(s[k]) && s[k] != '*' && s[k] != '&';
        e = at_operator && op ? backward(s, k) : forward(s, k);
        if (e.empty())
            e = backward(s, k);
    }
    if (e.empty() || e.size() > 80)
        return "line " + std::to_string(line);
    return e;
}

} // namespace reducescope::simt::detail
