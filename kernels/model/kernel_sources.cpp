// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/kernel_sources.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace reducescope::model {
namespace detail {
extern const std::pair<std::string_view, std::string_view> kEmbeddedSources[];
extern const int kEmbeddedSourceCount;
} // namespace detail

std::vector<std::string_view> kernel_source_files()
{
    std::vector<std::string_view> names;
    for (int k = 0; k < detail::kEmbeddedSourceCount; ++k)
        names.push_back(detail::kEmbeddedSources[k].first);
    std::sort(names.begin(), names.end());
    return names;
}

std::string_view kernel_source(std::string_view file)
{
    for (int k = 0; k < detail::kEmbeddedSourceCount; ++k)
        if (detail::kEmbeddedSources[k].first == file)
            return detail::kEmbeddedSources[k].second;
    return {};
}

namespace {
// True when `marker` occurs in the comment part of `line` as a whole tag (not a prefix of a
// longer tag such as @convergent.tree2).
bool line_has_tag(std::string_view line, std::string_view marker)
{
    const auto comment = line.find("//");
    if (comment == std::string_view::npos)
        return false;
    std::string_view rest = line.substr(comment);
    for (std::size_t pos = rest.find(marker); pos != std::string_view::npos;
         pos = rest.find(marker, pos + 1)) {
        const std::size_t end = pos + marker.size();
        const bool whole = end == rest.size()
            || !(std::isalnum(static_cast<unsigned char>(rest[end])) || rest[end] == '_' || rest[end] == '.');
        if (whole)
            return true;
    }
    return false;
}
} // namespace

std::vector<int> marker_lines(std::string_view file, std::string_view marker)
{
    std::vector<int> lines;
    const std::string_view text = kernel_source(file);
    if (text.empty() || marker.empty())
        return lines;
    int number = 1;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        if (line_has_tag(text.substr(start, end - start), marker))
            lines.push_back(number);
        if (end == text.size())
            break;
        start = end + 1;
        ++number;
    }
    return lines;
}

} // namespace reducescope::model
