// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/verify.h"

#include "model/catalogue.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace reducescope::bench {
namespace {

std::size_t ceil_div(std::size_t a, std::size_t b) { return b == 0 ? a : (a + b - 1) / b; }

unsigned ceil_log2(std::size_t v) { return v <= 1 ? 0u : static_cast<unsigned>(std::bit_width(v - 1)); }

/// splitmix64: the same family of hash as make_input's counter-based values.
std::uint64_t mix(std::uint64_t z)
{
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

} // namespace

std::size_t summation_depth(std::string_view strategy, std::size_t n, unsigned block_size, unsigned coarse_factor,
                            unsigned grid_size)
{
    if (n <= 1)
        return 0;
    if (strategy == "cpu")
        return 0;
    const model::StrategyInfo* info = model::find_strategy(strategy);
    const std::size_t block = std::max<unsigned>(block_size, 1);
    if (!info || info->family == model::Family::Baseline || info->elements_per_thread == 0) {
        // A library reduction (CUB): tiles per thread, a block tree, a second level over the
        // tile partials. Bounded by two block trees plus a per-thread chain of up to 32 tiles.
        return 2 * (32 + ceil_log2(block) + ceil_log2(n));
    }
    if (strategy == "atomic_naive" || strategy == "race")
        return n;  // every element is one atomicAdd into the same word: a chain of n
    const std::size_t per_thread_min =
        static_cast<std::size_t>(info->elements_per_thread) * (info->uses_coarse_factor ? std::max(coarse_factor, 1u) : 1u);
    const std::size_t tile = per_thread_min * block;
    const std::size_t grid = grid_size > 0 ? grid_size : std::max<std::size_t>(ceil_div(n, tile), 1);
    // A grid-stride loop (a capped grid) makes each thread add more than its tile share.
    const std::size_t per_thread = std::max(per_thread_min, ceil_div(n, grid * block));
    const std::size_t in_block = per_thread + ceil_log2(block);
    if (info->single_block && grid <= 1)
        return in_block;
    if (strategy == "warp_shuffle")
        return per_thread + 5 + grid * ceil_div(block, 32);  // one atomic per warp into one word
    switch (info->merge) {
    case model::Merge::Store:
        // Stored partials, reduced by a second level (two_pass's second kernel, grid_sync's block
        // 0 after grid.sync): a grid-stride chain over the partials, then a block tree.
        return in_block + ceil_div(grid, block) + ceil_log2(block);
    case model::Merge::Atomic:
    case model::Merge::SelfReset:
    case model::Merge::ZeroAhead:
        break;
    }
    return in_block + grid;  // one atomicAdd per block into one word: a chain of `grid`
}

double depth_tolerance(std::size_t depth, double abs_sum)
{
    const double du = static_cast<double>(depth) * kFloatUnitRoundoff;
    const double gamma = du >= 0.5 ? 1.0 : du / (1.0 - du);
    return gamma * abs_sum;
}

double kernel_tolerance(std::string_view strategy, std::size_t n, unsigned block_size, unsigned coarse_factor,
                        unsigned grid_size, double abs_sum)
{
    return depth_tolerance(summation_depth(strategy, n, block_size, coarse_factor, grid_size), abs_sum);
}

std::vector<float> make_exact_input(std::size_t n, std::uint64_t seed)
{
    std::vector<float> x(n, 0.0f);
    constexpr std::size_t kTail = 64;
    const std::size_t tail = std::min(n, kTail);
    const std::size_t body = n - tail;
    const std::size_t budget = kExactBudget - kTail;
    // Non-zero with probability budget / body (1 when the body fits), then capped by counting.
    const double p = body <= budget ? 1.0 : static_cast<double>(budget) / static_cast<double>(body);
    // (p < 1 only: 2^64 itself does not convert to a 64-bit integer.)
    const std::uint64_t threshold = p < 1.0 ? static_cast<std::uint64_t>(p * 0x1p64) : ~std::uint64_t{0};
    std::size_t used = 0;
    for (std::size_t i = 0; i < body; ++i) {
        const std::uint64_t h = mix(seed ^ mix(i));
        if (used >= budget || (p < 1.0 && mix(h) > threshold))
            continue;
        const int v = static_cast<int>(h % 3) - 1;  // -1, 0 or +1
        x[i] = static_cast<float>(v);
        used += v != 0;
    }
    for (std::size_t i = body; i < n; ++i)
        x[i] = 1.0f;
    return x;
}

bool exact_match(bool written, double value, double reference) { return written && value == reference; }

std::size_t exact_positive_run(std::size_t n)
{
    constexpr std::size_t kTerms = kExactBudget / 2;  // at most this many terms of at most 2
    return n <= kTerms ? 1 : ceil_div(n, kTerms);
}

std::vector<float> make_exact_positive_input(std::size_t n, std::uint64_t seed)
{
    std::vector<float> x(n, 0.0f);
    const std::size_t s = exact_positive_run(n);
    for (std::size_t run = 0; run * s < n; ++run) {
        const std::size_t begin = run * s, len = std::min(s, n - begin);
        const std::uint64_t h = mix(seed ^ mix(~run));
        if (s == 1) {
            x[begin] = static_cast<float>(1 + (h & 1));
            continue;
        }
        x[begin + static_cast<std::size_t>((h >> 1) % len)] = static_cast<float>(1 + (h & 1));
    }
    return x;
}

LaunchCheck check_launches(std::span<const double> values, const std::vector<bool>& written, double reference,
                           double tolerance)
{
    LaunchCheck c;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const bool w = i < written.size() ? static_cast<bool>(written[i]) : true;
        const double v = values[i];
        ++c.checked;
        const bool ok = w && std::isfinite(v) && std::fabs(v - reference) <= tolerance;
        if (ok)
            continue;
        if (c.wrong++ == 0) {
            c.first_wrong = static_cast<int>(i);
            c.first_wrong_value = v;
            c.first_unwritten = !w;
        }
    }
    return c;
}

} // namespace reducescope::bench
