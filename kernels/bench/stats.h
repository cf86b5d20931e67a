// SPDX-License-Identifier: GPL-3.0-or-later
// Summary statistics of timing samples.
#pragma once

#include <span>

namespace reducescope::bench {

/// Median, minimum and maximum of a set of samples (same unit as the samples).
struct Summary {
    double median = 0;
    double min = 0;
    double max = 0;

    bool operator==(const Summary&) const = default;
};

/// Summary of `samples`; the median of an even count is the mean of the two middle values.
/// An empty span gives all zeros.
Summary summarize(std::span<const double> samples);

} // namespace reducescope::bench
