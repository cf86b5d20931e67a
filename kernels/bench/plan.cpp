// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/plan.h"

#include "model/message.h"
#include "model/catalogue.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>

namespace reducescope::bench {
namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split(std::string_view s, char sep)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (true) {
        const auto pos = s.find(sep, start);
        out.push_back(trim(s.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start)));
        if (pos == std::string_view::npos)
            break;
        start = pos + 1;
    }
    return out;
}

std::optional<std::size_t> parse_number(std::string_view s)
{
    std::size_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size())
        return std::nullopt;
    return v;
}

} // namespace

std::optional<std::size_t> parse_size(std::string_view text)
{
    constexpr std::size_t kHuge = std::numeric_limits<std::size_t>::max();
    std::string_view s = trim(text);
    if (s.empty())
        return std::nullopt;
    if (s.size() > 2 && s.substr(0, 2) == "2^") {
        const auto e = parse_number(s.substr(2));
        if (!e)
            return std::nullopt;
        return *e >= 64 ? kHuge : std::size_t{1} << *e;  // well formed but too large: saturate
    }
    std::size_t mult = 1;
    switch (std::toupper(static_cast<unsigned char>(s.back()))) {
    case 'K': mult = std::size_t{1} << 10; break;
    case 'M': mult = std::size_t{1} << 20; break;
    case 'G': mult = std::size_t{1} << 30; break;
    default: break;
    }
    if (mult != 1)
        s.remove_suffix(1);
    if (s.empty())
        return std::nullopt;
    // Digits only; a number too large for 64 bits, or one that would overflow when multiplied by
    // K/M/G, saturates (the caller's range check rejects it) instead of wrapping.
    for (const char c : s)
        if (c < '0' || c > '9')
            return std::nullopt;
    const auto v = parse_number(s);
    if (!v)
        return kHuge;
    if (*v > kHuge / mult)
        return kHuge;
    return *v * mult;
}

std::vector<std::size_t> parse_sizes(std::string_view text)
{
    const std::string range = "sizes must be in 1.." + std::to_string(kMaxN);
    if (const auto dots = text.find(".."); dots != std::string_view::npos) {
        const auto lo = parse_size(text.substr(0, dots));
        const auto hi = parse_size(text.substr(dots + 2));
        if (!lo || !hi)
            throw std::invalid_argument("sizes must look like 1K..1G (got '" + model::echo(text) + "')");
        if (*lo < 1 || *lo > kMaxN || *hi < 1 || *hi > kMaxN)
            throw std::invalid_argument(range + " (got '" + model::echo(text) + "')");
        if (!is_power_of_two(*lo) || !is_power_of_two(*hi))
            throw std::invalid_argument("a range lo..hi takes powers of two, e.g. 1K..1G; list other sizes with "
                                        "commas (got '" + model::echo(text) + "')");
        if (*lo > *hi)
            throw std::invalid_argument("sizes must look like 1K..1G, low to high (got '" + model::echo(text) + "')");
        std::vector<std::size_t> out;
        // lo·2^k <= hi <= kMaxN: stop before doubling past hi (no overflow, no endless loop).
        for (std::size_t v = *lo;; v *= 2) {
            out.push_back(v);
            if (v > *hi / 2)
                break;
        }
        return out;
    }
    std::vector<std::size_t> out;
    for (const auto part : split(text, ',')) {
        const auto v = parse_size(part);
        if (!v)
            throw std::invalid_argument("sizes must look like 1K..1G or 1000,4096 (got '" + model::echo(text) + "')");
        if (*v < 1 || *v > kMaxN)
            throw std::invalid_argument(range + " (got '" + model::echo(part) + "')");
        out.push_back(*v);
    }
    return out;
}

std::vector<unsigned int> parse_uint_list(std::string_view text)
{
    std::vector<unsigned int> out;
    for (const auto part : split(text, ',')) {
        const auto v = parse_number(part);
        if (!v || *v > 0xffffffffu)
            throw std::invalid_argument("expected a comma list of numbers (got '" + model::echo(text) + "')");
        out.push_back(static_cast<unsigned int>(*v));
    }
    return out;
}

