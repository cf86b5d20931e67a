// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/stats.h"

#include <algorithm>
#include <vector>

namespace reducescope::bench {

Summary summarize(std::span<const double> samples)
{
    if (samples.empty())
        return {};
    std::vector<double> v(samples.begin(), samples.end());
    std::sort(v.begin(), v.end());
    const std::size_t k = v.size() / 2;
    const double median = v.size() % 2 ? v[k] : 0.5 * (v[k - 1] + v[k]);
    return {median, v.front(), v.back()};
}

} // namespace reducescope::bench
