// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/stats.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace reducescope::bench {

double quantile_sorted(std::span<const double> v, double q)
{
    if (v.empty())
        return 0;
    const double h = std::clamp(q, 0.0, 1.0) * static_cast<double>(v.size() - 1);
    const std::size_t lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (h - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

Summary summarize(std::span<const double> samples)
{
    if (samples.empty())
        return {};
    std::vector<double> v(samples.begin(), samples.end());
    std::sort(v.begin(), v.end());
    const std::size_t k = v.size() / 2;
    Summary s;
    s.median = v.size() % 2 ? v[k] : 0.5 * (v[k - 1] + v[k]);
    s.min = v.front();
    s.max = v.back();
    s.q1 = quantile_sorted(v, 0.25);
    s.q3 = quantile_sorted(v, 0.75);
    s.p95 = quantile_sorted(v, 0.95);
    double sum = 0;
    for (const double x : v)
        sum += x;
    s.mean = sum / static_cast<double>(v.size());
    double ss = 0;
    for (const double x : v)
        ss += (x - s.mean) * (x - s.mean);
    s.stdev = v.size() > 1 ? std::sqrt(ss / static_cast<double>(v.size() - 1)) : 0.0;
    s.spread = true;
    return s;
}

} // namespace reducescope::bench