std::vector<std::string> parse_strategies(std::string_view text)
{
    std::vector<std::string> wanted;
    if (trim(text) == "all") {
        for (const auto& s : model::catalogue())
            if (s.has_bench)
                wanted.emplace_back(s.id);
        return wanted;
    }
    for (const auto part : split(text, ',')) {
        const std::string_view id = model::current_id(part);  // an old name (cub_single_pass) still works
        if (!model::find_strategy(id))
            throw std::invalid_argument("unknown strategy '" + model::echo(part) + "' (see reducescope-cli list)");
        wanted.emplace_back(id);
    }
    std::vector<std::string> ordered;
    for (const auto& s : model::catalogue())
        if (std::find(wanted.begin(), wanted.end(), s.id) != wanted.end())
            ordered.emplace_back(s.id);
    return ordered;
}

void check_gpu_count(int gpus, int device_count)
{
    const int hi = device_count >= 1 ? std::min(device_count, kMaxGpus) : kMaxGpus;
    if (gpus < 1 || gpus > hi)
        throw BadOption("gpus", "gpus must be in 1.." + std::to_string(hi) +
                                    (device_count >= 1 ? " (the number of CUDA devices)"
                                                       : " (at most the number of CUDA devices)") +
                                    " (got " + std::to_string(gpus) + ")");
}

std::span<const std::string_view> host_strategies()
{
    static constexpr std::string_view kHost[] = {"cpu"};
    return kHost;
}

bool runs_on_host(std::string_view strategy)
{
    const auto host = host_strategies();
    return std::find(host.begin(), host.end(), strategy) != host.end();
}

std::vector<std::string> swept_parameters(std::size_t sizes, std::size_t block_sizes, std::size_t coarse_factors)
{
    std::vector<std::string> out;
    if (sizes > 1)
        out.emplace_back("n");
    if (block_sizes > 1)
        out.emplace_back("block_size");
    if (coarse_factors > 1)
        out.emplace_back("coarse_factor");
    if (sizes > 1 && out.size() > 1) {
        std::string with = block_sizes > 1 && coarse_factors > 1 ? "--block-size and --coarse-factor"
                           : block_sizes > 1                      ? "--block-size"
                                                                  : "--coarse-factor";
        throw std::invalid_argument("--sweep-n cannot be combined with a list of " + with +
                                    ": sweep N alone, or block size, coarse factor, or block size × coarse "
                                    "factor (--block-size and --coarse-factor lists) at one --n");
    }
    return out;
}

std::vector<RunPoint> plan_runs(const std::vector<std::string>& strategies, const std::vector<std::size_t>& sizes,
                                const std::vector<unsigned int>& block_sizes,
                                const std::vector<unsigned int>& coarse_factors)
{
    auto has = [&](std::string_view id) {
        return std::find(strategies.begin(), strategies.end(), id) != strategies.end();
    };
    std::vector<RunPoint> out;
    for (const std::size_t n : sizes)
        for (const unsigned int b : block_sizes)
            for (const unsigned int c : coarse_factors) {
                if (has("cpu"))
                    out.push_back({"cpu", false, n, b, c});
                if (has("cub")) {
                    out.push_back({"cub", false, n, b, c});
                    if (has("coarsened_max"))
                        out.push_back({"cub", true, n, b, c});
                }
                // The other library baselines (CUB's block primitives, CCCL's determinism modes),
                // in catalogue order, before every kernel measured against them.
                auto is_baseline = [](const std::string& s) {
                    const model::StrategyInfo* info = model::find_strategy(s);
                    return info && info->family == model::Family::Baseline && s != "cpu" && s != "cub";
                };
                for (const auto& s : strategies)
                    if (is_baseline(s))
                        out.push_back({s, false, n, b, c});
                for (const auto& s : strategies)
                    if (s != "cpu" && s != "cub" && !is_baseline(s))
                        out.push_back({s, false, n, b, c});
            }
    return out;
}

} // namespace reducescope::bench
