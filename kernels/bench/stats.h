// SPDX-License-Identifier: GPL-3.0-or-later
// Summary statistics of timing samples.
#pragma once

#include <span>

namespace reducescope::bench {

/// Median, minimum and maximum of a set of samples (same unit as the samples), and the spread:
/// the quartiles, the 95th percentile, mean and sample standard deviation. Quantiles interpolate
/// linearly between order statistics (Hyndman and Fan's type 7, the default of R and NumPy): the
/// q-quantile of sorted v[0..n-1] is v[h] + (h - floor h)(v[h+1] - v[h]), h = q(n - 1).
/// `spread` is false where only median, min and max are known (results files of version 1).
struct Summary {
    double median = 0;
    double min = 0;
    double max = 0;
    double q1 = 0;     ///< 25th percentile
    double q3 = 0;     ///< 75th percentile (IQR = q3 - q1)
    double p95 = 0;    ///< 95th percentile
    double mean = 0;
    double stdev = 0;  ///< sample standard deviation (n - 1); 0 for one sample
    bool spread = false;

    double iqr() const { return q3 - q1; }
    /// nvbench's noise, stdev / mean (0 when the mean is not positive).
    double noise() const { return mean > 0 ? stdev / mean : 0.0; }

    bool operator==(const Summary&) const = default;
};

/// Summary of `samples` (spread = true); the median of an even count is the mean of the two
/// middle values. An empty span gives all zeros (spread = false).
Summary summarize(std::span<const double> samples);

/// The q-quantile (0 <= q <= 1) of ascending `sorted` by type 7 interpolation; 0 when empty.
double quantile_sorted(std::span<const double> sorted, double q);

} // namespace reducescope::bench
